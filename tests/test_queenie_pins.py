"""Seeded Queenie sessions are pinned: the speed work must not change a single deal.

Each case simulates a few sessions through the runner (``simulate``, so the per-game seed
streams are covered too) with every applied step kept, replays each record's steps from a
fresh state, and hashes everything a user can see: returns, winners, deal counts, steps,
metrics, the steps themselves, every log line (text, seat and who may read it) and the
last deal's summary.

The digests below were produced by the code BEFORE the speed work (the Queenie game,
bots and runner of commit 1ad325e) with this file's ``_digest``; the rewritten deal,
runs and lazily made seed streams must give the same bytes. Metrics added later (such as
``deals``) are left out of the digest so the pins stay comparable.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from dreidelpoker.games.queenie import QueenieRules, new_game
from dreidelpoker.play import replay, simulate

#: The metrics that existed when the digests were made (newer ones are not hashed).
PINNED_METRICS = ("cards", "runs", "turns", "blocked", "out_carried", "queen_carried", "queen_dead", "swaps",
                  "out_pot_end", "queen_pot_end", "max_out_pot", "max_queen_pot", "out_wins_seat",
                  "queen_wins_seat", "chips_per_deal_seat")

#: (rules options, bots, digest of 3 sessions with seed 2024): every rules option, 3 to 8
#: players, reduced decks, every bot.
CASES: list[tuple[dict[str, Any], str, str]] = [
    (dict(players=5, session_deals=20), "heuristic,never-swap,always-swap,heuristic,never-swap",
     "493f7547d9e1657a"),
    (dict(players=3, session_deals=20), "random,heuristic,always-swap", "6d6dd0cb1ba5928e"),
    (dict(players=8, session_deals=20), "random,random,heuristic,never-swap,always-swap,random,heuristic,random",
     "0a534ace681c60b0"),
    (dict(players=4, session_deals=20, direction="left", dealing="players-first"),
     "random,random,heuristic,always-swap", "50863d1f2db4050f"),
    (dict(players=6, session_deals=20, queen_card="dummy", queen_card_queen="redraw"),
     "random,heuristic,random,always-swap,never-swap,random", "58191897a1ad3871"),
    (dict(players=5, session_deals=20, queen_card_queen="redraw"), "random,heuristic,random,always-swap,never-swap",
     "989f9c9569cc9bb3"),
    (dict(players=4, session_deals=20, queen_card_queen="to-going-out", no_colour="next-any", blocked="fewest-cards",
          ante=2, swap_cost=2, first_swap_cost=1), "random,random,random,heuristic", "e6f6541ab7f84bbb"),
    (dict(players=3, session_deals=20, no_colour="next-any", blocked="fewest-cards", direction="left",
          queen_card="dummy", queen_card_queen="to-going-out"), "random,random,random", "8ad60144bf28d4b7"),
    (dict(players=4, session_deals=4), "lookahead,random,heuristic,random", "33bc023263e8bda6"),
    (dict(players=3, session_deals=20, deck_suits=2, deck_ranks=6), "random,heuristic,always-swap",
     "f1f3922a1d67cdc0"),
    (dict(players=4, session_deals=20, deck_ranks=4, queen_card="dummy", dealing="players-first"),
     "random,random,never-swap,heuristic", "0174d4199a434ecd"),
]


def _digest(options: dict[str, Any], bots: str, seed: int = 2024, sessions: int = 3) -> str:
    rules = QueenieRules(**options)
    res = simulate(rules, bots, games=sessions, seed=seed, keep_history=True, progress=False)
    h = hashlib.sha256()
    for rec in res.records:
        assert rec.history is not None
        final: Any = replay(new_game(rules), rec.history)
        # The replayed steps reach the very state the runner recorded.
        assert tuple(final.returns()) == rec.returns and final.rounds == rec.rounds
        metrics = {k: v for k, v in rec.metrics.items() if k.rstrip("0123456789") in PINNED_METRICS}
        h.update(json.dumps([list(rec.returns), list(rec.winners), rec.rounds, rec.truncated, rec.steps,
                             metrics], sort_keys=True).encode())
        h.update(repr(rec.history).encode())
        h.update(repr([(e.kind, e.text, e.player, e.public, e.visible_to) for e in final.log]).encode())
        h.update(repr(final.last_deal).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("options, bots, digest", CASES, ids=[f"case{i}" for i in range(len(CASES))])
def test_seeded_sessions_are_unchanged(options: dict[str, Any], bots: str, digest: str) -> None:
    assert _digest(options, bots) == digest


if __name__ == "__main__":  # print the digests (run once on the code before a change)
    for opts, names, _ in CASES:
        print(_digest(opts, names), opts, names)
