"""The ``compare GAME`` and ``skill GAME`` CLI verbs, built for every playable game (like
``simulate`` and ``sweep``): paired studies of rules variants, and skill gaps and ratings."""

from __future__ import annotations

import argparse
from typing import Any

from ..games.protocol import PlaySpec
from ..games.registry import CliCommand, GameInfo, PlayCliSpec, generic_help
from ..errors import InputError, shorten
from ..rules_cli import add_rules_flags, rules_from_args
from .cli import (add_executor_arguments, check_hand_limit, check_lineup_choice, check_output_options, executor_from_args,
                  parse_lineups)
from .result import plural

__all__ = ["study_commands"]


def _int(text: str) -> int:
    from ..limits import int_arg

    return int_arg(text)


def _rng(spec: PlaySpec[Any]) -> str:
    return f"{spec.min_players}" if spec.min_players == spec.max_players else f"{spec.min_players} to {spec.max_players}"


def _shared(p: argparse.ArgumentParser, game: GameInfo[Any], spec: PlaySpec[Any], *, default_games: int) -> None:
    p.add_argument("--players", type=_int, default=None, help=f"number of players ({_rng(spec)})")
    p.add_argument("--games", type=_int, default=default_games,
                   help=f"the budget: games per cell, at most 1,000,000 (default {default_games})")
    p.add_argument("--batch", type=_int, default=None,
                   help="games per batch (default about 100, a multiple of the player count); precision is "
                   "checked and the store written after each batch")
    p.add_argument("--seed", type=_int, default=0, help="root seed (default 0): game i of every cell uses the same seed")
    p.add_argument("--store", type=str, default=None,
                   help="folder that keeps finished batches: the same command run again resumes from them")
    p.add_argument("--hand-limit", type=_int, default=None,
                   help=f"stop a game after this many {plural(spec.round_name)} (default {spec.default_hand_limit})")
    add_executor_arguments(p)  # --workers, --scheduler, --scheduler-timeout
    exclude = dict((game.play_cli or PlayCliSpec()).cli_exclude)
    if spec.players_in_rules:
        exclude.setdefault(spec.players_in_rules, "set by --players")
    add_rules_flags(p, game.rules_type, exclude=exclude, title=f"{game.title} rules (the base rules)")


def _rules(spec: PlaySpec[Any], game: GameInfo[Any], args: argparse.Namespace) -> Any:
    if game.play_cli is not None and game.play_cli.rules_from_args is not None:
        return game.play_cli.rules_from_args(args)
    return rules_from_args(game.rules_type, args)


