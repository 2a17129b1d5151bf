"""One base for every explorer: controls in, a pure report function, HTML out.

An explorer subclass declares its controls and a *pure* report function (keyword
arguments in, an HTML string out, `ValueError` with words from the screen for bad
input). [`Explorer`][dreidelpoker.widgets.Explorer] does the rest the same way for every game:

* text boxes recompute on Enter or when they lose focus, never on every keystroke;
* an error replaces the results (stale numbers never sit beside it);
* while a report is computed the old results are greyed out under a "computing" line, and
  every result sits under a caption naming the inputs it belongs to;
* the controls column is never narrower than its labels;
* displayed in Jupyter or Voilà it is a live widget; where no kernel runs (the static docs
  site, nbconvert, GitHub) the same output shows a static snapshot of the report for the
  default inputs, with a note and the one-line command that launches it live
  (``dreidelpoker explore GAME``).

Every number an explorer shows therefore comes from a function tested without widgets.
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import ipywidgets as w

from ..display import TABLE_CSS
from ..errors import InputError

__all__ = ["Explorer", "error_html", "explore_command"]

#: The CSS every explorer page shares (one copy, so the explorers look alike).
EXPLORER_STYLE = (
    "<style>" + TABLE_CSS
    + ".dp-explorer .dp-error{color:#b00;font-weight:bold}"
    ".dp-explorer .widget-label{min-width:9em}"
    ".dp-explorer .dp-busy{opacity:.35;pointer-events:none;transition:opacity .1s}"
    ".dp-explorer .dp-computing{color:#555;font-style:italic}"
    ".dp-explorer .dp-caption{color:#555;font-size:.9em;margin:.2em 0}"
    "</style>"
)


def error_html(message: str) -> str:
    """The explorer's error paragraph (escaped).

    Parameters:
        message: the error in the explorer's words.

    Returns:
        An HTML paragraph.

    Examples:
        >>> error_html("pick 3 dice <1-6>")
        "<p class='dp-error'>pick 3 dice &lt;1-6&gt;</p>"
    """
    return f"<p class='dp-error'>{html.escape(message, quote=False)}</p>"


def explore_command(game: str) -> str:
    """The shell command that opens ``game``'s explorer live in Voilà.

    Parameters:
        game: the game's registered name.

    Returns:
        The command line.

    Examples:
        >>> explore_command("dice-poker")
        'dreidelpoker explore dice-poker'
    """
    return f"dreidelpoker explore {game}"


class Explorer:
    """Base class of the explorers.

    Subclasses set `game` (the registry name) and `title`, build their
    controls in [`build_controls`][dreidelpoker.widgets.Explorer.build_controls] (a name -> widget mapping, in display order), and
    implement [`report`][dreidelpoker.widgets.Explorer.report] (pure: keyword arguments -> HTML). [`arguments`][dreidelpoker.widgets.Explorer.arguments] maps the
    controls' values to the report's arguments (by default ``{name: widget.value}``).

    Attributes:
        controls: the input widgets by name (tests set ``.value`` on them).
        output: the ``HTML`` widget holding the report (empty while there is an error).
        status: the ``HTML`` widget holding the error, if any, or the "computing" line.
        caption: the ``HTML`` widget naming the inputs the shown results belong to.
        widget: the box to display.

    Examples:
        >>> import ipywidgets as w
        >>> class Doubler(Explorer):
        ...     def build_controls(self):
        ...         return {"x": w.IntText(value=2, description="x")}
        ...     def report(self, x):
        ...         return f"<p>{2 * x}</p>"
        >>> ex = Doubler()
        >>> ex.output.value
        '<p>4</p>'
        >>> ex.controls["x"].value = 5
        >>> ex.output.value, ex.caption.value
        ('<p>10</p>', "<p class='dp-caption'>For x 5:</p>")
    """

    game: ClassVar[str] = ""
    title: ClassVar[str] = ""
    #: Whole-number boxes and the range each allows: a value outside it gets a message saying
    #: so (the box never clamps it silently).
    number_ranges: ClassVar[Mapping[str, tuple[int, int]]] = {}
    #: Width of the controls column (CSS); wide enough for every label at 1024 px and up.
    controls_width: ClassVar[str] = "340px"

    def __init__(self) -> None:
        self._held = 0
        self.controls: dict[str, w.Widget] = dict(self.build_controls())
        self.output = w.HTML(value="")
        self.status = w.HTML(value="")
        self.caption = w.HTML(value="")
        self.output.add_class("dp-output")
        self.caption.add_class("dp-caption-box")
        self.status.add_class("dp-status")
        for name, c in self.controls.items():
            if isinstance(c, (w.Text, w.Textarea, w.IntText, w.BoundedIntText, w.FloatText)):
                c.continuous_update = False  # Enter or blur, not every keystroke
            if hasattr(c, "style") and hasattr(c.style, "description_width"):
                c.style.description_width = "initial"
            c.add_class(f"dp-{name.replace('_', '-')}")
            c.observe(self._changed, names="value")
        self.widget = self.build_layout()
        self.widget.add_class("dp-explorer")
        if self.game:  # e.g. dp-game-dice-poker: a page showing several explorers tells them apart
            self.widget.add_class(f"dp-game-{self.game}")
        self.refresh()

    # -- for subclasses ----------------------------------------------------------------
    def build_controls(self) -> Mapping[str, w.Widget]:
        """The input widgets, by name, in display order."""
        raise NotImplementedError

    def report(self, **arguments: Any) -> str:
        """Pure: the HTML report for these arguments; ``ValueError`` for bad input."""
        raise NotImplementedError

    def arguments(self) -> dict[str, Any]:
        """The report's keyword arguments from the controls (default: each control's value)."""
        return {name: c.value for name, c in self.controls.items()}

    def build_layout(self) -> w.Box:
        """Controls on the left (never clipped), results on the right; wraps on narrow screens."""
        left = w.VBox(list(self.visible_controls()),
                      layout=w.Layout(min_width=self.controls_width, flex="0 0 auto", margin="0 1em 0 0"))
        right = w.VBox([w.HTML(EXPLORER_STYLE), self.status, self.caption, self.output],
                       layout=w.Layout(flex="1 1 400px", min_width="0", overflow="auto"))
        return w.HBox([left, right], layout=w.Layout(flex_flow="row wrap", width="100%"))

    def visible_controls(self) -> list[w.Widget]:
        """The widgets shown in the controls column (default: every control)."""
        return list(self.controls.values())

    def update_layout(self) -> None:
        """Show or hide controls before each refresh (default: nothing)."""

    # -- wiring ------------------------------------------------------------------------
    def _changed(self, _change: Any) -> None:
        if not self._held:
            self.refresh()

    @contextlib.contextmanager
    def hold(self, *, refresh: bool = True) -> Iterator[None]:
        """Change several controls at once: no refresh per change, one at the end.

        Parameters:
            refresh: refresh once when the block ends (``False``: the caller is inside a
                refresh already, e.g. clamping a slider to the new result).

        Examples:
            >>> from dreidelpoker.widgets.classic_dreidel import ClassicDreidelExplorer
            >>> ex = ClassicDreidelExplorer(players=2, coins=1)
            >>> with ex.hold():
            ...     ex.players.value = 3
            ...     ex.coins.value = 2
            >>> "seat 3" in ex.output.value
            True
        """
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
        if refresh and not self._held:
            self.refresh()

    def describe_inputs(self) -> str:
        """The inputs the report is computed for, as the controls show them (for the caption)."""
        parts = []
        for name, c in self.controls.items():
            if getattr(c, "layout", None) is not None and c.layout.display == "none":
                continue
            label = str(getattr(c, "description", "") or name.replace("_", " ")).rstrip(":")
            value = getattr(c, "value", "")
            if isinstance(value, (list, tuple)):
                value = ", ".join(map(str, value)) or "none"
            parts.append(f"{label} {value}")
        return ", ".join(parts)

    def check_ranges(self) -> None:
        """Refuse a number box's value outside its range (`number_ranges`), naming the box.

        Raises:
            ValueError: the value and what is allowed.
        """
        for name, (low, high) in self.number_ranges.items():
            control = self.controls[name]
            value = control.value
            if not low <= value <= high:
                label = str(getattr(control, "description", "") or name).rstrip(":")
                raise InputError(f"{label} must be from {low:,} to {high:,}; got {value:,}")

    def refresh(self) -> None:
        """Recompute the report from the controls; an error clears the results.

        While it computes, the shown results are greyed out and the status line says what is
        being computed (a slow report never leaves the old deck's numbers looking current).
        """
        self.update_layout()
        inputs = html.escape(self.describe_inputs(), quote=False)
        self.output.add_class("dp-busy")
        self.caption.add_class("dp-busy")
        self.status.value = f"<p class='dp-computing'>Computing for {inputs} …</p>"
        try:
            self.check_ranges()
            body = self.report(**self.arguments())
        except (ValueError, TypeError) as exc:
            self.output.value = ""
            self.caption.value = ""
            self.status.value = error_html(str(exc))
        else:
            self.status.value = ""
            self.caption.value = f"<p class='dp-caption'>For {inputs}:</p>"
            self.output.value = body
        finally:
            # Only once the new results (or the error) are in place: the browser applies these
            # changes in order, so the old results are never shown ungreyed under "Computing".
            self.output.remove_class("dp-busy")
            self.caption.remove_class("dp-busy")

    # -- display -----------------------------------------------------------------------
    def snapshot_html(self) -> str:
        """Static HTML of the current report with a note on how to run it live."""
        cmd = explore_command(self.game) if self.game else "jupyter lab"
        note = (
            "<div class='dp-explorer-note'><b>Static snapshot.</b> This explorer needs a running Python "
            "kernel: run this notebook in Jupyter or Voilà to use the explorer, or launch it with "
            f"<code>{html.escape(cmd)}</code>.</div>"
        )
        return (f"<div class='dp-explorer-static'>{note}{EXPLORER_STYLE}{self.status.value}"
                f"{self.caption.value}{self.output.value}</div>")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = self.widget._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/html"] = self.snapshot_html()
        return bundle

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.title or self.game})"


