"""Variant search: the designer states targets, the library proposes the rules that meet them.

A search walks a game's rules space (the ``search_space`` its rules class declares, see
[`dreidelpoker.search_space`][dreidelpoker.search_space]) with [Optuna](https://optuna.org)'s seeded samplers
(NSGA-II for several objectives, TPE for one), keeps every trial in Optuna's RDB storage on
a SQLite file, and evaluates each proposal with the study layer
([`compare`][dreidelpoker.play.compare]): the same seed for every trial, so two trials play the
same deals (common random numbers) and their difference is the rules', not the luck's.

Targets are written as a designer says them ([`Target`][dreidelpoker.play.Target]): ``"hands:median in 10..25"``,
``"all_in_rate >= 0.25"``, ``"skill_gap >= 0.10"``. A target is *met* only when its whole 95%
interval lies on the right side, *missed* when it lies wholly on the wrong side, and *not
established* otherwise. Objectives are measures to maximise or minimise. Exact analyses a
game declares (``PlaySpec.exact_metrics``, e.g. Two Dreidel's trump share and deck cycle)
are computed, not simulated.

Against the winner's curse, the best proposals are played again with fresh seeds and more
games (`SearchResult.reevaluated`); the report shows both figures.

Examples:
    >>> from dreidelpoker.games.queenie import QueenieRules
    >>> r = search(QueenieRules(players=3), targets=["deals:median <= 3"], minimize=["deals"], trials=3,
    ...            games=60, storage=None, progress=False, fixed={"players": 3, "ante": 1}, reevaluate=1)
    >>> len(r.trials) == 3 and r.front[0]["status"] in ("met", "missed", "not established")
    True
"""

from __future__ import annotations

import dataclasses
import html
import json
import math
import os
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._version import __version__
from ..errors import InputError, InputTypeError, shorten
from ..validation import check_count, check_seed
from ..search_space import SearchSpace
from .stats import Estimate
from .study import Measure, compare, default_lineup, known_metrics

__all__ = ["Objective", "SearchResult", "Target", "load_search", "search", "stored_search"]

#: The most trials one search call runs (each trial plays whole games).
MAX_TRIALS = 10_000
#: The most games one trial plays (per line-up).
MAX_TRIAL_GAMES = 100_000
#: The skill measure: the strongest bot's share of wins at a table of baseline bots, minus 1/n.
SKILL_GAP = "skill_gap"
_OPS = (">=", "<=", ">", "<")


@dataclass(frozen=True)
class Target:
    """A constraint on one measure: ``measure >= x``, ``measure <= x`` or ``measure in a..b``.

    Examples:
        >>> Target.parse("hands:median in 10..25")
        Target(measure='hands:median', low=10.0, high=25.0)
        >>> Target.parse("all_in_rate >= 0.25").status(Estimate(0.3, 0.27, 0.33, 100))
        'met'
        >>> Target.parse("all_in_rate >= 0.25").status(Estimate(0.3, 0.2, 0.4, 100))
        'not established'
    """

    measure: str
    low: float = -math.inf
    high: float = math.inf

    @classmethod
    def parse(cls, text: str) -> Target:
        """``"m >= x"``, ``"m <= x"`` or ``"m in a..b"`` (numbers are decimals; nothing is evaluated).

        Raises:
            InputError: malformed text, a number that is not a plain decimal, or an empty range.
        """
        if not isinstance(text, str):
            raise InputTypeError(f"target: expected text like 'hands:median in 10..25', got {shorten(text)}")
        t = text.strip()
        m = re.fullmatch(r"([A-Za-z_][\w:]*)\s+in\s+(\S+)\s*\.\.\s*(\S+)", t)
        if m:
            low, high = _number(m.group(2), t), _number(m.group(3), t)
            if low > high:
                raise InputError(f"target {shorten(t)}: the range {low}..{high} is empty")
            return cls(m.group(1), low, high)
        m = re.fullmatch(r"([A-Za-z_][\w:]*)\s*(>=|<=|>|<)\s*(\S+)", t)
        if not m:
            raise InputError(f"target {shorten(t)}: expected 'measure >= x', 'measure <= x' or 'measure in a..b' "
                             "(e.g. 'hands:median in 10..25', 'all_in_rate >= 0.25')")
        x = _number(m.group(3), t)
        return cls(m.group(1), low=x) if m.group(2).startswith(">") else cls(m.group(1), high=x)

    @property
    def text(self) -> str:
        """The target as text."""
        if math.isinf(self.high):
            return f"{self.measure} >= {_num_text(self.low)}"
        if math.isinf(self.low):
            return f"{self.measure} <= {_num_text(self.high)}"
        return f"{self.measure} in {_num_text(self.low)}..{_num_text(self.high)}"

    def violation(self, e: Estimate) -> float:
        """How far the interval reaches past the target (``<= 0``: the whole interval meets it)."""
        return max(self.low - e.low, e.high - self.high)

    def status(self, e: Estimate) -> str:
        """``"met"`` (whole interval inside), ``"missed"`` (whole interval outside) or ``"not established"``."""
        if self.violation(e) <= 0:
            return "met"
        if e.high < self.low or e.low > self.high:
            return "missed"
        return "not established"


@dataclass(frozen=True)
class Objective:
    """A measure to maximise or minimise (its point estimate drives the search)."""

    measure: str
    maximize: bool

    @property
    def text(self) -> str:
        """``"maximize skill_gap"`` or ``"minimize hands"``."""
        return ("maximize " if self.maximize else "minimize ") + self.measure


def _number(text: str, whole: str) -> float:
    if not re.fullmatch(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)", text) or len(text) > 30:
        raise InputError(f"target {shorten(whole)}: {shorten(text)} is not a plain decimal number")
    return float(text)


