"""The deck cycle of one Two Dreidel player as an exact Markov chain ([Two Dreidel rules: deck cycle][rules-1-2]).

A [`DeckState`][dreidelpoker.games.two_dreidel.DeckState] is what a player knows at the start of a hand: the composition of
their draw pile, the card(s) they put back on top last hand, and their discard pile
(every card is in one or the other between hands). One step of the chain is one hand:
draw ``rules.draw`` cards (the known top card(s) first; if the pile runs out, draw what is
left, shuffle the discard into a new pile and go on), put ``rules.put_back`` of them back
on top of the pile as the policy says, keep the rest, and discard the kept hand at the end.

The deck *size* moves deterministically (every hand takes ``draw - put_back`` cards from
the pile until a reshuffle refills it), so the chain is periodic: its states fall into
layers by deck size that the chain visits in a fixed cycle. [`DeckChain`][dreidelpoker.games.two_dreidel.DeckChain] uses that
structure for fast exact long-run answers (an exact solve on the smallest layer only) and
the generic [`MarkovChain`][dreidelpoker.markov.MarkovChain] for everything else.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ...._fractions import frac_str, to_rational
from ....display import table_html, text_table, to_pandas_frame
from ....exact import Distribution, ExactMapping, ExactRecord, ExactTable, hold_exact
from ..rulebook.deck import DeckState, DrawOutcome, counts_of, draw_weights
from .policies import Policy, ResolvedPolicy, resolve_policy
from ..rulebook.ranking import Hand, format_hand, heads_up_points, normal_key, trumps
from ..rulebook.size import check_chain_size, estimated_states
from ....limits import MAX_HAND_NUMBER, progress_bar
from ....validation import check_arguments, check_count, default_rules
from ..rulebook.rules import TwoDreidelRules
from ....errors import InputError, InputTypeError, ResourceLimitError

if TYPE_CHECKING:
    import sympy

    from ....markov import MarkovChain

__all__ = [
    "DeckChain", "HandStep", "HeadsUpLongRun", "MAX_STEP_WORK", "deck_chain", "deck_size_cycle",
    "hand_steps", "heads_up_long_run", "transitions",
]

Counts = tuple[int, ...]

#: Most state-steps (hands x chain states) of the hand-by-hand answers (``state_distribution``,
#: ``hand_distributions``, ``reshuffle_schedule``).
MAX_STEP_WORK = 20_000_000

#: Chains larger than this are refused (the deck presets need a few hundred states).
DEFAULT_MAX_STATES = 200_000


# One hand of the cycle: the draw classes, what the policy puts back and keeps, the next state.

def _hand(counts: Counts) -> Hand:
    return tuple(i for i, c in enumerate(counts) for _ in range(c))


@dataclass(frozen=True)
class HandStep:
    """One class of hands played from a state: what was drawn, put back and kept, where
    the deck stands at the start of the next hand, and the class's integer weight."""

    drawn: Hand
    put_back: Hand
    kept: Hand
    next_state: DeckState
    weight: int
    reshuffled: bool


def after_hand(outcome: DrawOutcome, put_back: Hand, kept: Hand, k: int) -> DeckState:
    """The state at the start of the next hand: the put-back card(s) on top of the pile,
    the kept hand on the discard ([Two Dreidel rules: deck cycle][rules-1-2] steps 2 and 3)."""
    back = counts_of(put_back, k)
    held = counts_of(kept, k)
    return DeckState.trusted(
        tuple(d + b for d, b in zip(outcome.deck_after, back)),
        tuple(sorted(put_back)),
        tuple(d + h for d, h in zip(outcome.discard_after, held)),
    )


def hand_steps(state: DeckState, policy: ResolvedPolicy, *, rules: TwoDreidelRules) -> tuple[list[HandStep], int]:
    """Every class of hands from ``state`` under ``policy``, with weights and their total.

    Parameters:
        rules: the rules.
        state: the deck state before the draw.
        policy: the resolved keep policy.

    Returns:
        ``(steps, total weight)``.

    Examples:
        >>> rules = TwoDreidelRules()
        >>> steps, total = hand_steps(DeckState.fresh(rules), resolve_policy("normal-best", rules=rules), rules=rules)
        >>> total, sum(s.weight for s in steps)
        (220, 220)
    """
    outcomes, total = draw_weights(state, rules=rules)
    k = len(rules.symbols)
    steps = []
    for outcome, w in outcomes:
        back = policy.put_back_at(outcome.drawn, state)
        kept = _remove(outcome.drawn, back)
        steps.append(HandStep(outcome.drawn, back, kept, after_hand(outcome, back, kept, k), w, outcome.reshuffled))
    return steps, total


