"""The Two Dreidel table explorer: a thin ipywidgets layer over
:func:`dreidelpoker.games.two_dreidel.at_the_table.at_the_table`."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..games.two_dreidel.at_the_table import at_the_table
from ..games.two_dreidel.equity import MAX_OPPONENTS
from ..games.two_dreidel.policies import POLICIES
from ..games.two_dreidel.rules import DECK_PRESETS, TwoDreidelRules
from ..errors import InputError

__all__ = ["TwoDreidelExplorer", "two_dreidel_explorer"]

#: Discard histories shown by default (hand 3 of a 1-5-5-1 game, all normal-best play).
DEFAULT_DISCARDS = ("GH,NN", "HH,HN", "HN,HH", "NN,HN", "HH,NN", "HN,NN", "NN,HH")
CUSTOM = "custom"
_STYLE = """<style>
.dp-explorer table {border-collapse: collapse; margin: 0.3em 0 0.8em 0;}
.dp-explorer td, .dp-explorer th {padding: 2px 8px; text-align: right; vertical-align: top;}
.dp-explorer caption {text-align: left; font-weight: bold;}
</style>"""


class TwoDreidelExplorer(w.VBox):  # type: ignore[misc]
    """The explorer's widgets. Controls and output panes are attributes so that tests and
    users can drive it without a browser (set ``.value``, read ``.putback_html.value``)."""

    def __init__(self, *, drawn: str = "GHN", opponents: int = 2, pot: int = 4, hero_stack: int = 8) -> None:
        self.deck = w.Dropdown(options=list(DECK_PRESETS) + [CUSTOM], value="1-5-5-1", description="deck")
        self.custom_deck = w.Text(value="1-5-5-1", description="g-h-n-s", continuous_update=False)
        self.drawn = w.Text(value=drawn, description="you drew", continuous_update=False)
        self.top = w.Dropdown(options=["(unknown)", "G", "H", "N", "S"], value="(unknown)",
                              description="your top card")
        self.opponents = w.IntSlider(value=opponents, min=1, max=MAX_OPPONENTS, description="opponents")
        self.visibility = w.ToggleButtons(options=[("whole discard pile", "all"), ("top two only", "top-two")],
                                          value="all", description="public")
        self.hand_number = w.BoundedIntText(value=3, min=1, max=999, description="hand no.")
        self.policy = w.Dropdown(options=list(POLICIES), value="normal-best", description="they keep")
        self.discards = [
            w.Text(value=DEFAULT_DISCARDS[i], description=f"opp. {i + 1}", continuous_update=False)
            for i in range(MAX_OPPONENTS)
        ]
        self.pot = w.BoundedIntText(value=pot, min=0, max=10_000, description="pot")
        self.hero_stack = w.BoundedIntText(value=hero_stack, min=0, max=10_000, description="your stack")
        self.opponent_stacks = w.Text(value="", placeholder="deep; or e.g. 8,3", description="their stacks",
                                      continuous_update=False)
        self.status = w.HTML(value="")
        self.putback_html = w.HTML(value="")
        self.posteriors_html = w.HTML(value="")
        self.spin_html = w.HTML(value="")
        for widget, cls in ((self.drawn, "dp-drawn"), (self.opponents, "dp-opponents"),
                            (self.putback_html, "dp-putback-out"), (self.spin_html, "dp-spin-out"),
                            (self.posteriors_html, "dp-posteriors-out"), (self.status, "dp-status"),
                            (self.pot, "dp-pot")):
            widget.add_class(cls)
        for i, t in enumerate(self.discards):
            t.add_class(f"dp-discard-{i + 1}")
        controls = [self.deck, self.custom_deck, self.drawn, self.top, self.opponents, self.visibility,
                    self.hand_number, self.policy, *self.discards, self.pot, self.hero_stack, self.opponent_stacks]
        for c in controls:
            c.observe(self._changed, names="value")
        style = {"description_width": "initial"}
        for c in controls:
            if hasattr(c, "style") and hasattr(c.style, "description_width"):
                c.style = style
        left = w.VBox([self.deck, self.custom_deck, self.drawn, self.top, self.opponents, self.visibility,
                       self.hand_number, self.policy, *self.discards, self.pot, self.hero_stack,
                       self.opponent_stacks])
        right = w.VBox([w.HTML(_STYLE), self.status, self.putback_html, self.posteriors_html, self.spin_html])
        super().__init__([w.HBox([left, right])])
        self.add_class("dp-explorer")
        self.refresh()

    # -- wiring --------------------------------------------------------------------------
    def _changed(self, _change: Any) -> None:
        self.refresh()

    def _layout(self) -> None:
        n = self.opponents.value
        for i, t in enumerate(self.discards):
            t.layout.display = None if i < n else "none"
        self.custom_deck.layout.display = None if self.deck.value == CUSTOM else "none"
        self.hand_number.layout.display = None if self.visibility.value == "top-two" else "none"

    def refresh(self) -> None:
        """Recompute everything from the controls (called on every change)."""
        self._layout()
        try:
            report = at_the_table(**self.arguments())
        except (ValueError, TypeError) as exc:
            self.status.value = f"<p style='color:#b00' class='dp-error'>{html.escape(str(exc))}</p>"
            return
        self.status.value = ""
        self.putback_html.value = report.equity_html()
        self.posteriors_html.value = report.posteriors_html()
        self.spin_html.value = report.spin_html()

    def arguments(self) -> dict[str, Any]:
        """The keyword arguments of ``at_the_table`` the controls describe."""
        deck = self.custom_deck.value if self.deck.value == CUSTOM else self.deck.value
        n = self.opponents.value
        vis = self.visibility.value
        stacks_text = self.opponent_stacks.value.strip()
        stacks = None
        if stacks_text:
            try:
                parts = [int(x) for x in stacks_text.split(",")]
            except ValueError:
                raise InputError(f"their stacks {stacks_text!r} must be whole numbers like 8,3") from None
            stacks = parts * n if len(parts) == 1 else parts
        return dict(
            rules=TwoDreidelRules(deck=deck),
            cards=self.drawn.value,
            top=None if self.top.value == "(unknown)" else self.top.value,
            opponent_discards=[t.value for t in self.discards[:n]],
            visibility=vis,
            hand_number=self.hand_number.value if vis == "top-two" else None,
            policy=self.policy.value,
            pot=self.pot.value,
            hero_stack=self.hero_stack.value,
            opponent_stacks=stacks,
        )


def two_dreidel_explorer(*, drawn: str = "GHN", opponents: int = 2, pot: int = 4,
                         hero_stack: int = 8) -> TwoDreidelExplorer:
    """The table explorer: deck, your drawn cards, each opponent's visible discards, pot and
    stacks in; exact equity of each put-back choice, each opponent's hand posterior and the
    spin table out, live.

    Examples:
        >>> ex = two_dreidel_explorer()
        >>> "best" in ex.putback_html.value
        True
        >>> ex.drawn.value = "GGG"
        >>> "holds only 1" in ex.status.value
        True
    """
    return TwoDreidelExplorer(drawn=drawn, opponents=opponents, pot=pot, hero_stack=hero_stack)
