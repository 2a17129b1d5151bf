"""The Two Dreidel deck chain (RULES.md 1.2) against independent brute force: a deck cycle
written from the rules with labelled cards and ordered draws, an exact distribution
evolved hand by hand, and a seeded simulation of real shuffled card lists."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest

from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.games.two_dreidel.deck_cycle.chain import deck_chain, heads_up_long_run
from dreidelpoker.games.two_dreidel.rulebook.deck import DeckState, draw_weights
from dreidelpoker.games.two_dreidel.odds.kept_hand import kept_hand_distribution
from dreidelpoker.games.two_dreidel.deck_cycle.policies import StateAwarePolicy

from .two_dreidel_oracles import canon, heads_up, normal_best_putback, trumps

ORDER = "GHNS"

# -- the oracle: one player's deck cycle, literally -------------------------------------
# A state is (pile, top, discard): pile and discard as sorted strings of letters, top the
# known top card ("" if none, and it is also in the pile).


def oracle_step(state: tuple[str, str, str], putback: Callable[[str], str], draw: int = 3
                ) -> dict[tuple[tuple[str, str, str], str, bool], Fraction]:
    """Every equally likely ordered draw from the labelled cards -> (next state, kept, reshuffled)."""
    pile, top, discard = state
    rest = list(pile)
    first = ""
    if top:
        rest.remove(top)
        first = top
    need = draw - len(first)
    branches: list[tuple[str, list[str], list[str], bool]] = []  # drawn, pile left, discard left
    if need <= len(rest):
        for perm in itertools.permutations(range(len(rest)), need):
            left = [c for i, c in enumerate(rest) if i not in perm]
            branches.append((first + "".join(rest[i] for i in perm), left, list(discard), False))
    else:
        first += "".join(rest)
        need -= len(rest)
        disc = list(discard)
        for perm in itertools.permutations(range(len(disc)), need):
            left = [c for i, c in enumerate(disc) if i not in perm]
            branches.append((first + "".join(disc[i] for i in perm), left, [], True))
    out: dict[tuple[tuple[str, str, str], str, bool], Fraction] = {}
    for drawn, left, disc, resh in branches:
        back = putback(canon(drawn))
        kept = list(drawn)
        kept.remove(back)
        nxt = (canon("".join(left) + back), back, canon("".join(disc) + "".join(kept)))
        key = (nxt, canon("".join(kept)), resh)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, len(branches))
    return out


def oracle_long_run(deck: str, putback: Callable[[str], str], *, steps: int = 300
                    ) -> tuple[dict[str, float], list[dict[str, float]], list[int]]:
    """Evolve the exact state distribution (in floats) hand by hand; return the average kept-hand
    distribution over the last cycle, every hand's kept distribution and the reshuffle hands."""
    counts = [int(x) for x in deck.split("-")]
    start = ("".join(s * c for s, c in zip(ORDER, counts)), "", "")
    cache: dict[tuple[str, str, str], dict[tuple[tuple[str, str, str], str, bool], Fraction]] = {}
    dist: dict[tuple[str, str, str], float] = {start: 1.0}
    per_hand: list[dict[str, float]] = []
    reshuffles: list[int] = []
    for hand in range(1, steps + 1):
        nxt: dict[tuple[str, str, str], float] = {}
        kept: dict[str, float] = {}
        resh = 0.0
        for s, p in dist.items():
            if s not in cache:
                cache[s] = oracle_step(s, putback)
            for (t, k, r), q in cache[s].items():
                nxt[t] = nxt.get(t, 0.0) + p * float(q)
                kept[k] = kept.get(k, 0.0) + p * float(q)
                resh += p * float(q) if r else 0.0
        per_hand.append(kept)
        if resh > 0.5:
            reshuffles.append(hand)
        dist = nxt
    cycle = reshuffles[-1] - reshuffles[-2]
    avg: dict[str, float] = {}
    for kept in per_hand[-cycle:]:
        for k, p in kept.items():
            avg[k] = avg.get(k, 0.0) + p / cycle
    return avg, per_hand, reshuffles


