"""No option silently ignored (issue 20, item 2): every option of every command, read from the
command's own parser, either changes the command's answer or is refused with one line saying it
does not apply there.

Each case runs the command's first help example with ``--json``, then the same with one option
set to a value other than its default (a rules flag's documented example, another choice, a
flag, or a value from :data:`VALUES`), and asserts the JSON answer differs or the command exits
2 with one line that says the option does not apply.
"""

from __future__ import annotations

import argparse
import os
import json
import re
from typing import Any

import pytest

from dreidelpoker import rules_cli
from tests.cli_run import run_cli
from tests.test_cli_fuzz import _game_parsers
from tests.test_cli_rules_flags import EXAMPLES

#: Options that are not part of the answer: output format, where to write, how to run.
NOT_ANSWER = {"--json", "--help", "--debug", "--progress", "--no-progress", "--cache", "--plot", "--out",
              "--output", "--workers", "--scheduler", "--processes", "--scheduler-timeout", "--port",
              "--dry-run", "--no-browser", "--host", "--timeout", "--store", "--storage",
              # how a study's games are chunked (same seeds, same games): where precision is checked
              "--batch",
              # limits on the work, not part of the answer (tests/test_limits*.py check them)
              "--max-states", "--max-exact-cells", "--max-nodes"}

#: A non-default value for options whose type does not say one: (verb, game, option) or option.
VALUES: dict[tuple[str, str, str] | str, list[str]] = {
    "--seed": ["12345"],
    "--samples": ["3001"],
    "--games": ["7"],
    "--hand-limit": ["3"],
    "--max-states": ["7"],
    "--opponents": ["2"],
    "--iterations": ["3"],
    ("equity", "dice-poker", "--dead"): ["Q"],
    **{("simulate", game, "--players"): ["3"] for game in ("classic-dreidel", "dice-poker", "domino-poker", "queenie")},
    **{("simulate", game, "--bots"): [bots] for game, bots in (("two-dreidel", "random,random"),
        ("dice-poker", "random,random,random,random"), ("domino-poker", "random,random,random,random"),
        ("queenie", "random,random,random,random"), ("skirmish", "random,greedy"))},
    ("equity", "dice-poker", "--max-exact-cells"): ["1"],
    ("equity", "domino-poker", "--opponent-tiles"): ["2-2"],
    ("equity", "two-dreidel", "--policy"): ["greedy-equity", "--opponents", "2"],
    ("equity", "two-dreidel", "--top"): ["S"],
    ("equity", "two-dreidel", "--opponent-discard"): ["GH,NN"],
    ("equity", "two-dreidel", "--hand-number"): ["3"],
    ("equity", "two-dreidel", "--pot"): ["6"],
    ("equity", "two-dreidel", "--stack"): ["3"],
    ("equity", "two-dreidel", "--opponent-stacks"): ["3"],
    ("equity", "two-dreidel", "--drawn"): ["GHS"],
    ("equity", "two-dreidel", "--draw"): ["4", "--put-back", "2"],
    ("table", "dice-poker", "--dice"): ["6,5,3"],
    ("table", "dice-poker", "--cards"): ["K"],
    ("chain", "classic-dreidel", "--max-states"): ["1000"],
    ("chain", "two-dreidel", "--max-states"): ["1000"],
    ("solve", "domino-poker", "--bet"): ["2"],
    ("solve", "domino-poker", "--target"): ["1000"],
    ("solve", "skirmish", "--first"): ["theirs"],
    ("solve", "dice-poker", "--dice-buckets"): ["2"],
    ("solve", "dice-poker", "--full-game"): ["6,5,3:2,2,1"],
    ("solve", "two-dreidel", "--pot"): ["6"],
    ("solve", "two-dreidel", "--stacks"): ["2,8"],
    ("solve", "two-dreidel", "--discard"): ["GG"],
    ("solve", "two-dreidel", "--opponent-discard"): ["GH"],
    ("solve", "two-dreidel", "--carry-share"): ["1/3"],
}

