"""Which card to put back: the best put-back policy as a Markov decision process, and the
symmetric put-back game ([Two Dreidel rules: deck cycle][rules-1-2] step 2, 1.3).

**Opponent model.** Two players cycle equal decks from fresh, independently, so they
reshuffle on the same hands. The opponent plays a fixed policy; on a hand that starts
with ``d`` cards in the deck the opponent's kept hand is drawn from the opponent chain's
long-run distribution on such hands (on the opening hands, before the deck cycle starts,
from its exact distribution on that hand). The hero sees only their own deck, not the
opponent's discards, and maximises the long-run average heads-up showdown equity (the
share of the pot: 1 for a win, 1/2 for a tie). Betting, folding and the spins are left
out: this is the value of the cards alone.

**Method.** The hero's decision points are (deck state, drawn cards); the action is the
put-back card. The deck size cycles deterministically, so a policy's gain and bias are
solved exactly on the smallest deck-size layer only and carried around the cycle; exact
policy iteration (Howard) then improves the policy until no decision improves. Every
number is an exact rational.

**The symmetric game.** Both players choose a put-back policy; the game is symmetric
and constant-sum (equities add to 1), so its value is 1/2 and a policy is a symmetric
equilibrium exactly when no policy earns more than 1/2 against it. The
*exploitability* of a policy is the best response's equity against it minus 1/2.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ...._fractions import decimal_str, frac_str
from ...._fractions import to_rational as _rat
from ....display import number_text
from ....exact import ExactMapping, ExactRecord, ExactTable, hold_exact
from .decision_process import Q as _Q
from .decision_process import action_values as _action_values
from .decision_process import build as _build
from .decision_process import evaluate as _evaluate
from .decision_process import exact_improve as _exact_improve
from .decision_process import float_policy_iteration as _float_policy_iteration
from .decision_process import phase_kept as _phase_kept
from .chain import DeckChain, after_hand, deck_chain, deck_size_cycle
from ..rulebook.deck import DeckState, draw_weights
from .policies import POLICIES, Policy, ResolvedPolicy, StateAwarePolicy, resolve_policy
from ..rulebook.ranking import Hand, format_hand, heads_up_points, parse_cards
from ..rulebook.rules import TwoDreidelRules
from ....errors import InputError
from ....validation import check_arguments, check_count, default_rules

if TYPE_CHECKING:
    import sympy

__all__ = [
    "BestResponse", "EquilibriumResult", "PutBackMDP", "best_put_back_policy", "exploitability",
    "put_back_equilibrium", "OPPONENT_MODEL",
]

_LP_METHOD = "highs-ipm"

OPPONENT_MODEL = (
    "Opponent model: equal decks cycled independently from fresh, so both players reshuffle on the "
    "same hands; the opponent plays the fixed policy {opponent}, and on a hand that starts with d cards "
    "in the deck their kept hand follows the opponent chain's long-run distribution on such hands "
    "(on the opening hands, its exact distribution on that hand). The hero sees only their own deck. "
    "Objective: long-run average heads-up showdown equity (win 1, tie 1/2), cards only."
)


@dataclass(frozen=True)
class _Decision:
    """A decision point: a draw class from a state, its probability and the actions."""

    drawn: Hand
    prob: Fraction
    actions: tuple[tuple[Hand, Hand, DeckState], ...]  # (put back, kept, next state)
    qprob: Any = None  # prob as the fast rational type


class PutBackMDP:
    """The hero's put-back decision process over every deck state any policy can reach.

    Built once per rules; [`best_response`][dreidelpoker.games.two_dreidel.deck_cycle.strategy.PutBackMDP.best_response] solves it against an opponent policy.
    States, decisions and actions live in integer index arrays
    (`decision_process`); ``decisions`` gives them as
    ``DeckState`` objects on first use.

    Examples:
        >>> mdp = PutBackMDP(TwoDreidelRules())
        >>> mdp.n_states, mdp.n_decisions
        (189, 694)
    """

    @check_arguments
    def __init__(self, rules: TwoDreidelRules | None = None, *, max_states: int = 200_000) -> None:
        self.rules = default_rules(rules, TwoDreidelRules)
        self.start = DeckState.fresh(self.rules)
        self.prefix, self.cycle = deck_size_cycle(self.rules)
        check_count(max_states, "max_states", low=1, high=None)
        self._arrays = _build(max_states, rules=self.rules)
        full = self.rules.counts
        self.states: list[DeckState] = [
            DeckState.trusted(deck, top, tuple(a - d for a, d in zip(full, deck))) for deck, top in self._arrays.keys
        ]
        self.states[0] = self.start
        # Layers by deck size: position in the prefix, or in the cycle.
        self.layers: dict[int, list[DeckState]] = {}
        for s in self.states:
            self.layers.setdefault(s.deck_size, []).append(s)

    @cached_property
    def decisions(self) -> dict[DeckState, list[_Decision]]:
        """Per state, its decision points (draw class, probability, actions with next states)."""
        arr, states, hands = self._arrays, self.states, self.rules.all_hands
        bounds = arr.state_dec.tolist()
        starts = arr.act_start.tolist()
        nxt = arr.act_next.tolist()
        kept = arr.act_kept.tolist()
        out: dict[DeckState, list[_Decision]] = {}
        for i, s in enumerate(states):
            total = arr.totals[i]
            decs = []
            for d in range(bounds[i], bounds[i + 1]):
                acts = tuple((arr.act_back[a], hands[kept[a]], states[nxt[a]]) for a in range(starts[d], starts[d + 1]))
                w = arr.dec_weight[d]
                decs.append(_Decision(arr.dec_drawn[d], Fraction(w, total), acts, _Q(w, total)))
            out[s] = decs
        return out

    @property
    def n_states(self) -> int:
        return self._arrays.n

    @property
    def n_decisions(self) -> int:
        return self._arrays.n_decisions

    # -- opponent ------------------------------------------------------------------
    def opponent_hands(self, opponent: Policy | ResolvedPolicy | DeckChain) -> dict[int, dict[Hand, sympy.Rational]]:
        """Deck size -> the opponent's kept-hand distribution on hands of that size (exact).

        Parameters:
            opponent: the opponent's keep policy, or its deck chain.

        Returns:
            Deck size -> parsed kept hand -> probability (sympy Rationals).
        """
        import sympy

        _, dist = self._opponent(opponent)
        return {size: {h: sympy.Rational(int(q.numerator), int(q.denominator)) for h, q in d.items()}
                for size, d in dist.items()}

    def _opponent(self, opponent: Policy | ResolvedPolicy | DeckChain) -> tuple[str, dict[int, dict[Hand, Any]]]:
        """The opponent's name and, per deck size, its kept-hand distribution (fast rationals).

        A policy is played on this process's own index arrays (its chain is a part of
        them); a [`DeckChain`][dreidelpoker.games.two_dreidel.DeckChain], or a policy whose chain does not settle on one
        distribution per deck size, goes the general way through its deck chain."""
        if not isinstance(opponent, DeckChain):
            pol = resolve_policy(opponent, rules=self.rules)
            choice = self._policy_choice(pol)
            fast = _phase_kept(self._arrays, self.prefix, self.cycle, choice, len(self.rules.all_hands))
            if fast is not None:
                hands = self.rules.all_hands
                return pol.name, {size: {hands[h]: q for h, q in d.items()} for size, d in fast.items()}
        chain = opponent if isinstance(opponent, DeckChain) else deck_chain(self.rules, policy=opponent)
        if not chain.phases_converge:
            raise InputError(
                f"the opponent policy {chain.policy.name!r} never settles on a distribution per deck size "
                "(its chain is periodic beyond the deck cycle); the opponent model needs it to"
            )
        out = {size: m.fractions() for size, m in chain.phase_hands_weights().items()}
        vec: dict[DeckState, Fraction] = {chain.start: Fraction(1)}
        for size in self.prefix:
            out[size] = chain.kept_hand_mixture(ExactMapping(vec)).fractions()
            nxt: dict[DeckState, Fraction] = {}
            for s, p in vec.items():
                for t, q in chain.successors(s).fractions().items():
                    nxt[t] = nxt.get(t, Fraction(0)) + p * q
            vec = nxt
        return chain.policy.name, {size: {h: _Q(q.numerator, q.denominator) for h, q in d.items()}
                                   for size, d in out.items()}

    def _policy_choice(self, policy: ResolvedPolicy) -> Any:
        """Per decision, the position of the action ``policy`` takes (an index array)."""
        import numpy as np

        arr = self._arrays
        if not policy.state_aware:  # one answer per drawn hand
            local = np.asarray([backs.index(policy.put_back(drawn)) for drawn, backs in arr.drawn], dtype=np.int64)
            return local[arr.dec_drawn_id]
        choice = np.zeros(arr.n_decisions, dtype=np.int64)
        bounds = arr.state_dec.tolist()
        ids = arr.dec_drawn_id.tolist()
        for i, s in enumerate(self.states):
            for d in range(bounds[i], bounds[i + 1]):
                drawn, backs = arr.drawn[ids[d]]
                choice[d] = backs.index(policy.put_back_at(drawn, s))
        return choice

    # -- policy iteration --------------------------------------------------------------
    def _float_policy_iteration(self, choice: Any, values: Any, max_iterations: int) -> None:
        """Improve ``choice`` in place by policy iteration in float64 (each policy evaluated
        on the deck-size layers, one vectorised improvement per step)."""
        _float_policy_iteration(self._arrays, choice, values, max_iterations, self.prefix, self.cycle)

    def best_response(
        self,
        opponent: Policy | ResolvedPolicy | DeckChain = "normal-best",
        *,
        initial: Policy | ResolvedPolicy = "normal-best",
        max_iterations: int = 100,
    ) -> BestResponse:
        """The put-back policy with the highest long-run equity against ``opponent``
        (exact policy iteration; see the module docstring for the opponent model).

        Parameters:
            opponent: the opponent's policy (a name, a resolved policy or its [`DeckChain`][dreidelpoker.games.two_dreidel.DeckChain]).
            initial: the policy the iteration starts from.
            max_iterations: the most policy-iteration steps (float, then exact).

        Returns:
            A [`BestResponse`][dreidelpoker.games.two_dreidel.BestResponse] with the exact long-run equity.

        Raises:
            InputError: an unknown or invalid opponent policy, or an opponent whose chain never
                settles on one distribution per deck size.
            RuntimeError: policy iteration did not settle in ``max_iterations`` steps.

        Examples:
            >>> import sympy
            >>> br = PutBackMDP(TwoDreidelRules()).best_response("normal-best")
            >>> br.value > sympy.Rational(1, 2)
            True
        """
        name, opp = self._opponent(opponent)
        exact_values, float_values = _action_values(self._arrays, opp, rules=self.rules)
        choice = self._policy_choice(resolve_policy(initial, rules=self.rules))
        # Policy iteration in floats first (a sparse solve per step), then exactly from the
        # float optimum: usually one exact evaluation proves it optimal, and the exact loop
        # below corrects it if float rounding ever chose wrongly, so the answer stays exact.
        self._float_policy_iteration(choice, float_values, max_iterations)
        for iteration in range(1, max_iterations + 1):
            gain, bias = _evaluate(self._arrays, self.prefix, self.cycle, choice, exact_values)
            if not _exact_improve(self._arrays, choice, exact_values, bias):
                break
        else:
            raise RuntimeError(f"policy iteration did not settle in {max_iterations} iterations")
        arr = self._arrays
        picked = (arr.act_start[:-1] + choice).tolist()
        states = self.states
        dec_state = arr.dec_state.tolist()
        table = {(states[i], drawn): arr.act_back[a] for i, drawn, a in zip(dec_state, arr.dec_drawn, picked)}
        return BestResponse(self, name, gain, table, iteration, dict(zip(self.states, bias)))


def _remove(drawn: Hand, back: Hand) -> Hand:
    kept = list(drawn)
    for c in back:
        kept.remove(c)
    return tuple(kept)




@hold_exact("value")
class BestResponse(ExactRecord):
    """The optimal put-back policy against one opponent policy, with its exact value.

    ``value`` is the long-run average heads-up equity it reaches (held as a Fraction, shown
    as a sympy Rational; ``.fractions()`` gives it as held); ``policy`` is a
    `StateAwarePolicy` usable anywhere a policy is; ``model`` states the opponent model.

    Examples:
        >>> from dreidelpoker.games.two_dreidel import best_put_back_policy
        >>> br = best_put_back_policy(opponent="normal-best")
        >>> br.opponent, round(float(br.value), 4)
        ('normal-best', 0.5348)
    """

    def __init__(self, mdp: PutBackMDP, opponent: str, value: Any,
                 table: dict[tuple[DeckState, Hand], Hand], iterations: int,
                 bias: dict[DeckState, Any]) -> None:
        self.mdp = mdp
        self.rules = mdp.rules
        self.opponent = opponent
        self.value = value
        self.table = table
        self.iterations = iterations
        self._bias = bias
        self.model = OPPONENT_MODEL.format(opponent=opponent)
        rules = self.rules
        name = f"best-vs-{opponent}"

        def choose(drawn: str, state: DeckState) -> str:
            hand = parse_cards(drawn, what="drawn cards", rules=rules)
            back = table.get((state, hand))
            if back is None:  # a state no policy reaches from a fresh deck: fall back to normal-best
                return drawn[len(drawn) - rules.put_back:]
            return format_hand(back, rules=rules)

        self.policy = StateAwarePolicy(choose, name=name)

    @cached_property
    def chain(self) -> DeckChain:
        """The hero's deck chain under this policy."""
        return deck_chain(self.rules, policy=self.policy)

    def summary(self, *, exact: bool = False) -> ExactTable:
        """The policy in words: for each drawn set, how often it comes up in the long run,
        what the policy puts back (share of those times) and what normal-best would.

        ``P(drawn)`` is shown as a decimal unless ``exact=True``."""
        pi = self.chain.long_run_state_distribution().fractions()
        seen: dict[Hand, Fraction] = {}
        backs: dict[Hand, dict[Hand, Fraction]] = {}
        for s, p in pi.items():
            outcomes, total = draw_weights(s, rules=self.rules)
            for o, w in outcomes:
                q = p * Fraction(w, total)
                seen[o.drawn] = seen.get(o.drawn, Fraction(0)) + q
                b = self.table.get((s, o.drawn), o.drawn[-self.rules.put_back:])
                backs.setdefault(o.drawn, {})
                backs[o.drawn][b] = backs[o.drawn].get(b, Fraction(0)) + q
        rows = []
        for drawn in sorted(seen, key=lambda h: tuple(h)):
            parts = sorted(backs[drawn].items(), key=lambda kv: -kv[1])
            text = ", ".join(f"{format_hand(b, rules=self.rules)} {decimal_str(_rat(q / seen[drawn]), 3)}"
                             for b, q in parts)
            normal = format_hand(drawn[len(drawn) - self.rules.put_back:], rules=self.rules)
            freq: Any = _rat(seen[drawn]) if exact else decimal_str(_rat(seen[drawn]), 4)
            rows.append((format_hand(drawn, rules=self.rules), freq, text, normal))
        return ExactTable(("drawn", "P(drawn)", "put back (share)", "normal-best puts back"), tuple(rows),
                          title=f"best put-back policy against {self.opponent}, deck {self.rules.deck_label}")

    def by_deck_size(self, drawn: str) -> ExactTable:
        """For one drawn set, what the policy puts back on hands of each deck size."""
        hand = parse_cards(drawn, what="drawn cards", rules=self.rules)
        pi = self.chain.long_run_state_distribution().fractions()
        by: dict[int, dict[Hand, Fraction]] = {}
        for s, p in pi.items():
            outcomes, total = draw_weights(s, rules=self.rules)
            for o, w in outcomes:
                if o.drawn == hand:
                    b = self.table.get((s, hand), hand[-self.rules.put_back:])
                    d = by.setdefault(s.deck_size, {})
                    d[b] = d.get(b, Fraction(0)) + p * Fraction(w, total)
        rows = []
        for size in self.mdp.cycle:
            d = by.get(size, {})
            tot = sum(d.values(), Fraction(0))
            text = ", ".join(f"{format_hand(b, rules=self.rules)} {decimal_str(_rat(q / tot), 3)}"
                             for b, q in sorted(d.items(), key=lambda kv: -kv[1])) if tot else "-"
            rows.append((size, text))
        return ExactTable(("deck size", "put back (share)"), tuple(rows),
                          title=f"drawn {format_hand(hand, rules=self.rules)}: put-back by deck size")

    def to_dict(self) -> dict[str, Any]:
        return {"deck": self.rules.deck_label, "opponent": self.opponent, "value": frac_str(self.fractions()["value"]),
                "iterations": self.iterations, "states": self.mdp.n_states, "model": self.model,
                "summary": self.summary().to_dict()}

    def __repr__(self) -> str:
        return f"BestResponse(opponent={self.opponent!r}, value={frac_str(self.fractions()['value'])})"

    def to_pandas(self, *, exact: bool = False) -> Any:
        """The policy in words ([`summary`][dreidelpoker.games.two_dreidel.BestResponse.summary]) as a ``pandas.DataFrame``.

        Parameters:
            exact: keep sympy Rationals instead of floats.

        Returns:
            A DataFrame with one row per drawn set.
        """
        return self.summary(exact=True).to_pandas(exact=exact)

    def _repr_html_(self) -> str:
        head = html.escape(f"best put-back policy against {self.opponent}, deck {self.rules.deck_label}: "
                           f"long-run equity {number_text(self.value)}")
        return f"<p>{head}</p><p><small>{html.escape(self.model)}</small></p>" + self.summary()._repr_html_()


