"""The ``design GAME`` CLI verb: the variant search (:func:`dreidelpoker.play.search.search`)
for every playable game whose rules declare a search space."""

from __future__ import annotations

import argparse
import re
from typing import Any

from ..errors import InputError, shorten
from ..games.protocol import PlaySpec
from ..games.registry import CliCommand, GameInfo
from ..limits import int_arg
from ..search_space import Choice, SearchSpace

__all__ = ["search_commands"]


def _space(game: GameInfo) -> SearchSpace | None:
    space = getattr(game.rules_type, "search_space", None)
    return space if isinstance(space, SearchSpace) else None


def _measures_help(game: GameInfo, spec: PlaySpec) -> str:
    names = sorted(set(spec.metric_help) | set(spec.exact_metrics) | {"skill_gap"})
    return ", ".join(names)


def _add(p: argparse.ArgumentParser, game: GameInfo, spec: PlaySpec, space: SearchSpace) -> None:
    p.add_argument("--target", action="append", default=[], metavar="TEXT",
                   help="a constraint, repeatable: 'MEASURE >= X', 'MEASURE <= X' or 'MEASURE in A..B'; a measure "
                   "is a metric, optionally ':median' or ':pNN' (met only when its whole 95%% interval is inside). "
                   f"Measures: {_measures_help(game, spec)}")
    p.add_argument("--maximize", action="append", default=[], metavar="MEASURE", help="a measure to maximise (repeatable)")
    p.add_argument("--minimize", action="append", default=[], metavar="MEASURE", help="a measure to minimise (repeatable)")
    p.add_argument("--trials", type=int_arg, default=50, help="finished trials the stored search should hold (default 50)")
    p.add_argument("--games", type=int_arg, default=400, help="games per trial and line-up (default 400)")
    p.add_argument("--storage", default="design.db",
                   help="the SQLite file that keeps every trial (default design.db); run again to continue")
    p.add_argument("--fix", action="append", default=[], metavar="FIELD=VALUE",
                   help="hold a rules field at one value (repeatable; same syntax as a study variant)")
    p.add_argument("--range", action="append", default=[], metavar="FIELD=LOW..HIGH",
                   help="shrink a searched range (repeatable)")
    p.add_argument("--choices", action="append", default=[], metavar="FIELD=A,B",
                   help="keep some options of a searched choice (repeatable)")
    rng = (f"{spec.min_players}" if spec.min_players == spec.max_players
           else f"{spec.min_players} to {spec.max_players}")
    if not spec.players_in_rules:
        p.add_argument("--players", type=int_arg, default=None, help=f"players at the table ({rng}; default: the bots')")
    p.add_argument("--bots", default=None,
                   help=f"the line-up for pace and stakes, one bot per seat (known: {', '.join(sorted(spec.bots))}); "
                   "default: an all-equal table of the game's lead bot")
    p.add_argument("--seed", type=int_arg, default=0, help="seed of the sampler and of every trial's games (default 0)")
    p.add_argument("--reevaluate", type=int_arg, default=3,
                   help="play the best N proposals again with a fresh seed and 4x the games (default 3)")
    p.add_argument("--workers", type=int_arg, default=None, help="run trials on this many local processes")
    p.add_argument("--scheduler", default=None,
                   help="run trials on a Dask cluster (its workers must reach --storage), e.g. tcp://SCHEDULER-HOST:8786")
    p.add_argument("--space", action="store_true", help="print the search space and stop")


def _pairs(texts: list[str], flag: str) -> list[tuple[str, str]]:
    out = []
    for t in texts:
        name, sep, value = t.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise InputError(f"{flag}: expected FIELD=VALUE, got {shorten(t)}")
        out.append((name.strip().replace("-", "_"), value.strip()))
    return out


def _ranges(texts: list[str]) -> dict[str, tuple[int, int]]:
    out = {}
    for name, value in _pairs(texts, "--range"):
        m = re.fullmatch(r"([0-9]{1,6})\s*\.\.\s*([0-9]{1,6})", value)
        if not m:
            raise InputError(f"--range {name}: expected LOW..HIGH in whole numbers, got {shorten(value)}")
        out[name] = (int(m.group(1)), int(m.group(2)))
    return out


def search_commands(game: GameInfo) -> dict[str, CliCommand]:
    """The generated ``design`` command of a playable game with a search space (else ``{}``).

    Parameters:
        game: a registered game.

    Returns:
        ``{"design": ...}`` or ``{}``.
    """
    spec, space = game.play, _space(game)
    if spec is None or space is None:
        return {}

    def add(p: argparse.ArgumentParser) -> None:
        _add(p, game, spec, space)

    def run(args: argparse.Namespace) -> Any:
        from .bots import resolve_lineup
        from .cli import executor_from_args
        from .search import search
        from .variants import parse_variant

        if args.space:
            return _SpaceOutput(space)
        fixed: dict[str, Any] = {}
        for name, value in _pairs(args.fix, "--fix"):
            fixed.update(parse_variant(game.rules_type, f"{name}={value}"))
        choices = {name: [v.strip() for v in value.split(",")] for name, value in _pairs(args.choices, "--choices")}
        players = getattr(args, "players", None)
        base = game.rules_type()
        lineup = None
        if args.bots is not None:
            lineup = [str(b) for b in resolve_lineup(spec, game.name, args.bots, players)]
        if args.workers is not None and args.scheduler is not None:
            raise InputError("--workers and --scheduler: give one of them, not both")
        with executor_from_args(argparse.Namespace(workers=None, scheduler=args.scheduler)) as client:
            executor = client.get_executor() if client is not None else None
            return search(base, targets=args.target, maximize=args.maximize, minimize=args.minimize,
                          trials=args.trials, games=args.games, players=players, lineup=lineup, fixed=fixed,
                          ranges=_ranges(args.range), choices=choices, storage=args.storage, seed=args.seed,
                          workers=args.workers or 1, executor=executor, reevaluate=args.reevaluate,
                          progress=not getattr(args, "json", False))

    example = (f"dreidelpoker design {game.name} --target 'hands:median in 10..25' --target 'all_in_rate >= 0.25' "
               "--maximize skill_gap --trials 50 --storage design.db") if game.name == "two-dreidel" else (
               f"dreidelpoker design {game.name} --minimize {next(iter(spec.metric_help), 'rounds')} --trials 20")
    return {"design": CliCommand(
        help=f"search {game.title}'s rules for variants that meet your targets (Optuna, resumable on SQLite)",
        add_arguments=add, run=run,
        description=f"Search {game.title}'s rules space for variants that meet the targets and optimise the "
        "objectives. Every trial plays whole games with the same seed (common random numbers) and is kept in "
        "the SQLite file --storage: run the same command again to continue an interrupted search. The best "
        "proposals are played again with a fresh seed (--reevaluate). --space lists what is searched.\n\n"
        f"Example: {example}",
        examples=(("--space",),),
    )}


class _SpaceOutput:
    def __init__(self, space: SearchSpace) -> None:
        self.space = space

    def to_dict(self) -> dict[str, Any]:
        return {"space": self.space.describe(), "size": self.space.size(),
                "choices": {d.label: [d.text(o) for o in d.options] for d in self.space.dimensions
                            if isinstance(d, Choice)}}

    def to_text(self) -> str:
        return "\n".join(["searched (narrow with --fix, --range, --choices):", *self.space.describe(),
                          f"at most {self.space.size():,} variants"])
