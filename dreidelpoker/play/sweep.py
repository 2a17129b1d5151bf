"""``sweep``: simulate every combination of rules variants × player counts × bot line-ups.

All cells' games go to one executor together, so two workers keep busy across cells.
Each cell is seeded from the root seed and a digest of the cell's own parameters, so a
cell's result does not depend on which other cells are in the sweep, and a cache folder
keyed the same way lets an interrupted sweep pick up the cells it already finished.
"""

from __future__ import annotations

import hashlib
import html
import itertools
import json
import math
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .._version import __version__
from ..sampler import SAMPLER_VERSION
from .bots import BotSpec, bot_label, resolve_lineup
from .result import SimulationResult
from .runner import MAX_GAMES, GameRecord, chunk_count, run_tasks, split, worker_count
from ..validation import check_count
from .simulate import play_spec, resolve_seed
from .store import BatchStore
from ..errors import InputError
from ..limits import progress_bar

__all__ = ["SweepCell", "SweepResult", "sweep"]

#: The most cells one sweep may hold.
MAX_CELLS = 10_000


@dataclass(frozen=True)
class SweepCell:
    """One combination of a sweep: a labelled rules variant, a player count and a line-up.

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> from dreidelpoker.play import sweep
        >>> cell, run = sweep({"rules": ClassicDreidelRules(players=2, coins=2)}, games=10, seed=1, progress=False).cells[0]
        >>> cell.players, cell.bots, run.games
        (2, ('spinner', 'spinner'), 10)
    """

    rules_label: str
    rules: Any
    players: int
    bots_label: str
    bots: tuple[BotSpec, ...]

    def key(self, game: str, games: int, seed: int, hand_limit: int) -> str:
        """What identifies this cell's result: the cache key and the source of its seed."""
        return json.dumps({
            "game": game, "rules": repr(self.rules), "players": self.players,
            "bots": [_bot_key(b) for b in self.bots], "games": games, "seed": seed,
            "hand_limit": hand_limit, "version": __version__, "sampler": SAMPLER_VERSION,
        }, sort_keys=True)


def _bot_key(bot: BotSpec) -> str:
    if isinstance(bot, str):
        return bot
    # A user's function is known by its qualified name: clear the cache after editing it.
    return f"{getattr(bot, '__module__', '?')}.{getattr(bot, '__qualname__', bot_label(bot))}"


def _digest_words(text: str) -> list[int]:
    d = hashlib.sha256(text.encode()).digest()
    return [int.from_bytes(d[i:i + 4], "little") for i in range(0, 16, 4)]


def _as_labelled(value: Any, *, label: Callable[[Any], str]) -> list[tuple[str, Any]]:
    if isinstance(value, Mapping):
        return [(str(k), v) for k, v in value.items()]
    if isinstance(value, (list, tuple)):
        return [(label(v), v) for v in value]
    return [(label(value), value)]


def _rules_label(rules: Any) -> str:
    return str(getattr(rules, "label", None) or getattr(rules, "deck_label", None) or repr(rules))


def _lineup_label(bots: Any) -> str:
    if bots is None:
        return "default"
    if callable(bots) and not isinstance(bots, str):
        return str(getattr(bots, "__name__", "line-up"))
    if isinstance(bots, str):
        return bots
    return ",".join(bot_label(b) for b in bots)


def _cells(grid: Mapping[str, Any], game: str, spec: Any) -> list[SweepCell]:
    unknown = set(grid) - {"rules", "players", "bots"}
    if unknown:
        raise InputError(f"grid: unknown keys {sorted(unknown)}; allowed: 'rules', 'players', 'bots'")
    if "rules" not in grid:
        raise InputError("grid: needs 'rules' (a rules object, a list of them, or {label: rules})")
    rules_items = _as_labelled(grid["rules"], label=_rules_label)
    players_value = grid.get("players")
    if players_value is None:
        players_list: list[int | None] = [None]
    elif isinstance(players_value, int):
        players_list = [players_value]
    else:
        players_list = list(players_value)
    bots_value = grid.get("bots")
    if bots_value is None or isinstance(bots_value, str) or callable(bots_value):
        bots_items: list[tuple[str, Any]] = [(_lineup_label(bots_value), bots_value)]
    elif isinstance(bots_value, Mapping):
        bots_items = [(str(k), v) for k, v in bots_value.items()]
    elif bots_value and all(isinstance(b, (list, tuple)) or callable(b) for b in bots_value):
        bots_items = [(_lineup_label(b), b) for b in bots_value]
    else:
        bots_items = [(_lineup_label(bots_value), bots_value)]
    cells = []
    for (rlabel, rules), n, (blabel, bots) in itertools.product(rules_items, players_list, bots_items):
        if n is None and spec.players_in_rules:
            n = getattr(rules, spec.players_in_rules)
        if n is None and spec.min_players == spec.max_players:
            n = spec.min_players
        if n is None and callable(bots) and not isinstance(bots, str):
            raise InputError(f"players: a line-up filled per player count ({blabel}) needs the player counts "
                             f"({spec.min_players} to {spec.max_players} for {game})")
        lineup_spec = bots(n) if callable(bots) and not isinstance(bots, str) else bots
        lineup = resolve_lineup(spec, game, lineup_spec, n)
        if bots is None:
            blabel = f"{lineup[0]} x{len(lineup)}" if len(set(map(str, lineup))) == 1 else blabel
        cell_rules = spec.adapt_rules(rules, len(lineup)) if spec.adapt_rules is not None else rules
        if not isinstance(grid["rules"], Mapping):
            rlabel = _rules_label(cell_rules)  # the label of the rules actually played
        cells.append(SweepCell(rlabel, cell_rules, len(lineup), blabel, lineup))
    if not cells:
        raise InputError("grid: the sweep has no cells (an empty list of rules, players or bots)")
    if len(cells) > MAX_CELLS:
        raise InputError(f"grid: {len(cells):,} cells is more than the limit of {MAX_CELLS:,}; sweep in parts")
    return cells


