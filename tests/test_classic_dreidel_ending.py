"""A dreidel whose game may never end is refused when the rules are built (issue 15).

The oracle below plays RULES.md 6 on a plain list of coins (it shares no code with the
library's spin rules) and decides, by visiting every reachable state, whether each one can
still reach the end of the game. The library's decision (partly proved by cases, partly by
its own search) must agree with it on every face set and option for small tables.
"""

from __future__ import annotations

import itertools
import os
from fractions import Fraction as F
from typing import Any

import pytest

from dreidelpoker.errors import InputError
from dreidelpoker.games.classic_dreidel import (
    ClassicDreidelRules, analyze, continuous_winnings, dreidel_chain,
)
from dreidelpoker.games.classic_dreidel.ending import ENDING_CHECK_MAX_STATES, ending_check
from dreidelpoker.play import simulate
from tests.classic_dreidel_reference_sim import reference_simulate

FACE_SETS = ["".join(c) for k in range(1, 5) for c in itertools.combinations("GHNS", k)]


def _probabilities(faces: str) -> tuple[F, ...]:
    return tuple(F(1, len(faces)) if f in faces else F(0) for f in "GHNS")


def _step(opts: dict[str, Any], state: tuple[Any, ...], face: str) -> tuple[Any, ...]:
    """One spin, written from RULES.md 6: returns the next state or ("end",)."""
    coins, active, pot, turn = list(state[0]), list(state[1]), state[2], state[3]
    players = len(coins)
    out: list[int] = []
    zero = opts["elimination"] == "zero"
    if face == "G":
        coins[turn] += pot
        pot = 0
        if opts["stopping"] == "first-gimel":
            return ("end",)
    elif face == "H":
        take = (pot + 1) // 2 if opts["hey_rounding"] == "up" else pot // 2
        coins[turn] += take
        pot -= take
    elif face == "S":
        if coins[turn] >= 1:
            coins[turn] -= 1
            pot += 1
            if zero and coins[turn] == 0:
                out.append(turn)
        else:
            out.append(turn)
    if opts["reante"] and pot == 0:
        for i in range(players):
            if active[i] and i not in out:
                if coins[i] >= 1:
                    coins[i] -= 1
                    pot += 1
                    if zero and coins[i] == 0:
                        out.append(i)
                else:
                    out.append(i)
    if out and opts["stopping"] == "first-elimination":
        return ("end",)
    for i in out:
        active[i] = False
    if sum(active) <= 1:
        return ("end",)
    turn = (turn + 1) % players
    while not active[turn]:
        turn = (turn + 1) % players
    return (tuple(coins), tuple(active), pot, turn)


def oracle_always_ends(players: int, coins: int, faces: str, **opts: Any) -> bool:
    """Every reachable state can still reach the end (brute force over the reachable states)."""
    start = (tuple([coins - 1] * players), tuple([True] * players), players, 0)
    succ: dict[Any, list[Any]] = {}
    todo = [start]
    while todo:
        s = todo.pop()
        if s in succ:
            continue
        succ[s] = [] if s == ("end",) else [_step(opts, s, f) for f in faces]
        todo.extend(t for t in succ[s] if t not in succ)
    good = {("end",)}
    changed = True
    while changed:
        changed = False
        for s, ts in succ.items():
            if s not in good and any(t in good for t in ts):
                good.add(s)
                changed = True
    return len(good) == len(succ)


def _builds(**kw: Any) -> bool:
    try:
        ClassicDreidelRules(**kw)
    except InputError as exc:
        assert "may never end" in str(exc) and "face_probabilities (" in str(exc)
        assert "give Shin a positive probability" in str(exc)
        return False
    return True


OPTIONS = [
    dict(hey_rounding=h, elimination=e, reante=r, stopping=s)
    for h in ("up", "down") for e in ("cannot-pay", "zero") for r in (True, False)
    for s in ("last-survivor", "first-elimination", "first-gimel")
]


@pytest.mark.parametrize("faces", FACE_SETS)
def test_refused_exactly_when_the_oracle_finds_a_trap(faces: str) -> None:
    tables = [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2)]
    if os.environ.get("DREIDELPOKER_SLOW"):
        tables += [(2, 4), (2, 5), (3, 3), (4, 1), (4, 2)]
    for (players, coins), opts in itertools.product(tables, OPTIONS):
        if opts["elimination"] == "zero" and coins < 2:
            continue
        expected = oracle_always_ends(players, coins, faces, **opts)
        got = _builds(players=players, coins=coins, face_probabilities=_probabilities(faces), **opts)
        assert got == expected, (faces, players, coins, opts)


def test_known_cases_named_in_the_issue() -> None:
    # Gimel-only: ends with 1 coin each (the first re-ante puts the other players out), never with 3.
    assert _builds(players=2, coins=1, face_probabilities=(1, 0, 0, 0))
    assert not _builds(players=2, coins=3, face_probabilities=(1, 0, 0, 0))
    assert not _builds(players=4, coins=10, face_probabilities=(0, 0, 1, 0))  # Nun-only
    assert not _builds(players=4, coins=10, face_probabilities=(0, 1, 0, 0))  # Hey-only
    # ... but they are fine where the first Gimel ends the game, or with a little Shin.
    assert _builds(players=4, coins=10, face_probabilities=(1, 0, 0, 0), stopping="first-gimel")
    assert _builds(players=4, coins=10, face_probabilities=(F(99, 100), 0, 0, F(1, 100)))