def _num_text(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _space_of(rules: Any) -> SearchSpace:
    """The search space the game of ``rules`` declares: ``rules.searchable()`` where the space
    depends on the rules (a Plugin Poker member's own symbols), else ``type(rules).search_space``."""
    own = getattr(rules, "searchable", None)
    space = own() if callable(own) else getattr(type(rules), "search_space", None)
    if not isinstance(space, SearchSpace):
        raise InputError(f"{type(rules).__name__} declares no search space; the variant search needs one")
    return space


# -- what a trial measures ----------------------------------------------------------------------
@dataclass(frozen=True)
class _Plan:
    """Everything a trial needs, picklable (it travels to worker processes)."""

    game: str
    base: Any
    space: SearchSpace
    targets: tuple[Target, ...]
    objectives: tuple[Objective, ...]
    players: int | None
    lineup: tuple[str, ...]
    skill_lineup: tuple[str, ...] | None
    games: int
    precision: Mapping[str, float | str]
    seed: int
    hand_limit: int | None

    @property
    def measures(self) -> list[str]:
        names = [t.measure for t in self.targets] + [o.measure for o in self.objectives]
        return list(dict.fromkeys(names))

    def fingerprint(self) -> dict[str, Any]:
        return {"game": self.game, "space": self.space.fingerprint(), "targets": [t.text for t in self.targets],
                "objectives": [o.text for o in self.objectives], "lineup": list(self.lineup),
                "players": self.players, "base": repr(self.base)}


def _exact_metrics(game: str) -> Mapping[str, tuple[str, Callable[[Any, int], Any]]]:
    from ..games.registry import get_game

    spec = get_game(game).play
    return getattr(spec, "exact_metrics", {}) or {}


def _evaluate(plan: _Plan, settings: Mapping[str, Any], *, seed: int, games: int) -> dict[str, Any]:
    """Play (and compute) every measure of ``plan`` for one proposal: ``{measure: Estimate}`` or an error."""
    try:
        rules = dataclasses.replace(plan.base, **settings)
    except (InputError, ValueError, TypeError) as exc:
        return {"invalid": f"the rules refuse it: {exc}"}
    exact = _exact_metrics(plan.game)
    players = plan.players or len(plan.lineup)
    out: dict[str, Estimate] = {}
    simulated = [m for m in plan.measures if Measure.parse(m).metric not in exact and m != SKILL_GAP]
    lineups: dict[str, tuple[str, ...]] = {"pace": plan.lineup}
    if SKILL_GAP in plan.measures and plan.skill_lineup is not None:
        lineups["skill"] = plan.skill_lineup
    metrics = list(simulated) + (["win:1"] if "skill" in lineups else [])
    if metrics:
        try:
            c = compare({"trial": rules}, lineups=lineups, players=plan.players, metrics=metrics,
                        precision=dict(plan.precision) or None, games=games, seed=seed, progress=False,
                        hand_limit=plan.hand_limit)
        except InputError as exc:  # rules the whole-game engine refuses (e.g. a game that may never end)
            return {"invalid": str(exc)}
        for m in simulated:
            out[m] = c.estimate("trial", m, "pace")
        if "skill" in lineups:
            w = c.estimate("trial", "win:1", "skill")
            fair = 1 / players
            out[SKILL_GAP] = dataclasses.replace(w, value=w.value - fair, low=w.low - fair, high=w.high - fair)
    for m in plan.measures:
        name = Measure.parse(m).metric
        if name in exact:
            value = float(exact[name][1](rules, players))
            out[m] = Estimate(value, value, value, 0, kind="exact")
    return {"estimates": out, "settings": {k: _jsonable(v) for k, v in settings.items()}}


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple):
        return "-".join(str(x) for x in v) if all(isinstance(x, int) for x in v) else [_jsonable(x) for x in v]
    if isinstance(v, (bool, int, float, str)) or v is None:
        return v
    return str(v)


def _est_attr(e: Estimate) -> list[Any]:
    return [e.value, e.low, e.high, e.samples, e.kind]


def _est_from(a: Sequence[Any]) -> Estimate:
    return Estimate(float(a[0]), float(a[1]), float(a[2]), int(a[3]), kind=str(a[4]))


# -- the Optuna side ------------------------------------------------------------------------------
def _optuna() -> Any:
    try:
        import optuna
    except ImportError:  # pragma: no cover - a core dependency
        raise InputError("the variant search needs optuna (pip install optuna)") from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna


#: In-memory searches of this process (``storage=None``), by their ``memory:`` URL.
_MEMORY: dict[str, Any] = {}