@check_arguments
def best_put_back_policy(
    rules: TwoDreidelRules | None = None,
    *,
    opponent: Policy | ResolvedPolicy | DeckChain = "normal-best",
    mdp: PutBackMDP | None = None,
) -> BestResponse:
    """The put-back policy maximising long-run heads-up equity against a fixed opponent.

    Parameters:
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        opponent: the opponent's policy (a name, a resolved policy or its [`DeckChain`][dreidelpoker.games.two_dreidel.DeckChain]).
        mdp: a ready `PutBackMDP` of these rules, to save building it.

    Returns:
        A [`BestResponse`][dreidelpoker.games.two_dreidel.BestResponse]: the policy, its exact long-run equity and a summary.

    Examples:
        >>> import sympy
        >>> br = best_put_back_policy(TwoDreidelRules(), opponent="normal-best")
        >>> br.value > sympy.Rational(1, 2), br.iterations >= 1
        (True, True)
    """
    mdp = mdp or PutBackMDP(default_rules(rules, TwoDreidelRules))
    return mdp.best_response(opponent)


@check_arguments
def exploitability(
    rules: TwoDreidelRules | None = None,
    *,
    policy: Policy | ResolvedPolicy | DeckChain = "normal-best",
    mdp: PutBackMDP | None = None,
) -> sympy.Rational:
    """How much a best response earns above 1/2 against ``policy`` (0 = unexploitable).

    Parameters:
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        policy: the policy (a name, a resolved policy or its [`DeckChain`][dreidelpoker.games.two_dreidel.DeckChain]).
        mdp: a ready `PutBackMDP` of these rules.

    Returns:
        The exploitability, exact.

    Examples:
        >>> exploitability(TwoDreidelRules(), policy="normal-best") > 0
        True
    """
    mdp = mdp or PutBackMDP(default_rules(rules, TwoDreidelRules))
    return _rat(mdp.best_response(policy).fractions()["value"] - Fraction(1, 2))


