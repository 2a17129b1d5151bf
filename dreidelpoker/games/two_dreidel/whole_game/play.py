"""Two Dreidel played to the last chip on the whole-game engine ([Two Dreidel rules: one hand of play][rules-1-4], every member of 1.7).

One hand, as the state machine walks it:

1. The button posts the blind (all it has, if less). The blind is a live bet in the
   hand's first betting round when the hand opens with one (the button may check or
   raise when the action comes back), otherwise it simply sits in the pot.
2. Every player still in the game draws (one CHANCE node per player: the drawn cards as
   a class with its exact hypergeometric weight, reshuffle included, from
   [`draw_weights`][dreidelpoker.games.two_dreidel.draw_weights]), then all put back at once
   (a SIMULTANEOUS node; nobody sees another's card).
3. The street sequence of ``rules.streets``: a ``"bet"`` is a no-limit round (integer
   amounts, left of the button first; see [`bet_range`][dreidelpoker.games.two_dreidel.rulebook.betting.bet_range]); a ``"spin"`` is a
   CHANCE node for the dreidel (integer face weights from ``spin_probabilities``), the
   buy-in set by [`spin_buy_in`][dreidelpoker.games.two_dreidel.spin_buy_in], then a
   SIMULTANEOUS call/fold node. Callers pay the buy-in (all-in for less, or with
   ``short_stack="fold"`` a player who cannot pay may only fold). Nobody calls: the pot
   carries over. One caller: that player wins what they may win ([`award`][dreidelpoker.games.two_dreidel.rulebook.betting.award]).
4. Showdown among the players still in, pot by pot with the library's multiway showdown;
   odd chips left of the button ([`showdown_payouts`][dreidelpoker.games.two_dreidel.rulebook.betting.showdown_payouts]).
5. Every player (folded or not) discards the kept hand face up; the button moves to the
   next seat still in; players with no chips are out. The game ends when one player is
   left (they take any carried pot) or at the hand limit (reported as cut short). If the
   carried pot holds every chip, nobody is out: the next hand is played for it with free
   spins.

Actions: a put-back is the card(s) as a string (``"N"``); in a betting round ``"fold"``,
``"check"``, ``"call"`` or an ``int`` = the chips put in now for a bet or raise; at a spin
``"call"`` or ``"fold"``; chance outcomes are the drawn cards (``"GHN"``) or the face
(``"G"``). Observations ([`TwoDreidelObservation`][dreidelpoker.games.two_dreidel.TwoDreidelObservation]) hold only what the seat may know:
its own cards, deck and put-back, everybody's stacks and bets, and the public discards
(all of them, or with ``discard_visibility="top-two"`` each player's last kept hand).

**How a step stays cheap** (whole games run at thousands of hands per second): a state is
an immutable tuple (a `typing.NamedTuple`), so a step copies the tuple once and
shares every unchanged field (the stacks, the decks, the discards are themselves shared
tuples); one ``apply`` walks the hand's transitions on one working copy and builds one new
state; log lines are stored as data and written as text only when the log is read
([`add_lazy`][dreidelpoker.games.protocol.EventLog.add_lazy]); the legal actions of a betting
decision are computed once, when the state is made, and an action is checked against them
in O(1) (those of a simultaneous step are stored by seat); each step sets the turn and
legal actions of the phase it enters and nothing else; draw classes, put-back choices
(with the next deck, the log line and what the seat observes), buy-ins and turn orders
are looked up in per-rules tables ([`play_tables`][dreidelpoker.games.two_dreidel.whole_game.play_tables]);
the end of a hand notes its figures as one tuple, folded into the game's figures only
when they are read ([`play_end`][dreidelpoker.games.two_dreidel.whole_game.play_end]).
"""

from __future__ import annotations

import bisect
from itertools import compress
from operator import add as _ADD
from collections.abc import Mapping, Sequence
from dataclasses import FrozenInstanceError
from typing import Any, NamedTuple


