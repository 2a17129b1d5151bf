"""Classic dreidel's rules ([classic dreidel rules][rules-6]) as one frozen, keyword-only object, every option named.

The reading, step by step (the defaults are [classic dreidel rules][rules-6], and those of the exact analysis
at possiblywrong.wordpress.com, 2024-01-16, "Exact analysis of Dreidel game"):

1. Every player starts with ``coins`` coins and antes 1 into the pot.
2. Players spin in seating order, seat 0 first. Nun: nothing. Gimel: the spinner takes
   the whole pot. Hey: the spinner takes half the pot, rounded up (``hey_rounding``).
   Shin: the spinner puts 1 coin in.
3. Whenever the pot is empty after a spin (after Gimel, or after Hey on a one-coin pot)
   every player still in antes 1 (``reante=True``, including the spinner).
4. Elimination (``elimination``): ``"cannot-pay"`` — a player is out when they must pay
   (Shin or ante) and have no coin; a player on zero coins who is not asked to pay stays
   in and may still win coins. ``"zero"`` — a player is out the moment they reach zero
   coins (after paying their last coin).
5. Stopping (``stopping``): ``"last-survivor"`` — the game ends when one player is left,
   who wins; ``"first-elimination"`` — it ends at the first elimination (the result is
   who went out); ``"first-gimel"`` — it ends at the first Gimel, whose spinner wins (or
   earlier if only one player is left).
6. If every remaining player is eliminated at once (possible only under
   ``elimination="zero"``, when the last coins go into an ante), the game is a draw
   shared equally by them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, get_args

if TYPE_CHECKING:
    import sympy

    from ...search_space import SearchSpace

from ..._fractions import to_fraction, to_rational
from ..._lazy import LazyClassValue
from ...exact import ExactMapping, ExactRecord, hold_exact
from ...errors import InputError
from .ending import never_ends_reason
from .spins import FACES, hey_take_inner
from ...validation import check_count, check_field_types, check_flag, check_literal_fields

__all__ = ["ELIMINATIONS", "FACES", "HEY_ROUNDINGS", "STOPPING_RULES", "ClassicDreidelRules"]

HEY_ROUNDINGS = ("up", "down", "continuous")
ELIMINATIONS = ("cannot-pay", "zero")
STOPPING_RULES = ("last-survivor", "first-elimination", "first-gimel")

HeyRounding = Literal["up", "down", "continuous"]
Elimination = Literal["cannot-pay", "zero"]
Stopping = Literal["last-survivor", "first-elimination", "first-gimel"]


def _search_space() -> SearchSpace:
    """`ClassicDreidelRules.search_space`, imported and made when a search first reads it (a simulation never does)."""
    from ...search_space import Choice, IntRange, SearchSpace

    return SearchSpace((
        IntRange("coins", 2, 15),
        Choice("hey_rounding", ("up", "down")),
        Choice("elimination", get_args(Elimination)),
        Choice("reante", (True, False)),
        Choice("stopping", get_args(Stopping)),
    ))


@hold_exact("face_probabilities")
@dataclass(frozen=True, kw_only=True)
class ClassicDreidelRules(ExactRecord):
    """Classic dreidel. Defaults are [classic dreidel rules][rules-6].

    Attributes:
        players: 2 to 8.
        coins: coins each player starts with.
        hey_rounding: Hey takes half the pot rounded ``"up"`` or ``"down"``, or exactly half
            of a ``"continuous"`` pot.
        elimination: a player is out when unable to pay (``"cannot-pay"``) or on reaching
            zero coins (``"zero"``).
        reante: everyone antes again when the pot is empty.
        stopping: the game ends at the ``"last-survivor"``, the ``"first-elimination"`` or
            the ``"first-gimel"``.
        face_probabilities: the chances of Gimel, Hey, Nun, Shin, e.g. 1/2,1/6,1/6,1/6 (a
            fair dreidel by default; real dreidels are not fair, see Nemiroff & Nemiroff
            2016); a dreidel whose game may never end (Nun-only, Gimel-only for most coin
            counts; see `ending`) is refused. Held as Fractions (``fractions()``, what the
            engines read: no sympy import to play) and shown as sympy Rationals.

    Raises:
        InputError: for a field outside its allowed values, or a dreidel whose game may never end.

    Examples:
        >>> ClassicDreidelRules(players=3, coins=5).label
        '3 players x 5 coins, Hey rounds up, out when unable to pay, re-ante on empty pot, last survivor'
        >>> ClassicDreidelRules(players=1)
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: players must be an integer from 2 to 8, got 1
    """

    players: int = 4
    coins: int = 10
    hey_rounding: HeyRounding = "up"
    elimination: Elimination = "cannot-pay"
    reante: bool = True
    stopping: Stopping = "last-survivor"
    face_probabilities: tuple[Any, ...] = field(default=(Fraction(1, 4),) * 4, metadata={"cli": {
        "metavar": "G,H,N,S", "example": "1/2,1/6,1/6,1/6"}})

    #: What the variant search ([`search`][dreidelpoker.play.search]) may vary, and how far
    #: (a [`SearchSpace`][dreidelpoker.search_space.SearchSpace], made on first read).
    search_space = LazyClassValue(_search_space)

    def __post_init__(self) -> None:
        check_field_types(self)
        p = self.players
        check_count(p, "players", low=2, high=8)
        c = self.coins
        check_count(c, "coins", low=1, high=None, hint="coins per player at the start")
        check_literal_fields(self)
        if self.elimination == "zero" and c < 2:
            raise InputError("coins must be at least 2 with elimination='zero' "
                             "(with 1 coin every player is out after the first ante)")
        check_flag(self.reante, "reante")
        probs = tuple(self.fractions()["face_probabilities"])
        if len(probs) != 4:
            raise InputError(f"face_probabilities needs 4 numbers (Gimel, Hey, Nun, Shin), got {len(probs)}")
        fr = tuple(to_fraction(x, what="face probability") for x in probs)
        if any(x < 0 for x in fr) or sum(fr) != 1:
            raise InputError(
                f"face_probabilities must be >= 0 and sum to 1, got {', '.join(str(x) for x in fr)}"
            )
        object.__setattr__(self, "face_probabilities", fr)
        reason = never_ends_reason(self)
        if reason is not None:
            raise InputError(
                f"face_probabilities ({', '.join(str(x) for x in fr)}) make a game that may never end: {reason}; "
                "give Shin a positive probability (then every game can end)"
            )

    def _key(self) -> tuple[Any, ...]:
        return (self.players, self.coins, self.hey_rounding, self.elimination, self.reante, self.stopping,
                self.face_fractions)

    # Equality and hashing read the held Fractions: rules key caches on the play path, where
    # sympy is not loaded.
    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, ClassicDreidelRules)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    @property
    def face_fractions(self) -> tuple[Fraction, Fraction, Fraction, Fraction]:
        """The face probabilities (Gimel, Hey, Nun, Shin) as held: Fractions, for the engines.

        Examples:
            >>> ClassicDreidelRules(face_probabilities=("1/2", "1/6", "1/6", "1/6")).face_fractions[0]
            Fraction(1, 2)
        """
        held: tuple[Fraction, Fraction, Fraction, Fraction] = self.fractions()["face_probabilities"]
        return held

    @cached_property
    def probabilities(self) -> ExactMapping[str]:
        """Face -> exact probability (sympy Rationals; ``.fractions()`` for Fractions).

        Examples:
            >>> ClassicDreidelRules().probabilities["G"]
            1/4
        """
        return ExactMapping(dict(zip(FACES, self.face_fractions)))

    @property
    def total_coins(self) -> int:
        return self.players * self.coins

    @property
    def label(self) -> str:
        """A one-line description of the variant."""
        hey = {"up": "Hey rounds up", "down": "Hey rounds down", "continuous": "continuous pot"}[self.hey_rounding]
        out = {"cannot-pay": "out when unable to pay", "zero": "out on reaching zero"}[self.elimination]
        ante = "re-ante on empty pot" if self.reante else "no re-ante"
        stop = self.stopping.replace("-", " ")
        fair = "" if self.face_fractions == (Fraction(1, 4),) * 4 else ", biased dreidel"
        return f"{self.players} players x {self.coins} coins, {hey}, {out}, {ante}, {stop}{fair}"

    def hey_take(self, pot: Any) -> int | sympy.Rational:
        """Coins taken on Hey: half the pot rounded up or down, or exactly half of a
        continuous pot (a sympy Rational).

        Parameters:
            pot: the pot (whole coins, or an exact number for a continuous pot).

        Returns:
            The coins the spinner takes.

        Examples:
            >>> ClassicDreidelRules().hey_take(3), ClassicDreidelRules(hey_rounding="continuous").hey_take(3)
            (2, 3/2)
        """
        take = hey_take_inner(to_fraction(pot, what="pot"), rules=self)
        return take if isinstance(take, int) else to_rational(take)

    @classmethod
    def presets(cls) -> dict[str, ClassicDreidelRules]:
        """Named variants: [classic dreidel rules][rules-6] and each documented alternative of [classic dreidel rules][rules-6].

        Examples:
            >>> ClassicDreidelRules.presets()["hey-rounds-down"].hey_rounding
            'down'
        """
        return {
            "rules-md": cls(),
            "hey-rounds-down": cls(hey_rounding="down"),
            "out-on-zero": cls(elimination="zero"),
            "no-reante": cls(reante=False),
        }
