"""The Two Dreidel family ("Plugin Poker"): one frozen rules object per member ([Two Dreidel rules: components][rules-1-1], 1.7)."""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, Literal, cast

from ...._lazy import LazyClassValue
from ....errors import InputError, InputTypeError, ResourceLimitError, shorten
from ....limits import MAX_STACK
from ...._fractions import loaded_sympy, to_fraction, to_rational
from ....strict_numbers import parse_exact, sympy_number
from ....validation import check_arguments, check_choice, check_count, check_field_types, check_literal_fields, is_whole_number

if TYPE_CHECKING:
    from ....search_space import SearchSpace

__all__ = ["TwoDreidelRules", "TrumpPairs", "DECK_PRESETS", "parse_deck", "STREET_SEQUENCES", "whole_game_end_problem"]

#: Most (kinds of draw) x (cards drawn) a rules object allows: draw 3 of 4 symbols is 60, draw 30
#: is 163,680; draw 200 would be 274,740,200 and take hours in every analysis.
MAX_DRAW_WORK = 10_000_000

#: The named deck distributions from the source (``g-h-n-s``).
#: Most cards of one symbol in a deck (a documented bound, checked before any work).
MAX_DECK_COUNT = 1000

DECK_PRESETS: dict[str, tuple[int, ...]] = {
    "1-5-5-1": (1, 5, 5, 1),
    "2-6-6-2": (2, 6, 6, 2),
    "2-7-7-2": (2, 7, 7, 2),
}

#: Street sequences (the Two Dreidel rules: one hand of play): "bet" is a no-limit round, "spin" a dreidel buy-in
#: followed by no-limit betting among the callers unless the next step is also a spin.
STREET_SEQUENCES: dict[str, tuple[str, ...]] = {
    "bet-spin-spin": ("bet", "spin", "bet", "spin", "bet"),
    "spin-spin-bet": ("bet", "spin", "spin", "bet"),
    "spins-then-bet": ("spin", "spin", "bet"),
}

_DEFAULT_SYMBOLS = ("G", "H", "N", "S")
_DEFAULT_ALIASES: dict[str, str] = {
    "ג": "G", "♠": "G", "♤": "G",
    "ה": "H", "♥": "H", "♡": "H",
    "נ": "N", "♦": "N", "♢": "N",
    "ש": "S", "♣": "S", "♧": "S",
}

BuyIn = Literal["pot", "half-pot", "nothing", "one-chip"]
_BUY_INS = ("pot", "half-pot", "nothing", "one-chip")


def _DEFAULTS() -> TwoDreidelRules:
    global _DEFAULT_RULES
    if _DEFAULT_RULES is None:
        _DEFAULT_RULES = TwoDreidelRules()
    return _DEFAULT_RULES


_DEFAULT_RULES: TwoDreidelRules | None = None


@check_arguments
def parse_deck(deck: str | Sequence[int] | Mapping[str, int], symbols: Sequence[str] = ("G", "H", "N", "S")) -> tuple[int, ...]:
    """Parse a deck distribution: ``"1-5-5-1"``, ``(1, 5, 5, 1)`` or ``{"G": 1, ...}``.

    Parameters:
        deck: the deck in any of these forms.
        symbols: the card symbols.

    Returns:
        One count per symbol.

    Raises:
        ValueError: a malformed deck or an unknown symbol.
        TypeError: a value of another type.

    Examples:
        >>> parse_deck("2-6-6-2")
        (2, 6, 6, 2)
        >>> parse_deck({"G": 1, "H": 5, "N": 5, "S": 1})
        (1, 5, 5, 1)
    """
    k = len(symbols)
    allowed = (f"{k} integers from 0 to {MAX_DECK_COUNT} like {'-'.join(['1'] * k)} "
               f"(presets: {', '.join(DECK_PRESETS)})")
    if isinstance(deck, str):
        text = deck.strip()
        if not re.fullmatch(r"[0-9]{1,6}(-[0-9]{1,6})*", text, re.ASCII):
            raise InputError(f"deck {shorten(deck)} is not a distribution of {allowed}")
        counts: tuple[Any, ...] = tuple(int(x) for x in text.split("-"))
    elif isinstance(deck, Mapping):
        unknown = set(deck) - set(symbols)
        if unknown:
            raise InputError(f"deck names unknown symbols {shorten(sorted(unknown))}; symbols are {list(symbols)}")
        counts = tuple(deck.get(s, 0) for s in symbols)
    elif isinstance(deck, Sequence):
        counts = tuple(deck)
    else:
        raise InputTypeError(f"deck must be text like '1-5-5-1', a tuple of {k} counts or a mapping symbol -> "
                             f"count, got {type(deck).__name__} {shorten(deck)}")
    if len(counts) != k:
        raise InputError(f"deck {shorten(deck)} has {len(counts)} counts; expected {allowed}")
    for c in counts:
        if not is_whole_number(c) or not 0 <= c <= MAX_DECK_COUNT:
            raise InputError(f"deck {shorten(deck)} contains {shorten(c)}; expected {allowed}")
    return counts