from ...protocol import Event, EventLog, LazyEvent, Payoff, Turn
from ..rulebook.deck import DeckState
from ..rulebook.ranking import Hand
from .play_end import end_hand as _end_hand, showdown as _showdown, start_hand as _start_hand, win_alone as _win_alone
from .play_state import (
    ALIVE as _ALIVE, ALL_IN as _ALL_IN, BET, BETS as _BETS, BUTTON as _BUTTON, BUY_IN as _BUY_IN, CALLS,
    CONTRIB as _CONTRIB, CURRENT as _CURRENT, DRAW, FACE as _FACE, HIGH as _HIGH,
    IN_HAND as _IN_HAND, LABS as _LABS, LEGAL as _LEGAL, LEGALS as _LEGALS, LOG as _LOG, NODES as _NODES, OBS_A as _OBS_A,
    OBS_B as _OBS_B, OBS_C as _OBS_C, OUTS as _OUTS, OVER, PENDING as _PENDING, PHASE as _PHASE, PLANS as _PLANS,
    POT as _POT, PUT_BACK, RAISE_BY as _RAISE_BY, RAISES as _RAISES, SEAT as _SEAT, SPIN, SPUN as _SPUN,
    STACKS as _STACKS, STEP as _STEP, T as _T, TURN as _TURN, NO_RAISE as _NO_RAISE, Stats, StateFields, decks_of, fold_stats,
)
from .play_tables import Tables, tables
from ..rulebook.rules import TwoDreidelRules, whole_game_end_problem
from ....errors import InputError
from ....limits import MAX_STACK
from ....sampler import Sampler
from ....validation import check_arguments

__all__ = ["MAX_PLAYERS", "TwoDreidelGame", "TwoDreidelObservation", "new_game"]

#: The most players at one table (the library's equity engines handle up to 7 opponents).
MAX_PLAYERS = 8

_CHANCE, _PLAYER, _SIMULTANEOUS = Turn.CHANCE, Turn.PLAYER, Turn.SIMULTANEOUS
_FOLD: tuple[str, ...] = ("fold",)
_FOLD_CALL: tuple[str, ...] = ("fold", "call")
_CHECK: tuple[str, ...] = ("check",)
_CALL_FOLD: tuple[str, ...] = ("call", "fold")
_TUPLE = tuple.__new__


# -- the observation ----------------------------------------------------------------------
class _ObservationFields(NamedTuple):
    seat: int
    hand_number: int
    phase: str
    button: int
    stacks: tuple[int, ...]
    alive: tuple[bool, ...]
    in_hand: tuple[bool, ...]
    contributions: tuple[int, ...]
    pot: int
    carry: int
    round_bets: tuple[int, ...]
    to_call: int
    face: str
    buy_in: int
    spins: tuple[str, ...]
    drawn: str
    hand: str
    put_back: str
    deck: DeckState
    discards: tuple[tuple[str, ...], ...]
    visibility: str
    street: int


class TwoDreidelObservation(_ObservationFields):
    """What one seat may know (no link to the game state; never another seat's cards).

    A frozen, hashable value (an immutable named tuple: fields are read by name, and
    assigning one raises `dataclasses.FrozenInstanceError`).

    Attributes:
        seat: the observing seat (0-based).
        hand_number: the current hand, 1-based.
        phase: ``"put-back"``, ``"bet"``, ``"calls"`` (deciding a spin) or another phase name.
        button: the button's seat.
        stacks, alive, in_hand: every seat's chips behind, whether it is still in the game,
            and whether it is still in this hand.
        contributions: chips each seat put in the pot this hand.
        pot: every chip in the middle (carried pot included).
        carry: chips carried over from earlier hands.
        round_bets, to_call: this betting round's bets, and what this seat must add to call.
        face, buy_in: the last spin's face and buy-in this hand (``""``/0 before a spin).
        spins: the faces spun this hand.
        drawn, hand, put_back: this seat's drawn cards, kept hand and put-back card(s)
            (``""`` when not yet known).
        deck: this seat's deck at the start of the hand (pile with its known top card, discard).
        discards: each seat's public kept hands, oldest first: all of them, or with
            ``discard_visibility="top-two"`` only the last one.
        visibility: ``"all"`` or ``"top-two"``.
        street: the index of the current step in the street sequence.

    Examples:
        >>> obs = new_game(TwoDreidelRules(), players=2).observation(1)
        >>> obs.seat, obs.stacks, obs.pot, obs.to_call
        (1, (7, 8), 1, 0)
    """

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.stacks)

    @property
    def opponents_in_hand(self) -> tuple[int, ...]:
        """The other seats still in this hand."""
        return tuple(i for i, a in enumerate(self.in_hand) if a and i != self.seat)


