"""The conformance checks every game must pass (OpenSpiel's ``random_sim_test`` idea).

Each check takes a :class:`~dreidelpoker.games.registry.GameInfo` and fails with a
message naming the game. ``tests/test_conformance.py`` runs them over every registered
game; ``tests/test_toy_game.py`` runs them over a toy game defined in the tests only.
A game without a showdown (``analysis=None``, e.g. classic dreidel) skips the checks
that need one.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
import sympy

from dreidelpoker.analysis import exact_equity, monte_carlo_equity
from dreidelpoker.cli import game_commands, main
from dreidelpoker.equity import EquityResult
from dreidelpoker.games.protocol import AnalysisGame
from dreidelpoker.games.registry import GameInfo

EXACT_NUMBER = re.compile(r"^-?\d+/\d+$")
PROBABILITY_KEYS = {"win", "tie", "lose", "probability"}
#: Seeded Monte Carlo runs: a 99.9% interval with a fixed seed is a deterministic check
#: that would fail only if the engine were biased (or, once in a thousand seeds, by chance).
MC_SAMPLES = 4000
MC_CONFIDENCE = 0.999


def analysis_of(game: GameInfo) -> AnalysisGame[Any, Any, Any]:
    """The game's analysis protocol, or skip the calling check if it has none."""
    if game.analysis is None:
        pytest.skip(f"{game.name} declares no analysis protocol (no showdown)")
    return game.analysis


def check_rules(game: GameInfo) -> None:
    """Rules are a frozen keyword-only dataclass with defaults; presets are instances."""
    rules = game.rules_type()
    assert dataclasses.is_dataclass(rules)
    field = dataclasses.fields(rules)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(rules, field, getattr(rules, field))
    assert dataclasses.replace(rules) == rules
    with pytest.raises(TypeError):
        game.rules_type(*[getattr(rules, f.name) for f in dataclasses.fields(rules)][:1])
    presets = game.rules_type.presets()
    assert presets, f"{game.name}: rules type has no presets"
    for name, preset in presets.items():
        assert isinstance(preset, game.rules_type), f"{game.name}: preset {name!r} is not a {game.rules_type}"
        assert dataclasses.replace(preset) == preset
    assert game.title and game.summary
    if game.analysis is not None:
        assert game.analysis.rules_type is game.rules_type
        assert dict(game.analysis.presets()) == dict(presets)


def check_parse_format_round_trip(game: GameInfo) -> None:
    """format(parse(text)) parses back to the same hand, and formatting is canonical."""
    g = analysis_of(game)
    rules = g.rules_type()
    assert g.example_hands, f"{game.name} declares no example hands"
    for text in g.example_hands:
        hand = g.parse_hand(text, rules=rules)
        canon = g.format_hand(hand, rules=rules)
        assert g.parse_hand(canon, rules=rules) == hand, (game.name, text, canon)
        assert g.format_hand(g.parse_hand(canon, rules=rules), rules=rules) == canon
    with pytest.raises(ValueError):
        g.parse_hand("not a hand ~", rules=rules)


def check_showdown_permutation_invariant(game: GameInfo) -> None:
    """Permuting the players permutes the winners, and nothing else."""
    g = analysis_of(game)
    rules = g.rules_type()
    hands = [g.parse_hand(t, rules=rules) for t in g.example_hands]
    for k in range(1, min(len(hands), g.max_players) + 1):
        for group in itertools.combinations(hands, k):
            winners = {group[i] for i in g.showdown(group, rules=rules)}
            assert winners, f"{game.name}: a showdown of {group} has no winner"
            for perm in itertools.permutations(range(k)):
                shuffled = [group[i] for i in perm]
                got = g.showdown(shuffled, rules=rules)
                assert got == sorted(got) and len(set(got)) == len(got)
                assert {shuffled[i] for i in got} == winners, (game.name, group, perm)


def _check_result(game: str, r: EquityResult) -> None:
    for name in ("win", "tie", "lose", "equity"):
        v = getattr(r, name)
        assert isinstance(v, sympy.Rational), f"{game}: {name} is a {type(v).__name__}, not a sympy Rational"
        assert 0 <= v <= 1, (game, name, v)
    assert r.win + r.tie + r.lose == 1, game
    assert r.win <= r.equity <= r.win + r.tie, game


def check_exact_engines(game: GameInfo) -> None:
    """Deal weights are positive integers whose probabilities sum to 1; the generic exact
    engine agrees exactly with the game's own fast path; sampled deals are possible deals."""
    g = analysis_of(game)
    rules = g.rules_type()
    rng = np.random.default_rng(0)
    for text in g.example_known:
        known = g.known(text, opponents=1, rules=rules)
        deals = list(g.deals(known, rules=rules))
        assert deals and all(isinstance(w, int) and w > 0 for _h, w in deals), game.name
        total = sum(w for _h, w in deals)
        assert sum(Fraction(w, total) for _h, w in deals) == 1
        generic = exact_equity(g, known, rules=rules, fast=False)
        _check_result(game.name, generic)
        assert exact_equity(g, known, rules=rules) == generic, (game.name, text)
        possible = {h for h, _w in deals}
        for _ in range(20):
            assert g.sample_deal(known, rules=rules, rng=rng) in possible, (game.name, text)