# -- the spin_probabilities field ----------------------------------------------------------------
# The field has always held sympy expressions (numbers or symbols), and still does when read.
# But most uses of the rules never look at the dreidel's faces (the CLI's ``odds``, the deck
# chain), and importing sympy costs more than the rest of such a command. So plain exact
# numbers (ints, Fractions, sympy Rationals, number text read strictly by
# [`parse_exact`][dreidelpoker.strict_numbers.parse_exact]) are validated as Fractions and turned into
# sympy Rationals on first read; floats and sympy objects (symbols, expressions built in Python)
# go through sympy at once. Text is never handed to sympy.


def exact_spin_probabilities(values: Sequence[Any]) -> tuple[Fraction, ...] | None:
    """The face probabilities as Fractions when every one is a plain exact number and they
    are a distribution (each >= 0, summing to 1); ``None`` otherwise, and then the rules
    validate them with sympy (whose error messages users see).

    Examples:
        >>> exact_spin_probabilities(("1/2", 0, Fraction(1, 4), "1/4"))
        (Fraction(1, 2), Fraction(0, 1), Fraction(1, 4), Fraction(1, 4))
        >>> exact_spin_probabilities((0.5, 0.5)) is None, exact_spin_probabilities(("1/2", "1/3")) is None
        (True, True)
    """
    sympy = loaded_sympy()
    out: list[Fraction] = []
    for p in values:
        if type(p) is int or type(p) is Fraction:
            out.append(Fraction(p))
        elif isinstance(p, str):
            out.append(parse_exact(p, what="spin probability"))  # strict: never evaluated
        elif sympy is not None and isinstance(p, sympy.Rational):
            out.append(to_fraction(p))
        else:
            return None
    if any(f < 0 for f in out) or sum(out) != 1:
        return None
    return tuple(out)


class SpinProbabilities:
    """The data descriptor behind the ``spin_probabilities`` field (its dataclass default is
    the descriptor itself, read as four quarters).

    The instance keeps what it was given (``_spin_given``, read back only while the rules
    validate it), then either the validated Fractions (``_spin_exact``) or the sympy values
    (``_spin_sympy``); reading the field gives sympy values, made once from the Fractions.
    """

    DEFAULT: tuple[Fraction, ...] = (Fraction(1, 4),) * 4

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        if obj is None:
            return self
        d = obj.__dict__
        if "_spin_sympy" in d:
            return d["_spin_sympy"]
        if "_spin_exact" in d:

            d["_spin_sympy"] = tuple(to_rational(f) for f in d["_spin_exact"])
            return d["_spin_sympy"]
        return d["_spin_given"]

    def __set__(self, obj: Any, value: Any) -> None:
        d = obj.__dict__
        d["_spin_given"] = self.DEFAULT if value is self else value
        d.pop("_spin_exact", None)
        d.pop("_spin_sympy", None)

    def __repr__(self) -> str:
        return "(1/4, 1/4, 1/4, 1/4)"


def _sums_to_one(probs: Sequence[Any]) -> bool:
    """Whether numeric sympy values sum to exactly 1: a float counts as the decimal it prints
    (0.1 + 0.2 + 0.3 + 0.4 does; 0.2500000000025 four times does not); other numbers are
    summed by sympy exactly."""
    import sympy

    if all(isinstance(p, (sympy.Rational, sympy.Float)) for p in probs):
        return sum((to_fraction(p) if isinstance(p, sympy.Rational) else Fraction(repr(float(p)))
                    for p in probs), Fraction(0)) == 1
    return bool(sympy.simplify(sympy.Add(*probs) - 1) == 0)


