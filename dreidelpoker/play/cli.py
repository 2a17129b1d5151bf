"""The ``simulate GAME`` and ``sweep GAME`` CLI verbs, built for every playable game from
its [`PlaySpec`][dreidelpoker.games.protocol.PlaySpec] and, for what a game's command line adds
(its own rules checks, the variants a sweep runs over), its
[`PlayCliSpec`][dreidelpoker.games.registry.PlayCliSpec]."""

from __future__ import annotations

import argparse
import contextlib
import re
from collections.abc import Iterator
from typing import Any

from ..games.protocol import PlaySpec
from ..games.registry import CliCommand, GameInfo, PlayCliSpec, generic_help
from ..errors import InputError, shorten
from ..limits import float_arg, int_arg
from .cluster import DEFAULT_CLUSTER_TIMEOUT, process_pool, scheduler_client, use_cluster_timeout
from ..rules_cli import add_rules_flags, rules_from_args
from ..strict_numbers import parse_integer
from ..search_space import Choice, SearchSpace
from .result import plural

__all__ = ["add_executor_arguments", "check_hand_limit", "check_lineup_choice", "check_output_options",
           "executor_from_args", "parse_lineups", "parse_players", "play_commands", "search_commands"]


def parse_players(text: str) -> list[int]:
    """``"4"``, ``"2-6"`` or ``"2,3,5"`` -> player counts.

    Parameters:
        text: the ``--players`` value.

    Returns:
        The player counts, in the order given.

    Raises:
        ValueError: for text that is none of these forms.

    Examples:
        >>> parse_players("2-4"), parse_players("3,5")
        ([2, 3, 4], [3, 5])
    """
    out: list[int] = []
    for part in text.split(","):
        part = part.strip()
        lo, sep, hi = part.partition("-")
        try:
            if sep:
                a, b = parse_integer(lo), parse_integer(hi)
                if a > b:
                    raise ValueError
                if b - a >= MAX_PLAYER_COUNTS:
                    raise InputError(f"--players: {shorten(text)} names {b - a + 1:,} player counts; "
                                     f"a sweep takes at most {MAX_PLAYER_COUNTS:,}")
                out.extend(range(a, b + 1))
            else:
                out.append(parse_integer(part))
        except InputError as exc:
            if str(exc).startswith("--players"):
                raise
            raise _not_players(text) from None
        except ValueError:
            raise _not_players(text) from None
    return out


def _not_players(text: str) -> InputError:
    return InputError(f"--players: {shorten(text)} is not a player count, a range like 2-6 or a list like 2,3,5")


#: Most player counts one ``--players`` range names (every game seats far fewer).
MAX_PLAYER_COUNTS = 1000


def parse_lineups(texts: list[str] | None) -> dict[str, Any] | None:
    """``--bots`` values -> line-ups. ``equity,random*`` means seat 1 equity, every other seat random.

    Parameters:
        texts: the ``--bots`` values (names separated by commas; ``name*`` fills the other seats).

    Returns:
        ``{text: line-up}`` where a line-up maps a player count to one bot name per seat, or
        ``None`` without ``--bots``.

    Examples:
        >>> f = parse_lineups(["equity,random*"])["equity,random*"]
        >>> f(4)
        ('equity', 'random', 'random', 'random')
    """
    if not texts:
        return None
    return {t: _Lineup(t) for t in texts}


