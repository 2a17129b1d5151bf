"""The committed Two Dreidel study (``dreidelpoker/data/two_dreidel_study.csv``, made by
``benchmarks/two_dreidel_study.py``) is what its seeds give: two cells re-run from the
recorded seed, games and batch reproduce their figures exactly (issue 21 item 6)."""

from __future__ import annotations

import json
from importlib import resources

import pandas as pd
import pytest

from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.play import compare

DATA = resources.files("dreidelpoker") / "data"


@pytest.fixture(scope="module")
def study() -> pd.DataFrame:
    return pd.read_csv(DATA / "two_dreidel_study.csv")


def test_the_provenance_names_version_command_and_seed(study: pd.DataFrame) -> None:
    prov = json.loads((DATA / "two_dreidel_study.json").read_text())
    assert prov["command"].startswith(".venv/bin/python benchmarks/two_dreidel_study.py")
    assert prov["library_version"] and len(prov["git_commit"]) in (40, 7) or prov["git_commit"] == "unknown"
    assert (study.seed.dropna() == prov["seed"]).all()
    assert prov["precision"] == {"hands": "5%", "all_in_rate": 0.02}
    played = study[study.block != "spin-game"]
    assert (played.games >= 1000).all()  # the floor where the precision targets are not met
    # every cell reached its targets or played the whole budget (the stopping rule of the study)
    for (block, players), g in played.groupby(["block", "players"]):
        assert g.target_met.dropna().astype(bool).all() or (g.games == g.budget).all(), (block, players)


@pytest.mark.parametrize(("block", "variant", "lineup", "rules"), [
    ("lineups", "base", "tight x2", TwoDreidelRules()),
    ("decks", "2-7-7-2", "tight x2", TwoDreidelRules(deck="2-7-7-2")),
])
def test_two_cells_reproduce_exactly_from_their_seeds(study: pd.DataFrame, block: str, variant: str, lineup: str,
                                                       rules: TwoDreidelRules) -> None:
    rows = study[(study.block == block) & (study.variant == variant) & (study.lineup == lineup)
                 & (study.players == 2)].set_index("measure")
    games, seed, batch = int(rows.games.iloc[0]), int(rows.seed.iloc[0]), int(rows.batch.iloc[0])
    assert games >= 1000
    c = compare({variant: rules}, lineups={lineup: ("tight", "tight")}, players=2,
                metrics=["hands", "all_in_rate", "trump_rate"], games=games, batch=batch, seed=seed, progress=False)
    for measure in ("hands", "all_in_rate", "trump_rate"):
        e = c.estimate(variant, measure, lineup)
        assert (e.value, e.low, e.high) == pytest.approx(
            (rows.loc[measure, "value"], rows.loc[measure, "low"], rows.loc[measure, "high"]), rel=1e-12, abs=1e-12)


def test_the_docs_page_states_the_notebooks_thresholds() -> None:
    from pathlib import Path

    repo = Path(__file__).resolve().parents[1]
    notebook = (repo / "notebooks" / "two_dreidel_whole_game.ipynb").read_text(encoding="utf-8")
    page = (repo / "docs" / "two-dreidel" / "whole-game.md").read_text(encoding="utf-8")
    for constant, phrase in (("FAST_HANDS = 40", "at most 40 hands"), ("HIGH_STAKES_RATE = 0.2", "at least 0.2 |"),
                             ("STRATEGIC_EDGE = 0.05", "at least 0.05 |")):
        assert constant in notebook and phrase in page, constant


def _verdict_row(study: pd.DataFrame, wish: str, measure: str, lineup: str, threshold: float, *, above: bool,
                 shift: float = 0.0, digits: int = 1) -> str:
    """The docs page's row for one 4-player verdict, made from the committed study."""
    r = study[(study.block == "lineups") & (study.players == 4) & (study.variant == "base") & (study.lineup == lineup)
              & (study.measure == measure)].iloc[0]
    low, value, high = r.low - shift, r.value - shift, r.high - shift
    if above:
        said = "yes" if low >= threshold else ("no" if high < threshold else "undecided")
    else:
        said = "yes" if high <= threshold else ("no" if low > threshold else "undecided")
    return f"| {wish} | `{lineup}` | {int(r.games):,} | {value:.{digits}f} ({low:.{digits}f} .. {high:.{digits}f}) | {said} |"


def test_the_docs_page_verdicts_are_the_studys(study: pd.DataFrame) -> None:
    """Every verdict row of the docs page (wish, line-up, games, figure and interval) is the committed study's."""
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "two-dreidel" / "whole-game.md").read_text(encoding="utf-8")
    rows = [_verdict_row(study, "fast", "hands", lu, 40, above=False) for lu in ("equity x4", "tight x4", "mixed")]
    rows += [_verdict_row(study, "high-stakes", "all_in_rate", lu, 0.2, above=True, digits=3)
             for lu in ("equity x4", "tight x4", "mixed")]
    rows += [_verdict_row(study, "strategic", "win:1", lu, 0.05, above=True, shift=1 / 4, digits=3)
             for lu in ("equity vs random", "equity vs tight", "mixed")]
    for row in rows:
        assert row in page, row
    # and no other verdict row (a row naming a line-up) that the study does not back
    assert sum(line.startswith(("| fast | `", "| high-stakes | `", "| strategic | `")) for line in page.splitlines()) == 9