# -- the state ----------------------------------------------------------------------------
_REPR_FIELDS = ("hand_limit", "stacks", "alive", "button", "decks", "carry", "hands", "phase", "step", "seat", "drawn",
                "kept", "back", "in_hand", "contrib", "bets", "high", "raise_by", "pending", "face", "buy_in", "spun",
                "discards", "hand_start", "start_decks", "all_in", "cut")


class TwoDreidelGame(StateFields):
    """A game of Two Dreidel in progress (a [`GameState`][dreidelpoker.play.GameState]).

    Immutable (a named tuple; assigning a field raises
    `dataclasses.FrozenInstanceError`): [`apply`][dreidelpoker.games.two_dreidel.TwoDreidelGame.apply] and [`apply_joint`][dreidelpoker.games.two_dreidel.TwoDreidelGame.apply_joint] return
    new states. Build the first state with [`new_game`][dreidelpoker.games.two_dreidel.new_game]. Besides the game's fields, a
    state carries ``turn``, ``current_players``, the legal actions of a betting decision
    (``legal``, with its bet sizes as the range ``raises``) and the discards its players see
    (``seen``), all made with the state.

    Examples:
        >>> g = new_game(TwoDreidelRules(), players=2)
        >>> g.turn.value, g.current_players, g.pot
        ('chance', (), 1)
    """

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __repr__(self) -> str:
        return "TwoDreidelGame(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in _REPR_FIELDS) + ")"

    # -- protocol properties --------------------------------------------------------------
    @property
    def rules(self) -> TwoDreidelRules:
        """The rules this game is played under."""
        return self.t.rules

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return self.t.players

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == OVER

    @property
    def rounds(self) -> int:
        """Hands completed."""
        return self.hands

    @property
    def truncated(self) -> bool:
        """The game ended at the hand limit."""
        return self.cut

    # -- derived fields -------------------------------------------------------------------
    @property
    def decks(self) -> tuple[DeckState, ...]:
        """Each seat's deck now (after its draw this hand)."""
        return decks_of(self.nodes)

    @property
    def start_decks(self) -> tuple[DeckState, ...]:
        """Each seat's deck at the start of the hand."""
        return decks_of(self.start_nodes)

    @property
    def drawn(self) -> tuple[Hand | None, ...]:
        """Each seat's drawn cards this hand (``None``: not drawn yet, or out of the game)."""
        return tuple(None if o is None else o.hand for o in self.outs)

    @property
    def kept(self) -> tuple[Hand | None, ...]:
        """Each seat's kept hand this hand (``None``: not chosen yet, or out of the game)."""
        return tuple(None if p is None else p.kept for p in self.plans)

    @property
    def back(self) -> tuple[Hand | None, ...]:
        """Each seat's put-back card(s) this hand (``None``: not chosen yet, or out of the game)."""
        return tuple(None if p is None else p.back for p in self.plans)

    @property
    def stats(self) -> Stats:
        """The game's figures so far (spins, Gimels, pot shares, lead changes ...), folded from
        the hands' notes."""
        return fold_stats(self.t, self.notes)

    # -- actions --------------------------------------------------------------------------
    def legal_actions(self, player: int) -> tuple[Any, ...]:
        """Words first (``"fold"``, ``"call"``/``"check"``), then the bet sizes ascending;
        a put-back's card labels worst first; ``("call", "fold")`` at a spin."""
        if self.phase == BET:
            return self.legal if player == self.seat else ()
        return self.legals[player]

    def chance_outcomes(self) -> tuple[tuple[str, int], ...]:
        """The draws of the seat to draw, or the dreidel's faces, with integer weights."""
        if self.phase == DRAW:
            return self.t.draws_of(self.nodes[self.seat]).outcomes
        if self.phase == SPIN:
            return self.t.faces
        return ()

    def sample_chance(self, rng: Sampler) -> str:
        """A chance outcome drawn with the weights of [`chance_outcomes`][dreidelpoker.games.two_dreidel.TwoDreidelGame.chance_outcomes] (fast path:
        a bisection in the tabulated cumulative weights), through the game's sampler."""
        t = self.t
        if self.phase == DRAW:
            node = self.nodes[self.seat]
            info = node.info or t.draws_of(node)
            total, outcomes, cumulative = info.total, info.outcomes, info.cumulative
        else:
            total, outcomes, cumulative = t.face_total, t.faces, t.face_cum
        r = rng.integers(total)
        return outcomes[bisect.bisect_right(cumulative, r)][0]

    def apply(self, action: Any) -> TwoDreidelGame:
        """The state after a draw or a spin (chance) or the acting seat's betting action."""
        ph = self.phase
        v: list[Any]
        if ph == DRAW:
            v = list(self)
            lines = _draw(v, action)
        elif ph == BET:
            ok = (action in self.raises if action.__class__ is int
                  else not isinstance(action, bool) and action in self.legal)
            if not ok:
                raise InputError(f"seat {self.seat + 1} cannot play {action!r} here; legal: {_short_legal(self.legal)}")
            v = list(self)
            lines = _bet(v, action)
        elif ph == SPIN:
            if action not in self.t.face_weights:
                raise InputError(f"a spin lands on one of {', '.join(f for f, _w in self.t.faces)}, got {action!r}")
            v = list(self)
            lines = _spin(v, action)
        elif ph == OVER:
            raise InputError("the game is over: no more actions")
        else:
            raise InputError(f"the {ph} step is simultaneous: use apply_joint with every seat's choice")
        v[_LOG] = v[_LOG].add_lazy(lines)
        return _TUPLE(TwoDreidelGame, v)

    def apply_joint(self, actions: Mapping[int, Any]) -> TwoDreidelGame:
        """The state after every choosing seat's put-back or spin call is revealed at once."""
        ph = self.phase
        if ph != PUT_BACK and ph != CALLS:
            raise InputError(f"apply_joint: nothing simultaneous happens at the {ph} step")
        seats = self.current_players
        legals = self.legals
        if len(actions) != len(seats):
            self._wrong_seats(actions)
        for s in seats:
            if s not in actions:
                self._wrong_seats(actions)
            if actions[s] not in legals[s]:
                raise InputError(f"seat {s + 1} chose {actions[s]!r}, not legal at the {ph} step; "
                                 f"legal: {', '.join(map(repr, legals[s]))}")
        v: list[Any] = list(self)
        lines = _put_back(v, actions, seats) if ph == PUT_BACK else _calls(v, actions, seats)
        v[_LOG] = v[_LOG].add_lazy(lines)
        return _TUPLE(TwoDreidelGame, v)

    def _wrong_seats(self, actions: Mapping[int, Any]) -> None:
        raise InputError(f"apply_joint: expected a choice from seats {[s + 1 for s in self.current_players]}, "
                         f"got seats {sorted(s + 1 for s in actions)}")

    def returns(self) -> tuple[Payoff, ...]:
        """Chips won minus chips brought: ``stack - starting stack`` (the carried pot counts
        for nobody until someone wins it)."""
        start = self.t.stack
        return tuple(s - start for s in self.stacks)

    def observation(self, player: int) -> TwoDreidelObservation:
        """What ``player`` may know now (see `TwoDreidelObservation`)."""
        c = self.high - self.bets[player]
        me: Any = self  # (slices of the state's fields)
        return _TUPLE(TwoDreidelObservation,
                      (player, *me[_OBS_A], c if c > 0 else 0, *me[_OBS_B], *self.labs[player], *me[_OBS_C]))