def sweep(
    grid: Mapping[str, Any],
    *,
    games: int,
    seed: int | None = 0,
    executor: Any = None,
    progress: bool = True,
    hand_limit: int | None = None,
    cache_dir: str | os.PathLike[str] | None = None,
) -> SweepResult:
    """Simulate every cell of ``grid`` (rules variants × player counts × bot line-ups).

    Parameters:
        grid: ``{"rules": ..., "players": ..., "bots": ...}``. ``rules`` is a rules object,
            a list of them or ``{label: rules}`` (all of one game); ``players`` an int or a
            list (omit it when the rules hold the player count); ``bots`` omitted for an
            all-equal table of the game's lead bot (labelled ``"equity x4"``), one line-up (names or bots), a list of line-ups, or
            ``{label: line-up}`` where a line-up may also be a function ``players -> line-up``.
        games: games per cell (1 to 1,000,000).
        seed: root seed; each cell is seeded from it and a digest of its parameters.
        executor: ``None``, a ``concurrent.futures.Executor`` or a ``dask.distributed.Client``.
        progress: a ``tqdm`` bar over all games of all cells (on a terminal or in Jupyter only).
        hand_limit: the round limit of each game (``None``: the game's default).
        cache_dir: a folder where each finished cell is saved (atomically, with its record
            count and a checksum); a cell already there (same parameters, games, seed, limit
            and library version) is loaded, not replayed. An entry that does not match what
            it claims is reported (`StaleEntryWarning`) and
            played again. The folder is checked before any game is played.

    Returns:
        A [`SweepResult`][dreidelpoker.play.SweepResult] (tidy ``to_pandas()``, ``plot``, ``heatmap``).

    Raises:
        ValueError: rules of different games, unknown keys, bad line-ups or counts; a cache
            folder that is a file, cannot be written or created, or holds a corrupt entry.

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> res = sweep({"rules": {"3 coins": ClassicDreidelRules(coins=3)}, "players": [2, 3]},
        ...             games=50, seed=1, progress=False)
        >>> [(c.rules_label, c.players) for c, _ in res.cells]
        [('3 coins', 2), ('3 coins', 3)]
    """
    if not isinstance(grid, Mapping):
        raise InputError("grid: expected a mapping like {'rules': [...], 'players': [...], 'bots': {...}}")
    first = _as_labelled(grid.get("rules"), label=_rules_label)
    if not first or first[0][1] is None:
        raise InputError("grid: needs 'rules' (a rules object, a list of them, or {label: rules})")
    game, spec = play_spec(first[0][1])
    for _, r in first:
        if play_spec(r)[0].name != game.name:
            raise InputError(f"grid: every rules object must belong to one game; got {game.name} and {play_spec(r)[0].name}")
    n_games = check_count(games, "games", low=1, high=MAX_GAMES)
    limit = spec.default_hand_limit if hand_limit is None else check_count(hand_limit, "hand_limit", low=1, high=10**9)
    root = resolve_seed(seed)
    cells = _cells(grid, game.name, spec)
    # A bad cache folder or a corrupt entry fails here, before any game is played.
    store = BatchStore(cache_dir, what="cache_dir") if cache_dir is not None else None
    keys = [c.key(game.name, n_games, root, limit) for c in cells]
    done: dict[int, list[GameRecord]] = {}
    if store is not None:
        for i, key in enumerate(keys):
            loaded = store.load(game.name, key, count=n_games, report=True)
            if loaded is not None:
                done[i] = loaded
    workers = worker_count(executor)
    tasks: list[tuple[Any, ...]] = []
    owner: list[int] = []
    sizes: list[int] = []
    across = True  # every cell's game is played across games at once (``run_games``): big pieces serially
    for i, cell in enumerate(cells):
        if i not in done:  # rules the game refuses fail here, before any game runs
            across &= hasattr(type(spec.new_game(cell.rules, players=cell.players, hand_limit=limit)), "run_games")
    for i, cell in enumerate(cells):
        if i in done:
            continue
        entropy = [root, *_digest_words(key_without_seed(keys[i]))]
        parts = (chunk_count(n_games, workers, cells=len(cells) - len(done)) if executor is not None
                 else chunk_count(n_games, 1, across=True) if across else min(10, n_games))
        for piece in split(range(n_games), max(parts, -(-n_games // 1000))):
            tasks.append((spec, cell.rules, cell.bots, entropy, piece, limit, False))
            owner.append(i)
            sizes.append(len(piece))
    pending = {i: sum(1 for o in owner if o == i) for i in set(owner)}
    partial: dict[int, list[tuple[int, list[GameRecord]]]] = {i: [] for i in pending}
    # A bar on a terminal or in Jupyter only, after a second of work (limits.progress_display).
    with progress_bar(sum(sizes), f"{game.name} sweep", enabled=progress, unit=" games", min_total=0) as bar:
        for k, recs in run_tasks(tasks, executor, progress=bar, weights=sizes):
            i = owner[k]
            partial[i].append((k, recs))
            pending[i] -= 1
            if pending[i] == 0:
                # A cell's tasks hold consecutive pieces of its games, in task order, each in
                # game order: putting the pieces in task order puts the records in game order.
                records = [r for _, part in sorted(partial[i], key=lambda kp: kp[0]) for r in part]
                done[i] = records
                if store is not None:  # atomic, with its record count and checksum
                    store.save(game.name, keys[i], records)
    results = []
    for i, cell in enumerate(cells):
        results.append((cell, SimulationResult(
            game=game.name, rules=cell.rules, bots=tuple(bot_label(b) for b in cell.bots), games=n_games,
            seed=root, hand_limit=limit, round_name=spec.round_name, records=tuple(done[i]),
            metric_help=spec.metric_help, rules_label=cell.rules_label, rate_metrics=spec.rate_metrics)))
    return SweepResult(game=game.name, games=n_games, seed=root, cells=tuple(results))


def key_without_seed(key: str) -> str:
    """A cell key without its seed (the seed enters the entropy separately) and its sampler
    version (a new draw stream changes the draws from a cell's seed, not which seed it gets)."""
    d = json.loads(key)
    d.pop("seed", None)
    d.pop("sampler", None)
    return json.dumps(d, sort_keys=True)


@dataclass(frozen=True, eq=False)
class SweepResult:
    """The cells of a sweep, each with its [`SimulationResult`][dreidelpoker.play.SimulationResult].

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> from dreidelpoker.play import sweep
        >>> grid = {"rules": {f"{c} coins": ClassicDreidelRules(players=2, coins=c) for c in (2, 3)}}
        >>> result = sweep(grid, games=20, seed=1, progress=False)
        >>> [cell.rules_label for cell, _ in result.cells]
        ['2 coins', '3 coins']
    """

    game: str
    games: int
    seed: int
    cells: tuple[tuple[SweepCell, SimulationResult], ...]

    def rows(self) -> list[dict[str, Any]]:
        """Tidy rows: one per cell and metric (win rates as ``win_rate_seat1`` …)."""
        out = []
        for cell, res in self.cells:
            base = {"rules": cell.rules_label, "players": cell.players, "bots": cell.bots_label,
                    "games": res.games, "games_hit_limit": res.truncated}
            for name, s in res.summary().items():
                est = s["mean"]
                out.append({**base, "metric": name, "mean": est.value, "low": est.low, "high": est.high,
                            "median": s["median"], "p90": s["p90"], "samples": s["samples"]})
            for seat, est in enumerate(res.win_rates()):
                out.append({**base, "metric": f"win_rate_seat{seat + 1}", "mean": est.value, "low": est.low,
                            "high": est.high, "median": math.nan, "p90": math.nan, "samples": est.samples})
        return out

    def to_pandas(self) -> Any:
        """The tidy table (one row per cell and metric) as a pandas DataFrame."""
        import pandas as pd

        return pd.DataFrame(self.rows())

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe: the sweep's parameters and every cell's summary."""
        return {"game": self.game, "games_per_cell": self.games, "seed": self.seed,
                "cells": [{"rules": c.rules_label, "players": c.players, "bots": c.bots_label, **r.to_dict()}
                          for c, r in self.cells]}

    def metric(self, name: str) -> list[dict[str, Any]]:
        """The rows of one metric."""
        rows = [r for r in self.rows() if r["metric"] == name]
        if not rows:
            known = sorted({r["metric"] for r in self.rows()})
            raise InputError(f"metric: unknown metric {name!r}; known: {', '.join(known)}")
        return rows

    @property
    def length_metric(self) -> str:
        """The metric that says how long games last (``"hands"``, ``"spins"`` or ``"rounds"``)."""
        return self.cells[0][1].length_metric

    def to_text(self, metrics: Sequence[str] | None = None) -> str:
        """One line per cell with the chosen metrics' means and intervals (default: game length)."""
        metrics = metrics or (self.length_metric,)
        lines = [f"{self.game} sweep: {len(self.cells)} cells x {self.games} games, seed {self.seed}"]
        for name in metrics:
            lines.append(f"{name}:")
            for r in self.metric(name):
                lines.append(f"  {r['rules']:<24} {r['players']:>2} players  {r['bots']:<28} "
                             f"{r['mean']:.4g} ({r['low']:.4g} .. {r['high']:.4g})"
                             + (f"  [{r['games_hit_limit']} hit limit]" if r["games_hit_limit"] else ""))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = self.metric(self.length_metric)
        body = "".join(
            f"<tr><td>{html.escape(r['rules'])}</td><td>{r['players']}</td><td>{html.escape(r['bots'])}</td>"
            f"<td>{r['mean']:.4g}</td><td>{r['low']:.4g} – {r['high']:.4g}</td></tr>" for r in rows)
        return (f"<div style='overflow-x:auto'><b>{html.escape(self.game)} sweep</b>: {len(self.cells)} cells × "
                f"{self.games} games, seed {self.seed}<table><tr><th>rules</th><th>players</th><th>bots</th>"
                f"<th>mean {html.escape(self.length_metric)}</th><th>95% CI</th></tr>{body}</table></div>")

    def plot(self, metric: str | None = None, *, x: str = "players", hue: str = "rules", ax: Any = None) -> Any:
        """A line per ``hue`` value of a metric's mean (default: game length) against ``x``, with 95% error bars."""
        from ..plotting import axes_or_new

        ax = axes_or_new(ax)
        metric = metric or self.length_metric
        rows = self.metric(metric)
        groups: dict[Any, list[dict[str, Any]]] = {}
        for r in rows:
            groups.setdefault(r[hue], []).append(r)
        for label, rs in groups.items():
            rs = sorted(rs, key=lambda r: r[x])
            xs = [r[x] for r in rs]
            ys = [r["mean"] for r in rs]
            err = [[r["mean"] - r["low"] for r in rs], [r["high"] - r["mean"] for r in rs]]
            ax.errorbar(xs, ys, yerr=err, marker="o", capsize=3, label=str(label))
        if all(isinstance(r[x], int) for r in rows):  # a count (players, coins): no 3.25 players on the axis
            from matplotlib.ticker import MaxNLocator

            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel(x)
        ax.set_ylabel(metric)
        ax.set_title(f"{self.game}: {metric} (95% CI)")
        ax.legend(title=hue, fontsize="small")
        return ax

    def heatmap(self, metric: str | None = None, *, x: str = "players", y: str = "rules", ax: Any = None) -> Any:
        """A heatmap of a metric's mean (default: game length) over two parameters."""
        from ..plotting import axes_or_new

        ax = axes_or_new(ax)
        metric = metric or self.length_metric
        rows = self.metric(metric)
        xs = sorted({r[x] for r in rows}, key=str)
        ys = list(dict.fromkeys(r[y] for r in rows))
        grid = [[math.nan] * len(xs) for _ in ys]
        for r in rows:
            grid[ys.index(r[y])][xs.index(r[x])] = r["mean"]
        im = ax.imshow(grid, aspect="auto", cmap="viridis")
        ax.set_xticks(range(len(xs)), [str(v) for v in xs])
        ax.set_yticks(range(len(ys)), [str(v) for v in ys])
        for i, row in enumerate(grid):
            for j, v in enumerate(row):
                if not math.isnan(v):
                    ax.text(j, i, f"{v:.3g}", ha="center", va="center", color="w", fontsize="small")
        ax.figure.colorbar(im, ax=ax, label=metric)
        ax.set_xlabel(x)
        ax.set_ylabel(y)
        ax.set_title(f"{self.game}: mean {metric}")
        return ax