@hold_exact("exploitability")
@dataclass(frozen=True)
class EquilibriumResult(ExactRecord):
    """The symmetric put-back game: an equilibrium policy (randomised where it must be),
    its exact exploitability, and every built-in policy's exploitability.

    ``probabilities`` maps (state, drawn) to ``{put-back: probability}`` (exact rationals
    rounded from the linear program's solution); ``exploitability`` is computed exactly for
    that rounded policy, so it certifies how close to an equilibrium the policy is. It is
    held as a Fraction and shown as a sympy Rational (``.fractions()`` gives it as held).

    Examples:
        >>> from dreidelpoker.games.two_dreidel import put_back_equilibrium
        >>> eq = put_back_equilibrium()
        >>> eq.exploitability >= 0
        True
    """

    rules: TwoDreidelRules
    chain: DeckChain
    probabilities: dict[tuple[DeckState, Hand], ExactMapping[Hand]]
    exploitability: sympy.Rational
    lp_value: float
    table: ExactTable
    randomised: ExactTable

    def to_dict(self) -> dict[str, Any]:
        return {"deck": self.rules.deck_label, "exploitability": frac_str(self.fractions()["exploitability"]),
                "lp_value": self.lp_value, "built_in": self.table.to_dict(),
                "randomised": self.randomised.to_dict()}

    def __repr__(self) -> str:
        return (f"EquilibriumResult(deck={self.rules.deck_label!r}, exploitability≈"
                f"{float(self.fractions()['exploitability']):.2e})")

    def to_pandas(self, *, exact: bool = False) -> Any:
        """Every built-in policy's exploitability (``table``) as a ``pandas.DataFrame``;
        ``randomised.to_pandas()`` has the states where the equilibrium randomises.

        Parameters:
            exact: keep sympy Rationals instead of floats.

        Returns:
            A DataFrame with one row per policy.
        """
        return self.table.to_pandas(exact=exact)

    def _repr_html_(self) -> str:
        head = html.escape(f"symmetric put-back game, deck {self.rules.deck_label}: value 1/2; the equilibrium "
                           f"policy below is exploitable by {float(self.fractions()['exploitability']):.2e} "
                           "(computed exactly)")
        return f"<p>{head}</p>" + self.table._repr_html_() + self.randomised._repr_html_()


