"""What every state of a whole game of Two Dreidel shares: the per-rules tables of
[`play`][dreidelpoker.games.two_dreidel.whole_game.play] (draw classes by deck, put-back choices by
drawn hand, buy-ins, labels), built once per (rules, players) and cached by value.

These tables make an engine step a few dictionary look-ups: the exact draw classes of a
deck ([`draw_weights`][dreidelpoker.games.two_dreidel.rulebook.deck.draw_weights]) with their cumulative
weights and the deck after each draw, the put-back choices of a drawn hand with the kept
hand and its label, the deck at the start of the next hand, and a spin's buy-in.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

from ..rulebook.betting import call_payment, showdown_payouts, spin_buy_in
from ..rulebook.deck import DeckState, counts_of, draw_weights, hypergeometric
from ..rulebook.ranking import Hand, format_hand
from ..rulebook.rules import STREET_SEQUENCES, TwoDreidelRules
from ....caches import ValueCache
from ....errors import InputError

__all__: list[str] = []

#: Put-back choices of one drawn hand: the labels (worst card back first) and, by label,
#: ``(put back, kept, kept hand's label)``.
Choices = tuple[tuple[str, ...], dict[str, tuple[Hand, Hand, str]]]

#: What a seat observes of its own cards: drawn, kept and put-back labels, and its deck at the start of the hand.
Labels = tuple[str, str, str, DeckState]


class DrawInfo:
    """The exact draw classes of one deck: ``outcomes`` ``(label, weight)``, their running
    sums, the total weight, and by label the `Drawn` outcome (``after``; ``drawn`` holds them
    in the order of ``outcomes``)."""

    __slots__ = ("outcomes", "cumulative", "total", "after", "drawn")

    def __init__(self, outcomes: tuple[tuple[str, int], ...], cumulative: list[int], total: int,
                 after: dict[str, Drawn]) -> None:
        self.outcomes = outcomes
        self.cumulative = cumulative
        self.total = total
        self.after = after
        self.drawn = tuple(after[lab] for lab, _w in outcomes)


class Drawn:
    """One draw from one deck (``source``): the drawn ``hand`` and its ``label``, the deck after the
    draw (``node``), whether the pile was reshuffled, the put-back choices (``choices``, the legal
    actions, worst card back first), what the seat observes ``(drawn, "", "", deck)``, the log lines of
    the draw by seat (``lines[seat]``) and, made on first use, the `Plan` of each
    put-back choice."""

    __slots__ = ("t", "source", "hand", "node", "reshuffled", "label", "choices", "labs", "_lines", "plans")

    def __init__(self, t: Tables, source: DeckNode, hand: Hand, node: DeckNode, reshuffled: bool, label: str) -> None:
        self.source = source
        self.t = t
        self.hand = hand
        self.node = node
        self.reshuffled = reshuffled
        self.label = label
        self.choices = t.choices(hand)[0] if t.put_back else ()
        self.labs: Labels = (label, "", "", source.chain)
        self._lines: tuple[tuple[Any, ...], ...] | None = None
        self.plans: dict[str, Plan] = {}

    @property
    def lines(self) -> tuple[tuple[Any, ...], ...]:
        """The log lines of the draw, by seat (made on first use: the batch path writes no log)."""
        got = self._lines
        if got is None:
            label, after = self.label, " (after a reshuffle)" if self.reshuffled else ""
            got = self._lines = tuple(
                (("draw", s, False, (s,), "seat {} draws {}{}", (s + 1, label, after)),)
                + ((("reshuffle", s, True, (), "seat {} reshuffles the discard pile", (s + 1,)),)
                   if self.reshuffled else ())
                for s in range(self.t.players))
        return got

    def plan(self, back_label: str | None) -> Plan:
        """The `Plan` of putting back ``back_label`` (``None``: no put-back, keep it all)."""
        got = self.plans.get(back_label or "")
        if got is None:
            t = self.t
            if back_label is None:
                back: Hand = ()
                kept, klab = self.hand, self.label
            else:
                back, kept, klab = t.choices(self.hand)[1][back_label]
            got = self.plans[back_label or ""] = Plan(t, self, back, kept, klab)
        return got


class Plan:
    """A seat's hand after its put-back: the ``back`` and ``kept`` hands, the kept hand's label,
    the observed labels ``(drawn, kept, put back)``, the log line of the put-back by seat, and
    what the seat observes ``(drawn, kept, put back, deck)``, and
    the deck at the start of the next hand (``next``: the put-back card(s) on top of the pile,
    the kept hand on the discard pile)."""

    __slots__ = ("back", "kept", "klab", "shown", "labs", "players", "_lines", "next")

    def __init__(self, t: Tables, drawn: Drawn, back: Hand, kept: Hand, klab: str) -> None:
        self.back = back
        self.kept = kept
        self.klab = klab
        self.shown = (klab,)
        self.labs: Labels = (drawn.label, klab, t.label(back), drawn.source.chain)
        self.players = t.players
        self._lines: tuple[tuple[Any, ...], ...] | None = None
        self.next = t.next_deck(drawn.node, back, kept)

    @property
    def lines(self) -> tuple[tuple[Any, ...], ...]:
        """The log line of the put-back, by seat (made on first use: the batch path writes no log)."""
        got = self._lines
        if got is None:
            blab, klab = self.labs[2], self.klab
            got = self._lines = tuple(("put-back", s, False, (s,), "seat {} puts back {}, keeps {}", (s + 1, blab, klab))
                                      for s in range(self.players))
        return got


class DeckNode:
    """One player's deck (``chain``, a [`DeckState`][dreidelpoker.games.two_dreidel.DeckState])
    as a node of the deck graph of one rules: its draw classes (made on first use) and, by
    ``(put back, kept)``, the deck at the start of the next hand. Nodes are interned per
    rules, so a step follows a link instead of hashing the deck."""

    __slots__ = ("chain", "info", "next", "blank")

    def __init__(self, chain: DeckState) -> None:
        self.chain = chain
        self.info: DrawInfo | None = None
        self.next: dict[tuple[Hand, Hand], DeckNode] = {}
        #: What its seat observes of its cards before drawing from it: (drawn, kept, put back, deck).
        self.blank: Labels = ("", "", "", chain)


class Tables:
    """Everything a state needs that depends only on the rules and the player count."""

    def __init__(self, players: int, *, rules: TwoDreidelRules) -> None:
        self.rules = rules
        self.players = players
        self.k = len(rules.symbols)
        self.steps = STREET_SEQUENCES[rules.streets]
        probs = rules.spin_probabilities
        if not all(p.is_number for p in probs):
            raise InputError("rules: a game can be played only with numeric spin probabilities, not symbols")
        fracs = [(int(p.p), int(p.q)) if p.is_Rational else _as_fraction(p) for p in probs]
        den = math.lcm(*(q for _p, q in fracs))
        self.faces: tuple[tuple[str, int], ...] = tuple(
            (f, p * (den // q)) for f, (p, q) in zip(rules.spin_faces, fracs) if p)
        self.face_weights = dict(self.faces)
        self.face_total = sum(w for _f, w in self.faces)
        self.face_cum = [int(c) for c in np.cumsum([w for _f, w in self.faces])]
        self.face_names = {f: rules.symbol_names[rules.symbols.index(f)] if f in rules.symbols else f
                           for f, _w in self.faces}
        self.stack = rules.stack(players)
        self.total_chips = self.stack * players
        self.opening_bet = bool(self.steps) and self.steps[0] == "bet"
        self.min_bet = max(1, rules.blind)
        self.blind = rules.blind
        self.put_back = bool(rules.put_back)
        #: Whether the short-stack rule ever leaves a seat only a fold (else every seat may call).
        self.short_fold = call_payment(0, 1, rules=rules) is None
        self.visibility = rules.discard_visibility
        self.fresh = DeckState.fresh(rules)
        self.nodes: dict[DeckState, DeckNode] = {}
        self.fresh_node = self.node(self.fresh)
        #: The faces whose buy-in is the whole pot (Gimel in the standard game).
        self.pot_faces = frozenset(f for f, b in zip(rules.spin_faces, rules.spin_buy_ins) if b == "pot")
        self.backs: dict[Hand, Choices] = {}
        self.labels: dict[Hand, str] = {}
        self.buy_ins: dict[tuple[str, int], int] = {}
        self.seat_sets: dict[tuple[bool, ...], tuple[int, ...]] = {}
        self.zeros: tuple[int, ...] = (0,) * players
        self.nones: tuple[None, ...] = (None,) * players
        self.falses: tuple[bool, ...] = (False,) * players
        self.empties: tuple[tuple[Any, ...], ...] = ((),) * players
        self.ones = tuple((i,) for i in range(players))
        #: For each seat, every seat in turn order after it (itself last).
        self.order = tuple(tuple((i + k) % players for k in range(1, players + 1)) for i in range(players))
        #: For each seat and each set of seats as a bit mask, the first seat of the set in turn order after
        #: that seat (-1: none): the next pending seat of a betting round in one look-up.
        self.first_after = _first_after(self.order, players)
        self.masks: dict[tuple[bool, ...], int] = {}
        self.call_sets: dict[tuple[bool, ...], tuple[tuple[str, ...], ...]] = {}
        self.nexts: dict[tuple[bool, ...], tuple[int | None, ...]] = {}
        self.showdowns: dict[tuple[Any, ...], tuple[tuple[int, ...], int, bool]] = {}
        #: Two seats in at a showdown: for their kept hands (seat order), whether each wins a pot both are eligible for, and the trump.
        self.heads_up: dict[tuple[Any, ...], tuple[bool, bool, bool]] = {}

    def node(self, chain: DeckState) -> DeckNode:
        """The interned node of a deck."""
        got = self.nodes.get(chain)
        if got is None:
            got = self.nodes[chain] = DeckNode(chain)
        return got

    def draws_of(self, node: DeckNode) -> DrawInfo:
        """The exact draw classes of a deck node (made once per node)."""
        info = node.info
        if info is None:
            outs, total = draw_weights(node.chain, rules=self.rules)
            labelled = [(self.label(o.drawn), w, o) for o, w in outs]
            info = node.info = DrawInfo(
                tuple((lab, w) for lab, w, _o in labelled),
                [int(c) for c in np.cumsum([w for _l, w, _o in labelled])], total,
                {lab: Drawn(self, node, o.drawn, self.node(DeckState.trusted(o.deck_after, (), o.discard_after)),
                            o.reshuffled, lab) for lab, _w, o in labelled})
        return info

    def draw_info(self, deck: DeckState) -> DrawInfo:
        """The exact draw classes of ``deck``."""
        return self.draws_of(self.node(deck))

    def label(self, hand: Hand) -> str:
        """A hand's text (``"GH"``)."""
        lab = self.labels.get(hand)
        if lab is None:
            lab = self.labels[hand] = format_hand(hand, rules=self.rules)
        return lab

    def choices(self, drawn: Hand) -> Choices:
        """The distinct put-back choices of a drawn hand, worst card back first."""
        got = self.backs.get(drawn)
        if got is None:
            counts = counts_of(drawn, self.k)
            labels: list[str] = []
            by_label: dict[str, tuple[Hand, Hand, str]] = {}
            for vec, _w in sorted(hypergeometric(counts, self.rules.put_back)):
                back = tuple(i for i, c in enumerate(vec) for _ in range(c))
                kept = tuple(i for i, c in enumerate(counts) for _ in range(c - vec[i]))
                lab = self.label(back)
                labels.append(lab)
                by_label[lab] = (back, kept, self.label(kept))
            got = self.backs[drawn] = (tuple(labels), by_label)
        return got

    def buy_in(self, face: str, pot: int) -> int:
        """[`spin_buy_in`][dreidelpoker.games.two_dreidel.rulebook.betting.spin_buy_in] of ``face`` with ``pot`` chips in the middle."""
        got = self.buy_ins.get((face, pot))
        if got is None:
            got = self.buy_ins[(face, pot)] = spin_buy_in(face, pot, rules=self.rules)
        return got

    def next_deck(self, node: DeckNode, back: Hand, kept: Hand) -> DeckNode:
        """A player's deck at the start of the next hand: the put-back card(s) on top of the
        pile, the kept hand on the discard pile."""
        got = node.next.get((back, kept))
        if got is None:
            k = self.k
            deck = node.chain
            got = node.next[(back, kept)] = self.node(DeckState.trusted(
                tuple(d + b for d, b in zip(deck.deck, counts_of(back, k))), tuple(sorted(back)),
                tuple(d + h for d, h in zip(deck.discard, counts_of(kept, k)))))
        return got

    def showdown(self, kept: tuple[Hand | None, ...], contrib: tuple[int, ...], in_hand: tuple[bool, ...],
                 carry: int, button: int) -> tuple[tuple[int, ...], int, bool]:
        """[`showdown_payouts`][dreidelpoker.games.two_dreidel.rulebook.betting.showdown_payouts] (payouts, leftover,
        whether the trump decided), remembered by its arguments."""
        if in_hand.count(True) == 2:
            got = self._two_in(kept, contrib, in_hand, carry, button)
            if got is not None:
                return got
        key = (kept, contrib, in_hand, carry, button)
        got = self.showdowns.get(key)
        if got is None:
            payouts, leftover, trump = showdown_payouts(kept, contrib, in_hand, carry=carry, button=button, rules=self.rules)
            if len(self.showdowns) > 100_000:
                self.showdowns.clear()
            got = self.showdowns[key] = (tuple(payouts), leftover, trump)
        return got

    def _two_in(self, kept: tuple[Hand | None, ...], contrib: tuple[int, ...], in_hand: tuple[bool, ...], carry: int,
                button: int) -> tuple[tuple[int, ...], int, bool] | None:
        """`showdown` with two seats ``a < b`` still in: the main pot (every seat's chips up
        to the smaller of the two contributions, and the carry) to the winners of the two
        hands, remembered by the hands alone; the side pot up to the bigger contribution
        (only its seat is eligible) back to that seat; the folded seats' chips above it left
        over; an odd chip of a tie to the first of the two left of the button. ``None``: a
        seat without a hand (the general path reports it)."""
        a = in_hand.index(True)
        b = in_hand.index(True, a + 1)
        ha, hb = kept[a], kept[b]
        got = self.heads_up.get((ha, hb))
        if got is None:
            if ha is None or hb is None:
                return None
            # who wins a pot both are eligible for, and whether the trump decides: the general
            # settlement of one chip each (a tie splits it)
            paid, _left, trump = showdown_payouts((ha, hb), (1, 1), (True, True), carry=0, button=0, rules=self.rules)
            got = self.heads_up[(ha, hb)] = (paid[0] > 0, paid[1] > 0, trump)
        a_wins, b_wins, trump = got
        ca, cb = contrib[a], contrib[b]
        low, high = (ca, cb) if ca < cb else (cb, ca)
        if self.players == 2:  # heads-up: nobody folded chips into the pot
            main = low + low + carry
            side = high - low
            total = main + side
        else:
            main = side = 0
            total = carry
            for c in contrib:
                total += c
                main += c if c < low else low
                side += (c if c < high else high) - (c if c < low else low)
            main += carry
        out = list(self.zeros)
        if ca != cb:
            out[a if ca > cb else b] = side
        else:
            side = 0
        if a_wins and b_wins:
            share, odd = divmod(main, 2)
            out[a] += share
            out[b] += share
            if odd:  # the first of the two in turn order from the seat left of the button
                n = self.players
                out[a if (a - button - 1) % n < (b - button - 1) % n else b] += 1
        else:
            out[a if a_wins else b] += main
        return tuple(out), total - main - side, trump

    def next_seats(self, alive: tuple[bool, ...]) -> tuple[int | None, ...]:
        """For each seat, the next seat after it (going left, wrapping round) still in the game."""
        got = self.nexts.get(alive)
        if got is None:
            n = len(alive)
            got = self.nexts[alive] = tuple(
                next((j for j in ((i + k) % n for k in range(1, n + 1)) if alive[j]), None) for i in range(n))
        return got

    def mask(self, flags: tuple[bool, ...]) -> int:
        """The seats whose flag is set, as a bit mask."""
        got = self.masks.get(flags)
        if got is None:
            got = self.masks[flags] = sum(1 << i for i, a in enumerate(flags) if a)
        return got

    def calls(self, in_hand: tuple[bool, ...]) -> tuple[tuple[str, ...], ...]:
        """Each seat's legal actions at a spin when every seat in the hand may call."""
        got = self.call_sets.get(in_hand)
        if got is None:
            got = self.call_sets[in_hand] = tuple(("call", "fold") if a else () for a in in_hand)
        return got

    def seats(self, mask: tuple[bool, ...]) -> tuple[int, ...]:
        """The seats whose flag is set, in seat order."""
        got = self.seat_sets.get(mask)
        if got is None:
            got = self.seat_sets[mask] = tuple(i for i, a in enumerate(mask) if a)
        return got


def _first_after(order: tuple[tuple[int, ...], ...], players: int) -> tuple[tuple[int, ...], ...]:
    """`Tables.first_after`: for each seat's turn order, the first seat of every mask in it (-1 for
    none), written in numpy (a pass per seat: 8 players make 2,048 entries, ~1 ms one by one)."""
    masks = np.arange(1 << players)
    rows = []
    for after in order:
        row = np.full(1 << players, -1)
        for seat in reversed(after):  # the first in turn order is written last
            row[(masks >> seat) & 1 == 1] = seat
        rows.append(tuple(row.tolist()))
    return tuple(rows)


def _as_fraction(p: Any) -> tuple[int, int]:
    f = Fraction(str(p)).limit_denominator(10**12)
    return f.numerator, f.denominator


#: By (rules, players): registered with `dreidelpoker.clear_caches` (a first call builds them afresh).
_TABLES = ValueCache("dreidelpoker.games.two_dreidel.whole_game.play_tables.tables", maxsize=256)


def tables(players: int, *, rules: TwoDreidelRules) -> Tables:
    """The shared tables of ``rules`` at ``players`` seats (cached by value)."""
    key = (rules, players)
    t: Tables = _TABLES.remember(key, lambda: Tables(players, rules=rules))
    return t
