"""Skirmish on the whole-game engine: chance weights, observations, bots, conservation."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dreidelpoker.games.protocol import Turn
from dreidelpoker.games.skirmish import SkirmishRules, new_game
from dreidelpoker.games.skirmish.game import deal_state
from dreidelpoker.games.skirmish.game import SkirmishGame
from dreidelpoker.play import IllegalActionError, simulate
from dreidelpoker.sampler import Sampler


def all_cards(g: SkirmishGame) -> Counter[int]:
    c: Counter[int] = Counter(g.stock)
    for s in (0, 1):
        c.update(g.draw[s])
        c.update(g.discard[s])
        c.update(g.lines[s])
        c.update(g.piles[s])
    return c


class Checker:
    """A bot wrapper checking that every capture it makes is legal by RULES.md 3."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def __call__(self, obs: Any, legal: Any, rng: np.random.Generator) -> Any:
        expected = {(a, b) for a in obs.mine for b in obs.theirs if b < a}
        assert set(legal) == expected and legal
        action = self.bot(obs, legal, rng)
        assert action[1] < action[0] and action[0] in obs.mine and action[1] in obs.theirs
        return action


def walk(rules: SkirmishRules, bots: tuple[str, str], seed: int, max_steps: int = 20000) -> SkirmishGame:
    """Play one game step by step, checking conservation and observations at every step."""
    from dreidelpoker.games.skirmish.bots import BOTS

    players = [BOTS[b](rules) for b in bots]
    rng = Sampler(seed)
    g = new_game(rules, hand_limit=300)
    deck = Counter(rules.deck)
    for _ in range(max_steps):
        assert all_cards(g) == deck
        if g.turn is Turn.TERMINAL:
            return g
        if g.turn is Turn.CHANCE:
            outs = g.chance_outcomes()
            src = g.stock if g.phase == 0 else g.draw[g.seat]
            assert dict(outs) == Counter(src) and sum(w for _, w in outs) == len(src)
            g = g.apply(g.sample_chance(rng))
        else:
            s = g.current_players[0]
            obs = g.observation(s)
            assert obs.mine == g.lines[s] and obs.theirs == g.lines[1 - s]
            g = g.apply(Checker(players[s])(obs, g.legal_actions(s), rng))
    raise AssertionError("game did not end")


@pytest.mark.parametrize("bots", [("optimal", "greedy"), ("random", "spendthrift")])
def test_full_game_conserves_52_cards_and_captures_legally(bots: tuple[str, str]) -> None:
    g = walk(SkirmishRules(), bots, seed=4)
    assert g.winner in (0, 1) or g.cut
    if not g.cut:
        loser = 1 - g.winner
        assert g.cards(loser) <= 4 < g.cards(g.winner)
        assert sum(g.returns()) == 0


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), tie=st.sampled_from(["own-pile", "war"]),
       bots=st.tuples(*[st.sampled_from(["random", "greedy", "optimal", "spendthrift"])] * 2))
def test_property_cards_conserved_and_captures_legal(seed: int, tie: str, bots: tuple[str, str]) -> None:
    g = walk(SkirmishRules(tie=tie), bots, seed)  # type: ignore[arg-type]
    assert sum(all_cards(g).values()) == 52


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), line=st.integers(0, 3), pile=st.integers(1, 3))
def test_property_small_decks(seed: int, line: int, pile: int) -> None:
    rules = SkirmishRules(deck=tuple(r for r in range(1, 7) for _ in range(2)), line_size=line, pile_size=pile)
    walk(rules, ("random", "optimal"), seed)


def test_under_nine_rule_and_reshuffle() -> None:
    rules = SkirmishRules()
    # seat 1 holds 7 cards: 3 on the line and 4 in the pile; seat 2 the other 45
    g2 = deal_state(rules.deck[:26], rules.deck[26:], rules=rules)
    g2 = g2._with(draw=((2, 2), g2.draw[1] + rules.deck[7:26]), discard=((2, 2, 3, 3, 3), ()))
    g2 = g2._start_skirmish()
    assert g2.sizes[:2] == (3, 4) and g2.sizes[2:] == (5, 4)
    rng = Sampler(1)
    while g2.phase == 1 and g2.seat == 0:
        g2 = g2.apply(g2.sample_chance(rng))
    assert [e.kind for e in g2.log].count("reshuffle") == 1
    assert len(g2.lines[0]) == 3 and len(g2.piles[0]) == 4 and not g2.draw[0] and not g2.discard[0]