def _mixed_chain(mdp: PutBackMDP, probs: Mapping[tuple[DeckState, Hand], Mapping[Hand, Fraction]],
                 name: str) -> DeckChain:
    """The exact deck chain of a randomised put-back policy (normal-best where ``probs`` is silent)."""
    from .chain import StateInfo

    rules = mdp.rules
    k = len(rules.symbols)
    info: dict[DeckState, StateInfo] = {}
    stack = [mdp.start]
    while stack:
        s = stack.pop()
        if s in info:
            continue
        outcomes, total = draw_weights(s, rules=rules)
        nxt: dict[DeckState, Fraction] = {}
        kept_d: dict[Hand, Fraction] = {}
        resh = Fraction(0)
        for o, w in outcomes:
            p = Fraction(w, total)
            choice = probs.get((s, o.drawn)) or {o.drawn[len(o.drawn) - rules.put_back:]: Fraction(1)}
            for back, q in choice.items():
                kept = _remove(o.drawn, back)
                t = after_hand(o, back, kept, k)
                nxt[t] = nxt.get(t, Fraction(0)) + p * q
                kept_d[kept] = kept_d.get(kept, Fraction(0)) + p * q
            resh += p if o.reshuffled else 0
        info[s] = StateInfo(nxt, kept_d, resh)
        stack.extend(t for t in nxt if t not in info)

    def refuse(drawn: str, state: DeckState) -> str:
        raise InputError(f"{name} is a randomised policy; use its probabilities")

    return DeckChain(rules, resolve_policy(StateAwarePolicy(refuse, name=name), rules=rules), mdp.start, info)


