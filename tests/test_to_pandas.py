"""Every table-like result has ``to_pandas()`` (issue 12: "a to_pandas() on every table-like result").

A class of the package that displays itself as HTML (public or returned by something public:
every one is walked) is table-like unless it is listed in ``NOT_TABLES``
with the reason; the new ``to_pandas`` methods are checked against the exact values they carry.
"""

from __future__ import annotations

import importlib
import inspect

import pytest
import sympy

from tests.test_api_reference import load_package

#: Classes with ``_repr_html_`` that show no table (so no ``to_pandas``), and why.
NOT_TABLES = {
    "dreidelpoker.games.dice_poker.evaluator.DiceHand": "one hand: its category and values",
    "dreidelpoker.games.two_dreidel.odds.spin_decision.SpinDecision": "one face's decision in a sentence (SpinTable has them all)",
    "dreidelpoker.games.dice_poker.tables.DesignerAnswers": "a few answers in prose",
}


def _public_classes() -> dict[str, type]:
    """Every class the package defines, by its defining path (results of public functions are
    often of classes no ``__all__`` lists)."""
    out = {}

    def walk(module: object) -> None:
        for member in module.members.values():  # type: ignore[attr-defined]
            if member.is_alias:
                continue
            if member.is_module:
                walk(member)
            elif member.is_class:
                obj = getattr(importlib.import_module(module.path), member.name, None)  # type: ignore[attr-defined]
                if inspect.isclass(obj) and obj.__module__.startswith("dreidelpoker"):
                    out[member.path] = obj

    walk(load_package())
    return out


def test_every_table_like_result_has_to_pandas() -> None:
    missing = [path for path, cls in sorted(_public_classes().items())
               if hasattr(cls, "_repr_html_") and not hasattr(cls, "to_pandas") and path not in NOT_TABLES]
    assert not missing, f"table-like results without to_pandas(): {missing}"
    stale = [path for path in NOT_TABLES if path not in _public_classes()]
    assert not stale, f"NOT_TABLES names classes that are gone: {stale}"


def test_spin_table_frame_holds_the_decisions() -> None:
    from dreidelpoker.games.two_dreidel import spin_table

    t = spin_table(pot=4, equity="1/6", opponents=2)
    df = t.to_pandas(exact=True)
    assert df["face"].tolist() == [d.face for d in t.decisions]
    assert df["EV fold"].tolist() == [d.ev_fold for d in t.decisions]
    assert t.to_pandas()["probability"].tolist() == pytest.approx([float(p) for p in t.probabilities])


def test_deck_chain_and_long_run_frames() -> None:
    from dreidelpoker.games.two_dreidel import TwoDreidelRules, deck_chain, heads_up_long_run

    rules = TwoDreidelRules(deck="1-2-2-1")
    chain = deck_chain(rules)
    hands = chain.long_run_hands()
    df = chain.to_pandas(exact=True)
    assert dict(zip(df.iloc[:, 0], df.iloc[:, 1])) == dict(hands.items())
    run = heads_up_long_run(rules)
    frame = run.to_pandas(exact=True).set_index("measure")["long run"]
    assert frame["equity"] == run.equity and frame["trump"] == run.trump
    assert run.to_pandas().set_index("measure")["long run"]["win"] == pytest.approx(float(run.win))


def test_at_the_table_and_before_draw_frames() -> None:
    from dreidelpoker.games.two_dreidel import DeckState, TwoDreidelRules, at_the_table, before_draw_equity

    report = at_the_table(cards="GHN", opponent_discards=["GH,NN"])
    assert report.put_back is not None
    assert report.to_pandas(exact=True).equals(report.put_back.to_pandas(exact=True))
    before = before_draw_equity(DeckState.fresh(TwoDreidelRules()), opponents=1)
    assert before.to_pandas(exact=True).equals(before.draws.to_pandas(exact=True))
    assert len(before.to_pandas()) == len(before.draws.rows)


def test_strategy_frames() -> None:
    from dreidelpoker.games.two_dreidel import TwoDreidelRules, best_put_back_policy

    best = best_put_back_policy(TwoDreidelRules(deck="1-2-2-1"))
    summary = best.summary(exact=True)
    df = best.to_pandas(exact=True)
    assert list(df.columns) == list(summary.columns) and len(df) == len(summary.rows)
    assert df.equals(summary.to_pandas(exact=True))
    shares = [v for v in df.iloc[:, 1]]
    assert all(isinstance(v, sympy.Rational) for v in shares) and sum(shares) == 1  # P(drawn) sums to 1


def test_dice_poker_solution_frame_has_one_row_per_seat() -> None:
    from dreidelpoker.games.dice_poker import DicePokerRules
    from dreidelpoker.games.dice_poker.solve import DicePokerSolution

    bluffing = ({"bets": 1.5, "bluffs": 0.25, "bluff_share": 0.25 / 1.5, "bluff_value": 0.0625},
                {"bets": 0.5, "bluffs": 0.0, "bluff_share": 0.0, "bluff_value": 0.0})
    bots = {"random": {"seat1": 0.625, "seat2": 1.0, "mean": 0.8125},
            "equity": {"seat1": 0.25, "seat2": 0.125, "mean": 0.1875}}
    sol = DicePokerSolution(rules=DicePokerRules(max_raises=0), method="lp", value=(-0.05, 0.05), nash_conv=0.0,
                            tree="t", buckets=(1, (2,)), bots=bots, bluffing=bluffing,
                            pace={"bets": 2.0, "actions": 4.0, "pot": 6.0}, seconds={"total": 0.0})
    df = sol.to_pandas()
    assert df["seat"].tolist() == [1, 2] and df["value"].tolist() == [-0.05, 0.05]
    assert df["bets per hand"].tolist() == [1.5, 0.5] and df["bluffs per hand"].tolist() == [0.25, 0.0]
    assert df["bluff share"].tolist() == [0.25 / 1.5, 0.0] and df["value of bluffing"].tolist() == [0.0625, 0.0]
    assert df["exploitability: random"].tolist() == [0.625, 1.0]
    assert df["exploitability: equity"].tolist() == [0.25, 0.125]


def test_multiway_solution_frame_matches_what_it_carries_and_stacks_with_the_comparison() -> None:
    import pandas as pd

    from dreidelpoker.games.domino_poker import DominoPokerRules
    from dreidelpoker.games.domino_poker.multiway import BluffingComparison, solve_multiway

    sol = solve_multiway(DominoPokerRules(players=3, max_raises=0), bands=3, iterations=5, samples=10_000,
                         progress=False)
    df = sol.to_pandas()
    r, b = sol.result, sol.bluffs
    assert df["seat"].tolist() == [1, 2, 3] and set(df["players"]) == {3} and set(df["game"]) == {"domino-poker"}
    assert df["value"].tolist() == list(r.values) and df["best-response gain"].tolist() == list(r.gains)
    assert df["bets per hand"].tolist() == list(b.bets) and df["bluffs per hand"].tolist() == list(b.bluffs)
    assert df["bluff share"].tolist() == list(b.bluff_share)
    assert df["value of bluffing"].tolist() == list(b.value_of_bluffing)
    comparison = BluffingComparison((sol.to_dict(),), bands=3, rules={})
    pd.testing.assert_frame_equal(comparison.to_pandas(), df)