def _storage_url(storage: str | os.PathLike[str] | None) -> str:
    if storage is None:
        import uuid

        return f"memory:{uuid.uuid4().hex}"
    path = Path(storage)
    if path.is_dir():
        raise InputError(f"storage {path}: is a folder; give a file such as {path / 'design.db'}")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise InputError(f"storage {path}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise InputError(f"storage {path}: not writable")
    if path.exists() and path.stat().st_size > 0:
        with open(path, "rb") as fh:
            if fh.read(16) != b"SQLite format 3\x00":
                raise InputError(f"storage {path}: exists and is not a SQLite database; give a new path")
    return f"sqlite:///{path.resolve()}"


def _study_name(plan: _Plan) -> str:
    import hashlib

    digest = hashlib.sha256(json.dumps(plan.fingerprint(), sort_keys=True).encode()).hexdigest()[:12]
    return f"{plan.game}-{digest}"


def _open_study(optuna: Any, url: str, plan: _Plan, *, create: bool) -> Any:
    storage = _storage(optuna, url)
    names = [s.study_name for s in optuna.study.get_all_study_summaries(storage, include_best_trial=False)]
    name = _study_name(plan)
    if names and name not in names:
        others = [n for n in names if n.startswith(plan.game + "-")]
        what = "another search (other targets, space or line-up)" if others else "another game's search"
        raise InputError(f"storage holds {what}: {', '.join(names)}; give a new --storage path for this search")
    if not create and name not in names:
        raise InputError(f"storage holds no search with these targets, space and line-up (it holds: "
                         f"{', '.join(names) or 'nothing'})")
    directions = ["maximize" if o.maximize else "minimize" for o in plan.objectives] or ["minimize"]
    study = optuna.create_study(storage=storage, study_name=name, directions=directions, load_if_exists=True)
    if create and "plan" not in study.user_attrs:
        study.set_user_attr("plan", plan.fingerprint())
        study.set_user_attr("provenance", {"library": f"dreidelpoker {__version__}", "seed": plan.seed,
                                           "games_per_trial": plan.games})
    return study


def _sampler(optuna: Any, plan: _Plan, seed: int) -> Any:
    # Constraints reach the samplers through ``trial.set_constraint`` (Optuna 5).
    if len(plan.objectives) > 1:
        return optuna.samplers.NSGAIISampler(seed=seed, population_size=20)
    return optuna.samplers.TPESampler(seed=seed, n_startup_trials=8)


def _objective_values(plan: _Plan, est: Mapping[str, Estimate]) -> list[float]:
    if plan.objectives:
        return [est[o.measure].value for o in plan.objectives]
    # only targets: drive the total violation down
    return [sum(max(0.0, t.violation(est[t.measure])) for t in plan.targets)]


def _run_trials(url: str, plan: _Plan, n_trials: int, seed: int) -> int:
    """Run ``n_trials`` trials against the stored study (one worker's share); returns how many ran."""
    optuna = _optuna()
    study = _open_study(optuna, url, plan, create=False)
    study.sampler = _sampler(optuna, plan, seed)

    def objective(trial: Any) -> Any:
        settings = plan.space.suggest(trial)
        why = plan.space.problem(settings)
        outcome: dict[str, Any] = {"invalid": why} if why else _evaluate(plan, settings, seed=plan.seed,
                                                                         games=plan.games)
        if "invalid" in outcome:
            trial.set_user_attr("invalid", str(outcome["invalid"]))
            raise optuna.TrialPruned(str(outcome["invalid"]))
        est: dict[str, Estimate] = outcome["estimates"]
        trial.set_user_attr("settings", outcome["settings"])
        trial.set_user_attr("estimates", {m: _est_attr(e) for m, e in est.items()})
        for t in plan.targets:
            trial.set_constraint(t.text, t.violation(est[t.measure]))
        values = _objective_values(plan, est)
        return values if len(values) > 1 else values[0]

    study.optimize(objective, n_trials=n_trials, catch=())
    return n_trials


def _worker(url: str, plan: _Plan, n_trials: int, seed: int) -> int:
    return _run_trials(url, plan, n_trials, seed)


# -- the public entry point -----------------------------------------------------------------------
def search(
    rules: Any,
    *,
    targets: Sequence[str | Target] = (),
    maximize: Sequence[str] = (),
    minimize: Sequence[str] = (),
    trials: int = 50,
    games: int = 400,
    precision: Mapping[str, float | str] | None = None,
    players: int | None = None,
    lineup: Sequence[str] | None = None,
    fixed: Mapping[str, Any] | None = None,
    ranges: Mapping[str, tuple[int, int]] | None = None,
    choices: Mapping[str, Sequence[Any]] | None = None,
    storage: str | os.PathLike[str] | None = "design.db",
    seed: int = 0,
    workers: int = 1,
    executor: Any = None,
    reevaluate: int = 3,
    reevaluate_games: int | None = None,
    hand_limit: int | None = None,
    progress: bool = True,
) -> SearchResult:
    """Search a game's rules space for variants that meet ``targets`` and optimise the objectives.

    Parameters:
        rules: the base rules (every proposal is ``dataclasses.replace(rules, **settings)``).
        targets: constraints ([`Target`][dreidelpoker.play.Target] or text like ``"all_in_rate >= 0.25"``).
        maximize: measures to maximise (study measures such as ``hands:median``, the game's
            exact metrics, or ``skill_gap``).
        minimize: measures to minimise.
        trials: how many finished trials the stored search should hold (a resumed search runs
            only the missing ones), at most 10,000.
        games: games per trial and line-up (the study's budget; with ``precision`` it may stop sooner).
        precision: the study's precision targets (``{"hands": "5%"}``), optional.
        players: players at the table (needed when the rules do not hold the count and no
            ``lineup`` is given).
        lineup: the bots for the pace and stakes measures (default: the study's all-equal
            table of the game's lead bot); ``skill_gap`` uses the strongest bot against baseline bots.
        fixed: rules fields held at one value (a searched field leaves the search).
        ranges: ``{field: (low, high)}`` to shrink a searched range.
        choices: ``{dimension: options}`` to keep some options of a choice.
        storage: the SQLite file of the search (created if missing; a stored search of the same
            plan continues), or ``None`` for an in-memory search.
        seed: the seed of the sampler and of every trial's games (common random numbers).
        workers: processes running trials in parallel against the same storage (needs a file).
        executor: an executor to run the workers on instead (e.g. a Dask client's
            ``get_executor()``; the storage file must be reachable from the workers).
        reevaluate: how many of the best proposals to play again with a fresh seed.
        reevaluate_games: games per line-up of that re-evaluation (default 4 x ``games``).
        hand_limit: the round limit of each game (default: the game's own).
        progress: show a progress bar.

    Returns:
        The trials, the best proposals, their re-evaluation and a proposal in words
        ([`SearchResult`][dreidelpoker.play.SearchResult]).

    Raises:
        InputError: an unknown measure or field, a range outside the declared one, a contradictory
            target, an unwritable storage path, a storage holding another search, or bounds exceeded.

    Examples:
        >>> from dreidelpoker.games.skirmish import SkirmishRules
        >>> r = search(SkirmishRules(), targets=["skirmishes:median <= 12"], trials=2, games=40,
        ...            storage=None, progress=False, reevaluate=0, fixed={"line_size": 3},
        ...            ranges={"pile_size": (3, 6)})  # a pile of 1 can run 10,000 skirmishes
        >>> len(r.trials)
        2
    """
    plan = _make_plan(rules, targets=targets, maximize=maximize, minimize=minimize, games=games,
                     precision=precision, players=players, lineup=lineup, fixed=fixed, ranges=ranges,
                     choices=choices, seed=seed, hand_limit=hand_limit)
    _check_count(trials, "trials", 1, MAX_TRIALS)
    _check_count(reevaluate, "reevaluate", 0, 100)
    _check_count(workers, "workers", 1, 256)
    optuna = _optuna()
    url = _storage_url(storage)
    if (workers > 1 or executor is not None) and storage is None:
        raise InputError("search: parallel workers share a storage file; give storage=PATH")
    study = _open_study(optuna, url, plan, create=True)
    _fail_stale(optuna, study, url)
    done = sum(1 for t in study.trials if t.state.is_finished())
    missing = max(0, trials - done)
    started = time.perf_counter()
    try:
        if missing:
            _drive(url, plan, missing, seed=seed + done, workers=workers, executor=executor, progress=progress)
        result = _result(optuna, url, plan, elapsed=time.perf_counter() - started)
        if reevaluate and result.trials:
            result = _reevaluate(optuna, url, plan, result, count=reevaluate,
                                 games=reevaluate_games or 4 * games, progress=progress)
    finally:
        _MEMORY.pop(url, None)
    return result


def _make_plan(
    rules: Any,
    *,
    targets: Sequence[str | Target] = (),
    maximize: Sequence[str] = (),
    minimize: Sequence[str] = (),
    games: int = 400,
    precision: Mapping[str, float | str] | None = None,
    players: int | None = None,
    lineup: Sequence[str] | None = None,
    fixed: Mapping[str, Any] | None = None,
    ranges: Mapping[str, tuple[int, int]] | None = None,
    choices: Mapping[str, Sequence[Any]] | None = None,
    seed: int = 0,
    hand_limit: int | None = None,
) -> _Plan:
    """The checked plan of a search (see [`search`][dreidelpoker.play.search] for the parameters); nothing runs."""
    from ..games.registry import game_for_rules

    info = game_for_rules(rules)
    game = info.name
    if info.play is None:
        raise InputError(f"{game} cannot be played whole yet, so it cannot be searched")
    space = _space_of(rules).narrow(fixed=fixed, ranges=ranges, choices=choices)
    tgts = tuple(t if isinstance(t, Target) else Target.parse(t) for t in targets)
    objs = tuple([Objective(m, True) for m in maximize] + [Objective(m, False) for m in minimize])
    if not tgts and not objs:
        raise InputError("search: give at least one target (--target) or objective (--maximize / --minimize)")
    _check_count(games, "games", 1, MAX_TRIAL_GAMES)
    check_seed(seed, "search: seed")
    _check_targets(tgts)
    n = players if players is not None else (len(lineup) if lineup else None)
    base_lineup = tuple(lineup) if lineup else default_lineup(rules, n)
    exact = _exact_metrics(game)
    table_players = len(base_lineup)
    allowed = set(known_metrics(info.play, table_players)) | set(exact) | {SKILL_GAP}
    for m in [t.measure for t in tgts] + [o.measure for o in objs]:
        if Measure.parse(m).metric not in allowed and m not in allowed:
            raise InputError(f"search: unknown measure {shorten(m)}; known: {', '.join(sorted(allowed))}")
    return _Plan(game=game, base=rules, space=space, targets=tgts, objectives=objs, players=players,
                 lineup=base_lineup, skill_lineup=_skill_lineup(info.play, table_players), games=games,
                 precision=dict(precision or {}), seed=seed, hand_limit=hand_limit)


def _check_count(value: Any, name: str, low: int, high: int) -> None:
    check_count(value, f"search: {name}", low=low, high=high)


def _check_targets(tgts: Sequence[Target]) -> None:
    by: dict[str, tuple[float, float]] = {}
    for t in tgts:
        low, high = by.get(t.measure, (-math.inf, math.inf))
        low, high = max(low, t.low), min(high, t.high)
        if low > high:
            raise InputError(f"search: the targets on {t.measure} contradict each other (nothing is >= "
                             f"{_num_text(low)} and <= {_num_text(high)})")
        by[t.measure] = (low, high)


def _skill_lineup(spec: Any, players: int) -> tuple[str, ...] | None:
    from .study import baseline_bot

    base = baseline_bot(spec)
    strong = [b for b in spec.bots if b != base]
    if not strong:
        return None
    lead = spec.default_bots(players)[0] if spec.default_bots(players)[0] != base else strong[0]
    return (lead,) + (base,) * (players - 1)


def _storage(optuna: Any, url: str) -> Any:
    if url.startswith("memory:"):
        return _MEMORY.setdefault(url, optuna.storages.InMemoryStorage())
    return optuna.storages.RDBStorage(url, engine_kwargs={"connect_args": {"timeout": 60}})


def _trial_id(storage: Any, study_name: str, number: int) -> int:
    return int(storage.get_trial_id_from_study_id_trial_number(storage.get_study_id_from_name(study_name), number))


def _fail_stale(optuna: Any, study: Any, url: str) -> None:
    """Trials left RUNNING by a killed search are marked failed, so the search runs them again."""
    storage = _storage(optuna, url)
    for t in study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.RUNNING,)):
        storage.set_trial_state_values(_trial_id(storage, study.study_name, t.number), optuna.trial.TrialState.FAIL)


