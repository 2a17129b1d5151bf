"""The best put-back policy and the symmetric put-back game, against brute force over every
deterministic stationary policy of a tiny deck (written from RULES.md with labelled cards)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest
import sympy

from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.games.two_dreidel.deck_cycle.chain import deck_chain, heads_up_long_run
from dreidelpoker.games.two_dreidel.deck_cycle.policies import POLICIES
from dreidelpoker.games.two_dreidel.deck_cycle.strategy import (
    PutBackMDP,
    best_put_back_policy,
    exploitability,
    put_back_equilibrium,
)

from .two_dreidel_oracles import canon, heads_up, normal_best_putback

OState = tuple[str, str, str]  # pile (sorted letters, top included), top, discard


def branches(state: OState) -> list[tuple[str, str, str]]:
    """Equally likely ordered draws: (drawn, pile left, discard left)."""
    pile, top, discard = state
    rest = list(pile)
    first = ""
    if top:
        rest.remove(top)
        first = top
    need = 3 - len(first)
    out = []
    if need <= len(rest):
        for perm in itertools.permutations(range(len(rest)), need):
            out.append((first + "".join(rest[i] for i in perm),
                        "".join(c for i, c in enumerate(rest) if i not in perm), discard))
    else:
        first += "".join(rest)
        for perm in itertools.permutations(range(len(discard)), need - len(rest)):
            out.append((first + "".join(discard[i] for i in perm),
                        "".join(c for i, c in enumerate(discard) if i not in perm), ""))
    return out


def after(drawn: str, left: str, disc: str, back: str) -> tuple[OState, str]:
    kept = list(drawn)
    kept.remove(back)
    return (canon(left + back), back, canon(disc + "".join(kept))), canon("".join(kept))


class Oracle:
    """Every state reachable under any policy, and each state's decision points."""

    def __init__(self, deck: str) -> None:
        counts = [int(x) for x in deck.split("-")]
        self.start: OState = ("".join(s * c for s, c in zip("GHNS", counts)), "", "")
        self.decisions: dict[OState, dict[str, list[tuple[Fraction, str, str]]]] = {}
        stack = [self.start]
        while stack:
            s = stack.pop()
            if s in self.decisions:
                continue
            br = branches(s)
            dec: dict[str, list[tuple[Fraction, str, str]]] = {}
            for drawn, left, disc in br:
                dec.setdefault(canon(drawn), []).append((Fraction(1, len(br)), left, disc))
                for back in set(drawn):
                    nxt, _ = after(drawn, left, disc, back)
                    stack.append(nxt)
            self.decisions[s] = dec
        self.states = list(self.decisions)
        self.index = {s: i for i, s in enumerate(self.states)}

    def matrices(self, choose: Callable[[OState, str], str]) -> tuple[np.ndarray, dict[int, dict[str, float]]]:
        n = len(self.states)
        P = np.zeros((n, n))
        kept: dict[int, dict[str, float]] = {}
        for s, dec in self.decisions.items():
            i = self.index[s]
            kept[i] = {}
            for drawn, outs in dec.items():
                back = choose(s, drawn)
                for p, left, disc in outs:
                    nxt, k = after(drawn, left, disc, back)
                    P[i, self.index[nxt]] += float(p)
                    kept[i][k] = kept[i].get(k, 0.0) + float(p)
        return P, kept

    def long_run(self, P: np.ndarray) -> np.ndarray:
        """Cesàro limit from the fresh deck: the lazy chain (P + I)/2 has the same one and
        converges; square it many times."""
        Q = (P + np.eye(len(P))) / 2
        for _ in range(40):
            Q = Q @ Q
        return Q[self.index[self.start]]


def hand_value(hand: str, opponent: dict[str, float]) -> float:
    return sum(q * {1: 1.0, 0: 0.5, -1: 0.0}[heads_up(hand, h)] for h, q in opponent.items())


