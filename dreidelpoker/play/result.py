"""What a simulation returns: every game's record, and summaries with 95% intervals."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from .runner import GameRecord
from ..errors import InputError

if TYPE_CHECKING:
    from .stats import Estimate

__all__ = ["SimulationResult"]


def plural(noun: str) -> str:
    """The plural of a round name: ``"hand"`` -> ``"hands"``, ``"skirmish"`` -> ``"skirmishes"``.

    Examples:
        >>> plural("spin"), plural("skirmish")
        ('spins', 'skirmishes')
    """
    return noun + ("es" if noun.endswith(("s", "sh", "ch", "x")) else "s")


def _quantile(values: Sequence[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    # The smallest value with at least q of the sample at or below it (no interpolation).
    k = max(0, math.ceil(q * len(s)) - 1)
    return float(s[k])


@dataclass(frozen=True, eq=False)
class SimulationResult:
    """Every simulated game's record, with summaries that carry their sample counts and intervals.

    Attributes:
        game: the registered game name, e.g. ``"two-dreidel"``.
        rules: the rules object the games were played with.
        bots: the bot names, one per seat (seat 1 first).
        games: the number of games played.
        seed: the root seed (game ``i`` used ``SeedSequence(seed, spawn_key=(i,))``).
        hand_limit: the round limit each game was played under.
        round_name: what a round is called ("hand", "deal", "skirmish").
        records: one [`GameRecord`][dreidelpoker.play.GameRecord] per game, in order.
        rate_metrics: the game's metrics that record a 0/1 event (``PlaySpec.rate_metrics``):
            their means are proportions (see [`is_rate`][dreidelpoker.play.SimulationResult.is_rate]).
        rotated: the line-up was rotated round the table: game ``i`` seats the bot at
            line-up position ``k`` (``bots[k]``) in seat ``(k - i) mod n``, so every bot
            sits in every seat equally often (see [`seat_of`][dreidelpoker.play.SimulationResult.seat_of]); ``False``: ``bots[k]``
            always sits in seat ``k``.

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> from dreidelpoker.play import simulate
        >>> result = simulate(ClassicDreidelRules(players=2, coins=2), games=50, seed=1, progress=False)
        >>> result.games, result.players, len(result.records)
        (50, 2, 50)
    """

    game: str
    rules: Any
    bots: tuple[str, ...]
    games: int
    seed: int
    hand_limit: int
    round_name: str
    records: tuple[GameRecord, ...]
    metric_help: Mapping[str, str] = field(default_factory=dict)
    rules_label: str = ""
    rotated: bool = False
    rate_metrics: frozenset[str] = frozenset()

    # -- counts ---------------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.bots)

    @cached_property
    def truncated(self) -> int:
        """How many games hit the round limit (their lengths are censored, not measured)."""
        return sum(1 for r in self.records if r.truncated)

    @property
    def finished(self) -> int:
        """How many games ended by the rules."""
        return self.games - self.truncated

    @cached_property
    def draws(self) -> int:
        """How many finished games every seat drew (equal returns, no winner). Win shares count
        such a game as an n-way split: 1/n to every seat (see
        [`win_share`][dreidelpoker.play.SimulationResult.win_share])."""
        return sum(1 for r in self.records if not r.truncated and not r.winners)

    @property
    def lineup_label(self) -> str:
        """The line-up in a few words: ``"equity x4"`` for an all-equal table, else the bots in seat order."""
        if self.bots and all(b == self.bots[0] for b in self.bots):
            return f"{self.bots[0]} x{len(self.bots)}"
        return ",".join(self.bots)

    # -- seats and line-up positions ---------------------------------------------------
    def seat_of(self, position: int, index: int) -> int:
        """The seat (0-based) the bot at line-up position ``position`` had in game ``index``.

        Examples:
            >>> r = SimulationResult(game="g", rules=None, bots=("a", "b", "c"), games=0, seed=0, hand_limit=1,
            ...                      round_name="hand", records=(), rotated=True)
            >>> [r.seat_of(0, i) for i in range(3)]
            [0, 2, 1]
        """
        n = self.players
        return (position - index) % n if self.rotated else position

    def win_share(self, r: GameRecord, seat: int) -> float:
        """A seat's share of one game's win: **the one rule every win figure follows**
        ([`win_rates`][dreidelpoker.play.SimulationResult.win_rates],
        [`seat_advantage`][dreidelpoker.play.SimulationResult.seat_advantage],
        ``per_game("win:K")`` and ``per_game("seat_win:S")``, and so every study and skill gap).

        A sole winner gets 1; each of ``k`` seats splitting the best return gets ``1/k``; a game
        every seat drew is an ``n``-way split, ``1/n`` each; a game cut at the round limit has no
        winner and no share (``nan``, left out). Over the finished games the shares of all
        seats sum to 1, so the fair share of a seat is ``1/n``.

        Parameters:
            r: one game's record (from ``records``).
            seat: the seat, 0-based.

        Returns:
            The share, from 0 to 1, or ``nan``.

        Examples:
            >>> from dreidelpoker.play import GameRecord
            >>> res = SimulationResult(game="g", rules=None, bots=("a", "b"), games=1, seed=0, hand_limit=9,
            ...                        round_name="hand", records=())
            >>> drawn = GameRecord(0, (0, 0), winners=(), rounds=3, truncated=False, steps=9)
            >>> res.win_share(drawn, 0), res.win_share(drawn, 1)
            (0.5, 0.5)
        """
        if r.truncated:
            return math.nan
        if not r.winners:
            return 1 / self.players
        return 1 / len(r.winners) if seat in r.winners else 0.0

    def per_game(self, name: str) -> np.ndarray[Any, Any]:
        """One value per game, in game order, ``nan`` where the game has none (for paired studies).

        Besides [`metric_names`][dreidelpoker.play.SimulationResult.metric_names], two figures follow a bot round the table:
        ``win:K`` is the share of game won by the bot at line-up position ``K`` (1-based; a
        k-way split counts 1/k, a game every seat drew 1/n, a game cut at the limit ``nan``),
        ``return:K`` its net result; and ``seat_win:S`` is seat ``S``'s share of the win.

        Parameters:
            name: a metric name, ``win:K``, ``return:K`` or ``seat_win:S``.

        Returns:
            A float array of length `games`.

        Raises:
            InputError: an unknown metric or a position outside the line-up.

        Examples:
            >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
            >>> from dreidelpoker.play import simulate
            >>> res = simulate(ClassicDreidelRules(players=2, coins=2), games=4, seed=1, progress=False)
            >>> res.per_game("win:1") + res.per_game("win:2")
            array([1., 1., 1., 1.])
        """
        head, sep, tail = name.partition(":")
        if sep and head in ("win", "return", "seat_win"):
            if not tail.isdigit() or not 1 <= int(tail) <= self.players:
                raise InputError(f"metric: {name!r} names no {'seat' if head == 'seat_win' else 'line-up position'}; "
                                 f"expected {head}:1 to {head}:{self.players}")
            k = int(tail) - 1
            if head == "seat_win":
                return np.array([self.win_share(r, k) for r in self.records])
            if head == "win":
                return np.array([self.win_share(r, self.seat_of(k, r.index)) for r in self.records])
            return np.array([float(r.fractions()[self.seat_of(k, r.index)]) for r in self.records])
        if name == "rounds":
            return np.array([float(r.rounds) for r in self.records])
        if name == "steps":
            return np.array([float(r.steps) for r in self.records])
        if name.startswith("return_seat"):
            seat = int(name.removeprefix("return_seat")) - 1
            return np.array([float(r.fractions()[seat]) for r in self.records])
        if name not in self.metric_names and not any(name in r.metrics for r in self.records):
            raise InputError(f"metric: unknown metric {name!r}; known: {', '.join(self.metric_names)}, "
                             f"win:K, return:K, seat_win:S")
        return np.array([float(r.metrics.get(name, math.nan)) for r in self.records])

    def seat_advantage(self) -> tuple[Estimate, ...]:
        """Each seat's share of the win minus the fair share 1/n, with a Wilson 95% interval
        (shifted by 1/n, so it stays within -1/n .. 1 - 1/n). Meaningful as the seat's own
        advantage when the line-up was rotated (`rotated`) or every bot is the same.

        Returns:
            One [`Estimate`][dreidelpoker.play.Estimate] per seat, over the games that
            ended by the rules (a split counts 1/k, a game every seat drew 1/n).

        Examples:
            >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
            >>> from dreidelpoker.play import simulate
            >>> res = simulate(ClassicDreidelRules(players=2, coins=2), games=200, seed=1, progress=False)
            >>> a = res.seat_advantage()
            >>> -0.5 <= a[0].low <= a[0].value <= a[0].high <= 0.5
            True
        """
        # Imported here: a simulation that is never summarised does not load the statistics module.
        from .stats import Estimate, proportion_estimate

        fair = 1 / self.players
        out = []
        for s in range(self.players):
            v = self.per_game(f"seat_win:{s + 1}")
            v = v[~np.isnan(v)]
            e = proportion_estimate(float(v.sum()), int(v.size), seed=self.seed)
            out.append(Estimate(e.value - fair, e.low - fair, e.high - fair, e.samples, e.seed, kind="proportion"))
        return tuple(out)

    # -- estimates ----------------------------------------------------------------
    def win_rates(self) -> tuple[Estimate, ...]:
        """Each seat's share of the wins of the games that ended by the rules, with Wilson 95%
        intervals. A split counts ``1/k`` to each of ``k`` winners and a draw ``1/n`` to every
        seat ([`win_share`][dreidelpoker.play.SimulationResult.win_share]), so the rates sum
        to 1; [`draws`][dreidelpoker.play.SimulationResult.draws] says how many games drew.
        Games cut at the limit are left out and counted in
        [`truncated`][dreidelpoker.play.SimulationResult.truncated].

        Returns:
            One [`Estimate`][dreidelpoker.play.Estimate] per seat (``nan`` when no game finished).

        Examples:
            >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
            >>> from dreidelpoker.play import simulate
            >>> res = simulate(ClassicDreidelRules(players=2, coins=2), games=100, seed=1, progress=False)
            >>> round(sum(e.value for e in res.win_rates()), 12)
            1.0
        """
        # Imported here: a simulation that is never summarised does not load the statistics module.
        from .stats import proportion_estimate

        out = []
        for s in range(self.players):
            v = self.per_game(f"seat_win:{s + 1}")
            v = v[~np.isnan(v)]
            out.append(proportion_estimate(float(v.sum()), int(v.size), seed=self.seed))
        return tuple(out)

    def metric_values(self, name: str) -> list[float]:
        """The per-game values of a metric: ``rounds``, ``steps``, ``return_seat1`` …, or a game metric."""
        if name == "rounds":
            return [float(r.rounds) for r in self.records]
        if name == "steps":
            return [float(r.steps) for r in self.records]
        if name.startswith("return_seat"):
            seat = int(name.removeprefix("return_seat")) - 1
            return [float(r.fractions()[seat]) for r in self.records]
        values = [r.metrics[name] for r in self.records if name in r.metrics and not math.isnan(r.metrics[name])]
        if not values and name not in self.metric_names:
            raise InputError(f"metric: unknown metric {name!r}; known: {', '.join(self.metric_names)}")
        return values

    @property
    def length_metric(self) -> str:
        """The metric that says how long games last: the game's own (``"hands"``, ``"spins"``)
        when it reports one, else ``"rounds"``."""
        own = plural(self.round_name)
        return own if own in self.metric_names else "rounds"

    @cached_property
    def metric_names(self) -> tuple[str, ...]:
        """Every metric this result can summarise."""
        names: dict[str, None] = {"rounds": None}
        for r in self.records:
            for k in r.metrics:
                names[k] = None
        if plural(self.round_name) in names:
            del names["rounds"]  # the game names its rounds itself ("hands", "spins")
        names["steps"] = None
        names.update({f"return_seat{i + 1}": None for i in range(self.players)})
        return tuple(names)

    def is_rate(self, name: str) -> bool:
        """Whether a metric's mean is a proportion (Wilson interval): a win share (``win:K``,
        ``seat_win:S``) or a metric the game declares a rate (``PlaySpec.rate_metrics``).
        Declared, never guessed from the values: a count that is 1 in every game is a count.

        Examples:
            >>> from dreidelpoker.games.dice_poker import DicePokerRules
            >>> from dreidelpoker.play import simulate
            >>> res = simulate(DicePokerRules(), games=2, seed=1, progress=False)
            >>> res.is_rate("showdown"), res.is_rate("pot"), res.is_rate("win:1")
            (True, False, True)
        """
        return name.startswith(("win:", "seat_win:")) or name in self.rate_metrics

    def estimate(self, name: str) -> Estimate:
        """The mean of a metric with its 95% interval and sample count: Wilson for a rate
        ([`is_rate`][dreidelpoker.play.SimulationResult.is_rate]), else the normal interval."""
        # Imported here: a simulation that is never summarised does not load the statistics module.
        from .stats import mean_estimate, proportion_estimate

        values = self.metric_values(name)
        if self.is_rate(name):
            return proportion_estimate(math.fsum(values), len(values), seed=self.seed)
        return mean_estimate(values, seed=self.seed)

    def summary(self) -> dict[str, dict[str, Any]]:
        """Per metric: mean with 95% interval, median, 90th percentile and samples."""
        out: dict[str, dict[str, Any]] = {}
        for name in self.metric_names:
            values = self.metric_values(name)
            est = self.estimate(name)
            out[name] = {"mean": est, "median": _quantile(values, 0.5), "p90": _quantile(values, 0.9),
                         "samples": len(values)}
        return out

    # -- output -------------------------------------------------------------------
    def _notes(self) -> list[str]:
        notes = []
        if self.truncated:
            notes.append(
                f"{self.truncated} of {self.games} games hit the limit of {self.hand_limit} {plural(self.round_name)}: "
                f"their lengths are lower bounds, and win rates count only the {self.finished} finished games."
            )
        if self.draws:
            notes.append(f"{self.draws} of the {self.finished} finished games were draws: each counts "
                         f"1/{self.players} to every seat in the win rates.")
        return notes

    def to_dict(self, *, records: bool = False) -> dict[str, Any]:
        """JSON-safe summary (and every game's record with ``records=True``)."""
        d: dict[str, Any] = {
            "game": self.game, "rules": self.rules_label or repr(self.rules), "lineup": self.lineup_label,
            "bots": list(self.bots),
            "players": self.players, "games": self.games, "seed": self.seed, "hand_limit": self.hand_limit,
            "round_name": self.round_name, "rotated": self.rotated, "games_finished": self.finished, "games_hit_limit": self.truncated,
            "games_drawn": self.draws,
            "win_rates": [e.to_dict() for e in self.win_rates()],
            "metrics": {
                name: {"mean": s["mean"].to_dict(), "median": _nan_none(s["median"]), "p90": _nan_none(s["p90"])}
                for name, s in self.summary().items()
            },
            "notes": self._notes(),
        }
        if records:
            d["records"] = [r.to_dict() for r in self.records]
        return d

    def to_pandas(self) -> Any:
        """One row per game: index, rounds, steps, truncated, winners, each seat's return, game metrics."""
        import pandas as pd

        rows = []
        for r in self.records:
            row: dict[str, Any] = {"game": r.index, "rounds": r.rounds, "steps": r.steps, "truncated": r.truncated,
                                   "winners": ",".join(str(w + 1) for w in r.winners)}
            row.update({f"return_seat{i + 1}": float(v) for i, v in enumerate(r.fractions())})
            row.update(r.metrics)
            rows.append(row)
        return pd.DataFrame(rows)

    def _rows(self) -> list[tuple[str, str, str, str]]:
        rows = []
        for name, s in self.summary().items():
            est: Estimate = s["mean"]
            rows.append((name, _fmt(est.value), f"{_fmt(est.low)} .. {_fmt(est.high)}",
                         f"{_fmt(s['median'])} / {_fmt(s['p90'])}"))
        return rows

    def to_text(self) -> str:
        """A human summary (what the CLI prints)."""
        lines = [f"{self.game}: {self.games} games, {self.players} players, seed {self.seed}",
                 f"rules: {self.rules_label or self.rules!r}",
                 f"line-up: {self.lineup_label} ({', '.join(f'seat {i + 1} {b}' for i, b in enumerate(self.bots))})"
                 + (" (rotated: game i seats them i places further on)" if self.rotated else "")]
        lines += [f"note: {n}" for n in self._notes()]
        lines.append("win rate by seat (95% CI):")
        for i, (b, e) in enumerate(zip(self.bots, self.win_rates())):
            who = "" if self.rotated else f" ({b})"  # rotated: every bot sat in every seat
            lines.append(f"  seat {i + 1}{who}: {_pct(e.value)} ({_pct(e.low)} .. {_pct(e.high)})")
        lines.append(f"{'metric':<22} {'mean':>10} {'95% CI':>23} {'median / p90':>16}")
        for name, mean, ci, q in self._rows():
            lines.append(f"{name:<22} {mean:>10} {ci:>23} {q:>16}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        import html

        esc = html.escape
        head = (f"<b>{esc(self.game)}</b>: {self.games} games, {self.players} players, line-up "
                f"{esc(self.lineup_label)}, seed {self.seed}<br>"
                f"<small>{esc(self.rules_label or repr(self.rules))}</small>")
        notes = "".join(f"<p><b>Note:</b> {esc(n)}</p>" for n in self._notes())
        wins = "".join(
            f"<tr><td>seat {i + 1}</td><td>{esc(b)}</td><td>{_pct(e.value)}</td><td>{_pct(e.low)} – {_pct(e.high)}</td></tr>"
            for i, (b, e) in enumerate(zip(self.bots, self.win_rates()))
        )
        metrics = "".join(
            f"<tr><td title='{esc(self.metric_help.get(n, ''))}'>{esc(n)}</td><td>{m}</td><td>{c}</td><td>{q}</td></tr>"
            for n, m, c, q in self._rows()
        )
        return (
            f"<div style='overflow-x:auto'>{head}{notes}"
            f"<table><tr><th>seat</th><th>bot</th><th>win rate</th><th>95% CI</th></tr>{wins}</table>"
            f"<table><tr><th>metric</th><th>mean</th><th>95% CI</th><th>median / p90</th></tr>{metrics}</table></div>"
        )

    def plot(self, metric: str | None = None, ax: Any = None) -> Any:
        """A histogram of one metric over the games (default: the game length); returns the Axes."""
        from ..plotting import axes_or_new
        from .stats import mean_estimate  # (imported here: see estimate)

        ax = axes_or_new(ax)
        metric = metric or self.length_metric
        values = self.metric_values(metric)
        ax.hist(values, bins=min(50, max(5, len(set(values)))), color="#4c72b0")
        est = mean_estimate(values)
        ax.axvline(est.value, color="k", linestyle="--", label=f"mean {_fmt(est.value)}")
        ax.set_xlabel(metric)
        ax.set_ylabel("games")
        ax.set_title(f"{self.game}: {metric} over {len(values)} games")
        ax.legend()
        return ax


def _nan_none(x: float) -> float | None:
    return None if math.isnan(x) else x


def _fmt(x: float) -> str:
    if math.isnan(x):
        return "n/a"
    return f"{x:.4g}" if abs(x) < 1e6 else f"{x:.3e}"


def _pct(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{100 * x:.1f}%"