#: sweep, compare, skill and design: a value per game where the option needs one.
_GAMES = ("classic-dreidel", "dice-poker", "domino-poker", "queenie", "skirmish", "two-dreidel")
_MORE_PLAYERS = {"classic-dreidel": "3", "dice-poker": "3", "domino-poker": "3", "queenie": "3"}
_OTHER_METRIC = {"classic-dreidel": "winnings_seat1", "dice-poker": "pot", "domino-poker": "pot", "queenie": "cards",
                 "skirmish": "cards_played", "two-dreidel": "all_in_rate"}
_LENGTH = {"classic-dreidel": "spins", "dice-poker": "rounds", "domino-poker": "hands", "queenie": "deals",
           "skirmish": "skirmishes", "two-dreidel": "hands"}
_ONE_BOT = {"dice-poker": "tight", "domino-poker": "tight", "queenie": "heuristic", "skirmish": "greedy",
            "two-dreidel": "calling-station"}
VALUES.update({
    **{(verb, game, "--players"): [n] for verb in ("sweep", "compare", "skill") for game, n in _MORE_PLAYERS.items()},
    **{("sweep", game, "--bots"): ["random*"] for game in _GAMES if game != "classic-dreidel"},
    ("sweep", "classic-dreidel", "--bots"): ["spinner*"], ("compare", "classic-dreidel", "--bots"): ["spinner*"],
    **{("compare", game, "--bots"): ["random*"] for game in _GAMES if game != "classic-dreidel"},
    **{("compare", game, "--metric"): [m] for game, m in _OTHER_METRIC.items()},
    **{("compare", game, "--precision"): [f"{m}=50%"] for game, m in _LENGTH.items()},
    **{("skill", game, "--bots"): [b] for game, b in _ONE_BOT.items()},
    **{("skill", game, "--baseline"): [b] for game, b in _ONE_BOT.items()},
    ("sweep", "classic-dreidel", "--coins"): ["3"],
    ("sweep", "dice-poker", "--bettings"): ["once"],
    ("sweep", "dice-poker", "--limits"): ["pot"],
    ("sweep", "domino-poker", "--vary"): ["ante=1,2"],
    ("sweep", "queenie", "--vary"): ["ante=1,2"],
    ("sweep", "skirmish", "--ties"): ["war"],
    ("sweep", "skirmish", "--line-sizes"): ["3"],
    ("sweep", "two-dreidel", "--decks"): ["1-5-5-1"],
    ("sweep", "two-dreidel", "--chips"): ["6"],
})
#: (verb, option) -> a value for every game (design's --space refuses before reading it).
VERB_VALUES: dict[tuple[str, str], list[str]] = {
    ("skill", "--precision"): ["0.5"],
    ("skill", "--ratings"): ["--rating-games", "4", "--resamples", "20"],
    ("skill", "--rating-games"): ["4"],
    ("skill", "--resamples"): ["20"],
    ("skill", "--bots"): ["random"],
    ("skill", "--baseline"): ["random"],
    ("design", "--target"): ["rounds >= 1"],
    ("design", "--maximize"): ["rounds"],
    ("design", "--minimize"): ["rounds"],
    ("design", "--trials"): ["3"],
    ("design", "--fix"): ["field=1"],
    ("design", "--range"): ["field=1..2"],
    ("design", "--choices"): ["field=a,b"],
    ("design", "--players"): ["2"],
    ("design", "--bots"): ["random,random"],
    ("design", "--reevaluate"): ["1"],
}

#: The help example, made cheaper for the walk: Two Dreidel's equilibrium bot solves the spin game for
#: each new rules (0.7 s CPU), so the skill walk measures the other bots (--bots is walked on the other games).
WALK_EXAMPLES: dict[tuple[str, str], list[str]] = {
    ("skill", "two-dreidel"): ["--games", "4", "--seed", "1", "--players", "2", "--bots", "tight,equity,equity-best"],
}