def _parse_aliases(text: str) -> dict[str, str]:
    """``"g=G,h=H"`` -> ``{"g": "G", "h": "H"}`` (``none``: no aliases); the command-line form of ``aliases``."""
    if text.strip().lower() == "none":
        return {}
    out: dict[str, str] = {}
    for part in text.split(","):
        alias, sep, symbol = part.strip().partition("=")
        if not sep or not alias or not symbol:
            raise InputError(f"aliases: expected pairs like g=G,h=H (or none), got {shorten(text)}")
        out[alias] = symbol
    return out


class TrumpPairs(frozenset[tuple[str, str]]):
    """The trump pairs as a frozenset that iterates and prints in sorted order.

    A plain frozenset of strings iterates in an order set by Python's per-process hash seed,
    so anything built by walking it (a cache key, a sweep cell's seed, a table) could change
    from one run to the next. Equal to, and hashed like, the plain frozenset.

    Examples:
        >>> TrumpPairs({("S", "G"), ("N", "G")})
        frozenset({('N', 'G'), ('S', 'G')})
        >>> TrumpPairs({("S", "G")}) == frozenset({("S", "G")})
        True
    """

    __slots__ = ()

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(sorted(super().__iter__(), key=repr))  # repr: any pair sorts, even a malformed one

    def __repr__(self) -> str:
        return f"frozenset({{{', '.join(repr(p) for p in self)}}})" if self else "frozenset()"

    def __reduce__(self) -> Any:
        return (TrumpPairs, (tuple(self),))


def _parse_trumps(text: str) -> frozenset[tuple[str, str]]:
    """``"S>G,H>N"`` -> trump pairs (``none``: no trumps); the command-line form of ``trumps``."""
    if text.strip().lower() == "none":
        return frozenset()
    pairs: set[tuple[str, str]] = set()
    for part in text.split(","):
        a, sep, b = part.strip().partition(">")
        if not sep or not a or not b:
            raise InputError(f"trumps: expected pairs like S>G,H>N (or none), got {shorten(text)}")
        pairs.add((a.strip(), b.strip()))
    return frozenset(pairs)


def _show_pairs(pairs: Any, sep: str) -> str:
    return ",".join(f"{a}{sep}{b}" for a, b in sorted(pairs)) or "none"


def _search_space() -> SearchSpace:
    """`TwoDreidelRules.search_space`, imported and made when a search first reads it (a simulation never does)."""
    from ....search_space import Choice, Counts, IntRange, SearchSpace

    return SearchSpace((
    Counts("deck", ("G", "H", "N", "S"), low=1, high=10, total_low=8, total_high=30),
    IntRange("chips_per_player", 2, 12),
    IntRange("blind", 1, 3),
    Choice("streets", ("bet-spin-spin", "spin-spin-bet", "spins-then-bet")),
    Choice(("draw", "put_back"), ((3, 1), (4, 2))),
    Choice("half_pot_rounding", ("up", "down")),
    Choice("discard_visibility", ("all", "top-two")),
    ))


