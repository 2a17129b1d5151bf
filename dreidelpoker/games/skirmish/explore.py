"""The pure functions behind the Skirmish explorer widget ([`dreidelpoker.widgets.skirmish`][dreidelpoker.widgets.skirmish]).

[`explore`][dreidelpoker.games.skirmish.explore.explore] takes two lines (as text), who captures first and how many steps of the
principal line have been played, and returns an [`ExplorerView`][dreidelpoker.games.skirmish.explore.ExplorerView]: the position
reached, the exact value, the optimal line with the current step marked, and what each
capture open at that point loses against the best. [`deal_lines`][dreidelpoker.games.skirmish.explore.deal_lines] deals two random
lines. The widget only wires inputs to these functions.

Examples:
    >>> v = explore("9,4,4,K,2", "Q,J,3,3,8", "mine", step=1)
    >>> v.value, v.to_move, v.mine, v.theirs
    ((6, 4), 'theirs', (2, 4, 4, 13), (3, 3, 11, 12))
    >>> [(o.capture.text, o.loss) for o in v.options][:2]
    [('J takes 4', 0), ('Q takes 4', 0)]
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import numpy as np

from ...errors import InputError
from .rules import STANDARD_DECK, format_cards
from .solver import CaptureOption, CaptureStep, Side, capture_options, solve_capture

__all__ = ["ExplorerView", "deal_lines", "explore"]


@dataclass(frozen=True)
class ExplorerView:
    """What the explorer shows (see [`explore`][dreidelpoker.games.skirmish.explore.explore]).

    Attributes:
        error: a message for bad input (then the other fields are empty).
        value: ``(mine, theirs)`` cards under optimal play from the start.
        line: the principal line; step: how many of its steps are played (clipped).
        mine, theirs: the lines after ``step`` steps (sorted); to_move: who moves next.
        options: the captures open to ``to_move`` with their values and losses.
    """

    error: str = ""
    value: tuple[int, int] = (0, 0)
    line: tuple[CaptureStep, ...] = ()
    step: int = 0
    mine: tuple[int, ...] = ()
    theirs: tuple[int, ...] = ()
    to_move: str = ""
    options: tuple[CaptureOption, ...] = ()

    def to_html(self) -> str:
        """The view as HTML (escaped)."""
        if self.error:
            return f"<p style='color:#b00'><b>error:</b> {html.escape(self.error)}</p>"
        out = [f"<p><b>Optimal play ends</b> mine {self.value[0]} – theirs {self.value[1]} cards</p>",
               "<ol>"]
        for k, s in enumerate(self.line):
            text = html.escape(s.text)
            out.append(f"<li><b>{text}</b> &larr; next</li>" if k == self.step else f"<li>{text}</li>")
        out.append("</ol>" if self.line else "</ol><p>No captures are possible.</p>")
        out.append(f"<p>After {self.step} step(s): mine {html.escape(format_cards(self.mine)) or '–'}, "
                   f"theirs {html.escape(format_cards(self.theirs)) or '–'}</p>")
        if self.options:
            out.append(f"<table><tr><th>{html.escape(self.to_move)} captures</th><th>cards at the end</th>"
                       "<th>loses</th></tr>")
            out += [f"<tr><td>{html.escape(o.capture.text)}</td><td>{o.value}</td><td>{o.loss}</td></tr>"
                    for o in self.options]
            out.append("</table>")
        return "".join(out)


def explore(mine: str, theirs: str, first: str = "mine", step: int = 0) -> ExplorerView:
    """The explorer's view of two lines after ``step`` steps of optimal play; bad input becomes ``error``.

    Parameters:
        mine: your line, e.g. ``"9,4,4,K,2"``.
        theirs: the other line.
        first: who captures first, ``"mine"`` or ``"theirs"``.
        step: steps of the principal line played (clipped to its length).

    Returns:
        An [`ExplorerView`][dreidelpoker.games.skirmish.explore.ExplorerView] (its ``error`` says what is wrong with bad input).

    Examples:
        >>> explore("9,Z", "2,3").error
        "mine: unknown rank 'Z'; use 2-9, 10 or T, J, Q, K, A"
    """
    try:
        sol = solve_capture(mine, theirs, first)
    except InputError as exc:
        return ExplorerView(error=str(exc))
    step = max(0, min(step, len(sol.line)))
    lines: dict[str, list[int]] = {"mine": sorted(sol.mine), "theirs": sorted(sol.theirs)}
    for s in sol.line[:step]:
        if s.capture is not None:
            other = "theirs" if s.side == "mine" else "mine"
            lines[s.side].remove(s.capture.own)
            lines[other].remove(s.capture.taken)
    side: Side
    if step < len(sol.line):
        side = sol.line[step].side
    else:
        side = sol.first if step == 0 else ("theirs" if sol.line[-1].side == "mine" else "mine")
    other_side = "theirs" if side == "mine" else "mine"
    options = capture_options(lines[side], lines[other_side])
    return ExplorerView("", sol.value, sol.line, step, tuple(lines["mine"]), tuple(lines["theirs"]), side, options)


def deal_lines(seed: int | None = None, size: int = 5) -> tuple[str, str]:
    """Two random lines of ``size`` cards from one shuffled standard deck, as text.

    Parameters:
        seed: the shuffle's seed (``None``: fresh entropy).
        size: cards per line.

    Returns:
        ``(mine, theirs)`` as card lists like ``"3,5,8,9,10"``.

    Examples:
        >>> deal_lines(1)
        ('3,5,8,9,10', '6,7,7,9,J')
    """
    rng = np.random.default_rng(seed)
    deck = rng.permutation(np.array(STANDARD_DECK))
    return (format_cards(sorted(int(x) for x in deck[:size])), format_cards(sorted(int(x) for x in deck[size:2 * size])))