def save_gimel(drawn: str) -> str:
    return "G" if "G" in drawn else canon(drawn)[-1]


def keep_shin(drawn: str) -> str:
    others = [c for c in canon(drawn) if c != "S"]
    return others[-1] if others else "S"


ORACLE_POLICIES = {"normal-best": normal_best_putback, "save-gimel": save_gimel, "keep-shin": keep_shin}


def as_float(dist: object) -> dict[str, float]:
    return {h: float(p) for h, p in dist.items()}  # type: ignore[attr-defined]


@pytest.mark.parametrize("deck", ["1-5-5-1", "2-6-6-2"])
@pytest.mark.parametrize("policy", list(ORACLE_POLICIES))
def test_long_run_matches_brute_force_evolution(deck: str, policy: str) -> None:
    exact = deck_chain(TwoDreidelRules(deck=deck), policy=policy).long_run_hands()
    assert sum(exact.probabilities().values()) == 1
    brute, _, _ = oracle_long_run(deck, ORACLE_POLICIES[policy], steps=200)
    assert set(exact) == {h for h, p in brute.items() if p > 1e-12}
    for hand, p in exact.items():
        assert math.isclose(float(p), brute[hand], abs_tol=1e-9), hand


def test_hand_k_and_reshuffles_match_brute_force() -> None:
    dc = deck_chain(TwoDreidelRules(), policy="keep-shin")
    _, per_hand, reshuffles = oracle_long_run("1-5-5-1", keep_shin, steps=14)
    for k in (1, 2, 6, 7, 14):
        got = as_float(dc.hand_distribution(k))
        assert got.keys() == {h for h, p in per_hand[k - 1].items() if p > 0}
        for h, p in got.items():
            assert math.isclose(p, per_hand[k - 1][h], abs_tol=1e-12)
    schedule = dc.reshuffle_schedule(14)
    assert [r[0] for r in schedule.rows if r[2] == 1] == reshuffles
    assert all(r[2] in (0, 1) for r in schedule.rows)
    assert dc.reshuffle_rate() == Fraction(1, len(dc.cycle))


def test_first_hand_is_the_fresh_deck_odds() -> None:
    rules = TwoDreidelRules(deck="2-7-7-2")
    assert deck_chain(rules, policy="save-gimel").hand_distribution(1) == kept_hand_distribution(rules, policy="save-gimel")


def simulate(deck: str, putback: Callable[[str], str], *, hands: int, seed: int
             ) -> tuple[list[str], list[int]]:
    """Real shuffled card lists: the pile is a list whose end is the top."""
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    counts = [int(x) for x in deck.split("-")]
    pile = [s for s, c in zip(ORDER, counts) for _ in range(c)]
    pile = [pile[i] for i in rng.permutation(len(pile))]
    discard: list[str] = []
    kept_log: list[str] = []
    reshuffled: list[int] = []
    for hand in range(1, hands + 1):
        drawn = []
        for _ in range(3):
            if not pile:
                pile = [discard[i] for i in rng.permutation(len(discard))]
                discard = []
                reshuffled.append(hand)
            drawn.append(pile.pop())
        back = putback(canon("".join(drawn)))
        drawn.remove(back)
        pile.append(back)
        kept_log.append(canon("".join(drawn)))
        discard.extend(drawn)
    return kept_log, reshuffled


@pytest.mark.parametrize(("deck", "policy"), [("1-5-5-1", "keep-shin"), ("2-7-7-2", "normal-best"),
                                              ("2-6-6-2", "save-gimel")])
