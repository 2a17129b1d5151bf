"""The new explorers' pure functions: the Two Dreidel variant designer and classic dreidel."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy

from dreidelpoker.games.classic_dreidel import ClassicDreidelRules, game_length_cdf
from dreidelpoker.games.classic_dreidel.report import classic_report, length_checkpoints
from dreidelpoker.games.two_dreidel.designer import variant_report
from dreidelpoker.widgets import classic_dreidel_explorer, two_dreidel_designer

ORDER = "GHNS"  # best to worst (RULES.md 1.1)


def _brute_kept(deck: str) -> dict[str, Fraction]:
    """Fresh deck, draw 3 in order, normal-best puts back the worst card: every ordered draw."""
    counts = [int(x) for x in deck.split("-")]
    cards = [s for s, c in zip(ORDER, counts) for _ in range(c)]
    out: dict[str, Fraction] = {}
    draws = list(itertools.permutations(range(len(cards)), 3))
    for d in draws:
        kept = "".join(sorted((cards[i] for i in d), key=ORDER.index)[:2])
        out[kept] = out.get(kept, Fraction(0)) + Fraction(1, len(draws))
    return out


def _trumps(a: str, b: str) -> bool:  # RULES.md 1.3, written again here
    return "S" in a and "G" in b and not ("S" in b and "G" in a)


@pytest.mark.parametrize("deck", ["1-5-5-1", "2-6-6-2"])
def test_designer_odds_and_trump_share_match_brute_force(deck: str) -> None:
    r = variant_report(deck=deck, exploitability=False)
    kept = _brute_kept(deck)
    assert {h: Fraction(int(p.p), int(p.q)) for h, p in r.kept.items()} == kept
    share = sum((pa * pb for a, pa in kept.items() for b, pb in kept.items() if _trumps(a, b) or _trumps(b, a)),
                Fraction(0))
    assert Fraction(int(r.trump_share.p), int(r.trump_share.q)) == share
    assert r.exploitability is None and "exploitability is computed" in r.notes[0]


def test_designer_cycle_equity_and_exploitability() -> None:
    r = variant_report()  # 1-5-5-1, 12 cards: exploitability computed by default
    assert (r.period, r.reshuffle_every) == (5, 5)
    assert r.equity_vs_table["GH"] == sympy.Rational(10, 11)  # 9/11 wins + 2/11 ties shared
    assert r.exploitability is not None and 0 < r.exploitability < sympy.Rational(1, 10)
    assert "0.909091 (10/11)" in r.to_text() and "dp-scroll" in r._repr_html_()
    assert r.to_pandas(exact=True).set_index("kept hand").loc["HH", "probability"] == sympy.Rational(7, 22)
    assert variant_report(deck="1-5-5-1", draw=4, put_back=1, exploitability=False).kept.total > 0
    with pytest.raises(ValueError, match="players must be an integer from 2 to 8"):
        variant_report(players=9)


def test_designer_plays_whole_games_on_request() -> None:
    r = variant_report(players=2, whole_games=4, exploitability=False)
    assert r.whole_games is not None and r.whole_games.games == 4
    assert "Whole games" in r._repr_html_()
    d = r.to_dict()
    assert d["whole_games"]["games"] == 4 and d["kept"]["HH"] == "7/22"


def test_designer_widget_errors_in_screen_words() -> None:
    d = two_dreidel_designer()
    assert "kept hands from a fresh deck" in d.output.value
    d.put_back.value = 3
    assert "put_back" in d.status.value or "put back" in d.status.value
    assert d.output.value == ""


def test_classic_report_numbers() -> None:
    html = classic_report(players=2, coins=1)
    assert "20/9" in html  # expected spins, solved by hand in test_classic_dreidel
    cdf = game_length_cdf(40, rules=ClassicDreidelRules(players=2, coins=1), exact=False)
    marks = length_checkpoints(cdf)
    assert marks[0] == (1, 0.5) and all(p >= q for (_, p), q in zip(marks, (0.25, 0.5, 0.75, 0.9, 0.99)))
    assert "median 1 spins" in html
    with pytest.raises(ValueError, match="up to 12 coins"):
        classic_report(players=2, coins=13)
    ex = classic_dreidel_explorer(players=2, coins=1)
    ex.stopping.value = "first-gimel"
    assert "first gimel" in ex.output.value and ex.status.value == ""