#: Rules that matter only in some hands (a raise cap, a betting structure, an odd pot) leave the help
#: example's few games of lead bots unchanged: these cases run a richer example instead (random bots,
#: more games, every metric), whose answer is computed once per game like the help example's.
_METRICS = {
    "classic-dreidel": ["spins", "winnings_seat1"],
    "dice-poker": ["actions", "bets", "folds", "pot", "showdown", "rounds", "split"],
    "domino-poker": ["hands", "actions", "bets", "raises", "calls", "folds", "pot", "max_pot"],
    "queenie": ["deals", "cards", "runs", "turns", "blocked", "swaps", "queen_carried", "out_carried", "max_out_pot"],
    "skirmish": ["skirmishes", "cards_played", "pile_ties", "reshuffles"],
    "two-dreidel": ["hands", "spins", "all_in_rate", "carry_rate", "max_pot_share", "showdown_rate"],
}
_TWO = {"two-dreidel": ["--players", "2"], "skirmish": []}
_LEAD = {"dice-poker": "equity", "domino-poker": "equity", "queenie": "heuristic", "skirmish": "optimal",
         "two-dreidel": "equity"}  # bots whose play reads the rules (random ones do not)
RICH_EXAMPLES: dict[tuple[str, str], list[str]] = {
    **{("compare", game): ["--variant", variant, "--games", "24", "--seed", "1", *_TWO.get(game, []),
                           "--bots", f"{_LEAD[game]},random*", *[w for m in _METRICS[game] for w in ("--metric", m)]]
       for game, variant in (("dice-poker", "ante=2"), ("domino-poker", "ante=2"), ("queenie", "ante=2"),
                             ("two-dreidel", "draw=4"))},
    **{("skill", game): ["--games", "24", "--seed", "1", *_TWO.get(game, []), "--bots", _LEAD[game]]
       for game in ("dice-poker", "domino-poker", "queenie", "skirmish")},
    # equity wins all 24 heads-up games against random: tight beside it keeps the shares off 1
    ("skill", "two-dreidel"): ["--games", "24", "--seed", "1", "--players", "2", "--bots", "tight,equity"],
}
RICH: dict[tuple[str, str], set[str]] = {
    ("compare", "dice-poker"): {"--ante", "--bet", "--betting", "--limit", "--max-raises", "--no-straights-from-one"},
    ("compare", "domino-poker"): {"--ante", "--min-bet", "--max-bet", "--max-raises", "--low-runs", "--betting",
                                  "--stack"},
    ("compare", "queenie"): {"--queen-card-queen", "--blocked", "--ante", "--first-swap-cost"},
    ("compare", "two-dreidel"): {"--half-pot-rounding", "--streets", "--trumps"},
    ("skill", "dice-poker"): {"--max-raises", "--no-straights-from-one", "--bobtail-from-one"},
    ("skill", "domino-poker"): {"--max-bet", "--max-raises", "--low-runs", "--betting", "--stack"},
    ("skill", "queenie"): {"--queen-card-queen", "--blocked"},
    ("skill", "skirmish"): {"--lose-at"},
    ("skill", "two-dreidel"): {"--symbols", "--half-pot-rounding", "--discard-visibility", "--draw", "--put-back",
                               "--trumps"},
}
VALUES.update({
    **{(verb, "domino-poker", "--stack"): ["2"] for verb in ("compare", "skill")},  # binds below max_bet x raises
    **{(verb, "dice-poker", "--max-raises"): ["0"] for verb in ("compare", "skill")},
})

#: Rules whose effect is rare (a straight from one at a showdown, a blocked deal, a cap the bots seldom
#: reach) leave even the richer example's games unchanged: for these the walk checks that the rules the
#: study or simulation played changed (its echo of every rules field, taken from what was played),
#: and the reason names where the effect on the games themselves is shown.
RARE: dict[tuple[str, str, str], str] = {
    **{(verb, "dice-poker", "--no-straights-from-one"): "decides only a showdown where a straight from 1 meets a "
       "hand between: the table and equity walks show the ranking change" for verb in ("compare", "skill")},
    **{(verb, "domino-poker", option): "binds only when the bots raise past it: 300 random-bot games change pot "
       "and raises (benchmark figure in the safe report)" for verb in ("simulate", "compare", "skill")
       for option in ("--max-raises", "--stack")},
    **{(verb, "domino-poker", "--low-runs"): "ranks low runs: the odds, equity and table walks show it"
       for verb in ("simulate", "compare", "skill")},
    **{(verb, "queenie", "--blocked"): "settles a blocked deal (none in a few games): test_queenie.py"
       for verb in ("simulate", "compare", "skill")},
    ("skill", "skirmish", "--lose-at"): "ends games earlier (the sweep and compare walks: skirmishes change); "
                                        "who wins seldom changes",
    ("skill", "two-dreidel", "--half-pot-rounding"): "changes a Hey on an odd pot: the equity walk shows it",
}