# -- transitions: each works on ``v``, a list copy of the state's fields, and returns the
# step's log lines; a transition that enters a phase sets the state's turn, current players
# and legal actions (``_offer`` for a betting decision); ``apply`` makes the one new state.
def _to_act(v: list[Any], t: Tables, pending: int, after: int, stacks: tuple[int, ...], bets: tuple[int, ...],
            high: int, live: tuple[bool, ...]) -> bool:
    """Find the next pending seat after ``after`` that has a decision (a bet to face, or someone
    left to bet against; the seats passed over leave the pending set) and offer it its legal
    actions: fold/call or check, then the bet sizes (no-limit:
    [`bet_range`][dreidelpoker.games.two_dreidel.rulebook.betting.bet_range], computed inline). ``False``:
    nobody is left to act, the round is over."""
    if not pending:
        return False
    for i in t.order[after]:
        if pending >> i & 1:
            s = stacks[i]
            b = bets[i]
            c = high - b
            reach = list(map(_ADD, stacks, bets))  # what each seat can put in this round, all told
            reach[i] = 0
            cap = max(compress(reach, live), default=0) - b  # the deepest opponent still in
            if c > 0:
                base = _FOLD if (t.short_fold and s < c) else _FOLD_CALL
            elif s > 0 and cap > 0:
                base = _CHECK
            else:
                pending &= ~(1 << i)
                continue
            if s < cap:
                cap = s
            v[_SEAT], v[_PENDING], v[_CURRENT] = i, pending, t.ones[i]
            if cap <= c:
                v[_LEGAL], v[_RAISES] = base, _NO_RAISE
            else:
                rb = v[_RAISE_BY]
                low = c + (rb if rb > 1 else 1)
                raises = range(low if low < cap else cap, cap + 1)
                v[_LEGAL], v[_RAISES] = base + tuple(raises), raises
            return True
    return False