def brute_force_best(oracle: Oracle, opponent: dict[str, float]) -> float:
    """Max long-run equity over every deterministic stationary policy (first hand: normal-best;
    on this deck every later hand starts with two cards in the deck, so one opponent
    distribution serves every hand). All policies at once, as a batch of numpy matrices."""
    n = len(oracle.states)
    points = [(s, d) for s, dec in oracle.decisions.items() if s != oracle.start for d in dec if len(set(d)) > 1]
    base_P = np.zeros((n, n))
    base_r = np.zeros(n)
    contrib: list[list[tuple[np.ndarray, np.ndarray]]] = []
    fixed = set(points)
    for s, dec in oracle.decisions.items():
        for drawn, outs in dec.items():
            opts = sorted(set(drawn)) if (s, drawn) in fixed else [normal_best_putback(drawn)]
            mats = []
            for back in opts:
                P = np.zeros((n, n))
                r = np.zeros(n)
                for p, left, disc in outs:
                    nxt, k = after(drawn, left, disc, back)
                    P[oracle.index[s], oracle.index[nxt]] += float(p)
                    r[oracle.index[s]] += float(p) * hand_value(k, opponent)
                mats.append((P, r))
            if (s, drawn) in fixed:
                contrib.append(mats)
            else:
                base_P += mats[0][0]
                base_r += mats[0][1]
    combos = np.array(list(itertools.product(*[range(len(c)) for c in contrib])))
    P = np.broadcast_to(base_P, (len(combos), n, n)).copy()
    r = np.broadcast_to(base_r, (len(combos), n)).copy()
    for k, mats in enumerate(contrib):
        stackP = np.stack([m[0] for m in mats])
        stackr = np.stack([m[1] for m in mats])
        P += stackP[combos[:, k]]
        r += stackr[combos[:, k]]
    assert np.allclose(P.sum(axis=2), 1.0)
    Q = (P + np.eye(n)) / 2  # the lazy chain: same Cesàro limit, and it converges
    for _ in range(30):
        Q = Q @ Q
    pi = Q[:, oracle.index[oracle.start], :]
    return float(np.max(np.einsum("bi,bi->b", pi, r)))


TINY = "1-2-0-1"


@pytest.fixture(scope="module")
def tiny() -> tuple[Oracle, PutBackMDP]:
    return Oracle(TINY), PutBackMDP(TwoDreidelRules(deck=TINY))


def opponent_long_run(oracle: Oracle, putback: Callable[[str], str]) -> dict[str, float]:
    P, kept = oracle.matrices(lambda s, d: putback(d))
    pi = oracle.long_run(P)
    out: dict[str, float] = {}
    for i, dist in kept.items():
        for h, q in dist.items():
            out[h] = out.get(h, 0.0) + pi[i] * q
    return out


def test_tiny_deck_has_a_one_hand_cycle(tiny: tuple[Oracle, PutBackMDP]) -> None:
    _, mdp = tiny
    assert mdp.prefix == (4,) and mdp.cycle == (2,)


def test_best_response_matches_brute_force_over_all_policies(tiny: tuple[Oracle, PutBackMDP]) -> None:
    oracle, mdp = tiny
    opponent = opponent_long_run(oracle, normal_best_putback)
    brute = brute_force_best(oracle, opponent)
    br = mdp.best_response("normal-best")
    assert math.isclose(float(br.value), brute, abs_tol=1e-9)
    # The policy it returns reaches that value when played (a separate evaluation).
    assert heads_up_long_run(mdp.rules, hero=br.policy, opponent="normal-best").equity == br.value


def test_exploitability_of_the_equilibrium_by_brute_force(tiny: tuple[Oracle, PutBackMDP]) -> None:
    oracle, mdp = tiny
    eq = put_back_equilibrium(mdp=mdp)
    (opp,) = eq.chain.phase_hands_weights().values()
    opponent = {"".join("GHNS"[i] for i in h): float(p) for h, p in opp.items()}
    brute = brute_force_best(oracle, opponent)
    # The brute force is float64 (40 matrix squarings per policy, a max over many policies):
    # it was seen 1.4e-9 off the exact value once, so 1e-8 (the exact side needs no slack).
    assert math.isclose(float(eq.exploitability) + 0.5, brute, abs_tol=1e-8)
    assert 0 <= eq.exploitability < sympy.Rational(1, 10**6)
    assert math.isclose(eq.lp_value, 0.5, abs_tol=1e-7)


@pytest.mark.parametrize("opponent", ["normal-best", "keep-shin"])
def test_best_response_value_is_reached_and_beats_every_built_in(opponent: str) -> None:
    rules = TwoDreidelRules()
    mdp = PutBackMDP(rules)
    br = mdp.best_response(opponent)
    played = heads_up_long_run(rules, hero=br.policy, opponent=opponent)
    assert played.equity == br.value
    for name in POLICIES:
        assert heads_up_long_run(rules, hero=name, opponent=opponent).equity <= br.value
    assert "Opponent model" in br.model and opponent in br.model