def test_long_run_matches_seeded_simulation(deck: str, policy: str) -> None:
    batches, size = 60, 800
    log, reshuffled = simulate(deck, ORACLE_POLICIES[policy], hands=batches * size, seed=20261129)
    exact = deck_chain(TwoDreidelRules(deck=deck), policy=policy)
    for hand, p in exact.long_run_hands().items():
        means = [sum(1 for h in log[b * size:(b + 1) * size] if h == hand) / size for b in range(batches)]
        mean = sum(means) / batches
        # Batch means absorb the correlation between neighbouring hands; 5 standard errors,
        # plus the bias of starting from a fresh deck (at most one cycle in each batch).
        se = math.sqrt(sum((m - mean) ** 2 for m in means) / (batches - 1) / batches)
        assert abs(mean - float(p)) <= 5 * se + 2 * len(exact.cycle) / (batches * size), (hand, mean, float(p))
    # The reshuffles come exactly on the hands the chain says.
    expected = [r[0] for r in exact.reshuffle_schedule(40).rows if r[2] == 1]
    assert [h for h in reshuffled if h <= 40] == expected


@pytest.mark.parametrize("deck", ["1-5-5-1", "2-7-7-2"])
def test_layered_solve_equals_engine_stationary(deck: str) -> None:
    dc = deck_chain(TwoDreidelRules(deck=deck), policy="greedy-equity")
    assert dc.long_run_state_distribution() == dc.long_run_state_distribution(method="engine")
    assert dc.period == len(dc.cycle)
    assert len(dc.chain.states) == dc.n_states


def test_draw_classes_match_ordered_draws_with_two_known_cards() -> None:
    rules = TwoDreidelRules(deck="1-2-2-1", draw=4, put_back=2)
    state = DeckState((0, 1, 1, 0), (1, 2), (1, 1, 1, 1))
    outs, total = draw_weights(state, rules=rules)
    got = {"".join(rules.symbols[i] for i in o.drawn): Fraction(w, total) for o, w in outs}
    # Both known cards come first; the pile is then empty, so the discard is shuffled.
    disc = list("GHNS")
    brute: Counter[str] = Counter(canon("HN" + a + b) for a, b in itertools.permutations(disc, 2))
    assert got == {h: Fraction(c, sum(brute.values())) for h, c in brute.items()}


def test_family_member_with_two_put_back_cards() -> None:
    rules = TwoDreidelRules(deck="1-3-3-1", draw=4, put_back=2)
    dc = deck_chain(rules)
    lr = dc.long_run_hands()
    assert sum(lr.probabilities().values()) == 1
    assert all(len(h) == 2 for h in lr)
    assert dc.long_run_state_distribution() == dc.long_run_state_distribution(method="engine")
    assert all(len(s.top) in (0, 2) for s in dc.states)


def test_three_symbol_family_member() -> None:
    rules = TwoDreidelRules(symbols=("A", "B", "C"), symbol_names=("Ace", "Bee", "Cee"), aliases={},
                            trumps=frozenset({("C", "A")}), deck="2-3-2")
    dc = deck_chain(rules, policy="keep-shin")
    assert dc.long_run_state_distribution() == dc.long_run_state_distribution(method="engine")
    held = {r["symbol"]: r["P(held)"] for r in dc.symbol_frequencies().records()}
    assert set(held) == {"A", "B", "C"}


def test_symbol_frequencies_are_sums_of_hand_frequencies() -> None:
    dc = deck_chain(TwoDreidelRules(deck="2-7-7-2"), policy="keep-shin")
    lr = dc.long_run_hands()
    table = {r["symbol"]: r for r in dc.symbol_frequencies().records()}
    for sym in "GHNS":
        assert table[sym]["P(held)"] == sum(p for h, p in lr.items() if sym in h)
        assert table[sym]["mean held"] == sum(p * h.count(sym) for h, p in lr.items())


def test_normal_best_never_holds_the_lone_shin() -> None:
    # With one Shin, normal-best always puts it back: once drawn it stays on top for ever.
    dc = deck_chain(TwoDreidelRules(), policy="normal-best")
    held = {r["symbol"]: r["P(held)"] for r in dc.symbol_frequencies().records()}
    assert held["S"] == 0