#: A real search on one game (design's help example, ``--space``, runs nothing), small enough for CI.
DESIGN_RUN = ("skirmish", ["--minimize", "skirmishes", "--trials", "2", "--games", "4", "--reevaluate", "0"])
DESIGN_RUN_VALUES: dict[str, list[str]] = {
    "--target": ["skirmishes <= 40"], "--maximize": ["cards_played"], "--trials": ["3"], "--fix": ["tie=war"],
    "--range": ["line_size=2..4"], "--choices": ["tie=war"], "--bots": ["greedy,greedy"], "--reevaluate": ["1"],
    "--players": ["2"],
}


#: Every command is walked: the analyses (exact answers, compared byte for byte), the seeded
#: simulations and studies (equal seeds give equal JSON), ``explore`` (its ``--dry-run`` JSON says what
#: it would build) and ``design`` (its example ``--space`` runs nothing; one real search, DESIGN_RUN).
#: Cases slower than a few seconds run only with DREIDELPOKER_WALK_SLOW=1 (see SLOW).
SLOW: dict[tuple[str, str, str], str] = {
    ("skill", game, "--exploitability"): f"solves {game}'s sub-game exactly (5-11 s): {where}" for game, where in (
        ("dice-poker", "test_dice_poker_solve.py::test_skill_gap_shows_the_solved_exploitability"),
        ("domino-poker", "the solved figures: test_domino_exploit.py"),
        ("two-dreidel", "test_study_skill.py::test_skill_gap_shows_exploitability_in_the_solved_spin_game"))}
SLOW[("solve", "dice-poker", "--bobtail-from-one")] = (
    "re-enumerates every roll and card class for the new ranking (5 s CPU): the same path as "
    "--no-straights-from-one (both set the solver's ranking options), which runs in CI")
WALK_SLOW = bool(os.environ.get("DREIDELPOKER_WALK_SLOW"))

