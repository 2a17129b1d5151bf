"""The home page opens with four answers; each is recomputed here from the library.

The library's figures behind them are checked against independent brute force elsewhere
(``tests/test_two_dreidel_odds.py``, ``tests/test_two_dreidel_equity.py``,
``tests/test_dice_poker_oracle.py``, ``tests/test_domino_poker.py``); this test keeps the
page's text equal to what the library computes, so an edit of either cannot drift.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HOME = (REPO / "docs" / "index.md").read_text(encoding="utf-8")


def first_screen() -> str:
    """The home page up to its first second-level heading (what a reader sees first)."""
    return HOME.split("\n## ", 1)[0]


def test_the_home_page_opens_with_a_result() -> None:
    lines = [line for line in first_screen().splitlines() if line.strip()]
    assert lines[0] == "# dreidelpoker" and lines[1].startswith("| question | answer |")


def test_two_dreidel_answers() -> None:
    from dreidelpoker.games import two_dreidel as td

    hh = Fraction(str(td.kept_hand_distribution()["HH"]))
    assert f"**{float(hh):.4f}** ({hh})" in first_screen()
    result = td.equity("GH", opponents=3)
    equity, win, tie = (Fraction(str(getattr(result, k))) for k in ("equity", "win", "tie"))
    assert (f"equity **{float(equity):.4f}** ({equity}): wins {float(win):.4f}, ties {float(tie):.4f}"
            in first_screen())


def test_dice_poker_answer() -> None:
    from dreidelpoker.games import dice_poker as dpk

    p = Fraction(str(dpk.designer_answers().six_of_a_kind_probability))
    assert p.numerator == 1
    assert f"**{float(p):.9f}** (1/{p.denominator:,})" in first_screen()


def test_domino_poker_answer() -> None:
    from dreidelpoker.games import domino_poker as dom

    table = dom.category_table()
    counts = {table.count(name) for name in ("Straight sixes", "Straight fives", "Straight fours")}
    assert counts == {2} and table.total == 15504
    assert f"**{2 / 15504:.7f}** (2 of 15,504 hands each)" in first_screen()


def test_every_notebook_is_linked_with_its_file() -> None:
    for notebook in sorted((REPO / "notebooks").glob("*.ipynb")):
        name = notebook.stem
        assert f'href="notebooks/{name}/{name}.ipynb" download' in HOME, f"{name}.ipynb is not linked"
    assert "pip install dreidelpoker" in HOME and "make demo" in HOME and "make test" in HOME


def test_the_data_the_notebooks_read_ships_with_the_package() -> None:
    from importlib import resources

    data = resources.files("dreidelpoker") / "data"
    for notebook, name in (("two_dreidel_whole_game", "two_dreidel_study"), ("queenie", "other_games_study"),
                           ("skirmish", "other_games_study"), ("classic_dreidel", "other_games_study")):
        assert (data / f"{name}.csv").is_file() and (data / f"{name}.json").is_file()  # the table and its provenance
        text = (REPO / "notebooks" / f"{notebook}.ipynb").read_text(encoding="utf-8")
        assert 'resources.files(\\"dreidelpoker\\") / \\"data\\"' in text and f'{name}.csv' in text, notebook
    assert not (REPO / "notebooks" / "data").exists()
