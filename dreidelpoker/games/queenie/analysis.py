"""Queenie's claims, measured: tables built from seeded simulations, every figure with its interval.

* [`speed_table`][dreidelpoker.games.queenie.analysis.speed_table] — cards, runs and turns per deal against the number of players.
* [`pot_table`][dreidelpoker.games.queenie.analysis.pot_table] — how often each pot carries over, and how big the pots grow in a session.
* [`skill_table`][dreidelpoker.games.queenie.analysis.skill_table] — each bot in seat 1 against ``random`` bots, the button going round
  (a session of one orbit per game), against the all-``random`` baseline.
* [`seat_table`][dreidelpoker.games.queenie.analysis.seat_table] — the spread between the best and the worst seat with the button fixed.
* [`swap_study`][dreidelpoker.games.queenie.analysis.swap_study] — the first player's hand score against their chance of going out
  when they keep and when they take the dummy (the same deal played both ways).

Shares of deals (blocked, carried over, won) carry a Wilson interval over all the deals
played; averages (cards, chips, pot sizes) a normal interval over the sessions.

Bigger runs: ``dreidelpoker sweep queenie --players 3-8 --bots heuristic,random* --games 20000 --workers 2``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from ...play import Estimate, simulate
from ...play.stats import mean_estimate, proportion_estimate
from .bots import hand_score, never_swap_bot
from .exact import play_dealt
from .game import new_game, tables
from .rules import QueenieRules
from ...errors import InputError
from ...validation import check_arguments, check_seed, default_rules

__all__ = ["pot_table", "seat_table", "skill_table", "speed_table", "swap_study"]

PLAYERS = tuple(range(3, 9))
SKILL_BOTS = ("never-swap", "always-swap", "heuristic", "lookahead", "random")


def _row_estimates(res: Any, names: Sequence[str]) -> dict[str, Estimate]:
    return {n: res.estimate(n) for n in names}


def _deal_share(res: Any, name: str) -> Estimate:
    """A share-of-deals metric (``blocked``, ``out_wins_seat1`` ...) over every deal of a run,
    with its Wilson interval (never below 0 or above 1, unlike a normal interval over a few
    sessions). Deals are independent when the bots ignore the pots, as all but ``lookahead``
    do; for ``lookahead`` the interval is approximate."""
    deals = [rec.rounds for rec in res.records]
    hits = sum(v * d for v, d in zip(res.metric_values(name), deals))
    return proportion_estimate(round(hits), sum(deals), seed=res.seed)


@check_arguments
def speed_table(*, players: Sequence[int] = PLAYERS, deals: int = 300, seed: int = 1,
                bots: str = "random", rules: QueenieRules | None = None) -> list[dict[str, Any]]:
    """Cards played, runs and turns per deal, cards per player and blocked deals, by player count.

    Parameters:
        players: player counts (3..8).
        deals: deals per player count.
        seed: root seed.
        bots: the bot every seat plays.
        rules: base rules (default: the [Queenie rules][rules-4]).

    Returns:
        One row per player count: ``players`` and ``cards``, ``runs``, ``turns``,
        ``cards_per_player`` and ``blocked`` (the share of deals nobody went out),
        [`Estimate`][dreidelpoker.play.Estimate].

    Examples:
        >>> row = speed_table(players=[4], deals=20)[0]
        >>> row["players"], row["cards"].samples
        (4, 20)
    """
    base = default_rules(rules, QueenieRules)
    rows = []
    for p in players:
        res = simulate(replace(base, players=p), [bots] * p, games=deals, seed=seed, progress=False)
        row: dict[str, Any] = {"players": p, **_row_estimates(res, ("cards", "runs", "turns")),
                               "blocked": _deal_share(res, "blocked")}
        row["cards_per_player"] = mean_estimate([c / p for c in res.metric_values("cards")], seed=seed)
        rows.append(row)
    return rows


@check_arguments
def pot_table(*, players: Sequence[int] = PLAYERS, sessions: int = 20, session_deals: int = 20, seed: int = 1,
              bots: str = "random") -> list[dict[str, Any]]:
    """Carry-overs and pot sizes over sessions of ``session_deals`` deals.

    Parameters:
        players: the player counts.
        sessions: sessions per player count.
        session_deals: deals per session.
        seed: the seed.
        bots: the bot every seat plays.

    Returns:
        One row per player count: shares of deals ``blocked``, ``out_carried``,
        ``queen_carried`` and ``queen_dead``, and ``max_out_pot`` / ``max_queen_pot``
        (the largest pots of a session, in antes), all [`Estimate`][dreidelpoker.play.Estimate].

    Examples:
        >>> row = pot_table(players=[3], sessions=3, session_deals=4)[0]
        >>> row["max_queen_pot"].value >= 1  # in antes: at least one deal's antes
        True
    """
    rows = []
    for p in players:
        r = QueenieRules(players=p, session_deals=session_deals)
        res = simulate(r, [bots] * p, games=sessions, seed=seed, progress=False)
        row: dict[str, Any] = {"players": p}
        row.update({k: _deal_share(res, k) for k in ("blocked", "out_carried", "queen_carried", "queen_dead")})
        for k in ("max_out_pot", "max_queen_pot"):
            row[k] = mean_estimate([v / p for v in res.metric_values(k)], seed=seed)
        rows.append(row)
    return rows


@check_arguments
def skill_table(*, players: Sequence[int] = PLAYERS, bots: Sequence[str] = SKILL_BOTS, orbits: int = 40,
                seed: int = 1) -> list[dict[str, Any]]:
    """Each bot in seat 1 against ``random`` bots, with the button going round.

    One game is a session of one orbit (``players`` deals), so every seat deals once.

    Parameters:
        players: the player counts.
        bots: the bots tried in seat 1.
        orbits: sessions (one orbit each) per row.
        seed: the seed.

    Returns:
        One row per (players, bot): ``out_win`` (share of deals seat 1 went out) and
        ``queen_win``, [`Estimate`][dreidelpoker.play.Estimate] over the deals, and ``chips``
        (chips per deal) over the sessions; ``fair_share`` is ``1 / players``.

    Examples:
        >>> rows = skill_table(players=[3], bots=["never-swap"], orbits=4)
        >>> rows[0]["bot"], rows[0]["out_win"].samples  # 4 orbits of 3 deals
        ('never-swap', 12)
    """
    rows = []
    for p in players:
        for b in bots:
            lineup = [b] + ["random"] * (p - 1)
            res = simulate(QueenieRules(players=p, session_deals=p), lineup, games=orbits, seed=seed, progress=False)
            rows.append({
                "players": p, "bot": b, "fair_share": 1 / p,
                "out_win": _deal_share(res, "out_wins_seat1"), "queen_win": _deal_share(res, "queen_wins_seat1"),
                "chips": res.estimate("chips_per_deal_seat1"),
            })
    return rows


@check_arguments
def seat_table(*, players: Sequence[int] = PLAYERS, deals: int = 400, seed: int = 1,
               bots: str = "random") -> list[dict[str, Any]]:
    """How much the seat matters with the button fixed (seat 1 first, the last seat deals).

    Parameters:
        players: the player counts.
        deals: deals per player count.
        seed: the seed.
        bots: the bot every seat plays.

    Returns:
        One row per player count: ``out_win`` (one [`Estimate`][dreidelpoker.play.Estimate] per seat),
        ``best`` / ``worst`` seat numbers and ``spread`` (best minus worst share).

    Examples:
        >>> row = seat_table(players=[3], deals=30)[0]
        >>> len(row["out_win"]), row["spread"] >= 0
        (3, True)
    """
    rows = []
    for p in players:
        res = simulate(QueenieRules(players=p), [bots] * p, games=deals, seed=seed, progress=False)
        wins = [_deal_share(res, f"out_wins_seat{i + 1}") for i in range(p)]
        values = [w.value for w in wins]
        rows.append({"players": p, "out_win": wins, "best": int(np.argmax(values)) + 1,
                     "worst": int(np.argmin(values)) + 1, "spread": max(values) - min(values)})
    return rows


@check_arguments
def swap_study(rules: QueenieRules | None = None, *, deals: int = 400, seed: int = 1,
               bins: Sequence[float] = (-np.inf, -2.0, -1.0, 0.0, 1.0, 2.0, np.inf)) -> list[dict[str, Any]]:
    """The first player's hand score against their chance of going out, keeping or swapping.

    Every deal is played twice from the same cards: once the first player keeps, once
    they take the dummy (free); everyone else keeps, and every lead is the rule-based
    one. The difference is what the swap is worth for hands of that score.

    Parameters:
        rules: the rules (default [Queenie rules][rules-4]; the queen-pot card must come from the deck).
        deals: the number of deals.
        seed: the seed.
        bins: the hand-score bin edges.

    Returns:
        One row per score bin with deals in it: ``score`` (the bin as text), ``deals``,
        ``keep`` and ``swap`` ([`Estimate`][dreidelpoker.play.Estimate] of going out) and ``gain``
        (swap minus keep).

    Raises:
        ValueError: rules whose queen-pot card does not come from the deck, a negative seed, or
            bin edges that do not increase.

    Examples:
        >>> rows = swap_study(QueenieRules(players=4), deals=20)
        >>> sum(r["deals"] for r in rows)
        20
    """
    r = replace(default_rules(rules, QueenieRules), session_deals=1)
    if r.queen_card != "deck":
        raise InputError("rules: swap_study deals the queen-pot card from the deck (queen_card='deck')")
    seed = check_seed(seed)
    if len(bins) < 2 or any(not a < b for a, b in zip(bins, bins[1:])):
        raise InputError(f"bins must be at least two increasing bin edges, got {list(bins)!r}")
    rng = np.random.default_rng(seed)
    t = tables(r)
    start = new_game(r)
    sizes = r.hand_sizes()
    first = start.seat_at(1)
    keep_bots = [never_swap_bot] * r.players

    def swap_first(obs: Any, legal: Any, g: Any) -> Any:
        return "swap" if obs.position == 1 and "swap" in legal else never_swap_bot(obs, legal, g)

    swap_bots = [swap_first] * r.players
    n_bins = len(bins) - 1
    keep = [[0, 0] for _ in range(n_bins)]
    swap = [[0, 0] for _ in range(n_bins)]
    for _ in range(deals):
        perm = rng.permutation(r.deck_size).tolist()
        q = perm[0]
        if r.queen_card_queen == "redraw":
            k = next(i for i, c in enumerate(perm) if not t.queen_mask >> c & 1)
            q = perm.pop(k)
        else:
            perm.pop(0)
        hands = [0] * (r.players + 1)
        for i, c in enumerate(perm):
            hands[t.slots[i]] |= 1 << c
        assert [h.bit_count() for h in hands] == list(sizes)
        own = [c for c in range(r.deck_size) if hands[1] >> c & 1]
        score = hand_score(own, rules=r)
        b = int(np.searchsorted(np.asarray(bins), score, side="right")) - 1
        b = min(max(b, 0), n_bins - 1)
        for acc, bots in ((keep, keep_bots), (swap, swap_bots)):
            d = play_dealt(q, hands, bots, start=start, rules=r).last_deal
            assert d is not None
            acc[b][0] += d.went_out == first
            acc[b][1] += 1
    rows = []
    for i in range(n_bins):
        if not keep[i][1]:
            continue
        kept = proportion_estimate(keep[i][0], keep[i][1], seed=seed)
        swapped = proportion_estimate(swap[i][0], swap[i][1], seed=seed)
        rows.append({"score": f"[{bins[i]:g}, {bins[i + 1]:g})", "deals": keep[i][1], "keep": kept,
                     "swap": swapped, "gain": swapped.value - kept.value})
    return rows
