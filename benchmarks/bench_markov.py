"""Time the exact sparse elimination of dreidelpoker.markov against a naive exact solve.

The naive approach builds the dense fundamental system (I - Q) x = b of the absorbing
classic-dreidel chain as a sympy Matrix and calls ``LUsolve`` (exact rationals). Both give
the expected number of spins and the win probabilities; the script checks they agree and
prints both times and the ratio. Not a test: timing never decides a test.

    python benchmarks/bench_markov.py
"""

from __future__ import annotations

import time

import sympy

from dreidelpoker.games.classic_dreidel import ClassicDreidelRules, dreidel_chain, start_state


def naive(rules: ClassicDreidelRules) -> tuple[sympy.Rational, list[sympy.Rational]]:
    chain = dreidel_chain(rules=rules)
    states = chain.states
    transient = [s for s in states if s[0] not in ("win", "draw", "out")]
    idx = {s: k for k, s in enumerate(transient)}
    n = len(transient)
    a = sympy.eye(n)
    b = sympy.zeros(n, 1 + rules.players)
    for s in transient:
        for t, p in chain.successors(s).items():
            if t in idx:
                a[idx[s], idx[t]] -= p
            else:
                b[idx[s], 1 + t[1]] += p
        b[idx[s], 0] = 1
    x = a.LUsolve(b)
    k = idx[start_state(rules=rules)]
    return x[k, 0], [x[k, 1 + i] for i in range(rules.players)]


def engine(rules: ClassicDreidelRules) -> tuple[sympy.Rational, list[sympy.Rational]]:
    chain = dreidel_chain(rules=rules)
    steps, absorbed = chain.absorption_summary(start_state(rules=rules), method="exact")
    return steps, [absorbed.get(("win", i), sympy.Integer(0)) for i in range(rules.players)]


def main() -> None:
    engine(ClassicDreidelRules(players=2, coins=1))  # warm up: first use imports scipy
    for players, coins in ((2, 3), (2, 5), (3, 1), (2, 7)):
        rules = ClassicDreidelRules(players=players, coins=coins)
        t0 = time.perf_counter()
        fast = engine(rules)
        t1 = time.perf_counter()
        slow = naive(rules)
        t2 = time.perf_counter()
        assert fast == slow, (fast, slow)
        n = len(dreidel_chain(rules=rules))
        print(f"{players} players x {coins} coins ({n:4d} states): sparse exact {t1 - t0:8.3f} s, "
              f"sympy dense LUsolve {t2 - t1:8.3f} s, ratio {(t2 - t1) / max(t1 - t0, 1e-9):7.1f}x")


if __name__ == "__main__":
    main()