#: Options that apply but leave this command's example unchanged, with where they do change the answer.
APPLIES_ELSEWHERE: dict[tuple[str, str, str], str] = {
    **{(verb, "two-dreidel", option): reason for verb in ("odds", "equity", "chain", "solve", "simulate",
                                                          "sweep", "compare", "skill")
       for option, reason in (
        ("--symbol-names", "names shown in the text and HTML output, not in JSON"),
        ("--aliases", "how cards may be typed: the example types canonical letters"),
    )},
    **{(verb, "two-dreidel", "--trumps"): "changes answers with a trump hand or a greedy-equity policy, not this "
       "example" for verb in ("odds", "equity", "chain", "solve", "simulate")},
    ("equity", "two-dreidel", "--discard-visibility"): "changes the posteriors with --opponent-discard",
    ("solve", "domino-poker", "--bands"): "takes a band count with --players 3 or 4 (tests/test_multiway_solve.py)",
    ("solve", "two-dreidel", "--discard-visibility"): "changes the posteriors with --discard",
    ("solve", "two-dreidel", "--half-pot-rounding"): "changes a half-pot buy-in of an odd pot (the example's pot is 4)",
    ("solve", "two-dreidel", "--short-stack"): "changes games where a stack cannot pay (the example is deep)",
    ("chain", "two-dreidel", "--opponent"): "the example's opponent is already normal-best",
    ("chain", "classic-dreidel", "--method"): "the other method gives the same exact numbers on this example",
    ("equity", "dice-poker", "--method"): "auto computes this example exactly already",
    ("equity", "two-dreidel", "--drawn"): "replaces --hand (both together are refused): test_two_dreidel_table_cli",
    ("equity", "two-dreidel", "--draw"): "changes the hand size: test_cli_rules_flags reaches the rules with it",
    ("solve", "domino-poker", "--target"): "stops CFR+ early: the example runs one iteration",
    ("solve", "domino-poker", "--stack"): "NOT VERIFIED: may cap bets in rounds with raises (the example has none)",
    ("solve", "dice-poker", "--method"): "the LP and CFR+ agree on this small example",
    ("simulate", "classic-dreidel", "--bots"): "the game has one bot (spinner): every line-up is the same",
    ("simulate", "two-dreidel", "--spin-faces"): "names the faces in the order of --spin-probabilities and "
                                                 "--spin-buy-ins: with those at their defaults only labels change",
    ("simulate", "skirmish", "--players"): "Skirmish is for two: the example already says --players 2",
    **{("sweep", game, "--metric"): "picks the metrics printed as text and plotted; the JSON holds every metric"
       for game in _GAMES},
    **{(verb, "queenie", "--hand-limit"): "a game is one deal unless --session-deals is more: then it cuts the "
       "session (test_queenie.py)" for verb in ("sweep", "compare", "skill")},
    **{(verb, "domino-poker", "--hand-limit"): "a game is one hand unless --session-hands is more: then it cuts "
       "the session" for verb in ("simulate", "compare", "skill")},
    ("simulate", "queenie", "--hand-limit"): "a game is one deal unless --session-deals is more: then it cuts the "
                                             "session (test_queenie.py)",
    **{(verb, "skirmish", "--players"): "Skirmish is for two: --players 2 is the only value"
       for verb in ("compare", "skill", "design")},
    **{(verb, "two-dreidel", "--spin-faces"): "names the faces in the order of --spin-probabilities and "
       "--spin-buy-ins: with those at their defaults only labels change" for verb in ("sweep", "compare", "skill")},
}

#: Keys of the JSON answer that record how it was computed, not what it is.
VOLATILE = {"seconds", "elapsed", "wall_seconds", "time", "timings", "cpu_seconds", "started", "version", "storage"}
#: Keys of a study's JSON that echo the input (the rules, the limit, the search's name): an option
#: must change what was measured, not only the echo.
ECHO = {"rules", "base_rules", "hand_limit", "study", "precision", "metrics_asked"}
ECHOING_VERBS = {"simulate", "sweep", "compare", "skill", "design"}


def _value(verb: str, game: str, action: argparse.Action) -> list[str] | None:
    option = action.option_strings[-1]
    if (verb, game, option) in VALUES:
        return [option, *VALUES[(verb, game, option)]]
    if (verb, option) in VERB_VALUES:
        return [option, *VERB_VALUES[(verb, option)]]
    if action.dest.startswith(rules_cli.DEST_PREFIX):
        return None  # rules flags: see _rules_value
    if action.nargs == 0:
        return [option]
    if action.choices:
        other = [str(c) for c in action.choices if c != action.default]
        return [option, other[0]] if other else [option, "ONE CHOICE"]
    if option in VALUES:
        return [option, *VALUES[option]]
    return None


def _rules_value(parser: argparse.ArgumentParser, action: argparse.Action) -> list[str] | None:
    field = action.dest[len(rules_cli.DEST_PREFIX):]
    rules_type = parser.get_default("_rules_type")
    for spec_type in ([rules_type] if rules_type else []):
        for spec in rules_cli.rules_flags(spec_type):
            if spec.field == field:
                example, *more = EXAMPLES.get((spec_type.__name__, field), (spec.example,))
                if spec.kind == "bool":
                    return [spec.flag if example == "yes" else "--no-" + spec.flag[2:]]
                return [spec.flag, str(example), *more] if example is not None else None
    return None


