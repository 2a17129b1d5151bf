"""The variant designer takes a rules object, runs a small search on a button and shows the
library's stored full run; the stored run's cells reproduce (issue 24 items 8 and 9)."""

from __future__ import annotations

import json
from importlib.resources import files

import pytest

from dreidelpoker.errors import InputError
from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.games.two_dreidel.designer import variant_report
from dreidelpoker.play import search, stored_search
from dreidelpoker.widgets import two_dreidel_designer
from dreidelpoker.widgets.two_dreidel import search_report

FIVE = TwoDreidelRules(symbols=("A", "B", "C", "D", "E"), symbol_names=("Ace", "Bell", "Crown", "Dove", "Eye"),
                       deck=(2, 3, 3, 3, 2), trumps=frozenset({("E", "A")}))


def test_the_designer_starts_from_a_rules_object() -> None:
    d = two_dreidel_designer(TwoDreidelRules(deck="2-6-6-2", draw=4, put_back=2))
    assert [c.value for c in d.counts] == [2, 6, 6, 2] and (d.draw.value, d.put_back.value) == (4, 2)
    assert d.shown_rules().deck_label == "2-6-6-2" and "kept hands from a fresh deck" in d.output.value
    # the report is the pure function's, for the same rules
    assert variant_report(TwoDreidelRules(deck="2-6-6-2", draw=4, put_back=2))._repr_html_() == d.output.value


def test_a_family_member_gets_one_slider_per_symbol() -> None:
    d = two_dreidel_designer(FIVE)
    assert [c.description for c in d.counts] == ["Ace cards", "Bell cards", "Crown cards", "Dove cards", "Eye cards"]
    assert d.status.value == "" and "kept hands" in d.output.value
    d.counts[0].value = 4
    assert d.shown_rules().deck == (4, 3, 3, 3, 2) and d.shown_rules().symbols == FIVE.symbols


def test_other_rules_are_refused() -> None:
    with pytest.raises(InputError, match="expected TwoDreidelRules"):
        two_dreidel_designer("1-5-5-1")  # type: ignore[arg-type]


def test_the_search_runs_on_the_button_and_holds_the_other_fields() -> None:
    d = two_dreidel_designer(TwoDreidelRules(streets="spins-then-bet", blind=2))
    d.search_trials.value = 2
    d.search_games.value = 20
    d.search_targets.value = "all_in_rate >= 0.25"
    d.search_maximize.value = ""
    assert d.search_output.value == ""  # nothing runs until a button is pressed
    d.run_search.click()
    assert d.search_status.value == "" and "Variant search of two-dreidel" in d.search_output.value
    # the same search from the pure function: the fields the panel does not search stay as the rules say
    from dreidelpoker.widgets.two_dreidel import _held_fields

    held = _held_fields(d.shown_rules())
    assert held["fixed"]["streets"] == "spins-then-bet" and held["fixed"]["blind"] == 2
    r = search(d.shown_rules(), targets=["all_in_rate >= 0.25"], players=2, trials=2, games=20, storage=None,
               progress=False, reevaluate=0, **held)
    assert all(row["settings"]["streets"] == "spins-then-bet" and row["settings"]["blind"] == 2 for row in r.trials)


@pytest.mark.parametrize(("targets", "words"), [
    ("hands:median in 25..8", "is empty"),
    ("speed >= 3", "unknown measure 'speed'"),
])
def test_a_bad_target_shows_the_search_s_own_words(targets: str, words: str) -> None:
    d = two_dreidel_designer()
    d.search_targets.value = targets
    d.run_search.click()
    assert "dp-error" in d.search_status.value and words in d.search_status.value and d.search_output.value == ""


def test_the_panel_bounds_its_own_work() -> None:
    with pytest.raises(InputError, match="trials must be an integer from 1 to 30, got 31"):
        search_report(TwoDreidelRules(), targets="", maximize="skill_gap", players=2, trials=31, games=20)
    with pytest.raises(InputError, match="games must be an integer from 20 to 400, got 19"):
        search_report(TwoDreidelRules(), targets="", maximize="skill_gap", players=2, trials=1, games=19)


# -- the stored full run ---------------------------------------------------------------------------
def _provenance() -> dict[str, object]:
    return json.loads((files("dreidelpoker") / "data" / "two_dreidel_design.json").read_text())


def test_the_stored_run_is_the_full_run_with_its_provenance() -> None:
    p = _provenance()
    r = stored_search()
    assert p["trials"] == 50 and len(r.trials) + len(r.invalid) == 50
    assert r.plan.games == 400 and r.plan.seed == 2026 and [t.text for t in r.plan.targets] == p["plan"]["targets"]
    assert len(r.reevaluated) == 3 and all(x["games"] == 1600 for x in r.reevaluated)
    assert r.proposal() == p["proposal"]
    for k in ("command", "git_commit", "wall_seconds", "cpu_seconds", "load_before"):
        assert k in p
    for row in r.trials:  # each status follows from the stored interval, not the point
        e = row["estimates"]["all_in_rate"]
        want = "met" if e.low >= 0.25 else "missed" if e.high < 0.25 else "not established"
        assert row["targets"]["all_in_rate >= 0.25"] == want


def test_the_designer_shows_the_stored_run() -> None:
    d = two_dreidel_designer()
    d.show_stored.click()
    assert d.search_status.value == "" and "Re-evaluated with a fresh seed" in d.search_output.value


def test_a_stored_cell_reproduces() -> None:
    # one stored trial played again from its settings with the run's seed and games: the same figures
    p = _provenance()
    stored = stored_search(reevaluate=0)
    row = stored.trials[0]
    plan = dict(p["plan"])  # type: ignore[call-overload]
    fixed = {**plan.pop("fixed"), "deck": row["settings"]["deck"], "chips_per_player": row["settings"]["chips_per_player"]}
    again = search(TwoDreidelRules(), **plan, fixed=fixed, trials=1, storage=None, progress=False, reevaluate=0)
    for m, e in row["estimates"].items():
        got = again.trials[0]["estimates"][m]
        assert (got.value, got.low, got.high) == pytest.approx((e.value, e.low, e.high), rel=1e-12), m


def test_the_cli_shows_the_stored_run(capsys: pytest.CaptureFixture[str]) -> None:
    from .cli_run import run_cli

    code, out, err = run_cli(capsys, "design", "two-dreidel", "--stored", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["proposal"] == _provenance()["proposal"] and data["storage"].startswith("dreidelpoker/data/")
    assert len(data["reevaluated"]) == 3
    code, out, err = run_cli(capsys, "design", "two-dreidel", "--stored", "--reevaluate", "1")
    assert code == 0 and "re-evaluated (fresh seed, 1,600 games)" in out
    for extra, words in ((["--trials", "3"], "--trials does not apply"), (["--space"], "--stored does not apply"),
                         (["--reevaluate", "4"], "--reevaluate")):
        code, _out, err = run_cli(capsys, "design", "two-dreidel", "--stored", *extra)
        assert code == 2 and words in err and err.count("\n") == 1, err
    code, _out, err = run_cli(capsys, "design", "skirmish", "--stored")
    assert code == 2 and "Two Dreidel only" in err
