"""The Two Dreidel table explorer: a thin [`Explorer`][dreidelpoker.widgets.Explorer] over
[`dreidelpoker.games.two_dreidel.odds.at_the_table.at_the_table`][dreidelpoker.games.two_dreidel.odds.at_the_table.at_the_table] (see [`table_report`][dreidelpoker.widgets.two_dreidel.table_report])."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from ..games.two_dreidel.odds.at_the_table import at_the_table
from ..games.two_dreidel.odds.equity import MAX_OPPONENTS
from ..games.two_dreidel.deck_cycle.policies import POLICIES
from ..games.two_dreidel.rulebook.rules import DECK_PRESETS, TwoDreidelRules
from ..errors import InputError
from .base import Explorer
from ..strict_numbers import parse_integer

__all__ = ["TwoDreidelExplorer", "VariantDesigner", "table_report", "two_dreidel_designer", "two_dreidel_explorer"]

#: Discard histories shown by default (hand 3 of a 1-5-5-1 game, all normal-best play).
DEFAULT_DISCARDS = ("GH,NN", "HH,HN", "HN,HH", "NN,HN", "HH,NN", "HN,NN", "NN,HH")
CUSTOM = "custom"
UNKNOWN_TOP = "(unknown)"


def _visible_pair(text: str) -> str:
    """Under "top two only" the screen may still hold a whole history: keep its last pair."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    return parts[-1] if parts else ""


def table_report(*, deck: str, drawn: str, top: str | None, discards: Sequence[str], public: str,
                 hand_number: int, they_keep: str, pot: int, your_stack: int, their_stacks: str) -> str:
    """The explorer's report as HTML: put-back equities, opponents' hands, the spin table.

    Arguments carry the words on the screen; bad input raises ``ValueError`` in those words.

    Parameters:
        deck: the deck ``g-h-n-s``.
        drawn: your three drawn cards.
        top: the card you put back last hand, or None when unknown.
        discards: each opponent's discarded pairs, oldest first (``?`` for a missed hand).
        public: ``"all"`` (whole discard piles public) or ``"top-two"``.
        hand_number: the current hand (used with ``"top-two"``).
        they_keep: the opponents' keep policy.
        pot: chips in the pot.
        your_stack: your chips.
        their_stacks: ``""`` (deep) or comma-separated chip counts.

    Returns:
        HTML.

    Raises:
        ValueError: for input the game cannot produce, in the explorer's words.

    Examples:
        >>> html = table_report(deck="1-5-5-1", drawn="GHN", top=None, discards=["GH,NN", "HH,HN"],
        ...                     public="top-two", hand_number=3, they_keep="normal-best", pot=4,
        ...                     your_stack=8, their_stacks="")
        >>> "best" in html and "top-two" in html
        True
    """
    stacks = None
    if their_stacks.strip():
        try:
            parts = [parse_integer(x) for x in their_stacks.split(",")]
        except ValueError:
            raise InputError(f"their stacks {their_stacks.strip()!r} must be whole numbers like 8,3") from None
        stacks = parts * len(discards) if len(parts) == 1 else parts
    if public == "top-two":
        seen = [_visible_pair(d) for d in discards]
        if hand_number < 2 and any(seen):
            raise InputError("at hand no. 1 nobody has discarded yet: raise the hand no. or clear the discards")
        if hand_number >= 2 and not all(seen):
            raise InputError("with top two only, give each opponent's last discarded pair, e.g. NN")
        if hand_number < 2:
            seen = ["" for _ in discards]
    else:
        seen = list(discards)
    try:
        rules = TwoDreidelRules(deck=deck)
    except ValueError as exc:
        raise InputError(f"deck: {exc}") from None
    report = at_the_table(
        rules=rules, cards=drawn, top=top, opponent_discards=seen, visibility=public,  # type: ignore[arg-type]
        hand_number=hand_number if public == "top-two" else None, policy=they_keep,
        pot=pot, hero_stack=your_stack, opponent_stacks=stacks,
    )
    return report.equity_html() + report.posteriors_html() + report.spin_html()