def _remove(drawn: Hand, back: Hand) -> Hand:
    kept = list(drawn)
    for c in back:
        kept.remove(c)
    return tuple(kept)


def transitions(state: DeckState, policy: Policy | ResolvedPolicy, *, rules: TwoDreidelRules) -> ExactMapping[DeckState]:
    """The deck chain's transition function: next state -> exact probability.

    Parameters:
        rules: the rules.
        state: the deck state at the start of a hand.
        policy: the keep policy (a name, a callable or a resolved policy).

    Returns:
        ``{next state: probability}`` (sympy Rationals; ``.fractions()`` for Fractions).

    Examples:
        >>> rules = TwoDreidelRules()
        >>> nxt = transitions(DeckState.fresh(rules), "normal-best", rules=rules)
        >>> len(nxt), sum(nxt.values())
        (12, 1)
    """
    pol = resolve_policy(policy, rules=rules)
    steps, total = hand_steps(state, pol, rules=rules)
    out: dict[DeckState, Fraction] = {}
    for s in steps:
        out[s.next_state] = out.get(s.next_state, Fraction(0)) + Fraction(s.weight, total)
    return ExactMapping(out)


def deck_size_cycle(rules: TwoDreidelRules, *, start_size: int | None = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Deck sizes at the start of each hand: ``(prefix, cycle)``.

    The deck size does not depend on the cards, so the sizes run through ``prefix`` once
    and then repeat ``cycle`` forever; a reshuffle happens on every hand that starts with
    fewer than ``rules.draw`` cards in the pile.

    Parameters:
        rules: the rules.
        start_size: the pile's size at the first hand (default: the whole deck).

    Returns:
        ``(prefix, cycle)``.

    Examples:
        >>> deck_size_cycle(TwoDreidelRules())
        ((12,), (10, 8, 6, 4, 2))
    """
    size = rules.deck_size if start_size is None else start_size
    seen: dict[int, int] = {}
    order: list[int] = []
    while size not in seen:
        seen[size] = len(order)
        order.append(size)
        size = _next_size(rules, size)
    i = seen[size]
    return tuple(order[:i]), tuple(order[i:])


def _next_size(rules: TwoDreidelRules, size: int) -> int:
    if size >= rules.draw:
        return size - rules.draw + rules.put_back
    return rules.deck_size - rules.draw + rules.put_back


@dataclass(frozen=True)
class StateInfo:
    """Per-state facts of a chain under a fixed policy (exact, as Fractions): the next
    states, the kept hands and the chance of a reshuffle (the MDP builds them too)."""

    next: dict[DeckState, Fraction]
    kept: dict[Hand, Fraction]
    reshuffle: Fraction


def _state_info(rules: TwoDreidelRules, state: DeckState, policy: ResolvedPolicy) -> StateInfo:
    steps, total = hand_steps(state, policy, rules=rules)
    nxt: dict[DeckState, Fraction] = {}
    kept: dict[Hand, Fraction] = {}
    resh = 0
    for s in steps:
        p = Fraction(s.weight, total)
        nxt[s.next_state] = nxt.get(s.next_state, Fraction(0)) + p
        kept[s.kept] = kept.get(s.kept, Fraction(0)) + p
        resh += s.weight if s.reshuffled else 0
    return StateInfo(nxt, kept, Fraction(resh, total))


def _explore(
    rules: TwoDreidelRules, start: DeckState, policy: ResolvedPolicy, max_states: int
) -> dict[DeckState, StateInfo]:
    info: dict[DeckState, StateInfo] = {}
    stack = [start]
    # A bar on a terminal or in Jupyter, under use_progress(True) (the CLI), after a second of work.
    with progress_bar(estimated_states(rules), "deck chain: exploring", unit=" states", min_total=0) as bar:
        while stack:
            s = stack.pop()
            if s in info:
                continue
            if len(info) >= max_states:
                raise InputError(
                    f"the deck chain of {rules.deck_label} under {policy.name!r} has more than max_states="
                    f"{max_states} states; raise max_states if you have the memory"
                )
            info[s] = si = _state_info(rules, s, policy)
            bar.update(1)
            stack.extend(t for t in si.next if t not in info)
    return info


def _mat_vec(vec: Mapping[DeckState, Fraction], info: Mapping[DeckState, StateInfo]) -> dict[DeckState, Fraction]:
    out: dict[DeckState, Fraction] = {}
    for s, p in vec.items():
        for t, q in info[s].next.items():
            out[t] = out.get(t, Fraction(0)) + p * q
    return out


def _hand_dist(
    rules: TwoDreidelRules, weights: Mapping[Hand, Fraction], title: str
) -> Distribution[str]:
    order = sorted((h for h, p in weights.items() if p), key=normal_key, reverse=True)
    return Distribution.from_probabilities(
        {format_hand(h, rules=rules): weights[h] for h in order}, title=title, outcome_name="hand"
    )


class DeckChain:
    """The exact deck-cycle chain of one player under one keep policy.

    Build it with [`deck_chain`][dreidelpoker.games.two_dreidel.deck_chain]. States are [`DeckState`][dreidelpoker.games.two_dreidel.DeckState] s reachable from
    ``start``; ``chain`` is the generic [`MarkovChain`][dreidelpoker.markov.MarkovChain].

    Examples:
        >>> dc = deck_chain(TwoDreidelRules(), policy="normal-best")
        >>> dc.n_states, dc.period
        (69, 5)
        >>> dc.long_run_hands()["GH"]
        1/11
    """

    def __init__(self, rules: TwoDreidelRules, policy: ResolvedPolicy, start: DeckState,
                 info: dict[DeckState, StateInfo]) -> None:
        self.rules = rules
        self.policy = policy
        self.start = start
        self._info = info
        self.prefix, self.cycle = deck_size_cycle(rules, start_size=start.deck_size)

    # -- structure ------------------------------------------------------------------
    @property
    def states(self) -> list[DeckState]:
        """Every state reachable from ``start`` (the fresh deck first)."""
        return list(self._info)

    @property
    def n_states(self) -> int:
        return len(self._info)

    def successors(self, state: DeckState) -> ExactMapping[DeckState]:
        """The transition function: next state -> exact probability (sympy Rationals;
        ``.fractions()`` for Fractions)."""
        return ExactMapping(self._info[state].next)

    def kept_distribution(self, state: DeckState) -> ExactMapping[Hand]:
        """The kept hand's distribution on a hand that starts from ``state`` (sympy Rationals;
        ``.fractions()`` for Fractions)."""
        return ExactMapping(self._info[state].kept)

    @cached_property
    def chain(self) -> MarkovChain[DeckState]:
        """The generic exact Markov chain (networkx graph, classification, solvers)."""
        from ....markov import MarkovChain

        return MarkovChain.from_transitions({s: i.next for s, i in self._info.items()})

    @cached_property
    def recurrent_classes(self) -> list[frozenset[DeckState]]:
        return self.chain.recurrent_classes()

    @cached_property
    def period(self) -> int:
        """The period of the chain's recurrent class (a multiple of the deck-size cycle).

        Raises ``ValueError`` if the policy splits the chain into several recurrent
        classes with different periods.
        """
        periods = {self.chain.period(next(iter(c))) for c in self.recurrent_classes}
        if len(periods) != 1:
            raise InputError(f"the chain's recurrent classes have different periods {sorted(periods)}")
        return periods.pop()

    # -- the layered long-run solve ------------------------------------------------
    def _layer_of(self, size: int) -> int:
        return self.cycle.index(size)

    @cached_property
    def _phase_limits(self) -> tuple[list[dict[DeckState, Fraction]], bool]:
        """Cesàro limits of the state distribution along each position of the deck-size
        cycle, and whether they are true limits (the L-step chain is aperiodic)."""
        from ....markov import MarkovChain

        L = len(self.cycle)
        by_layer: dict[int, list[DeckState]] = {j: [] for j in range(L)}
        for s in self._info:
            if s.deck_size in self.cycle and (s is not self.start or not self.prefix):
                by_layer[self._layer_of(s.deck_size)].append(s)
        # Anchor on the smallest layer: the exact solve happens there only.
        anchor = min(range(L), key=lambda j: (len(by_layer[j]), j))
        mu: dict[DeckState, Fraction] = {self.start: Fraction(1)}
        for _ in range(len(self.prefix) + anchor):
            mu = _mat_vec(mu, self._info)
        rows: dict[DeckState, dict[DeckState, Fraction]] = {}
        with progress_bar(len(by_layer[anchor]), "deck chain: long run", unit=" states", min_total=0) as bar:
            for s in by_layer[anchor]:
                vec: dict[DeckState, Fraction] = {s: Fraction(1)}
                for _ in range(L):
                    vec = _mat_vec(vec, self._info)
                rows[s] = vec
                bar.update(1)
        reduced = MarkovChain.from_transitions(rows)
        classes = reduced.recurrent_classes()
        if len(classes) == 1:
            limit = reduced.stationary_distribution(method="exact").fractions()
        else:
            limit = {}
            for s, w in mu.items():
                for t, p in reduced.stationary_distribution(method="exact", start=s).fractions().items():
                    limit[t] = limit.get(t, Fraction(0)) + w * p
        converges = all(reduced.period(next(iter(c))) == 1 for c in classes)
        limit = {s: p for s, p in limit.items() if p}
        phases: list[dict[DeckState, Fraction]] = [{} for _ in range(L)]
        phases[anchor] = limit
        for j in range(1, L):
            phases[(anchor + j) % L] = _mat_vec(phases[(anchor + j - 1) % L], self._info)
        return phases, converges

    def phase_state_distributions(self) -> dict[int, ExactMapping[DeckState]]:
        """Deck size at the start of a hand -> long-run distribution of the state on such
        hands (the Cesàro limit along that position of the deck cycle), as sympy Rationals
        (``.fractions()`` for Fractions)."""
        phases, _ = self._phase_limits
        return {size: ExactMapping(p) for size, p in zip(self.cycle, phases)}

    @property
    def phases_converge(self) -> bool:
        """True when the state distribution on hands of each deck size converges (not
        only on average), which the two-player analyses need."""
        return self._phase_limits[1]

    def long_run_state_distribution(self, *, method: str = "layered") -> ExactMapping[DeckState]:
        """The long-run (Cesàro) fraction of hands that start from each state (sympy Rationals;
        ``.fractions()`` for Fractions).

        ``method="layered"`` (default) solves exactly on the smallest deck-size layer and
        propagates around the cycle; ``method="engine"`` asks the generic
        [`MarkovChain`][dreidelpoker.markov.MarkovChain] for its exact stationary distribution of
        the whole chain (slower; the two agree exactly).
        """
        if method == "engine":
            pi = self.chain.stationary_distribution(method="exact", start=self.start).fractions()
            return ExactMapping({s: p for s, p in pi.items() if p})
        if method != "layered":
            raise InputError(f"method must be 'layered' or 'engine', got {method!r}")
        phases, _ = self._phase_limits
        L = len(phases)
        out: dict[DeckState, Fraction] = {}
        for ph in phases:
            for s, p in ph.items():
                out[s] = out.get(s, Fraction(0)) + p / L
        return ExactMapping(out)

    def kept_hand_mixture(self, dist: Mapping[DeckState, Any]) -> ExactMapping[Hand]:
        """The kept-hand distribution of a hand played from a mixture of start states (exact).

        Parameters:
            dist: start state -> exact probability (the chain's own states; an
                [`ExactMapping`][dreidelpoker.ExactMapping] or any exact numbers).

        Returns:
            Parsed kept hand -> probability, as sympy Rationals (``.fractions()`` for Fractions).
        """
        start = dist.fractions() if isinstance(dist, ExactMapping) else ExactMapping(dist).fractions()
        out: dict[Hand, Fraction] = {}
        for s, p in start.items():
            for h, q in self._info[s].kept.items():
                out[h] = out.get(h, Fraction(0)) + p * q
        return ExactMapping(out)

    # -- analyses ------------------------------------------------------------------
    def long_run_hand_weights(self, *, method: str = "layered") -> ExactMapping[Hand]:
        """Parsed kept hand -> long-run probability (sympy Rationals; ``.fractions()`` for
        Fractions); [`long_run_hands`][dreidelpoker.games.two_dreidel.DeckChain.long_run_hands] names them."""
        return self.kept_hand_mixture(self.long_run_state_distribution(method=method))

    def long_run_hands(self, *, method: str = "layered") -> Distribution[str]:
        """Long-run frequency of each kept hand, best first (exact).

        Examples:
            >>> deck_chain(TwoDreidelRules(), policy="keep-shin").long_run_hands()["GS"]
            1/55
        """
        return _hand_dist(self.rules, self.long_run_hand_weights(method=method).fractions(),
                          f"long-run kept hand, {self.policy.name}, deck {self.rules.deck_label}")

    def phase_hands_weights(self) -> dict[int, ExactMapping[Hand]]:
        """Deck size -> long-run kept-hand probabilities on hands of that deck size (sympy
        Rationals; ``.fractions()`` for Fractions)."""
        return {size: self.kept_hand_mixture(p) for size, p in self.phase_state_distributions().items()}

    def phase_hands(self) -> dict[int, Distribution[str]]:
        """Deck size at the start of a hand -> long-run kept-hand distribution on such hands."""
        return {
            size: _hand_dist(self.rules, p.fractions(), f"kept hand on hands that start with {size} cards in the deck")
            for size, p in self.phase_hands_weights().items()
        }

    def _check_hands(self, name: str, hands: Any) -> int:
        """``hands`` (a hand number or count) within [`MAX_HAND_NUMBER`][dreidelpoker.limits.MAX_HAND_NUMBER]
        and the work (hands x states) within [`MAX_STEP_WORK`][dreidelpoker.games.two_dreidel.deck_cycle.chain.MAX_STEP_WORK], before any work."""
        check_count(hands, name, low=1, high=MAX_HAND_NUMBER)
        if hands * self.n_states > MAX_STEP_WORK:
            raise ResourceLimitError(
                f"{name}: {hands:,} hands over a chain of {self.n_states:,} states is {hands * self.n_states:,} "
                f"state-steps, over the limit of {MAX_STEP_WORK:,}; use fewer hands (the long-run answers "
                "need none: long_run_hands())")
        return int(hands)

    def state_distribution(self, hand: int) -> ExactMapping[DeckState]:
        """Exact distribution of the state at the start of hand number ``hand`` (1 = first),
        as sympy Rationals (``.fractions()`` for Fractions).

        Raises:
            InputError: ``hand`` outside 1 to 10,000, or more work than `MAX_STEP_WORK`.
        """
        self._check_hands("hand", hand)
        vec: dict[DeckState, Fraction] = {self.start: Fraction(1)}
        with progress_bar(hand - 1, "deck chain: hand by hand", unit=" hands", min_total=0) as bar:
            for _ in range(hand - 1):
                vec = _mat_vec(vec, self._info)
                bar.update(1)
        return ExactMapping(vec)

    def hand_distribution(self, hand: int) -> Distribution[str]:
        """Exact distribution of the kept hand on hand number ``hand`` (1 = first).

        Examples:
            >>> deck_chain(TwoDreidelRules()).hand_distribution(1)["GH"]
            2/11
        """
        return _hand_dist(self.rules, self.kept_hand_mixture(self.state_distribution(hand)).fractions(),
                          f"kept hand on hand {hand}, {self.policy.name}, deck {self.rules.deck_label}")

    def hand_distributions(self, hands: int) -> list[Distribution[str]]:
        """The kept-hand distributions of hands 1 to ``hands``."""
        self._check_hands("hands", hands)
        out = []
        vec: dict[DeckState, Fraction] = {self.start: Fraction(1)}
        with progress_bar(hands, "deck chain: hand by hand", unit=" hands", min_total=0) as bar:
            for k in range(1, hands + 1):
                out.append(_hand_dist(self.rules, self.kept_hand_mixture(ExactMapping(vec)).fractions(), f"hand {k}"))
                vec = _mat_vec(vec, self._info)
                bar.update(1)
        return out

    def reshuffle_schedule(self, hands: int | None = None) -> ExactTable:
        """Which hands reshuffle: hand number, deck size at its start, exact probability of a
        mid-draw reshuffle (always 0 or 1: the deck size does not depend on the cards).

        Examples:
            >>> t = deck_chain(TwoDreidelRules()).reshuffle_schedule(7)
            >>> [r[0] for r in t.rows if r[2] == 1]
            [6]
        """
        n = len(self.prefix) + 2 * len(self.cycle) if hands is None else hands
        self._check_hands("hands", n)
        rows = []
        vec: dict[DeckState, Fraction] = {self.start: Fraction(1)}
        for k in range(1, n + 1):
            size = next(iter(vec)).deck_size
            p = sum((q * self._info[s].reshuffle for s, q in vec.items()), Fraction(0))
            rows.append((k, size, p))
            vec = _mat_vec(vec, self._info)
        return ExactTable(("hand", "deck size", "P(reshuffle)"), tuple(rows),
                          title=f"reshuffle schedule, deck {self.rules.deck_label}: every "
                                f"{len(self.cycle)} hands after hand {len(self.prefix)}")

    def reshuffle_rate(self) -> sympy.Rational:
        """Long-run fraction of hands with a mid-draw reshuffle (1 / cycle length)."""
        pi = self.long_run_state_distribution().fractions()
        return to_rational(sum((p * self._info[s].reshuffle for s, p in pi.items()), Fraction(0)))

    def symbol_frequencies(self) -> ExactTable:
        """Long-run probability that the kept hand holds each symbol, and how many on average.

        Examples:
            >>> t = deck_chain(TwoDreidelRules()).symbol_frequencies()
            >>> t.records()[0]["symbol"], t.records()[0]["P(held)"]
            ('G', 2/11)
        """
        weights = self.long_run_hand_weights().fractions()
        rows = []
        for i, (sym, name) in enumerate(zip(self.rules.symbols, self.rules.symbol_names)):
            held = sum((p for h, p in weights.items() if i in h), Fraction(0))
            mean = sum((p * h.count(i) for h, p in weights.items()), Fraction(0))
            rows.append((sym, name, held, mean))
        return ExactTable(("symbol", "name", "P(held)", "mean held"), tuple(rows),
                          title=f"how often each symbol is held in the long run, {self.policy.name}, "
                                f"deck {self.rules.deck_label}")

    # -- display -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        hands = self.long_run_hands().to_dict()["probabilities"]
        return {
            "game": "two-dreidel", "deck": self.rules.deck_label, "policy": self.policy.name,
            "hands": hands, "states": self.n_states, "period": self.period,
            "deck_sizes": {"prefix": list(self.prefix), "cycle": list(self.cycle)},
            "reshuffle_every": len(self.cycle),
        }

    def to_text(self) -> str:
        lines = [f"deck cycle of {self.rules.deck_label} under {self.policy.name}: "
                 f"{self.n_states} states, period {self.period}, a reshuffle every {len(self.cycle)} hands",
                 text_table(("hand", "long-run frequency"), list(self.long_run_hands().items()))]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"DeckChain(deck={self.rules.deck_label!r}, policy={self.policy.name!r}, "
                f"states={self.n_states})")

    def to_pandas(self, *, exact: bool = False) -> Any:
        """The long-run kept-hand frequencies as a ``pandas.DataFrame`` (see [`long_run_hands`][dreidelpoker.games.two_dreidel.DeckChain.long_run_hands]).

        Parameters:
            exact: keep sympy Rationals instead of floats.

        Returns:
            A DataFrame with one row per kept hand, most frequent first.

        Examples:
            >>> from dreidelpoker.games.two_dreidel import TwoDreidelRules, deck_chain
            >>> df = deck_chain(TwoDreidelRules(deck="1-2-2-1")).to_pandas()
            >>> round(float(df.iloc[:, 1].sum()), 12)
            1.0
        """
        return self.long_run_hands().to_pandas(exact=exact)

    def _repr_html_(self) -> str:
        head = html.escape(f"deck cycle of {self.rules.deck_label} under {self.policy.name}: {self.n_states} "
                           f"states, period {self.period}, a reshuffle every {len(self.cycle)} hands")
        return f"<p>{head}</p>" + self.long_run_hands()._repr_html_()

    def draw(self, ax: Any = None, *, max_states: int = 100) -> Any:
        """Draw the chain (small decks only; see [`MarkovChain.draw`][dreidelpoker.markov.MarkovChain.draw])."""
        return self.chain.draw(ax, max_states=max_states, label=lambda s: s.label(self.rules))

    def plot(self, ax: Any = None) -> Any:
        """Bar chart of the long-run kept-hand frequencies."""
        return self.long_run_hands().plot(ax=ax)


@check_arguments
def deck_chain(
    rules: TwoDreidelRules | None = None,
    *,
    policy: Policy | ResolvedPolicy = "normal-best",
    start: DeckState | None = None,
    max_states: int = DEFAULT_MAX_STATES,
) -> DeckChain:
    """Build the exact deck-cycle chain of one player ([Two Dreidel rules: deck cycle][rules-1-2]).

    ``policy`` is a name from [`POLICIES`][dreidelpoker.games.two_dreidel.POLICIES], a
    callable ``drawn -> put-back`` or a
    `StateAwarePolicy`; ``start`` defaults
    to a fresh deck.

    Parameters:
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        policy: the keep policy.
        start: the deck state at the first hand (default: fresh).
        max_states: refuse a chain with more states.

    Returns:
        The [`DeckChain`][dreidelpoker.games.two_dreidel.DeckChain].

    Raises:
        ValueError: an unknown policy, a start state that does not add up to the deck, or a chain
            over ``max_states``.
        TypeError: ``rules`` or ``start`` of the wrong type.

    Examples:
        >>> dc = deck_chain(TwoDreidelRules.preset("2-7-7-2"))
        >>> dc.cycle, dc.n_states
        ((16, 14, 12, 10, 8, 6, 4, 2), 285)
        >>> deck_chain(policy="keep-all")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: unknown policy 'keep-all'; known policies: normal-best, save-gimel, keep-shin, greedy-equity (or pass a callable)
    """
    rules = default_rules(rules, TwoDreidelRules)
    pol = resolve_policy(policy, rules=rules)
    if start is None:
        st = DeckState.fresh(rules)
    elif isinstance(start, DeckState):
        st = start
    else:
        raise InputTypeError(f"start must be a DeckState (e.g. DeckState.of(rules, top='H')), "
                             f"got {type(start).__name__}")
    st.validate(rules)
    if any(a + b != full for a, b, full in zip(st.deck, st.discard, rules.counts)):
        raise InputError(
            f"at the start of a hand every card is in the deck or the discard; {st.describe(rules)} "
            f"does not add up to the full deck {rules.deck_label}"
        )
    check_chain_size(max_states, rules=rules)  # refuse a deck far too big at once, before any work
    return DeckChain(rules, pol, st, _explore(rules, st, pol, max_states))


#: The exact long-run figures of a `HeadsUpLongRun`, in display order.
_LONG_RUN_FIGURES = ("win", "tie", "lose", "equity", "trump", "trump_for_hero", "trump_upsets")


@hold_exact(*_LONG_RUN_FIGURES)
@dataclass(frozen=True)
class HeadsUpLongRun(ExactRecord):
    """Two players' deck cycles run side by side for ever: long-run showdown facts.

    ``equity`` is the hero's long-run average share of a heads-up showdown; ``trump`` the
    long-run fraction of showdowns one hand trumps the other (the trump decides the
    showdown); ``trump_upsets`` the fraction where that changes the result normal order
    would give; ``by_deck_size`` the same per position of the deck cycle. The figures are
    held as Fractions and shown as sympy Rationals (``.fractions()`` gives them as held).

    Examples:
        >>> from dreidelpoker.games.two_dreidel import heads_up_long_run
        >>> run = heads_up_long_run()
        >>> run.win == run.lose, run.win + run.tie + run.lose  # the same policy on both sides: symmetric
        (True, 1)
    """

    rules: TwoDreidelRules
    hero: str
    opponent: str
    win: sympy.Rational
    tie: sympy.Rational
    lose: sympy.Rational
    equity: sympy.Rational
    trump: sympy.Rational
    trump_for_hero: sympy.Rational
    trump_upsets: sympy.Rational
    by_deck_size: ExactTable
    model: str = field(default="")

    def to_dict(self) -> dict[str, Any]:
        return {
            "deck": self.rules.deck_label, "hero": self.hero, "opponent": self.opponent,
            **{name: frac_str(v) for name, v in self.fractions().items()},
            "by_deck_size": self.by_deck_size.to_dict(), "model": self.model,
        }

    def to_text(self) -> str:
        return text_table(("", "long run"), list(self.fractions().items()),
                          title=f"{self.hero} against {self.opponent}, deck {self.rules.deck_label} (long run)")

    def __repr__(self) -> str:
        held = self.fractions()
        return (f"HeadsUpLongRun(hero={self.hero!r}, opponent={self.opponent!r}, equity={frac_str(held['equity'])}, "
                f"trump={frac_str(held['trump'])})")

    def to_pandas(self, *, exact: bool = False) -> Any:
        """The long-run figures as a two-column ``pandas.DataFrame`` (measure, long run);
        ``by_deck_size.to_pandas()`` has them per position of the deck cycle.

        Parameters:
            exact: keep sympy Rationals instead of floats.

        Returns:
            A DataFrame with the rows win, tie, lose, equity, trump, trump_for_hero, trump_upsets.
        """
        rows = [(n, getattr(self, n)) for n in _LONG_RUN_FIGURES]
        return to_pandas_frame(("measure", "long run"), rows, exact=exact)

    def _repr_html_(self) -> str:
        return table_html(("", "long run"), list(self.fractions().items()),
                          title=f"{self.hero} against {self.opponent}, deck {self.rules.deck_label}, long run")


_LONG_RUN_MODEL = (
    "Both players start from fresh decks and play their policies for ever, each from their own deck, "
    "independently; with equal decks they reshuffle on the same hands. Figures are long-run (Cesàro) "
    "averages over hands of the heads-up showdown of the two kept hands."
)


def heads_up_long_run(
    rules: TwoDreidelRules | None = None,
    *,
    hero: Policy | ResolvedPolicy | DeckChain = "normal-best",
    opponent: Policy | ResolvedPolicy | DeckChain = "normal-best",
) -> HeadsUpLongRun:
    """Long-run heads-up facts of two players cycling equal decks: the hero's equity, and
    how often a trump decides the showdown.

    The two chains are independent and move through the deck-size cycle in step, so the
    long-run joint distribution on hands of each deck size is the product of the two
    players' long-run distributions on such hands (exact; it needs one of the two
    chains to converge on each deck size, which [`DeckChain.phases_converge`][dreidelpoker.games.two_dreidel.DeckChain.phases_converge] checks).

    Parameters:
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        hero: the hero's policy (or its [`DeckChain`][dreidelpoker.games.two_dreidel.DeckChain]).
        opponent: the opponent's policy (or its [`DeckChain`][dreidelpoker.games.two_dreidel.DeckChain]).

    Returns:
        A [`HeadsUpLongRun`][dreidelpoker.games.two_dreidel.HeadsUpLongRun].

    Raises:
        ValueError: chains of other rules or deck sizes, or chains whose long run does not settle
            on each deck size.

    Examples:
        >>> r = heads_up_long_run(TwoDreidelRules(), hero="normal-best", opponent="normal-best")
        >>> r.equity, r.trump
        (1/2, 0)
        >>> heads_up_long_run(TwoDreidelRules(), hero="keep-shin").trump
        4/121
    """
    rules = default_rules(rules, TwoDreidelRules)
    a = hero if isinstance(hero, DeckChain) else deck_chain(rules, policy=hero)
    b = opponent if isinstance(opponent, DeckChain) else deck_chain(rules, policy=opponent)
    for c in (a, b):
        if c.rules != rules:
            raise InputError("both chains must use the given rules (equal decks)")
    if a.start.deck_size != b.start.deck_size:
        raise InputError("both players must start with the same deck size so their cycles stay in step")
    if not (a.phases_converge or b.phases_converge):
        raise InputError(
            "neither player's distribution settles on each deck size (both chains are periodic "
            "beyond the deck cycle); the long-run joint distribution is not a product here"
        )
    pa = {size: m.fractions() for size, m in a.phase_hands_weights().items()}
    pb = {size: m.fractions() for size, m in b.phase_hands_weights().items()}
    L = len(a.cycle)
    tot = {"win": Fraction(0), "tie": Fraction(0), "eq": Fraction(0), "tr": Fraction(0),
           "trh": Fraction(0), "up": Fraction(0)}
    rows = []
    for size in a.cycle:
        acc = {k: Fraction(0) for k in tot}
        for ha, p in pa[size].items():
            for hb, q in pb[size].items():
                w = p * q
                v = Fraction(heads_up_points(ha, hb, rules=rules), 2)
                acc["eq"] += w * v
                acc["win"] += w if v == 1 else 0
                acc["tie"] += w if v == Fraction(1, 2) else 0
                t_ab, t_ba = trumps(ha, hb, rules=rules), trumps(hb, ha, rules=rules)
                if t_ab or t_ba:
                    acc["tr"] += w
                    acc["trh"] += w if t_ab else 0
                    ka, kb = normal_key(ha), normal_key(hb)
                    normal = Fraction(1) if ka > kb else Fraction(0) if ka < kb else Fraction(1, 2)
                    acc["up"] += w if normal != v else 0
        rows.append((size, acc["eq"], acc["tr"], acc["up"]))
        for k in tot:
            tot[k] += acc[k] / L
    table = ExactTable(("deck size", "hero equity", "P(trump decides)", "P(trump upsets)"), tuple(rows),
                       title=f"{a.policy.name} against {b.policy.name} by deck size at the start of the hand")
    win, tie = tot["win"], tot["tie"]
    return HeadsUpLongRun(rules, a.policy.name, b.policy.name, win, tie, 1 - win - tie, tot["eq"], tot["tr"],
                          tot["trh"], tot["up"], table, _LONG_RUN_MODEL)
