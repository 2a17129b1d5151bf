"""Issue 15, runaway work found after the first pass: Two Dreidel posteriors on big decks,
stacks of a billion chips (every bet size is a legal action) and CFR+ iteration counts are
refused at once, before any work, with one clear line."""

from __future__ import annotations

import time

import pytest

from dreidelpoker.cli import main
from dreidelpoker.errors import InputError, ResourceLimitError
from dreidelpoker.games.two_dreidel import TwoDreidelRules, new_game, opponent_posterior
from dreidelpoker.games.two_dreidel.odds import information as inf
from dreidelpoker.games.two_dreidel.deck_cycle.policies import resolve_policy
from dreidelpoker.games.two_dreidel.rulebook.size import MAX_POSTERIOR_WORK, posterior_work
from dreidelpoker.games.two_dreidel.spin_game.game import new_spin_game
from dreidelpoker.limits import MAX_ITERATIONS, MAX_STACK
from dreidelpoker.solve import solve
from dreidelpoker.solve.examples import matrix_game


@pytest.mark.parametrize(("deck", "hands"), [("1-5-5-1", 40), ("2-7-7-2", 30), ("3-3-3-3", 25), ("0-4-4-0", 20)])
@pytest.mark.parametrize("policy", ["normal-best", None])
def test_posterior_work_bounds_the_states_really_visited(deck: str, hands: int, policy: str | None) -> None:
    rules = TwoDreidelRules(deck=deck)
    pol = None if policy is None else resolve_policy(policy, rules=rules)
    fwd, visited = inf._initial(rules), 0
    for _ in range(hands - 1):
        fwd, _kept = inf._step(rules, fwd, None, pol)
        visited += len(fwd.weights)
    assert visited <= posterior_work(hands, rules=rules) <= 10 * visited + 100


def test_presets_pass_at_the_last_hand_number() -> None:
    for deck in ("1-5-5-1", "2-6-6-2", "2-7-7-2"):
        assert posterior_work(10_000, rules=TwoDreidelRules(deck=deck)) <= MAX_POSTERIOR_WORK


@pytest.mark.parametrize(("deck", "hand"), [("20-60-60-20", 10_000), ("1000-1000-1000-1000", 50)])
def test_big_posteriors_are_refused_at_once(deck: str, hand: int) -> None:
    start = time.perf_counter()
    with pytest.raises(ResourceLimitError, match=f"deck {deck} at hand {hand:,} would visit up to"):
        opponent_posterior(TwoDreidelRules(deck=deck), discards="HN", hand_number=hand, visibility="top-two")
    assert time.perf_counter() - start < 30  # generous: the refusal needs no posterior work


def test_stacks_are_bounded() -> None:
    with pytest.raises(InputError, match=f"starting_chips must be at most {MAX_STACK:,} chips"):
        TwoDreidelRules(starting_chips=10 ** 9)
    with pytest.raises(InputError, match="blind must be at most"):
        TwoDreidelRules(blind=MAX_STACK + 1)
    with pytest.raises(InputError, match="a stack of 16,000 chips, over the limit of 10,000"):
        new_game(TwoDreidelRules(chips_per_player=2000), players=8)
    new_game(TwoDreidelRules(chips_per_player=2000), players=5)  # 10,000: allowed
    with pytest.raises(InputError, match="pot must be an integer from 1 to 10,000"):
        new_spin_game(TwoDreidelRules(), hands=[{"GH": 1}, {"NN": 1}], pot=10 ** 6, stacks=[8, 8], spins=1)


def test_cfr_iterations_are_bounded() -> None:
    with pytest.raises(InputError, match=f"iterations must be an integer from 1 to {MAX_ITERATIONS:,}"):
        solve(matrix_game([[1, -1], [-1, 1]]), method="cfr+", iterations=10 ** 9)


@pytest.mark.parametrize(("argv", "needle"), [
    (["equity", "two-dreidel", "--hand", "GH", "--deck", "20-60-60-20", "--top-two-only", "--opponent-discard", "HN",
      "--hand-number", "10000"], "would visit up to 519,587,895 hidden states"),
    (["simulate", "two-dreidel", "--players", "2", "--starting-chips", "1000000000", "--games", "1"],
     "starting_chips must be at most 10,000"),
    (["solve", "two-dreidel", "--pot", "1000000", "--stacks", "1000000,1000000"], "at most 128 chips"),
    (["solve", "two-dreidel", "--iterations", "1000000000", "--method", "cfr+"], "from 1 to 1,000,000"),
    (["solve", "domino-poker", "--iterations", "1000000000"], "from 1 to 1,000,000"),
])
def test_cli_refuses_runaway_work_in_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                              needle: str) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and needle in err and "Traceback" not in err, err


def test_step_by_step_answers_are_bounded() -> None:
    from dreidelpoker.games.classic_dreidel import ClassicDreidelRules, game_length_cdf, spin_payoffs
    from dreidelpoker.games.classic_dreidel.chain import CDF_MAX_WORK
    from dreidelpoker.games.two_dreidel import deck_chain
    from dreidelpoker.markov import MAX_N_STEP, MarkovChain

    rules = ClassicDreidelRules(players=4, coins=10)  # about 950,000 states: 2 exact spins are over the limit
    with pytest.raises(ResourceLimitError, match=f"over the limit of {CDF_MAX_WORK:,} for exact=True"):
        game_length_cdf(2, rules=rules)
    assert len(game_length_cdf(2, rules=ClassicDreidelRules(players=2, coins=2))) == 3
    with pytest.raises(InputError, match="spins must be an integer from 1 to 300"):
        spin_payoffs(4, 10 ** 6, hey_rounding="up")
    with pytest.raises(InputError, match="spins must be an integer from 1 to 2,000"):
        spin_payoffs(4, 10 ** 6)
    chain = deck_chain(TwoDreidelRules())
    for call in (lambda: chain.state_distribution(10 ** 9), lambda: chain.hand_distributions(10 ** 9),
                 lambda: chain.reshuffle_schedule(10 ** 9)):
        with pytest.raises(InputError, match="must be an integer from 1 to 10,000"):
            call()
    with pytest.raises(ResourceLimitError, match="state-steps, over the limit of 20,000,000"):
        deck_chain(TwoDreidelRules(deck="4-12-12-4")).state_distribution(10_000)  # 2,1xx states
    walk = MarkovChain.from_matrix([["1/2", "1/2"], [0, 1]])
    with pytest.raises(InputError, match=f"n must be an integer from 0 to {MAX_N_STEP:,}"):
        walk.n_step(0, 10 ** 9)
