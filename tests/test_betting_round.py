"""The shared betting round (dreidelpoker.games.betting_round): every path of small rounds
walked and checked against the rules written out independently here."""

from __future__ import annotations

import itertools

import pytest

from dreidelpoker.games.betting_round import Limits, RoundState, apply_action, legal_actions, start_round


def _walk(limits: Limits, state: RoundState) -> list[RoundState]:
    """Every finished round reachable from ``state``."""
    if state.over:
        return [state]
    out = []
    for a in legal_actions(limits, state):
        out += _walk(limits, apply_action(limits, state, a))
    return out


def _histories(limits: Limits, players: int) -> list[RoundState]:
    return _walk(limits, start_round(committed=(1,) * players, live=(True,) * players, first=0))


def test_heads_up_fixed_limit_histories_match_the_textbook_tree() -> None:
    # Heads-up, one raise: the nine leaves of the limit tree (k = check, b = bet, r = raise ...).
    words = {"check": "k", "bet": "b", "raise": "r", "call": "c", "fold": "f"}
    leaves = sorted("".join(words[a] for _s, a in r.actions) for r in _histories(Limits(max_raises=1), 2))
    assert leaves == sorted(["kk", "kbf", "kbc", "kbrf", "kbrc", "bf", "bc", "brf", "brc"])


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("limits", [Limits(max_raises=0), Limits(max_raises=2), Limits(kind="pot", max_raises=1),
                                    Limits(kind="spread", bet=1, max_bet=3, max_raises=1)])
def test_every_finished_round_is_settled(players: int, limits: Limits) -> None:
    for end in _histories(limits, players):
        live = [s for s in range(players) if end.live[s]]
        assert live, "somebody is always left"
        if len(live) > 1:  # everyone still in has matched the top
            assert all(end.committed[s] == end.level for s in live)
        assert end.level == max(end.committed)
        assert end.raises <= limits.max_raises
        # chips only go in: nobody's commitment ever shrinks, and each seat acted in turn order
        seats = [s for s, _a in end.actions]
        assert all(b != a for a, b in zip(seats, seats[1:]))
        folded = [s for s, a in end.actions if a == "fold"]
        assert sorted(folded) == [s for s in range(players) if not end.live[s]]


def test_sizes_follow_the_limit() -> None:
    r = start_round(committed=(2, 2, 2), live=(True,) * 3, first=1)
    assert legal_actions(Limits(kind="pot", bet=1), r) == ("check",) + tuple(f"bet {k}" for k in range(1, 7))
    r = apply_action(Limits(kind="pot", bet=1), r, "bet 6")  # pot 12 now; seat 3 calls 6 -> 18
    assert r.to_act == 2
    assert legal_actions(Limits(kind="pot", bet=1), r)[-2] == "raise 18"
    spread = Limits(kind="spread", bet=2, max_bet=4, max_raises=1)
    assert legal_actions(spread, start_round(committed=(1, 1), live=(True, True), first=0)) == (
        "check", "bet 2", "bet 3", "bet 4")


@pytest.mark.parametrize("bad", ["raise", "bet 2", "call", "", "fold", "check "])
def test_illegal_actions_are_refused_with_the_legal_list(bad: str) -> None:
    r = start_round(committed=(1, 1), live=(True, True), first=0)
    with pytest.raises(ValueError, match="legal now: check, bet"):
        apply_action(Limits(), r, bad)


def test_over_round_refuses_everything() -> None:
    r = start_round(committed=(1, 1), live=(True, False), first=0)
    assert r.over and legal_actions(Limits(), r) == ()
    with pytest.raises(ValueError, match="the betting round is over"):
        apply_action(Limits(), r, "check")


@pytest.mark.parametrize("kwargs, message", [
    ({"kind": "bogus"}, "limit must be one of"), ({"kind": "no-limit"}, "needs a cap"), ({"cap": 0}, "cap must be"),
    ({"bet": 0}, "bet must be"), ({"max_raises": -1}, "max_raises"),
    ({"kind": "spread", "max_bet": None}, "max_bet must be"), ({"max_bet": 3}, "spread limit only"),
])
def test_bad_limits(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Limits(**kwargs)  # type: ignore[arg-type]


def test_first_seat_skips_folded_players() -> None:
    r = start_round(committed=(1, 1, 1, 1), live=(False, False, True, True), first=0)
    assert r.to_act == 2
    assert list(itertools.islice((s for s, _ in _walk(Limits(max_raises=0), r)[0].actions), 1)) == [2]


def _no_limit_legal(level: int, mine: int, last: int, raises: int, *, bet: int, cap: int,
                    max_raises: int | None) -> list[str]:
    """No-limit table stakes written out: before a bet, any bet from ``bet`` to what the cap
    leaves; after one, call, fold, or raise by at least the last bet or raise (all-in for
    less allowed), never past the cap, at most ``max_raises`` raises."""
    if last == 0:
        room = cap - level
        return ["check"] + [f"bet {k}" for k in range(bet, room + 1)]
    room = cap - level
    out = ["call"]
    if (max_raises is None or raises < max_raises) and room > 0:
        low = max(bet, last)
        out += [f"raise {k}" for k in (range(low, room + 1) if low <= room else [room])]
    return out + ["fold"]


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("cap, max_raises", [(5, None), (6, 1), (4, 2)])
def test_no_limit_with_a_cap_matches_the_rules_written_out(players: int, cap: int, max_raises: int | None) -> None:
    limits = Limits(kind="no-limit", bet=1, cap=cap, max_raises=max_raises)

    def walk(r: RoundState) -> int:
        if r.over:
            assert all(c <= cap for c in r.committed)
            return 1
        seat = r.to_act
        want = _no_limit_legal(r.level, r.committed[seat], r.last, r.raises, bet=1, cap=cap, max_raises=max_raises)
        assert list(legal_actions(limits, r)) == want
        return sum(walk(apply_action(limits, r, a)) for a in want)

    assert walk(start_round(committed=(1,) * players, live=(True,) * players, first=0)) > 10


def test_a_cap_bounds_the_fixed_and_spread_sizes() -> None:
    r = start_round(committed=(1, 1), live=(True, True), first=0)
    spread = Limits(kind="spread", bet=1, max_bet=3, cap=3)
    assert legal_actions(spread, r) == ("check", "bet 1", "bet 2")
    r = apply_action(spread, r, "bet 2")
    assert legal_actions(spread, r) == ("call", "fold")  # the call reaches the cap
    fixed = Limits(kind="fixed", bet=2, cap=2)
    assert legal_actions(fixed, start_round(committed=(1, 1), live=(True, True), first=0)) == ("check",)
