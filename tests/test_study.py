"""The study layer: paired comparisons (common random numbers), precision stopping, seat
rotation, intervals that fit the metric, rules variants as text, and bad input."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from dreidelpoker.errors import InputError
from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
from dreidelpoker.games.skirmish import SkirmishRules
from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.play import compare, named_lineups, rules_variants, simulate
from dreidelpoker.play.stats import bootstrap_estimate, difference_estimate, quantile_estimate
from dreidelpoker.play.study import Measure
from dreidelpoker.play.variants import rules_variant
from dreidelpoker.play.stats import proportion_estimate

CLASSIC = ClassicDreidelRules(players=3, coins=4)


# -- intervals ------------------------------------------------------------------------------
def test_bootstrap_mean_covers_a_known_geometric_mean_in_at_least_90_percent_of_200_repeats() -> None:
    # Game lengths are geometric-like: P(length = k) = p (1 - p)^(k - 1), mean 1/p = 8.
    p, n = 0.125, 60
    covered = 0
    for rep in range(200):
        values = np.random.default_rng(rep).geometric(p, size=n)
        e = bootstrap_estimate(values, seed=rep, resamples=1000)
        covered += e.low <= 1 / p <= e.high
    assert covered >= 180, covered


def test_quantile_interval_covers_the_true_median_of_a_geometric() -> None:
    p = 0.125  # median of Geometric(p): the smallest k with 1 - (1-p)^k >= 1/2, i.e. 6
    true_median = math.ceil(math.log(0.5) / math.log(1 - p))
    covered = sum(
        quantile_estimate(np.random.default_rng(rep).geometric(p, size=80), 0.5, low=1).low <= true_median
        <= quantile_estimate(np.random.default_rng(rep).geometric(p, size=80), 0.5, low=1).high
        for rep in range(200))
    assert covered >= 180


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=40),
       st.sampled_from(["mean", "median"]))
def test_bootstrap_bounds_never_leave_the_range_of_a_non_negative_metric(values: list[int], stat: str) -> None:
    e = bootstrap_estimate(values, statistic=stat, seed=1, resamples=200)
    if len(values) > 1:
        assert 0 <= min(values) <= e.low <= e.value <= e.high <= max(values)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=1), min_size=1, max_size=60))
def test_rate_bounds_stay_in_0_1(values: list[int]) -> None:
    e = Measure("all_in").estimate(np.array(values, dtype=float), seed=0, rate=True)
    assert e.kind == "proportion"
    assert 0 <= e.low <= e.value <= e.high <= 1


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(min_value=0, max_value=1e6, allow_nan=False), min_size=2, max_size=30),
       st.floats(min_value=0.05, max_value=0.95))
def test_quantile_bounds_are_within_the_metric_range(values: list[float], q: float) -> None:
    e = quantile_estimate(values, q, low=0)
    assert 0 <= e.low <= e.value <= e.high
    assert e.high <= max(values) or e.high == math.inf


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 50), st.integers(0, 50)), min_size=2, max_size=30))
def test_paired_difference_bounds_within_the_difference_range(pairs: list[tuple[int, int]]) -> None:
    a = [x for x, _ in pairs]
    b = [y for _, y in pairs]
    d = difference_estimate(a, b, seed=3, resamples=200)
    assert min(a) - max(b) <= d.low <= d.value <= d.high <= max(a) - min(b)


def test_paired_interval_is_narrower_than_unpaired_when_the_games_are_shared() -> None:
    # A variant that adds a little to every game's length: pairing cancels the shared part.
    rng = np.random.default_rng(5)
    base = rng.geometric(0.05, size=400).astype(float)
    variant = base + rng.integers(0, 3, size=400)
    paired = difference_estimate(variant, base, paired=True, seed=1)
    unpaired = difference_estimate(variant, base, paired=False, seed=1)
    assert paired.half_width < unpaired.half_width / 5
    assert paired.low > 0 > unpaired.low  # only the paired interval establishes the difference


def test_paired_study_of_identical_rules_has_zero_width_and_unpaired_does_not() -> None:
    c = compare({"a": CLASSIC, "a again": ClassicDreidelRules(players=3, coins=4)}, games=120, seed=4, progress=False)
    d = c.difference("a again", "spins")
    assert (d.value, d.low, d.high) == (0.0, 0.0, 0.0)
    spins = c.result("a").per_game("spins")
    other = simulate(CLASSIC, games=120, seed=5, progress=False).per_game("spins")  # fresh seeds: unpaired
    assert difference_estimate(other, spins, paired=False, seed=1).half_width > 1


# -- common random numbers and rotation -----------------------------------------------------------
def test_game_i_of_every_cell_uses_the_same_seed_as_simulate() -> None:
    c = compare({"4": CLASSIC, "5": ClassicDreidelRules(players=3, coins=5)}, games=30, seed=9, rotate=False,
                progress=False)
    ref = simulate(CLASSIC, games=30, seed=9, progress=False)
    assert [r.to_dict() for r in c.result("4").records] == [r.to_dict() for r in ref.records]


def test_rotation_seats_each_bot_everywhere_equally_and_matches_simulate_per_rotation() -> None:
    rules = TwoDreidelRules()
    lineup = ("equity", "tight", "random")
    c = compare(rules, lineups={"mixed": lineup}, games=6, seed=3, progress=False)
    res = c.result(c.base, "mixed")
    assert res.rotated and res.games == 6
    for i, rec in enumerate(res.records):
        r = i % 3
        seated = tuple(lineup[(s + r) % 3] for s in range(3))
        ref = simulate(rules, seated, games=i + 1, seed=3, progress=False).records[i]
        assert rec.to_dict() == ref.to_dict()
        assert seated[res.seat_of(0, i)] == "equity"
    # The bot at position 1 wins what its seat won.
    wins = res.per_game("win:1")
    assert all(w == res.win_share(rec, res.seat_of(0, rec.index)) for w, rec in zip(wins, res.records))


def test_win_shares_of_a_line_up_sum_to_one_and_seat_advantage_is_shifted_by_one_over_n() -> None:
    c = compare(CLASSIC, games=90, seed=1, progress=False)
    res = c.result(c.base)
    total = sum(res.per_game(f"win:{k}") for k in (1, 2, 3))
    assert np.allclose(total, 1)
    adv = res.seat_advantage()
    shares = [res.per_game(f"seat_win:{s}").mean() for s in (1, 2, 3)]
    assert [round(a.value, 12) for a in adv] == [round(x - 1 / 3, 12) for x in shares]
    assert all(-1 / 3 <= a.low <= a.value <= a.high <= 2 / 3 for a in adv)


# -- precision stopping -------------------------------------------------------------------------
def test_precision_stop_and_budget_stop_are_told_apart() -> None:
    loose = compare(CLASSIC, metrics=["spins"], precision={"spins": "20%"}, games=2000, batch=30, seed=2,
                    progress=False)
    assert loose.stopped_on == "precision" and loose.games < 2000
    e = loose.estimate(loose.base, "spins")
    assert e.half_width <= 0.2 * e.value
    # One batch earlier the target was not met (it stops at the first batch that meets it).
    earlier = compare(CLASSIC, metrics=["spins"], games=loose.games - 30, batch=30, seed=2, progress=False)
    e2 = earlier.estimate(earlier.base, "spins")
    assert e2.half_width > 0.2 * e2.value
    tight = compare(CLASSIC, precision={"spins": 0.001}, games=60, batch=30, seed=2, progress=False)
    assert tight.stopped_on == "budget" and tight.games == 60
    assert tight.met(tight.base, "spins") is False
    assert "budget" in tight.to_text()


def test_a_stopped_study_equals_a_fixed_study_of_the_same_length() -> None:
    c = compare(CLASSIC, precision={"spins": "25%"}, games=600, batch=30, seed=8, progress=False)
    fixed = compare(CLASSIC, games=c.games, batch=30, seed=8, progress=False)
    assert c.estimate(c.base, "spins") == fixed.estimate(fixed.base, "spins")


# -- variants and line-ups ------------------------------------------------------------------------
def test_rules_variants_from_text() -> None:
    v = rules_variants(TwoDreidelRules(), ["streets=spins-then-bet", "deck=2-7-7-2;chips-per-player=20"])
    assert list(v) == ["base", "streets=spins-then-bet", "deck=2-7-7-2;chips-per-player=20"]
    assert v["streets=spins-then-bet"].streets == "spins-then-bet"
    assert v["deck=2-7-7-2;chips-per-player=20"].chips_per_player == 20
    assert rules_variant(ClassicDreidelRules(), "reante=no").reante is False


@pytest.mark.parametrize(("text", "words"), [
    ("colour=red", ["no field", "deck"]),
    ("streets=sideways", ["streets", "bet-spin-spin"]),
    ("chips_per_player=lots", ["chips_per_player"]),
    ("chips_per_player=__import__('os')", ["chips_per_player"]),
    ("deck", ["field=value"]),
    ("", ["sets nothing"]),
    ("blind=1;blind=2", ["twice"]),
])
def test_bad_variant_text_is_one_clear_line(text: str, words: list[str]) -> None:
    with pytest.raises(InputError) as err:
        rules_variant(TwoDreidelRules(), text)
    assert "\n" not in str(err.value)
    for w in words:
        assert w in str(err.value)


def test_named_lineups_are_all_equal_tables_and_the_mixed_one() -> None:
    lu = named_lineups(TwoDreidelRules(), 3)
    assert lu["equity x3"] == ("equity",) * 3 and "random x3" not in lu
    assert lu["mixed"] == ("equity", "tight", "calling-station")
    assert list(named_lineups(ClassicDreidelRules(players=2))) == ["spinner x2", "mixed"]


def test_default_line_up_is_an_all_equal_table_named_in_the_output() -> None:
    c = compare(SkirmishRules(), games=4, seed=0, progress=False)
    assert c.lineups == ("optimal x2",)
    assert "optimal x2" in c.to_text()


# -- bad input: one line, nothing stored ------------------------------------------------------------
@pytest.mark.parametrize(("kwargs", "words"), [
    ({"metrics": ["nonsense"]}, ["unknown metric", "spins"]),
    ({"precision": {"spins": 0}}, ["above 0"]),
    ({"precision": {"spins": "-5%"}}, ["above 0"]),
    ({"precision": {"spins": "1e3"}}, ["not a number"]),
    ({"games": 2_000_000}, ["games"]),
    ({"lineups": {"short": ("spinner", "spinner")}}, ["2 bots"]),
    ({"lineups": {"bad": ("spinner", "spinner", "shark")}}, ["unknown bot"]),
    ({"lineups": {}}, ["empty"]),
])
def test_bad_study_input_is_refused_before_anything_is_stored(tmp_path, kwargs, words) -> None:  # type: ignore[no-untyped-def]
    store = tmp_path / "store"
    with pytest.raises(InputError) as err:
        compare(CLASSIC, games=kwargs.pop("games", 30), store=store, progress=False, **kwargs)
    for w in words:
        assert w in str(err.value)
    assert not store.exists()


def test_empty_variant_list_and_over_bound_study_are_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError, match="empty"):
        compare({}, games=10, progress=False)
    many = {f"v{k}": ClassicDreidelRules(players=3, coins=3 + k) for k in range(20)}
    with pytest.raises(InputError, match="study bound"):
        compare(many, games=900_000, store=tmp_path / "s", progress=False)
    assert not (tmp_path / "s").exists()


def test_rate_estimate_matches_wilson() -> None:
    v = np.array([1.0] * 7 + [0.0] * 13)
    assert Measure("showdown").estimate(v, seed=1, rate=True) == proportion_estimate(7, 20, seed=1)


@pytest.mark.parametrize("game", [g.name for g in __import__("dreidelpoker.games.registry", fromlist=["x"]).playable_games()])
def test_every_playable_game_studies_with_seat_advantage_and_a_skill_gap(game: str) -> None:
    from dreidelpoker.games.registry import get_game
    from dreidelpoker.play import skill_gap

    info = get_game(game)
    spec = info.play
    assert spec is not None
    rules = info.rules_type()
    n = getattr(rules, spec.players_in_rules) if spec.players_in_rules else spec.min_players
    c = compare(rules, players=n, games=2 * n, batch=2 * n, seed=1, progress=False, hand_limit=200)
    adv = c.seat_advantage()
    assert len(adv) == n
    assert abs(sum(a.value for a in adv)) < 1e-9 or c.result(c.base).truncated  # shares sum to 1
    assert all(-1 / n <= a.low <= a.value <= a.high <= 1 - 1 / n for a in adv if a.samples)
    assert c.lineups == (f"{spec.default_bots(n)[0]} x{n}",)
    sg = skill_gap(rules, players=n, games=n, batch=n, seed=1, progress=False, hand_limit=200)
    assert all(-1 / n <= sg.gap(b).low <= sg.gap(b).high <= 1 - 1 / n for b in sg.bots)


def test_common_random_numbers_narrow_a_real_two_dreidel_comparison() -> None:
    c = compare(rules_variants(TwoDreidelRules(), ["blind=2"]), lineups={"equity x2": ("equity", "equity")},
                metrics=["hands", "all_in_rate"], games=200, seed=3, progress=False)
    for m in ("hands", "all_in_rate"):
        paired, unpaired = c.difference("blind=2", m), c.difference("blind=2", m, paired=False)
        assert paired.value == pytest.approx(unpaired.value)
        assert paired.half_width < 0.75 * unpaired.half_width, (m, paired, unpaired)