def _drive(url: str, plan: _Plan, missing: int, *, seed: int, workers: int, executor: Any, progress: bool) -> None:
    from ..limits import progress_bar

    if executor is None and workers == 1:
        with progress_bar(total=missing, desc=f"search {plan.game}", unit="trial", enabled=progress) as bar:
            for i in range(missing):
                _run_trials(url, plan, 1, seed + i)
                bar.update(1)
        return
    own = executor is None
    if own:
        from concurrent.futures import ProcessPoolExecutor
        import multiprocessing

        executor = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
    try:
        shares = [missing // workers + (1 if k < missing % workers else 0) for k in range(workers)]
        futures = [executor.submit(_worker, url, plan, share, seed + 1000 * k) for k, share in enumerate(shares) if share]
        with progress_bar(total=missing, desc=f"search {plan.game}", unit="trial", enabled=progress) as bar:
            for f in futures:
                bar.update(f.result())
    finally:
        if own:
            executor.shutdown(cancel_futures=True)


# -- the result -----------------------------------------------------------------------------------
def _row(plan: _Plan, trial: Any) -> dict[str, Any]:
    est = {m: _est_from(a) for m, a in trial.user_attrs.get("estimates", {}).items()}
    statuses = [t.status(est[t.measure]) for t in plan.targets if t.measure in est]
    status = ("met" if all(s == "met" for s in statuses) else
              "missed" if any(s == "missed" for s in statuses) else "not established")
    return {"trial": trial.number, "settings": dict(trial.user_attrs.get("settings", {})), "estimates": est,
            "targets": {t.text: t.status(est[t.measure]) for t in plan.targets if t.measure in est},
            "status": status if plan.targets else "met"}


def _result(optuna: Any, url: str, plan: _Plan, *, elapsed: float) -> SearchResult:
    study = _open_study(optuna, url, plan, create=False)
    complete = [t for t in study.trials if t.state == optuna.trial.TrialState.COMPLETE]
    invalid = [(t.number, str(t.user_attrs.get("invalid", ""))) for t in study.trials
               if t.state == optuna.trial.TrialState.PRUNED]
    rows = [_row(plan, t) for t in complete]
    front = _front(plan, rows)
    return SearchResult(plan=plan, storage="in memory" if url.startswith("memory:") else url, study_name=study.study_name, trials=rows, front=front,
                        invalid=invalid, reevaluated=[], elapsed=elapsed,
                        provenance=dict(study.user_attrs.get("provenance", {})))


def _front(plan: _Plan, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The best rows. Among rows meeting every target: the Pareto front of the objectives (all of
    them, ordered by the first objective, when there is no objective). When no row meets every
    target: the ten rows closest to meeting them (smallest total reach of the intervals past the targets)."""
    met = [r for r in rows if r["status"] == "met"]

    def key(r: dict[str, Any]) -> list[float]:
        return [(-1 if o.maximize else 1) * r["estimates"][o.measure].value for o in plan.objectives]

    def slack(r: dict[str, Any]) -> float:
        return sum(max(0.0, t.violation(r["estimates"][t.measure])) for t in plan.targets)

    if not met:
        return sorted(rows, key=lambda r: (slack(r), key(r), r["trial"]))[:10]
    keys = {id(r): key(r) for r in met}
    front = [r for r in met if not any(_dominates(keys[id(o)], keys[id(r)]) for o in met if o is not r)]
    return sorted(front, key=lambda r: (keys[id(r)], r["trial"]))


def _best_rows(plan: _Plan, rows: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    """The ``count`` best rows: the front, then the next front of the rows left, and so on (a
    single objective's front is one row; the winner's curse needs the runners-up too)."""
    picked: list[dict[str, Any]] = []
    rest = list(rows)
    while rest and len(picked) < count:
        layer = _front(plan, rest)
        picked.extend(layer)
        taken = {id(r) for r in layer}
        rest = [r for r in rest if id(r) not in taken]
    return picked[:count]


def _dominates(a: Sequence[float], b: Sequence[float]) -> bool:
    return all(x <= y for x, y in zip(a, b)) and any(x < y for x, y in zip(a, b))


def _reevaluate(optuna: Any, url: str, plan: _Plan, result: SearchResult, *, count: int, games: int,
                progress: bool) -> SearchResult:
    """Play the best ``count`` proposals again with a fresh seed and more games (kept in the storage)."""
    from ..limits import progress_bar

    study = _open_study(optuna, url, plan, create=False)
    fresh = plan.seed + 1_000_003
    out = []
    picks = _best_rows(plan, result.trials, count)
    with progress_bar(total=len(picks), desc="re-evaluate", unit="variant", enabled=progress) as bar:
        for row in picks:
            # kept on the study (a finished trial cannot change), so a stored search shows it again
            key = f"reevaluated:{row['trial']}:{fresh}:{games}"
            stored = study.user_attrs.get(key)
            if stored is None:
                settings = _settings_of(plan, row["settings"])
                outcome = _evaluate(plan, settings, seed=fresh, games=games)
                stored = {m: _est_attr(e) for m, e in outcome.get("estimates", {}).items()}
                study.set_user_attr(key, stored)
            est = {m: _est_from(a) for m, a in stored.items()}
            targets = {t.text: t.status(est[t.measure]) for t in plan.targets if t.measure in est}
            statuses = list(targets.values())
            status = ("met" if all(x == "met" for x in statuses) else
                      "missed" if "missed" in statuses else "not established")
            out.append({"trial": row["trial"], "settings": row["settings"], "estimates": est, "targets": targets,
                        "status": status, "seed": fresh, "games": games})
            bar.update(1)
    # ranked again on the fresh figures: the proposal is the best replayed row, not the luckiest trial
    return dataclasses.replace(result, reevaluated=_best_rows(plan, out, len(out)))


def _settings_of(plan: _Plan, stored: Mapping[str, Any]) -> dict[str, Any]:
    """The rules settings of a stored row (decks stored as text go back through the rules' own parser)."""
    out: dict[str, Any] = {}
    for k, v in stored.items():
        if isinstance(v, list):
            v = tuple(v)
        out[k] = v
    return out


@dataclass(frozen=True)
class SearchResult:
    """What a variant search found: every trial, the best proposals and their re-evaluation.

    Attributes:
        plan: the search's targets, objectives, space, line-up and seed.
        storage: the storage URL (``sqlite:///…``).
        study_name: the Optuna study's name in that storage.
        trials: one row per finished trial: ``settings``, ``estimates`` (measure -> Estimate),
            ``targets`` (target -> met / missed / not established), ``status``.
        front: the best rows (Pareto front of the objectives among the rows meeting every target).
        invalid: ``(trial, reason)`` for proposals the rules refused.
        reevaluated: the best rows played again with a fresh seed and more games.
        elapsed: seconds this call spent running trials.
        provenance: library version, seed and games per trial of the stored search.

    Examples:
        >>> from dreidelpoker.games.skirmish import SkirmishRules
        >>> from dreidelpoker.play import search
        >>> r = search(SkirmishRules(), minimize=["skirmishes"], trials=2, games=20, storage=None, progress=False,
        ...            reevaluate=1, fixed={"line_size": 3}, ranges={"pile_size": (3, 6)})
        >>> len(r.trials) + len(r.invalid), len(r.reevaluated), r.proposal().startswith("Of ")
        (2, 1, True)
    """

    plan: _Plan
    storage: str
    study_name: str
    trials: list[dict[str, Any]]
    front: list[dict[str, Any]]
    invalid: list[tuple[int, str]]
    reevaluated: list[dict[str, Any]] = field(default_factory=list)
    elapsed: float = 0.0
    provenance: Mapping[str, Any] = field(default_factory=dict)

    def __repr__(self) -> str:
        best = self.front[0]["trial"] if self.front else None
        return (f"SearchResult(game={self.plan.game!r}, trials={len(self.trials)}, invalid={len(self.invalid)}, "
                f"best_trial={best}, reevaluated={len(self.reevaluated)}, storage={self.storage!r})")

    @property
    def measures(self) -> list[str]:
        """Every measure the search reports."""
        return self.plan.measures

    def table(self, rows: Sequence[Mapping[str, Any]] | None = None, *, compact: bool = False) -> list[dict[str, Any]]:
        """Flat rows: the status, each measure's value and interval, the variant's settings, each target's status.

        Parameters:
            rows: the rows to flatten (default: the front).
            compact: one ``variant`` column naming only what differs from the base rules
                (for display), instead of one column per searched field.
        """
        out = []
        for r in self.front if rows is None else rows:
            flat: dict[str, Any] = {"trial": r["trial"]}
            if "status" in r:
                flat["status"] = r["status"]
            for m in self.measures:
                e = r["estimates"].get(m)
                if e is not None:
                    flat[m] = e.value
                    flat[f"{m} 95% CI"] = "exact" if e.kind == "exact" else f"{e.low:.3g} .. {e.high:.3g}"
            if compact:
                flat["variant"] = self.variant_text(r["settings"])
            else:
                flat.update({k: v for k, v in r["settings"].items() if k not in self.plan.space.fixed})
                flat.update(r["targets"])
            out.append(flat)
        return out

    def variant_text(self, settings: Mapping[str, Any]) -> str:
        """What a row's settings change in the base rules, e.g. ``deck=2-7-7-2, blind=2`` (``base rules`` if nothing)."""
        changed = []
        for k, v in settings.items():
            if k in self.plan.space.fixed:
                continue
            base = getattr(self.plan.base, k, None)
            if _jsonable(base) != v:
                changed.append(f"{k}={v}")
        return ", ".join(changed) or "base rules"

    def to_pandas(self, which: str = "front") -> Any:
        """A DataFrame of ``"front"``, ``"trials"`` or ``"reevaluated"``."""
        import pandas as pd

        rows = {"front": self.front, "trials": self.trials, "reevaluated": self.reevaluated}
        if which not in rows:
            raise InputError(f"to_pandas: which must be front, trials or reevaluated; got {shorten(which)}")
        return pd.DataFrame(self.table(rows[which]))

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe: the plan, the front, the re-evaluation, the proposal and the provenance."""
        def row(r: Mapping[str, Any]) -> dict[str, Any]:
            d = {"trial": r["trial"], "settings": r["settings"], "targets": r["targets"],
                 "estimates": {m: e.to_dict() | {"kind": e.kind} for m, e in r["estimates"].items()}}
            for k in ("status", "seed", "games"):
                if k in r:
                    d[k] = r[k]
            return d

        return {"game": self.plan.game, "storage": self.storage, "study": self.study_name,
                "space": self.plan.space.describe(), "targets": [t.text for t in self.plan.targets],
                "objectives": [o.text for o in self.plan.objectives], "lineup": list(self.plan.lineup),
                "skill_lineup": list(self.plan.skill_lineup or ()), "games_per_trial": self.plan.games,
                "seed": self.plan.seed, "trials": len(self.trials), "invalid": len(self.invalid),
                "front": [row(r) for r in self.front], "reevaluated": [row(r) for r in self.reevaluated],
                "proposal": self.proposal(), "provenance": dict(self.provenance)}

    def proposal(self) -> str:
        """One paragraph in plain words: the rules to try, and how sure the figures are."""
        if not self.trials:
            return "No trial finished: nothing to propose."
        best = self.reevaluated[0] if self.reevaluated else self.front[0]
        settings = self.variant_text(best["settings"])
        parts = []
        for m, e in best["estimates"].items():
            parts.append(f"{m} {e.value:.3g}" + ("" if e.kind == "exact" else f" (95% CI {e.low:.3g} .. {e.high:.3g})"))
        met = [t for t, s in best["targets"].items() if s == "met"]
        open_ = [f"{t} ({s})" for t, s in best["targets"].items() if s != "met"]
        games = best.get("games", self.plan.games)
        seed_note = (f"replayed with a fresh seed over {games:,} games per line-up" if self.reevaluated
                     else f"over {games:,} games per line-up")
        text = (f"Of {len(self.trials)} variants played, the best changes the base rules to {settings}: " + "; ".join(parts)
                + f", {seed_note} with {', '.join(self.plan.lineup)}.")
        if self.plan.targets:
            text += (" It meets " + (", ".join(met) if met else "none of the targets")
                     + (" with its whole 95% interval" if met else "") + ".")
            if open_:
                text += " Not established or missed: " + "; ".join(open_) + "."
        return text

    def to_text(self) -> str:
        """A plain-text report: the front, the re-evaluation and the proposal."""
        from ..display import text_table

        lines = [f"Variant search of {self.plan.game}: {len(self.trials)} variants played "
                 f"({len(self.invalid)} more refused by the rules), {self.plan.games:,} games per trial, seed {self.plan.seed}",
                 "line-up: " + ", ".join(self.plan.lineup), "targets: " + ("; ".join(t.text for t in self.plan.targets) or "none"),
                 "objectives: " + ("; ".join(o.text for o in self.plan.objectives) or "none"), ""]
        rows = self.table(compact=True)
        if rows:
            cols = list(rows[0])
            lines += ["best proposals:", text_table(cols, [[_cell(r.get(c)) for c in cols] for r in rows[:10]]), ""]
        if self.reevaluated:
            rr = self.table(self.reevaluated, compact=True)
            cols = list(rr[0])
            lines += [f"re-evaluated (fresh seed, {self.reevaluated[0]['games']:,} games):",
                      text_table(cols, [[_cell(r.get(c)) for c in cols] for r in rr]), ""]
        lines.append(self.proposal())
        return "\n".join(lines)

    def _display_table(self, rows: Sequence[Mapping[str, Any]]) -> str:
        """HTML rows led by what decides: the variant, its target status, then each measure's
        value with its 95% interval beneath, the trial number last (``to_pandas`` has them apart)."""
        from ..display import Html, table_html

        flat = self.table(rows, compact=True)
        measures = [m for m in self.measures if any(m in r for r in flat)]
        cols = ["variant"] + (["status"] if any("status" in r for r in flat) else []) + measures + ["trial"]
        body = []
        for r in flat:
            cells: list[Any] = [Html(f"<span class='dp-wrap'>{html.escape(r['variant'])}</span>")]
            if "status" in cols:
                cells.append(_cell(r.get("status")))
            for m in measures:
                ci = r.get(f"{m} 95% CI")
                interval = "" if ci in (None, "exact") else f"<br><small>{html.escape(str(ci))}</small>"
                cells.append("" if m not in r else Html(html.escape(_cell(r[m])) + interval))
            body.append(cells + [_cell(r["trial"])])
        return table_html(cols, body)

    def _repr_html_(self) -> str:
        parts = [f"<p><b>Variant search of {html.escape(self.plan.game)}</b>: {len(self.trials)} trials, "
                 f"{self.plan.games:,} games per trial, line-up {html.escape(', '.join(self.plan.lineup))}</p>"]
        if self.front:
            parts.append(self._display_table(self.front[:10]))
        if self.reevaluated:
            parts.append("<p>Re-evaluated with a fresh seed:</p>")
            parts.append(self._display_table(self.reevaluated))
        parts.append(f"<p>{html.escape(self.proposal())}</p>")
        return "\n".join(parts)

    def plot_front(self, x: str | None = None, y: str | None = None, ax: Any = None) -> Any:
        """Every trial on two measures (the objectives by default), the front and re-evaluations marked."""
        import matplotlib.pyplot as plt

        ms = self.measures
        x = x or ms[0]
        y = y or (ms[1] if len(ms) > 1 else ms[0])
        if ax is None:
            _, ax = plt.subplots(figsize=(6, 4))
        for rows, style, label in ((self.trials, dict(color="0.7", s=14), "trial"),
                                   (self.front, dict(color="C0", s=30), "best"),
                                   (self.reevaluated, dict(color="C3", s=40, marker="D"), "re-evaluated")):
            pts = [(r["estimates"][x].value, r["estimates"][y].value) for r in rows
                   if x in r["estimates"] and y in r["estimates"]]
            if pts:
                ax.scatter(*zip(*pts), label=label, **style)
        for t in self.plan.targets:
            for axis, m in (("x", x), ("y", y)):
                if t.measure == m:
                    for bound in (t.low, t.high):
                        if not math.isinf(bound):
                            (ax.axvline if axis == "x" else ax.axhline)(bound, color="C2", ls="--", lw=1)
        ax.set_xlabel(x)
        ax.set_ylabel(y)
        ax.set_title(f"{self.plan.game}: {len(self.trials)} variants")
        ax.legend(fontsize=8)
        return ax

    def plot_targets(self, field_name: str, ax: Any = None) -> Any:
        """Each measure against one searched field, trial by trial (one panel a measure)."""
        import matplotlib.pyplot as plt

        ms = self.measures
        axes: list[Any]
        if ax is None:
            _, grid = plt.subplots(len(ms), 1, figsize=(6, 2.6 * len(ms)), squeeze=False)
            axes = list(grid[:, 0])
        else:
            axes = [ax] * len(ms)
        for a, m in zip(axes, ms):
            pts = [(str(r["settings"].get(field_name)), r["estimates"][m].value) for r in self.trials
                   if m in r["estimates"] and field_name in r["settings"]]
            labels = sorted({p[0] for p in pts}, key=_natural)
            pos = {k: i for i, k in enumerate(labels)}
            if pts:
                a.scatter([pos[p[0]] for p in pts], [p[1] for p in pts], s=12)
            a.set_xticks(range(len(labels)), labels, rotation=45 if len(labels) > 8 else 0, fontsize=8)
            a.set_ylabel(m)
            for t in self.plan.targets:
                if t.measure == m:
                    for bound in (t.low, t.high):
                        if not math.isinf(bound):
                            a.axhline(bound, color="C2", ls="--", lw=1)
        axes[-1].set_xlabel(field_name)
        return axes[0]


def _natural(text: str) -> tuple[Any, ...]:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text))


def _cell(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.3g}"
    return "" if v is None else str(v)


def load_search(storage: str | os.PathLike[str], *, rules: Any, reevaluate: int = 3,
                reevaluate_games: int | None = None, **plan: Any) -> SearchResult:
    """A stored search, read without running a trial.

    Parameters:
        storage: the SQLite file.
        rules: the base rules of that search.
        reevaluate: how many of the best rows to show re-evaluated (stored ones are read; missing
            ones are played).
        reevaluate_games: games of that re-evaluation (default 4 x the trial's games).
        **plan: the targets, objectives, space options, line-up, games and seed the search was run
            with (the keyword arguments of [`search`][dreidelpoker.play.search.search]).

    Returns:
        The stored search ([`SearchResult`][dreidelpoker.play.SearchResult]).

    Raises:
        InputError: the file is missing or holds another search.

    Examples:
        >>> load_search("missing.db", rules=None)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: storage missing.db: no such file
    """
    if not Path(storage).is_file():
        raise InputError(f"storage {storage}: no such file")
    p = _make_plan(rules, **plan)
    optuna = _optuna()
    url = _storage_url(storage)
    _open_study(optuna, url, p, create=False)
    result = _result(optuna, url, p, elapsed=0.0)
    if reevaluate and result.trials:
        result = _reevaluate(optuna, url, p, result, count=reevaluate, games=reevaluate_games or 4 * p.games,
                             progress=False)
    return result


#: The searches the library ships as data (``dreidelpoker/data/NAME.db`` with its provenance in
#: ``NAME.json``), each made by a script in ``benchmarks/`` named in that JSON.
_STORED_SEARCHES = ("two_dreidel_design",)


def stored_search(name: str = "two_dreidel_design", *, reevaluate: int = 3) -> SearchResult:
    """A search the library ships as data, read without playing a game.

    ``two_dreidel_design`` is the full run for Two Dreidel's three aims (fast, high-stakes,
    strategic): 50 trials of 400 games each at three players over the deck and the chips per
    player, targets ``hands:median in 8..25``, ``all_in_rate >= 0.25`` and ``skill_gap >= 0.1``,
    maximising the skill gap, the best three replayed with a fresh seed and 1,600 games. Its
    provenance (command, commit, date, wall and CPU seconds, load) is in the result's
    ``provenance``. The stored file is copied first, so the package's copy is never written.

    Parameters:
        name: which stored search (``two_dreidel_design`` is the one shipped today).
        reevaluate: how many of its stored re-evaluated proposals to show (0 to 3).

    Returns:
        The stored search ([`SearchResult`][dreidelpoker.play.SearchResult]).

    Raises:
        InputError: an unknown name, or ``reevaluate`` outside 0 to 3.

    Examples:
        >>> r = stored_search("two_dreidel_design")
        >>> len(r.trials) + len(r.invalid), r.plan.games, len(r.reevaluated)
        (50, 400, 3)
    """
    import shutil
    import tempfile

    from ..games.registry import get_game

    if name not in _STORED_SEARCHES:
        raise InputError(f"stored search {shorten(name)!s}: unknown; known: {', '.join(_STORED_SEARCHES)}")
    _check_count(reevaluate, "reevaluate", 0, 3)
    data = Path(__file__).resolve().parent.parent / "data"  # package data, beside the modules
    provenance = json.loads((data / f"{name}.json").read_text())
    rules = get_game(provenance["game"]).rules_type(**provenance["rules_fields"])
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / f"{name}.db"
        with (data / f"{name}.db").open("rb") as src, copy.open("wb") as dst:
            shutil.copyfileobj(src, dst)
        result = load_search(copy, rules=rules, reevaluate=reevaluate,
                             reevaluate_games=provenance["reevaluate_games"], **provenance["plan"])
    keep = ("command", "date", "git_commit", "wall_seconds", "cpu_seconds", "load_before", "cores",
            "optuna_version", "resumed")
    return dataclasses.replace(result, storage=f"dreidelpoker/data/{name}.db (package data, read from a copy)",
                               provenance={**result.provenance,
                                                   **{k: provenance[k] for k in keep if k in provenance}})