def _solve_symmetric_lp(mdp: PutBackMDP) -> tuple[dict[tuple[DeckState, Hand], dict[Hand, float]], float]:
    """max_x min_y payoff(x, y) over long-run state-action frequencies, as one LP (the inner
    minimum replaced by its dual). Floating point (HiGHS)."""
    import numpy as np
    from scipy.optimize import linprog
    from scipy.sparse import coo_matrix

    rules = mdp.rules
    L = len(mdp.cycle)
    layer = {size: j for j, size in enumerate(mdp.cycle)}
    states = [s for s in mdp.decisions if s.deck_size in layer]
    sidx = {s: i for i, s in enumerate(states)}
    acts: list[tuple[DeckState, int, int, Hand, DeckState]] = []  # state, decision, action, kept, next
    decs: list[tuple[DeckState, Fraction]] = []
    for s in states:
        for d in mdp.decisions[s]:
            for ai, (_, kept, nxt) in enumerate(d.actions):
                acts.append((s, len(decs), ai, kept, nxt))
            decs.append((s, d.prob))
    hands = list(rules.all_hands)
    hidx = {h: i for i, h in enumerate(hands)}
    H = len(hands)
    na, ns, nd, nx_ = len(acts), len(states), len(decs), L * H
    nu = ns + nd + 1
    # Variable blocks: w (na), zeta (ns), X (L*H), u (nu).
    ow, oz, ox, ou = 0, na, na + ns, na + ns + nx_
    nvar = ou + nu
    eq_r: list[int] = []
    eq_c: list[int] = []
    eq_v: list[float] = []
    row = 0

    def put(r: int, c: int, v: float) -> None:
        eq_r.append(r)
        eq_c.append(c)
        eq_v.append(v)

    for i in range(ns):  # flow: zeta_s - sum_{a -> s} w_a = 0
        put(row + i, oz + i, 1.0)
    for a, (_, _, _, _, nxt) in enumerate(acts):
        put(row + sidx[nxt], ow + a, -1.0)
    row += ns
    for a, (_, di, _, _, _) in enumerate(acts):  # decisions: sum_b w - p(d|s) zeta_s = 0
        put(row + di, ow + a, 1.0)
    for di, (s, p) in enumerate(decs):
        put(row + di, oz + sidx[s], -float(p))
    row += nd
    for i in range(ns):  # normalisation
        put(row, oz + i, 1.0)
    row += 1
    for a, (s, _, _, kept, _) in enumerate(acts):  # X_j(h) = sum of w in layer j keeping h
        put(row + layer[s.deck_size] * H + hidx[kept], ow + a, -1.0)
    for k in range(nx_):
        put(row + k, ox + k, 1.0)
    row += nx_
    b_eq = np.zeros(row)
    b_eq[ns + nd] = 1.0
    a_eq = coo_matrix((eq_v, (eq_r, eq_c)), shape=(row, nvar)).tocsr()
    # Dual feasibility of the opponent's problem: A_eq^T u <= c(X), one row per opponent column.
    ub_r: list[int] = []
    ub_c: list[int] = []
    ub_v: list[float] = []
    values = {(h, g): heads_up_points(h, g, rules=rules) / 2 for h in hands for g in hands}
    for a, (s, di, _, kept, nxt) in enumerate(acts):
        ub_r += [a, a]
        ub_c += [ou + sidx[nxt], ou + ns + di]
        ub_v += [-1.0, 1.0]
        j = layer[s.deck_size]
        for h in hands:
            v = values[(h, kept)]
            if v:
                ub_r.append(a)
                ub_c.append(ox + j * H + hidx[h])
                ub_v.append(-L * v)
    for i, s in enumerate(states):
        r = na + i
        ub_r += [r, r]
        ub_c += [ou + i, ou + ns + nd]
        ub_v += [1.0, 1.0]
    for di, (s, p) in enumerate(decs):
        ub_r.append(na + sidx[s])
        ub_c.append(ou + ns + di)
        ub_v.append(-float(p))
    a_ub = coo_matrix((ub_v, (ub_r, ub_c)), shape=(na + ns, nvar)).tocsr()
    cost = np.zeros(nvar)
    cost[ou + ns + nd] = -1.0
    bounds = [(0, None)] * (na + ns + nx_) + [(None, None)] * nu
    res = linprog(cost, A_ub=a_ub, b_ub=np.zeros(na + ns), A_eq=a_eq, b_eq=b_eq, bounds=bounds, method=_LP_METHOD)
    if res.status != 0:
        raise RuntimeError(f"the equilibrium linear program failed: {res.message}")
    w = res.x[ow:ow + na]
    probs: dict[tuple[DeckState, Hand], dict[Hand, float]] = {}
    totals: dict[tuple[DeckState, int], float] = {}
    for a, (s, di, _, _, _) in enumerate(acts):
        totals[(s, di)] = totals.get((s, di), 0.0) + w[a]
    dec_of: dict[tuple[DeckState, int], _Decision] = {}
    for s in states:
        for d in mdp.decisions[s]:
            dec_of[(s, len(dec_of))] = d
    for a, (s, di, ai, _, _) in enumerate(acts):
        tot = totals[(s, di)]
        if tot <= 1e-12:
            continue
        d = dec_of[(s, di)]
        probs.setdefault((s, d.drawn), {})[d.actions[ai][0]] = float(w[a] / tot)
    return probs, float(-res.fun)


