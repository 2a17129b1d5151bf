"""How much skill a game rewards: the skill gap of each bot, and ratings of all bots.

**Skill gap.** For a bot *B* and a game of *n* players, seat *B* at a table of *n - 1*
baseline bots (``random``), rotate the seats (every seat equally often), and measure

    gap(B) = share of the games won by B  -  1/n

(a k-way split counts 1/k, a game every seat drew 1/n; a Wilson 95% interval shifted by
1/n). A game of pure luck has gap 0 for every bot; the *game's* skill gap is that of its
strongest bot. The bot's mean net result per game (chips) is reported beside it, with a
bootstrap interval. The games are a study ([`compare`][dreidelpoker.play.compare]), so they
are paired across bots, precision-stopped and resumable like any other.

**Ratings.** Every table of *n* different registered bots (all of them when there are
fewer than *n*) plays seat-rotated games; each game ranks its seats by their net result
(ties share a rank) and updates the bots' Weng–Lin ratings (``openskill``'s
Plackett–Luce model). The games are rated in a seeded random order; the 95% interval of
each bot's rating ``mu`` is the percentile interval over bootstrap resamples of the games.

Where a game has an exactly solved sub-game (``PlaySpec.exploitability``: Two Dreidel's
heads-up spin game), each bot's exploitability there is shown beside its skill.
"""

from __future__ import annotations

import html
import itertools
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .bots import BotSpec, bot_label
from .result import SimulationResult
from .simulate import play_spec
from ..validation import check_count
from .stats import Estimate
from .study import Comparison, baseline_bot, compare
from ..errors import InputError, shorten

__all__ = ["BotRating", "Ratings", "SkillGap", "ratings", "skill_gap"]


def _candidates(spec: Any, game: str, bots: Sequence[str] | str | None, base: str) -> list[str]:
    if isinstance(bots, str):
        bots = [b.strip() for b in bots.split(",") if b.strip()]
    if bots is None:
        names = [b for b in spec.bots if b != base]
    else:
        names = list(dict.fromkeys(bots))
        if not names:
            raise InputError("bots: the list is empty; name at least one bot")
        for b in names:
            if b not in spec.bots:
                raise InputError(f"bots: unknown bot {shorten(b)} for {game}; known bots: {', '.join(spec.bots)}")
    return names


