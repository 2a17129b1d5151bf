"""Skirmish on a small deck as an exact absorbing Markov chain.

Between skirmishes a game is fully described by each player's draw pile and discard
pile *as multisets* (a draw pile's order is never fixed in advance: every card laid is a
uniform draw from it) and by who won the last pile (who captures first after a tie).
With deterministic capture bots (``optimal``, ``greedy``, ``spendthrift``) one skirmish
maps such a state to the next with exact rational probabilities, so a whole game is an
absorbing [`MarkovChain`][dreidelpoker.markov.MarkovChain] whose absorbing states are the two
wins (and a draw, on tiny decks).

The transitions are built from the engine itself: each player's lay is enumerated card by
card (with the same count weights as [`SkirmishGame.chance_outcomes`][dreidelpoker.games.skirmish.SkirmishGame.chance_outcomes], refills
included), and the two lays are resolved by the engine's own pile and capture steps. So the
chain and the simulator cannot disagree on the rules; the tests check one against the
other, and the transitions against a plain card-by-card expansion of the engine.

Examples:
    >>> from dreidelpoker.games.skirmish.rules import SkirmishRules
    >>> r = analyze_small_deck(SkirmishRules(deck=(1, 1, 2, 2, 3, 3), line_size=1, pile_size=1), "optimal")
    >>> r.win_seat1 + r.win_seat2 + r.draw == 1, r.states, float(r.expected_skirmishes)
    (True, 151, 6.880910362564393)
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from ..._fractions import frac_str
from ...exact import ExactMapping, ExactRecord, hold_exact

if TYPE_CHECKING:
    import sympy
from ...errors import InputError
from ...markov import MarkovChain
from .bots import BOTS
from .game import CAPTURE, LAY, OVER, SkirmishGame, deal_state, new_game, runs
from .rules import SkirmishRules
from ...validation import check_arguments

__all__ = ["PileOdds", "SmallDeckResult", "analyze_small_deck", "deal_distribution", "lay_outcomes", "pile_card_odds",
           "skirmish_chain",
           "skirmish_transitions"]

#: A state between skirmishes: (draw 1, discard 1, draw 2, discard 2, last pile winner);
#: or ("win", seat) / ("draw",) at the end.
ChainState = tuple[Any, ...]
DETERMINISTIC_BOTS = ("optimal", "greedy", "spendthrift")


def lay_outcomes(draw: tuple[int, ...], discard: tuple[int, ...], line_n: int, pile_n: int, *,
                 ordered_pile: bool) -> ExactMapping[tuple[Any, ...]]:
    """Every way one player's lay can come out, with its exact probability.

    Cards come off the draw pile one by one (each rank weighted by its copies); an empty
    draw pile is replaced by the discard ([Skirmish rules][rules-3] refill). The key is
    ``(line, pile, draw after, discard after)``: the line sorted, the pile in lay order
    (the last card face up) when ``ordered_pile``, else its face-down cards sorted and
    then the face-up card.

    Parameters:
        draw: the draw pile (ranks, sorted).
        discard: the discard pile (ranks, sorted).
        line_n: cards laid on the line.
        pile_n: cards laid on the pile.
        ordered_pile: keep the pile's cards in lay order (``tie="war"`` needs it).

    Returns:
        ``{(line, pile, draw after, discard after): probability}`` (sympy Rationals;
        ``.fractions()`` for Fractions).

    Examples:
        >>> sorted(lay_outcomes((1, 2), (), 1, 1, ordered_pile=False).items())
        [(((1,), (2,), (), ()), 1/2), (((2,), (1,), (), ()), 1/2)]
    """
    partial: dict[tuple[Any, ...], Fraction] = {((), (), draw, discard): Fraction(1)}
    for k in range(line_n + pile_n):
        nxt: dict[tuple[Any, ...], Fraction] = {}
        for (line, pile, dr, dc), p in partial.items():
            if not dr:
                dr, dc = tuple(sorted(dc)), ()
            n = len(dr)
            for r, w in runs(dr):
                i = dr.index(r)
                rest = dr[:i] + dr[i + 1:]
                if k < line_n:
                    key = (tuple(sorted(line + (r,))), pile, rest, dc)
                elif ordered_pile or k == line_n + pile_n - 1:
                    key = (line, pile + (r,), rest, dc)
                else:
                    key = (line, tuple(sorted(pile + (r,))), rest, dc)
                nxt[key] = nxt.get(key, Fraction(0)) + p * Fraction(w, n)
        partial = nxt
    return ExactMapping(partial)


def _resolve(g: SkirmishGame, bots: tuple[Any, Any]) -> SkirmishGame:
    g = g.resolve_piles()
    rng = np.random.default_rng(0)  # deterministic bots never use it
    while g.phase == CAPTURE:
        s = g.seat
        g = g.apply(bots[s](g.observation(s), g.legal_actions(s), rng))
    return g


def _state_of(g: SkirmishGame) -> ChainState:
    if g.phase == OVER:
        return ("draw",) if g.winner == 2 else ("win", g.winner)
    return _normal(g.draw[0], tuple(sorted(g.discard[0]))) + _normal(g.draw[1], tuple(sorted(g.discard[1]))) + (
        g.prev_winner,)


def _normal(draw: tuple[int, ...], discard: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """An empty draw pile is refilled from the discard before it is drawn from: one key for both."""
    return (discard, ()) if not draw else (draw, discard)


def skirmish_transitions(state: ChainState, bots: tuple[str, str], *,
                         rules: SkirmishRules) -> ExactMapping[ChainState]:
    """The exact distribution of the state after one skirmish from ``state``.

    Parameters:
        rules: the rules.
        state: the state before the skirmish.
        bots: the two seats' bots (deterministic).

    Returns:
        ``{next state: probability}`` (sympy Rationals, ``.fractions()`` for Fractions; a
        finished game loops on itself).

    Raises:
        ValueError: a bot that is not deterministic (``random``).
    """
    for b in bots:
        if b not in DETERMINISTIC_BOTS:
            raise InputError(f"bots: the exact chain needs deterministic bots ({', '.join(DETERMINISTIC_BOTS)}), "
                             f"got {b!r}")
    if state[0] in ("win", "draw"):
        return ExactMapping({state: Fraction(1)})
    draw0, disc0, draw1, disc1, prev = state
    ordered = rules.tie == "war"
    sizes = rules.lay_sizes(len(draw0) + len(disc0)) + rules.lay_sizes(len(draw1) + len(disc1))
    seat0 = lay_outcomes(draw0, disc0, sizes[0], sizes[1], ordered_pile=ordered).fractions()
    seat1 = lay_outcomes(draw1, disc1, sizes[2], sizes[3], ordered_pile=ordered).fractions()
    lose = rules.losing_cards
    out: dict[ChainState, Fraction] = {}
    for (l0, p0, d0, c0), q0 in seat0.items():
        for (l1, p1, d1, c1), q1 in seat1.items():
            add0, add1, first = _skirmish_result(rules, l0, p0, l1, p1, prev, bots)
            disc0_, disc1_ = tuple(sorted(c0 + add0)), tuple(sorted(c1 + add1))
            n0, n1 = len(d0) + len(disc0_), len(d1) + len(disc1_)
            if n0 <= lose or n1 <= lose:
                nxt: ChainState = ("draw",) if n0 <= lose and n1 <= lose else ("win", 1 if n0 <= lose else 0)
            else:
                nxt = _normal(d0, disc0_) + _normal(d1, disc1_) + (first,)
            out[nxt] = out.get(nxt, Fraction(0)) + q0 * q1
    return ExactMapping(out)


_RESULTS: dict[tuple[Any, ...], tuple[tuple[int, ...], tuple[int, ...], int]] = {}


def _skirmish_result(rules: SkirmishRules, l0: tuple[int, ...], p0: tuple[int, ...], l1: tuple[int, ...],
                     p1: tuple[int, ...], prev: int, bots: tuple[str, str]) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The cards each seat adds to its discard in a skirmish, and the last pile winner after it,
    by the engine's own pile and capture steps (cached)."""
    key = (rules, l0, p0, l1, p1, prev, bots)
    hit = _RESULTS.get(key)
    if hit is None:
        funcs = (BOTS[bots[0]](rules), BOTS[bots[1]](rules))
        base = new_game(rules, hand_limit=10**9)
        g = SkirmishGame(rules, (), ((), ()), ((), ()), (l0, l1), (p0, p1), LAY, 1, (0, 0, 0, 0), ((), ()), prev,
                         0, base.limit, False, -1, base.stats, base.log)
        end = _resolve(g, funcs)
        # everything the seats own after it came from this skirmish (a refill may already have
        # turned a discard into a draw pile for the next one)
        hit = (end.draw[0] + end.discard[0], end.draw[1] + end.discard[1], end.prev_winner)
        if len(_RESULTS) > 1_000_000:  # pragma: no cover
            _RESULTS.clear()
        _RESULTS[key] = hit
    return hit


