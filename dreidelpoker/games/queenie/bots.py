"""Queenie's bots: they see a [`QueenieObservation`][dreidelpoker.games.queenie.game.QueenieObservation] only.

Every bot answers two questions: at an offer, ``"keep"`` or ``"swap"``; at a lead with
two or more lowest cards of the same rank, which card. The rule-based bots lead the
card that lets them play the most of their own cards in a row ([`best_lead`][dreidelpoker.games.queenie.best_lead]).

* ``never-swap`` keeps every hand; ``always-swap`` takes the dummy whenever offered (so
  at a table of them the first player swaps for free).
* ``random`` flips a coin at each offer and leads a random card.
* ``heuristic`` scores its hand by shape ([`hand_score`][dreidelpoker.games.queenie.hand_score]: Queens, runs, low cards,
  colour balance, high cards, Jacks) and swaps when the score is below ``threshold``
  (more for a swap that costs chips).
* ``lookahead`` estimates by Monte Carlo, from its observation only, its chance of going
  out and of winning the queen pot with its hand and with the unseen dummy
  ([`dummy_value`][dreidelpoker.games.queenie.bots.dummy_value]), and takes the better.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from ._deck import Tables, tables
from .cards import cards_of
from .game import LEAD, OFFER, QueenieGame, QueenieObservation
from .rules import QueenieRules
from ...errors import InputError, shorten
from ...sampler import Sampler
from ...validation import check_arguments, check_count, check_field_types, check_literal_fields

__all__ = [
    "BOT_NAMES", "DummyValue", "HeuristicBot", "LookaheadBot", "always_swap_bot", "best_lead", "dummy_value",
    "hand_features", "hand_score", "never_swap_bot", "random_queenie_bot",
]

BOT_NAMES = ("never-swap", "always-swap", "random", "heuristic", "lookahead")


@check_arguments
def best_lead(hand: Sequence[int], legal: Sequence[int], ranks: int) -> int:
    """The lead that plays the most of one's own cards in a row, then the longest suit, then the lowest card.

    Parameters:
        hand: the cards held.
        legal: the cards that may be led.
        ranks: ranks per suit in the deck (13 for a full deck).

    Returns:
        The card to lead.

    Raises:
        InputError: no legal card, or ranks outside 2..13.

    Examples:
        >>> best_lead([0, 13, 14, 15], [0, 13], 13)  # AC alone; AD 2D 3D in a row
        13
    """
    check_count(ranks, "ranks", low=2, high=13)
    if not legal:
        raise InputError("legal must hold at least one card to lead")
    return _best_lead(sorted(hand), legal, ranks)


def _best_lead(hand: Sequence[int], legal: Sequence[int], ranks: int) -> int:
    """[`best_lead`][dreidelpoker.games.queenie.best_lead] without the argument checks, for a
    ``hand`` sorted lowest first (an observation's; the bots call it with the engine's own
    legal leads): runs and suit lengths are read off the sorted hand by bisection."""
    if len(legal) == 1:
        return legal[0]
    best, best_key = legal[0], (-1, -1, 0)
    size = len(hand)
    for c in legal:
        run = 0
        nxt = c + 1
        k = bisect_left(hand, nxt)
        while nxt % ranks and k < size and hand[k] == nxt:
            run += 1
            nxt += 1
            k += 1
        low = c - c % ranks
        key = (run, bisect_left(hand, low + ranks) - bisect_left(hand, low), -c)
        if key > best_key:
            best, best_key = c, key
    return best


def never_swap_bot(observation: QueenieObservation, legal_actions: Sequence[Any], rng: Sampler) -> Any:
    """Keeps every hand; leads with [`best_lead`][dreidelpoker.games.queenie.best_lead].

    Parameters:
        observation: what the seat sees.
        legal_actions: ``"keep"`` / ``"swap"`` at the dummy offer, else the cards it may lead.
        rng: the seat's random generator.

    Returns:
        The action.

    Examples:
        >>> never_swap_bot(None, ("keep", "swap"), Sampler(0))
        'keep'
    """
    if "keep" in legal_actions:
        return "keep"
    return _best_lead(observation.hand, legal_actions, observation.rules.deck_ranks)


def always_swap_bot(observation: QueenieObservation, legal_actions: Sequence[Any], rng: Sampler) -> Any:
    """Takes the dummy whenever it is offered; leads with [`best_lead`][dreidelpoker.games.queenie.best_lead].

    Parameters:
        observation: what the seat sees.
        legal_actions: ``"keep"`` / ``"swap"`` at the dummy offer, else the cards it may lead.
        rng: the seat's random generator.

    Returns:
        The action.

    Examples:
        >>> from dreidelpoker.games.queenie import QueenieRules, new_game
        >>> from dreidelpoker.play.runner import sample_chance
        >>> from dreidelpoker.sampler import Sampler
        >>> state = new_game(QueenieRules(players=3))
        >>> state = state.apply(sample_chance(state, Sampler(1)))  # the deal
        >>> seat = state.current_players[0]
        >>> always_swap_bot(state.observation(seat), state.legal_actions(seat), Sampler(0))
        'swap'
    """
    if "swap" in legal_actions:
        return "swap"
    return _best_lead(observation.hand, legal_actions, observation.rules.deck_ranks)


def random_queenie_bot(observation: QueenieObservation, legal_actions: Sequence[Any], rng: Sampler) -> Any:
    """Uniform over the legal actions (a coin flip at each offer, a random lead).

    Parameters:
        observation: what the seat sees.
        legal_actions: ``"keep"`` / ``"swap"`` at the dummy offer, else the cards it may lead.
        rng: the seat's random generator.

    Returns:
        One of ``legal_actions``.

    Examples:
        >>> from dreidelpoker.games.queenie import QueenieRules, new_game
        >>> from dreidelpoker.play.runner import sample_chance
        >>> from dreidelpoker.sampler import Sampler
        >>> state = new_game(QueenieRules(players=3))
        >>> state = state.apply(sample_chance(state, Sampler(1)))
        >>> seat = state.current_players[0]
        >>> random_queenie_bot(state.observation(seat), state.legal_actions(seat), Sampler(0)) in ("keep", "swap")
        True
    """
    return legal_actions[int(rng.integers(len(legal_actions)))]


def _reads_at_leads(legal_actions: Sequence[Any]) -> bool:
    """A bot that answers every offer alike reads its observation only to choose a lead."""
    return "keep" not in legal_actions


def _reads_nothing(legal_actions: Sequence[Any]) -> bool:
    return False


# The runner gives these bots ``None`` where they read no observation (the ``Bot`` protocol).
setattr(never_swap_bot, "observation_needed", _reads_at_leads)
setattr(always_swap_bot, "observation_needed", _reads_at_leads)
setattr(random_queenie_bot, "observation_needed", _reads_nothing)


@check_arguments
def hand_features(hand: Sequence[int], *, rules: QueenieRules) -> dict[str, int]:
    """The shape of a hand: what the source says players look at.

    Parameters:
        hand: the cards held.
        rules: the rules (for the deck's ranks and suits).

    Returns:
        ``queens``; ``jacks``; ``runs`` (pairs of consecutive ranks held in a suit);
        ``low`` (cards ranked 4 or lower); ``high`` (non-Queen cards in the top third
        of the ranks); ``imbalance`` (|red - black|); ``cards``.

    Examples:
        >>> from dreidelpoker.games.queenie.cards import card_from_name as c
        >>> f = hand_features([c(x) for x in ("AC", "2C", "3C", "QH", "KH", "JS")], rules=QueenieRules())
        >>> f["queens"], f["runs"], f["low"], f["high"], f["imbalance"], f["jacks"]
        (1, 3, 3, 2, 2, 1)
    """
    rk = rules.deck_ranks
    held = set(hand)
    q = rk - 2
    jack = q - 1 if rk >= 3 else -1
    low_below = min(4, rk - 2)
    high_from = rk - (rk // 3) - 1
    queens = jacks = runs = low = high = red = 0
    for c in hand:  # one pass (the heuristic bot asks at every offer)
        r = c % rk
        if r == q:
            queens += 1
        else:
            if r == jack:
                jacks += 1
            if r >= high_from:
                high += 1
        if r < low_below:
            low += 1
        if r + 1 < rk and c + 1 in held:
            runs += 1
        if (c // rk) % 2:
            red += 1
    return {"queens": queens, "jacks": jacks, "runs": runs, "low": low, "high": high,
            "imbalance": abs(2 * red - len(hand)), "cards": len(hand)}


#: The weights of [`hand_score`][dreidelpoker.games.queenie.hand_score].
SCORE_WEIGHTS = {"queens": 1.0, "runs": 0.5, "low": 0.4, "high": -0.4, "imbalance": -0.4, "jacks": -0.3}


@check_arguments
def hand_score(hand: Sequence[int], *, rules: QueenieRules, ignore: Sequence[str] = ()) -> float:
    """A hand's shape score: higher is a better hand to keep.

    ``sum(SCORE_WEIGHTS[f] * feature) - 0.3 * (cards - average cards)`` over
    `hand_features` (more cards are harder to get rid of).

    Parameters:
        hand: the cards held.
        rules: the rules.
        ignore: feature names (``SCORE_WEIGHTS`` keys) left out of the score.

    Returns:
        The score.

    Raises:
        InputError: a name in ``ignore`` that is not a feature.

    Examples:
        >>> from dreidelpoker.games.queenie.cards import card_from_name as c
        >>> hand_score([c(x) for x in ("AC", "2C", "3C", "4C")], rules=QueenieRules(players=8)) > hand_score(
        ...     [c(x) for x in ("KC", "JD", "9S", "TH")], rules=QueenieRules(players=8))
        True
    """
    f = hand_features(hand, rules=rules)
    avg = (rules.deck_size - 1) / (rules.players + 1)
    unknown = [k for k in ignore if k not in SCORE_WEIGHTS] if not isinstance(ignore, str) else [ignore]
    if unknown:
        raise InputError(f"ignore must name features of {', '.join(SCORE_WEIGHTS)}; got {shorten(unknown)}")
    return sum(w * f[k] for k, w in SCORE_WEIGHTS.items() if k not in ignore) - 0.3 * (f["cards"] - avg)


@dataclass(frozen=True)
class HeuristicBot:
    """Swaps when [`hand_score`][dreidelpoker.games.queenie.hand_score] is below ``threshold`` (minus ``cost_weight`` per chip the swap costs).

    Two options isolate the choices the source calls important (issue 21's Queenie study):

    * ``lead``: how it picks among equal lowest cards: ``"best"`` ([`best_lead`][dreidelpoker.games.queenie.best_lead]
      always), ``"plain"`` (the first legal card: no thought), ``"best-early"`` / ``"best-late"``
      (``best_lead`` only early / late in the deal: while holding more / at most half the
      cards a hand starts with on average);
    * ``ignore``: swap reasons (``SCORE_WEIGHTS`` keys) its score leaves out.

    Examples:
        >>> HeuristicBot(threshold=-100.0).name
        'heuristic'
        >>> HeuristicBot(ignore=("pairs",))
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: ignore: unknown swap reason 'pairs'; known: queens, runs, low, high, imbalance, jacks
    """

    threshold: float = 0.0
    cost_weight: float = 0.5
    name: str = "heuristic"
    lead: Literal["best", "plain", "best-early", "best-late"] = "best"
    ignore: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        check_field_types(self)
        check_literal_fields(self)
        for reason in self.ignore:
            if reason not in SCORE_WEIGHTS:
                raise InputError(f"ignore: unknown swap reason {reason!r}; known: {', '.join(SCORE_WEIGHTS)}")

    def __call__(self, observation: QueenieObservation, legal_actions: Sequence[Any], rng: Sampler) -> Any:
        r = observation.rules
        if "swap" in legal_actions:
            cost = r.first_swap_cost if observation.position == 1 else r.swap_cost
            score = hand_score(observation.hand, rules=r, ignore=self.ignore)
            return "swap" if score < self.threshold - self.cost_weight * cost else "keep"
        if self.lead != "best" and len(legal_actions) > 1:
            late = len(observation.hand) * 2 <= (r.deck_size - 1) / (r.players + 1)
            if self.lead == "plain" or (self.lead == "best-early") == late:
                return legal_actions[0]
        return _best_lead(observation.hand, legal_actions, r.deck_ranks)


@dataclass(frozen=True)
class DummyValue:
    """A Monte Carlo estimate of keeping against swapping, from one seat's observation.

    Attributes:
        keep_out, swap_out: the chance of going out (keeping / taking the dummy).
        keep_queen, swap_queen: the chance of winning the queen pot.
        keep_chips, swap_chips: the expected chips won from the two pots this deal,
            minus the swap's cost.
        samples: layouts of the unseen cards sampled.
    """

    keep_out: float
    swap_out: float
    keep_queen: float
    swap_queen: float
    keep_chips: float
    swap_chips: float
    samples: int

    @property
    def best(self) -> str:
        """``"swap"`` when swapping is worth more chips, else ``"keep"``."""
        return "swap" if self.swap_chips > self.keep_chips else "keep"

    def half_width(self, p: float) -> float:
        """The 95% half-width of a chance estimated from these samples."""
        return float(1.96 * np.sqrt(max(p * (1 - p), 1e-12) / self.samples))


def sample_layout(observation: QueenieObservation, rng: Sampler) -> QueenieGame:
    """A full state consistent with an offer-phase observation (unseen cards dealt at random).

    Raises:
        ValueError: the observation is not at an offer.
    """
    if observation.phase != "offer":
        raise InputError(f"observation: a dummy value needs an offer, got phase {observation.phase!r}")
    r = observation.rules
    t: Tables = tables(r)
    n = r.players
    mine = 0
    for c in observation.hand:
        mine |= 1 << c
    unseen = [c for c in range(t.full.bit_length()) if not mine >> c & 1]
    perm = rng.permutation(len(unseen))
    pool = [unseen[i] for i in perm]
    hands = [0] * n
    k = 0
    for s in range(n):
        if s == observation.seat:
            hands[s] = mine
            continue
        for c in pool[k:k + observation.hand_sizes[s]]:
            hands[s] |= 1 << c
        k += observation.hand_sizes[s]
    dummy = 0
    for c in pool[k:k + observation.dummy_size]:
        dummy |= 1 << c
    k += observation.dummy_size
    rest = pool[k:]
    qcard = rest[0]
    if r.queen_card_queen == "redraw":
        qcard = next((c for c in rest if not t.queen_mask >> c & 1), rest[0])
    offer = observation.position
    return QueenieGame(r, 1, 0, observation.button, observation.chips, observation.pots, OFFER, 0, t.deal_count,
                       tuple(hands), dummy, 0, qcard, offer, -1, 0, -1, (), -1, (-1,) * t.suits, (0, 0, 0),
                       (0,) * 10, (0,) * n, (0,) * n)


def _finish_deal(state: QueenieGame) -> QueenieGame:
    """Play to the end of the deal: later offers are declined, leads use [`best_lead`][dreidelpoker.games.queenie.best_lead]."""
    r = state.rules
    while state.phase in (OFFER, LEAD):
        if state.phase == OFFER:
            state = state.apply("keep")
        else:
            state = state.apply(_best_lead(cards_of(state.hands[state.leader]), state.lead_cards, r.deck_ranks))
    return state


@check_arguments
def dummy_value(observation: QueenieObservation, *, samples: int = 32, rng: Sampler | None = None) -> DummyValue:
    """Keep or swap, by Monte Carlo over the unseen cards, from ``observation`` only.

    The unseen cards are dealt at random into the other hands, the dummy and the
    queen-pot card; the deal is played out once keeping and once swapping (later players
    keep; every lead by [`best_lead`][dreidelpoker.games.queenie.best_lead]).

    Parameters:
        observation: an offer-phase observation.
        samples: layouts to sample (1 to 100,000).
        rng: the random generator (default: seeded 0).

    Returns:
        A [`DummyValue`][dreidelpoker.games.queenie.bots.DummyValue].

    Raises:
        ValueError: not an offer, or a bad sample count.

    Examples:
        >>> from dreidelpoker.games.queenie.game import new_game
        >>> g = new_game(QueenieRules(players=4))
        >>> g = g.apply(g.sample_chance(Sampler(1)))
        >>> v = dummy_value(g.observation(0), samples=8)
        >>> v.best in ("keep", "swap"), v.samples
        (True, 8)
    """
    check_count(samples, "samples", low=1, high=100_000)
    rng = rng if rng is not None else Sampler(0)
    seat = observation.seat
    r = observation.rules
    cost = r.first_swap_cost if observation.position == 1 else r.swap_cost
    going, queen = observation.pots
    out = [0, 0]
    qwin = [0, 0]
    chips = [0.0, 0.0]
    for _ in range(samples):
        layout = sample_layout(observation, rng)
        for k, action in enumerate(("keep", "swap")):
            end = _finish_deal(layout.apply(action))
            d = end.last_deal
            assert d is not None
            pot_out = going + (cost if action == "swap" else 0)
            if d.out_winner == seat:
                out[k] += 1
                chips[k] += pot_out
            if d.queen_winner == seat:
                qwin[k] += 1
                chips[k] += queen
    chips[1] -= cost * samples
    return DummyValue(out[0] / samples, out[1] / samples, qwin[0] / samples, qwin[1] / samples,
                      chips[0] / samples, chips[1] / samples, samples)


@dataclass(frozen=True)
class LookaheadBot:
    """Takes the dummy when `dummy_value` says it is worth more chips; leads with [`best_lead`][dreidelpoker.games.queenie.best_lead].

    Examples:
        >>> from dreidelpoker.games.queenie import QueenieRules, new_game
        >>> from dreidelpoker.play.runner import sample_chance
        >>> from dreidelpoker.sampler import Sampler
        >>> state = new_game(QueenieRules(players=3))
        >>> state = state.apply(sample_chance(state, Sampler(1)))
        >>> seat = state.current_players[0]
        >>> LookaheadBot(samples=4)(state.observation(seat), state.legal_actions(seat), Sampler(0)) in ("keep", "swap")
        True
    """

    samples: int = 24

    def __post_init__(self) -> None:
        check_field_types(self)
        check_count(self.samples, "samples", low=1, high=100_000)
    name: str = "lookahead"

    def __call__(self, observation: QueenieObservation, legal_actions: Sequence[Any], rng: Sampler) -> Any:
        if "swap" in legal_actions:
            return dummy_value(observation, samples=self.samples, rng=rng).best
        return _best_lead(observation.hand, legal_actions, observation.rules.deck_ranks)


def make_heuristic(rules: QueenieRules) -> Any:
    """Factory for ``heuristic``."""
    return HeuristicBot()


def make_lookahead(rules: QueenieRules) -> Any:
    """Factory for ``lookahead``."""
    return LookaheadBot()