class _Lineup:
    """A line-up pattern that fills any player count (picklable, unlike a lambda)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.__name__ = text
        self.names = [b.strip() for b in text.split(",") if b.strip()]
        if not self.names:
            raise InputError(f"--bots: {text!r} names no bot; give names like equity,random,random")

    def __call__(self, players: int) -> tuple[str, ...]:
        names = self.names
        if names[-1].endswith("*"):
            fill = names[-1][:-1]
            head = names[:-1]
            if len(head) > players:
                raise InputError(f"--bots: {self.text!r} names {len(head)} seats but there are {players} players")
            return tuple(head) + (fill,) * (players - len(head))
        if len(names) != players:
            raise InputError(
                f"--bots: {len(names)} bots given for {players} players; give one per player, "
                f"or end with NAME* to fill the remaining seats (e.g. equity,random*)"
            )
        return tuple(names)


@contextlib.contextmanager
def executor_from_args(args: argparse.Namespace) -> Iterator[Any]:
    """``--workers N`` -> a process pool, ``--scheduler ADDR`` -> a Dask client, else serial.

    Parameters:
        args: parsed arguments with ``workers`` and ``scheduler`` (either may be missing).

    Returns:
        A context manager giving a ``ProcessPoolExecutor``, a Dask ``Client`` or ``None`` (serial).

    Raises:
        ValueError: both options given, a worker count outside 1 to 256, a malformed address, a
            ``--scheduler-timeout`` without either, or dask.distributed not installed.
        ClusterError: a scheduler that cannot be reached, is no Dask scheduler or has no
            workers within ``--scheduler-timeout`` seconds.
    """
    workers, address = getattr(args, "workers", None), getattr(args, "scheduler", None)
    if workers is not None and address is not None:
        raise InputError("--workers and --scheduler: give one of them, not both")
    timeout = getattr(args, "scheduler_timeout", None)
    if timeout is not None and workers is None and address is None:
        raise InputError("--scheduler-timeout applies to --scheduler or --workers only; give one or leave it out")
    if timeout is not None and not 0 < timeout <= 86_400:
        raise InputError(f"--scheduler-timeout must be more than 0 and at most 86400 seconds, got {timeout:g}")
    with use_cluster_timeout(DEFAULT_CLUSTER_TIMEOUT if timeout is None else timeout):
        yield from _executor(workers, address)


def _executor(workers: int | None, address: str | None) -> Iterator[Any]:
    if workers is not None:
        if not 1 <= workers <= 256:
            raise InputError(f"--workers: expected 1 to 256, got {workers}")
        # Workers ignore Ctrl-C and are terminated at once on an interrupt or an error.
        with process_pool(workers) as ex:
            yield ex
        return
    if address is not None:
        import re

        if not re.fullmatch(r"([a-z]+://)?[\w.\-\[\]:]+:[0-9]{1,5}", address):
            raise InputError(f"--scheduler: expected a Dask scheduler address like tcp://127.0.0.1:8786, "
                             f"got {shorten(address)}")
        # Reached, greeted and holding a worker within --scheduler-timeout, or one line.
        with scheduler_client(address) as client:
            yield client
        return
    yield None


def check_output_options(args: argparse.Namespace) -> None:
    """Check the file-writing options a command has (``--cache`` / ``--store`` folders, a
    ``--plot`` file) before any work, so a bad path fails in one line instead of after the run.

    Parameters:
        args: the parsed command line.

    Raises:
        InputError: naming the option, the path and the problem.

    Examples:
        >>> check_output_options(argparse.Namespace(plot="spins-chart"))
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: --plot spins-chart has no file extension; name the file with one of .png, .svg, .pdf, .jpg, .jpeg, .webp, .eps, .ps, .tif, .tiff, .svgz
    """
    from ..files import PLOT_SUFFIXES, check_output_file, check_output_folder

    for option in ("cache", "store"):
        folder = getattr(args, option, None)
        if folder is not None:
            check_output_folder(folder, what=f"--{option}", create=False)
    plot = getattr(args, "plot", None)
    if plot is not None:
        check_output_file(plot, what="--plot", suffixes=PLOT_SUFFIXES)


def check_hand_limit(spec: PlaySpec[Any], title: str, hand_limit: int | None) -> None:
    """Refuse ``--hand-limit`` for a game that is one round (``PlaySpec.default_hand_limit``
    1, as Dice Poker: a game is one hand), where no limit has anything to cut.

    Parameters:
        spec: the game's play spec.
        title: the game's name, for the message.
        hand_limit: the ``--hand-limit`` given, or ``None``.

    Raises:
        InputError: a limit given for a one-round game.

    Examples:
        >>> from dreidelpoker.games.dice_poker.play import PLAY
        >>> check_hand_limit(PLAY, "Dice Poker", None)
        >>> check_hand_limit(PLAY, "Dice Poker", 3)
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: --hand-limit does not apply to Dice Poker: a game is one hand, so no limit has anything to cut; leave it out
    """
    if hand_limit is not None and spec.default_hand_limit == 1:
        raise InputError(f"--hand-limit does not apply to {title}: a game is one {spec.round_name}, so no limit has "
                         "anything to cut; leave it out")


def check_lineup_choice(spec: PlaySpec[Any], title: str, option: str, given: Any) -> None:
    """Refuse a line-up option (``--bots``, ``--named-lineups``) for a game with one bot, where
    every line-up is the same table.

    Parameters:
        spec: the game's play spec.
        title: the game's name, for the message.
        option: the option's name.
        given: its value (``None`` or ``False`` when not given).

    Raises:
        InputError: the option given for a game with one bot.

    Examples:
        >>> from dreidelpoker.games.classic_dreidel.play import PLAY
        >>> check_lineup_choice(PLAY, "Classic dreidel", "--bots", ["spinner*"])
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: --bots does not apply to Classic dreidel: it has one bot (spinner), so every line-up is the same table; leave it out
    """
    if given and len(spec.bots) == 1:
        raise InputError(f"{option} does not apply to {title}: it has one bot ({next(iter(spec.bots))}), so every "
                         "line-up is the same table; leave it out")


def add_executor_arguments(p: argparse.ArgumentParser) -> None:
    """``--workers N``, ``--scheduler ADDRESS`` and ``--scheduler-timeout SECONDS``, read by
    [`executor_from_args`][dreidelpoker.play.cli.executor_from_args].

    Parameters:
        p: the command's parser.
    """
    p.add_argument("--workers", type=int_arg, default=None, help="run on a local pool of this many processes")
    p.add_argument("--scheduler", default=None,
                   help="run on a Dask cluster: the scheduler address, e.g. tcp://127.0.0.1:8786")
    p.add_argument("--scheduler-timeout", type=float_arg, default=None, metavar="SECONDS",
                   help="with --scheduler or --workers: stop with one line after this many seconds when the "
                   "scheduler cannot be reached, has no workers, or the workers died "
                   f"(default {DEFAULT_CLUSTER_TIMEOUT:g})")


def _common(p: argparse.ArgumentParser, game: GameInfo[Any], spec: PlaySpec[Any], *, sweep: bool) -> None:
    cli = game.play_cli or PlayCliSpec()
    if cli.add_sweep_arguments is not None and sweep:
        cli.add_sweep_arguments(p)
    rng = (f"{spec.min_players}" if spec.min_players == spec.max_players
           else f"{spec.min_players} to {spec.max_players}")
    if sweep:
        p.add_argument("--players", default=None,
                       help=f"player counts: 4, 2-6 or 2,3,5 (allowed: {rng})")
        p.add_argument("--bots", action="append", default=None,
                       help="a line-up, repeatable: names per seat, or end with NAME* to fill the remaining "
                       f"seats (e.g. {_lineup_example(spec)}; known: {', '.join(sorted(spec.bots))}); "
                       "default: an all-equal table of the game's lead bot")
        p.add_argument("--cache", type=str, default=None, help="folder that keeps finished cells (an interrupted sweep resumes)")
        p.add_argument("--metric", action="append", default=None, help=f"metric to print (repeatable; default: the game length in {plural(spec.round_name)})")
        p.add_argument("--plot", type=str, default=None, help="save a line plot of the first metric to this file (.png, .svg, .pdf, ...; checked before the sweep)")
    else:
        p.add_argument("--players", type=int_arg, default=None, help=f"number of players ({rng})")
        p.add_argument("--bots", default=None,
                       help=f"one bot per seat, comma-separated (known: {', '.join(sorted(spec.bots))}); "
                       "default: an all-equal table of the game's lead bot")
    # A game whose round is a deal (Queenie: a game is a session of deals, one deal by default)
    # also takes --deals for --games.
    flags = ("--games", "--deals") if spec.round_name == "deal" else ("--games",)
    p.add_argument(*flags, dest="games", type=int_arg, default=1000 if not sweep else 200, action=_Games,
                   help=f"games {'per cell ' if sweep else ''}(default {1000 if not sweep else 200})"
                   + ("; --deals is the same (a game is a session of --session-deals deals, 1 by default)"
                      if spec.round_name == "deal" else ""))
    p.add_argument("--seed", type=int_arg, default=0, help="root seed (default 0); same seed, same games")
    p.add_argument("--hand-limit", type=int_arg, default=None,
                   help=f"stop a game after this many {plural(spec.round_name)} and report it (default {spec.default_hand_limit})")
    add_executor_arguments(p)
    # Every rules field is an option (generated from the rules dataclass), except what the
    # command sets itself: --players, a sweep's own lists, the game's exclusions.
    exclude = {**cli.cli_exclude, **({f: f"swept by {o}" for f, o in cli.sweep_fields.items()} if sweep else {})}
    if spec.players_in_rules:
        exclude.setdefault(spec.players_in_rules, "set by --players")
    add_rules_flags(p, game.rules_type, exclude=exclude,
                    title=f"{game.title} rules" + (" (the same in every cell)" if sweep else ""))


def _rules(game: GameInfo[Any], args: argparse.Namespace) -> Any:
    if game.play_cli is not None and game.play_cli.rules_from_args is not None:
        return game.play_cli.rules_from_args(args)
    return rules_from_args(game.rules_type, args)


def play_commands(game: GameInfo[Any]) -> dict[str, CliCommand]:
    """The generated ``simulate`` and ``sweep`` commands of a playable game (else ``{}``).

    Parameters:
        game: a registered game.

    Returns:
        ``{"simulate": ..., "sweep": ...}`` for a game with a [`PlaySpec`][dreidelpoker.play.PlaySpec], else ``{}``.
    """
    spec = game.play
    if spec is None:
        return {}

    def add_simulate(p: argparse.ArgumentParser) -> None:
        _common(p, game, spec, sweep=False)

    def run_simulate(args: argparse.Namespace) -> Any:
        from .simulate import simulate

        _check_counts(args)
        check_hand_limit(spec, game.title, args.hand_limit)
        rules = _rules(game, args)
        with executor_from_args(args) as ex:
            return simulate(rules, args.bots, games=args.games, seed=args.seed, players=args.players,
                            executor=ex, progress=_show_progress(args), hand_limit=args.hand_limit)

    def add_sweep(p: argparse.ArgumentParser) -> None:
        _common(p, game, spec, sweep=True)

    def run_sweep(args: argparse.Namespace) -> Any:
        from .sweep import sweep

        _check_counts(args)
        check_hand_limit(spec, game.title, args.hand_limit)
        check_lineup_choice(spec, game.title, "--bots", args.bots)
        check_output_options(args)  # before any game is played: a bad path must not cost the results
        if game.play_cli is not None and game.play_cli.rules_grid_from_args is not None:
            rules: Any = dict(game.play_cli.rules_grid_from_args(args))
        else:
            rules = _rules(game, args)
        grid: dict[str, Any] = {"rules": rules}
        if args.players is not None:
            grid["players"] = parse_players(args.players)
        lineups = parse_lineups(args.bots)
        if lineups is not None:
            grid["bots"] = lineups
        with executor_from_args(args) as ex:
            res = sweep(grid, games=args.games, seed=args.seed, executor=ex, progress=_show_progress(args),
                        hand_limit=args.hand_limit, cache_dir=args.cache)
        metrics = tuple(args.metric or (res.length_metric,))
        for m in metrics:
            res.metric(m)  # unknown metrics fail before printing
        if args.plot is not None:
            import matplotlib

            from ..files import save_figure_atomic

            matplotlib.use("Agg")
            ax = res.plot(metrics[0])
            save_figure_atomic(ax.figure, args.plot, dpi=120, bbox_inches="tight")
        return _SweepOutput(res, metrics)

    title = game.title
    return {
        "simulate": CliCommand(
            help=generic_help("simulate", title),
            add_arguments=add_simulate, run=run_simulate,
            description=f"Play seeded whole games of {title} with a line-up of bots (one per seat) and report "
            f"win rates by seat and per-game metrics with 95% confidence intervals. The same seed gives the "
            f"same games serially, with --workers or on a Dask cluster (--scheduler).\n\n"
            f"Example: dreidelpoker simulate {game.name}{_example_text(spec)} --games 200 --seed 7 --json",
            examples=(("--games", "20", "--seed", "1", *_example_players(spec)),),
        ),
        "sweep": CliCommand(
            help=generic_help("sweep", title),
            add_arguments=add_sweep, run=run_sweep,
            description=f"Simulate {title} for every combination of rules variants, player counts and bot "
            f"line-ups; print the chosen metrics per cell with 95% intervals. --cache DIR keeps finished "
            f"cells so an interrupted sweep resumes.\n\n"
            f"Example: dreidelpoker sweep {game.name}{_sweep_players_example(spec)} --games 100",
            examples=(("--games", "10", "--seed", "1", *_example_players(spec)),),
        ),
    }


def _sweep_players_example(spec: PlaySpec[Any]) -> str:
    if spec.min_players == spec.max_players:
        return ""
    return f" --players {spec.min_players}-{min(spec.max_players, spec.min_players + 2)}"


def _lineup_example(spec: PlaySpec[Any]) -> str:
    fill = "random" if "random" in spec.bots else sorted(spec.bots)[-1]
    return f"{spec.default_bots(spec.min_players)[0]},{fill}*"


class _Games(argparse.Action):
    """Stores ``--games`` (or its alias ``--deals``) and which of the two was typed, for messages."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        namespace.games_flag = option_string or "--games"