@dataclass(frozen=True, kw_only=True)
class TwoDreidelRules:
    """A member of the Two Dreidel family. Defaults are [Two Dreidel rules][rules-1].

    Symbols are listed best first (normal order). ``trumps`` holds pairs
    ``(trumper, trumped)``: a hand holding the trumper beats a hand holding the trumped
    symbol unless the reverse also holds ([Two Dreidel rules: hand ranking][rules-1-3]).

    Attributes:
        symbols: the card symbols, best first, one upper-case letter each.
        symbol_names: the symbols' names, in the same order.
        aliases: other characters typed for a symbol (Hebrew letters, suits), as alias=symbol pairs.
        trumps: trump pairs trumper>trumped, e.g. S>G (none: no trumps).
        deck: the deck distribution g-h-n-s: a preset (1-5-5-1, 2-6-6-2, 2-7-7-2) or any counts.
        draw: cards drawn each hand.
        put_back: cards put back on the discard pile each hand (fewer than ``draw``).
        spin_faces: the dreidel's faces, in the order of ``spin_probabilities``.
        spin_probabilities: the faces' probabilities, e.g. 1/2,1/6,1/6,1/6 for a biased
            dreidel (numbers or sympy symbols; fair by default).
        spin_buy_ins: what each face costs to stay in: pot, half-pot, nothing or one-chip.
        half_pot_rounding: Hey's half pot rounded ``"up"`` or ``"down"``.
        chips_per_player: the starting stack is this times the number of players ([Two Dreidel rules: components][rules-1-1]: 4 x players,
            e.g. 16 chips each at 4 players); ignored when ``starting_chips`` is set.
        starting_chips: each player's starting stack, overriding ``chips_per_player`` (``None``: use it).
        blind: the button's blind.
        streets: the street sequence ([Two Dreidel rules: one hand of play][rules-1-4]): bet-spin-spin, spin-spin-bet or spins-then-bet.
        short_stack: a short stack goes ``"all-in"`` for less or must ``"fold"``.
        discard_visibility: every discard is public (``"all"``) or only the ``"top-two"`` of each pile.

    Examples:
        >>> TwoDreidelRules().deck_label
        '1-5-5-1'
        >>> TwoDreidelRules.preset("2-7-7-2").deck_size
        18
        >>> TwoDreidelRules(deck=(1, 5, 5))
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: deck (1, 5, 5) has 3 counts; expected 4 integers from 0 to 1000 like 1-1-1-1 (presets: 1-5-5-1, 2-6-6-2, 2-7-7-2)
    """

    symbols: tuple[str, ...] = ("G", "H", "N", "S")
    symbol_names: tuple[str, ...] = ("Gimel", "Hey", "Nun", "Shin")
    aliases: Mapping[str, str] = field(default_factory=lambda: dict(_DEFAULT_ALIASES), hash=False, compare=False,
                                       metadata={"cli": {"parse": lambda text: _parse_aliases(text),
                                                         "metavar": "X=G,...", "example": "g=G,h=H,n=N,s=S",
                                                         "show": lambda value: _show_pairs(value.items(), "=")}})
    trumps: frozenset[tuple[str, str]] = field(default=frozenset({("S", "G")}), metadata={"cli": {
        "parse": lambda text: _parse_trumps(text), "metavar": "X>Y,...|none", "example": "none",
        "show": lambda value: _show_pairs(value, ">")}})
    deck: tuple[int, ...] | str = field(default=(1, 5, 5, 1), metadata={"cli": {
        "parse": str, "metavar": "G-H-N-S", "example": "2-6-6-2", "show": lambda value: "-".join(map(str, value))}})
    draw: int = 3
    put_back: int = 1
    spin_faces: tuple[str, ...] = ("G", "H", "N", "S")
    #: sympy numbers or symbols (1/4 each by default); compared through ``_spin_key``, and
    #: made into sympy only when read (`SpinProbabilities`), so rules that never spin the
    #: dreidel need no sympy.
    spin_probabilities: tuple[Any, ...] = field(default=SpinProbabilities(), compare=False, metadata={  # type: ignore[arg-type]
        "cli": {"example": "1/2,1/6,1/6,1/6", "show": lambda value: "1/4 each (fair)"}})
    spin_buy_ins: tuple[str, ...] = ("pot", "half-pot", "nothing", "one-chip")
    half_pot_rounding: Literal["up", "down"] = "up"
    chips_per_player: int = 4
    #: Each player's starting stack; ``None``: ``chips_per_player`` × the number of players (the Two Dreidel rules: components).
    starting_chips: int | None = None
    blind: int = 1
    streets: str = field(default="bet-spin-spin", metadata={"cli": {"choices": tuple(STREET_SEQUENCES)}})
    short_stack: Literal["all-in", "fold"] = "all-in"
    discard_visibility: Literal["all", "top-two"] = "all"
    #: ``spin_probabilities`` as compared and hashed: ``("exact", Fractions)`` or ``("sympy", values)``.
    _spin_key: tuple[Any, ...] = field(init=False, repr=False)
    #: What the variant search ([`search`][dreidelpoker.play.search]) may vary, and how far
    #: (a [`SearchSpace`][dreidelpoker.search_space.SearchSpace], made on first read).
    search_space = LazyClassValue(_search_space)

    def searchable(self) -> SearchSpace:
        """The search space of this family member: the class's, with one deck count per symbol.

        Returns:
            The space the variant search walks for these rules.

        Examples:
            >>> TwoDreidelRules(symbols=("A", "B", "C"), symbol_names=("a", "b", "c"), deck="3-4-3",
            ...                 trumps=frozenset()).searchable().describe()[0]
            'deck A-B-C: each 1..10, total 6..30'
        """
        if self.symbols == _DEFAULT_SYMBOLS:
            return self.search_space
        from ....search_space import Counts, SearchSpace

        n = len(self.symbols)
        dims = tuple(Counts("deck", self.symbols, low=1, high=10, total_low=max(2 * n, self.draw + 1),
                            total_high=30) if isinstance(d, Counts) else d for d in self.search_space.dimensions)
        return SearchSpace(dims, self.search_space.fixed)

    def __post_init__(self) -> None:
        check_field_types(self)
        syms = self.symbols
        if not syms or len(set(syms)) != len(syms):
            raise InputError(f"symbols must be distinct and non-empty, got {syms!r}")
        for s in syms:
            if not (isinstance(s, str) and len(s) == 1 and s.isalpha() and s.isupper()):
                raise InputError(f"symbol {s!r} must be one upper-case letter (it is how hands print)")
        if len(self.symbol_names) != len(syms):
            raise InputError(f"symbol_names needs {len(syms)} names, got {len(self.symbol_names)}")
        object.__setattr__(self, "deck", parse_deck(self.deck, syms))
        for name, value, low in (("draw", self.draw, 1), ("put_back", self.put_back, 0),
                                 ("chips_per_player", self.chips_per_player, 1), ("blind", self.blind, 0)):
            check_count(value, name, low=low, high=None)
        if self.starting_chips is not None:
            check_count(self.starting_chips, "starting_chips", low=1, high=None, hint="or None")
        for name, chips in (("chips_per_player", self.chips_per_player), ("starting_chips", self.starting_chips),
                            ("blind", self.blind)):
            if chips is not None and chips > MAX_STACK:
                raise InputError(f"{name} must be at most {MAX_STACK:,} chips (every bet size is a legal action, so "
                                 f"bigger stacks make each decision slow), got {shorten(chips)}")
        if self.put_back >= self.draw:
            raise InputError(f"put_back ({self.put_back}) must be less than draw ({self.draw}) so a hand remains")
        # every analysis enumerates the classes of one draw (a class is a count per symbol)
        classes = math.comb(self.draw + len(self.symbols) - 1, len(self.symbols) - 1)
        if classes * self.draw > MAX_DRAW_WORK:
            raise ResourceLimitError(
                f"draw {self.draw} from {len(self.symbols)} symbols gives {classes:,} kinds of draw of {self.draw} "
                f"cards each, over the work limit of {MAX_DRAW_WORK:,} (kinds x cards) every analysis would pay; "
                "draw fewer cards")
        if self.deck_size <= self.draw:
            raise InputError(
                f"deck {self.deck_label} holds {self.deck_size} cards; a deck must hold more cards "
                f"than one draw needs ({self.draw}), i.e. at least {self.draw + 1}"
            )
        trumps = TrumpPairs(cast(tuple[str, str], tuple(p)) for p in self.trumps)  # sorted: no hash-seed order
        object.__setattr__(self, "trumps", trumps)
        for pair in trumps:
            if len(pair) != 2 or pair[0] not in syms or pair[1] not in syms or pair[0] == pair[1]:
                raise InputError(f"trump pair {pair!r} must name two different symbols from {list(syms)}")
        if len(self.spin_faces) != len(self.spin_probabilities) or len(self.spin_faces) != len(self.spin_buy_ins):
            raise InputError("spin_faces, spin_probabilities and spin_buy_ins must have the same length")
        for b in self.spin_buy_ins:
            if b not in _BUY_INS:
                raise InputError(f"spin buy-in {b!r} is not one of {list(_BUY_INS)}")
        given = self.__dict__["_spin_given"]
        exact = exact_spin_probabilities(given)
        if exact is not None:  # plain exact numbers: sympy only when the field is read
            self.__dict__["_spin_exact"] = exact
            object.__setattr__(self, "_spin_key", ("exact", exact))
        else:
            self._sympy_spin_probabilities(given)
        check_literal_fields(self)
        check_choice(self.streets, "streets", STREET_SEQUENCES)
        if syms != _DEFAULT_SYMBOLS and dict(self.aliases) == _DEFAULT_ALIASES:
            # the default aliases follow the symbols: a family member keeps those that name its symbols
            object.__setattr__(self, "aliases", {a: t for a, t in _DEFAULT_ALIASES.items() if t in syms})
        for alias, target in self.aliases.items():
            if target not in syms:
                raise InputError(f"alias {alias!r} points to unknown symbol {target!r}")
            if not isinstance(alias, str) or len(alias) != 1 or alias.isspace():
                raise InputError(f"alias {shorten(alias)} must be one character (hands are read a character at a time)")
            if alias.upper() in syms and target != alias.upper():
                # G=H would silently read the hand GH as HH.
                raise InputError(f"alias {alias}={target} would make {alias!r} mean {target} although "
                                 f"{alias.upper()} is a symbol (the hand {alias.upper()}{target} would read as "
                                 f"{target}{target}); alias only characters that are not symbols")
        self._check_trumps_acyclic()

    def _sympy_spin_probabilities(self, given: Any) -> None:
        import sympy

        try:
            values = tuple(given)
        except TypeError:
            raise InputTypeError(f"spin_probabilities must be a sequence of numbers, got {shorten(given)}") from None
        # Text is parsed strictly (never evaluated); sympy objects from Python callers stay as they are.
        probs = tuple(sympy_number(p, what="spin_probabilities") for p in values)
        if any(p.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo) for p in probs):
            raise InputError(f"spin_probabilities must be finite numbers in [0, 1] (or symbols), got "
                             f"{shorten(given)}")
        self.__dict__["_spin_sympy"] = probs
        if all(p.is_number for p in probs):
            if any(p < 0 for p in probs) or not _sums_to_one(probs):
                raise InputError(f"spin probabilities must be >= 0 and sum to 1, got {probs} (exactly 1 unless symbolic)")
        # Compared as Fractions when all are rational (as the fast path keeps them), else as sympy
        # values; the tag keeps a Fraction from ever being compared with a sympy Float.
        key = (("exact", tuple(to_fraction(p) for p in probs)) if all(p.is_Rational for p in probs)
               else ("sympy", probs))
        object.__setattr__(self, "_spin_key", key)

    # -- presets ------------------------------------------------------------------
    @classmethod
    def preset(cls, deck: str = "1-5-5-1", **options: Any) -> TwoDreidelRules:
        """The standard game with a named or custom ``g-h-n-s`` deck distribution."""
        return cls(deck=deck, **options)

    @classmethod
    def presets(cls) -> dict[str, TwoDreidelRules]:
        """The three deck presets named in the source."""
        return {name: cls(deck=name) for name in DECK_PRESETS}

    def with_deck(self, deck: str | Sequence[int] | Mapping[str, int]) -> TwoDreidelRules:
        """A copy of these rules with another deck distribution."""
        return replace(self, deck=parse_deck(deck, self.symbols))

    # -- derived facts ------------------------------------------------------------
    @property
    def counts(self) -> tuple[int, ...]:
        """The deck distribution as a tuple of ints (``deck`` after parsing)."""
        deck = self.deck
        assert isinstance(deck, tuple)
        return deck

    def stack(self, players: int) -> int:
        """Each player's starting stack at a table of ``players``.

        Examples:
            >>> TwoDreidelRules().stack(3), TwoDreidelRules(starting_chips=5).stack(3)
            (12, 5)
        """
        return self.starting_chips if self.starting_chips is not None else self.chips_per_player * players

    @property
    def label(self) -> str:
        """A short description: the deck and every option that differs from [Two Dreidel rules][rules-1].

        Examples:
            >>> TwoDreidelRules(deck="2-6-6-2", short_stack="fold").label
            'Two Dreidel, deck 2-6-6-2, short_stack=fold'
        """
        parts = [f"Two Dreidel, deck {self.deck_label}"]
        default = _DEFAULTS()
        for name in ("draw", "put_back", "chips_per_player", "starting_chips", "blind", "streets",
                     "half_pot_rounding", "short_stack", "discard_visibility", "spin_probabilities",
                     "spin_buy_ins", "trumps", "symbols"):
            key = "_spin_key" if name == "spin_probabilities" else name  # compared without sympy
            if getattr(self, key) != getattr(default, key):
                value = getattr(self, name) if name != "spin_probabilities" else self._spin_key[1]
                if name == "spin_probabilities":  # Fractions print as sympy Rationals do: 1/2, 0, 1
                    value = ",".join(str(p) for p in value)
                elif name == "trumps":
                    value = ",".join(f"{a}>{b}" for a, b in sorted(value))
                elif isinstance(value, tuple):
                    value = ",".join(str(v) for v in value)
                parts.append(f"{name}={value}")
        return ", ".join(parts)

    @property
    def deck_size(self) -> int:
        return sum(self.counts)

    @cached_property
    def deck_label(self) -> str:
        """The deck as counts, e.g. ``'1-5-5-1'``."""
        return "-".join(str(c) for c in self.counts)

    @property
    def hand_size(self) -> int:
        return self.draw - self.put_back

    @cached_property
    def all_hands(self) -> tuple[tuple[int, ...], ...]:
        """Every hand as a tuple of symbol indices, best first, in normal order best to worst."""
        return tuple(itertools.combinations_with_replacement(range(len(self.symbols)), self.hand_size))

    @cached_property
    def trump_index_pairs(self) -> frozenset[tuple[int, int]]:
        idx = {s: i for i, s in enumerate(self.symbols)}
        return frozenset((idx[a], idx[b]) for a, b in self.trumps)

    def _check_trumps_acyclic(self) -> None:
        hands = self.all_hands
        pairs = self.trump_index_pairs
        edges = {h: [o for o in hands if hand_trumps(pairs, h, o)] for h in hands}
        state: dict[tuple[int, ...], int] = {}

        def visit(h: tuple[int, ...]) -> None:
            state[h] = 1
            for o in edges[h]:
                if state.get(o) == 1:
                    raise InputError(
                        f"trump pairs {sorted(self.trumps)} make hands trump each other in a cycle; "
                        "the multiway showdown would not terminate"
                    )
                if o not in state:
                    visit(o)
            state[h] = 2

        for h in hands:
            if h not in state:
                visit(h)