@dataclass(frozen=True, eq=False)
class SkillGap:
    """Each bot's skill gap against a table of baseline bots (see the module docstring).

    Attributes:
        game: the registered game name.
        players: the table size *n*.
        baseline: the baseline bot filling the other seats.
        study: the underlying [`Comparison`][dreidelpoker.play.Comparison] (one line-up per bot).
        bots: the bots measured (none when the game has no bot but the baseline: no choice, gap 0).
        exploitability: ``{bot: per-seat exploitability}`` in the game's exactly solved
            sub-game, when it has one (chips per game), else empty.
        exploitability_note: what that sub-game is.

    Examples:
        >>> from dreidelpoker.games.skirmish import SkirmishRules
        >>> from dreidelpoker.play import skill_gap
        >>> gap = skill_gap(SkirmishRules(), bots=["greedy"], baseline="random", games=20, seed=1, progress=False)
        >>> gap.baseline, gap.bots
        ('random', ('greedy',))
    """

    game: str
    players: int
    baseline: str
    study: Comparison
    bots: tuple[str, ...]
    exploitability: Mapping[str, tuple[float, ...]]
    exploitability_note: str = ""

    def share(self, bot: str) -> Estimate:
        """The bot's share of the games won, Wilson 95%."""
        return self.study.estimate(self.study.base, "win:1", bot)

    def gap(self, bot: str) -> Estimate:
        """Share won minus 1/n, with the share's Wilson 95% interval shifted by 1/n."""
        e = self.share(bot)
        fair = 1 / self.players
        return Estimate(e.value - fair, e.low - fair, e.high - fair, e.samples, e.seed, kind="proportion")

    def chips(self, bot: str) -> Estimate:
        """The bot's mean net result per game, bootstrap 95%."""
        return self.study.estimate(self.study.base, "return:1", bot)

    @property
    def strongest(self) -> str | None:
        """The bot with the largest gap (``None`` when the game has no bot but the baseline)."""
        if not self.bots:
            return None
        return max(self.bots, key=lambda b: self.gap(b).value)

    def rows(self) -> list[dict[str, Any]]:
        """One row per bot: share, gap and chips with their intervals, exploitability where known."""
        out = []
        for b in self.bots:
            g, c = self.gap(b), self.chips(b)
            ex = self.exploitability.get(b)
            out.append({"bot": b, "games": self.study.games, "share": self.share(b).value, "gap": g.value,
                        "gap_low": g.low, "gap_high": g.high, "chips": c.value, "chips_low": c.low,
                        "chips_high": c.high,
                        "exploitability": None if ex is None else float(np.mean(ex))})
        return out

    def to_pandas(self) -> Any:
        """The rows as a pandas DataFrame."""
        import pandas as pd

        return pd.DataFrame(self.rows())

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe: the rules played (every field), the definition, each bot's row, the strongest bot and
        how the study stopped."""
        return {
            "game": self.game, "rules": self.study.rules_fields(), "players": self.players, "baseline": self.baseline,
            "seed": self.study.seed,
            "games_per_bot": self.study.games if self.bots else 0, "stopped_on": self.study.stopped_on,
            "definition": f"share of games won by the bot at a table of {self.players - 1} {self.baseline} bot(s), "
                          f"seats rotated, minus 1/{self.players}",
            "strongest": self.strongest, "bots": self.rows(),
            "exploitability_note": self.exploitability_note or None,
        }

    def to_text(self) -> str:
        """A human summary (what the ``skill`` command prints)."""
        n = self.players
        if not self.bots:
            return (f"{self.game}: no bot but the baseline {self.baseline!r}; the game gives no choice to measure "
                    f"(skill gap 0 by definition)")
        lines = [f"{self.game} skill gap: share of games won at a table of {n - 1} {self.baseline} bot(s), seats "
                 f"rotated, minus 1/{n}; {self.study.stop_text()}, seed {self.study.seed}"]
        lines.append(f"  {'bot':<18} {'gap (95% CI)':>28} {'chips/game (95% CI)':>30}"
                     + ("  exploitability" if self.exploitability else ""))
        for r in self.rows():
            ex = "" if r["exploitability"] is None else f"  {r['exploitability']:.4g}"
            lines.append(f"  {r['bot']:<18} {r['gap']:+.3f} ({r['gap_low']:+.3f} .. {r['gap_high']:+.3f})"
                         f"      {r['chips']:+.3g} ({r['chips_low']:+.3g} .. {r['chips_high']:+.3g}){ex}")
        lines.append(f"strongest: {self.strongest}")
        if self.exploitability_note:
            lines.append(f"exploitability: {self.exploitability_note}")
        return "\n".join(lines)

    def plot(self, ax: Any = None) -> Any:
        """Each bot's skill gap with its 95% interval (0 = no edge over the baseline); returns the Axes."""
        from ..plotting import axes_or_new

        ax = axes_or_new(ax)
        rows = self.rows()
        ys = range(len(rows))
        ax.errorbar([r["gap"] for r in rows], list(ys), fmt="o", capsize=3,
                    xerr=[[r["gap"] - r["gap_low"] for r in rows], [r["gap_high"] - r["gap"] for r in rows]])
        ax.axvline(0, color="k", linewidth=0.8)
        ax.set_yticks(list(ys), [r["bot"] for r in rows])
        ax.set_xlabel(f"skill gap: share won against {self.baseline} bots minus 1/{self.players} (95% CI)")
        ax.set_title(f"{self.game}: skill gap, {self.players} players")
        return ax

    def _repr_html_(self) -> str:
        esc = html.escape
        body = "".join(
            f"<tr><td>{esc(r['bot'])}</td><td>{r['gap']:+.3f}</td><td>{r['gap_low']:+.3f} – {r['gap_high']:+.3f}</td>"
            f"<td>{r['chips']:+.3g}</td><td>{_num(r['exploitability'])}</td></tr>"
            for r in self.rows())
        return (f"<div style='overflow-x:auto'><b>{esc(self.game)} skill gap</b> ({self.players} players, baseline "
                f"{esc(self.baseline)}, {self.study.games} games per bot)<table><tr><th>bot</th><th>gap</th>"
                f"<th>95% CI</th><th>chips/game</th><th>exploitability</th></tr>{body}</table></div>")


def _num(x: float | None) -> str:
    return "" if x is None else f"{x:.4g}"


