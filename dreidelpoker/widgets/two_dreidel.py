"""The Two Dreidel table explorer: a thin [`Explorer`][dreidelpoker.widgets.Explorer] over
[`dreidelpoker.games.two_dreidel.odds.at_the_table.at_the_table`][dreidelpoker.games.two_dreidel.odds.at_the_table.at_the_table] (see [`table_report`][dreidelpoker.widgets.two_dreidel.table_report])."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from ..games.two_dreidel.odds.at_the_table import at_the_table
from ..games.two_dreidel.odds.equity import MAX_OPPONENTS
from ..games.two_dreidel.deck_cycle.policies import POLICIES
from ..games.two_dreidel.rulebook.rules import DECK_PRESETS, TwoDreidelRules, parse_deck
from ..errors import InputError
from .base import Explorer, error_html
from ..strict_numbers import parse_integer
from ..validation import check_count

__all__ = ["TwoDreidelExplorer", "VariantDesigner", "search_report", "table_report", "two_dreidel_designer",
           "two_dreidel_explorer"]

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


#: The author's three aims as the designer's default targets (the stored full run uses them).
DEFAULT_TARGETS = ("hands:median in 8..25", "all_in_rate >= 0.25", "skill_gap >= 0.1")


def search_report(rules: TwoDreidelRules, *, targets: str, maximize: str, players: int, trials: int,
                  games: int, storage: str = "", seed: int = 0, stored: bool = False) -> str:
    """Pure: the HTML of a small variant search from ``rules``, or of a stored one (the designer's
    search panel; every number comes from [`search`][dreidelpoker.play.search]).

    Parameters:
        rules: the base rules: the deck and chips are searched, every other field is held.
        targets: the targets, one per line (``MEASURE >= X``, ``MEASURE <= X``, ``MEASURE in A..B``).
        maximize: measures to maximise, comma-separated (may be empty).
        players: players at the table (2 to 8).
        trials: trials to run (1 to 30 here; the CLI runs more).
        games: games per trial and line-up (20 to 400 here).
        storage: a SQLite file to keep the trials in (continued when it holds this search),
            or empty for a search held in memory.
        seed: the search's seed.
        stored: show a stored search instead of running one: the file ``storage``, searched with
            these targets, or when ``storage`` is empty the library's stored full run for the
            author's three aims
            ([`stored_search`][dreidelpoker.play.stored_search]).

    Returns:
        The search's table and proposal as HTML.

    Raises:
        InputError: a target, measure or count the search refuses (its own message).

    Examples:
        >>> html = search_report(TwoDreidelRules(), targets="all_in_rate >= 0.25", maximize="",
        ...                      players=2, trials=1, games=20)
        >>> "Variant search of two-dreidel" in html and "Of 1 variants played" in html
        True
    """
    from ..play import load_search, search, stored_search

    wanted = [t.strip() for t in targets.splitlines() if t.strip()]
    best = [m.strip() for m in maximize.split(",") if m.strip()]
    plan: dict[str, Any] = dict(targets=wanted, maximize=best, players=players, games=games, seed=seed,
                                **_held_fields(rules))
    if stored:
        found = stored_search() if not storage.strip() else load_search(storage.strip(), rules=rules,
                                                                                reevaluate=1, **plan)
        return str(found._repr_html_())
    for name, value, low, high in (("trials", trials, 1, 30), ("games", games, 20, 400)):
        check_count(value, name, low=low, high=high, hint="the panel's bound; the CLI's design command runs more")
    result = search(rules, **plan, trials=trials, storage=storage.strip() or None, reevaluate=1,
                    reevaluate_games=2 * games, progress=False)
    return result._repr_html_()


def _held_fields(rules: TwoDreidelRules) -> dict[str, Any]:
    """The search's ``fixed`` and ``choices``: every searched field of ``rules`` except the deck
    and the chips, held at its value in ``rules`` (fields set together keep their one option)."""
    fixed: dict[str, Any] = {}
    choices: dict[str, list[str]] = {}
    for dim in rules.searchable().dimensions:
        if dim.fields in (("deck",), ("chips_per_player",)):
            continue
        if len(dim.fields) == 1:
            fixed[dim.fields[0]] = getattr(rules, dim.fields[0])
        else:
            choices["/".join(dim.fields)] = ["/".join(str(getattr(rules, f)) for f in dim.fields)]
    return {"fixed": fixed, "choices": choices}


class VariantDesigner(Explorer):
    """The Two Dreidel variant designer: one slider per symbol's card count, draw / put back
    and players in; kept-hand odds, the deck cycle, trump frequency and exploitability out, and
    on request seeded whole games on the whole-game engine (from
    `dreidelpoker.games.two_dreidel.designer.variant_report`).

    Below it, a search panel runs a small variant search from the shown variant (targets in the
    designer's words, `search_report`) or shows
    a stored one; it runs only when a button is pressed.

    Parameters:
        rules: the variant the sliders start from (any member of the family: one slider per
            symbol); its other fields are kept.

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

    def __init__(self, rules: TwoDreidelRules | None = None) -> None:
        rules = rules if rules is not None else TwoDreidelRules()
        if not isinstance(rules, TwoDreidelRules):
            raise InputError(f"rules: expected TwoDreidelRules, got {type(rules).__name__}")
        self.rules = rules
        super().__init__()
        self._build_search_panel()

    def build_controls(self) -> dict[str, w.Widget]:
        r = self.rules
        self.counts = [w.IntSlider(value=v, min=0, max=max(9, v), description=f"{name} cards")
                       for v, name in zip(parse_deck(r.deck, r.symbols), r.symbol_names)]
        if len(self.counts) == 4:  # the dreidel's own symbols: short names for the four sliders
            self.g, self.h, self.n, self.s = self.counts
        self.draw = w.IntSlider(value=r.draw, min=2, max=max(5, r.draw), description="draw")
        self.put_back = w.IntSlider(value=r.put_back, min=0, max=max(3, r.put_back), description="put back")
        self.players = w.IntSlider(value=2, min=2, max=8, description="players")
        self.exploitability = w.Checkbox(value=False, description="exploitability for decks over 16 cards (slow)")
        self.whole_games = w.IntSlider(value=0, min=0, max=200, step=20, description="whole games to play")
        controls: dict[str, w.Widget] = {f"count_{sym}": c for sym, c in zip(r.symbols, self.counts)}
        controls.update({"draw": self.draw, "put_back": self.put_back, "players": self.players,
                         "exploitability": self.exploitability, "whole_games": self.whole_games})
        return controls

    def shown_rules(self) -> TwoDreidelRules:
        """The rules the sliders show (the start rules with this deck, draw and put-back).

        Raises:
            InputError: a deck, draw or put-back the rules refuse.
        """
        return dataclasses.replace(self.rules, deck="-".join(str(c.value) for c in self.counts),
                                   draw=self.draw.value, put_back=self.put_back.value)

    def arguments(self) -> dict[str, Any]:
        return dict(deck="-".join(str(c.value) for c in self.counts), draw=self.draw.value,
                    put_back=self.put_back.value, players=self.players.value,
                    exploitability=True if self.exploitability.value else None, whole_games=self.whole_games.value)

    def report(self, **arguments: Any) -> str:
        from ..games.two_dreidel.designer import variant_report

        return variant_report(self.rules, **arguments)._repr_html_()

    # -- the search panel: runs on a button, never on a slider move --------------------------
    def _build_search_panel(self) -> None:
        self.search_targets = w.Textarea(value="\n".join(DEFAULT_TARGETS), description="targets",
                                         layout=w.Layout(width="100%", height="5.5em"))
        self.search_maximize = w.Text(value="skill_gap", description="maximise")
        self.search_trials = w.IntSlider(value=6, min=1, max=30, description="trials")
        self.search_games = w.IntSlider(value=60, min=20, max=400, step=20, description="games per trial")
        self.search_storage = w.Text(value="", placeholder="in memory; or e.g. design.db", description="storage")
        self.run_search = w.Button(description="Run search", button_style="primary")
        self.show_stored = w.Button(description="Show stored search")
        self.search_status = w.HTML(value="<p class='dp-caption'>Searches the deck and the chips from the "
                                          "variant above (players from the slider); press a button.</p>")
        self.search_output = w.HTML(value="")
        self.run_search.on_click(lambda _b: self.search(stored=False))
        self.show_stored.on_click(lambda _b: self.search(stored=True))
        for c in (self.search_maximize, self.search_storage, self.search_targets):
            c.style.description_width = "initial"
        panel = w.VBox([w.HTML("<h4>Search the deck and chips for targets</h4>"), self.search_targets,
                        self.search_maximize, self.search_trials, self.search_games, self.search_storage,
                        w.HBox([self.run_search, self.show_stored]), self.search_status, self.search_output],
                       layout=w.Layout(width="100%"))
        panel.add_class("dp-explorer")
        self.widget = w.VBox([self.widget, panel], layout=w.Layout(width="100%"))

    def search(self, *, stored: bool = False) -> None:
        """Run the search panel's search (or show the stored one) into ``search_output``.

        Parameters:
            stored: show a stored search instead of running one.
        """
        self.search_output.value = ""
        self.search_status.value = "<p class='dp-computing'>" + ("Reading the stored search …" if stored else
                                   f"Searching: {self.search_trials.value} trials of {self.search_games.value} "
                                   "games each …") + "</p>"
        try:
            body = search_report(self.shown_rules(), targets=self.search_targets.value,
                                 maximize=self.search_maximize.value, players=self.players.value,
                                 trials=self.search_trials.value, games=self.search_games.value,
                                 storage=self.search_storage.value, stored=stored)
        except (ValueError, TypeError) as exc:
            self.search_status.value = error_html(str(exc))
            return
        self.search_status.value = ""
        self.search_output.value = body


def two_dreidel_designer(rules: TwoDreidelRules | None = None) -> VariantDesigner:
    """The variant designer for the Two Dreidel family (display it as the last expression of a cell).

    Parameters:
        rules: the variant to start from (default: the standard rules); any member of the
            family, one slider per symbol.

    Returns:
        The designer: the variant's exact numbers live, and a search panel that runs a small
        variant search or shows a stored one.

    Raises:
        InputError: ``rules`` is not a Two Dreidel rules object.

    Examples:
        >>> d = two_dreidel_designer(TwoDreidelRules(deck="2-6-6-2"))
        >>> "kept hands from a fresh deck" in d.output.value
        True
        >>> d.search_trials.value = 1; d.search_games.value = 20
        >>> d.search_targets.value = "all_in_rate >= 0.25"; d.search_maximize.value = ""
        >>> d.run_search.click()
        >>> "Of 1 variants played" in d.search_output.value
        True
    """
    return VariantDesigner(rules)
