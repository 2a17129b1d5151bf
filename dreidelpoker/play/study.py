"""Studies: paired comparisons of rules variants and line-ups, played until the answer is precise.

[`compare`][dreidelpoker.play.compare] plays every *cell* (a rules variant × a named line-up) of one game with
**common random numbers**: game ``i`` of every cell draws from the same
``SeedSequence(seed, spawn_key=(i,))`` (what [`simulate`][dreidelpoker.play.simulate] uses for
game ``i``), so a variant's difference from the base is paired game by game and what the
two share cancels out of it. Line-ups are **rotated** round the table (game ``i`` seats the
bot at line-up position ``k`` in seat ``(k - i) mod n``), so every bot sits in every seat
equally often and seat advantage is measured apart from bot strength.

Games are played in **batches**; after each batch (in batch order, whatever finished
first) every metric with a precision target is estimated, and the study stops as soon as
every target is met, or at the game budget. The same seed gives the same games, the same
stopping point and the same result serially, on processes and on Dask. With ``store=`` every
finished batch is kept on disk ([`dreidelpoker.play.store`][dreidelpoker.play.store]) and a study run again
resumes from it.

Intervals fit the metric ([`dreidelpoker.play.stats`][dreidelpoker.play.stats]): Wilson for win shares and the
metrics a game declares rates (``PlaySpec.rate_metrics``: a 0/1 event per game; never guessed
from the values), a seeded BCa bootstrap for means and medians of everything else, order
statistics for other quantiles, and a paired bootstrap for differences.
"""

from __future__ import annotations

import dataclasses
import html
import math
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .._fractions import to_jsonable
from .bots import BotSpec, bot_label, resolve_lineup
from .result import SimulationResult, plural
from .runner import MAX_GAMES, GameRecord, run_tasks, worker_count
from ..validation import check_count, is_whole_number
from .simulate import play_spec, resolve_seed
from .stats import Estimate, bootstrap_estimate, difference_estimate, proportion_estimate, quantile_estimate
from .store import BatchStore, batch_key
from ..errors import InputError, InputTypeError, shorten
from ..limits import progress_bar
from ..strict_numbers import parse_float

__all__ = [
    "MAX_STUDY_GAMES", "Comparison", "Measure", "StudyCell", "baseline_bot", "compare", "default_lineup",
    "known_metrics", "named_lineups", "parse_precision",
]

#: The most games one study may play, over all its cells (budget × cells).
MAX_STUDY_GAMES = 10_000_000

#: Games per batch when none is given (rounded up to a multiple of the player count).
DEFAULT_BATCH = 100


# -- what is measured -------------------------------------------------------------------------
@dataclass(frozen=True)
class Measure:
    """One figure a study reports: a per-game metric and a statistic of it over the games.

    Written as text: ``"hands"`` (the mean), ``"hands:median"``, ``"hands:p90"`` (a
    quantile); the metric may also follow a bot (``"win:1"``: the share of games won by
    the bot at line-up position 1; ``"return:1"``: its net result).

    Examples:
        >>> Measure.parse("hands:p90")
        Measure(metric='hands', statistic=0.9)
        >>> Measure.parse("win:1").name
        'win:1'
    """

    metric: str
    statistic: str | float = "mean"

    @classmethod
    def parse(cls, text: str) -> Measure:
        """``"metric"``, ``"metric:mean"``, ``"metric:median"`` or ``"metric:pNN"`` (NN from 1 to 99).

        Raises:
            InputError: empty text or a malformed statistic.
        """
        if not isinstance(text, str) or not text.strip():
            raise InputError(f"metric: expected a metric name like hands or hands:median, got {shorten(text)}")
        text = text.strip()
        head, sep, tail = text.rpartition(":")
        if sep and tail in ("mean", "median"):
            return cls(head, tail)
        if sep and re.fullmatch(r"p[0-9]{1,2}", tail):
            q = int(tail[1:])
            if not 1 <= q <= 99:
                raise InputError(f"metric: {text!r}: a quantile is p1 to p99")
            return cls(head, q / 100)
        return cls(text)

    @property
    def name(self) -> str:
        """The text form (``hands``, ``hands:median``, ``hands:p90``)."""
        if self.statistic == "mean":
            return self.metric
        if self.statistic == "median":
            return f"{self.metric}:median"
        return f"{self.metric}:p{round(float(self.statistic) * 100)}"

    def estimate(self, values: np.ndarray[Any, Any], *, seed: int | None, rate: bool = False) -> Estimate:
        """This figure over ``values`` (``nan`` left out) with the interval that fits it: Wilson for
        the mean of a ``rate`` (a metric that records a 0/1 event or a win share, as
        [`SimulationResult.is_rate`][dreidelpoker.play.SimulationResult.is_rate] declares it), a
        seeded bootstrap for any other mean or median, order statistics for other quantiles.

        Examples:
            >>> import numpy as np
            >>> Measure.parse("deals").estimate(np.ones(50), seed=1).kind  # a count that is always 1
            'bootstrap'
            >>> Measure.parse("showdown").estimate(np.ones(50), seed=1, rate=True).kind
            'proportion'
        """
        v = values[~np.isnan(values)]
        if rate and self.statistic == "mean":
            return proportion_estimate(float(v.sum()), int(v.size), seed=seed)
        if self.statistic in ("mean", "median"):
            return bootstrap_estimate(v, statistic=self.statistic, seed=_seed32(seed))
        low = 0.0 if v.size and float(v.min()) >= 0 else -math.inf
        return quantile_estimate(v, float(self.statistic), seed=seed, low=low)

    def difference(self, variant: np.ndarray[Any, Any], base: np.ndarray[Any, Any], *, seed: int | None,
                   paired: bool = True) -> Estimate:
        """This figure's difference ``variant - base`` over the games both define (paired, or not)."""
        both = ~(np.isnan(variant) | np.isnan(base))
        return difference_estimate(variant[both], base[both], statistic=self.statistic, paired=paired,
                                   seed=_seed32(seed))