def hand_trumps(pairs: frozenset[tuple[int, int]], a: Sequence[int], b: Sequence[int]) -> bool:
    """Whether hand ``a`` trumps hand ``b`` under trump pairs of symbol indices.

    ``a`` trumps ``b`` when some pair (x, y) has x in a and y in b, and no pair (x, y)
    has x in b and y in a. The rules own this relation (they check it is acyclic);
    [`trumps`][dreidelpoker.games.two_dreidel.trumps] reads it with a rules object.

    Examples:
        >>> hand_trumps(frozenset({(3, 0)}), (3, 1), (0, 1)), hand_trumps(frozenset({(3, 0)}), (3, 0), (0, 3))
        (True, False)
    """
    sa, sb = set(a), set(b)
    if not any(x in sa and y in sb for x, y in pairs):
        return False
    return not any(x in sb and y in sa for x, y in pairs)


def whole_game_end_problem(rules: TwoDreidelRules) -> str | None:
    """Why a whole game of ``rules`` may never end, or ``None`` when it can always end.

    The rule (the same as classic dreidel's): from every state a game can reach, some choice
    of actions and some luck must still end it (one player holding every chip). In Two
    Dreidel the spin faces alone never stop that:

    * with a blind of 1 or more, a button who posts and then lays a fold card loses the blind
      to the callers, so any player can be drained;
    * with a deck of two or more symbols, two hands can differ, so an all-in showdown can be
      lost;
    * in a street sequence that opens with a betting round, a player can bet, be called, and
      fold at the spin; a one-chip spin face has players pay and then fold at the next spin.

    Only when **none** of these holds, i.e. blind 0, a deck of one symbol (every showdown ties),
    ``streets="spins-then-bet"`` and no one-chip face that can come up, do chips move only
    by betting and folding in the last round, and a player down to one chip can then neither
    lose it nor win more: the game never ends from there.

    Parameters:
        rules: the family member.

    Returns:
        ``None``, or the reason as one sentence.

    Examples:
        >>> whole_game_end_problem(TwoDreidelRules()) is None
        True
        >>> print(whole_game_end_problem(TwoDreidelRules(deck="0-0-12-0", blind=0, streets="spins-then-bet",
        ...                                               spin_probabilities=(0, 0, 1, 0))))
        blind 0 with a deck of one symbol (every showdown ties), streets='spins-then-bet' and no spin face that costs one chip: chips move only when a player folds a bet in the last round, so a player down to one chip can never lose it and the game may never end
    """
    if rules.blind > 0 or sum(1 for c in rules.counts if c > 0) > 1 or rules.streets != "spins-then-bet":
        return None
    for buy_in, p in zip(rules.spin_buy_ins, rules.spin_probabilities):
        if buy_in == "one-chip" and not (p.is_number and p == 0):
            return None
    return ("blind 0 with a deck of one symbol (every showdown ties), streets='spins-then-bet' and no spin face that "
            "costs one chip: chips move only when a player folds a bet in the last round, so a player down to one "
            "chip can never lose it and the game may never end")

