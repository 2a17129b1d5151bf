"""Benchmark: the Two Dreidel deck chain (2-7-7-2) and the best put-back policy.

Times, in the same run,

1. building the 2-7-7-2 deck chain under normal-best and solving its long-run kept-hand
   frequencies exactly with the layered solve (exact solve on the smallest deck-size layer
   only), against the naive route: the whole chain's stationary distribution by dense
   exact Gaussian elimination on Fractions (and, for reference, the generic sparse exact
   solver of ``dreidelpoker.markov``);
2. the best put-back policy against normal-best by layered exact policy iteration, against
   naive exact policy iteration that evaluates each policy on the whole state space with the
   generic sparse exact solver (same improvement step, so the same policies are visited).

Prints every time and the ratios, and checks that the answers agree exactly.
Run: ``python benchmarks/bench_deck_chain.py``.
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

from dreidelpoker._sparse_solve import solve_exact
from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.games.two_dreidel.chain import ChainState, deck_chain
from dreidelpoker.games.two_dreidel.policies import resolve_policy
from dreidelpoker.games.two_dreidel.strategy import PutBackMDP
from dreidelpoker.markov import MarkovChain

DECK = "2-7-7-2"


def dense_stationary(states: list[ChainState], succ: dict[ChainState, dict[ChainState, Fraction]]
                     ) -> dict[ChainState, Fraction]:
    """Textbook: solve pi (P - I) = 0, sum pi = 1 by dense Gauss-Jordan on Fractions."""
    n = len(states)
    idx = {s: i for i, s in enumerate(states)}
    a = [[Fraction(0)] * (n + 1) for _ in range(n)]
    for s in states:  # column s of P^T - I -> row of the system
        a[idx[s]][idx[s]] -= 1
        for t, p in succ[s].items():
            a[idx[t]][idx[s]] += p
    a[n - 1] = [Fraction(1)] * n + [Fraction(1)]
    for col in range(n):
        piv = next(r for r in range(col, n) if a[r][col] != 0)
        a[col], a[piv] = a[piv], a[col]
        pv = a[col][col]
        a[col] = [x / pv for x in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return {s: a[idx[s]][n] for s in states}


def naive_policy_iteration(mdp: PutBackMDP, opponent: str) -> Any:
    """Exact policy iteration evaluating each policy on the whole state space (no layers)."""
    values = mdp._kept_values(mdp.opponent_hands(opponent))
    choice = mdp._initial_choice(resolve_policy("normal-best", mdp.rules))
    states = list(mdp.decisions)
    while True:
        reward: dict[ChainState, Fraction] = {}
        trans: dict[ChainState, dict[ChainState, Fraction]] = {}
        for s, decs in mdp.decisions.items():
            r = Fraction(0)
            row: dict[ChainState, Fraction] = {}
            for d in decs:
                _, kept, nxt = d.actions[choice[(s, d.drawn)]]
                v = values[(s.deck_size, kept)]
                r += d.prob * Fraction(int(v.numerator), int(v.denominator))
                row[nxt] = row.get(nxt, Fraction(0)) + d.prob
            reward[s], trans[s] = r, row
        chain = MarkovChain.from_transitions(trans)
        pi = chain.stationary_distribution(method="exact", start=mdp.start)
        gain = sum((Fraction(int(p.p), int(p.q)) * reward[s] for s, p in pi.items() if p), Fraction(0))
        ref = next(s for s, p in pi.items() if p)
        unknowns = [s for s in states if s != ref]
        col = {s: i for i, s in enumerate(unknowns)}
        rows = [{col[t]: q for t, q in trans[s].items() if t != ref} for s in unknowns]
        x = solve_exact(rows, [[reward[s] - gain] for s in unknowns])
        bias = {s: Fraction(int(x[col[s]][0].numerator), int(x[col[s]][0].denominator)) for s in unknowns}
        bias[ref] = Fraction(0)
        changed = False
        for s, decs in mdp.decisions.items():
            for d in decs:
                cur = choice[(s, d.drawn)]
                q = [Fraction(int(values[(s.deck_size, kept)].numerator), int(values[(s.deck_size, kept)].denominator))
                     + bias[nxt] for _, kept, nxt in d.actions]
                best = max(range(len(q)), key=lambda i: (q[i], i == cur))
                if q[best] > q[cur]:
                    choice[(s, d.drawn)] = best
                    changed = True
        if not changed:
            return gain


def main() -> None:
    rules = TwoDreidelRules(deck=DECK)
    print(f"deck {DECK}")
    # Warm up imports and caches so that no timing below pays for them.
    warm = deck_chain(TwoDreidelRules(), policy="normal-best")
    warm.long_run_state_distribution()
    warm.long_run_state_distribution(method="engine")

    t0 = time.perf_counter()
    chain = deck_chain(rules, policy="normal-best")
    layered = chain.long_run_state_distribution()
    t_layered = time.perf_counter() - t0
    print(f"chain: {chain.n_states} states, period {chain.period}")
    print(f"  build + layered exact solve      {t_layered:8.3f} s")

    t0 = time.perf_counter()
    chain2 = deck_chain(rules, policy="normal-best")
    sparse = chain2.long_run_state_distribution(method="engine")
    t_sparse = time.perf_counter() - t0
    print(f"  build + generic sparse exact     {t_sparse:8.3f} s")

    t0 = time.perf_counter()
    chain3 = deck_chain(rules, policy="normal-best")
    dense = dense_stationary(chain3.states, {s: chain3.successors(s) for s in chain3.states})
    t_dense = time.perf_counter() - t0
    print(f"  build + naive dense exact        {t_dense:8.3f} s")
    assert layered == sparse == {s: p for s, p in dense.items() if p}
    print(f"  ratio naive dense / layered      {t_dense / t_layered:8.1f} x")
    print(f"  ratio generic sparse / layered   {t_sparse / t_layered:8.1f} x")

    t0 = time.perf_counter()
    mdp = PutBackMDP(rules)
    best = mdp.best_response("normal-best")
    t_pi = time.perf_counter() - t0
    print(f"best put-back policy vs normal-best: MDP with {mdp.n_states} states, {mdp.n_decisions} decision points")
    print(f"  layered exact policy iteration   {t_pi:8.3f} s  ({best.iterations} iterations, "
          f"value ≈ {float(best.value):.6f})")
    t0 = time.perf_counter()
    mdp2 = PutBackMDP(rules)
    naive = naive_policy_iteration(mdp2, "normal-best")
    t_naive = time.perf_counter() - t0
    print(f"  naive exact policy iteration     {t_naive:8.3f} s")
    assert Fraction(int(naive.numerator), int(naive.denominator)) == Fraction(int(best.value.p), int(best.value.q))
    print(f"  ratio naive / layered            {t_naive / t_pi:8.1f} x")
    count = 1
    for decs in mdp.decisions.values():
        for d in decs:
            count *= len(d.actions)
    print(f"  (brute force over every deterministic stationary policy: about 10^{len(str(count)) - 1} "
          "policies, not attempted)")


if __name__ == "__main__":
    main()