def phase_brute(deck: str, putback: Callable[[str], str], steps: int) -> dict[int, dict[str, float]]:
    _, per_hand, reshuffles = oracle_long_run(deck, putback, steps=steps)
    cycle = reshuffles[-1] - reshuffles[-2]
    return {i: per_hand[-cycle + i] for i in range(cycle)}


@pytest.mark.parametrize(("hero", "opp"), [("keep-shin", "normal-best"), ("save-gimel", "keep-shin")])
def test_heads_up_long_run_matches_brute_force(hero: str, opp: str) -> None:
    deck = "1-5-5-1"
    res = heads_up_long_run(TwoDreidelRules(deck=deck), hero=hero, opponent=opp)
    a = phase_brute(deck, ORACLE_POLICIES[hero], 150)
    b = phase_brute(deck, ORACLE_POLICIES[opp], 150)
    eq = tr = 0.0
    for i in a:
        for ha, p in a[i].items():
            for hb, q in b[i].items():
                eq += p * q * {1: 1.0, 0: 0.5, -1: 0.0}[heads_up(ha, hb)] / len(a)
                tr += p * q * (trumps(ha, hb) or trumps(hb, ha)) / len(a)
    assert math.isclose(float(res.equity), eq, abs_tol=1e-9)
    assert math.isclose(float(res.trump), tr, abs_tol=1e-9)
    assert res.win + res.tie + res.lose == 1


def test_heads_up_symmetry() -> None:
    rules = TwoDreidelRules(deck="2-6-6-2")
    ab = heads_up_long_run(rules, hero="keep-shin", opponent="save-gimel")
    ba = heads_up_long_run(rules, hero="save-gimel", opponent="keep-shin")
    assert ab.equity + ba.equity == 1 and ab.trump == ba.trump and ab.win == ba.lose
    assert heads_up_long_run(rules, hero="keep-shin", opponent="keep-shin").equity == Fraction(1, 2)


# -- bad input -----------------------------------------------------------------------


def test_unknown_policy_name() -> None:
    with pytest.raises(ValueError, match="unknown policy 'keep-gold'; known policies: normal-best"):
        deck_chain(TwoDreidelRules(), policy="keep-gold")


def test_policy_returning_an_impossible_card() -> None:
    with pytest.raises(ValueError, match="put back 'G', which it did not draw"):
        deck_chain(TwoDreidelRules(), policy=lambda drawn: "G").long_run_hands()
    with pytest.raises(ValueError, match="must put back exactly 1 card"):
        deck_chain(TwoDreidelRules(), policy=lambda drawn: drawn[:2])
    with pytest.raises(ValueError, match="unknown symbol 'X'"):
        deck_chain(TwoDreidelRules(), policy=lambda drawn: "X")
    with pytest.raises(ValueError, match="returned 3 for drawn cards"):
        deck_chain(TwoDreidelRules(), policy=lambda drawn: 3)  # type: ignore[arg-type, return-value]


def test_state_aware_policy_errors_name_the_state() -> None:
    bad = StateAwarePolicy(lambda drawn, state: "G" if state.deck_size == 2 else drawn[-1], name="odd")
    with pytest.raises(ValueError, match=r"policy 'odd' put back 'G'.*did not draw.* from deck"):
        deck_chain(TwoDreidelRules(), policy=bad)


