"""The put-back decision process on integer indices: the state build and its solvers.

This is the engine under [`PutBackMDP`][dreidelpoker.games.two_dreidel.deck_cycle.strategy.PutBackMDP]
(issue 16): states are integers, every decision and action lives in flat numpy index
arrays, and there are no ``DeckState`` objects, dictionaries of dataclasses or Fractions
in the loops.

- `build` explores every deck state any put-back policy reaches from a fresh deck,
  in the same order as the dictionary-based build it replaced (a depth-first stack), with
  the draw classes of each state from memoised hypergeometric tables.
- `float_policy_iteration` is Howard's policy iteration in float64, vectorised
  (one sparse solve and one grouped ``argmax`` per step).
- `reduced_chain` and `evaluate` are exact: the deck size cycles
  deterministically, so a policy's L-step chain on the smallest deck-size layer ("the
  anchor") carries everything; it is solved exactly there (rationals) and the answer is
  carried around the cycle.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np

from ...._markov_graph import class_period, strong_classes
from ...._sparse_solve import class_stationary, solve_exact
from ....errors import InputError
from ..rulebook.rules import TwoDreidelRules

__all__ = ["Arrays", "Q", "action_values", "build", "evaluate", "exact_improve", "float_policy_iteration",
           "phase_kept"]

try:  # gmpy2's mpq is several times faster than Fraction in the exact arithmetic
    from gmpy2 import mpq as Q
except ImportError:  # pragma: no cover - depends on the environment
    Q = Fraction

Counts = tuple[int, ...]
Hand = tuple[int, ...]
StateKey = tuple[Counts, Hand]  # (draw pile counts, known top cards); discard = full - pile


def _hypergeometric(counts: Counts, k: int) -> list[tuple[Counts, int]]:
    """Every count vector of ``k`` cards drawn from ``counts`` with its number of ways."""
    out: list[tuple[Counts, int]] = []
    n = len(counts)

    def rec(i: int, left: int, vec: list[int], w: int) -> None:
        if i == n - 1:
            if left <= counts[i]:
                out.append((tuple(vec + [left]), w * comb(counts[i], left)))
            return
        rest = sum(counts[i + 1:])
        for take in range(max(0, left - rest), min(counts[i], left) + 1):
            rec(i + 1, left - take, vec + [take], w * comb(counts[i], take))

    if 0 <= k <= sum(counts) and counts:
        rec(0, k, [], 1)
    elif k == 0:
        out.append(((), 1))
    return out


@dataclass
class Arrays:
    """The put-back MDP on integer indices.

    States ``0..n-1`` in exploration order; decision ``d`` belongs to state
    ``dec_state[d]`` (decisions of a state are contiguous, from ``state_dec[i]`` to
    ``state_dec[i + 1]``); its actions run from ``act_start[d]`` to ``act_start[d + 1]``.
    """

    keys: list[StateKey]
    sizes: list[int]  # deck size per state
    totals: list[int]  # number of draws per state (the decision weights' sum)
    state_dec: np.ndarray  # (n + 1,) decision offsets per state
    dec_state: np.ndarray  # (nd,)
    dec_weight: list[int]  # (nd,) integer draw weights
    dec_drawn: list[Hand]  # (nd,) drawn cards
    dec_drawn_id: np.ndarray  # (nd,) index into ``drawn``
    drawn: list[tuple[Hand, list[Hand]]]  # each distinct drawn hand and its put-backs, in action order
    act_start: np.ndarray  # (nd + 1,) action offsets per decision
    act_next: np.ndarray  # (na,) next state
    act_kept: np.ndarray  # (na,) kept hand id (index into rules.all_hands)
    act_back: list[Hand]  # (na,) put-back cards
    act_dec: np.ndarray  # (na,) the decision of each action
    act_local: np.ndarray  # (na,) the action's position within its decision

    @property
    def n(self) -> int:
        return len(self.keys)

    @property
    def n_decisions(self) -> int:
        return len(self.dec_weight)

    def dec_prob(self) -> np.ndarray:
        totals = np.asarray(self.totals, dtype=float)
        prob: np.ndarray = np.asarray(self.dec_weight, dtype=float) / totals[self.dec_state]
        return prob

    def layers(self) -> dict[int, list[int]]:
        """Deck size -> the states with that many cards in the draw pile."""
        out: dict[int, list[int]] = {}
        for i, size in enumerate(self.sizes):
            out.setdefault(size, []).append(i)
        return out


def build(max_states: int, *, rules: TwoDreidelRules) -> Arrays:
    """Every deck state any put-back policy reaches from a fresh deck, with its decisions.

    Raises:
        InputError: more than ``max_states`` states.
    """
    k = len(rules.symbols)
    full = rules.counts
    draw, put_back = rules.draw, rules.put_back
    hand_id = {h: i for i, h in enumerate(rules.all_hands)}
    hyper: dict[tuple[Counts, int], list[tuple[Counts, int]]] = {}
    # Per drawn hand: (put back, kept id, put-back counts) for each distinct put-back multiset.
    acts_of: dict[Hand, list[tuple[Hand, int, Counts]]] = {}

    def actions(drawn: Hand) -> list[tuple[Hand, int, Counts]]:
        out = []
        for back in sorted(set(itertools.combinations(drawn, put_back))):
            kept = list(drawn)
            for c in back:
                kept.remove(c)
            bc = [0] * k
            for c in back:
                bc[c] += 1
            out.append((back, hand_id[tuple(kept)], tuple(bc)))
        return out

    start: StateKey = (full, ())
    found: dict[StateKey, int] = {start: 0}  # discovery order
    found_keys: list[StateKey] = [start]
    stack = [0]
    order: list[int] = []  # discovery ids in processing order
    totals: list[int] = []
    dec_count: list[int] = []
    dec_weight: list[int] = []
    dec_drawn: list[Hand] = []
    act_count: list[int] = []
    act_next: list[int] = []
    act_kept: list[int] = []
    act_back: list[Hand] = []
    drawn_id: dict[Hand, int] = {}
    dec_drawn_ids: list[int] = []
    while stack:
        sid = stack.pop()
        order.append(sid)
        deck, top = found_keys[sid]
        fixed = [0] * k
        for c in top:
            fixed[c] += 1
        pile = tuple(d - f for d, f in zip(deck, fixed))
        need = draw - len(top)
        size = sum(pile)
        if need <= size:
            key = (pile, need)
            draws = hyper.get(key)
            if draws is None:
                draws = hyper[key] = _hypergeometric(pile, need)
            total = comb(size, need)
            outcomes = [(tuple(f + v for f, v in zip(fixed, vec)), tuple(p - v for p, v in zip(pile, vec)), w)
                        for vec, w in draws]
        else:  # mid-draw reshuffle: the whole pile, then the rest from the shuffled discard
            discard = tuple(a - d for a, d in zip(full, deck))
            rest = need - size
            key = (discard, rest)
            draws = hyper.get(key)
            if draws is None:
                draws = hyper[key] = _hypergeometric(discard, rest)
            total = comb(sum(discard), rest)
            first = [f + p for f, p in zip(fixed, pile)]
            outcomes = [(tuple(a + v for a, v in zip(first, vec)), tuple(d - v for d, v in zip(discard, vec)), w)
                        for vec, w in draws]
        totals.append(total)
        dec_count.append(len(outcomes))
        for drawn_counts, after, w in outcomes:
            drawn = tuple(i for i, c in enumerate(drawn_counts) for _ in range(c))
            acts = acts_of.get(drawn)
            if acts is None:
                acts = acts_of[drawn] = actions(drawn)
                drawn_id[drawn] = len(drawn_id)
            dec_weight.append(w)
            dec_drawn.append(drawn)
            dec_drawn_ids.append(drawn_id[drawn])
            act_count.append(len(acts))
            for back, kid, bc in acts:
                if put_back == 1:
                    c = back[0]
                    nxt_deck = after[:c] + (after[c] + 1,) + after[c + 1:]
                else:
                    nxt_deck = tuple(a + b for a, b in zip(after, bc))
                nk = (nxt_deck, back)
                j = found.get(nk)
                if j is None:
                    j = len(found_keys)
                    if j >= max_states:
                        raise InputError(f"the put-back MDP has more than max_states={max_states} states")
                    found[nk] = j
                    found_keys.append(nk)
                    stack.append(j)
                act_next.append(j)
                act_kept.append(kid)
                act_back.append(back)
    n = len(order)
    rank = np.empty(n, dtype=np.int64)
    rank[np.asarray(order, dtype=np.int64)] = np.arange(n, dtype=np.int64)
    keys = [found_keys[i] for i in order]
    nd = len(dec_weight)
    state_dec = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(dec_count, out=state_dec[1:])
    act_start = np.zeros(nd + 1, dtype=np.int64)
    np.cumsum(act_count, out=act_start[1:])
    counts = np.asarray(act_count, dtype=np.int64)
    act_dec = np.repeat(np.arange(nd, dtype=np.int64), counts)
    act_local = np.arange(len(act_next), dtype=np.int64) - act_start[:-1][act_dec]
    return Arrays(
        keys=keys, sizes=[sum(d) for d, _ in keys], totals=totals, state_dec=state_dec,
        dec_state=np.repeat(np.arange(n, dtype=np.int64), np.asarray(dec_count, dtype=np.int64)),
        dec_weight=dec_weight, dec_drawn=dec_drawn, dec_drawn_id=np.asarray(dec_drawn_ids, dtype=np.int64),
        drawn=[(h, [b for b, _, _ in acts_of[h]]) for h in drawn_id], act_start=act_start,
        act_next=rank[np.asarray(act_next, dtype=np.int64)], act_kept=np.asarray(act_kept, dtype=np.int64),
        act_back=act_back, act_dec=act_dec, act_local=act_local,
    )


# -- values -----------------------------------------------------------------------------
def action_values(arr: Arrays, opp: Any, *, rules: TwoDreidelRules) -> tuple[np.ndarray, np.ndarray]:
    """Each action's immediate value: its kept hand's equity against the opponent's kept
    hand on hands of that deck size (``opp``: deck size -> {kept hand: probability}).

    Returns:
        ``(exact values as an object array of rationals, the same in float64)``.
    """
    from ..rulebook.ranking import heads_up_points

    hands = rules.all_hands
    share = {(a, b): Q(heads_up_points(a, b, rules=rules), 2) for a in hands for b in hands}
    size_list = sorted(opp)
    row_of = {s: r for r, s in enumerate(size_list)}
    table = np.empty((len(size_list), len(hands)), dtype=object)
    for size in size_list:
        dist = [(h, Q(q.numerator, q.denominator)) for h, q in opp[size].items()]
        for c, hand in enumerate(hands):
            table[row_of[size], c] = sum((q * share[(hand, h)] for h, q in dist), Q(0))
    state_row = np.asarray([row_of[s] for s in arr.sizes], dtype=np.int64)
    exact = table[state_row[arr.dec_state[arr.act_dec]], arr.act_kept]
    return exact, np.asarray([float(v) for v in exact], dtype=float)


# -- float policy iteration -----------------------------------------------------------------
def float_policy_iteration(arr: Arrays, choice: np.ndarray, values: np.ndarray, max_iterations: int,
                           prefix: Sequence[int], cycle: Sequence[int]) -> None:
    """Improve ``choice`` (per decision, the chosen action's position) in place by policy
    iteration in float64, then every decision's best action at once.

    Each policy is evaluated on the layers, as the exact evaluation is: the L-step chain
    on the smallest deck-size layer (a small dense matrix, from sparse products through
    the layers), its gain and bias there by a dense solve, and the bias carried back
    around the cycle; no Krylov iteration over the whole state space. If a policy's
    small system is singular (several closed classes) the choice is left to the exact
    iteration.
    """
    from scipy.sparse import csr_matrix

    n = arr.n
    prob = arr.dec_prob()
    first = arr.act_start[:-1]
    L = len(cycle)
    layers = arr.layers()
    anchor = anchor_position(cycle, layers)
    anchor_states = np.asarray(layers[cycle[anchor]], dtype=np.int64)
    n_a = len(anchor_states)
    # Positions after the anchor, last first (to carry values back), then the prefix.
    after = [np.asarray(layers.get(cycle[(anchor + j) % L], []), dtype=np.int64) for j in range(L - 1, 0, -1)]
    before_prefix = [np.asarray(layers.get(size, []), dtype=np.int64) for size in reversed(prefix)]
    for _ in range(max_iterations):
        chosen = first + choice
        nxt = arr.act_next[chosen]
        reward = np.bincount(arr.dec_state, weights=prob * values[chosen], minlength=n)
        p_mat = csr_matrix((prob, (arr.dec_state, nxt)), shape=(n, n))
        rows = [p_mat[idx] for idx in after]
        x = np.zeros((n, n_a))
        x[anchor_states, np.arange(n_a)] = 1.0
        v = np.zeros(n)
        for idx, p_rows in zip(after, rows):
            x[idx] = p_rows @ x
            v[idx] = reward[idx] + p_rows @ v
        p_anchor = p_mat[anchor_states]
        m = p_anchor @ x  # the L-step chain on the anchor layer
        r_cycle = reward[anchor_states] + p_anchor @ v
        eye = np.eye(n_a)
        # Stationary pi (pi M = pi, sum 1), then h = r_cycle - L g + M h with h(ref) = 0.
        a_pi = (m.T - eye)
        a_pi[-1] = 1.0
        e_last = np.zeros(n_a)
        e_last[-1] = 1.0
        try:
            pi = np.linalg.solve(a_pi, e_last)
            # h(ref) = 0 on a recurrent state (the most visited) keeps the system regular.
            ref = int(np.argmax(pi))
            gain = float(pi @ r_cycle) / L
            a_h = eye - m
            a_h[ref] = 0.0
            a_h[ref, ref] = 1.0
            rhs = r_cycle - L * gain
            rhs[ref] = 0.0
            h = np.linalg.solve(a_h, rhs)
        except np.linalg.LinAlgError:
            return  # leave the choice to the exact iteration
        if not (np.all(np.isfinite(h)) and np.abs(a_h @ h - rhs).max() <= 1e-9 * (1.0 + np.abs(rhs).max())):
            return
        bias = np.zeros(n)
        bias[anchor_states] = h
        for idx in after + before_prefix:  # back from the anchor layer, then the opening hands
            bias[idx] = reward[idx] - gain + p_mat[idx] @ bias
        tol = 1e-9 * (1.0 + float(np.abs(bias).max()))
        q = values + bias[arr.act_next]
        qmax = np.maximum.reduceat(q, first)
        improve = qmax > q[chosen] + tol
        if not improve.any():
            return
        best = _first_best(arr, q == qmax[arr.act_dec])
        choice[improve] = best[improve]


def _first_best(arr: Arrays, is_best: np.ndarray) -> np.ndarray:
    """Per decision, the position of its first action flagged in ``is_best``."""
    big = np.iinfo(np.int64).max
    return np.minimum.reduceat(np.where(is_best, arr.act_local, big), arr.act_start[:-1])


def exact_improve(arr: Arrays, choice: np.ndarray, values: np.ndarray, bias: Sequence[Any]) -> bool:
    """One exact improvement step in place: a decision changes only to a strictly better
    action (the first best one). Returns whether any decision changed."""
    first = arr.act_start[:-1]
    b = np.empty(len(bias), dtype=object)
    b[:] = list(bias)
    q = values + b[arr.act_next]
    qmax = np.maximum.reduceat(q, first)
    improve = np.asarray(qmax > q[first + choice], dtype=bool)
    if not improve.any():
        return False
    best = _first_best(arr, np.asarray(q == qmax[arr.act_dec], dtype=bool))
    choice[improve] = best[improve]
    return True


# -- exact evaluation on the layers -----------------------------------------------------------
Rows = list[list[tuple[int, int]]]  # per state: (target, integer weight); the weights sum to the state's total


@dataclass
class PolicyChain:
    """A deterministic policy's chain with integer weights: per state, where it goes and
    which hands it keeps (each weight over the state's number of draws)."""

    trans: Rows
    kept: Rows
    totals: list[int]
    scale: list[int]  # per state: its layer's common denominator over its own total


def _grouped(arr: Arrays, targets: np.ndarray, width: int) -> Rows:
    """Per state, the decision weights summed by target (``targets`` per decision)."""
    n = arr.n
    key = arr.dec_state * width + targets
    uniq, inv = np.unique(key, return_inverse=True)
    weights = np.bincount(inv.ravel(), weights=np.asarray(arr.dec_weight, dtype=float))
    owners = uniq // width
    bounds = np.searchsorted(owners, np.arange(n + 1)).tolist()
    tgt = (uniq % width).tolist()
    wts = [int(w) for w in weights.tolist()]  # exact: weights are small integers
    return [list(zip(tgt[bounds[i]:bounds[i + 1]], wts[bounds[i]:bounds[i + 1]])) for i in range(n)]


def policy_chain(arr: Arrays, choice: np.ndarray, *, kept: bool = False, n_hands: int = 0) -> PolicyChain:
    """The transitions (and with ``kept``, the kept hands) of the deterministic policy ``choice``."""
    from math import lcm

    chosen = arr.act_start[:-1] + choice
    trans = _grouped(arr, arr.act_next[chosen], arr.n)
    kepts = _grouped(arr, arr.act_kept[chosen], n_hands) if kept else []
    layer_den: dict[int, int] = {}
    for size, total in zip(arr.sizes, arr.totals):
        layer_den[size] = lcm(layer_den.get(size, 1), total)
    scale = [layer_den[size] // total for size, total in zip(arr.sizes, arr.totals)]
    return PolicyChain(trans, kepts, list(arr.totals), scale)


def step(vec: dict[int, Any], pol: PolicyChain) -> dict[int, Any]:
    """One hand forward: the state distribution ``vec`` (rationals) times the transitions."""
    out: dict[int, Any] = {}
    get = out.get
    zero = Q(0)
    trans, totals = pol.trans, pol.totals
    for i, p in vec.items():
        p = p / totals[i]
        for t, w in trans[i]:
            out[t] = get(t, zero) + p * w
    return out


def reduced_chain(anchor_states: Sequence[int], pol: PolicyChain, L: int) -> dict[int, dict[int, Any]]:
    """The L-step chain on the anchor layer, exact: each row is carried forward in
    integers over the layers' common denominators and divided once at the end."""
    rows: dict[int, dict[int, Any]] = {}
    trans, scale, totals = pol.trans, pol.scale, pol.totals
    for a in anchor_states:
        vec: dict[int, int] = {a: 1}
        den = 1
        for _ in range(L):
            out: dict[int, int] = {}
            get = out.get
            for i, p in vec.items():
                f = scale[i]
                if f != 1:
                    p *= f
                for t, w in trans[i]:
                    out[t] = get(t, 0) + p * w
            den *= scale[i] * totals[i]  # the layer's common denominator (i is any state of it)
            vec = out
        rows[a] = {t: Q(v, den) for t, v in vec.items()}
    return rows


def closed_class(rows: dict[int, dict[int, Any]]) -> tuple[list[int], list[dict[int, Any]]] | None:
    """The one closed class of a small chain given by its rows (its states in the order of
    ``rows``) and the rows on the chain's own indices; ``None`` when there are several."""
    states = list(rows)
    index = {s: i for i, s in enumerate(states)}
    indexed = [{index[t]: p for t, p in rows[s].items() if p} for s in states]
    classes, closed = strong_classes(indexed)
    closed_classes = [c for c, is_closed in zip(classes, closed) if is_closed]
    return (closed_classes[0], indexed) if len(closed_classes) == 1 else None


def stationary(members: Sequence[int], indexed: Sequence[dict[int, Any]], states: Sequence[int]) -> dict[int, Any]:
    """The exact stationary distribution of a closed class, by state."""
    return {states[i]: Q(p) for i, p in class_stationary(indexed, members).items()}


def solve_bias(states: Sequence[int], rows: dict[int, dict[int, Any]], rhs: dict[int, Any], ref: int) -> dict[int, Any]:
    """Solve h = rhs + M h with h(ref) = 0 exactly on the anchor layer."""
    idx = {s: i for i, s in enumerate(states)}
    system = [{} if s == ref else {idx[t]: q for t, q in rows[s].items()} for s in states]
    x = solve_exact(system, [[Fraction(0) if s == ref else rhs[s]] for s in states])
    return {s: Q(x[idx[s]][0]) for s in states}


def anchor_position(cycle: Sequence[int], layers: dict[int, list[int]]) -> int:
    """The position in the deck-size cycle of the smallest layer (the first if tied)."""
    return min(range(len(cycle)), key=lambda j: (len(layers.get(cycle[j], [])), j))


def evaluate(arr: Arrays, prefix: Sequence[int], cycle: Sequence[int], choice: np.ndarray,
             values: np.ndarray) -> tuple[Any, list[Any]]:
    """Exact gain and bias (per state; bias 0 on the least state of the recurrent class)
    of the deterministic policy ``choice``.

    Raises:
        InputError: the policy splits the deck cycle into several closed classes.
    """
    pol = policy_chain(arr, choice)
    n = arr.n
    zero = Q(0)
    chosen = arr.act_start[:-1] + choice
    vals = values[chosen].tolist()
    reward: list[Any] = [zero] * n
    bounds = arr.state_dec.tolist()
    weights = arr.dec_weight
    for i, total in enumerate(arr.totals):
        r = zero
        for d in range(bounds[i], bounds[i + 1]):
            r += weights[d] * vals[d]
        reward[i] = r / total
    L = len(cycle)
    layers = arr.layers()
    anchor = anchor_position(cycle, layers)
    anchor_states = layers[cycle[anchor]]
    rows = reduced_chain(anchor_states, pol, L)
    trans, totals = pol.trans, pol.totals

    def back(i: int, v: Sequence[Any]) -> Any:
        acc = zero
        for t, w in trans[i]:
            acc += w * v[t]
        return acc / totals[i]

    # Each anchor state's reward over one cycle, backwards through the layers.
    v: list[Any] = [zero] * n
    for j in range(L - 1, 0, -1):
        for i in layers.get(cycle[(anchor + j) % L], []):
            v[i] = reward[i] + back(i, v)
    r_cycle = {a: reward[a] + back(a, v) for a in anchor_states}
    found = closed_class(rows)
    if found is None:
        raise InputError(
            "a policy met during the solve splits the deck cycle into several closed classes; "
            "the unichain policy iteration used here does not apply to these rules"
        )
    members, indexed = found
    pi = stationary(members, indexed, list(rows))
    gain = sum((p * r_cycle[a] for a, p in pi.items()), zero) / L
    ref = min(pi, key=lambda i: arr.keys[i])
    h_anchor = solve_bias(anchor_states, rows, {a: r_cycle[a] - L * gain for a in anchor_states}, ref)
    bias: list[Any] = [zero] * n
    for a, h in h_anchor.items():
        bias[a] = h
    for size in [cycle[(anchor - j) % L] for j in range(1, L)] + list(reversed(prefix)):
        for i in layers.get(size, []):
            bias[i] = reward[i] - gain + back(i, bias)
    return gain, bias


def phase_kept(arr: Arrays, prefix: Sequence[int], cycle: Sequence[int], choice: np.ndarray, n_hands: int
               ) -> dict[int, dict[int, Any]] | None:
    """Deck size -> the long-run kept-hand distribution (hand id -> probability) on hands of
    that size under the deterministic policy ``choice`` from a fresh deck; on the opening
    hands (``prefix``) the exact distribution on that hand.

    Returns ``None`` when the answer needs the general route (the policy's chain has
    several closed classes on the anchor layer, or it does not settle on each deck size).
    """
    pol = policy_chain(arr, choice, kept=True, n_hands=n_hands)
    trans = pol.trans
    # States the policy reaches from the fresh deck (state 0).
    seen = [False] * arr.n
    seen[0] = True
    queue = [0]
    for s in queue:
        for t, _ in trans[s]:
            if not seen[t]:
                seen[t] = True
                queue.append(t)
    layers: dict[int, list[int]] = {}
    for i in sorted(queue):
        if i != 0 or not prefix:
            layers.setdefault(arr.sizes[i], []).append(i)
    L = len(cycle)
    anchor = anchor_position(cycle, layers)
    rows = reduced_chain(layers.get(cycle[anchor], []), pol, L)
    found = closed_class(rows)
    if found is None or class_period(found[1], found[0]) != 1:
        return None
    totals, kept = pol.totals, pol.kept

    def mix(vec: dict[int, Any]) -> dict[int, Any]:
        out: dict[int, Any] = {}
        for s, p in vec.items():
            p = p / totals[s]
            for h, w in kept[s]:
                out[h] = out.get(h, Q(0)) + p * w
        return out

    result: dict[int, dict[int, Any]] = {}
    vec = {s: p for s, p in stationary(found[0], found[1], list(rows)).items() if p}
    for j in range(L):
        if j:
            vec = step(vec, pol)
        result[cycle[(anchor + j) % L]] = mix(vec)
    vec = {0: Q(1)}
    for size in prefix:
        result[size] = mix(vec)
        vec = step(vec, pol)
    return result
