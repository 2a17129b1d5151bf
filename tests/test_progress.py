"""Progress bars follow one rule (``limits.progress_display``): a bar on a terminal or in
Jupyter, nothing in a pipe, a test run, a CI log or with ``--json``; and in an executed
notebook a bar leaves one line of text, never an empty output (issue 15)."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest

from dreidelpoker import limits
from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
from dreidelpoker.games.two_dreidel import TwoDreidelRules, deck_chain, opponent_posterior
from dreidelpoker.play import simulate, sweep


class FakeTerminal(io.StringIO):
    """A stderr that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> FakeTerminal:
    """Call it in the test body: pytest puts its own stderr back between setup and the test."""
    fake = FakeTerminal()
    monkeypatch.setattr(limits, "PROGRESS_DELAY", 0.0)  # show even quick work

    fake.install = lambda: monkeypatch.setattr(sys, "stderr", fake)  # type: ignore[attr-defined]
    return fake


def test_no_bar_when_stderr_is_not_a_terminal(capfd: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "PROGRESS_DELAY", 0.0)
    assert limits.progress_display() is None
    simulate(ClassicDreidelRules(players=2, coins=2), games=30, seed=1, progress=True)
    sweep({"rules": ClassicDreidelRules(players=2, coins=2), "players": [2, 3]}, games=10, progress=True)
    with limits.use_progress(True):
        opponent_posterior(discards="HN", hand_number=40, visibility="top-two")
    assert capfd.readouterr().err == ""


def test_simulate_and_sweep_draw_on_a_terminal(terminal: Any) -> None:
    terminal.install()
    simulate(ClassicDreidelRules(players=2, coins=2), games=30, seed=1, progress=True)
    assert "classic-dreidel games" in terminal.getvalue()
    terminal.truncate(0)
    sweep({"rules": ClassicDreidelRules(players=2, coins=2), "players": [2, 3]}, games=10, progress=True)
    assert "classic-dreidel sweep" in terminal.getvalue()
    terminal.truncate(0)
    simulate(ClassicDreidelRules(players=2, coins=2), games=30, seed=1, progress=False)
    assert terminal.getvalue() == ""


def test_quick_work_draws_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", fake)  # with the default delay quick work never shows a bar
    simulate(ClassicDreidelRules(players=2, coins=2), games=5, seed=1, progress=True)
    assert fake.getvalue() == ""


def test_two_dreidel_chain_and_posterior_bars(terminal: Any) -> None:
    terminal.install()
    rules = TwoDreidelRules(deck="2-7-7-2")
    deck_chain(rules)  # library calls stay quiet unless asked
    opponent_posterior(discards="HN", hand_number=40, visibility="top-two")
    assert terminal.getvalue() == ""
    with limits.use_progress(True):
        chain = deck_chain(rules)
        chain.long_run_hands()
        opponent_posterior(discards="HN", hand_number=40, visibility="top-two")
    shown = terminal.getvalue()
    for label in ("deck chain: exploring", "deck chain: long run", "opponent posterior"):
        assert label in shown


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_cli_bar_on_a_terminal_never_with_json(terminal: Any, json_flag: list[str]) -> None:
    from dreidelpoker.cli import main

    terminal.install()
    assert main(["equity", "two-dreidel", "--hand", "GH", "--top-two-only", "--opponent-discard", "HN",
                 "--hand-number", "30", *json_flag]) == 0
    assert ("opponent posterior" in terminal.getvalue()) == (not json_flag)


def test_jupyter_bar_leaves_one_line_not_an_empty_output(tmp_path: Path) -> None:
    nbformat = pytest.importorskip("nbformat")
    pytest.importorskip("nbclient")
    sys.path.insert(0, str(Path(__file__).parent))
    from execute_notebooks import execute

    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "import time\nfrom dreidelpoker import limits\nprint('before')\n"
            "with limits.progress_bar(10, 'slow job', enabled=True, min_total=0, unit=' steps', delay=0.2) as bar:\n"
            "    for _ in range(10):\n        time.sleep(0.06)\n        bar.update(1)\nprint('after')"),
        nbformat.v4.new_code_cell(
            "from dreidelpoker.play import simulate\n"
            "from dreidelpoker.games.classic_dreidel import ClassicDreidelRules\n"
            "limits.PROGRESS_DELAY = 0.0\n"
            "print(simulate(ClassicDreidelRules(players=2, coins=2), games=20, seed=1).games)"),
    ]
    path = tmp_path / "bars.ipynb"
    nbformat.write(nb, path)
    _, _, error = execute(path, timeout=300, out_dir=tmp_path / "out")
    assert error is None
    cells = nbformat.read(tmp_path / "out" / "bars.ipynb", as_version=4).cells
    outputs: list[Any] = [o for c in cells for o in c.outputs]
    for o in outputs:  # nothing empty, no widget left without its state
        data = o.get("data", {})
        assert "application/vnd.jupyter.widget-view+json" not in data
        assert ("".join(o.get("text", "")) or data.get("text/plain", "")).strip()
    texts = [o["data"]["text/plain"] for o in outputs if o.get("output_type") == "display_data"]
    assert texts[0].startswith("slow job: 10 steps in ") and texts[1].startswith("classic-dreidel games: 20 games in ")