def deal_distribution(rules: SkirmishRules) -> ExactMapping[ChainState]:
    """The exact distribution of the state after the deal (each half a multiset; seat 1 first to capture on a tie).

    Parameters:
        rules: the rules.

    Returns:
        ``{state: probability}`` (sympy Rationals, ``.fractions()`` for Fractions); the
        probabilities sum to 1.

    Examples:
        >>> d = deal_distribution(SkirmishRules(deck=(1, 1, 2, 2), line_size=0, pile_size=1, lose_at=0))
        >>> sorted(d.values())
        [1/6, 1/6, 2/3]
    """
    deck = rules.deck
    half = rules.half
    dist: dict[tuple[int, ...], Fraction] = {(): Fraction(1)}
    for _ in range(half):  # seat 1's half, card by card from the undealt deck
        nxt: dict[tuple[int, ...], Fraction] = {}
        for hand, p in dist.items():
            rest = list(deck)
            for r in hand:
                rest.remove(r)
            for r, w in runs(tuple(rest)):
                key = tuple(sorted(hand + (r,)))
                nxt[key] = nxt.get(key, Fraction(0)) + p * Fraction(w, len(rest))
        dist = nxt
    out: dict[ChainState, Fraction] = {}
    for hand, p in dist.items():
        g = deal_state(hand, _minus(deck, hand), hand_limit=10**9, rules=rules)
        key = _state_of(g)
        out[key] = out.get(key, Fraction(0)) + p
    return ExactMapping(out)


