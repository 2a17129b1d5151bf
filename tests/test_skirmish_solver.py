"""Skirmish: rules, the exact capture solver (against brute force) and ``solve skirmish``."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from dreidelpoker.cli import main
from dreidelpoker.games.skirmish import (
    SkirmishRules, best_capture, capture_options, legal_captures, parse_cards, principal_line, solve_capture,
)
from dreidelpoker.games.skirmish.rules import STANDARD_DECK, parse_deck
from dreidelpoker.games.skirmish.solver import canonical, capture_value, plain_minimax


def brute(mover: tuple[int, ...], other: tuple[int, ...]) -> int:
    """Plain brute force over every order of moves (card by card, duplicates not merged),
    written from RULES.md 3: capture strictly lower, compulsory; pass only when unable."""
    total = len(mover) + len(other)
    moves = [(i, j) for i, a in enumerate(mover) for j, b in enumerate(other) if b < a]
    if moves:
        return max(total - brute(other[:j] + other[j + 1:], mover[:i] + mover[i + 1:]) for i, j in moves)
    if any(b > a for b in other for a in mover):
        return total - brute(other, mover)
    return len(mover)


def test_solver_matches_brute_force_on_small_lines() -> None:
    rng = random.Random(20261130)
    deck = [r for r in range(1, 7) for _ in range(2)]
    for _ in range(400):
        rng.shuffle(deck)
        n, k = rng.randint(0, 4), rng.randint(0, 4)
        m, o = tuple(deck[:n]), tuple(deck[n:n + k])
        assert capture_value(m, o) == brute(m, o) == plain_minimax(m, o), (m, o)


def test_solver_matches_brute_force_on_every_2v2_and_some_3v3() -> None:
    for m in itertools.combinations_with_replacement(range(1, 5), 2):
        for o in itertools.combinations_with_replacement(range(1, 5), 2):
            assert capture_value(m, o) == brute(m, o)
    rng = random.Random(5)
    for _ in range(60):
        m = tuple(rng.choice(STANDARD_DECK) for _ in range(3))
        o = tuple(rng.choice(STANDARD_DECK) for _ in range(3))
        assert capture_value(m, o) == brute(m, o)


def test_best_capture_and_line_achieve_the_value() -> None:
    rng = random.Random(9)
    for _ in range(100):
        d = list(STANDARD_DECK)
        rng.shuffle(d)
        m, o = tuple(d[:4]), tuple(d[4:8])
        sol = solve_capture(m, o, "mine")
        # replaying the principal line gives exactly the value
        cards = {"mine": 0, "theirs": 0}
        lines = {"mine": list(m), "theirs": list(o)}
        for step in sol.line:
            if step.capture is not None:
                other = "theirs" if step.side == "mine" else "mine"
                assert step.capture.taken < step.capture.own
                lines[step.side].remove(step.capture.own)
                lines[other].remove(step.capture.taken)
                cards[step.side] += 2
        assert (cards["mine"] + len(lines["mine"]), cards["theirs"] + len(lines["theirs"])) == sol.value
        assert sum(sol.value) == 8
        if sol.options:
            assert sol.options[0].loss == 0 and sol.options[0].value == sol.value[0]
            assert all(opt.value + opt.loss == sol.value[0] for opt in sol.options)
            b = best_capture(m, o)
            assert b is not None and b == sol.best.capture  # type: ignore[union-attr]


def test_issue_example_and_canonical_sharing() -> None:
    sol = solve_capture("9,4,4,K,2", "Q,J,3,3,8", "mine")
    assert sol.value == (6, 4)
    assert brute((9, 4, 4, 13, 2), (12, 11, 3, 3, 8)) == 6
    assert brute((12, 11, 3, 3, 8), (9, 4, 4, 13, 2)) == solve_capture("9,4,4,K,2", "Q,J,3,3,8", "theirs").value[1]
    assert canonical((2, 3), (5,)) == canonical((7, 9), (10,))
    assert canonical((2, 5), (3,)) != canonical((2, 3), (5,))


def test_pass_and_end_rules() -> None:
    # nobody can capture: everyone keeps their line
    assert capture_value((3, 3), (3, 3)) == 2
    assert capture_value((2, 2), (2, 2)) == 2
    # the mover cannot capture, so it passes and the opponent takes both cards
    assert capture_value((2, 3), (5, 6)) == 0
    assert [s.text for s in principal_line((2, 3), (5, 6), "mine")] == [
        "mine: passes", "theirs: 5 takes 3", "mine: passes", "theirs: 6 takes 2"]
    line = principal_line((2, 3), (5, 6), "mine")
    assert line[0].capture is None and all(s.side == "theirs" for s in line[1::2])
    assert legal_captures((5, 5), (5, 4)) == ((5, 4),)


def test_card_syntax_and_bad_input() -> None:
    assert parse_cards("2,10,T,J,Q,K,A") == (2, 10, 10, 11, 12, 13, 14)
    for bad in ("1", "11", "X", "", "0"):
        with pytest.raises(ValueError, match="unknown rank"):
            parse_cards(f"9,{bad}", what="mine")
    with pytest.raises(ValueError, match="equally long"):
        solve_capture("9,4", "Q")
    with pytest.raises(ValueError, match="3 copies of 2 on the two lines; the deck holds 2"):
        solve_capture((2, 2), (2, 1), deck=parse_deck("1-6x2"))
    with pytest.raises(ValueError, match="first must be 'mine' or 'theirs'"):
        solve_capture("A", "K", "both")


def test_rules_validation() -> None:
    r = SkirmishRules()
    assert r.deck == STANDARD_DECK and r.losing_cards == 4 and r.lay_sizes(8) == (4, 4)
    assert r.lay_sizes(5) == (1, 4) and r.lay_sizes(9) == (5, 4)
    assert SkirmishRules(deck={1: 2, 2: 2}, line_size=0, pile_size=1).deck == (1, 1, 2, 2)
    for kw, msg in [({"skirmish_limit": 0}, "skirmish_limit must be an integer >= 1, got 0"),
                    ({"skirmish_limit": -3}, "skirmish_limit"),
                    ({"tie": "war-style"}, "tie must be one of 'own-pile', 'war'; got 'war-style'"),
                    ({"line_size": -1}, "line_size must be an integer from 0 to 50, got -1"),
                    ({"pile_size": 0}, "pile_size must be an integer from 1 to 50, got 0"),
                    ({"deck": (1, 2, 3)}, "even number"),
                    ({"deck": (1, 1, 2, 2)}, "each player's half"),
                    ({"deck": (0, 1)}, "ranks must be an integer from 1 to 99"),
                    ({"lose_at": 9}, "lose_at must be an integer from 0 to 4, got 9")]:
        with pytest.raises(ValueError, match=msg):
            SkirmishRules(**kw)  # type: ignore[arg-type]


def test_cli_solve(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "skirmish", "--mine", "9,4,4,K,2", "--theirs", "Q,J,3,3,8", "--first", "mine",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["value"] == {"mine": 6, "theirs": 4}
    assert out["best"] == {"side": "mine", "own": "9", "taken": "8"}
    assert len(out["line"]) == 5
    assert main(["solve", "skirmish", "--mine", "9,4,4,K,2", "--theirs", "Q,J,3,3,8"]) == 0
    assert "principal line" in capsys.readouterr().out
    for argv, msg in [(["--mine", "9,4,Z", "--theirs", "2,3,4"], "unknown rank 'Z'"),
                      (["--mine", "9,4", "--theirs", "2,3,4"], "equally long"),
                      (["--mine", "A,A,A", "--theirs", "A,A,2"], "5 copies of A"),
                      (["--mine", "A", "--theirs", "2", "--first", "nobody"], "first must be")]:
        assert main(["solve", "skirmish", *argv]) == 2
        err = capsys.readouterr().err
        assert msg in err and len(err.strip().splitlines()) == 1


def test_capture_options_losses() -> None:
    opts = capture_options((9, 3), (8, 2))
    assert [(o.capture, o.value, o.loss) for o in opts] == [((9, 8), 4, 0), ((3, 2), 4, 0), ((9, 2), 2, 2)]
    assert capture_options((9, 2), (8, 5)) and all(o.value == 2 for o in capture_options((9, 2), (8, 5)))