def _check_counts(args: argparse.Namespace) -> None:
    """The generic counts, checked under the names the user typed (``--games``, not ``games``)."""
    from ..validation import check_count, check_seed
    from .runner import MAX_GAMES

    check_count(args.games, getattr(args, "games_flag", "--games"), low=1, high=MAX_GAMES)
    check_seed(args.seed, "--seed")
    if args.hand_limit is not None:
        check_count(args.hand_limit, "--hand-limit", low=1, high=10 ** 9)


def _example_players(spec: PlaySpec[Any]) -> tuple[str, ...]:
    return () if spec.players_in_rules else ("--players", str(spec.min_players))


def _example_text(spec: PlaySpec[Any]) -> str:
    return "".join(" " + a for a in _example_players(spec))


def _show_progress(args: argparse.Namespace) -> bool:
    return not getattr(args, "json", False)  # the bar itself shows only on a terminal (limits.progress_display)


class _SweepOutput:
    def __init__(self, result: Any, metrics: tuple[str, ...]) -> None:
        self.result, self.metrics = result, metrics

    def to_dict(self) -> dict[str, Any]:
        return self.result.to_dict()  # type: ignore[no-any-return]

    def to_text(self) -> str:
        return self.result.to_text(self.metrics)  # type: ignore[no-any-return]