def _steer(mdp: PutBackMDP, support: set[DeckState]) -> dict[tuple[DeckState, Hand], dict[Hand, Fraction]]:
    """Put-back choices for states the long-run solution never visits: head for a state it
    does visit (fewest hands first), so that play from a fresh deck ends up where the
    linear program's frequencies live."""
    rank = {s: 0 for s in support}
    frontier = True
    while frontier:
        frontier = False
        for s, decs in mdp.decisions.items():
            if s in rank:
                continue
            steps = [rank[nxt] for d in decs for _, _, nxt in d.actions if nxt in rank]
            if steps:
                rank[s] = 1 + min(steps)
                frontier = True
    out: dict[tuple[DeckState, Hand], dict[Hand, Fraction]] = {}
    for s, decs in mdp.decisions.items():
        if s in support:
            continue
        for d in decs:
            ranked = [(rank[nxt], i) for i, (_, _, nxt) in enumerate(d.actions) if nxt in rank]
            if ranked:
                out[(s, d.drawn)] = {d.actions[min(ranked)[1]][0]: Fraction(1)}
    return out


def _rationalise(p: Mapping[Hand, float], tol: float = 1e-7) -> dict[Hand, Fraction]:
    kept = {b: Fraction(q).limit_denominator(10**6) for b, q in p.items() if q > tol}
    total = sum(kept.values(), Fraction(0))
    return {b: q / total for b, q in kept.items()}


