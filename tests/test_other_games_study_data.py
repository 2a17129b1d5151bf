"""The committed study of Queenie, Skirmish and classic dreidel (``dreidelpoker/data/other_games_study.csv``,
made by ``benchmarks/other_games_study.py``, issue 21 item 7) is what its seeds give, and the
docs pages quote it: two Queenie cells re-run from the recorded seed, games and batch
reproduce every figure exactly (the ``swaps`` share with the interval ``compare`` gives it
today, and the paired differences); the Skirmish rows agree with each other; every verdict
row of the Skirmish and Queenie pages is the table's."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pandas as pd
import pytest

from dreidelpoker.games.queenie import QueenieRules
from dreidelpoker.games.queenie.bots import HeuristicBot
from dreidelpoker.play import compare
from dreidelpoker.play.stats import difference_estimate

DATA = resources.files("dreidelpoker") / "data"
DOCS = Path(__file__).resolve().parents[1] / "docs"


@pytest.fixture(scope="module")
def study() -> pd.DataFrame:
    return pd.read_csv(DATA / "other_games_study.csv")


def _row(study: pd.DataFrame, block: str, lineup: str, measure: str, kind: str = "cell") -> pd.Series:
    rows = study[(study.block == block) & (study.lineup == lineup) & (study.measure == measure) & (study.kind == kind)]
    assert len(rows) == 1, (block, lineup, measure, kind)
    return rows.iloc[0]


def test_the_provenance_names_version_command_and_seed(study: pd.DataFrame) -> None:
    prov = json.loads((DATA / "other_games_study.json").read_text())
    assert prov["command"].startswith(".venv/bin/python benchmarks/other_games_study.py")
    assert prov["library_version"] and (len(prov["git_commit"]) == 40 or prov["git_commit"] == "unknown")
    assert (study.seed.dropna() == prov["seed"]).all()
    skirmish = study[(study.block == "skirmish") & (study.kind == "cell")]
    games = int(prov["command"].split("--skirmish-games ")[1].split()[0])
    assert (skirmish.games == games).all()  # the command that made it played what the table says
    assert {b["block"] for b in prov["blocks"]} == set(study.block)


def test_two_queenie_cells_reproduce_exactly_from_their_seeds(study: pd.DataFrame) -> None:
    base = _row(study, "queenie-swap", "heuristic x4", "swaps")
    games, seed, batch = int(base.games), int(base.seed), int(base.batch)
    equal = ("heuristic",) * 4
    lineups = {"heuristic x4": equal,
               "ignore queens": (HeuristicBot(ignore=("queens",), name="heuristic ignoring queens"),) + equal[1:]}
    c = compare({"base": QueenieRules(players=4)}, lineups=lineups, players=4, metrics=["return:1", "win:1", "swaps"],
                games=games, batch=batch, seed=seed, progress=False)
    for lineup in lineups:
        for measure in ("return:1", "win:1", "swaps"):
            row, e = _row(study, "queenie-swap", lineup, measure), c.estimate("base", measure, lineup)
            assert (e.value, e.low, e.high, e.kind) == (pytest.approx(row.value, rel=1e-12, abs=1e-12),
                                                         pytest.approx(row.low, rel=1e-12, abs=1e-12),
                                                         pytest.approx(row.high, rel=1e-12, abs=1e-12), row.interval)
    # the swaps share is a share of deals per session, not a declared 0/1 rate: a bootstrap, inside [0, 1]
    assert base.interval == "bootstrap" and 0 <= base.low <= base.value <= base.high <= 1
    d = difference_estimate(c.result("base", "ignore queens").per_game("return:1"),
                            c.result("base", "heuristic x4").per_game("return:1"), seed=seed)
    row = _row(study, "queenie-swap", "ignore queens", "return:1", "paired difference")
    assert (d.value, d.low, d.high) == pytest.approx((row.value, row.low, row.high), rel=1e-12, abs=1e-12)


def test_the_skirmish_rows_agree_with_each_other(study: pd.DataFrame) -> None:
    gap = _row(study, "skirmish", "optimal vs greedy", "win:1", "paired difference")
    optimal, greedy = _row(study, "skirmish", "optimal vs greedy", "win:1"), _row(study, "skirmish", "greedy x2", "win:1")
    # a paired difference of means is the difference of the means; its interval is narrower than the unpaired one
    assert gap.value == pytest.approx(optimal.value - greedy.value, abs=1e-12)
    assert gap.high - gap.low < (optimal.high - optimal.low) + (greedy.high - greedy.low)
    # the same deals: seat 1 wins the first pile in the same games under both line-ups
    assert (_row(study, "skirmish", "optimal vs greedy", "first_pile_seat1").value
            == _row(study, "skirmish", "greedy x2", "first_pile_seat1").value)


def _points(x: float) -> str:
    return f"{100 * x:+.2f}"


def skirmish_rows(study: pd.DataFrame) -> list[str]:
    """The Skirmish page's verdict table rows (measure, figure, line-up, games), made from the committed study."""
    share = _row(study, "skirmish", "optimal vs greedy", "win:1")
    gap = _row(study, "skirmish", "optimal vs greedy", "win:1", "paired difference")
    rows = [f"| `optimal`'s share of games won | {100 * share.value:.2f}% ({100 * share.low:.2f} .. "
            f"{100 * share.high:.2f}) | `optimal vs greedy` | {int(share.games):,} |",
            f"| gap over `greedy x2`, paired (points) | {_points(gap.value)} ({_points(gap.low)} .. {_points(gap.high)}) "
            f"| `optimal vs greedy` | {int(gap.games):,} |"]
    for lineup in ("greedy x2", "optimal vs greedy"):
        r = _row(study, "skirmish", lineup, "first_pile_advantage", "won after winning the first pile minus after losing it")
        rows.append(f"| first-pile advantage (points) | {_points(r.value)} ({_points(r.low)} .. {_points(r.high)}) | "
                    f"`{lineup}` | {int(r.samples):,} of {int(r.games):,} (first pile decided) |")
    return rows