def skill_gap(
    rules: object,
    *,
    bots: Sequence[str] | str | None = None,
    baseline: str | None = None,
    players: int | None = None,
    games: int = 1000,
    precision: float | str | None = None,
    batch: int | None = None,
    seed: int = 0,
    executor: Any = None,
    progress: bool = True,
    hand_limit: int | None = None,
    store: str | os.PathLike[str] | None = None,
    exploitability: bool = False,
) -> SkillGap:
    """Each bot's skill gap: its share of the games won against baseline bots minus 1/n (module docstring).

    Parameters:
        rules: a playable game's rules object.
        bots: the bots to measure (default: every registered bot but the baseline).
        baseline: the bot in the other seats (default: ``random``, else the game's first bot).
        players: the table size (default: from the rules, or the game's smallest count).
        games: the budget, games per bot (1 to 1,000,000).
        precision: a target 95% half-width of every bot's gap (``0.02``, or ``"10%"`` of
            the share), played for in batches until met or the budget is spent.
        batch: games per batch.
        seed: the root seed (game ``i`` of every bot's table from the same seed).
        executor: ``None``, a ``concurrent.futures.Executor`` or a ``dask.distributed.Client``.
        progress: a ``tqdm`` bar.
        hand_limit: the round limit of each game.
        store: a folder that keeps finished batches (resumable).
        exploitability: also compute each bot's exploitability in the game's exactly solved
            sub-game (may take a minute); refused for a game without one.

    Returns:
        A [`SkillGap`][dreidelpoker.play.SkillGap].

    Raises:
        InputError: an unknown bot, a bad count or target (as [`compare`][dreidelpoker.play.compare]), or
            ``exploitability`` for a game with no exactly solved sub-game.

    Examples:
        >>> from dreidelpoker.games.skirmish import SkirmishRules
        >>> sg = skill_gap(SkirmishRules(), bots=["optimal", "greedy"], games=200, seed=1, progress=False)
        >>> sg.gap("optimal").low > 0  # beats random players: a game of skill
        True
    """
    game, spec = play_spec(rules)
    hook = spec.exploitability
    if exploitability and hook is None:  # refused before any game is played
        raise InputError(f"exploitability does not apply to {game.title}: it has no exactly solved sub-game to "
                         "measure a bot in; leave it out")
    base = baseline if baseline is not None else baseline_bot(spec)
    if base not in spec.bots:
        raise InputError(f"baseline: unknown bot {shorten(base)} for {game.name}; known bots: {', '.join(spec.bots)}")
    if players is None and spec.players_in_rules:
        players = getattr(rules, spec.players_in_rules)
    n = players if players is not None else spec.min_players
    names = _candidates(spec, game.name, bots, base)
    if len(spec.bots) == 1 and bots is None:
        names = []
    lineups = {b: (b,) + (base,) * (n - 1) for b in names}
    targets = {"win:1": precision} if precision is not None else None
    # A game with one bot gives no choice to measure: its checks still run, no game is played.
    study = compare({"rules": rules}, lineups=lineups or {base: (base,) * n}, players=n,
                    metrics=["win:1", "return:1"], precision=targets, games=games if lineups else 1, batch=batch,
                    seed=seed, executor=executor, progress=progress, hand_limit=hand_limit,
                    store=store if lineups else None)
    expl: dict[str, tuple[float, ...]] = {}
    note = ""
    if exploitability and hook is not None:
        note, measured = hook(rules)
        expl = {b: tuple(float(x) for x in v) for b, v in measured.items()}
    return SkillGap(game=game.name, players=n, baseline=base, study=study, bots=tuple(names), exploitability=expl,
                    exploitability_note=note)


