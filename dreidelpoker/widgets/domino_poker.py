"""Domino Poker explorer: pick five tiles, choose the opponents, read exact odds.

The widget is thin: [`domino_report`][dreidelpoker.widgets.domino_poker.domino_report] (pure, tested without widgets) does the work;
[`DominoExplorer`][dreidelpoker.widgets.DominoExplorer] (an [`Explorer`][dreidelpoker.widgets.Explorer]) only wires a
20-tile picker, an opponent count, known opponent tiles and the [Domino Poker rules: errata and options][rules-5-4] option to it.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from ..display import table_html
from ..games.domino_poker import (
    LOW_RUN_OPTIONS,
    TILES,
    DominoPokerRules,
    blocking_by_opponent,
    equity,
    evaluate,
    format_tiles,
    parse_tiles,
)
from ..games.domino_poker.tiles import HAND_SIZE, MAX_PLAYERS
from ..errors import InputError

from .base import EXPLORER_STYLE, Explorer

__all__ = ["DominoExplorer", "domino_report", "explorer", "explorer_html", "parse_known_opponents"]


def parse_known_opponents(text: str, *, opponents: int) -> list[str | None]:
    """One entry per opponent from ``"6-6,5-5; ; 4-4"`` (hands split by ``;``, blank = unknown).

    Parameters:
        text: the hands, separated by ``;``.
        opponents: the number of opponents.

    Returns:
        One hand text (or ``None`` for unknown) per opponent.

    Raises:
        ValueError: more hands than opponents.

    Examples:
        >>> parse_known_opponents("6-6,5-5;;4-4", opponents=3)
        ['6-6,5-5', None, '4-4']
        >>> parse_known_opponents("", opponents=2)
        [None, None]
    """
    parts = [p.strip() for p in text.split(";")] if text.strip() else []
    if len(parts) > opponents:
        raise InputError(f"{len(parts)} known hands given for {opponents} opponent(s); separate hands with ';'")
    return [p or None for p in parts] + [None] * (opponents - len(parts))


def explorer_html(tiles: Sequence[str], *, opponents: int = 1, known: str = "",
                  low_runs: str = "flush") -> str:
    """The explorer's report for the picked ``tiles`` as HTML (errors explained in it).

    Parameters:
        tiles: the picked tiles (up to five).
        opponents: the number of opponents.
        known: opponents' known tiles, hands separated by ``;``.
        low_runs: the [Domino Poker rules: errata and options][rules-5-4] option for low runs.

    Returns:
        The report as HTML, or why it cannot be computed.

    Examples:
        >>> "Royal" in explorer_html(["2-2", "3-3", "4-4", "5-5", "6-6"], opponents=3)
        True
        >>> "pick 3 more" in explorer_html(["6-6", "5-5"])
        True
    """
    try:
        return domino_report(tiles, opponents=opponents, known=known, low_runs=low_runs)
    except (ValueError, TypeError) as exc:
        return f"<p><b>Cannot compute:</b> {html.escape(str(exc))}</p>"


def domino_report(tiles: Sequence[str], *, opponents: int = 1, known: str = "", low_runs: str = "flush") -> str:
    """Like [`explorer_html`][dreidelpoker.widgets.domino_poker.explorer_html], but bad input raises ``ValueError`` (the explorer shows it).

    Parameters:
        tiles: the picked tiles (fewer than five gives a prompt to pick more).
        opponents: how many opponents.
        known: opponents' known tiles, hands split by ``;`` (blank = unknown).
        low_runs: the [Domino Poker rules: errata and options][rules-5-4] option.

    Returns:
        HTML.

    Raises:
        ValueError: for tiles or known hands the deal cannot produce.

    Examples:
        >>> "One pair" in domino_report(["6-6", "5-5", "2-4", "3-1", "4-6"])
        True
    """
    rules = DominoPokerRules(low_runs=low_runs)  # type: ignore[arg-type]
    hand = parse_tiles(list(tiles), what="hand")
    if len(hand) < HAND_SIZE:
        return (f"<p>Pick {HAND_SIZE} tiles: pick {HAND_SIZE - len(hand)} more "
                f"(held: {html.escape(format_tiles(hand)) or 'none'}).</p>")
    if len(hand) > HAND_SIZE:
        raise InputError(f"Too many tiles: a hand holds {HAND_SIZE}; you picked {len(hand)}. "
                         f"Unpick {len(hand) - HAND_SIZE}.")
    try:
        specs = parse_known_opponents(known, opponents=opponents)
    except ValueError as exc:
        raise InputError(f"known: {exc}") from None
    value = evaluate(hand, rules=rules)
    eq = equity(hand, opponents=specs, rules=rules)
    blocks = blocking_by_opponent(hand, opponents=specs, rules=rules)

    def describe(i: int, spec: str | None) -> str:
        if spec is None:
            return f"opponent {i}: unknown"
        tiles = parse_tiles(spec)
        if len(tiles) == HAND_SIZE:
            return f"opponent {i}: {html.escape(str(evaluate(tiles, rules=rules)))}"
        return f"opponent {i}: {html.escape(format_tiles(tiles))} + unknown"

    vs = "; ".join(describe(i, s) for i, s in enumerate(specs, start=1))
    if all(spec is None for spec in specs):
        blocking_html = "<p>Every unknown opponent's hand:</p>" + blocks[0]._repr_html_()
    else:
        blocking_html = "".join(f"<p>Opponent {i}:</p>{b._repr_html_()}" for i, b in enumerate(blocks, start=1))
    return (
        f"<h4>{html.escape(value.category)} (rank {value.rank}): {html.escape(format_tiles(value.tiles))}</h4>"
        f"<p>Against {opponents} opponent(s): {vs} — exact over {eq.details['deals']:,} deals.</p>"
        + table_html(("", "probability / share"), [(n, getattr(eq, n)) for n in ("win", "tie", "lose", "equity")])
        + f"<h4>Blocking</h4>{blocking_html}"
    )


class DominoExplorer(Explorer):
    """The widget: a 20-tile picker, opponents, known opponent tiles, the 5.4 option, a report.

    Set ``buttons["6-6"].value = True`` (etc.) and read ``output.value``; no kernel needed.
    """

    game = "domino-poker"
    title = "Domino Poker"
    controls_width = "0px"  # the picker sits above the report; nothing to clip

    def __init__(self, *, hand: str = "", opponents: int = 1, low_runs: str = "flush") -> None:
        self._init = (hand, opponents, low_runs)
        super().__init__()

    def build_controls(self) -> dict[str, w.Widget]:
        hand, opponents, low_runs = self._init
        self.buttons: dict[str, w.ToggleButton] = {
            t.label: w.ToggleButton(value=False, description=t.label, layout=w.Layout(width="52px"))
            for t in reversed(TILES)
        }
        for t in parse_tiles(hand, what="hand") if hand else ():
            self.buttons[t.label].value = True
        self.opponents = w.IntSlider(value=opponents, min=1, max=MAX_PLAYERS - 1, description="opponents")
        self.known = w.Text(value="", description="known",
                            placeholder="opponents' known tiles, hands split by ';' (blank = unknown)",
                            layout=w.Layout(width="min(100%, 520px)"))
        self.low_runs = w.Dropdown(options=list(LOW_RUN_OPTIONS), value=low_runs, description="runs 1-3")
        controls: dict[str, w.Widget] = {f"tile_{label.replace('-', '_')}": b for label, b in self.buttons.items()}
        controls.update({"opponents": self.opponents, "known": self.known, "low_runs": self.low_runs})
        return controls

    def build_layout(self) -> w.Box:
        rows: dict[int, list[w.ToggleButton]] = {}
        for t in reversed(TILES):
            rows.setdefault(t.high, []).append(self.buttons[t.label])
        picker = w.VBox([w.HBox(r, layout=w.Layout(flex_flow="row wrap")) for r in rows.values()])
        return w.VBox([picker, w.HBox([self.opponents, self.low_runs], layout=w.Layout(flex_flow="row wrap")),
                       self.known, w.HTML(EXPLORER_STYLE), self.status, self.caption, self.output])

    def describe_inputs(self) -> str:
        """The picked tiles, opponents, known tiles and the runs option (for the caption)."""
        known = self.known.value.strip() or "none"
        return (f"tiles {', '.join(self.picked) or 'none'}, opponents {self.opponents.value}, "
                f"known {known}, runs 1-3 {self.low_runs.value}")

    @property
    def html(self) -> w.HTML:
        """The report pane (``output``), under its old name."""
        return self.output

    @property
    def picked(self) -> list[str]:
        return [label for label, b in self.buttons.items() if b.value]

    def arguments(self) -> dict[str, Any]:
        return {"tiles": self.picked, "opponents": self.opponents.value, "known": self.known.value,
                "low_runs": self.low_runs.value}

    def report(self, **arguments: Any) -> str:
        return domino_report(**arguments)


def explorer(*, hand: str = "", opponents: int = 1, low_runs: str = "flush") -> DominoExplorer:
    """Build the explorer (display it as the last expression of a notebook cell).

    Parameters:
        hand: the starting tiles, e.g. ``"6-6,5-5,2-4,3-1,4-6"`` (default: none picked).
        opponents: the number of opponents.
        low_runs: the [Domino Poker rules: errata and options][rules-5-4] option for low runs.

    Returns:
        The explorer.

    Examples:
        >>> e = explorer(hand="6-6,5-5,2-4,3-1,4-6")
        >>> "One pair" in e.html.value
        True
    """
    return DominoExplorer(hand=hand, opponents=opponents, low_runs=low_runs)