def _precision(texts: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for t in texts or []:
        name, sep, value = t.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise InputError(f"--precision: {shorten(t)} is not METRIC=HALF-WIDTH (e.g. hands=5% or all_in_rate=0.02)")
        out[name.strip()] = value.strip()
    return out


def _lineups(args: argparse.Namespace, rules: Any, players: int | None) -> Any:
    from .study import named_lineups

    if args.named_lineups and args.bots:
        raise InputError("--named-lineups and --bots: give one of them, not both")
    if args.named_lineups:
        return named_lineups(rules, players)
    patterns = parse_lineups(args.bots)
    if patterns is None:
        return None
    if players is None:
        from .study import default_lineup

        players = len(default_lineup(rules))
    return {label: fill(players) for label, fill in patterns.items()}


def _check(args: argparse.Namespace, game: GameInfo[Any], spec: PlaySpec[Any]) -> None:
    from ..validation import check_count, check_seed
    from .runner import MAX_GAMES

    check_hand_limit(spec, game.title, args.hand_limit)
    check_seed(args.seed, "--seed")
    check_count(args.games, "--games", low=1, high=MAX_GAMES)
    check_output_options(args)  # --store and --plot, before any game is played


def study_commands(game: GameInfo[Any]) -> dict[str, CliCommand]:
    """The generated ``compare`` and ``skill`` commands of a playable game (else ``{}``).

    Parameters:
        game: a registered game.

    Returns:
        ``{"compare": ..., "skill": ...}`` for a game with a [`PlaySpec`][dreidelpoker.play.PlaySpec], else ``{}``.
    """
    spec = game.play
    if spec is None:
        return {}
    metrics = ", ".join(spec.metric_help) or "rounds"

    def add_compare(p: argparse.ArgumentParser) -> None:
        p.add_argument("--variant", action="append", default=None, metavar="FIELD=VALUE[;FIELD=VALUE]",
                       help="a rules variant compared with the base rules, repeatable (e.g. streets=spins-then-bet; "
                       "several fields joined by ;)")
        p.add_argument("--bots", action="append", default=None,
                       help="a line-up, repeatable: names per seat, or end with NAME* to fill the other seats "
                       f"(known: {', '.join(spec.bots)}); default: an all-equal table of the game's lead bot")
        p.add_argument("--named-lineups", action="store_true",
                       help="play every named line-up: an all-equal table of each bot but the baseline, and the mixed one")
        p.add_argument("--metric", action="append", default=None,
                       help=f"what to report, repeatable: METRIC, METRIC:median or METRIC:p90 (metrics: {metrics}; "
                       f"win:K, return:K for line-up position K); default: the game length")
        p.add_argument("--precision", action="append", default=None, metavar="METRIC=HALF-WIDTH",
                       help="play until this metric's 95%% half-width is at most the target in every cell, "
                       "repeatable: hands=5%% (relative) or all_in_rate=0.02 (absolute)")
        p.add_argument("--no-rotate", dest="rotate", action="store_false",
                       help="keep each bot in its seat (default: rotate the line-up round the table)")
        p.add_argument("--plot", type=str, default=None, help="save a plot of the first metric's differences to this file (.png, .svg, .pdf, ...; checked first)")
        _shared(p, game, spec, default_games=1000)

    def run_compare(args: argparse.Namespace) -> Any:
        from .study import compare
        from .variants import rules_variants

        _check(args, game, spec)
        if not args.variant:
            raise InputError("--variant: give at least one rules variant to compare, e.g. --variant "
                             + _variant_example(game))
        for option, given in (("--bots", args.bots), ("--named-lineups", args.named_lineups)):
            check_lineup_choice(spec, game.title, option, given)
        base = _rules(spec, game, args)
        variants = rules_variants(base, args.variant)
        lineups = _lineups(args, base, args.players)
        with executor_from_args(args) as ex:
            res = compare(variants, lineups=lineups, players=args.players, metrics=args.metric,
                          precision=_precision(args.precision) or None, games=args.games, batch=args.batch,
                          seed=args.seed, rotate=args.rotate, executor=ex, progress=not args.json,
                          hand_limit=args.hand_limit, store=args.store)
        if args.plot is not None:
            import matplotlib

            from ..files import save_figure_atomic

            matplotlib.use("Agg")
            ax = res.plot()
            save_figure_atomic(ax.figure, args.plot, dpi=120, bbox_inches="tight")
        return res

    def add_skill(p: argparse.ArgumentParser) -> None:
        p.add_argument("--bots", default=None,
                       help=f"the bots to measure, comma-separated (default: every bot but the baseline; known: "
                       f"{', '.join(spec.bots)})")
        p.add_argument("--baseline", default=None, help="the bot in the other seats (default: random)")
        p.add_argument("--precision", default=None, metavar="HALF-WIDTH",
                       help="play until every bot's gap has a 95%% half-width at most this (e.g. 0.02)")
        p.add_argument("--ratings", action="store_true",
                       help="also rate every bot from a seat-rotated round-robin (openskill Weng-Lin, bootstrap intervals)")
        p.add_argument("--rating-games", type=_int, default=200, help="games per round-robin table (default 200)")
        p.add_argument("--resamples", type=_int, default=100, help="bootstrap resamples of the ratings (default 100)")
        p.add_argument("--exploitability", action="store_true",
                       help="also show each bot's exploitability in the game's exactly solved sub-game, where it has one")
        _shared(p, game, spec, default_games=1000)

    def run_skill(args: argparse.Namespace) -> Any:
        from .skill import ratings, skill_gap

        _check(args, game, spec)
        if len(spec.bots) == 1:
            _refuse_options_of_a_one_bot_game(game, spec, args, add_skill)
        if args.exploitability and spec.exploitability is None:
            raise InputError(f"--exploitability does not apply to {game.title}: it has no exactly solved sub-game to "
                             "measure a bot in; leave it out")
        if not args.ratings and (args.rating_games != 200 or args.resamples != 100):
            raise InputError("--rating-games and --resamples apply only with --ratings; add --ratings or leave them out")
        rules = _rules(spec, game, args)
        with executor_from_args(args) as ex:
            gap = skill_gap(rules, bots=args.bots, baseline=args.baseline, players=args.players, games=args.games,
                            precision=args.precision, batch=args.batch, seed=args.seed, executor=ex,
                            progress=not args.json, hand_limit=args.hand_limit, store=args.store,
                            exploitability=args.exploitability)
            rated = None
            if args.ratings:
                rated = ratings(rules, bots=args.bots and f"{args.bots},{gap.baseline}", players=args.players,
                                games=args.rating_games, resamples=args.resamples, batch=args.batch, seed=args.seed,
                                executor=ex, progress=not args.json, hand_limit=args.hand_limit, store=args.store)
        return _SkillOutput(gap, rated)

    title = game.title
    players = () if spec.players_in_rules or spec.min_players == spec.max_players else ("--players", str(spec.min_players))
    one_bot = len(spec.bots) == 1
    return {
        "compare": CliCommand(
            help=generic_help("compare", title),
            add_arguments=add_compare, run=run_compare,
            description=f"Compare rules variants of {title} with the base rules: game i of every variant and line-up "
            f"is played from the same seed (paired), line-ups rotate round the table, and games are played in "
            f"batches until every --precision target is met or the --games budget is spent. Each variant's "
            f"metrics and their differences from the base come with 95% intervals. --store DIR resumes an "
            f"interrupted study.\n\nExample: dreidelpoker compare {game.name} {' '.join(players)} --variant "
            f"{_variant_example(game)} --precision {_length(spec)}=10% --games 2000",
            examples=(("--variant", _variant_example(game), "--games", "8", "--seed", "1", *players),),
        ),
        "skill": CliCommand(
            help=generic_help("skill", title),
            add_arguments=add_skill, run=run_skill,
            description=f"Measure how much skill {title} rewards: each bot's share of the games won at a table of "
            f"baseline (random) bots, seats rotated, minus the fair share 1/n, with a 95% interval; with --ratings "
            f"also a round-robin of all bots rated by openskill's Weng-Lin model with bootstrap intervals.\n\n"
            + (f"{title} has one bot ({next(iter(spec.bots))}): no choice to measure, so its skill gap is 0 by "
               f"definition and the command takes no options.\n\nExample: dreidelpoker skill {game.name}" if one_bot else
               f"Example: dreidelpoker skill {' '.join((game.name, *players))} --games 1000 --ratings"),
            examples=(() if one_bot else ("--games", "4", "--seed", "1", *players),),
        ),
    }


def _refuse_options_of_a_one_bot_game(game: GameInfo[Any], spec: PlaySpec[Any], args: argparse.Namespace,
                                      add: Any) -> None:
    """A game with one bot has nothing to measure: every option given is refused in one line."""
    from ..rules_cli import DEST_PREFIX, rules_flags

    blank = argparse.ArgumentParser(add_help=False)
    add(blank)  # the command's own options, at their defaults
    defaults = vars(blank.parse_args([]))
    rules = {DEST_PREFIX + f.field: f.flag for f in rules_flags(game.rules_type)}
    given = [("--no-" + rules[dest][2:] if value is False else rules[dest]) if dest in rules
             else "--" + dest.replace("_", "-") for dest, value in vars(args).items()
             if dest.startswith(DEST_PREFIX) or (dest in defaults and value != defaults[dest])]
    if given:
        raise InputError(f"{', '.join(given)} {'does' if len(given) == 1 else 'do'} not apply to skill {game.name}: "
                         f"{game.title} has one bot "
                         f"({next(iter(spec.bots))}), so there is no choice to measure or rate (its skill gap is 0 by "
                         f"definition); run 'dreidelpoker skill {game.name}' with no options")


def _length(spec: PlaySpec[Any]) -> str:
    own = plural(spec.round_name)
    return own if own in spec.metric_help else "rounds"


def _variant_example(game: GameInfo[Any]) -> str:
    from ..rules_cli import rules_flags

    for f in rules_flags(game.rules_type):
        if f.skip is None and f.kind in ("choice", "int", "bool") and f.example is not None and f.field != "players":
            return f"{f.field}={f.example}"
    return "field=value"


class _SkillOutput:
    def __init__(self, gap: Any, rated: Any) -> None:
        self.gap, self.rated = gap, rated

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"skill_gap": self.gap.to_dict()}
        if self.rated is not None:
            d["ratings"] = self.rated.to_dict()
        return d

    def to_text(self) -> str:
        text: str = self.gap.to_text()
        if self.rated is not None:
            text += "\n" + self.rated.to_text()
        return text
