"""Skirmish: does strategy matter? The measurements behind the notebook, as pure functions.

Every figure is a [`Estimate`][dreidelpoker.play.Estimate] (value, 95% interval, sample count,
seed) computed from [`dreidelpoker.play.simulate`][dreidelpoker.play.simulate] records. The bigger runs quoted in
the notebook and the docs come from this module's command line::

    python -m dreidelpoker.games.skirmish.study --games 150 --seed 2026 \\
        --out dreidelpoker/games/skirmish/study_results.json

Examples:
    >>> from dreidelpoker.games.skirmish.rules import SkirmishRules
    >>> s = game_summary(("optimal", "optimal"), games=20, seed=1, rules=SkirmishRules(deck=tuple(r for r in range(1, 7) for _ in range(2)),
    ...                  line_size=2, pile_size=2))
    >>> s["games"], 0 <= s["seat1_wins"].value <= 1
    (20, True)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ...play import Estimate, simulate
from ...play.stats import mean_estimate, proportion_estimate
from .rules import SMALL_DECK, SkirmishRules
from ...errors import InputError
from ...files import check_output_file, write_text_atomic
from ...limits import int_arg
from ...validation import check_arguments

__all__ = ["BOT_NAMES", "STUDY_RESULTS", "VARIANTS", "bot_matrix", "game_summary", "load_study_results", "main",
           "run_study"]

#: The stored bigger run (written by this module's command line, shipped with the package).
STUDY_RESULTS = Path(__file__).with_name("study_results.json")


def load_study_results() -> dict[str, Any]:
    """The stored bigger run (`STUDY_RESULTS`) as a dict (Estimates as ``value``/``ci95``/``samples``).

    Returns:
        The stored results.

    Examples:
        >>> load_study_results()["summaries"]["52 cards"]["games"]
        150
    """
    return dict(json.loads(STUDY_RESULTS.read_text(encoding="utf-8")))

BOT_NAMES = ("random", "greedy", "optimal", "spendthrift")

#: The rules variants the study measures, by name.
VARIANTS: dict[str, SkirmishRules] = {
    "52 cards": SkirmishRules(skirmish_limit=2000),
    "52 cards, War-style ties": SkirmishRules(tie="war", skirmish_limit=2000),
    "1-6 x2, line 2, pile 2": SkirmishRules(deck=SMALL_DECK, line_size=2, pile_size=2, skirmish_limit=2000),
    "1-6 x2, line 2, pile 2, War-style ties": SkirmishRules(deck=SMALL_DECK, line_size=2, pile_size=2, tie="war",
                                                           skirmish_limit=2000),
    "War yardstick (line 0, pile 2, War-style ties, lose at 0)": SkirmishRules(
        line_size=0, pile_size=2, lose_at=0, tie="war", skirmish_limit=2000),
    "War without wars (line 0, pile 1, lose at 0)": SkirmishRules(line_size=0, pile_size=1, lose_at=0,
                                                                  skirmish_limit=1000),
}


@check_arguments
def game_summary(bots: Sequence[str], *, rules: SkirmishRules, games: int, seed: int) -> dict[str, Any]:
    """Length, limit hits, seat and pile edges and where the cards come from, for one line-up.

    Parameters:
        rules: the variant.
        bots: two bot names (seat 1 first).
        games: the number of games.
        seed: the seed.

    Returns:
        A dict of [`Estimate`][dreidelpoker.play.Estimate] values (and ``games``):
        ``skirmishes`` and ``cards_played`` (finished games), ``limit_hit``, ``seat1_wins``
        (finished games), ``first_pile_winner_wins`` (games whose first pile had a winner),
        ``capture_share`` (the share of the winner's net card gain that came through
        captures, per finished game), and the quantiles ``skirmish_quantiles`` (10/50/90%).
    """
    res = simulate(rules, list(bots), games=games, seed=seed, progress=False)
    done = [r for r in res.records if not r.truncated]
    lengths = [float(r.rounds) for r in done]
    cards = [r.metrics["cards_played"] for r in done]
    seat1 = sum(1 for r in done if r.winners == (0,))
    first = [r for r in done if r.metrics["first_pile_seat1"] != 0.5]
    first_wins = sum(1 for r in first if r.winners == ((0,) if r.metrics["first_pile_seat1"] == 1.0 else (1,)))
    shares = []
    for r in done:
        sign = 1.0 if r.winners == (0,) else -1.0
        cap, pile = sign * r.metrics["capture_flow_seat1"], sign * r.metrics["pile_flow_seat1"]
        if cap + pile > 0:
            shares.append(cap / (cap + pile))
    s = sorted(lengths)
    q = [s[max(0, int(p * len(s)) - 1)] if s else float("nan") for p in (0.1, 0.5, 0.9)]
    return {
        "games": games, "rules": rules.label, "bots": list(bots),
        "skirmishes": mean_estimate(lengths, seed=seed), "cards_played": mean_estimate(cards, seed=seed),
        "limit_hit": proportion_estimate(res.truncated, games, seed=seed),
        "seat1_wins": proportion_estimate(seat1, len(done), seed=seed),
        "first_pile_winner_wins": proportion_estimate(first_wins, len(first), seed=seed),
        "capture_share": mean_estimate(shares, seed=seed),
        "skirmish_quantiles": q,
    }


@check_arguments
def bot_matrix(rules: SkirmishRules, bots: Sequence[str] = BOT_NAMES, *, games: int, seed: int
               ) -> dict[tuple[str, str], Estimate]:
    """Win rate of each bot (row) against each other bot (column), seats alternated.

    Each ordered pair plays ``games`` games, half with the row bot in seat 1 and half in seat 2,
    so the seat effect cancels. Games cut at the limit count as half a win each.

    Parameters:
        rules: the rules.
        bots: the bots to pit against each other.
        games: games per ordered pair.
        seed: the seed.

    Returns:
        ``{(row, column): Estimate}`` for row != column.
    """
    out: dict[tuple[str, str], Estimate] = {}
    for i, a in enumerate(bots):
        for j, b in enumerate(bots):
            if j <= i:
                continue
            half = max(1, games // 2)
            r1 = simulate(rules, [a, b], games=half, seed=seed + 7 * i + 13 * j, progress=False)
            r2 = simulate(rules, [b, a], games=half, seed=seed + 7 * i + 13 * j + 1, progress=False)
            wins_a = sum(1.0 if r.winners == (0,) else 0.5 if not r.winners else 0.0 for r in r1.records)
            wins_a += sum(1.0 if r.winners == (1,) else 0.5 if not r.winners else 0.0 for r in r2.records)
            n = 2 * half
            out[(a, b)] = proportion_estimate(wins_a, n, seed=seed)
            out[(b, a)] = proportion_estimate(n - wins_a, n, seed=seed)
    return out


def _jsonable(x: Any) -> Any:
    if isinstance(x, Estimate):
        return x.to_dict()
    if isinstance(x, dict):
        return {(" vs ".join(k) if isinstance(k, tuple) else k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_jsonable(v) for v in x]
    return x


def run_study(*, games: int, seed: int, matrix_variants: Sequence[str] = ("52 cards", "1-6 x2, line 2, pile 2")
              ) -> dict[str, Any]:
    """Every measurement of the notebook at ``games`` games per line-up (JSON-ready).

    Parameters:
        games: games per line-up.
        seed: the seed.
        matrix_variants: the variants that get a bot matrix.

    Returns:
        ``{"games", "seed", "summaries", "matrices"}``, JSON-ready.
    """
    out: dict[str, Any] = {"games": games, "seed": seed, "summaries": {}, "matrices": {}}
    for name, rules in VARIANTS.items():
        bots = ("optimal", "optimal") if rules.line_size else ("random", "random")
        n = games if rules.skirmish_limit > 1000 else max(20, games // 5)  # never-ending games are slow to cut
        out["summaries"][name] = _jsonable(game_summary(bots, games=n, seed=seed, rules=rules))
    for name in matrix_variants:
        out["matrices"][name] = _jsonable(bot_matrix(VARIANTS[name], games=games, seed=seed))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m dreidelpoker.games.skirmish.study --games N --seed S --out FILE``.

    Parameters:
        argv: the command-line arguments (default: ``sys.argv[1:]``).

    Returns:
        The exit status, 0.
    """
    p = argparse.ArgumentParser(prog="python -m dreidelpoker.games.skirmish.study", description=__doc__)
    p.add_argument("--games", type=int_arg, default=400)
    p.add_argument("--seed", type=int_arg, default=2026)
    p.add_argument("--out", default="-", help="a .json file, or - for stdout (checked before the study runs)")
    args = p.parse_args(argv)
    if args.out != "-":
        try:
            check_output_file(args.out, what="--out", suffixes=(".json",))
        except InputError as exc:
            p.error(str(exc))
    data = run_study(games=args.games, seed=args.seed)
    text = json.dumps(data, indent=1)
    if args.out == "-":
        print(text)
    else:
        write_text_atomic(args.out, text + "\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
