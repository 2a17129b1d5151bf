"""One pure function per chip rule of a Two Dreidel hand (issue 25 item 5), checked against
brute force written here, and the guard that no engine restates the rules it needs.

The rules ([Two Dreidel rules: one hand of play][rules-1-4]): a spin's face sets the buy-in
from the pot (G the pot, H half of it rounded up by default, N nothing, S one chip); a
player who cannot pay goes all-in for less, or with ``short_stack="fold"`` may only fold;
no-limit bets are at least a call plus the last full raise and at most what the deepest
opponent still in can match; pots are split by contribution levels, odd chips from the left
of the button.
"""

from __future__ import annotations

import ast
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dreidelpoker.errors import InputError
from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.games.two_dreidel.rulebook.betting import (
    award, bet_range, call_payment, seats_from, side_pots, spin_buy_in, spin_face_index, split_pot,
)
from dreidelpoker.games.two_dreidel.spin_game.game import new_spin_game

R = TwoDreidelRules()
FOLD = TwoDreidelRules(short_stack="fold")
PACKAGE = Path(__file__).resolve().parent.parent / "dreidelpoker" / "games" / "two_dreidel"


def test_buy_ins_follow_the_rules_examples() -> None:
    # pot 5: G takes it all, H half rounded up (3), N nothing, S one chip
    assert [spin_buy_in(f, 5) for f in "GHNS"] == [5, 3, 0, 1]
    assert spin_buy_in("H", 5, rules=TwoDreidelRules(half_pot_rounding="down")) == 2
    assert [spin_buy_in(f, 0) for f in "GHNS"] == [0, 0, 0, 1]
    assert spin_face_index("g", rules=R) == 0
    with pytest.raises(InputError, match="spin face"):
        spin_buy_in("X", 5)
    with pytest.raises(InputError, match="pot"):
        spin_buy_in("G", -1)


@pytest.mark.parametrize("stack, owed", list(product(range(5), range(5))))
def test_the_short_stack_rule(stack: int, owed: int) -> None:
    assert call_payment(stack, owed, rules=R) == (owed if stack >= owed else stack)
    assert call_payment(stack, owed, rules=FOLD) == (owed if stack >= owed else None)


def _sizes_by_definition(stack: int, to_call: int, min_raise: int, bets: list[int], stacks: list[int],
                         live: list[bool], seat: int) -> list[int]:
    """Every amount 0..stack put in now that the no-limit rule allows, tried one by one."""
    deepest = max([stacks[j] + bets[j] for j in range(len(stacks)) if j != seat and live[j]] or [0])
    most = min(stack, deepest - bets[seat])  # more could never be matched
    out = []
    for a in range(stack + 1):
        if a <= to_call or a > most:
            continue
        full = a - to_call >= max(1, min_raise)
        if full or a == most:  # a short all-in, or putting the deepest opponent all-in
            out.append(a)
    return out


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 6), st.booleans()), min_size=2, max_size=5),
       st.integers(0, 4), st.integers(0, 6))
def test_bet_range_is_the_no_limit_rule(seats: list[tuple[int, int, bool]], pick: int, min_raise: int) -> None:
    stacks = [s for s, _b, _l in seats]
    bets = [b for _s, b, _l in seats]
    live = [lv for _s, _b, lv in seats]
    seat = pick % len(seats)
    live[seat] = True
    to_call = max(bets) - bets[seat]
    got = bet_range(stack=stacks[seat], to_call=to_call, min_raise=min_raise, bets=bets, stacks=stacks, live=live,
                    seat=seat)
    assert list(got) == _sizes_by_definition(stacks[seat], to_call, min_raise, bets, stacks, live, seat)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=2, max_size=6), st.integers(0, 5), st.integers(0, 5))
def test_award_is_side_pots_with_one_seat_in(contrib: list[int], pick: int, carry: int) -> None:
    winner = pick % len(contrib)
    pots, leftover = side_pots(contrib, [i == winner for i in range(len(contrib))], carry)
    payouts, left = award(contrib, winner, carry)
    assert payouts[winner] == sum(amount for amount, _seats in pots) and left == leftover
    assert sum(payouts) + left == sum(contrib) + carry
    # by hand: everyone's chips up to the winner's, and the carried pot
    assert payouts[winner] == carry + sum(min(c, contrib[winner]) for c in contrib)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 40), st.sets(st.integers(0, 5), min_size=1), st.integers(0, 5))
def test_split_pot_shares_and_odd_chips(amount: int, winners: set[int], button: int) -> None:
    out = [0] * 6
    ws = sorted(winners)
    split_pot(amount, ws, button=button, out=out)
    assert sum(out) == amount
    share, odd = divmod(amount, len(ws))
    lucky = [s for s in seats_from(button + 1, 6) if s in winners][:odd]  # left of the button first
    assert out == [share + (s in lucky) if s in winners else 0 for s in range(6)]


def test_the_spin_game_uses_the_same_rules() -> None:
    """A short stack facing a buy-in: all-in for less by default, only a fold with ``short_stack="fold"``;
    the shorter stack caps a bet; an all-in caller wins only what it matched."""
    for rules, legal in ((R, ("call", "fold")), (FOLD, ("fold",))):
        g = new_spin_game(rules, hands=[{"GH": 1}, {"NN": 1}], pot=6, stacks=(2, 9), spins=1, betting=False)
        g = g.apply(g.chance_outcomes()[0][0])
        face = rules.spin_faces.index("G")
        g = g.apply(face)  # the pot: 6 to call
        assert g.buy_in == spin_buy_in("G", 6, rules=rules)
        assert g.legal_actions(0) == legal and g.legal_actions(1) == ("call", "fold")
    g = new_spin_game(R, hands=[{"GH": 1}, {"NN": 1}], pot=6, stacks=(2, 9), spins=1, betting=False)
    g = g.apply(g.chance_outcomes()[0][0]).apply(R.spin_faces.index("G")).apply_joint({0: "call", 1: "call"})
    # seat 0 (GH) beats NN all-in for 2: it wins the main pot 6 + 2 + 2 = 10, seat 1 takes back the 4
    # it put in above seat 0's level; returns count from each seat's half of the pot already in (3)
    assert g.is_terminal
    assert g.returns() == (10 - 2 - 3, 4 - 6 - 3)
    # the abstracted bet sizes stop at the shorter stack (bet_range's cap)
    b = new_spin_game(R, hands=[{"GH": 1}, {"NN": 1}], pot=6, stacks=(4, 9), spins=1, betting=True)
    b = b.apply(b.chance_outcomes()[0][0]).apply(R.spin_faces.index("N")).apply_joint({0: "call", 1: "call"})
    assert b.legal_actions(1) == ("check", "bet 3", "bet 4")


#: Where the chip rules are read from the rules object: the rules themselves, their one
#: function each, and the spin decision's wording of its assumptions.
_RULE_FIELDS = {"short_stack", "half_pot_rounding"}
_MAY_READ = {"rulebook/rules.py", "rulebook/betting.py", "odds/spin_decision.py"}


def test_no_engine_restates_a_chip_rule() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel in _MAY_READ:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in _RULE_FIELDS:
                found.append(f"{rel}:{node.lineno} reads .{node.attr}")
    assert not found, "call the rule's function in rulebook/betting.py instead: " + "; ".join(found)