@check_arguments
def put_back_equilibrium(
    rules: TwoDreidelRules | None = None,
    *,
    mdp: PutBackMDP | None = None,
) -> EquilibriumResult:
    """The symmetric put-back game's equilibrium and every built-in policy's exploitability.

    The game is symmetric and constant-sum, so its value is 1/2. Pure best-response
    iteration cycles (the trump makes the game rock-paper-scissors-like), so the
    equilibrium is found as a linear program over long-run state-action frequencies
    (floating point, HiGHS). Its policy is rounded to exact probabilities, and its
    exploitability is then computed *exactly* with `PutBackMDP.best_response`.

    Parameters:
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        mdp: a ready `PutBackMDP` of these rules.

    Returns:
        An [`EquilibriumResult`][dreidelpoker.games.two_dreidel.EquilibriumResult].

    Examples:
        >>> import sympy
        >>> eq = put_back_equilibrium(TwoDreidelRules())
        >>> eq.exploitability < sympy.Rational(1, 10**6)
        True
    """
    mdp = mdp or PutBackMDP(default_rules(rules, TwoDreidelRules))
    half = Fraction(1, 2)
    rows = []
    for name in POLICIES:
        value = mdp.best_response(name).fractions()["value"]
        rows.append((name, value - half, value))
    float_probs, lp_value = _solve_symmetric_lp(mdp)
    probs = {key: _rationalise(p) for key, p in float_probs.items()}
    probs.update(_steer(mdp, {s for s, _ in probs}))
    chain = _mixed_chain(mdp, probs, "equilibrium")
    gap = mdp.best_response(chain).fractions()["value"] - half
    table = ExactTable(("policy", "exploitability", "best response's equity"), tuple(rows),
                       title=f"exploitability of the built-in policies, deck {mdp.rules.deck_label}")
    return EquilibriumResult(mdp.rules, chain, {key: ExactMapping(p) for key, p in probs.items()}, gap, lp_value,
                             table, _randomised_summary(mdp, chain, probs))