def check_exact_inside_monte_carlo(game: GameInfo) -> None:
    """Every field of the exact equity lies inside the seeded Monte Carlo intervals, for
    the generic sampler and for the game's own one."""
    g = analysis_of(game)
    rules = g.rules_type()
    for n, text in enumerate(g.example_known):
        known = g.known(text, opponents=1, rules=rules)
        exact = exact_equity(g, known, rules=rules)
        for fast in (False, True):
            mc = monte_carlo_equity(g, known, rules=rules, samples=MC_SAMPLES, seed=7, confidence=MC_CONFIDENCE,
                                    fast=fast)
            assert mc.samples == MC_SAMPLES and mc.seed == 7
            for name in ("win", "tie", "lose", "equity"):
                assert mc.contains(name, float(getattr(exact, name))), (game.name, text, fast, name, mc, exact)
            if n:
                continue
            again = monte_carlo_equity(g, known, rules=rules, samples=MC_SAMPLES, seed=7,
                                       confidence=MC_CONFIDENCE, fast=fast)
            assert again == mc, f"{game.name}: same seed, different estimate"


def check_to_dict_json(game: GameInfo) -> None:
    """Results survive a JSON round trip and their exact numbers are the results'."""
    g = analysis_of(game)
    rules = g.rules_type()
    known = g.known(g.example_known[0], opponents=1, rules=rules)
    exact = exact_equity(g, known, rules=rules)
    data = json.loads(json.dumps(exact.to_dict()))
    assert data == exact.to_dict()
    assert {k: Fraction(data[k]) for k in ("win", "tie", "lose", "equity")} == {
        k: Fraction(int(getattr(exact, k).p), int(getattr(exact, k).q)) for k in ("win", "tie", "lose", "equity")}
    mc = monte_carlo_equity(g, known, rules=rules, samples=200, seed=1)
    mdata = json.loads(json.dumps(mc.to_dict()))
    assert mdata == json.loads(json.dumps(mc.to_dict()))
    assert (mdata["samples"], mdata["seed"], mdata["equity"]) == (200, 1, mc.equity)
    assert set(mdata["intervals"]) == {"win", "tie", "lose", "equity"}


def check_json_numbers(value: Any, where: str = "") -> None:
    """Exact numbers in JSON are ``"p/q"`` in lowest terms; probabilities lie in [0, 1]
    and win + tie + lose = 1 wherever all three are given exactly."""
    if isinstance(value, dict):
        exact = {k: v for k, v in value.items() if isinstance(v, str) and EXACT_NUMBER.match(v)}
        for k, v in exact.items():
            p, q = (int(x) for x in v.split("/"))
            assert q > 1 and Fraction(p, q).denominator == q, f"{where}.{k}: {v!r} is not in lowest terms"
        for k, v in value.items():
            # a number under a probability's name (a rules record's "tie": "own-pile" is a rule, not a number)
            if k in PROBABILITY_KEYS and isinstance(v, (str, float, int)) and not isinstance(v, bool) and (
                    not isinstance(v, str) or re.fullmatch(r"-?\d+(/\d+|\.\d+)?", v)):
                assert 0 <= Fraction(v) <= 1, f"{where}.{k} = {v!r} is not a probability"
        if {"win", "tie", "lose"} <= set(value) and all(isinstance(value[k], str) for k in ("win", "tie", "lose")):
            assert sum(Fraction(value[k]) for k in ("win", "tie", "lose")) == 1, f"{where}: win + tie + lose != 1"
        for k, v in value.items():
            check_json_numbers(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            check_json_numbers(v, f"{where}[{i}]")


def check_cli(game: GameInfo, capsys: pytest.CaptureFixture[str]) -> None:
    """Every command has --help with --json and declared examples that run, print JSON with
    sound numbers, and print text."""
    commands = game_commands(game)
    assert commands, f"{game.name} offers no CLI command"
    for verb, cmd in commands.items():
        with pytest.raises(SystemExit) as exc:
            main([verb, game.name, "--help"])
        assert exc.value.code == 0
        assert "--json" in capsys.readouterr().out
        assert cmd.examples, f"{verb} {game.name} declares no examples for the conformance test"
        for args in cmd.examples:
            assert main([verb, game.name, *args, "--json"]) == 0, (verb, game.name, args)
            data = json.loads(capsys.readouterr().out)
            assert data, (verb, game.name, args)
            check_json_numbers(data, f"{verb} {game.name}")
            assert main([verb, game.name, *args]) == 0
            assert capsys.readouterr().out.strip()


CHECKS = (
    check_rules,
    check_parse_format_round_trip,
    check_showdown_permutation_invariant,
    check_exact_engines,
    check_exact_inside_monte_carlo,
    check_to_dict_json,
)
