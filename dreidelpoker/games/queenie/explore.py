"""The pure functions behind the Queenie explorer widget ([`dreidelpoker.widgets.queenie`][dreidelpoker.widgets.queenie]).

[`deal_view`][dreidelpoker.games.queenie.explore.deal_view] deals a hand from a seed, estimates the first player's dummy decision
([`dummy_value`][dreidelpoker.games.queenie.bots.dummy_value]), plays the deal out with a line-up
of bots and returns a [`DealView`][dreidelpoker.games.queenie.explore.DealView] after ``step`` runs: every hand (or only one
seat's), the runs so far and, at the end, who won each pot. The widget only wires inputs
to it.

Examples:
    >>> v = deal_view(seed=3, players=4, samples=8)
    >>> v.error, len(v.hands), v.steps > 0
    ('', 4, True)
    >>> deal_view(seed=3, players=4, view="seat 1", samples=8).hands[1]
    'hidden'
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass


from ...errors import InputError
from ...validation import check_seed
from .bots import DummyValue, dummy_value
from .cards import card_from_name, hand_text
from .game import QueenieGame, new_game
from .play import PLAY
from .rules import QueenieRules
from ...sampler import Sampler

__all__ = ["DealView", "deal_view"]

_RUN_PART = re.compile(r"seat (\d+) ((?:[A2-9TJQK][CDSH] ?)+)")


@dataclass(frozen=True)
class DealView:
    """What the explorer shows (see [`deal_view`][dreidelpoker.games.queenie.explore.deal_view]).

    Attributes:
        error: a message for bad input (then the other fields are empty).
        seed, players, view: the inputs; ``view`` is ``"all"`` or ``"seat K"``.
        step: runs shown (clipped to ``steps``); steps: runs in the deal.
        hands: each seat's hand after ``step`` runs, or ``"hidden"``.
        dummy: the dummy as dealt, or ``"hidden"``.
        queen_card: the queen-pot card, or ``"hidden"`` (shown at the end or to ``"all"``).
        offers: what each seat did with the dummy offer.
        value: the first player's Monte Carlo keep/swap estimate (from their observation);
            ``None`` in another seat's view, which cannot know it.
        lines: the log lines of the runs so far.
        result: the pots' outcome (at the end), else "".
    """

    error: str = ""
    seed: int = 0
    players: int = 0
    view: str = "all"
    step: int = 0
    steps: int = 0
    hands: tuple[str, ...] = ()
    dummy: str = ""
    queen_card: str = ""
    offers: tuple[str, ...] = ()
    value: DummyValue | None = None
    lines: tuple[str, ...] = ()
    result: str = ""

    def to_html(self) -> str:
        """The view as an HTML fragment (escaped)."""
        if self.error:
            return f"<div class='dp-q-error'><b>error:</b> {html.escape(self.error)}</div>"
        e = html.escape
        rows = "".join(f"<tr><td>seat {i + 1}</td><td>{e(h)}</td></tr>" for i, h in enumerate(self.hands))
        parts = [
            f"<div><b>deal {self.seed}</b>, {self.players} players, seen by {e(self.view)}; "
            f"run {self.step} of {self.steps}</div>",
            f"<table>{rows}<tr><td>dummy</td><td>{e(self.dummy)}</td></tr>"
            f"<tr><td>queen-pot card</td><td>{e(self.queen_card)}</td></tr></table>",
        ]
        if self.value is not None:
            v = self.value
            parts.append(
                f"<div>seat 1's dummy decision ({v.samples} samples): keep — goes out {v.keep_out:.0%}, "
                f"{v.keep_chips:+.2f} chips; swap — goes out {v.swap_out:.0%}, {v.swap_chips:+.2f} chips: "
                f"<b>{v.best}</b></div>")
        parts.append("<div>" + "; ".join(e(o) for o in self.offers) + "</div>")
        parts.append("<ol>" + "".join(f"<li>{e(line)}</li>" for line in self.lines) + "</ol>")
        if self.result:
            parts.append(f"<div><b>{e(self.result)}</b></div>")
        return "".join(parts)


def _dealt(seed: int, rules: QueenieRules) -> QueenieGame:
    g = new_game(rules)
    return g.apply(g.sample_chance(Sampler(seed)))


def deal_view(seed: int = 1, players: int = 4, *, view: str = "all", step: int = 0, samples: int = 32,
              bots: str = "heuristic") -> DealView:
    """Deal ``seed`` for ``players``, play it with ``bots`` in every seat, and show it after ``step`` runs.

    Parameters:
        seed: the deal's seed (0 or more).
        players: 3 to 8.
        view: ``"all"`` (every hand, the dummy and the queen-pot card) or ``"seat K"``
            (only seat K's hand until the end).
        step: runs to show (clipped to the deal's runs).
        samples: Monte Carlo samples for the first player's dummy decision.
        bots: the bot every seat plays (a registered Queenie bot name).

    Returns:
        A [`DealView`][dreidelpoker.games.queenie.explore.DealView]; bad input gives a view whose ``error`` says what is wrong.
    """
    try:
        check_seed(seed)
        rules = QueenieRules(players=players)
        if bots not in PLAY.bots:
            raise InputError(f"bots: unknown bot {bots!r}; known: {', '.join(sorted(PLAY.bots))}")
        viewer = -1
        if view != "all":
            m = re.fullmatch(r"seat ([0-9]+)", view, re.ASCII)
            if not m or not 1 <= int(m.group(1)) <= players:
                raise InputError(f"view: 'all' or 'seat 1' .. 'seat {players}', got {view!r}")
            viewer = int(m.group(1)) - 1
    except ValueError as exc:
        return DealView(error=str(exc))
    dealt = _dealt(seed, rules)
    first = dealt.seat_at(1)
    # The keep/swap estimate is computed from the first player's hand: only their view (or the
    # view from above) may show it; any other seat cannot know it.
    value = (dummy_value(dealt.observation(first), samples=samples, rng=Sampler(seed))
             if viewer < 0 or viewer == first else None)
    bot = PLAY.bots[bots](rules)
    rng = Sampler(seed + 1)
    state = dealt
    while not state.is_terminal:
        seat = state.current_players[0]
        state = state.apply(bot(state.observation(seat), state.legal_actions(seat), rng))
    events = list(state.log)[len(dealt.log):]
    offers = tuple(e.text for e in events if e.kind in ("offer", "swap"))
    swapper = state.last_deal.swapper if state.last_deal is not None else -1
    play_events = [e for e in events if e.kind in ("run", "pass", "pot")]
    run_idx = [i for i, e in enumerate(play_events) if e.kind == "run"]
    steps = len(run_idx)
    step = max(0, min(int(step), steps))
    shown = play_events[: run_idx[step - 1] + 1] if step else []
    if step == steps:
        shown = play_events
    rk = rules.deck_ranks
    hands = [set(dealt.observation(s).hand) for s in range(players)]
    if swapper >= 0:
        hands[swapper] = {c for c in range(rules.deck_size) if dealt.dummy >> c & 1}
    for e in shown:
        if e.kind != "run":
            continue
        for seat_no, cards in _RUN_PART.findall(e.text):
            for name in cards.split():
                hands[int(seat_no) - 1].discard(card_from_name(name))
    over = step == steps
    texts = tuple(hand_text(sorted(h), rk) if viewer < 0 or viewer == s or over else "hidden"
                  for s, h in enumerate(hands))
    dummy = hand_text([c for c in range(rules.deck_size) if dealt.dummy >> c & 1], rk)
    queen = state.describe().splitlines()[-1].removeprefix("queen-pot card: ")
    result = " ".join(e.text + "." for e in play_events if e.kind == "pot") if over else ""
    return DealView(
        seed=seed, players=players, view=view, step=step, steps=steps, hands=texts,
        dummy=dummy if viewer < 0 or over else "hidden", queen_card=queen if viewer < 0 or over else "hidden",
        offers=offers, value=value, lines=tuple(e.text for e in shown if e.kind != "pot"), result=result,
    )