def _cases() -> list[tuple[str, str, list[str], list[str]]]:
    out = []
    for verb, game, parser in _game_parsers():
        command = parser.get_default("_command")
        if not command.examples:
            continue
        examples = [WALK_EXAMPLES.get((verb, game), list(command.examples[0]))]
        if (verb, game) == ("design", DESIGN_RUN[0]):
            examples.append(DESIGN_RUN[1])
        for example in examples:
            for action in parser.arguments:
                if not action.option_strings or action.help == argparse.SUPPRESS:
                    continue
                option = action.option_strings[-1]
                if set(action.option_strings) & (NOT_ANSWER | set(example)):  # --deals is --games
                    continue
                if (verb, game, option) in VALUES:
                    tail = [option, *VALUES[(verb, game, option)]]
                elif action.dest.startswith(rules_cli.DEST_PREFIX):
                    tail = _rules_flag(game, action)
                elif example is DESIGN_RUN[1] and option in DESIGN_RUN_VALUES:
                    tail = [option, *DESIGN_RUN_VALUES[option]]
                else:
                    tail = _value(verb, game, action)
                tail = tail or [option]
                rich = tail[0] in RICH.get((verb, game), ())
                out.append((verb, game, RICH_EXAMPLES[(verb, game)] if rich else example, tail))
    return out


def _rules_flag(game: str, action: argparse.Action) -> list[str] | None:
    from dreidelpoker.games.registry import get_game

    rules_type = get_game(game).rules_type
    field = action.dest[len(rules_cli.DEST_PREFIX):]
    spec = next((f for f in rules_cli.rules_flags(rules_type) if f.field == field), None)
    if spec is None:
        return None
    example, *more = EXAMPLES.get((rules_type.__name__, field), (spec.example,))
    if spec.kind == "bool":
        default = getattr(rules_type(), field)
        return [("--no-" + spec.flag[2:]) if default else spec.flag]
    return [spec.flag, str(example), *more] if example is not None else None


CASES = _cases()
#: (verb, game, example) -> the example's answer, computed once.
_BASE: dict[tuple[str, str, tuple[str, ...]], Any] = {}  # the parsed JSON


def _answer(answer: Any, verb: str, *, rules_played: bool = False) -> Any:
    drop = VOLATILE | (ECHO if verb in ECHOING_VERBS and not rules_played else set())

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in drop}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return strip(answer)


@pytest.mark.parametrize(("verb", "game", "example", "tail"), CASES,
                         ids=[f"{v}-{g}{'-run' * (e is DESIGN_RUN[1])}{'-rich' * (e is RICH_EXAMPLES.get((v, g)))}-{t[0]}"
                              for v, g, e, t in CASES])
def test_every_option_changes_the_answer_or_is_refused(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Any, verb: str, game: str, example: list[str],
                                                       tail: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    if tail[-1] == "ONE CHOICE":
        pytest.skip(f"{tail[0]} has one choice for this game (e.g. one explorer): nothing else to give")
    if (verb, game, tail[0]) in APPLIES_ELSEWHERE:
        pytest.skip(APPLIES_ELSEWHERE[(verb, game, tail[0])])
    if (verb, game, tail[0]) in SLOW and not WALK_SLOW:
        pytest.skip(SLOW[(verb, game, tail[0])])
    key = (verb, game, tuple(example))

    def storage(name: str) -> list[str]:  # a real search gets a fresh file for each run
        return ["--storage", str(tmp_path / f"{name}.db")] if verb == "design" and "--space" not in example else []

    if key not in _BASE:
        code, out, err = run_cli(capsys, verb, game, *example, *storage("base"), "--json")
        assert code == 0, err[-300:]
        _BASE[key] = json.loads(out)
    rare = (verb, game, tail[0]) in RARE
    base = _answer(_BASE[key], verb, rules_played=rare)
    code, out, err = run_cli(capsys, verb, game, *example, *tail, *storage("case"), "--json")
    if code == 2:
        assert err.count("\n") == 1 and re.search(
            r"do(es)? not apply|applies (only|to)|only with|leave .* out|needs --|add --|use it with|are for", err), (
            f"{tail} is refused, but not with a line saying it does not apply: {err.strip()[:300]}")
        return
    assert code == 0, (tail, err[-300:])
    assert _answer(json.loads(out), verb, rules_played=rare) != base, (
        f"{tail} was accepted and changed nothing: the option is ignored")
