"""The Skirmish explorer: pure functions and the widget without a kernel."""

from __future__ import annotations

from dreidelpoker.games.skirmish import solve_capture
from dreidelpoker.games.skirmish.explore import deal_lines, explore
from dreidelpoker.widgets.skirmish import SkirmishExplorer


def test_explore_steps_through_the_principal_line() -> None:
    sol = solve_capture("9,4,4,K,2", "Q,J,3,3,8")
    for k in range(len(sol.line) + 2):
        v = explore("9,4,4,K,2", "Q,J,3,3,8", "mine", k)
        assert v.value == (6, 4) and v.step == min(k, len(sol.line))
        if v.step < len(sol.line):
            assert v.to_move == sol.line[v.step].side
            if v.options:
                assert v.options[0].loss == 0 and sol.line[v.step].capture in [o.capture for o in v.options]
    end = explore("9,4,4,K,2", "Q,J,3,3,8", "mine", 99)
    assert end.options == () and "theirs" in end.to_html()
    assert [(o.capture.text, o.loss) for o in explore("9,4,4,K,2", "Q,J,3,3,8").options][2] == ("K takes Q", 2)


def test_explore_reports_bad_input_as_error() -> None:
    for mine, theirs, first, msg in [("9,Z", "2,3", "mine", "unknown rank"), ("9", "2,3", "mine", "equally long"),
                                     ("A", "2", "nobody", "first must be")]:
        v = explore(mine, theirs, first)
        assert msg in v.error and "error" in v.to_html()
    assert "&lt;b&gt;" in explore("<b>", "2").to_html()


def test_widget_without_a_kernel() -> None:
    ex = SkirmishExplorer()
    assert "mine 6 – theirs 4" in ex.output.value
    ex.step.value = 2
    assert "K takes Q" in ex.output.value and "next" in ex.output.value
    ex.mine.value = "A,A,A,K,Q"
    assert "mine 10 – theirs 0" in ex.output.value
    ex.mine.value = "A,A,A,A,A"
    assert "5 copies of A" in ex.status.value and ex.output.value == ""  # the error replaces the results
    ex.deal.click()
    mine, theirs = deal_lines(1)
    assert (ex.mine.value, ex.theirs.value) == (mine, theirs) and ex.step.value == 0
    assert "Optimal play ends" in ex.output.value and ex.status.value == ""


def test_widget_is_an_explorer_with_a_static_snapshot() -> None:
    from dreidelpoker.widgets import Explorer

    ex = SkirmishExplorer()
    assert isinstance(ex, Explorer) and ex.mine.continuous_update is False  # Enter or blur, not every key
    bundle = ex._repr_mimebundle_()
    snapshot = (bundle[0] if isinstance(bundle, tuple) else bundle)["text/html"]
    assert "dp-explorer-static" in snapshot and "dreidelpoker explore skirmish" in snapshot
    assert "mine 6 – theirs 4" in snapshot
    ex.step.value = 99
    steps = len(solve_capture("9,4,4,K,2", "Q,J,3,3,8").line)
    assert ex.step.value == ex.step.max == steps and f"After {steps} step(s)" in ex.output.value
