"""Two Dreidel: the one family of rules whose whole game may never end is refused (issue 15).

``whole_game_end_problem`` argues that spin faces alone can never stop a game from ending,
except with blind 0, a one-symbol deck and ``spins-then-bet`` without a one-chip face. The
tests check that argument by play: with the check switched off, random bots (who bet,
raise and fold) never finish such a game; change any one of the four conditions and they do.

Games one change away from stuck are slow: with blind 0, spins that cost nothing (or one chip)
and two random bots, chips move only in the rare hands both call both spins, so a game lasts
hundreds of hands (deck ``0-0-6-6``: median about 400, 99th percentile about 2,400, from 200
seeded games). The old check (6 games, at most 200 hands each) saw only about a quarter of them
end, so it passed or failed with the seed: the one-sampler change (082fa3d) re-dealt the games
and it failed, although the share ending within 200 hands stayed the same (deck 27.8% before,
27.0% after; Shin 20.3% / 19.5%, 400 games each). The check now gives each game a hand limit
far past that tail and asserts that *every* game ends.
"""

from __future__ import annotations

from typing import Any

import pytest

from dreidelpoker.errors import InputError
from dreidelpoker.games import two_dreidel as td
from dreidelpoker.games.two_dreidel.whole_game import play as td_play
from dreidelpoker.games.two_dreidel.rulebook.rules import whole_game_end_problem
from dreidelpoker.play import simulate, sweep

STUCK = dict(deck="0-0-12-0", blind=0, streets="spins-then-bet", spin_probabilities=(0, 0, 1, 0))


GAMES = 6


def _finished(monkeypatch: pytest.MonkeyPatch, hand_limit: int, **kw: Any) -> int:
    monkeypatch.setattr(td_play, "whole_game_end_problem", lambda rules: None)
    res = simulate(td.TwoDreidelRules(**kw), "random,random", games=GAMES, seed=4, hand_limit=hand_limit,
                   progress=False)
    return sum(not r.truncated for r in res.records)


def test_refused_rules_really_never_end(monkeypatch: pytest.MonkeyPatch) -> None:
    assert whole_game_end_problem(td.TwoDreidelRules(**STUCK)) is not None  # type: ignore[arg-type]
    assert _finished(monkeypatch, 200, **STUCK) == 0


@pytest.mark.parametrize("change", [
    {"blind": 1},
    {"deck": "0-0-6-6"},
    {"streets": "spin-spin-bet"},
    {"spin_probabilities": (0, 0, "3/4", "1/4")},  # Shin costs one chip
])
def test_any_one_change_lets_games_end(monkeypatch: pytest.MonkeyPatch, change: dict[str, Any]) -> None:
    kw = {**STUCK, **change}
    assert whole_game_end_problem(td.TwoDreidelRules(**kw)) is None  # type: ignore[arg-type]
    # 20,000 hands is about 8x the 99th percentile of the slowest change: every game ends
    assert _finished(monkeypatch, 20_000, **kw) == GAMES


def test_symbolic_one_chip_probability_is_not_refused() -> None:
    import sympy

    s = sympy.Symbol("s", nonnegative=True)
    rules = td.TwoDreidelRules(**{**STUCK, "spin_probabilities": (0, 0, 1 - s, s)})  # type: ignore[arg-type]
    assert whole_game_end_problem(rules) is None


def test_every_whole_game_entry_point_refuses() -> None:
    rules = td.TwoDreidelRules(**STUCK)  # type: ignore[arg-type]
    for call in (lambda: td.new_game(rules, players=2),
                 lambda: simulate(rules, players=2, games=3, progress=False),
                 lambda: sweep({"rules": rules, "players": [2, 3]}, games=3, progress=False)):
        with pytest.raises(InputError, match="rules: blind 0 with a deck of one symbol"):
            call()


def test_cli_exit_2_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from dreidelpoker.cli import main

    assert main(["simulate", "two-dreidel", "--players", "2", "--deck", "0-0-12-0", "--blind", "0",
                 "--streets", "spins-then-bet", "--spin-probabilities", "0,0,1,0", "--games", "3"]) == 2
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert out == "" and len(lines) == 1 and "Traceback" not in err
    assert lines[0].startswith("dreidelpoker simulate two-dreidel: error: rules: blind 0 with a deck of one symbol")