def _draw(v: list[Any], action: str) -> Sequence[LazyEvent]:
    t: Tables = v[_T]
    seat = v[_SEAT]
    nodes = v[_NODES]
    node = nodes[seat]
    info = node.info or t.draws_of(node)
    o = info.after.get(action)
    if o is None:
        raise InputError(f"seat {seat + 1} cannot draw {action!r} from its deck; possible draws: "
                         f"{', '.join(lab for lab, _w in info.outcomes)}")
    new_nodes = list(nodes)
    new_nodes[seat] = o.node
    outs = list(v[_OUTS])
    outs[seat] = o
    labs = list(v[_LABS])
    labs[seat] = o.labs
    v[_NODES], v[_OUTS], v[_LABS] = tuple(new_nodes), tuple(outs), tuple(labs)
    alive = v[_ALIVE]
    if seat != v[_BUTTON]:
        v[_SEAT] = (t.nexts.get(alive) or t.next_seats(alive))[seat]
        return o.lines[seat]  # (the next seat still in draws: the phase and turn stay)
    if t.put_back:
        v[_PHASE], v[_TURN] = PUT_BACK, _SIMULTANEOUS
        v[_CURRENT] = t.seat_sets.get(alive) or t.seats(alive)
        v[_LEGALS] = tuple(() if d is None else d.choices for d in outs)
        return o.lines[seat]
    # nothing to put back: every seat keeps what it drew
    plans = tuple(None if d is None else d.plan(None) for d in outs)
    v[_PLANS] = plans
    v[_LABS] = tuple(seen if p is None else p.labs for p, seen in zip(plans, v[_LABS]))
    lines = list(o.lines[seat])
    _streets(v, 0, lines)
    return lines