def _seed32(seed: int | None) -> int | None:
    """A bootstrap seed from a root seed (numpy takes any int; kept small for readable records)."""
    return None if seed is None else seed % (2**63)


def parse_precision(targets: Mapping[str, float | str] | None) -> dict[str, tuple[float, bool]]:
    """Precision targets ``{measure: half-width}`` -> ``{measure: (target, relative)}``.

    A number is an absolute 95% half-width (``0.02``); text ending in ``%`` is relative to
    the estimate (``"5%"``: half-width at most 5% of the value). Text is parsed strictly
    (digits and one decimal point), never evaluated.

    Parameters:
        targets: the targets, or ``None``.

    Returns:
        The parsed targets.

    Raises:
        InputError: a target of 0 or less, not a number, or not finite.

    Examples:
        >>> parse_precision({"hands": "5%", "all_in_rate": 0.02})
        {'hands': (0.05, True), 'all_in_rate': (0.02, False)}
    """
    out: dict[str, tuple[float, bool]] = {}
    for name, raw in (targets or {}).items():
        relative = False
        value: float
        if isinstance(raw, str):
            text = raw.strip()
            relative = text.endswith("%")
            number = text[:-1].strip() if relative else text
            try:  # the strict reader: decimals and p/q, never evaluated
                value = parse_float(number, what=f"precision: {name}") / (100 if relative else 1)
            except InputError:
                raise InputError(f"precision: {name}={shorten(raw)} is not a number like 0.02, 1/50 or 5%") from None
        elif is_whole_number(raw) or isinstance(raw, float):
            value = float(raw)
        else:
            raise InputTypeError(f"precision: {name} must be a number or text like '5%', got {shorten(raw)}")
        if not math.isfinite(value) or value <= 0:
            raise InputError(f"precision: {name} must be a half-width above 0, got {shorten(raw)}")
        out[str(name)] = (value, relative)
    return out


# -- line-ups ---------------------------------------------------------------------------------
def baseline_bot(spec: Any) -> str:
    """The game's baseline bot: ``random`` where the game has it, else its first registered bot.

    Parameters:
        spec: the game's [`PlaySpec`][dreidelpoker.play.PlaySpec].

    Returns:
        The baseline bot's name.

    Examples:
        >>> from dreidelpoker.games.registry import get_game
        >>> baseline_bot(get_game("two-dreidel").play)
        'random'
    """
    return "random" if "random" in spec.bots else next(iter(spec.bots))


def default_lineup(rules: object, players: int | None = None) -> tuple[str, ...]:
    """An all-equal table of the game's lead bot (the first seat of its default line-up):
    the line-up a pace or stakes question is answered under unless another is named.

    Parameters:
        rules: a playable game's rules object.
        players: the number of players (default: from the rules, or the game's only count).

    Returns:
        One bot name per seat.

    Raises:
        InputError: the player count is missing or not allowed.

    Examples:
        >>> from dreidelpoker.games.two_dreidel import TwoDreidelRules
        >>> default_lineup(TwoDreidelRules(), 3)
        ('equity', 'equity', 'equity')
    """
    game, spec = play_spec(rules)
    n = _players(spec, game.name, rules, players)
    return (spec.default_bots(n)[0],) * n


def named_lineups(rules: object, players: int | None = None) -> dict[str, tuple[str, ...]]:
    """The named line-ups a verdict is reported under: an all-equal table of every registered
    bot except the baseline (``"equity x4"``), and the game's default ``"mixed"`` table.

    Parameters:
        rules: a playable game's rules object.
        players: the number of players (default: from the rules, or the game's only count).

    Returns:
        ``{label: line-up}``.

    Examples:
        >>> from dreidelpoker.games.skirmish import SkirmishRules
        >>> list(named_lineups(SkirmishRules()))
        ['greedy x2', 'optimal x2', 'spendthrift x2', 'mixed']
    """
    game, spec = play_spec(rules)
    n = _players(spec, game.name, rules, players)
    base = baseline_bot(spec)
    out = {f"{b} x{n}": (b,) * n for b in spec.bots if b != base or len(spec.bots) == 1}
    out["mixed"] = tuple(spec.default_bots(n))
    return out


