"""A tiny game for examples and docs: any two-player zero-sum matrix game as a game state.

[`matrix_game`][dreidelpoker.solve.examples.matrix_game] turns a payoff matrix (to seat 0) into a one-shot simultaneous
[`GameState`][dreidelpoker.play.GameState], the smallest thing the solver accepts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .._fractions import to_fraction, to_rational
from ..games.protocol import Event, Payoff, Turn
from ..errors import InputError

if TYPE_CHECKING:
    import sympy

__all__ = ["MatrixGame", "matching_pennies", "matrix_game"]


@dataclass(frozen=True, slots=True)
class MatrixGame:
    """A one-shot simultaneous game: seat 0 picks a row, seat 1 a column, together.

    ``payoffs[r][c]`` is what seat 1 pays seat 0 (sympy Rationals; held as Fractions, which
    [`fractions`][dreidelpoker.solve.examples.MatrixGame.fractions] gives). Actions are row and column indices.

    Examples:
        >>> g = matrix_game([[1, "-1/2"], [-1, 1]])
        >>> g.payoffs[0][1], g.fractions()[0][1]
        (-1/2, Fraction(-1, 2))
    """

    _payoffs: tuple[tuple[Fraction, ...], ...]
    choice: tuple[int, int] | None = None

    @property
    def payoffs(self) -> tuple[tuple[sympy.Rational, ...], ...]:
        """``payoffs[r][c]``: what seat 1 pays seat 0 when the row is r and the column c."""
        return tuple(tuple(to_rational(v) for v in row) for row in self._payoffs)

    def fractions(self) -> tuple[tuple[Fraction, ...], ...]:
        """The payoff table as stored, in `fractions.Fraction` (what the game pays out).

        Returns:
            ``payoffs[r][c]`` as Fractions.

        Examples:
            >>> matching_pennies().fractions()[0]
            (Fraction(1, 1), Fraction(-1, 1))
        """
        return self._payoffs

    @property
    def num_players(self) -> int:
        return 2

    @property
    def turn(self) -> Turn:
        return Turn.SIMULTANEOUS if self.choice is None else Turn.TERMINAL

    @property
    def current_players(self) -> tuple[int, ...]:
        return (0, 1) if self.choice is None else ()

    @property
    def rounds(self) -> int:
        return 0 if self.choice is None else 1

    @property
    def truncated(self) -> bool:
        return False

    @property
    def is_terminal(self) -> bool:
        return self.choice is not None

    @property
    def log(self) -> Sequence[Event]:
        if self.choice is None:
            return ()
        return (Event("play", f"seat 1 plays row {self.choice[0]}, seat 2 plays column {self.choice[1]}"),)

    def legal_actions(self, player: int) -> tuple[int, ...]:
        if self.choice is not None:
            return ()
        return tuple(range(len(self._payoffs) if player == 0 else len(self._payoffs[0])))

    def chance_outcomes(self) -> tuple[tuple[int, int], ...]:
        raise InputError("a matrix game has no chance nodes")

    def apply(self, action: int) -> MatrixGame:
        raise InputError("a matrix game is simultaneous: use apply_joint")

    def apply_joint(self, actions: Mapping[int, int]) -> MatrixGame:
        return MatrixGame(self._payoffs, (actions[0], actions[1]))

    def returns(self) -> tuple[Payoff, ...]:
        if self.choice is None:
            return (0, 0)
        v = self._payoffs[self.choice[0]][self.choice[1]]
        return (v, -v)

    def observation(self, player: int) -> tuple[str, bool]:
        return ("matrix", self.choice is not None)


def matrix_game(payoffs: Sequence[Sequence[Any]]) -> MatrixGame:
    """The matrix game with ``payoffs[r][c]`` paid by seat 1 to seat 0.

    Parameters:
        payoffs: a non-empty rectangular table of exact numbers (ints, Fractions, ``"p/q"``).

    Returns:
        The start state.

    Raises:
        ValueError: when the table is empty or ragged.

    Examples:
        >>> matrix_game([[1, -1], [-1, 1]]).legal_actions(1)
        (0, 1)
    """
    rows = tuple(tuple(to_fraction(v, what="payoff") for v in row) for row in payoffs)
    if not rows or not rows[0] or any(len(r) != len(rows[0]) for r in rows):
        raise InputError(f"payoffs must be a non-empty rectangular table, got {payoffs!r}")
    return MatrixGame(rows)


def matching_pennies() -> MatrixGame:
    """Matching pennies: seat 0 wins 1 on a match, loses 1 otherwise (value 0).

    Returns:
        The game as a [`MatrixGame`][dreidelpoker.solve.examples.MatrixGame].

    Examples:
        >>> matching_pennies().returns()
        (0, 0)
    """
    return matrix_game([[1, -1], [-1, 1]])
