"""Queenie (RULES.md 4): rules, the game on the engine, bots and bad input."""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from dreidelpoker.games.registry import get_game
from dreidelpoker.games.protocol import Turn
from dreidelpoker.games.queenie import QueenieRules, best_lead, card_from_name, card_name, new_game
from dreidelpoker.games.queenie.game import QueenieGame
from dreidelpoker.play import IllegalActionError, simulate
from dreidelpoker.play.runner import play_game
from dreidelpoker.sampler import Sampler
from dreidelpoker.games.queenie.bots import hand_features


def C(*names: str) -> tuple[int, ...]:
    return tuple(card_from_name(n) for n in names)


# -- rules ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 2}, "players must be an integer from 3 to 8, got 2"),
        ({"players": 9}, "players must be an integer from 3 to 8, got 9"),
        ({"direction": "up"}, "direction must be one of 'right', 'left'; got 'up'"),
        ({"dealing": "x"}, "dealing must be one of 'dummy-first', 'players-first'; got 'x'"),
        ({"queen_card": "top"}, "queen_card must be one of 'deck', 'dummy'; got 'top'"),
        ({"queen_card_queen": "x"}, "queen_card_queen must be one of 'carry-over', 'redraw', 'to-going-out'"),
        ({"no_colour": "x"}, "no_colour must be one of 'pass-on', 'next-any'"),
        ({"blocked": "x"}, "blocked must be one of 'carry-over', 'fewest-cards'"),
        ({"ante": -1}, "ante must be an integer from 0 to 1,000, got -1"),
        ({"swap_cost": 1.5}, "swap_cost must be an integer"),
        ({"session_deals": 0}, "session_deals must be an integer from 1"),
        ({"deck_suits": 3}, "deck_suits must be 2 or 4"),
        ({"deck_ranks": 1}, "deck_ranks must be an integer from 2 to 13"),
        ({"deck_suits": 2, "deck_ranks": 2, "players": 3}, "too small for 3 players"),
    ],
)
def test_rules_reject_bad_values(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        QueenieRules(**kwargs)


def test_hand_sizes_and_cards() -> None:
    for p in range(3, 9):
        for dealing in ("dummy-first", "players-first"):
            for qc in ("deck", "dummy"):
                r = QueenieRules(players=p, dealing=dealing, queen_card=qc)  # type: ignore[arg-type]
                assert sum(r.hand_sizes()) == 51
                assert max(r.hand_sizes()) - min(r.hand_sizes()) <= 1 + (qc == "dummy")
    assert [card_name(c) for c in C("AC", "QH", "10D", "ks")] == ["AC", "QH", "TD", "KS"]
    with pytest.raises(ValueError, match="card: 'ZZ' is not a card"):
        card_from_name("ZZ")


# -- a hand-built deal on a reduced deck -------------------------------------------------
def _deal(rules: QueenieRules, qcard: int, order: list[int]) -> QueenieGame:
    g = new_game(rules)
    return g.apply((qcard, *order))


def test_runs_no_colour_and_blocked_on_a_small_deck() -> None:
    # 2 suits (C black, D red) x 4 ranks (A 2 Q K): 8 cards, 3 players, dummy dealt first.
    r = QueenieRules(players=3, deck_suits=2, deck_ranks=4)
    c = {card_name(x, 4): x for x in range(8)}
    # Queen-pot card KD; then dummy, seat1, seat2, seat3 in turn: 7 cards -> dummy 2, seats 2/2/1.
    order = ["AC", "2C", "QC", "AD", "KC", "2D", "QD"]
    g = _deal(r, c["KD"], [c[x] for x in order])
    # dummy AC KC; seat1 2C 2D; seat2 QC QD; seat3 AD.
    assert g.hands == (1 << c["2C"] | 1 << c["2D"], 1 << c["QC"] | 1 << c["QD"], 1 << c["AD"])
    assert g.turn is Turn.PLAYER and g.current_players == (0,) and g.legal_actions(0) == ("keep", "swap")
    g = g.apply("keep").apply("keep").apply("keep")
    # Seat 1 leads the lowest card: 2C or 2D (equal ranks: a choice).
    assert g.phase_name == "lead" and set(g.legal_actions(0)) == {c["2C"], c["2D"]}
    end = g.apply(c["2D"])
    # 2D; QD (seat 2); KD is the queen-pot card: stop. Seat 2 leads black: QC; KC dead: stop.
    # Seat 2 is out of cards after QC -> wins the going-out pot; QD's suit... queen card KD (suit D):
    # seat 2 played QD -> wins the queen pot too.
    assert end.is_terminal and end.last_deal is not None
    assert end.last_deal.went_out == 1 and end.last_deal.queen_winner == 1
    assert end.returns() == (-2, 4, -2)
    blocked = g.apply(c["2C"])
    # 2C; QC (seat 2); KC dead: stop. Seat 2 leads red: QD; KD queen card: stop -> seat 2 out.
    assert blocked.last_deal is not None and blocked.last_deal.went_out == 1
    # "No Red": dummy 2C QD; seat 1 AC KC; seat 2 AD QC; seat 3 2D.
    order2 = ["2C", "AC", "AD", "2D", "QD", "KC", "QC"]
    g2 = _deal(r, c["KD"], [c[x] for x in order2]).apply("keep").apply("keep").apply("keep")
    # AC (seat 1); 2C dead: stop. Seat 1 has no red: "No Red"; seat 2 leads AD; 2D (seat 3): out.
    assert g2.last_deal is not None and g2.last_deal.went_out == 2
    texts = [e.text for e in g2.log]
    assert 'seat 1: "No Red"' in texts
    assert "run: seat 2 AD, seat 3 2D; seat 3 is out" in texts


def test_blocked_deal_carries_the_pot_over() -> None:
    r = QueenieRules(players=3, session_deals=2)
    for seed in range(200):
        g = _play(r, ["never-swap"] * 3, seed)
        first = next(e for e in g.log if e.kind == "pot")
        if first.text.startswith("blocked"):
            # The 3-chip pot carried into deal 2 and grew by 3 antes.
            assert "pot of 3 carries over" in first.text
            assert any("going-out pot of 6" in e.text for e in g.log)
            assert sum(g.chips) + sum(g.pots) == 0
            break
    else:  # pragma: no cover
        pytest.fail("no blocked deal in 200 seeds")


def _play(rules: QueenieRules, bots: list[Any], seed: int = 0) -> QueenieGame:
    spec = get_game("queenie").play
    assert spec is not None
    made = [spec.bots[b](rules) if isinstance(b, str) else b for b in bots]
    final, _, _ = play_game(new_game(rules), made, np.random.SeedSequence(seed))
    assert isinstance(final, QueenieGame)
    return final


def test_session_pots_conserved_and_button_moves() -> None:
    spec = get_game("queenie").play
    assert spec is not None
    r = QueenieRules(players=5, session_deals=12, blocked="fewest-cards")
    bots = [spec.bots[b](r) for b in ("never-swap", "always-swap", "random", "heuristic", "random")]
    g = new_game(r)
    rng = Sampler(3)
    buttons = []
    while not g.is_terminal:
        assert g.card_count() == 52
        assert sum(g.chips) + sum(g.pots) == 0
        if g.turn is Turn.CHANCE:
            if g.phase_name == "deal" and g.dealt == 0:
                buttons.append(g.button)
            g = g.apply(g.sample_chance(rng))
        else:
            seat = g.current_players[0]
            a = bots[seat](g.observation(seat), g.legal_actions(seat), rng)
            assert a in g.legal_actions(seat)
            g = g.apply(a)
    assert sum(g.chips) + sum(g.pots) == 0 and g.rounds == 12 and not g.truncated
    assert buttons == [(4 + k) % 5 for k in range(12)]


def test_observation_hides_the_dummy_other_hands_and_queen_card() -> None:
    g = new_game(QueenieRules(players=4))
    g = g.apply(g.sample_chance(Sampler(5)))
    obs = g.observation(0)
    assert obs.hand == tuple(sorted(obs.hand)) and len(obs.hand) == 10
    text = repr(obs)
    assert "qcard" not in text and "dummy=" not in text
    assert len(obs._fields) == 16 and not any(isinstance(getattr(obs, f), QueenieGame) for f in obs._fields)
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.hand = ()  # type: ignore[misc]
    assert obs.hand_sizes == (10, 10, 10, 10) and obs.dummy_size == 11
    # After a swap, only the swapper sees its dead hand.
    g2 = g.apply("swap")
    assert g2.observation(0).own_dead == obs.hand and g2.observation(1).own_dead == ()


def test_illegal_plays_are_refused() -> None:
    r = QueenieRules(players=3)

    def bad_lead(obs: Any, legal: Any, rng: Any) -> Any:
        return "keep" if "keep" in legal else 51 if 51 not in legal else 0

    def bad_offer(obs: Any, legal: Any, rng: Any) -> Any:
        return "buy"

    with pytest.raises(IllegalActionError, match="chose 'buy', which is not legal"):
        _play(r, [bad_offer] * 3)
    g = new_game(r)
    g = g.apply(g.sample_chance(Sampler(0)))
    with pytest.raises(ValueError, match="offer: seat 1 may 'keep' or 'swap'"):
        g.apply("buy")
    with pytest.raises(ValueError, match="not distinct cards left to deal"):
        new_game(r).apply((0, 0))
    # A lead that does not follow the rules is refused by the state too.
    for seed in range(40):
        g = new_game(r)
        g = g.apply(g.sample_chance(Sampler(seed))).apply("keep").apply("keep").apply("keep")
        if g.phase_name == "lead":
            with pytest.raises(ValueError, match="must lead one of"):
                g.apply(next(c for c in range(52) if c not in g.lead_cards))
            break
    else:  # pragma: no cover
        pytest.fail("no lead choice in 40 deals")


def test_bots_and_features() -> None:
    assert best_lead(C("AC", "AD", "2D", "3D"), C("AC", "AD"), 13) == card_from_name("AD")
    f = hand_features(C("QC", "QD", "JS", "JH", "JC"), rules=QueenieRules())
    assert f["queens"] == 2 and f["jacks"] == 3 and f["imbalance"] == 1
    res = simulate(QueenieRules(players=4), "never-swap,always-swap,heuristic,random", games=60, seed=2,
                   progress=False)
    assert res.games == 60 and res.round_name == "deal"
    assert 0.9 < res.estimate("swaps").value <= 1.0  # always-swap in seat 2 swaps unless seat 1 never offers
    same = simulate(QueenieRules(players=4), "never-swap,always-swap,heuristic,random", games=60, seed=2,
                    progress=False)
    assert [x.returns for x in same.records] == [x.returns for x in res.records]


def test_lookahead_bot_plays_from_its_observation() -> None:
    res = simulate(QueenieRules(players=3), "lookahead,random,random", games=4, seed=1, progress=False)
    assert res.games == 4


def test_simulate_rejects_bad_line_ups() -> None:
    with pytest.raises(ValueError, match="unknown bot 'smart'"):
        simulate(QueenieRules(), "smart,random,random,random", games=1, progress=False)
    with pytest.raises(ValueError, match="3 bots given for 4 players"):
        simulate(QueenieRules(), "random,random,random", games=1, players=4, progress=False)
    with pytest.raises(ValueError, match=r"players must be an integer from 3 to 8, got 2 \(players of queenie\)"):
        simulate(QueenieRules(), "random,random", games=1, progress=False)
    with pytest.raises(ValueError, match="games must be an integer from 1"):
        simulate(QueenieRules(), games=-1, progress=False)
    assert replace(QueenieRules(), players=6).players == 6


def test_cli_simulate_and_sweep(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from dreidelpoker.cli import main

    assert main(["simulate", "queenie", "--players", "4", "--deals", "30", "--seed", "7", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 30 and data["bots"] == ["heuristic"] * 4  # the default: an all-equal table
    assert data["lineup"] == "heuristic x4"
    assert main(["sweep", "queenie", "--players", "3-4", "--games", "4", "--vary", "dealing=dummy-first,players-first",
                 "--metric", "cards"]) == 0
    out = capsys.readouterr().out
    assert "dealing=players-first" in out and "4 players" in out
    for argv in (["simulate", "queenie", "--players", "2"], ["simulate", "queenie", "--deals", "-1"],
                 ["simulate", "queenie", "--players", "3", "--bots", "random,random"],
                 ["simulate", "queenie", "--bots", "random,smart,random,random"],
                 ["simulate", "queenie", "--queen-card", "top"],
                 ["sweep", "queenie", "--vary", "colour=red"]):
        try:
            code = main(argv)
        except SystemExit as exc:  # a usage error (--queen-card's choices are checked by argparse)
            code = int(exc.code or 0)
        assert code == 2, argv
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and "error" in err, (argv, err)
    # The count is named as typed: --deals for --deals.
    assert main(["simulate", "queenie", "--deals", "-1"]) == 2
    assert "--deals must be an integer from 1" in capsys.readouterr().err


def test_deals_is_the_length_metric() -> None:
    from dreidelpoker.play import simulate

    res = simulate(QueenieRules(players=4, session_deals=6), "never-swap,random,heuristic,always-swap", games=5,
                   seed=3, progress=False)
    assert res.length_metric == "deals" and "rounds" not in res.metric_names
    assert res.metric_values("deals") == [6.0] * 5 == [float(r.rounds) for r in res.records]
    # A session cut at the deal limit counts the deals it played.
    cut = simulate(QueenieRules(players=4, session_deals=6), "random,random,random,random", games=3,
                   seed=3, hand_limit=2, progress=False)
    assert cut.truncated == 3 and cut.metric_values("deals") == [2.0, 2.0, 2.0]
    assert "deals" in cut.to_text()


def test_rules_pickle_without_the_cached_tables() -> None:
    # Rules travel to worker processes with every task: the game's cached deck tables and
    # their look-up caches (which grow as deals are played) must not travel with them.
    import pickle

    from dreidelpoker.play import simulate

    rules = QueenieRules(players=5)
    fresh = len(pickle.dumps(rules))
    simulate(rules, "heuristic,random,random,random,random", games=300, seed=1, progress=False)
    assert "_tables" in rules.__dict__  # cached by the game
    data = pickle.dumps(rules)
    assert len(data) == fresh < 1000
    back = pickle.loads(data)
    assert back == rules and "_tables" not in back.__dict__
    assert simulate(back, "never-swap,random,random,random,random", games=5, seed=2,
                    progress=False).records == simulate(rules, "never-swap,random,random,random,random", games=5,
                                                        seed=2, progress=False).records