def _minus(deck: tuple[int, ...], hand: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(deck)
    for r in hand:
        rest.remove(r)
    return tuple(rest)


def skirmish_chain(rules: SkirmishRules, bots: tuple[str, str] = ("optimal", "optimal")) -> MarkovChain[Hashable]:
    """The whole game as an absorbing chain: a ``"start"`` state (the deal), then one step per skirmish.

    Parameters:
        rules: the rules.
        bots: the two seats' bots (deterministic: ``optimal``, ``greedy`` or ``spendthrift``).

    Returns:
        The absorbing [`MarkovChain`][dreidelpoker.markov.MarkovChain].

    Raises:
        ValueError: a bot that is not deterministic.
    """
    deal = deal_distribution(rules).fractions()
    transitions: dict[Hashable, Mapping[Any, Fraction]] = {"start": deal}
    todo: list[ChainState] = list(deal)
    while todo:
        s = todo.pop()
        if s in transitions:
            continue
        row = skirmish_transitions(s, bots, rules=rules).fractions()
        transitions[s] = row
        todo.extend(t for t in row if t not in transitions)
    return MarkovChain.from_transitions(transitions)


@hold_exact("win_seat1", "win_seat2", "draw", "expected_skirmishes")
@dataclass(frozen=True)
class SmallDeckResult(ExactRecord):
    """Exact whole-game results on a small deck ([`analyze_small_deck`][dreidelpoker.games.skirmish.chain.analyze_small_deck]).

    Attributes:
        rules: the rules; bots: the two bots (seat 1 first).
        states: chain states (the start, states between skirmishes, the ends).
        win_seat1, win_seat2, draw: exact probabilities (sympy Rationals).
        expected_skirmishes: the exact expected number of skirmishes.

    The exact values are held as Fractions (``.fractions()`` gives them as held).
    """

    rules: SkirmishRules
    bots: tuple[str, str]
    states: int
    win_seat1: sympy.Rational
    win_seat2: sympy.Rational
    draw: sympy.Rational
    expected_skirmishes: sympy.Rational

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules.label, "bots": list(self.bots), "states": self.states,
                **{name: frac_str(v) for name, v in self.fractions().items()}}