def _put_back(v: list[Any], actions: Mapping[int, str], seats: tuple[int, ...]) -> list[LazyEvent]:
    outs = v[_OUTS]
    plans = list(v[_PLANS])
    labs = list(v[_LABS])
    lines: list[LazyEvent] = []
    for s in seats:
        o = outs[s]
        lab = actions[s]
        p = o.plans.get(lab) or o.plan(lab)
        plans[s] = p
        labs[s] = p.labs
        lines.append(p.lines[s])
    lines.append(_EVERY_PUT_BACK)
    v[_PLANS], v[_LABS], v[_LEGALS] = tuple(plans), tuple(labs), v[_T].empties
    _streets(v, 0, lines)
    return lines


_EVERY_PUT_BACK: LazyEvent = ("put-back", None, True, (), "every player puts back a card face down", ())


def _streets(v: list[Any], step: int, lines: list[LazyEvent]) -> None:
    """Enter street ``step`` (skipping betting rounds nobody can bet in); showdown after the last."""
    t: Tables = v[_T]
    steps = t.steps
    stacks, in_hand, button = v[_STACKS], v[_IN_HAND], v[_BUTTON]
    while step < len(steps):
        if steps[step] == "spin":
            v[_PHASE], v[_STEP], v[_SEAT] = SPIN, step, button
            v[_TURN], v[_CURRENT], v[_LEGAL], v[_RAISES] = _CHANCE, (), (), _NO_RAISE
            return
        bets = t.zeros
        high = 0
        if step == 0 and t.opening_bet:  # the blind is a live bet of the opening round
            high = v[_CONTRIB][button]
            if high:
                b = list(bets)
                b[button] = high
                bets = tuple(b)
        pending = (t.masks.get(in_hand) or t.mask(in_hand))
        if 0 in stacks:
            pending = _with_chips(pending, stacks)
        raise_by, v[_RAISE_BY] = v[_RAISE_BY], t.min_bet
        if _to_act(v, t, pending, button, stacks, bets, high, in_hand):
            v[_PHASE], v[_STEP], v[_BETS], v[_HIGH], v[_TURN] = BET, step, bets, high, _PLAYER
            return
        v[_RAISE_BY] = raise_by  # (nobody can bet in this round)
        step += 1
    _showdown(v, lines)


def _with_chips(pending: int, stacks: tuple[int, ...]) -> int:
    """The seats of ``pending`` that still have chips."""
    for j, s in enumerate(stacks):
        if not s:
            pending &= ~(1 << j)
    return pending


def _bet(v: list[Any], action: Any) -> list[LazyEvent]:
    t: Tables = v[_T]
    i = v[_SEAT]
    stacks, bets, in_hand, high = v[_STACKS], v[_BETS], v[_IN_HAND], v[_HIGH]
    lines: list[LazyEvent]
    if action == "check":  # nothing moves: no chips, nobody leaves the hand
        # (the seat to act always has chips: a check or a fold never puts it all-in)
        lines = [("bet", i, True, (), "seat {} checks (pot {})", (i + 1, v[_POT]))]
        if not _to_act(v, t, v[_PENDING] & ~(1 << i), i, stacks, bets, high, in_hand):
            _streets(v, v[_STEP] + 1, lines)
        return lines
    pending = v[_PENDING] & ~(1 << i)
    if action == "fold":
        folded = list(in_hand)
        folded[i] = False  # (the acting seat is in the hand)
        in_hand = v[_IN_HAND] = tuple(folded)
        lines = [("bet", i, True, (), "seat {} folds (pot {})", (i + 1, v[_POT]))]
        if in_hand.count(True) == 1:
            _win_alone(v, in_hand.index(True), "everyone else folded", lines)
            return lines
    else:
        b = bets[i]
        left = stacks[i]
        pay = (high - b if high - b < left else left) if action == "call" else int(action)
        left -= pay
        b += pay
        new = list(stacks)
        new[i] = left
        stacks = tuple(new)
        new = list(bets)
        new[i] = b
        bets = tuple(new)
        new = list(v[_CONTRIB])
        new[i] += pay
        pot = v[_POT] + pay
        v[_STACKS], v[_CONTRIB], v[_BETS], v[_POT] = stacks, tuple(new), bets, pot
        allin = "" if left else ", all-in"
        if action == "call":
            lines = [("bet", i, True, (), "seat {} calls {}{} (pot {})", (i + 1, pay, allin, pot))]
        else:
            if b - high >= v[_RAISE_BY]:
                v[_RAISE_BY] = b - high
            lines = [("bet", i, True, (), "seat {} {} {} (to {}){} (pot {})",
                           (i + 1, "bets" if high == 0 else "raises", pay, b, allin, pot))]
            v[_HIGH] = high = b
            pending = (t.masks.get(in_hand) or t.mask(in_hand)) & ~(1 << i)
            if 0 in stacks:
                pending = _with_chips(pending, stacks)
        if not left:
            v[_ALL_IN] = True
    if not _to_act(v, t, pending, i, stacks, bets, high, in_hand):
        _streets(v, v[_STEP] + 1, lines)
    return lines