def test_observation_hides_draw_piles_and_face_down_cards() -> None:
    rules = SkirmishRules()
    g = deal_state(rules.deck[::2], rules.deck[1::2], rules=rules)
    rng = Sampler(3)
    while g.turn is Turn.CHANCE:
        g = g.apply(g.sample_chance(rng))
    obs = g.observation(0)
    fields = {f: getattr(obs, f) for f in obs.__slots__}
    assert set(fields) == {"seat", "phase", "mine", "theirs", "shown_mine", "shown_theirs", "cards_mine",
                           "cards_theirs", "skirmish", "to_move"}
    assert len(obs.shown_mine) == 1 and obs.cards_mine + obs.cards_theirs + len(obs.mine) + len(obs.theirs) == 52
    with pytest.raises(AttributeError):
        obs.mine = ()  # type: ignore[misc]


def test_war_style_tie_compares_next_card_down() -> None:
    rules = SkirmishRules(tie="war", deck=tuple(r for r in range(1, 7) for _ in range(2)), line_size=0, pile_size=3)
    g = deal_state((1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 6), rules=rules)
    for r in (2, 5, 6):  # seat 1 pile, 6 on top
        g = g.apply(r)
    for r in (3, 4, 6):  # seat 2: 4 under the 6 loses to 5
        g = g.apply(r)
    assert "seat 1 wins the piles (5 over 4, after 1 tied)" in g.log[-2].text or any(
        "5 over 4" in e.text for e in g.log)
    assert g.observation(1).shown_theirs == (6, 5)


def test_illegal_capture_is_rejected() -> None:
    def cheat(obs: Any, legal: Any, rng: Any) -> Any:
        return (min(obs.mine), max(obs.theirs))

    with pytest.raises(IllegalActionError, match="not legal"):
        simulate(SkirmishRules(), [cheat, "greedy"], games=3, seed=1, progress=False)
    g = deal_state(SkirmishRules().deck[::2], SkirmishRules().deck[1::2], rules=SkirmishRules())
    rng = Sampler(0)
    while g.turn is Turn.CHANCE:
        g = g.apply(g.sample_chance(rng))
    with pytest.raises(ValueError, match="strictly lower"):
        g.apply((2, 14))


def test_simulate_is_seeded_and_reports_metrics() -> None:
    r1 = simulate(SkirmishRules(), "optimal,greedy", games=20, seed=11, progress=False)
    r2 = simulate(SkirmishRules(), "optimal,greedy", games=20, seed=11, progress=False)
    assert [x.to_dict() for x in r1.records] == [x.to_dict() for x in r2.records]
    m = r1.records[0].metrics
    assert m["capture_flow_seat1"] == m["captures_seat1"] - m["captures_seat2"]
    assert r1.truncated == 0 and all(rec.winners for rec in r1.records)
    r3 = simulate(SkirmishRules(skirmish_limit=2), players=2, games=5, seed=1, progress=False)
    assert r3.truncated == 5


def test_cli_simulate_and_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from dreidelpoker.cli import main

    assert main(["simulate", "skirmish", "--games", "3", "--seed", "2", "--bots", "optimal,spendthrift",
                 "--deck", "1-6x2", "--line-size", "2", "--pile-size", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3
    for argv, msg in [(["--hand-limit", "0"], "--hand-limit must be an integer from 1"),
                      (["--hand-limit", "0"], "--hand-limit must be an integer from 1"),
                      (["--deck", "1-6"], "deck: expected"), (["--bots", "optimal,cheater"], "unknown bot")]:
        assert main(["simulate", "skirmish", "--games", "2", *argv]) == 2
        assert msg in capsys.readouterr().err


def test_cli_hand_limit_is_the_one_length_limit(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from dreidelpoker.cli import main

    base = ["simulate", "skirmish", "--games", "4", "--seed", "3", "--bots", "random,random", "--json"]
    assert main([*base, "--hand-limit", "2"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["hand_limit"] == 2 and got["games_hit_limit"] == 4
    with pytest.raises(SystemExit) as gone:  # the old name is gone (no shims before the first release)
        main([*base, "--skirmish-limit", "2"])
    assert gone.value.code == 2 and "--skirmish-limit" in capsys.readouterr().err
    # One obvious option: --help lists --hand-limit only.
    with pytest.raises(SystemExit):
        main(["simulate", "skirmish", "--help"])
    text = capsys.readouterr().out
    assert "--hand-limit" in text and "--skirmish-limit" not in text
