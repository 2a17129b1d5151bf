"""Kept-hand odds against ordered-draw brute force, and the closed-form formulas."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dreidelpoker.games import two_dreidel as td
from tests import two_dreidel_oracles as oracle


def as_fractions(dist: object) -> dict[str, Fraction]:
    return {h: Fraction(int(p.p), int(p.q)) for h, p in dist.probabilities().items()}  # type: ignore[attr-defined]


def save_gimel(drawn: str) -> str:
    return "G" if "G" in drawn else oracle.canon(drawn)[-1]


def keep_shin(drawn: str) -> str:
    non_shin = [c for c in oracle.canon(drawn) if c != "S"]
    return non_shin[-1] if non_shin else "S"


@pytest.mark.parametrize("deck", ["1-5-5-1", "2-6-6-2", "2-7-7-2"])
@pytest.mark.parametrize(
    ("policy", "putback"),
    [("normal-best", oracle.normal_best_putback), ("save-gimel", save_gimel), ("keep-shin", keep_shin)],
)
def test_fresh_deck_against_ordered_draws(deck: str, policy: str, putback: object) -> None:
    rules = td.TwoDreidelRules(deck=deck)
    got = as_fractions(td.kept_hand_distribution(rules, policy=policy))
    draws = oracle.ordered_draws(oracle.labelled(rules.counts))
    assert got == oracle.kept_distribution(draws, putback)  # type: ignore[arg-type]


def test_custom_callable_policy() -> None:
    def keep_worst(drawn: str) -> str:  # put back the best card
        return drawn[0]

    got = as_fractions(td.kept_hand_distribution(policy=keep_worst))
    draws = oracle.ordered_draws(oracle.labelled((1, 5, 5, 1)))
    assert got == oracle.kept_distribution(draws, lambda d: oracle.canon(d)[0])


deck_counts = st.tuples(*[st.integers(0, 3)] * 4)


@settings(max_examples=60, deadline=None)
@given(deck_counts, deck_counts, st.sampled_from([None, 0, 1, 2, 3]))
def test_any_state_against_ordered_draws(
    deck: tuple[int, ...], discard: tuple[int, ...], top: int | None
) -> None:
    """Random deck states, including mid-draw reshuffles and a known top card."""
    full = tuple(a + b for a, b in zip(deck, discard))
    if sum(full) < 4 or sum(deck) + sum(discard) < 3 or (top is not None and deck[top] == 0):
        return
    rules = td.TwoDreidelRules(deck=full)
    state = td.DeckState(deck, () if top is None else (top,), discard)
    got = as_fractions(td.kept_hand_distribution(rules, state=state))
    top_card = None if top is None else "GHNS"[top]
    draws = oracle.ordered_draws(oracle.labelled(deck), top=top_card, discard=oracle.labelled(discard))
    assert got == oracle.kept_distribution(draws)
    assert sum(got.values()) == 1


def test_reshuffle_example_by_hand() -> None:
    # Deck holds only H (known on top) and N; discard GGS. Draw H, N, then one of G, G, S.
    rules = td.TwoDreidelRules(deck="2-5-5-1")
    state = td.DeckState.of(rules, deck="0-1-1-0", top="H", discard="2-0-0-1")
    dist = td.kept_hand_distribution(rules, state=state)
    # GHN -> keep GH (2/3); HNS -> keep HN (1/3)
    assert dist.probabilities() == {"GH": sympy.Rational(2, 3), "HN": sympy.Rational(1, 3)}


@pytest.mark.parametrize("top", [None, "G", "H", "S"])
@pytest.mark.parametrize("policy", ["normal-best", "save-gimel", "keep-shin"])
def test_formulas_match_numeric(top: str | None, policy: str) -> None:
    formulas = td.kept_hand_formulas(policy=policy, top=top)
    for counts in [(1, 5, 5, 1), (2, 6, 6, 2), (2, 7, 7, 2), (3, 1, 0, 2), (1, 1, 1, 1)]:
        rules = td.TwoDreidelRules(deck=counts)
        if top is not None and counts["GHNS".index(top)] == 0:
            continue
        state = td.DeckState(counts, () if top is None else ("GHNS".index(top),), (0, 0, 0, 0))
        numeric = td.kept_hand_distribution(rules, state=state, policy=policy).probabilities()
        assert formulas.subs(counts) == numeric


def test_formulas_use_named_symbols() -> None:
    f = td.kept_hand_formulas()
    assert {str(s) for s in f.symbols} == {"g", "h", "n", "s"}
    total = sympy.simplify(sum(f.formulas.values()))
    assert total == 1


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ("1-5-5", "has 3 counts"),
        ("-1-5-5-1", "is not a distribution"),
        ("1-1-1-0", "at least 4"),
        ("0-0-0-0", "at least 4"),
        ("a-b-c-d", "is not a distribution"),
    ],
)
def test_bad_decks(deck: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        td.TwoDreidelRules(deck=deck)


def test_bad_states() -> None:
    rules = td.TwoDreidelRules()
    with pytest.raises(ValueError, match="not in the deck"):
        td.DeckState.of(rules, deck="0-5-5-1", top="G")
    with pytest.raises(ValueError, match="more cards"):
        td.DeckState.of(rules, deck="2-5-5-1")
    with pytest.raises(ValueError, match="too few to draw"):
        td.kept_hand_distribution(rules, state=td.DeckState((0, 1, 0, 0), (), (0, 0, 1, 0)))


def test_policy_that_puts_back_an_undrawn_card() -> None:
    with pytest.raises(ValueError, match="which it did not draw"):
        td.kept_hand_distribution(policy=lambda drawn: "S" if "S" not in drawn else "G")
    with pytest.raises(ValueError, match="unknown policy 'best'"):
        td.kept_hand_distribution(policy="best")
    with pytest.raises(ValueError, match="exactly 1 card"):
        td.kept_hand_distribution(policy=lambda drawn: drawn[:2])