def _spin(v: list[Any], face: str) -> list[LazyEvent]:
    t: Tables = v[_T]
    pot = v[_POT]
    buy_in = t.buy_ins.get((face, pot))
    if buy_in is None:
        buy_in = t.buy_in(face, pot)
    in_hand = v[_IN_HAND]
    v[_PHASE], v[_FACE], v[_BUY_IN], v[_SPUN] = CALLS, face, buy_in, v[_SPUN] + (face,)
    v[_TURN], v[_CURRENT] = _SIMULTANEOUS, t.seats(in_hand)
    if t.short_fold:
        stacks = v[_STACKS]
        v[_LEGALS] = tuple(() if not a else _FOLD if stacks[s] < buy_in else _CALL_FOLD for s, a in enumerate(in_hand))
    else:
        v[_LEGALS] = t.call_sets.get(in_hand) or t.calls(in_hand)
    lines: list[LazyEvent] = [("spin", None, True, (), "seat {} spins {}: buy-in {} (pot {})",
                               (v[_BUTTON] + 1, t.face_names[face], buy_in, pot))]
    return lines


def _calls(v: list[Any], actions: Mapping[int, str], seats: tuple[int, ...]) -> list[LazyEvent]:
    t: Tables = v[_T]
    before = v[_STACKS]
    stacks = list(before)
    contrib = list(v[_CONTRIB])
    buy_in = v[_BUY_IN]
    pot = v[_POT]
    called = list(t.falses)
    callers = 0
    last = -1
    for s in seats:
        if actions[s] == "call":
            called[s] = True
            callers += 1
            last = s
            have = stacks[s]
            if buy_in < have:
                stacks[s] = have - buy_in
                contrib[s] += buy_in
                pot += buy_in
            else:  # all-in (for less)
                stacks[s] = 0
                contrib[s] += have
                pot += have
                if buy_in > 0:
                    v[_ALL_IN] = True
    in_hand = tuple(called)
    lines: list[LazyEvent] = [("calls", None, True, (), _calls_text, (seats, in_hand, before, buy_in))]
    v[_STACKS], v[_CONTRIB], v[_POT], v[_LEGALS], v[_IN_HAND] = tuple(stacks), tuple(contrib), pot, t.empties, in_hand
    if callers > 1:
        _streets(v, v[_STEP] + 1, lines)
    elif callers:
        _win_alone(v, last, "the only caller", lines, gimel_end=v[_FACE] in t.pot_faces)
    else:
        _end_hand(v, pot, None, ("nobody calls: the pot carries over", ()), lines, gimel_end=v[_FACE] in t.pot_faces)
    return lines


def _calls_text(seats: tuple[int, ...], called: tuple[bool, ...], stacks: tuple[int, ...], buy_in: int) -> str:
    return "cards revealed: " + ", ".join(
        f"seat {s + 1} calls" + (" (all-in for less)" if stacks[s] < buy_in else "") if called[s] else f"seat {s + 1} folds"
        for s in seats)