def test_messages_say_why_and_what_is_allowed() -> None:
    with pytest.raises(InputError) as info:
        ClassicDreidelRules(players=4, coins=10, face_probabilities=(0, F(1, 2), F(1, 2), 0), hey_rounding="down")
    msg = str(info.value)
    assert msg.startswith("face_probabilities (0, 1/2, 1/2, 0) make a game that may never end: ")
    assert "only Hey and Nun can come up, so the pot never empties" in msg
    with pytest.raises(InputError, match="there is no re-ante"):
        ClassicDreidelRules(players=3, coins=2, face_probabilities=(F(1, 2), 0, F(1, 2), 0), reante=False)
    with pytest.raises(InputError, match="a game can reach states .* from which it never ends"):
        ClassicDreidelRules(players=4, coins=1, face_probabilities=(F(1, 2), F(1, 2), 0, 0))


def test_too_big_to_check_is_refused_quickly() -> None:
    rules_kw = dict(players=4, coins=10, face_probabilities=(F(1, 2), F(1, 2), 0, 0), stopping="first-elimination")
    with pytest.raises(InputError, match=f"would visit more than {ENDING_CHECK_MAX_STATES:,} states"):
        ClassicDreidelRules(**rules_kw)  # type: ignore[arg-type]


def test_continuous_gimel_and_hey_ends_in_simulation() -> None:
    # Case 6 (continuous pot, only Gimel and Hey) is proved, not searched: the independent
    # simulator must end every game well inside its spin limit.
    rules = ClassicDreidelRules(players=3, coins=3, hey_rounding="continuous", face_probabilities=(F(1, 2), F(1, 2), 0, 0))
    assert ending_check(rules).ends
    res = reference_simulate(rules=rules, games=200, seed=5, max_spins=100_000)
    assert res.max_spins_hit == 0


def test_accepted_degenerate_dreidels_solve_and_simulate() -> None:
    # An accepted Gimel-only game really ends: its chain has only absorbing traps and the
    # simulator agrees. 2 players x 1 coin: seat 0 takes the pot, seat 1 cannot re-ante.
    rules = ClassicDreidelRules(players=2, coins=1, face_probabilities=(1, 0, 0, 0))
    res = analyze(rules=rules, method="exact")
    assert res.expected_spins == 1 and res.win_probabilities == (1, 0)
    assert sorted(dreidel_chain(rules=rules).absorbing_states()) == [("win", 0)]
    assert simulate(rules, games=5, seed=1, progress=False).metric_values("rounds") == [1.0] * 5


def test_continuous_winnings_needs_gimel() -> None:
    with pytest.raises(InputError, match="ends at the first Gimel"):
        continuous_winnings(3, rules=ClassicDreidelRules(face_probabilities=(0, F(1, 2), 0, F(1, 2))))


@pytest.mark.parametrize("verb", [["chain", "classic-dreidel", "--players", "2"],
                                  ["simulate", "classic-dreidel", "--players", "2", "--games", "5"],
                                  ["sweep", "classic-dreidel", "--players", "2-3", "--games", "5"]])
def test_cli_refuses_with_one_line(verb: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from dreidelpoker.cli import main

    assert main([*verb, "--coins", "3", "--face-probabilities", "1,0,0,0"]) == 2
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert out == "" and len(lines) == 1 and "Traceback" not in err
    assert lines[0].startswith(f"dreidelpoker {verb[0]} classic-dreidel: error: face_probabilities (1, 0, 0, 0) "
                               "make a game that may never end: only Gimel can come up")


def test_cli_face_probabilities_reach_the_rules() -> None:
    from dreidelpoker.cli import main

    assert main(["chain", "classic-dreidel", "--players", "2", "--coins", "1", "--face-probabilities", "1,0,0,0",
                 "--json"]) == 0


def test_gimel_only_continuous_is_decided_like_whole_coins() -> None:
    # With only Gimel the pot never halves, so the continuous pot changes nothing.
    for coins in (1, 2, 3):
        for rounding in ("up", "continuous"):
            got = _builds(players=3, coins=coins, hey_rounding=rounding, face_probabilities=(1, 0, 0, 0))
            assert got == oracle_always_ends(3, coins, "G", hey_rounding="up", elimination="cannot-pay",
                                             reante=True, stopping="last-survivor")


def test_docs_quote_the_real_message() -> None:
    from pathlib import Path

    doc = (Path(__file__).parent.parent / "docs" / "errors-and-limits.md").read_text()
    with pytest.raises(InputError) as info:
        ClassicDreidelRules(players=2, coins=3, face_probabilities=(1, 0, 0, 0))
    assert f"dreidelpoker.errors.InputError: {info.value}\n" in doc
