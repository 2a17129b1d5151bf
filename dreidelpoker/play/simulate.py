"""``simulate``: play many seeded games of any registered game with a line-up of bots."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..games.protocol import PlaySpec
from ..games.registry import GameInfo, game_for_rules
from .bots import BotSpec, bot_label, resolve_lineup
from .result import SimulationResult
from .runner import MAX_GAMES, GameRecord, chunk_count, run_tasks, split, worker_count
from ..errors import InputError
from ..limits import progress_bar
from ..validation import check_count, check_seed

__all__ = ["simulate", "play_spec"]


def play_spec(rules: object) -> tuple[GameInfo[Any], PlaySpec[Any]]:
    """The registered game of ``rules`` and how to play it.

    Parameters:
        rules: a game's rules object.

    Returns:
        ``(GameInfo, PlaySpec)``.

    Raises:
        ValueError: ``rules`` is not the rules object of a game that can be played whole.
    """
    game = game_for_rules(rules)
    if game.play is None:
        raise InputError(f"rules: {game.title} is analysed hand by hand and cannot be played whole yet")
    return game, game.play


def resolve_seed(seed: int | None) -> int:
    """The root seed of a run: ``seed`` checked, or fresh entropy when it is ``None``.

    Parameters:
        seed: a whole number from 0 to 2**128 - 1, or ``None``.

    Returns:
        The seed every game's ``SeedSequence`` child is spawned from.

    Raises:
        InputError: ``seed`` is not a whole number in range.
    """
    if seed is None:
        entropy = np.random.SeedSequence().entropy
        assert isinstance(entropy, int)
        return entropy
    return check_seed(seed)


def simulate(
    rules: object,
    bots: Sequence[BotSpec] | str | None = None,
    *,
    games: int,
    seed: int | None = None,
    players: int | None = None,
    executor: Any = None,
    progress: bool = True,
    hand_limit: int | None = None,
    keep_history: bool = False,
    chunks: int | None = None,
) -> SimulationResult:
    """Play ``games`` seeded games of the game ``rules`` belongs to, with one bot per seat.

    Each game ``i`` draws its randomness from ``SeedSequence(seed, spawn_key=(i,))`` (what
    ``SeedSequence(seed).spawn`` hands out), so the records are identical on any executor.

    Parameters:
        rules: a registered game's rules object, e.g. ``TwoDreidelRules()``.
        bots: one bot per seat: registered names (``"equity"``), a comma-separated string,
            functions ``bot(observation, legal_actions, rng)``, or ``None`` for an all-equal
            table of ``players`` copies of the game's lead bot (``equity x4`` for Two Dreidel;
            the result's ``lineup_label`` names it; the mixed table is
            [`named_lineups`][dreidelpoker.play.named_lineups]``(rules, n)["mixed"]``).
        games: how many games, 1 to ``MAX_GAMES`` (1,000,000).
        seed: the root seed (``None``: fresh entropy, recorded in the result).
        players: the number of players; must match ``bots`` when both are given.
        executor: ``None`` (serial), a ``concurrent.futures.Executor`` (e.g. a
            ``ProcessPoolExecutor``) or a ``dask.distributed.Client``.
        progress: show a ``tqdm`` progress bar (on a terminal or in Jupyter only; never in a
            pipe, a test run or a CI log, see `progress_bar`).
        hand_limit: stop a game after this many rounds and report it as cut short
            (``None``: the game's default limit).
        keep_history: keep every game's applied steps in its record (for replays).
        chunks: how many pieces to split the games into for the executor (default:
            `chunk_count`, about 4 per worker).

    Returns:
        A [`SimulationResult`][dreidelpoker.play.SimulationResult].

    Raises:
        ValueError: unknown bots, a bot count that does not match ``players``, a player
            count the game does not allow, ``games`` or ``hand_limit`` out of range, or a
            bot that plays an illegal action ([`IllegalActionError`][dreidelpoker.play.IllegalActionError]).

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> r = simulate(ClassicDreidelRules(players=2, coins=3), games=200, seed=1, progress=False)
        >>> r.games, r.players
        (200, 2)
    """
    game, spec = play_spec(rules)
    n_games = check_count(games, "games", low=1, high=MAX_GAMES)
    limit = spec.default_hand_limit if hand_limit is None else check_count(
        hand_limit, "hand_limit", low=1, high=10**9)
    if players is None and bots is None and spec.players_in_rules:
        players = getattr(rules, spec.players_in_rules)
    lineup = resolve_lineup(spec, game.name, bots, players)
    if spec.adapt_rules is not None:
        rules = spec.adapt_rules(rules, len(lineup))
    first = spec.new_game(rules, players=len(lineup), hand_limit=limit)  # rules the game refuses fail here, not in a worker
    root = resolve_seed(seed)
    records = _run(spec, rules, lineup, root, n_games, limit, executor=executor, progress=progress,
                   keep_history=keep_history, chunks=chunks, desc=f"{game.name} games",
                   across=not keep_history and hasattr(type(first), "run_games"))
    return SimulationResult(
        game=game.name, rules=rules, bots=tuple(bot_label(b) for b in lineup), games=n_games, seed=root,
        hand_limit=limit, round_name=spec.round_name, records=tuple(records), metric_help=spec.metric_help,
        rules_label=str(getattr(rules, "label", "") or ""), rate_metrics=spec.rate_metrics,
    )


def _run(
    spec: PlaySpec[Any], rules: object, lineup: tuple[BotSpec, ...], root: int | Sequence[int], n_games: int, limit: int,
    *, executor: Any, progress: bool, keep_history: bool, chunks: int | None, desc: str, across: bool = False,
) -> list[GameRecord]:
    parts = chunks or chunk_count(n_games, worker_count(executor), across=across)
    pieces = split(range(n_games), max(parts, -(-n_games // 1000)))
    tasks = [(spec, rules, lineup, root, p, limit, keep_history) for p in pieces]
    results: list[list[GameRecord]] = [[] for _ in tasks]
    # A bar on a terminal or in Jupyter only, after a second of work (limits.progress_display).
    with progress_bar(n_games, desc, enabled=progress, unit=" games", min_total=0) as bar:
        for k, recs in run_tasks(tasks, executor, progress=bar, weights=[len(p) for p in pieces]):
            results[k] = recs
    return [r for part in results for r in part]