class TwoDreidelExplorer(Explorer):
    """The table explorer. Controls are attributes (``.drawn``, ``.discards[i]`` …) so that
    tests and users can drive it without a browser: set ``.value``, read ``.output.value``."""

    game = "two-dreidel"
    title = "Two Dreidel at the table"
    number_ranges = {"hand_number": (1, 999), "pot": (0, 10_000), "hero_stack": (0, 10_000)}

    def __init__(self, *, drawn: str = "GHN", opponents: int = 2, pot: int = 4, hero_stack: int = 8) -> None:
        self._init = dict(drawn=drawn, opponents=opponents, pot=pot, hero_stack=hero_stack)
        super().__init__()

    def build_controls(self) -> dict[str, w.Widget]:
        i = self._init
        self.deck = w.Dropdown(options=list(DECK_PRESETS) + [CUSTOM], value="1-5-5-1", description="deck")
        self.custom_deck = w.Text(value="1-5-5-1", description="g-h-n-s")
        self.drawn = w.Text(value=i["drawn"], description="you drew")
        self.top = w.Dropdown(options=[UNKNOWN_TOP, "G", "H", "N", "S"], value=UNKNOWN_TOP,
                              description="your top card")
        self.opponents = w.IntSlider(value=i["opponents"], min=1, max=MAX_OPPONENTS, description="opponents")
        self.visibility = w.ToggleButtons(options=[("whole discard pile", "all"), ("top two only", "top-two")],
                                          value="all", description="public")
        self.hand_number = w.IntText(value=3, description="hand no.")
        self.policy = w.Dropdown(options=list(POLICIES), value="normal-best", description="they keep")
        self.discards = [w.Text(value=DEFAULT_DISCARDS[k], description=f"opp. {k + 1}")
                         for k in range(MAX_OPPONENTS)]
        self.pot = w.IntText(value=i["pot"], description="pot")
        self.hero_stack = w.IntText(value=i["hero_stack"], description="your stack")
        self.opponent_stacks = w.Text(value="", placeholder="deep; or e.g. 8,3", description="their stacks")
        controls: dict[str, w.Widget] = {
            "deck": self.deck, "custom_deck": self.custom_deck, "drawn": self.drawn, "top": self.top,
            "opponents": self.opponents, "visibility": self.visibility, "hand_number": self.hand_number,
            "policy": self.policy,
        }
        controls.update({f"discard_{k + 1}": t for k, t in enumerate(self.discards)})
        controls.update({"pot": self.pot, "hero_stack": self.hero_stack, "opponent_stacks": self.opponent_stacks})
        return controls

    def update_layout(self) -> None:
        n = self.opponents.value
        for k, t in enumerate(self.discards):
            t.layout.display = None if k < n else "none"
        self.custom_deck.layout.display = None if self.deck.value == CUSTOM else "none"
        self.hand_number.layout.display = None if self.visibility.value == "top-two" else "none"

    def arguments(self) -> dict[str, Any]:
        """The keyword arguments of [`table_report`][dreidelpoker.widgets.two_dreidel.table_report] the controls describe."""
        n = self.opponents.value
        return dict(
            deck=self.custom_deck.value if self.deck.value == CUSTOM else self.deck.value,
            drawn=self.drawn.value,
            top=None if self.top.value == UNKNOWN_TOP else self.top.value,
            discards=[t.value for t in self.discards[:n]],
            public=self.visibility.value,
            hand_number=self.hand_number.value,
            they_keep=self.policy.value,
            pot=self.pot.value,
            your_stack=self.hero_stack.value,
            their_stacks=self.opponent_stacks.value,
        )

    def report(self, **arguments: Any) -> str:
        return table_report(**arguments)


def two_dreidel_explorer(*, drawn: str = "GHN", opponents: int = 2, pot: int = 4,
                         hero_stack: int = 8) -> TwoDreidelExplorer:
    """The table explorer: deck, your drawn cards, each opponent's visible discards, pot and
    stacks in; exact equity of each put-back choice, each opponent's hand posterior and the
    spin table out, live.

    Parameters:
        drawn: your three drawn cards.
        opponents: how many opponents (1 to 7).
        pot: chips in the pot.
        hero_stack: your chips.

    Returns:
        The explorer (display it as the last expression of a cell).

    Examples:
        >>> ex = two_dreidel_explorer()
        >>> "best" in ex.output.value
        True
        >>> ex.drawn.value = "GGG"
        >>> "holds only 1" in ex.status.value, ex.output.value
        (True, '')
    """
    return TwoDreidelExplorer(drawn=drawn, opponents=opponents, pot=pot, hero_stack=hero_stack)


class VariantDesigner(Explorer):
    """The Two Dreidel variant designer: deck g-h-n-s, draw / put back and players in;
    kept-hand odds, the deck cycle, trump frequency and exploitability out, and on request
    seeded whole games on the whole-game engine (from
    [`dreidelpoker.games.two_dreidel.designer.variant_report`][dreidelpoker.games.two_dreidel.designer.variant_report]).

    Examples:
        >>> d = VariantDesigner()
        >>> "a reshuffle every 5 hands" in d.output.value
        True
        >>> d.g.value = 0; d.h.value = 1; d.n.value = 1; d.s.value = 0
        >>> "at least 4" in d.status.value, d.output.value
        (True, '')
    """

    game = "two-dreidel"
    title = "Two Dreidel variant designer"

    def build_controls(self) -> dict[str, w.Widget]:
        self.g, self.h, self.n, self.s = (w.IntSlider(value=v, min=0, max=9, description=f"{name} cards")
                                          for v, name in zip((1, 5, 5, 1), ("Gimel", "Hey", "Nun", "Shin")))
        self.draw = w.IntSlider(value=3, min=2, max=5, description="draw")
        self.put_back = w.IntSlider(value=1, min=0, max=3, description="put back")
        self.players = w.IntSlider(value=2, min=2, max=8, description="players")
        self.exploitability = w.Checkbox(value=False, description="exploitability for decks over 16 cards (slow)")
        self.whole_games = w.IntSlider(value=0, min=0, max=200, step=20, description="whole games to play")
        return {"gimel": self.g, "hey": self.h, "nun": self.n, "shin": self.s, "draw": self.draw,
                "put_back": self.put_back, "players": self.players, "exploitability": self.exploitability,
                "whole_games": self.whole_games}

    def arguments(self) -> dict[str, Any]:
        return dict(deck=f"{self.g.value}-{self.h.value}-{self.n.value}-{self.s.value}", draw=self.draw.value,
                    put_back=self.put_back.value, players=self.players.value,
                    exploitability=True if self.exploitability.value else None, whole_games=self.whole_games.value)

    def report(self, **arguments: Any) -> str:
        from ..games.two_dreidel.designer import variant_report

        return variant_report(**arguments)._repr_html_()


def two_dreidel_designer() -> VariantDesigner:
    """The variant designer for the Two Dreidel family (display it as the last expression of a cell).

    Returns:
        The explorer.

    Examples:
        >>> "kept hands from a fresh deck" in two_dreidel_designer().output.value
        True
    """
    return VariantDesigner()
