"""Every explorer greys its results while it computes and captions them with their inputs."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from dreidelpoker.widgets.base import Explorer


class Slow(Explorer):
    game = "toy"
    title = "toy"

    def __init__(self) -> None:
        self.seen: list[tuple[bool, str]] = []
        super().__init__()

    def build_controls(self) -> dict[str, w.Widget]:
        return {"hand": w.Text(value="GH", description="hand"),
                "opponents": w.IntSlider(value=3, min=1, max=7, description="opponents")}

    def report(self, **arguments: Any) -> str:
        # what a reader sees while this runs: old results greyed, a line naming the new inputs
        self.seen.append(("dp-busy" in self.output._dom_classes, self.status.value))
        if arguments["hand"] == "bad":
            raise ValueError("hand must be two symbols")
        return f"<p>{arguments['hand']} against {arguments['opponents']}</p>"


def test_results_are_greyed_while_computing_and_captioned_after() -> None:
    ex = Slow()
    ex.controls["opponents"].value = 7
    busy, status = ex.seen[-1]
    assert busy and "Computing for hand GH, opponents 7" in status
    assert "dp-busy" not in ex.output._dom_classes and ex.status.value == ""
    assert ex.caption.value == "<p class='dp-caption'>For hand GH, opponents 7:</p>"
    assert "GH against 7" in ex.output.value
    assert "For hand GH, opponents 7" in ex.snapshot_html()


def test_an_error_clears_results_and_caption() -> None:
    ex = Slow()
    ex.controls["hand"].value = "bad"
    assert ex.output.value == "" and ex.caption.value == ""
    assert "hand must be two symbols" in ex.status.value and "dp-busy" not in ex.output._dom_classes


def test_an_out_of_range_number_gets_a_message_not_a_clamp() -> None:
    from dreidelpoker.widgets import two_dreidel_explorer
    from dreidelpoker.widgets.classic_dreidel import ClassicDreidelExplorer

    ex = two_dreidel_explorer()
    ex.controls["hand_number"].value = 5000
    assert "hand no. must be from 1 to 999; got 5,000" in ex.status.value and ex.output.value == ""
    assert ex.controls["hand_number"].value == 5000  # left as typed, so the reader sees what was refused
    ex.controls["hand_number"].value = 4
    assert ex.status.value == "" and ex.output.value
    classic = ClassicDreidelExplorer(players=2, coins=1)
    classic.controls["coins"].value = 0
    assert "coins each must be from 1 to 99; got 0" in classic.status.value