@check_arguments
def analyze_small_deck(rules: SkirmishRules, bots: tuple[str, str] | str = ("optimal", "optimal")) -> SmallDeckResult:
    """Exact win probabilities and expected length of a small-deck game under deterministic bots.

    Parameters:
        rules: the rules (keep the deck small: the state space grows fast).
        bots: two deterministic bots, or one name for both seats.

    Returns:
        A `SmallDeckResult` of exact sympy Rationals.

    Raises:
        ValueError: a bot that is not deterministic, or a chain whose game may never end
            (then it has no absorption probabilities; the chain raises).

    Examples:
        >>> r = analyze_small_deck(SkirmishRules(deck=(1, 1, 2, 2, 3, 3), line_size=1, pile_size=1), "greedy")
        >>> r.win_seat1 == r.win_seat2
        True
    """
    pair = (bots, bots) if isinstance(bots, str) else (bots[0], bots[1])
    chain = skirmish_chain(rules, pair)
    chain.exact_limit = max(chain.exact_limit, len(chain))
    summary = chain.absorption_summary("start", method="exact")
    absorbed = summary.probabilities
    assert isinstance(absorbed, ExactMapping)  # an exact chain answers in one
    steps_raw, held = summary.fractions()["expected_steps"], absorbed.fractions()
    zero = Fraction(0)
    return SmallDeckResult(rules, pair, len(chain), held.get(("win", 0), zero), held.get(("win", 1), zero),
                           held.get(("draw",), zero), steps_raw - 1)


@hold_exact("win_seat1", "win_seat2", "tie")
@dataclass(frozen=True)
class PileOdds(ExactRecord):
    """Exact odds of the first pile comparison over one random deal ([`pile_card_odds`][dreidelpoker.games.skirmish.chain.pile_card_odds]),
    held as Fractions and shown as sympy Rationals (``.fractions()`` gives them as held)."""

    win_seat1: sympy.Rational
    win_seat2: sympy.Rational
    tie: sympy.Rational

    def to_dict(self) -> dict[str, str]:
        return {name: frac_str(v) for name, v in self.fractions().items()}


@check_arguments
def pile_card_odds(rules: SkirmishRules) -> PileOdds:
    """The exact probability that each seat's pile wins the first skirmish, or that they tie,
    over one uniformly random deal.

    The 2 x ``pile_size`` pile cards of a fresh deal are a uniform ordered sample of distinct
    cards of the deck. With ``tie="own-pile"`` only the face-up cards count; with
    ``tie="war"`` a tie goes on to the next card down, and a tie all the way down is a tie.
    The two seats are symmetric, so each wins with (1 - tie) / 2.

    Parameters:
        rules: the rules.

    Returns:
        A `PileOdds` (seat 1 wins, seat 2 wins, tie; exact).

    Examples:
        >>> pile_card_odds(SkirmishRules()).tie
        1/17
        >>> pile_card_odds(SkirmishRules(tie="war")).tie
        1453/112559125
    """
    counts = {r: n for r, n in runs(rules.deck)}
    depth = 1 if rules.tie == "own-pile" else min(rules.lay_sizes(rules.half)[1], rules.half)

    def all_tie(cnt: tuple[tuple[int, int], ...], left: int, total: int) -> Fraction:
        if left == 0:
            return Fraction(1)
        out = Fraction(0)
        for i, (r, n) in enumerate(cnt):
            if n >= 2:
                rest = cnt[:i] + ((r, n - 2),) + cnt[i + 1:]
                out += Fraction(n * (n - 1), total * (total - 1)) * all_tie(rest, left - 1, total - 2)
        return out

    tie = all_tie(tuple(sorted(counts.items())), depth, len(rules.deck))
    return PileOdds((1 - tie) / 2, (1 - tie) / 2, tie)