def test_bad_start_and_rules() -> None:
    rules = TwoDreidelRules()
    with pytest.raises(ValueError, match="does not add up to the full deck"):
        deck_chain(rules, start=DeckState((1, 5, 5, 0), (), (0, 0, 0, 0)))
    with pytest.raises(ValueError, match="not in the deck"):
        deck_chain(rules, start=DeckState((0, 5, 5, 1), (0,), (1, 0, 0, 0)))
    with pytest.raises(TypeError, match="rules must be a TwoDreidelRules"):
        deck_chain("1-5-5-1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="start must be a DeckState"):
        deck_chain(rules, start="fresh")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"max_states=10\b"):
        deck_chain(rules, max_states=10)
    with pytest.raises(ValueError, match="hand must be an integer from 1 to 10,000, got 0"):
        deck_chain(rules).hand_distribution(0)
    with pytest.raises(ValueError, match="method must be 'layered' or 'engine'"):
        deck_chain(rules).long_run_hands(method="power")


# -- properties over the family --------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=12, deadline=None)
@given(counts=st.lists(st.integers(min_value=0, max_value=3), min_size=4, max_size=4).filter(lambda c: sum(c) >= 4),
       policy=st.sampled_from(["normal-best", "save-gimel", "keep-shin", "greedy-equity"]))
def test_family_properties(counts: list[int], policy: str) -> None:
    rules = TwoDreidelRules(deck=tuple(counts))
    dc = deck_chain(rules, policy=policy)
    # Cards are conserved: between hands every card is in the deck or the discard.
    for s in dc.states:
        assert tuple(a + b for a, b in zip(s.deck, s.discard)) == rules.counts
        assert sum(dc.successors(s).values()) == 1
    pi = dc.long_run_state_distribution()
    assert sum(pi.values()) == 1
    assert pi == dc.long_run_state_distribution(method="engine")
    # Each deck size of the cycle gets an equal share of the long run.
    for size in dc.cycle:
        assert sum(p for s, p in pi.items() if s.deck_size == size) == Fraction(1, len(dc.cycle))
    assert dc.reshuffle_rate() == Fraction(1, len(dc.cycle))
    # A hand never holds more of a symbol than the deck has.
    for hand in dc.long_run_hands():
        assert all(hand.count(sym) <= c for sym, c in zip("GHNS", counts))


# -- the command line ------------------------------------------------------------------

import json  # noqa: E402

from dreidelpoker.cli import main  # noqa: E402


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_chain_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "chain", "two-dreidel", "--deck", "2-6-6-2", "--policy", "keep-shin", "--json")
    assert code == 0
    data = json.loads(out)
    hands = {h: Fraction(p) for h, p in data["hands"].items()}
    assert sum(hands.values()) == 1
    brute, _, _ = oracle_long_run("2-6-6-2", keep_shin, steps=200)
    assert all(math.isclose(float(p), brute[h], abs_tol=1e-9) for h, p in hands.items())
    assert data["states"] == deck_chain(TwoDreidelRules(deck="2-6-6-2"), policy="keep-shin").n_states
    assert data["period"] == 7 and data["reshuffle_every"] == 7
    assert data["reshuffle_hands"] == [8, 15]  # 16 cards: sizes 16, 14, ..., 4, then 2 on hand 8
    assert data["heads_up"]["opponent"] == "keep-shin" and data["heads_up"]["equity"] == "1/2"


def test_cli_chain_text_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "chain", "two-dreidel", "--opponent", "normal-best")
    assert code == 0 and "period 5" in out and "a trump decides" in out
    code, _, err = run_cli(capsys, "chain", "two-dreidel", "--policy", "keep-gold")
    assert code == 2 and "invalid choice: 'keep-gold'" in err
    code, _, err = run_cli(capsys, "chain", "two-dreidel", "--deck", "1-1-1-0")
    assert code == 2 and "error: deck 1-1-1-0 holds 3 cards" in err


def test_distribution_with_a_single_outcome() -> None:
    # Foundation fix: Distribution.from_probabilities failed on one outcome (sympy.ilcm needs two).
    from dreidelpoker.exact import Distribution

    assert Distribution.from_probabilities({"NN": Fraction(1)})["NN"] == 1
    assert deck_chain(TwoDreidelRules(deck="0-0-3-1")).long_run_hands()["NN"] == 1