# -- ratings -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BotRating:
    """One bot's Weng–Lin rating after a round-robin (see the module docstring).

    Attributes:
        bot: the bot's name.
        mu: the rating's mean (openskill's scale: 25 at the start).
        sigma: its uncertainty.
        low, high: the 95% bootstrap interval of ``mu`` over resampled games.
        games: games the bot played.
    """

    bot: str
    mu: float
    sigma: float
    low: float
    high: float
    games: int

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: a conservative rating (openskill's ordinal)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, eq=False)
class Ratings:
    """Ratings of every bot from a seat-rotated round-robin (see the module docstring).

    Attributes:
        game: the registered game name.
        players: the table size.
        tables: the line-ups played (each seat-rotated).
        study: the underlying study (one line-up per table).
        ratings: one `BotRating` per bot, best first.
        resamples: bootstrap resamples behind the intervals.

    Examples:
        >>> from dreidelpoker.games.skirmish import SkirmishRules
        >>> from dreidelpoker.play import ratings
        >>> table = ratings(SkirmishRules(), bots=["greedy", "random"], games=10, seed=1, progress=False)
        >>> sorted(r.bot for r in table.ratings)
        ['greedy', 'random']
    """

    game: str
    players: int
    tables: tuple[tuple[str, ...], ...]
    study: Comparison
    ratings: tuple[BotRating, ...]
    resamples: int

    def order(self) -> list[str]:
        """The bots from the weakest to the strongest (by ``mu``)."""
        return [r.bot for r in sorted(self.ratings, key=lambda r: r.mu)]

    def __getitem__(self, bot: str) -> BotRating:
        for r in self.ratings:
            if r.bot == bot:
                return r
        raise InputError(f"bot: {shorten(bot)} was not rated; rated: {', '.join(r.bot for r in self.ratings)}")

    def rows(self) -> list[dict[str, Any]]:
        """One row per bot, best first."""
        return [{"bot": r.bot, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal, "mu_low": r.low,
                 "mu_high": r.high, "games": r.games} for r in self.ratings]

    def to_pandas(self) -> Any:
        """The rows as a pandas DataFrame."""
        import pandas as pd

        return pd.DataFrame(self.rows())

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe: tables, games and each bot's rating with its interval."""
        return {"game": self.game, "players": self.players, "tables": [list(t) for t in self.tables],
                "games_per_table": self.study.games, "seed": self.study.seed, "resamples": self.resamples,
                "model": "openskill Plackett-Luce (Weng-Lin)", "ratings": self.rows()}

    def to_text(self) -> str:
        """A human summary."""
        lines = [f"{self.game} ratings: {len(self.tables)} tables of {self.players} x {self.study.games} games, "
                 f"seats rotated, seed {self.study.seed}; openskill Plackett-Luce, 95% bootstrap interval of mu "
                 f"({self.resamples} resamples)"]
        for r in self.ratings:
            lines.append(f"  {r.bot:<18} mu {r.mu:6.2f} ({r.low:6.2f} .. {r.high:6.2f})  sigma {r.sigma:.2f}  "
                         f"{r.games} games")
        return "\n".join(lines)

    def plot(self, ax: Any = None) -> Any:
        """Each bot's rating ``mu`` with its 95% bootstrap interval, best at the top; returns the Axes."""
        from ..plotting import axes_or_new

        ax = axes_or_new(ax)
        rs = list(reversed(self.ratings))
        ax.errorbar([r.mu for r in rs], list(range(len(rs))), fmt="o", capsize=3,
                    xerr=[[r.mu - r.low for r in rs], [r.high - r.mu for r in rs]])
        ax.set_yticks(list(range(len(rs))), [r.bot for r in rs])
        ax.set_xlabel("openskill rating mu (95% bootstrap CI)")
        ax.set_title(f"{self.game}: ratings, {self.players} players")
        return ax

    def _repr_html_(self) -> str:
        esc = html.escape
        body = "".join(f"<tr><td>{esc(r.bot)}</td><td>{r.mu:.2f}</td><td>{r.low:.2f} – {r.high:.2f}</td>"
                       f"<td>{r.sigma:.2f}</td></tr>" for r in self.ratings)
        return (f"<div style='overflow-x:auto'><b>{esc(self.game)} ratings</b><table><tr><th>bot</th><th>mu</th>"
                f"<th>95% CI</th><th>sigma</th></tr>{body}</table></div>")


def _game_ranks(res: SimulationResult) -> list[tuple[tuple[str, ...], tuple[int, ...]]]:
    """Per game: the bot in each seat and its rank (1 = best net result; ties share a rank)."""
    out = []
    n = res.players
    for rec in res.records:
        seated = [""] * n
        for k, b in enumerate(res.bots):
            seated[res.seat_of(k, rec.index)] = b
        rets = [float(x) for x in rec.fractions()]
        ranks = tuple(1 + sum(1 for y in rets if y > x) for x in rets)
        out.append((tuple(seated), ranks))
    return out


def _rate(games: Sequence[tuple[tuple[str, ...], tuple[int, ...]]], bots: Sequence[str],
          order: np.ndarray[Any, Any]) -> dict[str, tuple[float, float]]:
    """Weng–Lin ratings after the games in ``order``; a bot in several seats of one game gets
    the mean of its seats' updates."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = {b: (model.mu, model.sigma) for b in bots}
    for g in order:
        seated, ranks = games[int(g)]
        teams = [[model.rating(mu=current[b][0], sigma=current[b][1])] for b in seated]
        new = model.rate(teams, ranks=list(ranks))
        updates: dict[str, list[tuple[float, float]]] = {}
        for b, team in zip(seated, new):
            updates.setdefault(b, []).append((float(team[0].mu), float(team[0].sigma)))
        for b, ups in updates.items():
            current[b] = (sum(u[0] for u in ups) / len(ups), sum(u[1] for u in ups) / len(ups))
    return current


def ratings(
    rules: object,
    *,
    bots: Sequence[str] | str | None = None,
    players: int | None = None,
    games: int = 200,
    resamples: int = 100,
    batch: int | None = None,
    seed: int = 0,
    executor: Any = None,
    progress: bool = True,
    hand_limit: int | None = None,
    store: str | os.PathLike[str] | None = None,
) -> Ratings:
    """Rate every bot from a seat-rotated round-robin with openskill's Weng–Lin model (module docstring).

    Parameters:
        rules: a playable game's rules object.
        bots: the bots to rate (default: every registered bot; at least 2).
        players: the table size (default: from the rules, or the game's smallest count).
        games: games per table (1 to 1,000,000; rounded up to a whole number of rotations).
        resamples: bootstrap resamples of the games for the intervals (20 to 2,000).
        batch: games per batch.
        seed: the root seed (tables, rating order and bootstrap all follow from it).
        executor: ``None``, a ``concurrent.futures.Executor`` or a ``dask.distributed.Client``.
        progress: a ``tqdm`` bar.
        hand_limit: the round limit of each game.
        store: a folder that keeps finished batches (resumable).

    Returns:
        [`Ratings`][dreidelpoker.play.Ratings], best first.

    Raises:
        InputError: an unknown bot, fewer than 2 bots, more tables than 200, or bad counts.

    Examples:
        >>> from dreidelpoker.games.skirmish import SkirmishRules
        >>> r = ratings(SkirmishRules(), bots=["random", "optimal"], games=100, resamples=20, seed=1, progress=False)
        >>> r.order()
        ['random', 'optimal']
    """
    game, spec = play_spec(rules)
    names = _candidates(spec, game.name, bots, "")
    if len(names) < 2:
        raise InputError(f"bots: ratings rank bots against each other and need at least 2 bots; {game.name} offers "
                         f"only {', '.join(names) or 'none'} here (known bots: {', '.join(spec.bots)})")
    resamples = check_count(resamples, "resamples", low=20, high=2000)
    if players is None and spec.players_in_rules:
        players = getattr(rules, spec.players_in_rules)
    n = players if players is not None else spec.min_players
    if len(names) >= n:
        tables = list(itertools.combinations(names, n))
    else:
        tables = list(itertools.combinations_with_replacement(names, n))
    if len(tables) > 200:
        raise InputError(f"bots: {len(tables)} tables of {n} is more than 200; name fewer bots")
    lineups: dict[str, tuple[BotSpec, ...]] = {",".join(t): tuple(t) for t in tables}
    study = compare({"rules": rules}, lineups=lineups, players=n, metrics=["return:1"], games=games, batch=batch,
                    seed=seed, executor=executor, progress=progress, hand_limit=hand_limit, store=store)
    all_games = [g for _, res in study.cells for g in _game_ranks(res)]
    rng = np.random.default_rng(np.random.SeedSequence(study.seed % 2**128, spawn_key=(2**32 - 1,)))
    point = _rate(all_games, names, rng.permutation(len(all_games)))
    boot: dict[str, list[float]] = {b: [] for b in names}
    for _ in range(resamples):
        pick = rng.integers(len(all_games), size=len(all_games))
        rated = _rate(all_games, names, pick)
        for b in names:
            boot[b].append(rated[b][0])
    counts = {b: sum(1 for seated, _ in all_games if b in seated) for b in names}
    out = []
    for b in names:
        lo, hi = (float(x) for x in np.quantile(boot[b], [0.025, 0.975]))
        mu = point[b][0]
        out.append(BotRating(b, mu, point[b][1], min(lo, mu), max(hi, mu), counts[b]))
    out.sort(key=lambda r: -r.mu)
    return Ratings(game=game.name, players=n, tables=tuple(tuple(bot_label(b) for b in t) for t in tables),
                   study=study, ratings=tuple(out), resamples=resamples)