def _players(spec: Any, game: str, rules: Any, players: int | None) -> int:
    if players is None and spec.players_in_rules:
        players = getattr(rules, spec.players_in_rules)
    if players is None and spec.min_players == spec.max_players:
        players = spec.min_players
    if players is None:
        raise InputError(f"players: give the number of players ({spec.min_players} to {spec.max_players} for {game})")
    resolve_lineup(spec, game, None, players)  # checks the count
    return int(players)


# -- the study --------------------------------------------------------------------------------
@dataclass(frozen=True)
class StudyCell:
    """One cell of a study: a labelled rules variant under a labelled line-up.

    Attributes:
        variant: the variant's label (the base first).
        lineup: the line-up's label.
        rules: the rules played (adapted to the player count where the rules hold it).
        bots: one bot per line-up position (rotated round the seats when the study rotates).

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> from dreidelpoker.play import compare
        >>> cell, result = compare(ClassicDreidelRules(players=2, coins=2), metrics=["spins"], games=20, seed=1,
        ...                        progress=False).cells[0]
        >>> cell.lineup, result.games
        ('spinner x2', 20)
    """

    variant: str
    lineup: str
    rules: Any
    bots: tuple[BotSpec, ...]


@dataclass(frozen=True, eq=False)
class Comparison:
    """A study's result: every cell's games, each measure with its interval, and its paired
    difference from the base variant under the same line-up.

    Attributes:
        game: the registered game name.
        seed: the root seed (game ``i`` of every cell used ``SeedSequence(seed, spawn_key=(i,))``).
        cells: ``(StudyCell, SimulationResult)`` per cell, variants outer, line-ups inner.
        measures: the measures reported (`Measure` names).
        precision: ``{measure: (half-width, relative)}`` targets.
        budget: the most games per cell the study was allowed.
        batch: games per batch.
        stopped_on: ``"precision"`` (every target met), ``"budget"`` (the budget ran out
            first) or ``"games"`` (no targets: the budget was the plan).
        base: the base variant's label.

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> from dreidelpoker.play import compare
        >>> variants = {f"{c} coins": ClassicDreidelRules(players=2, coins=c) for c in (2, 3)}
        >>> study = compare(variants, metrics=["spins"], games=100, seed=1, progress=False)
        >>> study.variants, study.difference("3 coins", "spins").value > 0  # more coins, longer games
        (('2 coins', '3 coins'), True)
    """

    game: str
    seed: int
    cells: tuple[tuple[StudyCell, SimulationResult], ...]
    measures: tuple[str, ...]
    precision: Mapping[str, tuple[float, bool]]
    budget: int
    batch: int
    stopped_on: str
    base: str
    _cache: dict[tuple[str, ...], Estimate] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def games(self) -> int:
        """Games played in every cell (the same count in each: they are paired)."""
        return self.cells[0][1].games

    @property
    def variants(self) -> tuple[str, ...]:
        """The variant labels, the base first."""
        return tuple(dict.fromkeys(c.variant for c, _ in self.cells))

    @property
    def lineups(self) -> tuple[str, ...]:
        """The line-up labels."""
        return tuple(dict.fromkeys(c.lineup for c, _ in self.cells))

    def result(self, variant: str, lineup: str | None = None) -> SimulationResult:
        """The games of one cell (``lineup`` may be omitted when there is one).

        Raises:
            InputError: an unknown variant or line-up.
        """
        lineup = self._lineup(lineup)
        for c, r in self.cells:
            if c.variant == variant and c.lineup == lineup:
                return r
        raise InputError(f"variant: unknown variant {shorten(variant)}; variants: {', '.join(self.variants)}")

    def _lineup(self, lineup: str | None) -> str:
        if lineup is None:
            if len(self.lineups) > 1:
                raise InputError(f"lineup: this study has several line-ups; name one of {', '.join(self.lineups)}")
            return self.lineups[0]
        if lineup not in self.lineups:
            raise InputError(f"lineup: unknown line-up {shorten(lineup)}; line-ups: {', '.join(self.lineups)}")
        return lineup

    def estimate(self, variant: str, measure: str, lineup: str | None = None) -> Estimate:
        """A measure in one cell, with its 95% interval.

        Examples:
            >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
            >>> c = compare({"4 coins": ClassicDreidelRules(players=2, coins=4),
            ...              "6 coins": ClassicDreidelRules(players=2, coins=6)}, games=200, seed=1, progress=False)
            >>> e = c.estimate("6 coins", "spins")
            >>> 0 < e.low <= e.value <= e.high
            True
        """
        lineup = self._lineup(lineup)
        key = ("e", variant, lineup, measure)
        if key not in self._cache:
            m = Measure.parse(measure)
            res = self.result(variant, lineup)
            self._cache[key] = m.estimate(res.per_game(m.metric), seed=self.seed, rate=res.is_rate(m.metric))
        return self._cache[key]

    def difference(self, variant: str, measure: str, lineup: str | None = None, *, paired: bool = True) -> Estimate:
        """``measure(variant) - measure(base)`` under one line-up, paired game by game, with a bootstrap 95% interval.

        ``paired=False`` resamples the two cells independently, as if they had been played
        from different seeds: the interval common random numbers save you from (for comparison).

        Examples:
            >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
            >>> c = compare({"4 coins": ClassicDreidelRules(players=2, coins=4),
            ...              "6 coins": ClassicDreidelRules(players=2, coins=6)}, games=200, seed=1, progress=False)
            >>> c.difference("6 coins", "spins").low > 0  # more coins, longer games
            True
        """
        lineup = self._lineup(lineup)
        key = ("d" if paired else "u", variant, lineup, measure)
        if key not in self._cache:
            m = Measure.parse(measure)
            a = self.result(variant, lineup).per_game(m.metric)
            b = self.result(self.base, lineup).per_game(m.metric)
            self._cache[key] = m.difference(a, b, seed=self.seed, paired=paired)
        return self._cache[key]

    def met(self, variant: str, measure: str, lineup: str | None = None) -> bool | None:
        """Whether the measure's precision target is met in the cell (``None``: no target)."""
        if measure not in self.precision:
            return None
        target, relative = self.precision[measure]
        return _meets(self.estimate(variant, measure, lineup), target, relative)

    def flips(self) -> list[str]:
        """Verdicts that flip between line-ups: a variant whose difference from the base is
        established (its interval excludes 0) upwards under one line-up and downwards under another."""
        out = []
        for m in self.measures:
            for v in self.variants[1:]:
                signs = {}
                for lu in self.lineups:
                    d = self.difference(v, m, lu)
                    if d.low > 0:
                        signs[lu] = "higher"
                    elif d.high < 0:
                        signs[lu] = "lower"
                if len(set(signs.values())) > 1:
                    out.append(f"{m} of {v} vs {self.base} flips with the line-up: "
                               + ", ".join(f"{s} under {lu}" for lu, s in signs.items()))
        return out

    def rows(self) -> list[dict[str, Any]]:
        """Tidy rows: one per cell and measure (value, interval, difference from the base and its interval,
        whether its precision target is met and so whether it stopped on precision or on the budget)."""
        out = []
        for cell, res in self.cells:
            for m in self.measures:
                e = self.estimate(cell.variant, m, cell.lineup)
                row: dict[str, Any] = {
                    "variant": cell.variant, "lineup": cell.lineup, "measure": m, "games": res.games,
                    "samples": e.samples, "value": e.value, "low": e.low, "high": e.high, "interval": e.kind,
                }
                if cell.variant != self.base:
                    d = self.difference(cell.variant, m, cell.lineup)
                    row.update({"difference": d.value, "difference_low": d.low, "difference_high": d.high})
                else:
                    row.update({"difference": 0.0, "difference_low": 0.0, "difference_high": 0.0})
                met = self.met(cell.variant, m, cell.lineup)
                row["target_met"] = met
                # Which figures the study stopped for: a met target on precision, an unmet one on the budget.
                row["stopped_on"] = "games" if met is None else ("precision" if met else "budget")
                out.append(row)
        return out

    def rules_fields(self, variant: str | None = None) -> Any:
        """The rules a variant (default: the base) was played under, every field with its value
        (JSON-safe; the rules' repr for rules that are not a dataclass)."""
        return _rules_fields(self.result(variant or self.base, self.lineups[0]).rules)

    def seat_advantage(self, variant: str | None = None, lineup: str | None = None) -> tuple[Estimate, ...]:
        """Each seat's share of the win minus 1/n in one cell (default: the base), Wilson 95%."""
        return self.result(variant or self.base, lineup).seat_advantage()

    def to_pandas(self) -> Any:
        """The tidy rows as a pandas DataFrame."""
        import pandas as pd

        return pd.DataFrame(self.rows())

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe: the study's parameters, the base rules (every field), every row, seat advantage
        per cell and the flips."""
        def num(x: Any) -> Any:
            return None if isinstance(x, float) and math.isnan(x) else x

        return {
            "game": self.game, "seed": self.seed, "games_per_cell": self.games, "budget": self.budget,
            "batch": self.batch, "stopped_on": self.stopped_on, "base": self.base,
            "base_rules": self.rules_fields(),
            "precision": {k: {"half_width": t, "relative": r} for k, (t, r) in self.precision.items()},
            "cells": [{"variant": c.variant, "lineup": c.lineup, "rules": r.rules_label or repr(c.rules),
                       "bots": list(r.bots), "rotated": r.rotated, "games_hit_limit": r.truncated,
                       "seat_advantage": [e.to_dict() for e in r.seat_advantage()]} for c, r in self.cells],
            "rows": [{k: num(v) for k, v in row.items()} for row in self.rows()],
            "flips": self.flips(),
        }

    def stop_text(self) -> str:
        """How the study stopped, in words."""
        if self.stopped_on == "precision":
            return f"stopped on precision after {self.games:,} games per cell (every target met)"
        if self.stopped_on == "budget":
            return f"stopped on the budget of {self.budget:,} games per cell (not every target met)"
        return f"{self.games:,} games per cell"

    def to_text(self) -> str:
        """A human summary (what the ``compare`` command prints)."""
        nv, nl = len(self.variants), len(self.lineups)
        lines = [f"{self.game} study: {nv} variant{'s' * (nv != 1)} x {nl} line-up{'s' * (nl != 1)}, seed {self.seed}, "
                 f"{self.stop_text()}; common random numbers (game i of every cell from the same seed), "
                 "seats rotated"]
        for cell, res in self.cells:
            if cell.variant == self.base:
                lines.append(f"line-up {cell.lineup}: {', '.join(res.bots)}")
        for m in self.measures:
            target = self.precision.get(m)
            head = f"{m}" + (f" (target half-width {_target_text(target)})" if target else "")
            lines.append(head + ":")
            for cell, _ in self.cells:
                e = self.estimate(cell.variant, m, cell.lineup)
                text = f"  {cell.variant:<26} {cell.lineup:<18} {_fmt(e.value):>9} ({_fmt(e.low)} .. {_fmt(e.high)})"
                if cell.variant != self.base:
                    d = self.difference(cell.variant, m, cell.lineup)
                    text += f"  vs base {_sign(d.value)} ({_sign(d.low)} .. {_sign(d.high)})"
                met = self.met(cell.variant, m, cell.lineup)
                if met is not None:
                    text += "  target met" if met else "  target NOT met"
                lines.append(text)
        lines.append("seat advantage (share of wins minus 1/n, base variant):")
        for cell, res in self.cells:
            if cell.variant == self.base:
                adv = ", ".join(f"seat {i + 1} {_sign(e.value)} ({_sign(e.low)} .. {_sign(e.high)})"
                                for i, e in enumerate(res.seat_advantage()))
                lines.append(f"  {cell.lineup}: {adv}")
        for cell, res in self.cells:
            if res.truncated:
                lines.append(f"note: {res.truncated} games of {cell.variant} / {cell.lineup} hit the limit of "
                             f"{res.hand_limit} {plural(res.round_name)}: their lengths are lower bounds")
        for f in self.flips():
            lines.append(f"note: {f}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        esc = html.escape
        body = "".join(
            f"<tr><td>{esc(r['measure'])}</td><td>{esc(r['variant'])}</td><td>{esc(r['lineup'])}</td>"
            f"<td>{_fmt(r['value'])}</td><td>{_fmt(r['low'])} – {_fmt(r['high'])}</td>"
            f"<td>{_sign(r['difference'])}</td><td>{_sign(r['difference_low'])} – {_sign(r['difference_high'])}</td></tr>"
            for r in self.rows())
        notes = "".join(f"<p><b>Note:</b> {esc(f)}</p>" for f in self.flips())
        return (f"<div style='overflow-x:auto'><b>{esc(self.game)} study</b>: {esc(self.stop_text())}, seed "
                f"{self.seed}{notes}<table><tr><th>measure</th><th>variant</th><th>line-up</th><th>value</th>"
                f"<th>95% CI</th><th>vs base</th><th>95% CI</th></tr>{body}</table></div>")

    def plot(self, measure: str | None = None, ax: Any = None) -> Any:
        """Each variant's paired difference from the base (95% interval), one marker per line-up; returns the Axes."""
        from ..plotting import axes_or_new

        ax = axes_or_new(ax)
        measure = measure or self.measures[0]
        variants = self.variants[1:] or self.variants
        for k, lu in enumerate(self.lineups):
            ds = [self.difference(v, measure, lu) for v in variants]
            ys = [i + 0.15 * (k - (len(self.lineups) - 1) / 2) for i in range(len(variants))]
            ax.errorbar([d.value for d in ds], ys, xerr=[[d.value - d.low for d in ds], [d.high - d.value for d in ds]],
                        fmt="o", capsize=3, label=lu)
        ax.axvline(0, color="k", linewidth=0.8)
        ax.set_yticks(range(len(variants)), list(variants))
        ax.set_xlabel(f"{measure}: difference from {self.base} (paired, 95% CI)")
        ax.legend(title="line-up", fontsize="small")
        return ax