@pytest.mark.parametrize("deck", ["1-5-5-1", "2-6-6-2"])
def test_the_float_phase_only_chooses_where_the_exact_iteration_starts(deck: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # The answer is exact either way: all-exact policy iteration (float phase switched off)
    # reaches the same value and policy as float-then-exact.
    rules = TwoDreidelRules(deck=deck)
    fast = PutBackMDP(rules).best_response("normal-best")
    monkeypatch.setattr(PutBackMDP, "_float_policy_iteration", lambda self, *a: None)
    slow = PutBackMDP(rules).best_response("normal-best")
    assert fast.value == slow.value
    assert slow.iterations > fast.iterations == 1
    played = heads_up_long_run(rules, hero=fast.policy, opponent="normal-best")
    assert played.equity == fast.value


def test_best_response_to_itself_is_not_a_fixed_point() -> None:
    # The trump makes the game non-transitive: the best reply to normal-best is itself beatable.
    mdp = PutBackMDP(TwoDreidelRules())
    br = mdp.best_response("normal-best")
    assert exploitability(policy=br.policy, mdp=mdp) > 0


def test_equilibrium_and_exploitability_table() -> None:
    mdp = PutBackMDP(TwoDreidelRules())
    eq = put_back_equilibrium(mdp=mdp)
    assert 0 <= eq.exploitability < sympy.Rational(1, 10**8)
    table = {r["policy"]: r["exploitability"] for r in eq.table.records()}
    assert set(table) == set(POLICIES)
    assert table["normal-best"] == exploitability(policy="normal-best", mdp=mdp) > 0
    assert all(v > eq.exploitability for v in table.values())
    # Shares in the summary are the equilibrium's; each drawn set's shares add up to 1.
    for (state, drawn), probs in eq.probabilities.items():
        assert sum(probs.values()) == 1 and all(p > 0 for p in probs.values())


def test_summary_words() -> None:
    br = best_put_back_policy(TwoDreidelRules(), opponent="normal-best")
    rows = {r["drawn"]: r for r in br.summary(exact=True).records()}
    assert sum(r["P(drawn)"] for r in rows.values()) == 1
    assert rows["GHS"]["normal-best puts back"] == "S"
    assert br.by_deck_size("GHN").rows[0][0] == 10


def test_family_member_with_two_put_back_cards() -> None:
    rules = TwoDreidelRules(deck="1-3-3-1", draw=4, put_back=2)
    br = best_put_back_policy(rules, opponent="normal-best")
    assert heads_up_long_run(rules, hero=br.policy, opponent="normal-best").equity == br.value >= sympy.Rational(1, 2)


def test_bad_input() -> None:
    mdp = PutBackMDP(TwoDreidelRules())
    with pytest.raises(ValueError, match="unknown policy 'greedy'"):
        mdp.best_response("greedy")
    with pytest.raises(ValueError, match="which it did not draw"):
        mdp.best_response(lambda drawn: "S")
    with pytest.raises(ValueError, match="more than max_states=5"):
        PutBackMDP(TwoDreidelRules(), max_states=5)
    assert deck_chain(TwoDreidelRules()).n_states < mdp.n_states
    assert Fraction(1, 2) < best_put_back_policy(mdp=mdp).value


def test_state_aware_policy_in_the_odds() -> None:
    from dreidelpoker.games.two_dreidel.rulebook.deck import DeckState
    from dreidelpoker.games.two_dreidel.odds.kept_hand import kept_hand_distribution

    rules = TwoDreidelRules()
    br = best_put_back_policy(rules, opponent="normal-best")
    state = DeckState.of(rules, deck="0-1-1-0", top="H")
    got = kept_hand_distribution(rules, state=state, policy=br.policy)
    chain_state = next(s for s in br.chain.states if s.deck == (0, 1, 1, 0) and s.top == (1,))
    expected = {"".join("GHNS"[i] for i in h): p for h, p in br.chain.kept_distribution(chain_state).items()}
    assert {h: Fraction(int(p.p), int(p.q)) for h, p in got.items()} == expected
    with pytest.raises(ValueError, match="depends on the deck state"):
        from dreidelpoker.games.two_dreidel.deck_cycle.policies import resolve_policy

        resolve_policy(br.policy, rules=rules).kept((0, 1, 2))