def skirmish_verdict(study: pd.DataFrame) -> str:
    """The verdict sentence: told apart (the interval excludes 0) and bounded (inside -1 .. +1 points)."""
    gap = _row(study, "skirmish", "optimal vs greedy", "win:1", "paired difference")
    apart = ("told apart (optimal wins more)" if gap.low > 0 else "told apart (greedy wins more)" if gap.high < 0
             else "not told apart")
    bounded = "bounded below 1 point" if max(abs(gap.low), abs(gap.high)) < 0.01 else "not bounded below 1 point"
    return f"**{apart}**, and the gap is **{bounded}**"


def queenie_rows(study: pd.DataFrame) -> list[str]:
    """The Queenie page's rows: each changed bot's paired chips per session and verdict, and the swap share."""
    rows = []
    for block in ("queenie-lead", "queenie-swap"):
        diffs = study[(study.block == block) & (study.kind == "paired difference") & (study.measure == "return:1")]
        for _, d in diffs.iterrows():
            said = "gains" if d.low > 0 else "costs" if d.high < 0 else "no detectable difference"
            name = d.lineup.removeprefix("lead=").removeprefix("ignore ")
            row = f"| `{name}` | {d.value:+.3f} ({d.low:+.3f} .. {d.high:+.3f}) | {said} |"
            if block == "queenie-swap":
                sw = _row(study, block, d.lineup, "swaps")
                row += f" {sw.value:.3f} ({sw.low:.3f} .. {sw.high:.3f}) |"
            rows.append(row)
    return rows


def test_the_docs_pages_quote_the_study(study: pd.DataFrame) -> None:
    skirmish = (DOCS / "skirmish.md").read_text(encoding="utf-8")
    for row in skirmish_rows(study):
        assert row in skirmish, row
    assert skirmish_verdict(study) in skirmish
    queenie = (DOCS / "queenie.md").read_text(encoding="utf-8")
    for row in queenie_rows(study):
        assert row in queenie, row
    base = _row(study, "queenie-swap", "heuristic x4", "swaps")
    games = set(study[study.block.str.startswith("queenie")].games)
    assert len(games) == 1 and f"{int(games.pop()):,} one-deal sessions per line-up" in queenie
    assert f"`heuristic x4` itself swaps in {base.value:.3f} ({base.low:.3f} .. {base.high:.3f}) of deals" in queenie
