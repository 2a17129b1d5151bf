"""The batch path of a whole game of Two Dreidel: whole hands in one loop over plain values
(issue 22), for a game whose record is all that is wanted (no history, no log) and whose
bots all decide over plain values ([`PlainPolicy`][dreidelpoker.games.two_dreidel.whole_game.batch.PlainPolicy]).

The hands are the engine's hands ([`play`][dreidelpoker.games.two_dreidel.whole_game.play]):
the same rule functions ([`bet_range`][dreidelpoker.games.two_dreidel.rulebook.betting.bet_range],
[`call_payment`][dreidelpoker.games.two_dreidel.rulebook.betting.call_payment],
[`award`][dreidelpoker.games.two_dreidel.rulebook.betting.award]) and per-rules tables (draw
classes, put-back plans, buy-ins, showdowns: [`play_tables`][dreidelpoker.games.two_dreidel.whole_game.play_tables]),
the same chance draws from the game's sampler and the same bot draws from each seat's, in
the same order. What is saved is the state between steps: no state, no log line, no
observation and no legal-action tuple is made while the hands are played. The final state
is the engine's, field for field, except its log (checked game for game in
``tests/test_two_dreidel_batch.py``).
"""

from __future__ import annotations

from bisect import bisect_right
from operator import add
from collections.abc import Sequence
from typing import Any, Protocol

from ..rulebook.betting import award, bet_range, call_payment
from .play_tables import Tables
from ....sampler import Sampler

__all__ = ["PlainPolicy", "hand_steps_bound", "play_hands"]

_FOLD: tuple[str, ...] = ("fold",)
_FOLD_CALL: tuple[str, ...] = ("fold", "call")
_CHECK: tuple[str, ...] = ("check",)
_CALL_FOLD: tuple[str, ...] = ("call", "fold")


class PlainPolicy(Protocol):
    """A bot's decisions over plain values: what a bot offers as its ``plain_policy``
    attribute to be played on the batch path. The bot's own call (from its observation) must
    make the same decisions with the same draws; the bots here do it by asking their policy.

    Examples:
        >>> from dreidelpoker.games.two_dreidel import TwoDreidelRules
        >>> from dreidelpoker.games.two_dreidel.whole_game.bots import calling_station_bot
        >>> policy = calling_station_bot(TwoDreidelRules()).plain_policy
        >>> policy.bet(Sampler(0), "GH", 8, 1, 3, 1, ("fold", "call"), 3, 8)
        'call'
    """

    def put_back(self, choices: tuple[str, ...], rng: Sampler) -> str:
        """The card(s) to put back, one of ``choices`` (worst card back first)."""
        ...

    def bet(self, rng: Sampler, hand: str, stack: int, opponents: int, pot: int, to_call: int,
            words: tuple[str, ...], low: int, high: int) -> str | int:
        """A betting action: one of ``words`` or a bet size from ``low`` to ``high``
        (``high < low``: none); ``hand`` is the kept hand's label, ``opponents`` the other
        seats still in the hand, ``pot`` every chip in the middle."""
        ...

    def call(self, rng: Sampler, hand: str, stack: int, opponents: int, buy_in: int,
             legal: tuple[str, ...]) -> str:
        """``"call"`` or ``"fold"`` at a spin, one of ``legal``."""
        ...


def hand_steps_bound(t: Tables) -> int:
    """The most steps one hand can take: a draw per seat, the put-back, and per betting
    round at most one raise per chip on the table (each raise adds one at least) with every
    other seat acting between two raises; two steps a spin."""
    n = t.players
    return n + 1 + sum(2 if s == "spin" else (t.total_chips + 1) * n for s in t.steps)