def _target_text(target: tuple[float, bool]) -> str:
    t, relative = target
    return f"{100 * t:g}% of the value" if relative else f"{t:g}"


def _meets(e: Estimate, target: float, relative: bool) -> bool:
    if e.samples < 2 or math.isnan(e.low) or math.isnan(e.high):
        return False
    limit = target * abs(e.value) if relative else target
    return e.half_width <= limit


def _fmt(x: float) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "n/a"
    return f"{x:.4g}"


def _sign(x: float) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "n/a"
    return f"{x:+.4g}"


# -- running cells --------------------------------------------------------------------------
def _lcm(values: Sequence[int]) -> int:
    out = 1
    for v in values:
        out = out * v // math.gcd(out, v)
    return out


def _rotated(lineup: tuple[BotSpec, ...], r: int) -> tuple[BotSpec, ...]:
    """The line-up of a game with rotation ``r``: seat ``s`` holds position ``(s + r) mod n``."""
    n = len(lineup)
    return tuple(lineup[(s + r) % n] for s in range(n))


def _workers(executor: Any) -> int:
    return worker_count(executor)


def _run_cells(
    game: str, spec: Any, cells: Sequence[StudyCell], *, seed: int, budget: int, batch: int, rotate: bool,
    hand_limit: int, executor: Any, progress: bool, store: BatchStore | None,
    check: Callable[[list[list[GameRecord]]], bool] | None,
) -> tuple[list[list[GameRecord]], bool]:
    """Play the cells in batches until ``check(records)`` is true after a batch, or the budget is spent.

    Batches are judged in order, whatever finished first, so the stopping point (and so the
    result) is the same on any executor; batches played beyond it are kept in the store.

    Returns:
        Each cell's records (game order) and whether ``check`` stopped the study.
    """
    n_batches = -(-budget // batch)
    sizes = [min(batch, budget - b * batch) for b in range(n_batches)]
    records: list[list[GameRecord]] = [[] for _ in cells]
    workers = _workers(executor)
    ahead = n_batches if check is None else (1 if workers == 1 else 2 * workers)
    nxt = 0
    with progress_bar(budget * len(cells), f"{game} study", enabled=progress, unit=" games", min_total=0) as bar:
        while nxt < n_batches:
            wave = range(nxt, min(n_batches, nxt + ahead))
            done: dict[tuple[int, int], list[GameRecord]] = {}
            parts: dict[tuple[int, int], list[GameRecord]] = {}
            remaining: dict[tuple[int, int], int] = {}
            keys: dict[tuple[int, int], str] = {}
            tasks: list[tuple[Any, ...]] = []
            owner: list[tuple[int, int]] = []
            for b in wave:
                start = b * batch
                for ci, cell in enumerate(cells):
                    key = batch_key(game=game, rules=cell.rules, lineup=cell.bots, rotated=rotate, seed=seed,
                                    hand_limit=hand_limit, batch_size=batch, batch=b)
                    keys[(b, ci)] = key
                    got = store.load(game, key, count=sizes[b]) if store is not None else None
                    if got is not None:
                        done[(b, ci)] = got
                        bar.update(sizes[b])
                        continue
                    n = len(cell.bots)
                    groups = range(n) if rotate else range(1)
                    parts[(b, ci)] = []
                    for r in groups:
                        # Rotated: the games of the batch whose index is r modulo n, as a range
                        # (Dask walks and hashes a list's elements on every submit).
                        idx = range(start + (r - start) % n, start + sizes[b], n) if rotate \
                            else range(start, start + sizes[b])
                        if idx:
                            lineup = _rotated(cell.bots, r) if rotate else cell.bots
                            tasks.append((spec, cell.rules, lineup, seed, idx, hand_limit, False))
                            owner.append((b, ci))
                    remaining[(b, ci)] = sum(1 for o in owner if o == (b, ci))
            for k, recs in run_tasks(tasks, executor, progress=bar, weights=[len(t[4]) for t in tasks]):
                o = owner[k]
                parts[o].extend(recs)
                remaining[o] -= 1
                if remaining[o] == 0:
                    done[o] = sorted(parts.pop(o), key=lambda r: r.index)
                    if store is not None:
                        store.save(game, keys[o], done[o])
            nxt = wave.stop
            for b in wave:
                for ci in range(len(cells)):
                    records[ci].extend(done[(b, ci)])
                if check is not None and check(records):
                    return records, True
    return records, False


def _cell_results(game: str, spec: Any, cells: Sequence[StudyCell], records: list[list[GameRecord]], *, seed: int,
                  hand_limit: int, rotate: bool) -> tuple[tuple[StudyCell, SimulationResult], ...]:
    return tuple(
        (cell, SimulationResult(
            game=game, rules=cell.rules, bots=tuple(bot_label(b) for b in cell.bots), games=len(recs), seed=seed,
            hand_limit=hand_limit, round_name=spec.round_name, records=tuple(recs), metric_help=spec.metric_help,
            rules_label=cell.variant, rotated=rotate, rate_metrics=spec.rate_metrics))
        for cell, recs in zip(cells, records))


def known_metrics(spec: Any, players: int) -> list[str]:
    """Every metric name a study of this game can measure (before any game is played).

    Parameters:
        spec: the game's play specification.
        players: players at the table.

    Returns:
        The metric names (a measure is a name, optionally with ``:median`` or ``:pNN``).

    Examples:
        >>> from dreidelpoker.games.registry import get_game
        >>> known_metrics(get_game("skirmish").play, 2)[:3]
        ['rounds', 'steps', 'skirmishes']
    """
    names = ["rounds", "steps", *spec.metric_help]
    names += [f"{k}:{i}" for k in ("win", "return", "seat_win") for i in range(1, players + 1)]
    names += [f"return_seat{i}" for i in range(1, players + 1)]
    return list(dict.fromkeys(names))


def _check_measures(spec: Any, measures: Sequence[str], players: int) -> list[str]:
    """The measures as canonical names, each checked against the game's metrics.

    Raises:
        InputError: an unknown metric (the message lists the known ones).
    """
    known = known_metrics(spec, players)
    out = []
    for text in measures:
        m = Measure.parse(text)
        if m.metric not in known:
            listed = [k for k in known if not k.startswith(("win:", "return:", "seat_win:", "return_seat"))]
            raise InputError(f"metric: unknown metric {shorten(m.metric)}; known: {', '.join(listed)}, "
                             f"win:K, return:K, seat_win:S (K, S from 1 to {players})")
        out.append(m.name)
    return list(dict.fromkeys(out))


def _length_metric(spec: Any) -> str:
    own = plural(spec.round_name)
    return own if own in spec.metric_help else "rounds"


def _prepare(
    rules_items: list[tuple[str, Any]], lineups: Any, players: int | None,
) -> tuple[Any, Any, list[StudyCell], int]:
    """``(game, spec, cells, players)`` for labelled rules and line-ups, every check done before any game."""
    if not rules_items:
        raise InputError("variants: the list is empty; give the base rules and at least one variant")
    game, spec = play_spec(rules_items[0][1])
    for label, r in rules_items:
        g, _ = play_spec(r)
        if g.name != game.name:
            raise InputError(f"variants: every variant must be {game.name} rules; {shorten(label)} is {g.name}")
    labels = [lbl for lbl, _ in rules_items]
    if len(set(labels)) != len(labels):
        raise InputError("variants: two variants have the same label")
    base_rules = rules_items[0][1]
    lineup_items: list[tuple[str, Any]]
    if lineups is None:
        equal = default_lineup(base_rules, players)
        lineup_items = [(f"{equal[0]} x{len(equal)}", equal)]
    elif isinstance(lineups, Mapping):
        lineup_items = [(str(k), v) for k, v in lineups.items()]
    elif isinstance(lineups, str) or (isinstance(lineups, Sequence) and lineups and not isinstance(lineups[0], (list, tuple))):
        lineup_items = [(lineups if isinstance(lineups, str) else ",".join(bot_label(b) for b in lineups), lineups)]
    else:
        lineup_items = [(",".join(bot_label(b) for b in lu), lu) for lu in lineups]
    if not lineup_items:
        raise InputError("lineups: the list is empty; give at least one line-up")
    cells = []
    counts = set()
    for label, r in rules_items:
        for lu_label, lu in lineup_items:
            lineup = resolve_lineup(spec, game.name, lu, players)
            n = len(lineup)
            if spec.players_in_rules and players is None and n != getattr(r, spec.players_in_rules):
                raise InputError(f"lineups: {shorten(lu_label)} has {n} bots but the rules of {shorten(label)} "
                                 f"are for {getattr(r, spec.players_in_rules)} players")
            cell_rules = spec.adapt_rules(r, n) if spec.adapt_rules is not None else r
            cells.append(StudyCell(label, lu_label, cell_rules, lineup))
            counts.add(n)
    return game, spec, cells, max(counts)


def compare(
    variants: Mapping[str, Any] | Sequence[Any] | Any,
    *,
    lineups: Mapping[str, Sequence[BotSpec] | str] | Sequence[BotSpec] | str | None = None,
    players: int | None = None,
    metrics: Sequence[str] | None = None,
    precision: Mapping[str, float | str] | None = None,
    games: int = 1000,
    batch: int | None = None,
    seed: int = 0,
    rotate: bool = True,
    executor: Any = None,
    progress: bool = True,
    hand_limit: int | None = None,
    store: str | os.PathLike[str] | None = None,
) -> Comparison:
    """Compare rules variants (and line-ups) of one game with paired, seat-rotated games.

    Parameters:
        variants: ``{label: rules}`` with the base first, a list of rules objects (labelled by
            their ``label``; the first is the base) or one rules object. Variants written as
            text come from [`rules_variants`][dreidelpoker.play.rules_variants].
        lineups: ``{label: line-up}``, one line-up (names or a comma-separated string), a list
            of line-ups, or ``None`` for `default_lineup` (an all-equal table of the
            game's lead bot); [`named_lineups`][dreidelpoker.play.named_lineups] gives the usual set.
        players: the number of players (needed when no line-up is given and the rules do not hold it).
        metrics: what to report (`Measure` text: ``"hands"``, ``"hands:median"``,
            ``"all_in_rate"``, ``"win:1"`` …); default: the game length.
        precision: ``{measure: half-width}`` targets (``0.02`` absolute, ``"5%"`` relative): play
            until every one is met in every cell, or the budget is spent. A measure named here
            is reported even if ``metrics`` leaves it out.
        games: the budget, games per cell (1 to 1,000,000; at most 10,000,000 over all cells);
            without ``precision`` exactly this many are played. Rounded up to a whole number
            of rotations.
        batch: games per batch (default about 100, a multiple of the player count); the
            precision is checked after each batch and the store keeps whole batches.
        seed: the root seed (game ``i`` of every cell uses ``SeedSequence(seed, spawn_key=(i,))``).
        rotate: rotate the line-up round the seats (default); ``False`` keeps position = seat.
        executor: ``None`` (serial), a ``concurrent.futures.Executor`` or a ``dask.distributed.Client``.
        progress: a ``tqdm`` bar (on a terminal or in Jupyter only).
        hand_limit: the round limit of each game (``None``: the game's default).
        store: a folder that keeps every finished batch; a study run again with the same
            arguments resumes from it (nothing is written before every check has passed).

    Returns:
        A [`Comparison`][dreidelpoker.play.Comparison].

    Raises:
        InputError: rules of different games, an empty variant list, an unknown metric or
            bot, a line-up of the wrong length, a precision of 0 or less, or a budget over
            the bound.

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> c = compare({"base": ClassicDreidelRules(players=3, coins=4), "6 coins": ClassicDreidelRules(players=3, coins=6)},
        ...             metrics=["spins", "spins:median"], games=300, seed=2, progress=False)
        >>> c.games, c.lineups
        (300, ('spinner x3',))
        >>> c.difference("6 coins", "spins").value > 0
        True
    """
    if isinstance(variants, Mapping):
        rules_items = [(str(k), v) for k, v in variants.items()]
    elif isinstance(variants, (list, tuple)):
        rules_items = [(_rules_label(r), r) for r in variants]
    else:
        rules_items = [(_rules_label(variants), variants)]
    game, spec, cells, n = _prepare(rules_items, lineups, players)
    targets = parse_precision(precision)
    default = [_length_metric(spec)]
    measures = _check_measures(spec, list(metrics or default) + [m for m in targets if m not in (metrics or default)], n)
    targets = {Measure.parse(k).name: v for k, v in targets.items()}
    _check_measures(spec, list(targets), n)
    limit = spec.default_hand_limit if hand_limit is None else check_count(hand_limit, "hand_limit", low=1, high=10**9)
    unit = _lcm([len(c.bots) for c in cells]) if rotate else 1
    budget = check_count(games, "games", low=1, high=MAX_GAMES)
    budget = -(-budget // unit) * unit
    if budget * len(cells) > MAX_STUDY_GAMES:
        raise InputError(f"games: {budget:,} games x {len(cells)} cells is more than the study bound of "
                         f"{MAX_STUDY_GAMES:,} games; use fewer cells or a smaller budget")
    if batch is None:
        size = -(-DEFAULT_BATCH // unit) * unit
    else:
        size = check_count(batch, "batch", low=1, high=MAX_GAMES)
        if size % unit:
            raise InputError(f"batch: {size} is not a multiple of {unit} (every rotation of the line-up in each batch)")
    root = resolve_seed(seed)
    for cell in cells:  # rules the game refuses fail here, before any game runs or anything is stored
        spec.new_game(cell.rules, players=len(cell.bots), hand_limit=limit)
    bs = BatchStore(store) if store is not None else None
    check = _precision_check(cells, targets, root, rotate, spec.rate_metrics) if targets else None
    records, met = _run_cells(game.name, spec, cells, seed=root, budget=budget, batch=size, rotate=rotate,
                             hand_limit=limit, executor=executor, progress=progress, store=bs, check=check)
    results = _cell_results(game.name, spec, cells, records, seed=root, hand_limit=limit, rotate=rotate)
    stopped = "games" if not targets else ("precision" if met else "budget")
    return Comparison(game=game.name, seed=root, cells=results, measures=tuple(measures), precision=targets,
                      budget=budget, batch=size, stopped_on=stopped, base=cells[0].variant)


def _rules_fields(rules: Any) -> Any:
    """Every field of a rules dataclass with its value (JSON-safe), else the rules' repr."""
    if dataclasses.is_dataclass(rules) and not isinstance(rules, type):
        return {f.name: to_jsonable(getattr(rules, f.name)) for f in dataclasses.fields(rules)}
    return repr(rules)


def _rules_label(rules: Any) -> str:
    return str(getattr(rules, "label", None) or getattr(rules, "deck_label", None) or repr(rules))


def _precision_check(cells: Sequence[StudyCell], targets: Mapping[str, tuple[float, bool]],
                     seed: int, rotate: bool, rate_metrics: frozenset[str]) -> Callable[[list[list[GameRecord]]], bool]:
    """``records -> every target met in every cell`` (a cheap normal screen first, then the real interval)."""
    def check(records: list[list[GameRecord]]) -> bool:
        for cell, recs in zip(cells, records):
            res = SimulationResult(game="", rules=cell.rules, bots=tuple(bot_label(b) for b in cell.bots),
                                   games=len(recs), seed=seed, hand_limit=0, round_name="", records=tuple(recs),
                                   rotated=rotate, rate_metrics=rate_metrics)
            for name, (target, relative) in targets.items():
                m = Measure.parse(name)
                values = res.per_game(m.metric)
                v = values[~np.isnan(values)]
                if v.size < 2:
                    return False
                # Screen: a normal half-width far above the target cannot meet it yet.
                rough = 1.96 * float(np.std(v, ddof=1)) / math.sqrt(v.size)
                limit = target * abs(float(np.mean(v))) if relative else target
                if m.statistic == "mean" and rough > 1.5 * limit:
                    return False
                if not _meets(m.estimate(values, seed=seed, rate=res.is_rate(m.metric)), target, relative):
                    return False
        return True

    return check
