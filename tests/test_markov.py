"""Tests of the generic Markov-chain engine against independent dense brute force."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dreidelpoker.markov import MarkovChain

F = Fraction


# -- independent oracles: dense Fraction matrices ------------------------------------
def mat_mul(a: list[list[Fraction]], b: list[list[Fraction]]) -> list[list[Fraction]]:
    n, m, p = len(a), len(b), len(b[0])
    return [[sum((a[i][k] * b[k][j] for k in range(m)), F(0)) for j in range(p)] for i in range(n)]


def mat_pow(a: list[list[Fraction]], n: int) -> list[list[Fraction]]:
    size = len(a)
    out = [[F(int(i == j)) for j in range(size)] for i in range(size)]
    for _ in range(n):
        out = mat_mul(out, a)
    return out


def reach_sets(p: list[list[Fraction]]) -> list[set[int]]:
    n = len(p)
    reach = [{j for j in range(n) if p[i][j]} | {i} for i in range(n)]
    changed = True
    while changed:
        changed = False
        for i in range(n):
            new = set().union(*(reach[j] for j in reach[i]))
            if new != reach[i]:
                reach[i] = new
                changed = True
    return reach


@st.composite
def stochastic_matrices(draw: st.DrawFn, max_n: int = 6) -> list[list[Fraction]]:
    n = draw(st.integers(1, max_n))
    rows = []
    for _ in range(n):
        w = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n).filter(lambda r: sum(r) > 0))
        # Sparsify so that reducible and periodic chains come up often.
        total = sum(w)
        rows.append([F(x, total) for x in w])
    return rows


def as_rationals(m: list[list[Fraction]]) -> list[list[sympy.Rational]]:
    return [[sympy.Rational(x.numerator, x.denominator) for x in r] for r in m]


# -- construction and bad input ------------------------------------------------------
def test_row_not_summing_to_one_names_state_and_sum() -> None:
    with pytest.raises(ValueError, match=r"out of state 'b' sum to 9/10, not 1"):
        MarkovChain.from_transitions({"a": {"a": 1}, "b": {"a": "1/2", "b": "2/5"}})
    with pytest.raises(ValueError, match=r"out of state 1 sum to 3/2, not 1"):
        MarkovChain.from_matrix([[1, 0], ["1/2", 1]])
    with pytest.raises(ValueError, match="sum to"):
        MarkovChain.from_matrix(np.array([[0.5, 0.4], [0.0, 1.0]]), exact=False)


def test_negative_probability_rejected() -> None:
    with pytest.raises(ValueError, match=r"from 'a' to 'b' is negative \(-1/2\)"):
        MarkovChain.from_transitions({"a": {"a": F(3, 2), "b": F(-1, 2)}, "b": {"b": 1}})
    with pytest.raises(ValueError, match="negative"):
        MarkovChain.from_matrix([[1.5, -0.5], [0, 1]], exact=False)


def test_non_numeric_probability_rejected() -> None:
    with pytest.raises(TypeError, match=r"'half' is not an exact number"):
        MarkovChain.from_transitions({"a": {"a": "half"}})
    with pytest.raises(TypeError, match="not the bool"):
        MarkovChain.from_transitions({"a": {"a": True}})
    with pytest.raises(TypeError, match="must be an int, fractions.Fraction"):
        MarkovChain.from_transitions({"a": {"a": [1]}})
    with pytest.raises(TypeError, match="is the float 0.5; an exact chain takes"):
        MarkovChain.from_matrix([[0.5, 0.5], [0, 1]])
    with pytest.raises(TypeError, match="must be a real number"):
        MarkovChain.from_matrix([[None, 1], [0, 1]], exact=False)
    with pytest.raises(TypeError, match="sympy expression"):
        MarkovChain.from_transitions({"a": {"a": sympy.Symbol("p")}})


def test_other_bad_input() -> None:
    with pytest.raises(ValueError, match="has no transitions of its own"):
        MarkovChain.from_transitions({"a": {"b": 1}})
    with pytest.raises(ValueError, match="at least one state"):
        MarkovChain.from_transitions({})
    with pytest.raises(ValueError, match="square"):
        MarkovChain.from_matrix([[1, 0]])
    with pytest.raises(ValueError, match="distinct labels"):
        MarkovChain.from_matrix([[1, 0], [0, 1]], states=["x", "x"])
    with pytest.raises(ValueError, match="more than max_states=5"):
        MarkovChain.from_successors([0], lambda k: {k + 1: 1}, max_states=5)
    chain = MarkovChain.from_matrix([[1, 0], [0, 1]])
    with pytest.raises(ValueError, match="2 recurrent classes"):
        chain.stationary_distribution()
    with pytest.raises(ValueError, match="'z' is not a state"):
        chain.n_step("z", 1)
    with pytest.raises(ValueError, match="method must be"):
        chain.stationary_distribution(method="fast", start=0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="n must be an integer from 0 to 1,000,000, got -1"):
        chain.n_step(0, -1)
    with pytest.raises(ValueError, match="2 communicating classes"):
        chain.period()


def test_exact_too_large_suggests_float() -> None:
    n = 30
    walk = MarkovChain.from_successors([0], lambda k: {min(k + 1, n): "1/2", max(k - 1, 0): "1/2"})
    walk.exact_limit = 10
    with pytest.raises(ValueError, match=r"31 unknowns|30 unknowns"):
        walk.stationary_distribution(method="exact")
    with pytest.raises(ValueError, match="use method='float'"):
        walk.stationary_distribution(method="exact")
    pi = walk.stationary_distribution()  # auto falls back to float
    assert isinstance(pi[0], float) and pi[0] == pytest.approx(1 / (n + 1), rel=1e-9)  # lazy reflecting walk: uniform
    fchain = MarkovChain.from_matrix([[0.5, 0.5], [0.5, 0.5]], exact=False)
    with pytest.raises(ValueError, match="built with exact=False"):
        fchain.stationary_distribution(method="exact")


# -- properties against brute force ---------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(stochastic_matrices(), st.integers(0, 6), st.data())
def test_n_step_matches_matrix_powers(p: list[list[Fraction]], n: int, data: st.DataObject) -> None:
    chain = MarkovChain.from_matrix(p)
    start = data.draw(st.integers(0, len(p) - 1))
    expected = mat_pow(p, n)[start]
    got = chain.n_step(start, n)
    assert [got.get(j, 0) for j in range(len(p))] == [sympy.Rational(x.numerator, x.denominator) for x in expected]


@settings(max_examples=60, deadline=None)
@given(stochastic_matrices())
def test_classification_matches_reachability(p: list[list[Fraction]]) -> None:
    chain = MarkovChain.from_matrix(p)
    n = len(p)
    reach = reach_sets(p)
    classes = {frozenset(j for j in range(n) if j in reach[i] and i in reach[j]) for i in range(n)}
    assert set(chain.communicating_classes()) == classes
    recurrent = {c for c in classes if all(reach[i] <= c for i in c)}
    assert set(chain.recurrent_classes()) == recurrent
    assert chain.transient_states() == set(range(n)) - set().union(*recurrent)
    assert chain.absorbing_states() == {i for i in range(n) if p[i][i] == 1}
    assert chain.is_irreducible() == (len(classes) == 1)
    # Period of each state: gcd of the return times up to 2n (enough for n states).
    powers = [mat_pow(p, 0)]
    for _ in range(2 * n + 1):
        powers.append(mat_mul(powers[-1], p))
    for i in range(n):
        g = 0
        for t in range(1, 2 * n + 2):
            if powers[t][i][i]:
                g = math.gcd(g, t)
        assert chain.period(i) == g


@settings(max_examples=60, deadline=None)
@given(stochastic_matrices())
def test_stationary_distribution_is_the_unique_fixed_point(p: list[list[Fraction]]) -> None:
    chain = MarkovChain.from_matrix(p)
    n = len(p)
    if len(chain.recurrent_classes()) != 1:
        return
    pi = chain.stationary_distribution(method="exact")
    # Oracle: sympy's null space of (P^T - I) is one-dimensional; normalise it.
    m = sympy.Matrix(as_rationals(p)).T - sympy.eye(n)
    (v,) = m.nullspace()
    v = v / sum(v)
    assert [pi[i] for i in range(n)] == list(v)
    fpi = chain.stationary_distribution(method="float")
    assert [fpi[i] for i in range(n)] == pytest.approx([float(x) for x in v], abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(stochastic_matrices(max_n=5), st.data())
def test_cesaro_average_matches_averaged_powers(p: list[list[Fraction]], data: st.DataObject) -> None:
    """(1/T) sum_{t<T} P^t -> the long-run distribution with error O(n/T); check that bound."""
    chain = MarkovChain.from_matrix(p)
    n = len(p)
    start = data.draw(st.integers(0, n - 1))
    reward = [data.draw(st.integers(-3, 3)) for _ in range(n)]
    got = chain.long_run_average(lambda s: reward[s], start=start, method="exact")
    pf = np.array([[float(x) for x in r] for r in p])
    vec = np.zeros(n)
    vec[start] = 1.0
    acc = np.zeros(n)
    big_t = 20000
    for _ in range(big_t):
        acc += vec
        vec = vec @ pf
    approx = float(acc @ np.array(reward, dtype=float)) / big_t
    assert float(got) == pytest.approx(approx, abs=3 * 60 * n / big_t + 1e-9)


@settings(max_examples=60, deadline=None)
@given(stochastic_matrices(), st.data())
def test_absorption_quantities_match_fundamental_matrix(p: list[list[Fraction]], data: st.DataObject) -> None:
    chain = MarkovChain.from_matrix(p)
    n = len(p)
    start = data.draw(st.integers(0, n - 1))
    reach = reach_sets(p)
    rec_classes = [c for c in set(chain.recurrent_classes())]
    recurrent = set().union(*rec_classes)
    transient = sorted(set(range(n)) - recurrent)
    got = chain.class_absorption_probabilities(start, method="exact")
    steps = chain.expected_steps_to_absorption(start, method="exact")
    if start in recurrent:
        assert steps == 0 and list(got.values()) == [1]
        return
    # Oracle: N = (I - Q)^-1, B = N R, t = N 1 with sympy's dense inverse.
    q = sympy.Matrix([[sympy.Rational(p[i][j]) for j in transient] for i in transient])
    fund = (sympy.eye(len(transient)) - q).inv()
    row = transient.index(start)
    assert steps == sum(fund.row(row))
    for c in rec_classes:
        r = sympy.Matrix([[sum((sympy.Rational(p[i][j]) for j in c), sympy.Integer(0))] for i in transient])
        expected = (fund * r)[row]
        assert got.get(c, 0) == expected
    assert sum(got.values()) == 1
    assert all(reach[start] & c for c in got)
    # Hitting time of a random target set against the same kind of oracle.
    targets = set(data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n)))
    h = chain.expected_hitting_time(start, targets, method="exact")
    if start in targets:
        assert h == 0
        return
    # Stop the chain at the targets: never hitting them is possible iff some state
    # reachable from start (before a target) cannot reach a target.
    stopped = [[F(int(i == j)) for j in range(n)] if i in targets else p[i] for i in range(n)]
    reach_stopped = reach_sets(stopped)
    if any(not (reach_stopped[i] & targets) for i in reach_stopped[start]):
        assert h == sympy.oo
    else:
        others = sorted(i for i in reach_stopped[start] if i not in targets)
        qh = sympy.Matrix([[sympy.Rational(p[i][j]) for j in others] for i in others])
        sol = (sympy.eye(len(others)) - qh).inv() * sympy.ones(len(others), 1)
        assert h == sol[others.index(start)]
        assert float(chain.expected_hitting_time(start, targets, method="float")) == pytest.approx(float(h))


# -- hand-computed classics ----------------------------------------------------------
@pytest.mark.parametrize("p_up", [F(1, 2), F(2, 5), F(2, 3)])
@pytest.mark.parametrize("target", [3, 6])
def test_gamblers_ruin_formulas(p_up: Fraction, target: int) -> None:
    q = 1 - p_up
    trans = {k: {min(k + 1, target): p_up, max(k - 1, 0): q} for k in range(1, target)}
    trans[0] = {0: 1}
    trans[target] = {target: 1}
    chain = MarkovChain.from_transitions(trans)
    assert chain.absorbing_states() == {0, target}
    for k in range(1, target):
        probs = chain.absorption_probabilities(k)
        steps = chain.expected_steps_to_absorption(k)
        if p_up == q:
            win = F(k, target)
            dur = F(k * (target - k))
        else:
            r = q / p_up
            win = (1 - r**k) / (1 - r**target)
            dur = F(k) / (q - p_up) - F(target) / (q - p_up) * win
        assert probs[target] == sympy.Rational(win.numerator, win.denominator)
        assert probs[0] == 1 - sympy.Rational(win.numerator, win.denominator)
        assert steps == sympy.Rational(dur.numerator, dur.denominator)


def test_periodic_chain_long_run_average_and_period() -> None:
    # A 4-cycle with a chord making period 2: 0->1->2->3->0 and 1->0.
    chain = MarkovChain.from_transitions(
        {0: {1: 1}, 1: {2: "1/2", 0: "1/2"}, 2: {3: 1}, 3: {0: 1}}
    )
    assert chain.period() == 2 and chain.period(3) == 2
    pi = chain.stationary_distribution()
    # Balance by hand: pi1 = pi0, pi2 = pi1/2, pi3 = pi2, pi0 = pi3 + pi1/2.
    assert pi == {0: sympy.Rational(1, 3), 1: sympy.Rational(1, 3), 2: sympy.Rational(1, 6), 3: sympy.Rational(1, 6)}
    assert chain.long_run_average(lambda s: int(s == 2)) == sympy.Rational(1, 6)
    # n-step distributions oscillate; their Cesàro mean is pi.
    even = chain.n_step(0, 200)
    odd = chain.n_step(0, 201)
    assert even != odd
    for s in range(4):
        assert float((even.get(s, 0) + odd.get(s, 0)) / 2) == pytest.approx(float(pi[s]), abs=1e-12)
    assert chain.expected_hitting_time(0, [2]) == 4  # 0->1 then geometric: E = 2 + 2*(1) = 4


def test_long_run_with_two_recurrent_classes_mixes() -> None:
    chain = MarkovChain.from_transitions({
        "s": {"a": "1/4", "b1": "3/4"}, "a": {"a": 1}, "b1": {"b2": 1}, "b2": {"b1": 1},
    })
    dist = chain.stationary_distribution(start="s")
    assert dist == {"s": 0, "a": sympy.Rational(1, 4), "b1": sympy.Rational(3, 8), "b2": sympy.Rational(3, 8)}
    with pytest.raises(ValueError, match="not a single absorbing state"):
        chain.absorption_probabilities("s")
    assert chain.expected_hitting_time("s", ["b2"]) == sympy.oo
    assert chain.expected_hitting_time("s", ["b2"], method="float") == math.inf


def test_graph_and_matrix_views() -> None:
    chain = MarkovChain.from_successors(["x"], lambda s: {"x": "1/3", "y": "2/3"} if s == "x" else {"x": 1})
    assert chain.graph.edges["x", "y"]["p"] == sympy.Rational(2, 3)
    assert chain.transition_matrix() == sympy.Matrix([[sympy.Rational(1, 3), sympy.Rational(2, 3)], [1, 0]])
    assert chain.successors("y") == {"x": 1}
    ax = chain.draw()
    assert ax is not None
    with pytest.raises(ValueError, match="readable up to max_states=1"):
        chain.draw(max_states=1)


def test_float_mode_agrees_with_exact_on_a_larger_walk() -> None:
    n = 300
    succ = {k: {min(k + 1, n): "2/5", max(k - 1, 0): "3/5"} for k in range(n + 1)}
    chain = MarkovChain.from_transitions(succ)
    exact = chain.stationary_distribution(method="exact")
    flt = chain.stationary_distribution(method="float")
    # Birth-death balance by hand: pi_k proportional to (2/3)^k.
    r = sympy.Rational(2, 3)
    z = sum(r**k for k in range(n + 1))
    assert exact[5] == r**5 / z
    assert flt[5] == pytest.approx(float(r**5 / z), rel=1e-9)


def test_progress_bar_does_not_change_the_chain() -> None:
    def succ(k: int) -> dict[int, str]:
        return {min(k + 1, 4): "1/2", max(k - 1, 0): "1/2"}

    quiet = MarkovChain.from_successors([0], succ)
    loud = MarkovChain.from_successors([0], succ, progress=True)
    assert quiet.states == loud.states
    assert quiet.stationary_distribution() == loud.stationary_distribution()


def test_dense_flint_path_agrees_with_sparse_elimination(monkeypatch: pytest.MonkeyPatch) -> None:
    """The optional FLINT backend (used for systems that would fill in) must give the very
    same rationals as the sparse elimination, on a system large enough to trigger it."""
    import random

    from dreidelpoker import _sparse_solve as ss

    if not ss.HAVE_FLINT:
        pytest.skip("python-flint not installed")
    rng = random.Random(4)
    n = 180
    rows = []
    for i in range(n):
        js = rng.sample(range(n), 4)
        rows.append({j: F(1, 6) for j in js})  # 4/6 stays inside, 2/6 leaves: solvable
    rhs = [[F(rng.randint(0, 3), 7), F(1)] for _ in range(n)]
    dense = ss._solve_flint(rows, rhs)
    monkeypatch.setattr(ss, "HAVE_FLINT", False)
    sparse = ss.solve_exact(rows, rhs)
    assert dense == sparse
    assert ss.solve_exact(rows, rhs, want=7)[7] == sparse[7]
    assert ss._solve_flint(rows, rhs, want=7)[7] == sparse[7]


def test_small_chain_classes_match_scipys(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small chains find their classes in plain Python (no scipy import); scipy's strong
    components are the independent check, on random graphs with loops, sinks and cycles."""
    from dreidelpoker import _markov_graph as mg

    rng = np.random.default_rng(7)
    for n in (1, 2, 5, 30, 200):
        for density in (0.0, 0.02, 0.1, 0.5):
            rows = [{int(j): 1 for j in np.flatnonzero(rng.random(n) < density)} for _ in range(n)]
            plain = mg.strong_classes(rows)
            monkeypatch.setattr(mg, "SMALL_GRAPH", -1)
            assert mg.strong_classes(rows) == plain, (n, density)
            monkeypatch.undo()