def _randomised_summary(mdp: PutBackMDP, chain: DeckChain,
                        probs: Mapping[tuple[DeckState, Hand], Mapping[Hand, Fraction]]) -> ExactTable:
    """Per drawn set: long-run frequency and the equilibrium's average put-back shares."""
    rules = mdp.rules
    pi = chain.long_run_state_distribution().fractions()
    seen: dict[Hand, Fraction] = {}
    backs: dict[Hand, dict[Hand, Fraction]] = {}
    for s, p in pi.items():
        outcomes, total = draw_weights(s, rules=rules)
        for o, w in outcomes:
            q = p * Fraction(w, total)
            seen[o.drawn] = seen.get(o.drawn, Fraction(0)) + q
            choice = probs.get((s, o.drawn)) or {o.drawn[len(o.drawn) - rules.put_back:]: Fraction(1)}
            d = backs.setdefault(o.drawn, {})
            for b, r in choice.items():
                d[b] = d.get(b, Fraction(0)) + q * r
    rows = []
    for drawn in sorted(seen):
        parts = sorted(backs[drawn].items(), key=lambda kv: -kv[1])
        text = ", ".join(f"{format_hand(b, rules=rules)} {decimal_str(_rat(q / seen[drawn]), 3)}" for b, q in parts)
        rows.append((format_hand(drawn, rules=rules), decimal_str(_rat(seen[drawn]), 4), text,
                     format_hand(drawn[len(drawn) - rules.put_back:], rules=rules)))
    return ExactTable(("drawn", "P(drawn) ≈", "put back (share)", "normal-best puts back"), tuple(rows),
                      title=f"the equilibrium put-back policy, deck {rules.deck_label}")
