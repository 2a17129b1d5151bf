"""Classic dreidel's spin rules, once: the opening state, what a spin pays, re-ante and
elimination ([classic dreidel rules][rules-6]). The exact chain, the float chain and the whole-game engine are
all built from [`spin_outcome`][dreidelpoker.games.classic_dreidel.spin_outcome]."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Protocol

from ...errors import InputError, shorten
from ...validation import check_arguments

__all__ = ["FACES", "DreidelState", "SpinRules", "pay_spin", "reante", "spin_outcome", "start_state"]

#: The faces, in the order of ``face_probabilities``.
FACES = ("G", "H", "N", "S")


class SpinRules(Protocol):
    """What the spin payments read from the rules ([`ClassicDreidelRules`][dreidelpoker.games.classic_dreidel.ClassicDreidelRules] has it all).

    This module names the fields it reads instead of importing ``rules.py``: the rules check
    at construction that their game can end ([`ending`][dreidelpoker.games.classic_dreidel.ending]), and that check is built on
    these spins, so ``rules -> ending -> spins`` stays a line, not a circle.
    """

    @property
    def players(self) -> int: ...
    @property
    def coins(self) -> int: ...
    @property
    def hey_rounding(self) -> str: ...
    @property
    def elimination(self) -> str: ...
    @property
    def reante(self) -> bool: ...
    @property
    def stopping(self) -> str: ...
    @property
    def face_fractions(self) -> tuple[Fraction, ...]: ...


def hey_take_inner(pot: Any, *, rules: SpinRules) -> Any:
    """Coins taken on Hey, in the engine's inner numbers: half the pot rounded up or down, or
    exactly half (a Fraction) of a continuous pot (users read ``ClassicDreidelRules.hey_take``).

    Parameters:
        pot: the pot (an int, or a Fraction for a continuous pot).
        rules: the rules.

    Returns:
        The coins taken (an int, or a Fraction for a continuous pot).
    """
    if rules.hey_rounding == "continuous":
        return Fraction(pot) / 2
    return (pot + 1) // 2 if rules.hey_rounding == "up" else pot // 2

#: ``(coins, out mask, pot, spinner)``, or ``("win", seat)`` / ``("draw", seats)`` / ``("out", seats)``.
DreidelState = tuple[Any, ...]


def check_integer_pot(rules: SpinRules) -> None:
    """Refuse a continuous pot where a chain of whole-coin states is asked for.

    Parameters:
        rules: the rules.

    Raises:
        InputError: ``rules.hey_rounding`` is ``"continuous"``.
    """
    if rules.hey_rounding == "continuous":
        raise InputError(
            "hey_rounding='continuous' makes coin amounts real numbers, so there is no finite chain; "
            "use continuous_winnings()/spin_payoffs() for the exact continuous-pot results, or simulate()"
        )


@check_arguments
def start_state(*, rules: SpinRules) -> DreidelState:
    """The state after the opening ante, seat 0 to spin.

    Parameters:
        rules: the rules.

    Returns:
        ``(coins, out mask, pot, spinner)``.

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> start_state(rules=ClassicDreidelRules(players=2, coins=3))
        ((2, 2), 0, 2, 0)
    """
    check_integer_pot(rules)
    p = rules.players
    return (tuple([rules.coins - 1] * p), 0, p, 0)


def pay_spin(coins: list[Any], pot: Any, spinner: int, face: str,
             eliminated: list[int], *, rules: SpinRules) -> Any:
    """Apply one spin's payment ([classic dreidel rules][rules-6]) to ``coins`` in place; returns the new pot.

    The one implementation of the spin payments ([`spin_outcome`][dreidelpoker.games.classic_dreidel.spin_outcome], which the chain and
    the whole-game simulator both use, is built on it). A spinner who cannot pay a Shin (or
    reaches zero under ``elimination="zero"``) is appended to ``eliminated``.

    Parameters:
        rules: the rules.
        coins: each seat's coins (changed in place).
        pot: the pot before the spin.
        spinner: the seat that spins (0-based).
        face: ``"G"``, ``"H"``, ``"N"`` or ``"S"``.
        eliminated: seats that go out are appended here.

    Returns:
        The pot after the spin.

    Raises:
        ValueError: an unknown face.

    Examples:
        >>> coins = [2, 2]
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> pay_spin(coins, 2, 0, "H", [], rules=ClassicDreidelRules(players=2, coins=3)), coins
        (1, [3, 2])
    """
    if face == "G":
        coins[spinner] += pot
        return 0
    if face == "H":
        take = hey_take_inner(pot, rules=rules)
        coins[spinner] += take
        return pot - take
    if face == "S":
        if coins[spinner] >= 1:
            coins[spinner] -= 1
            if rules.elimination == "zero" and coins[spinner] == 0:
                eliminated.append(spinner)
            return pot + 1
        eliminated.append(spinner)
        return pot
    if face != "N":
        raise InputError(f"face must be one of {', '.join(FACES)}, got {face!r}")
    return pot


def reante(coins: list[Any], pot: Any, out: int, eliminated: list[int], *, rules: SpinRules) -> Any:
    """Everyone still in (not in the bit mask ``out``, not just eliminated) antes one coin
    when the pot is empty and ``rules.reante``; returns the new pot.

    Parameters:
        rules: the rules.
        coins: each seat's coins (changed in place).
        pot: the pot.
        out: bit mask of the seats already out.
        eliminated: seats that go out now (appended to when a seat cannot ante).

    Returns:
        The pot after the antes.
    """
    if not (rules.reante and pot == 0):
        return pot
    zero_rule = rules.elimination == "zero"
    for i in range(rules.players):
        if out >> i & 1 or i in eliminated:
            continue
        if coins[i] >= 1:
            coins[i] -= 1
            pot += 1
            if zero_rule and coins[i] == 0:
                eliminated.append(i)
        else:
            eliminated.append(i)
    return pot


def _resolve(rules: SpinRules, coins: list[int], out: int, pot: int, spinner: int,
             eliminated: list[int]) -> DreidelState:
    """Re-ante on an empty pot, apply eliminations and the stopping rule, pass the turn."""
    p = rules.players
    pot = reante(coins, pot, out, eliminated, rules=rules)
    new_out = out
    if eliminated:  # without eliminations the seats left are unchanged (at least two)
        if rules.stopping == "first-elimination":
            return ("out", frozenset(eliminated))
        for i in eliminated:
            new_out |= 1 << i
        remaining = [i for i in range(p) if not new_out >> i & 1]
        if len(remaining) == 1:
            return ("win", remaining[0])
        if not remaining:
            return ("draw", frozenset(eliminated))
    nxt = spinner
    while True:
        nxt = (nxt + 1) % p
        if not new_out >> nxt & 1:
            break
    return (tuple(coins), new_out, pot, nxt)


@check_arguments
def spin_outcome(state: DreidelState, face: str, *, rules: SpinRules) -> DreidelState:
    """The state after the seat to move spins ``face`` (one of G, H, N, S).

    Parameters:
        state: the state before the spin.
        face: ``"G"``, ``"H"``, ``"N"`` or ``"S"``.
        rules: the rules.

    Returns:
        The state after it (a terminal state is returned unchanged).

    Raises:
        InputError: a state that is not a classic dreidel state.

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> r = ClassicDreidelRules(players=2, coins=3)
        >>> spin_outcome(((2, 2), 0, 2, 0), "G", rules=r)   # take 2, both re-ante
        ((3, 1), 0, 2, 1)
        >>> spin_outcome(((2, 2), 0, 2, 0), "H", rules=r)
        ((3, 2), 0, 1, 1)
    """
    if not state or (state[0] not in ("win", "draw", "out") and len(state) != 4):
        raise InputError(f"state must be a classic dreidel state (coins, out, pot, seat to spin), got {shorten(state)}")
    if state[0] in ("win", "draw", "out"):
        return state
    coins_t, out, pot, s = state
    coins = list(coins_t)
    eliminated: list[int] = []
    pot = pay_spin(coins, pot, s, face, eliminated, rules=rules)
    if face == "G" and rules.stopping == "first-gimel":
        return ("win", s)
    return _resolve(rules, coins, out, pot, s, eliminated)
