"""Queenie's rules ([Queenie rules][rules-4]) as one frozen, keyword-only object, every unclear point named.

The reading, step by step (defaults first; the option that switches each point is in
brackets):

1. Every player antes ``ante`` into the **going-out pot** and ``ante`` into the **queen
   pot** at the start of each deal. Pots left unwon carry over to the next deal.
2. One card is put aside face down as the **queen-pot card** (``queen_card``): by default
   a uniformly random card of the shuffled deck ("at a random point" of the deal: with a
   shuffled deck the timing does not matter); with ``"dummy"`` all cards are dealt and
   the card is then taken at random from the dummy. The other cards are dealt one at a
   time (``dealing``): by default starting with the **dummy**, which lies at the dealer's
   right, then the player at the dealer's right and on round to the dealer, so the extra
   cards go to the dummy first; with ``"players-first"`` the dummy is dealt last.
3. The player next to the dealer (the *first player*) sees their hand and may swap it
   for the unseen dummy for ``first_swap_cost`` (0); otherwise the dummy is offered to
   each next player in turn, up to the dealer, at ``swap_cost`` (1) paid into the
   going-out pot. At most one swap; the hand given up is **dead**. If nobody swaps the
   dummy is dead.
4. The first player leads their lowest card (equal ranks: their choice). The holder of
   the next card up in that suit plays it, and so on; a run stops after the King, or
   when the next card is dead or already played.
5. Whoever played a run's last card leads their lowest card of the *other* colour. With
   none, they say "No Red" / "No Black" (``no_colour``): by default the next player with
   a card of that colour leads their lowest one (``"pass-on"``); with ``"next-any"`` the
   next player leads their lowest card of that colour or, having none, their lowest
   card of any colour. If no live hand holds the colour the deal is **blocked**.
6. The first player to play all their cards wins the going-out pot. A blocked deal
   (``blocked``): the pot carries over (``"carry-over"``), or the player with the
   fewest cards left wins it, a tie carrying over (``"fewest-cards"``).
7. The queen-pot card is turned up; whoever played the Queen of its suit wins the queen
   pot; otherwise it carries over. If the queen-pot card is itself a Queen
   (``queen_card_queen``): the queen pot carries over (``"carry-over"``), the card is
   put back and another drawn (``"redraw"``: the card is never a Queen), or the queen
   pot goes with the going-out pot (``"to-going-out"``).

"Play and offers go to the right" (``direction``): seats are numbered so that seat
``i + 1`` sits at seat ``i``'s right; with ``"left"`` everything turns the other way.
The button moves one seat in the direction of play after every deal. A *game* on the
engine is a **session** of ``session_deals`` deals (default 1, so a simulation of N
games is N deals; set it higher to watch pots carry over and grow).

``deck_suits`` / ``deck_ranks`` shrink the deck (the Queen is always the second
highest rank, the King the highest) for exact checks by enumeration.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..._lazy import LazyClassValue
from ...errors import InputError
from ...validation import check_count, check_field_types, check_literal_fields

if TYPE_CHECKING:
    from ...search_space import SearchSpace

__all__ = [
    "BLOCKED_RULES", "DEALING_ORDERS", "DIRECTIONS", "NO_COLOUR_RULES", "QUEEN_CARD_QUEEN_RULES",
    "QUEEN_CARD_SOURCES", "QueenieRules",
]

DIRECTIONS = ("right", "left")
DEALING_ORDERS = ("dummy-first", "players-first")
QUEEN_CARD_SOURCES = ("deck", "dummy")
QUEEN_CARD_QUEEN_RULES = ("carry-over", "redraw", "to-going-out")
NO_COLOUR_RULES = ("pass-on", "next-any")
BLOCKED_RULES = ("carry-over", "fewest-cards")

#: The most deals in one session.
MAX_SESSION_DEALS = 100_000


def _check_int(name: str, value: object, low: int, high: int, what: str) -> None:
    check_count(value, name, low=low, high=high, hint=what)


def _search_space() -> SearchSpace:
    """`QueenieRules.search_space`, imported and made when a search first reads it (a simulation never does)."""
    from ...search_space import Choice, IntRange, SearchSpace

    return SearchSpace((
        Choice("dealing", ("dummy-first", "players-first")),
        Choice("queen_card", ("deck", "dummy")),
        Choice("queen_card_queen", ("carry-over", "redraw", "to-going-out")),
        Choice("no_colour", ("pass-on", "next-any")),
        Choice("blocked", ("carry-over", "fewest-cards")),
        IntRange("swap_cost", 0, 3),
        IntRange("first_swap_cost", 0, 2),
    ))


@dataclass(frozen=True, kw_only=True)
class QueenieRules:
    """Queenie. Defaults are [Queenie rules][rules-4] (see the module text for each option).

    Attributes:
        players: 3 to 8 (the deck must leave every hand a card on a reduced deck).
        direction: play and offers go to the ``"right"`` (seat i+1 is at seat i's right) or
            the ``"left"``.
        dealing: ``"dummy-first"`` or ``"players-first"``: who is dealt first, and so who
            gets the extra cards.
        queen_card: ``"deck"`` (a random card of the deck) or ``"dummy"`` (taken from
            the dealt dummy).
        queen_card_queen: when the queen-pot card is a Queen: ``"carry-over"``, ``"redraw"``
            or ``"to-going-out"``.
        no_colour: after "No Red" / "No Black": ``"pass-on"`` or ``"next-any"``.
        blocked: the going-out pot of a blocked deal: ``"carry-over"`` or ``"fewest-cards"``.
        ante: chips each player puts into each pot per deal .
        swap_cost: what a player after the first pays to take the dummy .
        first_swap_cost: what the first player pays to take the dummy .
        session_deals: deals in one session, i.e. per game on the engine.
        deck_suits: 2 (one black, one red suit) or 4.
        deck_ranks: ranks per suit, Ace low; the Queen is ``deck_ranks - 1``.

    Examples:
        >>> QueenieRules().label
        '4 players, Queenie (default rules)'
        >>> QueenieRules(players=9)
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: players must be an integer from 3 to 8, got 9 (players at the table)
        >>> QueenieRules(dealing="clockwise")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: dealing must be one of 'dummy-first', 'players-first'; got 'clockwise'
    """

    players: int = 4
    direction: Literal["right", "left"] = "right"
    dealing: Literal["dummy-first", "players-first"] = "dummy-first"
    queen_card: Literal["deck", "dummy"] = "deck"
    queen_card_queen: Literal["carry-over", "redraw", "to-going-out"] = "carry-over"
    no_colour: Literal["pass-on", "next-any"] = "pass-on"
    blocked: Literal["carry-over", "fewest-cards"] = "carry-over"
    ante: int = 1
    swap_cost: int = 1
    first_swap_cost: int = 0
    session_deals: int = 1
    deck_suits: int = 4
    deck_ranks: int = 13
    #: What the variant search ([`search`][dreidelpoker.play.search]) may vary, and how far
    #: (a [`SearchSpace`][dreidelpoker.search_space.SearchSpace], made on first read).
    search_space = LazyClassValue(_search_space)

    def __post_init__(self) -> None:
        check_field_types(self)
        _check_int("players", self.players, 3, 8, "players at the table")
        check_literal_fields(self)
        _check_int("ante", self.ante, 0, 1000, "chips into each pot per deal")
        _check_int("swap_cost", self.swap_cost, 0, 1000, "chips to buy the dummy")
        _check_int("first_swap_cost", self.first_swap_cost, 0, 1000, "chips for the first player's swap")
        _check_int("session_deals", self.session_deals, 1, MAX_SESSION_DEALS, "deals per session")
        if self.deck_suits not in (2, 4) or isinstance(self.deck_suits, bool):
            raise InputError(f"deck_suits must be 2 or 4 (equal numbers of black and red suits), got {self.deck_suits!r}")
        _check_int("deck_ranks", self.deck_ranks, 2, 13, "ranks per suit; the Queen is the second highest")
        if min(self.hand_sizes()) < 1:
            raise InputError(
                f"deck_suits x deck_ranks = {self.deck_size} cards is too small for {self.players} players "
                f"and a dummy with queen_card={self.queen_card!r}: every hand needs a card"
            )

    def __getstate__(self) -> dict[str, object]:
        """The fields only: the deck tables the game caches on a rules object (and their
        growing look-up caches) are rebuilt where the rules are unpickled, so rules sent to
        worker processes stay a few hundred bytes."""
        state = dict(self.__dict__)
        state.pop("_tables", None)
        return state

    @classmethod
    def presets(cls) -> dict[str, QueenieRules]:
        """Named variants: [Queenie rules][rules-4], each documented alternative, a session and a small exact deck.

        Examples:
            >>> QueenieRules.presets()["small-exact"].deck_size
            8
        """
        return {
            "rules-md": cls(),
            "players-first": cls(dealing="players-first"),
            "queen-card-from-dummy": cls(queen_card="dummy"),
            "redraw-queen": cls(queen_card_queen="redraw"),
            "queen-to-going-out": cls(queen_card_queen="to-going-out"),
            "next-any": cls(no_colour="next-any"),
            "fewest-cards": cls(blocked="fewest-cards"),
            "left": cls(direction="left"),
            "session-20": cls(session_deals=20),
            "small-exact": cls(players=3, deck_suits=4, deck_ranks=2),
        }

    @property
    def deck_size(self) -> int:
        """Cards in the deck (52 by default)."""
        return self.deck_suits * self.deck_ranks

    @property
    def queen_rank(self) -> int:
        """The Queen's rank (12 on the full deck; Ace = 1, King = ``deck_ranks``)."""
        return self.deck_ranks - 1

    @property
    def label(self) -> str:
        """A one-line description: the player count and every option that differs from [Queenie rules][rules-4]."""
        return f"{self.players} players, Queenie ({self.variant})"

    @property
    def variant(self) -> str:
        """Every option that differs from [Queenie rules][rules-4], or ``"default rules"`` (the player count left out).

        Examples:
            >>> QueenieRules(players=5, dealing="players-first").variant
            'dealing=players-first'
        """
        diffs = [f"{name}={getattr(self, name)}" for name, default in _DEFAULTS.items() if getattr(self, name) != default]
        return ", ".join(diffs) if diffs else "default rules"

    def hand_sizes(self) -> tuple[int, ...]:
        """Cards per hand after the deal: the dummy first, then the first player and on to the dealer.

        Examples:
            >>> QueenieRules(players=4).hand_sizes()
            (11, 10, 10, 10, 10)
            >>> QueenieRules(players=4, dealing="players-first").hand_sizes()
            (10, 11, 10, 10, 10)
            >>> QueenieRules(players=5, queen_card="dummy").hand_sizes()
            (8, 9, 9, 9, 8, 8)
        """
        hands = self.players + 1
        dealt = self.deck_size - (1 if self.queen_card == "deck" else 0)
        q, r = divmod(dealt, hands)
        order = list(range(hands)) if self.dealing == "dummy-first" else list(range(1, hands)) + [0]
        sizes = [q] * hands
        for pos in order[:r]:
            sizes[pos] += 1
        if self.queen_card == "dummy":
            sizes[0] -= 1
        return tuple(sizes)


_DEFAULTS = {
    "direction": "right", "dealing": "dummy-first", "queen_card": "deck", "queen_card_queen": "carry-over",
    "no_colour": "pass-on", "blocked": "carry-over", "ante": 1, "swap_cost": 1, "first_swap_cost": 0,
    "session_deals": 1, "deck_suits": 4, "deck_ranks": 13,
}