def play_hands(state: Any, chance: Sampler, policies: Sequence[PlainPolicy],
               rngs: Sequence[Sampler]) -> tuple[dict[str, Any], int]:
    """Play ``state`` (a game at the start of a hand: the blind posted, nobody drawn) to its
    end, every seat deciding by its policy with its own sampler.

    Parameters:
        state: the game ([`TwoDreidelGame`][dreidelpoker.games.two_dreidel.TwoDreidelGame]).
        chance: the game's chance sampler.
        policies: each seat's plain policy.
        rngs: each seat's sampler.

    Returns:
        The final state's fields that the hands set, by name (the caller marks the game
        over), and the steps applied.
    """
    t: Tables = state.t
    n, r = t.players, t.rules
    nexts_of, seats_of, masks, order, first_after = t.nexts, t.seat_sets, t.masks, t.order, t.first_after
    buy_ins, pot_faces = t.buy_ins, t.pot_faces
    steps_seq, nsteps = t.steps, len(t.steps)
    faces, face_total, face_cum = t.faces, t.face_total, t.face_cum
    short_fold, opening_bet, min_bet, blind_size = t.short_fold, t.opening_bet, t.min_bet, t.blind
    put_back = t.put_back
    zeros = t.zeros
    hand_limit = state.hand_limit
    # the game so far
    hands, button, carry = state.hands, state.button, state.carry
    stacks = list(state.stacks)
    alive = state.alive
    nodes = list(state.nodes)
    discards = [list(d) for d in state.discards]
    notes = list(state.notes)
    # the hand in progress (at its start: the blind is posted)
    hand_start, contrib, pot, all_in = state.hand_start, list(state.contrib), state.pot, state.all_in
    start_nodes = state.start_nodes
    Sampler.read_ahead((chance, *rngs))  # (every stream of a game of random bots draws dozens of numbers)
    put_backs = [p.put_back for p in policies]
    bets_of = [p.bet for p in policies]
    calls_of = [p.call for p in policies]
    steps = 0
    cut = False
    draw_orders: dict[tuple[tuple[bool, ...], int], tuple[int, ...]] = {}
    while True:
        in_hand = alive
        # -- every seat still in draws, left of the button first (rules step 2) -------------
        key = (alive, button)
        drawers = draw_orders.get(key)
        if drawers is None:
            drawers = draw_orders[key] = tuple(i for i in order[button] if alive[i])
        live = len(drawers)  # the seats in the hand (counted as they fold)
        outs: list[Any] = [None] * n
        plans: list[Any] = [None] * n
        klabs: list[str] = [""] * n  # each seat's kept hand, as its bot reads it
        for s in drawers:  # (each seat's put-back drawn from its own stream: the same draws as after every draw)
            node = nodes[s]
            info = node.info or t.draws_of(node)
            o = info.drawn[bisect_right(info.cumulative, chance.integers(info.total))]
            outs[s] = o  # (the seat's deck after the hand is its plan's, set at the end of the hand)
            if put_back:
                lab = put_backs[s](o.choices, rngs[s])
                p = plans[s] = o.plans.get(lab) or o.plan(lab)
            else:
                p = plans[s] = o.plan(None)
            klabs[s] = p.klab
        steps += len(drawers) + 1 if put_back else len(drawers)
        seat = button  # (the button draws last)
        # -- the streets (rules step 3) -------------------------------------------------------
        spun: tuple[str, ...] = ()
        face, buy_in, step, raise_by = "", 0, 0, min_bet
        payouts: Sequence[int] | None = None
        leftover = 0
        gimel_end = showdown = trump = False
        street = 0
        while True:
            if street == nsteps:  # showdown among the seats still in, pot by pot
                kept = tuple(None if p is None else p.kept for p in plans)
                payouts, leftover, trump = t.showdown(kept, tuple(contrib), in_hand, carry, button)
                showdown = True
                break
            if steps_seq[street] == "spin":
                step, seat = street, button
                face = faces[bisect_right(face_cum, chance.integers(face_total))][0]
                buy_in = buy_ins.get((face, pot))  # type: ignore[assignment]
                if buy_in is None:
                    buy_in = t.buy_in(face, pot)
                spun += (face,)
                callers = seats_of.get(in_hand) or t.seats(in_hand)
                opponents = len(callers) - 1
                steps += 2
                called = list(t.falses)
                last, count = -1, 0
                for s in callers:  # (a policy reads only its own stack: paying as each answers is answering at once)
                    have = stacks[s]
                    legal = _FOLD if short_fold and call_payment(have, buy_in, rules=r) is None else _CALL_FOLD
                    if calls_of[s](rngs[s], klabs[s], have, opponents, buy_in, legal) == "call":
                        called[s] = True
                        count += 1
                        last = s
                        pay = call_payment(have, buy_in, rules=r) or 0
                        stacks[s] = have - pay
                        contrib[s] += pay
                        pot += pay
                        if pay == have and buy_in > 0:
                            all_in = True
                in_hand = tuple(called)
                live = count
                if count > 1:
                    street += 1
                    continue
                gimel_end = face in pot_faces
                if count:
                    payouts, leftover = award(contrib, last, carry)
                else:
                    leftover = pot  # nobody calls: the pot carries over
                break
            # a no-limit betting round among the seats still in, left of the button first
            bets = list(zeros)
            high = 0
            if street == 0 and opening_bet:  # the blind is a live bet of the opening round
                high = bets[button] = contrib[button]
            pending = masks.get(in_hand) or t.mask(in_hand)
            if 0 in stacks:  # (the seats with chips)
                flags = tuple(map(bool, stacks))
                pending &= masks.get(flags) or t.mask(flags)
            saved, raise_by = raise_by, min_bet
            after = button
            acted = False
            alone = -1
            while pending:
                i = first_after[after][pending]  # the next pending seat: it acts if it has a decision
                have = stacks[i]
                c = high - bets[i]
                sizes = bet_range(stack=have, to_call=c, min_raise=raise_by, bets=bets, stacks=stacks, live=in_hand,
                                  seat=i)
                if c > 0:
                    words = _FOLD if short_fold and call_payment(have, c, rules=r) is None else _FOLD_CALL
                elif sizes:
                    words = _CHECK
                else:
                    pending &= ~(1 << i)  # (passed over: the next one after ``after`` is the next in turn)
                    continue
                acted = True
                step, seat = street, i
                action = bets_of[i](rngs[i], klabs[i], have, live - 1, pot, c if c > 0 else 0,
                                         words, sizes.start, sizes.stop - 1)
                steps += 1
                pending &= ~(1 << i)
                after = i
                if action == "check":
                    continue
                if action == "fold":
                    folded = list(in_hand)
                    folded[i] = False
                    in_hand = tuple(folded)
                    live -= 1
                    if live == 1:
                        alone = in_hand.index(True)
                        break
                    continue
                pay = (call_payment(have, c, rules=r) or 0) if action == "call" else action  # type: ignore[assignment]
                left = have - pay
                stacks[i] = left
                b = bets[i] + pay
                bets[i] = b
                contrib[i] += pay
                pot += pay
                if action != "call":
                    if b - high >= raise_by:
                        raise_by = b - high
                    high = b
                    pending = (masks.get(in_hand) or t.mask(in_hand)) & ~(1 << i)
                    if 0 in stacks:
                        flags = tuple(map(bool, stacks))
                        pending &= masks.get(flags) or t.mask(flags)
                if not left:
                    all_in = True
            if alone >= 0:
                payouts, leftover = award(contrib, alone, carry)
                break
            if not acted:
                raise_by = saved  # (nobody could bet in this round)
            street += 1
        # -- the end of the hand (rules steps 6-7): settle, discard, note, eliminate ----------
        if payouts is not None:
            stacks = list(map(add, stacks, payouts))
        seats = drawers  # (the seats still in the game, in turn order: read as a set and a count)
        for i in drawers:  # (every seat still in the game drew this hand)
            nodes[i] = plans[i].next
            discards[i].append(klabs[i])
        after_payouts = tuple(stacks)
        notes.append((spun, gimel_end, pot, all_in, payouts is None, showdown, trump, after_payouts, hand_start, button))
        left_seats = seats
        if after_payouts.count(0) > n - len(seats):
            busted = [i for i in seats if not stacks[i]]
            if len(busted) < len(seats):
                out = list(alive)
                for i in busted:
                    out[i] = False
                alive = tuple(out)
                left_seats = seats_of.get(alive) or t.seats(alive)
        hands += 1
        carry = pot = leftover
        if len(left_seats) == 1:
            stacks[left_seats[0]] += carry
            carry = pot = 0
            break
        if hands >= hand_limit:
            cut = True
            break
        # -- the next hand: the button moves on and posts the blind (rules step 1) ------------
        button = (nexts_of.get(alive) or t.next_seats(alive))[button]
        hand_start = after_payouts  # (the stacks after the payouts: nothing paid since)
        have = stacks[button]
        blind = blind_size if blind_size < have else have
        contrib = list(zeros)
        if blind:
            stacks[button] -= blind
            contrib[button] = blind
        all_in = blind > 0 and stacks[button] == 0
        pot = carry + blind
        start_nodes = tuple(nodes)
    final_discards = tuple(map(tuple, discards))
    labs = tuple(p.labs if p is not None else node.blank for p, node in zip(plans, start_nodes))
    return dict(
        hand_number=hands + 1, button=button, stacks=tuple(stacks), alive=alive, in_hand=alive, contrib=zeros, pot=pot,
        carry=carry, bets=zeros, face=face, buy_in=buy_in, spun=spun,
        seen=final_discards if t.visibility == "all" else tuple(hs[-1:] for hs in final_discards), step=step,
        nodes=tuple(nodes), start_nodes=start_nodes, hands=hands, seat=seat, outs=tuple(outs), plans=tuple(plans),
        labs=labs, high=0, raise_by=raise_by, pending=0, discards=final_discards, hand_start=hand_start, all_in=all_in,
        cut=cut, notes=tuple(notes)), steps