# -- design GAME: the variant search ----------------------------------------------------------
def _space(game: GameInfo[Any]) -> SearchSpace | None:
    space = getattr(game.rules_type, "search_space", None)
    return space if isinstance(space, SearchSpace) else None


def _measures_help(game: GameInfo[Any], spec: PlaySpec[Any]) -> str:
    names = sorted(set(spec.metric_help) | set(spec.exact_metrics) | {"skill_gap"})
    return ", ".join(names)


def _add(p: argparse.ArgumentParser, game: GameInfo[Any], spec: PlaySpec[Any]) -> None:
    p.add_argument("--target", action="append", default=[], metavar="TEXT",
                   help="a constraint, repeatable: 'MEASURE >= X', 'MEASURE <= X' or 'MEASURE in A..B'; a measure "
                   "is a metric, optionally ':median' or ':pNN' (met only when its whole 95%% interval is inside). "
                   f"Measures: {_measures_help(game, spec)}")
    p.add_argument("--maximize", action="append", default=[], metavar="MEASURE", help="a measure to maximise (repeatable)")
    p.add_argument("--minimize", action="append", default=[], metavar="MEASURE", help="a measure to minimise (repeatable)")
    p.add_argument("--trials", type=int_arg, default=50, help="finished trials the stored search should hold (default 50)")
    p.add_argument("--games", type=int_arg, default=400, help="games per trial and line-up (default 400)")
    p.add_argument("--storage", type=str, default="design.db",
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
    add_executor_arguments(p)  # trials run on the workers; a Dask cluster's workers must reach --storage
    p.add_argument("--space", action="store_true", help="print the search space and stop")
    p.add_argument("--stored", action="store_true",
                   help="show the library's stored full run and stop (Two Dreidel: the author's three aims; "
                   "plays no game)")


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


def search_commands(game: GameInfo[Any]) -> dict[str, CliCommand]:
    """The generated ``design`` command of a playable game whose rules declare a search space
    (else ``{}``: no command that cannot work).

    Parameters:
        game: a registered game.

    Returns:
        ``{"design": ...}`` or ``{}``.
    """
    spec = game.play
    if spec is None or (_space(game) is None and not callable(getattr(game.rules_type, "searchable", None))):
        return {}  # no search space: no design command (GameManifest.searchable says so without importing)

    def known_space() -> SearchSpace:
        space = _space(game)
        if space is None:
            raise InputError(f"{game.title} declares no search space ({game.rules_type.__name__}.search_space), "
                             "so its rules cannot be searched")
        return space

    def add(p: argparse.ArgumentParser) -> None:
        _add(p, game, spec)

    def run(args: argparse.Namespace) -> Any:
        from .bots import resolve_lineup
        from .search import search
        from .variants import parse_variant

        from ..validation import check_count
        from .runner import MAX_GAMES

        space = known_space()
        check_count(args.trials, "--trials", low=1, high=100_000)
        check_count(args.games, "--games", low=1, high=MAX_GAMES)
        check_count(args.reevaluate, "--reevaluate", low=0, high=1_000)
        if args.workers is not None:
            check_count(args.workers, "--workers", low=1, high=1_024)
        def given(*, keep: tuple[str, ...] = ()) -> list[str]:
            return [flag for flag, value in (("--target", args.target), ("--maximize", args.maximize),
                                              ("--minimize", args.minimize), ("--fix", args.fix),
                                              ("--range", args.range), ("--choices", args.choices),
                                              ("--bots", args.bots), ("--trials", args.trials != 50),
                                              ("--games", args.games != 400),
                                              ("--storage", args.storage != "design.db"), ("--seed", args.seed != 0),
                                              ("--reevaluate", args.reevaluate != 3),
                                              ("--workers", args.workers is not None),
                                              ("--scheduler", args.scheduler is not None),
                                              ("--scheduler-timeout", args.scheduler_timeout is not None),
                                              ("--players", getattr(args, "players", None) is not None),
                                              ("--space", args.space), ("--stored", args.stored))
                    if value and flag not in keep]

        if args.space:
            if given(keep=("--space",)):
                raise InputError(f"--space lists the search space and runs nothing; "
                                 f"{', '.join(given(keep=('--space',)))} does not apply")
            return _SpaceOutput(space)
        if args.stored:
            from .search import stored_search

            if game.name != "two-dreidel":
                raise InputError(f"--stored applies only to Two Dreidel: the library stores a full run for Two Dreidel only, "
                                 f"not for {game.title}")
            extra = given(keep=("--stored", "--reevaluate"))
            if extra:
                raise InputError(f"--stored shows the stored full run and runs nothing; {', '.join(extra)} does not apply")
            check_count(args.reevaluate, "--reevaluate", low=0, high=3)
            return stored_search("two_dreidel_design", reevaluate=args.reevaluate)
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
        if args.scheduler_timeout is not None and args.scheduler is None:
            raise InputError("--scheduler-timeout applies to --scheduler only in design; give one or leave it out")
        with executor_from_args(argparse.Namespace(workers=None, scheduler=args.scheduler,
                                                   scheduler_timeout=args.scheduler_timeout)) as client:
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
        help=generic_help("design", game.title),
        add_arguments=add, run=run,
        description=f"Search {game.title}'s rules space for variants that meet the targets and optimise the "
        "objectives. Every trial plays whole games with the same seed (common random numbers) and is kept in "
        "the SQLite file --storage: run the same command again to continue an interrupted search. The best "
        "proposals are played again with a fresh seed (--reevaluate). --space lists what is searched; --stored "
        "shows the library's stored full run.\n\n"
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