def _short_legal(legal: Sequence[Any]) -> str:
    words = [repr(a) for a in legal if isinstance(a, str)]
    ints = [a for a in legal if isinstance(a, int) and not isinstance(a, bool)]
    if ints:
        words.append(f"a bet or raise of {ints[0]} to {ints[-1]} chips" if len(ints) > 1 else f"a raise of {ints[0]}")
    return ", ".join(words)


@check_arguments
def new_game(rules: TwoDreidelRules, *, players: int | None = None, hand_limit: int | None = None) -> TwoDreidelGame:
    """The first state of a game: every player has ``rules.stack(players)`` chips, seat 1 has the button.

    Parameters:
        rules: the family member to play.
        players: 2 to 8 players.
        hand_limit: stop after this many hands (the game is then reported as cut short).

    Returns:
        The state at the first draw (the blind is posted).

    Raises:
        InputError: a player count outside 2..8, a hand limit below 1, symbolic spin probabilities, or
            rules whose game may never end (`whole_game_end_problem`).

    Examples:
        >>> g = new_game(TwoDreidelRules(), players=3)
        >>> g.turn.value, g.stacks, g.pot
        ('chance', (11, 12, 12), 1)
    """
    if not isinstance(rules, TwoDreidelRules):
        raise InputError(f"rules: expected TwoDreidelRules, got {type(rules).__name__}")
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
        raise InputError(f"players: Two Dreidel is played by 2 to {MAX_PLAYERS} players, got {players!r}")
    limit = 2_000 if hand_limit is None else hand_limit
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise InputError(f"hand_limit: expected a whole number >= 1, got {hand_limit!r}")
    last = _LAST.get(players)
    if last is not None and last[0] is rules:  # the same rules object as the last game's (a simulation)
        t, start = last[1], last[2]
    else:
        t, start = _checked(rules, players)
        _LAST[players] = (rules, t, start)
    n = players
    stack = t.stack
    empty: tuple[tuple[str, ...], ...] = ((),) * n
    fields: dict[str, Any] = dict(
        t=t, hand_limit=limit, hand_number=1, phase=DRAW, button=0, stacks=(stack,) * n, alive=(True,) * n,
        in_hand=(True,) * n, contrib=t.zeros, pot=0, carry=0, bets=t.zeros, face="", buy_in=0, spun=(), seen=empty,
        visibility=t.visibility, step=0, nodes=(t.fresh_node,) * n, start_nodes=(t.fresh_node,) * n, hands=0, seat=0,
        outs=t.nones, plans=t.nones, labs=(t.fresh_node.blank,) * n, high=0, raise_by=t.min_bet, pending=0, discards=empty,
        hand_start=(stack,) * n, all_in=False, cut=False, notes=(),
        log=EventLog().add(Event("start", start)),
        turn=Turn.CHANCE, current_players=(), legal=(), raises=_NO_RAISE, legals=t.empties)
    v = [fields[f] for f in StateFields._fields]
    lines: list[LazyEvent] = []
    _start_hand(v, 0, lines)
    v[_LOG] = v[_LOG].add_lazy(lines)
    return _TUPLE(TwoDreidelGame, v)


#: By player count, the rules object of the last game made, its tables and its first log line
#: (a simulation makes every game from one rules object: its checks are made once).
_LAST: dict[int, tuple[TwoDreidelRules, Tables, str]] = {}


def _checked(rules: TwoDreidelRules, players: int) -> tuple[Tables, str]:
    """The tables of ``rules`` at ``players`` seats and the game's first log line, once the
    rules are checked for a whole game."""
    if rules.stack(players) > MAX_STACK:
        raise InputError(f"chips_per_player: {rules.chips_per_player:,} x {players} players is a stack of "
                         f"{rules.stack(players):,} chips, over the limit of {MAX_STACK:,}; use fewer chips per player")
    problem = whole_game_end_problem(rules)
    if problem is not None:
        raise InputError(f"rules: {problem}; any one of a blind of 1 or more, a deck of two symbols, "
                         "another street sequence or a one-chip spin face that can come up lets it end")
    t = tables(players, rules=rules)
    return t, f"{rules.label}: {players} players with {t.stack} chips each"
