"""Exact Markov solves against a fair baseline: the same chain solved densely by
python-flint (``fmpq_mat.solve``, exact rationals in C).

Rows:
1. classic dreidel, expected spins and win probabilities (one absorbing-chain solve);
2. the Two Dreidel 2-7-7-2 deck chain's long-run state distribution (normal-best);
3. the best put-back policy on 2-7-7-2: policy iteration, each policy evaluated by one
   dense flint solve on the whole state space (same improvement rule, same answer).

Both sides build the chain with the library (the build is part of both timings).

Run: .venv/bin/python benchmarks/bench_markov.py [--runs 3]
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

import flint
from _timing import Row, interleaved, print_table

from dreidelpoker.games.classic_dreidel import ClassicDreidelRules, dreidel_chain, start_state
from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.games.two_dreidel.deck_cycle.chain import deck_chain
from dreidelpoker.games.two_dreidel.rulebook.ranking import heads_up_points
from dreidelpoker.games.two_dreidel.deck_cycle.strategy import PutBackMDP


def _fr(x: Any) -> Fraction:
    return Fraction(int(x.p), int(x.q)) if hasattr(x, "p") else Fraction(x)


def _flint_solve(n: int, entries: dict[tuple[int, int], Fraction], rhs: list[list[Fraction]]) -> list[list[Fraction]]:
    a = flint.fmpq_mat(n, n)
    for (i, j), v in entries.items():
        a[i, j] = flint.fmpq(v.numerator, v.denominator)
    m = len(rhs[0])
    b = flint.fmpq_mat(n, m)
    for i, row in enumerate(rhs):
        for j, v in enumerate(row):
            if v:
                b[i, j] = flint.fmpq(v.numerator, v.denominator)
    x = a.solve(b)
    return [[Fraction(int(x[i, j].p), int(x[i, j].q)) for j in range(m)] for i in range(n)]


# -- 1. classic dreidel ----------------------------------------------------------------
def classic_library(rules: ClassicDreidelRules) -> tuple[Fraction, list[Fraction]]:
    chain = dreidel_chain(rules=rules)
    steps, absorbed = chain.absorption_summary(start_state(rules=rules), method="exact")
    return _fr(steps), [_fr(absorbed.get(("win", i), 0)) for i in range(rules.players)]


def classic_fair(rules: ClassicDreidelRules) -> tuple[Fraction, list[Fraction]]:
    chain = dreidel_chain(rules=rules)
    transient = [s for s in chain.states if s[0] not in ("win", "draw", "out")]
    idx = {s: k for k, s in enumerate(transient)}
    entries: dict[tuple[int, int], Fraction] = {}
    rhs = [[Fraction(1)] + [Fraction(0)] * rules.players for _ in transient]
    for s in transient:
        i = idx[s]
        entries[i, i] = entries.get((i, i), Fraction(0)) + 1
        for t, p in chain.successors(s).items():
            if t in idx:
                entries[i, idx[t]] = entries.get((i, idx[t]), Fraction(0)) - _fr(p)
            elif t[0] == "win":
                rhs[i][1 + t[1]] += _fr(p)
    x = _flint_solve(len(transient), entries, rhs)
    k = idx[start_state(rules=rules)]
    return x[k][0], x[k][1:]


# -- 2. deck chain ---------------------------------------------------------------------
def deck_library(rules: TwoDreidelRules) -> dict[Any, Fraction]:
    dist = deck_chain(rules, policy="normal-best").long_run_state_distribution()
    return {s: _fr(p) for s, p in dist.items() if p}


def deck_fair(rules: TwoDreidelRules) -> dict[Any, Fraction]:
    chain = deck_chain(rules, policy="normal-best")
    states = chain.states
    n = len(states)
    idx = {s: i for i, s in enumerate(states)}
    entries: dict[tuple[int, int], Fraction] = {}
    for s in states:  # pi (P - I) = 0 as (P^T - I) pi = 0, last equation replaced by sum pi = 1
        j = idx[s]
        entries[j, j] = entries.get((j, j), Fraction(0)) - 1
        for t, p in chain.successors(s).items():
            entries[idx[t], j] = entries.get((idx[t], j), Fraction(0)) + _fr(p)
    entries = {k: v for k, v in entries.items() if k[0] != n - 1}
    entries.update({(n - 1, j): Fraction(1) for j in range(n)})
    rhs = [[Fraction(0)] for _ in range(n - 1)] + [[Fraction(1)]]
    x = _flint_solve(n, entries, rhs)
    return {s: x[idx[s]][0] for s in states if x[idx[s]][0]}


# -- 3. best put-back policy -----------------------------------------------------------
def policy_library(rules: TwoDreidelRules) -> Fraction:
    return _fr(PutBackMDP(rules).best_response("normal-best").value)


def policy_fair(rules: TwoDreidelRules) -> Fraction:
    """Policy iteration for the long-run average: evaluate (gain, bias) by one dense flint
    solve over all states (bias 0 at the first state), improve greedily (keeping the
    current action on ties), starting from normal-best."""
    mdp = PutBackMDP(rules)
    opp = mdp.opponent_hands("normal-best")
    value = {(size, h): sum((q * Fraction(heads_up_points(h, o, rules=rules), 2) for o, q in dist.items()), Fraction(0))
             for size, dist in opp.items() for h in rules.all_hands}
    states = list(mdp.decisions)
    idx = {s: i for i, s in enumerate(states)}
    n = len(states)
    choice = {(s, d.drawn): next(i for i, a in enumerate(d.actions) if a[0] == d.drawn[-rules.put_back:])
              for s in states for d in mdp.decisions[s]}
    while True:
        entries: dict[tuple[int, int], Fraction] = {}
        rhs: list[list[Fraction]] = []
        for s in states:  # unknowns: h(s) for s != states[0] in columns 0..n-2, the gain in n-1
            i = idx[s]
            if i:
                entries[i, i - 1] = entries.get((i, i - 1), Fraction(0)) + 1
            entries[i, n - 1] = Fraction(1)
            reward = Fraction(0)
            for d in mdp.decisions[s]:
                _back, kept, nxt = d.actions[choice[s, d.drawn]]
                reward += d.prob * value[s.deck_size, kept]
                j = idx[nxt]
                if j:
                    entries[i, j - 1] = entries.get((i, j - 1), Fraction(0)) - d.prob
            rhs.append([reward])
        x = _flint_solve(n, entries, rhs)
        gain = x[n - 1][0]
        bias = [Fraction(0)] + [x[i][0] for i in range(n - 1)]
        changed = False
        for s in states:
            for d in mdp.decisions[s]:
                cur = choice[s, d.drawn]
                q = [value[s.deck_size, kept] + bias[idx[t]] for _b, kept, t in d.actions]
                best = max(range(len(q)), key=lambda a: (q[a], a == cur))
                if q[best] > q[cur]:
                    choice[s, d.drawn] = best
                    changed = True
        if not changed:
            return gain


def rows(runs: int) -> list[Row]:
    out = []
    for players, coins in ((2, 7), (3, 3)):
        rules = ClassicDreidelRules(players=players, coins=coins)
        assert classic_library(rules) == classic_fair(rules)
        out.append(Row(f"classic dreidel {players}x{coins} exact (build + solve)",
                       *interleaved(lambda: classic_library(rules), lambda: classic_fair(rules), runs)))
    td = TwoDreidelRules(deck="2-7-7-2")
    assert deck_library(td) == deck_fair(td)
    out.append(Row("deck chain 2-7-7-2 long run, exact", *interleaved(lambda: deck_library(td), lambda: deck_fair(td), runs)))
    assert policy_library(td) == policy_fair(td)
    out.append(Row("best put-back policy 2-7-7-2, exact",
                   *interleaved(lambda: policy_library(td), lambda: policy_fair(td), runs), target=2.0))
    return out


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=3)
    a = p.parse_args()
    print_table(rows(a.runs), runs=a.runs)
