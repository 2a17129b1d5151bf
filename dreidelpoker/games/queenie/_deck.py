"""Queenie's per-deck tables and the log text of its cards, shared by the engine and the bots.

The masks and dealing order of one deck shape are computed once per rules object
([`tables`][dreidelpoker.games.queenie.game.tables]); the text of a suit's cards and the cards of a suit mask are cached per
deck shape, because a hand seldom repeats but its suits do.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...caches import bounded_cache
from .cards import card_name, cards_of
from .rules import QueenieRules

__all__ = ["Tables", "hand_cards", "hand_line", "hand_log_text", "lowest_cards", "run_line", "suit_text", "tables"]


@dataclass(frozen=True, slots=True)
class Tables:
    """Precomputed masks for one deck (cached per rules)."""

    ranks: int
    suits: int
    full: int
    suit_masks: tuple[int, ...]
    colour_suits: tuple[tuple[int, ...], tuple[int, ...]]
    #: The first card of each suit of a colour (``suit * ranks``), by colour.
    colour_offsets: tuple[tuple[int, ...], tuple[int, ...]]
    all_suits: tuple[int, ...]
    queens: tuple[int, ...]
    queen_mask: int
    step: int
    order: tuple[int, ...]
    deal_count: int
    #: The hand position (0 = dummy, k = k-th seat from the dealer) of each card dealt, in order.
    slots: tuple[int, ...]
    names: tuple[str, ...]
    #: ``{card: 1 << card}`` for every card of the deck (a dict look-up also rejects non-cards).
    bit: dict[int, int] = field(compare=False)
    #: Log text of card masks within one suit (``"AC 2C 3C"``), filled on first use; shared by decks of one shape.
    text: dict[int, str] = field(compare=False)
    #: The cards of masks within one suit, lowest first, filled on first use (shared like ``text``).
    cards: dict[int, tuple[int, ...]] = field(compare=False)


def tables(rules: QueenieRules) -> Tables:
    """The masks and dealing order for ``rules`` (cached on the rules object: hashing rules is slow).

    Parameters:
        rules: the rules.

    Returns:
        The [`Tables`][dreidelpoker.games.queenie.game.Tables].
    """
    t = rules.__dict__.get("_tables")
    if t is None:
        t = _make_tables(rules)
        object.__setattr__(rules, "_tables", t)
    return t


@bounded_cache(maxsize=256)
def _make_tables(rules: QueenieRules) -> Tables:
    r, s = rules.deck_ranks, rules.deck_suits
    suit_masks = tuple(((1 << r) - 1) << (k * r) for k in range(s))
    queens = tuple(k * r + r - 2 for k in range(s))
    hands = rules.players + 1
    order = tuple(range(hands)) if rules.dealing == "dummy-first" else tuple(range(1, hands)) + (0,)
    return Tables(
        ranks=r, suits=s, full=(1 << (r * s)) - 1, suit_masks=suit_masks,
        colour_suits=(tuple(k for k in range(s) if k % 2 == 0), tuple(k for k in range(s) if k % 2 == 1)),
        colour_offsets=(tuple(k * r for k in range(s) if k % 2 == 0), tuple(k * r for k in range(s) if k % 2 == 1)),
        all_suits=tuple(range(s)), queens=queens, queen_mask=sum(1 << q for q in queens),
        step=1 if rules.direction == "right" else -1, order=order,
        deal_count=r * s - (1 if rules.queen_card == "deck" else 0),
        slots=tuple(order[i % hands] for i in range(r * s)),
        names=tuple(card_name(c, r) for c in range(r * s)),
        bit={c: 1 << c for c in range(r * s)},
        text=_TEXT.setdefault((r, s), {}),
        cards=_CARDS.setdefault((r, s), {}),
    )


#: The suit-text caches of [`Tables.text`][dreidelpoker.games.queenie.game.Tables.text], one per deck shape (ranks, suits).
_TEXT: dict[tuple[int, int], dict[int, str]] = {}
_CARDS: dict[tuple[int, int], dict[int, tuple[int, ...]]] = {}


def hand_cards(mask: int, t: Tables) -> tuple[int, ...]:
    """The cards of a mask, lowest first, suit by suit from the cache (a hand seldom repeats,
    but its suits do)."""
    out: tuple[int, ...] = ()
    cache = t.cards
    for m in t.suit_masks:
        sub = mask & m
        if sub:
            cards = cache.get(sub)
            if cards is None:
                cards = cache[sub] = cards_of(sub)
            out += cards
    return out


def suit_text(mask: int, t: Tables) -> str:
    """``"AC 2C 3C"``: the cards of ``mask`` (all of one suit), lowest first (cached)."""
    text = t.text.get(mask)
    if text is None:
        names = t.names
        text = t.text[mask] = " ".join([names[c] for c in cards_of(mask)])
    return text


def hand_line(t: Tables, seat: int, hand: int) -> str:
    """``"seat 2 holds AC 3C ..."`` (a log line written when the log is read)."""
    return f"seat {seat + 1} holds {hand_log_text(hand, t)}"


def run_line(t: Tables, turns: tuple[int, ...], out: int, last: int, next_played: bool) -> str:
    """A run's log line from its turns ``(seat, cards mask, seat, cards mask, ...)`` and how it ended.

    ``out`` is the seat that went out (or -1); otherwise the run stopped after ``last``: at the
    King, or because the next card was played already (``next_played``) or is dead.
    """
    parts = ", ".join([f"seat {turns[i] + 1} {suit_text(turns[i + 1], t)}" for i in range(0, len(turns), 2)])
    if out >= 0:
        return f"run: {parts}; seat {out + 1} is out"
    if last % t.ranks == t.ranks - 1:
        why = "after the King"
    else:
        why = f"{t.names[last + 1]} played" if next_played else f"{t.names[last + 1]} is dead"
    return f"run: {parts}; stops {why}"


def hand_log_text(hand: int, t: Tables) -> str:
    """The cards of a hand as log text, lowest first (suit by suit, from the cache)."""
    parts = []
    for m in t.suit_masks:
        sub = hand & m
        if sub:
            text = t.text.get(sub)
            parts.append(text if text is not None else suit_text(sub, t))
    return " ".join(parts)


def lowest_cards(hand: int, suits: tuple[int, ...], t: Tables) -> tuple[int, ...]:
    """The hand's lowest cards (all of the lowest rank) among ``suits``."""
    best = t.ranks
    out: tuple[int, ...] = ()
    for s in suits:
        m = hand & t.suit_masks[s]
        if m:
            c = (m & -m).bit_length() - 1
            rank = c - s * t.ranks
            if rank < best:
                best, out = rank, (c,)
            elif rank == best:
                out = out + (c,)
    return out
