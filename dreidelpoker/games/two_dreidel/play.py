"""Two Dreidel played to the last chip on the whole-game engine (RULES.md 1.4, every member of 1.7).

One hand, as the state machine walks it:

1. The button posts the blind (all it has, if less). The blind is a live bet in the
   hand's first betting round when the hand opens with one (the button may check or
   raise when the action comes back), otherwise it simply sits in the pot.
2. Every player still in the game draws (one CHANCE node per player: the drawn cards as
   a class with its exact hypergeometric weight, reshuffle included, from
   :func:`~dreidelpoker.games.two_dreidel.deck.draw_weights`), then all put back at once
   (a SIMULTANEOUS node; nobody sees another's card).
3. The street sequence of ``rules.streets``: a ``"bet"`` is a no-limit round (integer
   amounts, left of the button first; see :func:`~.betting.bet_range`); a ``"spin"`` is a
   CHANCE node for the dreidel (integer face weights from ``spin_probabilities``), the
   buy-in set by :func:`~dreidelpoker.games.two_dreidel.spin.spin_buy_in`, then a
   SIMULTANEOUS call/fold node. Callers pay the buy-in (all-in for less, or with
   ``short_stack="fold"`` a player who cannot pay may only fold). Nobody calls: the pot
   carries over. One caller: that player wins what they may win (:func:`~.betting.award`).
4. Showdown among the players still in, pot by pot with the library's multiway showdown;
   odd chips left of the button (:func:`~.betting.showdown_payouts`).
5. Every player (folded or not) discards the kept hand face up; the button moves to the
   next seat still in; players with no chips are out. The game ends when one player is
   left (they take any carried pot) or at the hand limit (reported as cut short). If the
   carried pot holds every chip, nobody is out: the next hand is played for it with free
   spins.

Actions: a put-back is the card(s) as a string (``"N"``); in a betting round ``"fold"``,
``"check"``, ``"call"`` or an ``int`` = the chips put in now for a bet or raise; at a spin
``"call"`` or ``"fold"``; chance outcomes are the drawn cards (``"GHN"``) or the face
(``"G"``). Observations (:class:`TwoDreidelObservation`) hold only what the seat may know:
its own cards, deck and put-back, everybody's stacks and bets, and the public discards
(all of them, or with ``discard_visibility="top-two"`` each player's last kept hand).

**How a step stays cheap** (whole games run at thousands of hands per second): a state is
an immutable tuple (a :class:`typing.NamedTuple`), so a step copies the tuple once and
shares every unchanged field (the stacks, the decks, the discards are themselves shared
tuples); one ``apply`` walks the hand's transitions on one working copy and builds one new
state; log lines are stored as data and written as text only when the log is read
(:meth:`~dreidelpoker.games.protocol.EventLog.add_lazy`); the legal actions of a betting
decision are computed once, when the state is made, and an action is checked against them
in O(1); draw classes, put-back choices, buy-ins and next decks are looked up in per-rules
tables (:mod:`~dreidelpoker.games.two_dreidel.play_tables`).
"""

from __future__ import annotations

import bisect
from itertools import compress
from operator import add as _ADD
from collections.abc import Mapping, Sequence
from dataclasses import FrozenInstanceError
from typing import Any, NamedTuple

import numpy as np

from ..protocol import Event, EventLog, LazyEvent, Payoff, Turn
from .deck import DeckState
from .ranking import Hand
from .play_tables import DeckNode, Tables, tables
from .rules import TwoDreidelRules, whole_game_end_problem
from ...errors import InputError
from ...limits import MAX_STACK
from ...exact_rng import ExactIntegers

__all__ = ["MAX_PLAYERS", "TwoDreidelGame", "TwoDreidelObservation", "new_game"]

#: The most players at one table (the library's equity engines handle up to 7 opponents).
MAX_PLAYERS = 8

DRAW, PUT_BACK, BET, SPIN, CALLS, OVER = "draw", "put-back", "bet", "spin", "calls", "over"
_TURNS = {BET: Turn.PLAYER, DRAW: Turn.CHANCE, SPIN: Turn.CHANCE, PUT_BACK: Turn.SIMULTANEOUS,
          CALLS: Turn.SIMULTANEOUS, OVER: Turn.TERMINAL}
_FOLD: tuple[str, ...] = ("fold",)
_FOLD_CALL: tuple[str, ...] = ("fold", "call")
_CHECK: tuple[str, ...] = ("check",)
_CALL_FOLD: tuple[str, ...] = ("call", "fold")
_NO_RAISE = range(0)
_TUPLE = tuple.__new__


# -- per-game figures ------------------------------------------------------------------------
class _Stats(NamedTuple):
    spins: int = 0
    gimels: int = 0
    gimel_ends: int = 0
    pot_share_sum: float = 0.0
    pot_share_max: float = 0.0
    all_in_hands: int = 0
    carries: int = 0
    showdowns: int = 0
    trump_showdowns: int = 0
    lead_changes: int = 0
    leader: int = -1
    max_swing: int = 0
    button_net: int = 0


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
    assigning one raises :class:`dataclasses.FrozenInstanceError`).

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
class _StateFields(NamedTuple):
    t: Tables
    hand_limit: int
    # what every seat observes, in the order of TwoDreidelObservation's fields (an
    # observation is built from slices of the state: see TwoDreidelGame.observation)
    hand_number: int
    phase: str
    button: int
    stacks: tuple[int, ...]
    alive: tuple[bool, ...]
    in_hand: tuple[bool, ...]
    contrib: tuple[int, ...]
    pot: int
    carry: int
    bets: tuple[int, ...]
    face: str
    buy_in: int
    spun: tuple[str, ...]
    seen: tuple[tuple[str, ...], ...]
    visibility: str
    step: int
    # the rest of the game
    decks: tuple[DeckState, ...]
    hands: int
    seat: int
    drawn: tuple[Hand | None, ...]
    kept: tuple[Hand | None, ...]
    back: tuple[Hand | None, ...]
    high: int
    raise_by: int
    pending: int
    discards: tuple[tuple[str, ...], ...]
    hand_start: tuple[int, ...]
    start_decks: tuple[DeckState, ...]
    all_in: bool
    cut: bool
    stats: _Stats
    log: EventLog
    # derived when the state is made (functions of the fields above)
    turn: Turn
    current_players: tuple[int, ...]
    legal: tuple[Any, ...]
    raises: range
    nodes: tuple[DeckNode, ...]
    labs: tuple[tuple[str, str, str], ...]


_I = {f: i for i, f in enumerate(_StateFields._fields)}
_T, _HAND_LIMIT, _HAND_NUMBER, _PHASE, _BUTTON = _I["t"], _I["hand_limit"], _I["hand_number"], _I["phase"], _I["button"]
_STACKS, _ALIVE, _IN_HAND, _CONTRIB, _POT, _CARRY = (_I["stacks"], _I["alive"], _I["in_hand"], _I["contrib"], _I["pot"],
                                                   _I["carry"])
_BETS, _FACE, _BUY_IN, _SPUN, _SEEN, _VISIBILITY, _STEP = (_I["bets"], _I["face"], _I["buy_in"], _I["spun"], _I["seen"],
                                                         _I["visibility"], _I["step"])
_DECKS, _HANDS, _SEAT, _DRAWN, _KEPT, _BACK, _HIGH = (_I["decks"], _I["hands"], _I["seat"], _I["drawn"], _I["kept"],
                                                    _I["back"], _I["high"])
_RAISE_BY, _PENDING, _DISCARDS, _HAND_START, _START_DECKS = (_I["raise_by"], _I["pending"], _I["discards"],
                                                             _I["hand_start"], _I["start_decks"])
_ALL_IN, _CUT, _STATS, _LOG, _TURN, _CURRENT = (_I["all_in"], _I["cut"], _I["stats"], _I["log"], _I["turn"],
                                                _I["current_players"])
_LEGAL, _RAISES, _NODES, _LABS = _I["legal"], _I["raises"], _I["nodes"], _I["labs"]
# The observation's shared fields are three runs of the state's fields:
_OBS_A: Any = slice(_HAND_NUMBER, _BETS + 1)  # hand_number .. round_bets
_OBS_B: Any = slice(_FACE, _SPUN + 1)  # face, buy_in, spins
_OBS_C: Any = slice(_SEEN, _STEP + 1)  # discards, visibility, street
assert tuple(_StateFields._fields)[_OBS_A] == ("hand_number", "phase", "button", "stacks", "alive", "in_hand",
                                               "contrib", "pot", "carry", "bets")
assert tuple(_StateFields._fields)[_OBS_B] == ("face", "buy_in", "spun")
assert tuple(_StateFields._fields)[_OBS_C] == ("seen", "visibility", "step")

_REPR_FIELDS = ("hand_limit", "stacks", "alive", "button", "decks", "carry", "hands", "phase", "step", "seat", "drawn",
                "kept", "back", "in_hand", "contrib", "bets", "high", "raise_by", "pending", "face", "buy_in", "spun",
                "discards", "hand_start", "start_decks", "all_in", "cut")
_NO_LABELS = ("", "", "")


class TwoDreidelGame(_StateFields):
    """A game of Two Dreidel in progress (a :class:`~dreidelpoker.games.protocol.GameState`).

    Immutable (a named tuple; assigning a field raises
    :class:`dataclasses.FrozenInstanceError`): :meth:`apply` and :meth:`apply_joint` return
    new states. Build the first state with :func:`new_game`. Besides the game's fields, a
    state carries ``turn``, ``current_players``, the legal actions of a betting decision
    (``legal``, with its bet sizes as the range ``raises``) and the discards its players see
    (``seen``), all made with the state.

    Examples:
        >>> g = new_game(TwoDreidelRules(), players=2)
        >>> g.turn.value, g.current_players, g.pot
        ('chance', (), 1)
    """

    __slots__ = ()

    #: :meth:`sample_chance` draws only with ``rng.integers(n)`` (the runner may hand it an
    #: :class:`~dreidelpoker.exact_rng.ExactIntegers`, which draws the same integers faster).
    samples_with_integers_only = True

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

    # -- actions --------------------------------------------------------------------------
    def legal_actions(self, player: int) -> tuple[Any, ...]:
        """Words first (``"fold"``, ``"call"``/``"check"``), then the bet sizes ascending;
        a put-back's card labels worst first; ``("call", "fold")`` at a spin."""
        ph = self.phase
        if ph == BET:
            return self.legal if player == self.seat else ()
        if ph == PUT_BACK:
            d = self.drawn[player] if self.alive[player] else None
            return () if d is None else self.t.choices(d)[0]
        if ph == CALLS:
            if not self.in_hand[player]:
                return ()
            if self.t.short_fold and self.stacks[player] < self.buy_in:
                return _FOLD
            return _CALL_FOLD
        return ()

    def chance_outcomes(self) -> tuple[tuple[str, int], ...]:
        """The draws of the seat to draw, or the dreidel's faces, with integer weights."""
        if self.phase == DRAW:
            return self.t.draws_of(self.nodes[self.seat]).outcomes
        if self.phase == SPIN:
            return self.t.faces
        return ()

    def sample_chance(self, rng: np.random.Generator | ExactIntegers) -> str:
        """A chance outcome drawn with the weights of :meth:`chance_outcomes` (fast path).

        ``rng`` is a numpy generator or any object whose ``integers(total)`` draws the same
        way (the runner's :class:`~dreidelpoker.play.runner.ChanceStream`)."""
        t = self.t
        if self.phase == DRAW:
            node = self.nodes[self.seat]
            info = node.info or t.draws_of(node)
            total, outcomes, cumulative = info.total, info.outcomes, info.cumulative
        else:
            total, outcomes, cumulative = t.face_total, t.faces, t.face_cum
        r = rng.small(total) if rng.__class__ is ExactIntegers and total < 4294967296 else int(rng.integers(total))
        return outcomes[bisect.bisect_right(cumulative, r)][0]

    def apply(self, action: Any) -> TwoDreidelGame:
        """The state after a draw or a spin (chance) or the acting seat's betting action."""
        ph = self.phase
        lines: list[LazyEvent] = []
        if ph == BET:
            ok = (action in self.raises if type(action) is int
                  else not isinstance(action, bool) and action in self.legal)
            if not ok:
                raise InputError(f"seat {self.seat + 1} cannot play {action!r} here; legal: {_short_legal(self.legal)}")
            v = list(self)
            _bet(v, action, lines)
        elif ph == DRAW:
            v = list(self)
            _draw(v, action, lines)
        elif ph == SPIN:
            if action not in self.t.face_weights:
                raise InputError(f"a spin lands on one of {', '.join(f for f, _w in self.t.faces)}, got {action!r}")
            v = list(self)
            _spin(v, action, lines)
        elif ph == OVER:
            raise InputError("the game is over: no more actions")
        else:
            raise InputError(f"the {ph} step is simultaneous: use apply_joint with every seat's choice")
        return _finish(v, lines)

    def apply_joint(self, actions: Mapping[int, Any]) -> TwoDreidelGame:
        """The state after every choosing seat's put-back or spin call is revealed at once."""
        ph = self.phase
        if ph != PUT_BACK and ph != CALLS:
            raise InputError(f"apply_joint: nothing simultaneous happens at the {ph} step")
        seats = self.current_players
        legal_of = self.legal_actions
        if len(actions) != len(seats):
            self._wrong_seats(actions)
        for s in seats:
            if s not in actions:
                self._wrong_seats(actions)
        for s in seats:
            if actions[s] not in legal_of(s):
                raise InputError(f"seat {s + 1} chose {actions[s]!r}, not legal at the {ph} step; "
                                 f"legal: {', '.join(map(repr, legal_of(s)))}")
        v = list(self)
        lines: list[LazyEvent] = []
        if ph == PUT_BACK:
            _put_back(v, actions, lines)
        else:
            _calls(v, actions, lines)
        return _finish(v, lines)

    def _wrong_seats(self, actions: Mapping[int, Any]) -> None:
        raise InputError(f"apply_joint: expected a choice from seats {[s + 1 for s in self.current_players]}, "
                         f"got seats {sorted(s + 1 for s in actions)}")

    def returns(self) -> tuple[Payoff, ...]:
        """Chips won minus chips brought: ``stack - starting stack`` (the carried pot counts
        for nobody until someone wins it)."""
        start = self.t.stack
        return tuple(s - start for s in self.stacks)

    def observation(self, player: int) -> TwoDreidelObservation:
        """What ``player`` may know now (see :class:`TwoDreidelObservation`)."""
        c = self.high - self.bets[player]
        me: Any = self  # (slices of the state's fields)
        return _TUPLE(TwoDreidelObservation, (player,) + me[_OBS_A] + (c if c > 0 else 0,) + me[_OBS_B]
                      + self.labs[player] + (self.start_decks[player],) + me[_OBS_C])


# -- transitions: each works on ``v``, a list copy of the state's fields, and appends its log
# lines to ``lines``; :func:`_finish` makes the one new state of a step.
def _finish(v: list[Any], lines: list[LazyEvent]) -> TwoDreidelGame:
    if lines:
        v[_LOG] = v[_LOG].add_lazy(lines)
    ph = v[_PHASE]
    v[_TURN] = _TURNS[ph]
    if ph == BET:
        _offer(v)
    else:
        v[_LEGAL], v[_RAISES] = (), _NO_RAISE
        v[_CURRENT] = (v[_T].seats(v[_ALIVE]) if ph == PUT_BACK else v[_T].seats(v[_IN_HAND]) if ph == CALLS
                       else ())
    return _TUPLE(TwoDreidelGame, v)


def _offer(v: list[Any]) -> None:
    """The acting seat's legal actions: fold/call or check, then the bet sizes (no-limit:
    :func:`~dreidelpoker.games.two_dreidel.betting.bet_range`, computed inline)."""
    t: Tables = v[_T]
    i = v[_SEAT]
    stacks, bets, live = v[_STACKS], v[_BETS], v[_IN_HAND]
    s = stacks[i]
    c = v[_HIGH] - bets[i]
    if c > 0:
        base = _FOLD if (t.short_fold and s < c) else _FOLD_CALL
    else:
        base = _CHECK
    reach = list(map(_ADD, stacks, bets))  # what each seat can put in this round, all told
    reach[i] = 0
    cap = max(compress(reach, live), default=0) - bets[i]  # the deepest opponent still in
    if s < cap:
        cap = s
    if cap <= c:
        v[_LEGAL], v[_RAISES] = base, _NO_RAISE
    else:
        rb = v[_RAISE_BY]
        low = c + (rb if rb > 1 else 1)
        raises = range(low if low < cap else cap, cap + 1)
        v[_LEGAL], v[_RAISES] = base + tuple(raises), raises
    v[_CURRENT] = (i,)


def _draw(v: list[Any], action: str, lines: list[LazyEvent]) -> None:
    t: Tables = v[_T]
    seat = v[_SEAT]
    node = v[_NODES][seat]
    info = node.info or t.draws_of(node)
    got = info.after.get(action)
    if got is None:
        raise InputError(f"seat {seat + 1} cannot draw {action!r} from its deck; possible draws: "
                         f"{', '.join(lab for lab, _w in info.outcomes)}")
    hand, after, reshuffled, label = got
    decks = list(v[_DECKS])
    decks[seat] = after.chain
    nodes = list(v[_NODES])
    nodes[seat] = after
    drawn = list(v[_DRAWN])
    drawn[seat] = hand
    labs = list(v[_LABS])
    labs[seat] = (label, "", "")
    v[_DECKS], v[_NODES], v[_DRAWN], v[_LABS] = tuple(decks), tuple(nodes), tuple(drawn), tuple(labs)
    lines.append(("draw", seat, False, (seat,), "seat {} draws {}{}",
                  (seat + 1, action, " (after a reshuffle)" if reshuffled else "")))
    if reshuffled:
        lines.append(("reshuffle", seat, True, (), "seat {} reshuffles the discard pile", (seat + 1,)))
    alive = v[_ALIVE]
    nxt = None if seat == v[_BUTTON] else (t.nexts.get(alive) or t.next_seats(alive))[seat]
    if nxt is not None:
        v[_SEAT] = nxt
    elif t.put_back:
        v[_PHASE] = PUT_BACK
    else:
        v[_KEPT] = tuple(drawn)
        v[_BACK] = tuple(() if d is not None else None for d in drawn)
        v[_LABS] = tuple(_NO_LABELS if d is None else (t.label(d), t.label(d), t.label(())) for d in drawn)
        _streets(v, 0, lines)


def _put_back(v: list[Any], actions: Mapping[int, str], lines: list[LazyEvent]) -> None:
    t: Tables = v[_T]
    drawn = v[_DRAWN]
    kept = list(v[_KEPT])
    back = list(v[_BACK])
    labs = list(v[_LABS])
    for s in sorted(actions):
        lab = actions[s]
        b, k, klab = t.choices(drawn[s])[1][lab]
        kept[s], back[s] = k, b
        labs[s] = (labs[s][0], klab, t.label(b))
        lines.append(("put-back", s, False, (s,), "seat {} puts back {}, keeps {}", (s + 1, lab, klab)))
    lines.append(("put-back", None, True, (), "every player puts back a card face down", ()))
    v[_KEPT], v[_BACK], v[_LABS] = tuple(kept), tuple(back), tuple(labs)
    _streets(v, 0, lines)


def _streets(v: list[Any], step: int, lines: list[LazyEvent]) -> None:
    """Enter street ``step`` (skipping betting rounds nobody can bet in); showdown after the last."""
    t: Tables = v[_T]
    steps = t.steps
    n = t.players
    stacks, in_hand, button = v[_STACKS], v[_IN_HAND], v[_BUTTON]
    while step < len(steps):
        if steps[step] == "spin":
            v[_PHASE], v[_STEP], v[_SEAT] = SPIN, step, button
            return
        bets = [0] * n
        high = 0
        if step == 0 and t.opening_bet:  # the blind is a live bet of the opening round
            high = bets[button] = v[_CONTRIB][button]
        pending = 0
        for i in range(n):
            if in_hand[i] and stacks[i] > 0:
                pending |= 1 << i
        found = _next_actor(pending, button, stacks, bets, high, in_hand)
        if found is not None:
            v[_PHASE], v[_STEP], v[_BETS], v[_HIGH], v[_RAISE_BY] = BET, step, tuple(bets), high, t.min_bet
            v[_SEAT], v[_PENDING] = found
            return
        step += 1
    _showdown(v, lines)


def _bet(v: list[Any], action: Any, lines: list[LazyEvent]) -> None:
    i = v[_SEAT]
    if action == "check":  # nothing moves: no chips, nobody leaves the hand
        lines.append(("bet", i, True, (), "seat {} checks (pot {})", (i + 1, v[_POT])))
        v[_ALL_IN] = v[_ALL_IN] or v[_STACKS][i] == 0
        found = _next_actor(v[_PENDING] & ~(1 << i), i, v[_STACKS], v[_BETS], v[_HIGH], v[_IN_HAND])
        if found is not None:
            v[_SEAT], v[_PENDING] = found
        else:
            _streets(v, v[_STEP] + 1, lines)
        return
    stacks = list(v[_STACKS])
    contrib = list(v[_CONTRIB])
    bets = list(v[_BETS])
    in_hand = v[_IN_HAND]
    high, raise_by = v[_HIGH], v[_RAISE_BY]
    pending = v[_PENDING] & ~(1 << i)
    c = high - bets[i]
    allin = ""
    args: tuple[Any, ...]
    if action == "fold":
        folded = list(in_hand)
        folded[i] = False  # (the acting seat is in the hand)
        in_hand = tuple(folded)
        fmt, args = "seat {} folds (pot {})", (i + 1,)
    else:
        pay = min(c, stacks[i]) if action == "call" else int(action)
        stacks[i] -= pay
        contrib[i] += pay
        bets[i] += pay
        if stacks[i] == 0:
            allin = ", all-in"
        if action == "call":
            fmt, args = "seat {} calls {}{} (pot {})", (i + 1, pay, allin)
        else:
            inc = bets[i] - high
            if inc >= raise_by:
                raise_by = inc
            fmt, args = "seat {} {} {} (to {}){} (pot {})", (i + 1, "bets" if high == 0 else "raises", pay, bets[i], allin)
            high = bets[i]
            pending = 0
            for j, a in enumerate(in_hand):
                if a and j != i and stacks[j] > 0:
                    pending |= 1 << j
    pot = v[_CARRY] + sum(contrib)
    lines.append(("bet", i, True, (), fmt, args + (pot,)))
    new_stacks, new_bets = tuple(stacks), tuple(bets)
    v[_STACKS], v[_CONTRIB], v[_BETS], v[_IN_HAND], v[_POT] = new_stacks, tuple(contrib), new_bets, in_hand, pot
    v[_ALL_IN] = v[_ALL_IN] or stacks[i] == 0
    if sum(in_hand) == 1:
        _win_alone(v, in_hand.index(True), "everyone else folded", lines)
        return
    found = _next_actor(pending, i, new_stacks, new_bets, high, in_hand)
    if found is not None:
        v[_HIGH], v[_RAISE_BY] = high, raise_by
        v[_SEAT], v[_PENDING] = found
        return
    _streets(v, v[_STEP] + 1, lines)


def _spin(v: list[Any], face: str, lines: list[LazyEvent]) -> None:
    t: Tables = v[_T]
    pot = v[_POT]
    buy_in = t.buy_in(face, pot)
    lines.append(("spin", None, True, (), "seat {} spins {}: buy-in {} (pot {})",
                  (v[_BUTTON] + 1, t.face_names[face], buy_in, pot)))
    v[_PHASE], v[_FACE], v[_BUY_IN], v[_SPUN] = CALLS, face, buy_in, v[_SPUN] + (face,)


def _calls(v: list[Any], actions: Mapping[int, str], lines: list[LazyEvent]) -> None:
    t: Tables = v[_T]
    stacks = list(v[_STACKS])
    contrib = list(v[_CONTRIB])
    buy_in = v[_BUY_IN]
    all_in = v[_ALL_IN]
    callers = []
    parts = []
    for s in sorted(actions):
        if actions[s] == "call":
            callers.append(s)
            pay = min(buy_in, stacks[s])
            stacks[s] -= pay
            contrib[s] += pay
            all_in = all_in or (stacks[s] == 0 and buy_in > 0)
            parts.append((s, pay < buy_in))
        else:
            parts.append((s, None))
    lines.append(("calls", None, True, (), _calls_text, (tuple(parts),)))
    v[_STACKS], v[_CONTRIB], v[_ALL_IN], v[_POT] = tuple(stacks), tuple(contrib), all_in, v[_CARRY] + sum(contrib)
    in_hand = [False] * t.players
    for s in callers:
        in_hand[s] = True
    v[_IN_HAND] = tuple(in_hand)
    ends = len(callers) <= 1 and v[_FACE] in t.pot_faces
    if not callers:
        _end_hand(v, v[_POT], None, ("nobody calls: the pot carries over", ()), lines, gimel_end=ends)
    elif len(callers) == 1:
        _win_alone(v, callers[0], "the only caller", lines, gimel_end=ends)
    else:
        _streets(v, v[_STEP] + 1, lines)


def _calls_text(parts: tuple[tuple[int, bool | None], ...]) -> str:
    return "cards revealed: " + ", ".join(
        f"seat {s + 1} folds" if short is None else f"seat {s + 1} calls" + (" (all-in for less)" if short else "")
        for s, short in parts)


def _win_alone(v: list[Any], seat: int, why: str, lines: list[LazyEvent], *, gimel_end: bool = False) -> None:
    """The only player left wins every pot they may win (what
    :func:`~dreidelpoker.games.two_dreidel.betting.award` pays, computed inline: every seat's
    contribution up to the winner's, and the carried pot); the rest carries over."""
    contrib = v[_CONTRIB]
    level = contrib[seat]
    won = v[_CARRY]
    for c in contrib:
        won += c if c < level else level
    leftover = v[_CARRY] + sum(contrib) - won
    payouts = [0] * len(contrib)
    payouts[seat] = won
    note = ("seat {} wins {} ({}){}", (seat + 1, won, why,
                                       f"; {leftover} nobody still in may win carry over" if leftover else ""))
    _end_hand(v, leftover, payouts, note, lines, gimel_end=gimel_end)


def _showdown(v: list[Any], lines: list[LazyEvent]) -> None:
    t: Tables = v[_T]
    kept, in_hand = v[_KEPT], v[_IN_HAND]
    payouts, leftover, trump = t.showdown(kept, v[_CONTRIB], in_hand, v[_CARRY], v[_BUTTON])
    note = (_showdown_text, (t, kept, in_hand, payouts, trump, leftover))
    _end_hand(v, leftover, payouts, note, lines, showdown=True, trump=trump)


def _showdown_text(t: Tables, kept: tuple[Hand | None, ...], in_hand: tuple[bool, ...], payouts: tuple[int, ...],
                   trump: bool, leftover: int) -> str:
    shown = [(i + 1, t.label(h)) for i, h in enumerate(kept) if in_hand[i] and h is not None]
    won = ", ".join(f"seat {i + 1} wins {p}" for i, p in enumerate(payouts) if p)
    note = f"showdown: {', '.join(f'seat {s} {lab}' for s, lab in shown)}; {won}" + (" (the trump decides)" if trump else "")
    return note + (f"; {leftover} carry over" if leftover else "")


def _discards_text(shown: tuple[tuple[int, str], ...]) -> str:
    return "discards: " + ", ".join(f"seat {s} {lab}" for s, lab in shown)


def _end_hand(v: list[Any], carry: int, payouts: Sequence[int] | None, note: tuple[Any, tuple[Any, ...]],
              lines: list[LazyEvent], *, gimel_end: bool = False, showdown: bool = False, trump: bool = False) -> None:
    t: Tables = v[_T]
    n = t.players
    pot_total = v[_POT]
    stacks = list(v[_STACKS])
    if payouts is not None:
        for i, p in enumerate(payouts):
            stacks[i] += p
    lines.append(("result", None, True, (), note[0], note[1]))
    alive = list(v[_ALIVE])
    decks = list(v[_DECKS])
    nodes = list(v[_NODES])
    discards = list(v[_DISCARDS])
    kept_all, back_all = v[_KEPT], v[_BACK]
    labels = t.labels
    shown = []
    for i in range(n):
        if not alive[i]:
            continue
        kept, back = kept_all[i], back_all[i]
        assert kept is not None and back is not None
        node = nodes[i]
        node = node.next.get((back, kept)) or t.next_deck(node, back, kept)
        nodes[i] = node
        decks[i] = node.chain
        lab = labels.get(kept) or t.label(kept)
        discards[i] = discards[i] + (lab,)
        shown.append((i + 1, lab))
    lines.append(("discard", None, True, (), _discards_text, (tuple(shown),)))
    # figures of the hand
    st: _Stats = v[_STATS]
    button, hand_start, spun = v[_BUTTON], v[_HAND_START], v[_SPUN]
    swing = top = 0
    first = tied = -1
    for i in range(n):
        s, d = stacks[i], stacks[i] - hand_start[i]
        if d < 0:
            d = -d
        if d > swing:
            swing = d
        if s > top or first < 0:
            top, first, tied = s, i, 0
        elif s == top:
            tied = 1
    share = pot_total / t.total_chips
    leader = first if not tied else st.leader  # a single chip leader, else the last one stands
    changes = st.lead_changes + (leader != st.leader and st.leader != -1 and not tied)
    pot_faces = t.pot_faces
    v[_STATS] = _TUPLE(_Stats, (
        st.spins + len(spun), st.gimels + sum(1 for f in spun if f in pot_faces), st.gimel_ends + gimel_end,
        st.pot_share_sum + share, max(st.pot_share_max, share), st.all_in_hands + v[_ALL_IN],
        st.carries + (payouts is None), st.showdowns + showdown, st.trump_showdowns + trump, changes, leader,
        max(st.max_swing, swing), st.button_net + stacks[button] - hand_start[button]))
    # elimination (nobody is out while the carried pot holds every chip)
    left = []
    busted = []
    for i in range(n):
        if alive[i]:
            if stacks[i] > 0:
                left.append(i)
            else:
                busted.append(i)
    if left:
        for i in busted:
            alive[i] = False
            lines.append(("out", i, True, (), "seat {} has no chips and is out", (i + 1,)))
    else:
        left = busted
    hands = v[_HANDS] + 1
    new_alive = tuple(alive)
    new_discards = tuple(discards)
    v[_ALIVE], v[_DECKS], v[_NODES], v[_DISCARDS], v[_HANDS], v[_CARRY], v[_IN_HAND] = (
        new_alive, tuple(decks), tuple(nodes), new_discards, hands, carry, new_alive)
    v[_SEEN] = new_discards if t.visibility == "all" else tuple(hs[-1:] for hs in new_discards)
    v[_PENDING], v[_CONTRIB], v[_BETS], v[_HIGH], v[_POT], v[_HAND_NUMBER] = 0, (0,) * n, (0,) * n, 0, carry, hands + 1
    if len(left) == 1:
        w = left[0]
        stacks[w] += carry
        lines.append(("end", w, True, (), "seat {} holds every chip and wins after {} hands", (w + 1, hands)))
        v[_STACKS], v[_CARRY], v[_POT], v[_PHASE] = tuple(stacks), 0, 0, OVER
        return
    v[_STACKS] = tuple(stacks)
    if hands >= v[_HAND_LIMIT]:
        lines.append(("end", None, True, (), "the hand limit ({}) is reached: the game is cut short", (v[_HAND_LIMIT],)))
        v[_PHASE], v[_CUT] = OVER, True
        return
    button = _next_alive(new_alive, button)
    assert button is not None
    _start_hand(v, button, lines)


def _start_hand(v: list[Any], button: int, lines: list[LazyEvent]) -> None:
    t: Tables = v[_T]
    n = t.players
    before = v[_STACKS]
    stacks = list(before)
    contrib = [0] * n
    blind = min(t.blind, stacks[button])
    stacks[button] -= blind
    contrib[button] = blind
    none: tuple[None, ...] = (None,) * n
    posts = (f" and posts a blind of {blind}" + (" (all-in)" if stacks[button] == 0 else "")) if blind else ""
    lines.append(("hand", button, True, (), "hand {}: seat {} has the button{}", (v[_HANDS] + 1, button + 1, posts)))
    first = _next_alive(v[_ALIVE], button)
    v[_STACKS], v[_BUTTON], v[_PHASE], v[_STEP] = tuple(stacks), button, DRAW, 0
    v[_SEAT] = first if first is not None else button
    v[_DRAWN] = v[_KEPT] = v[_BACK] = none
    v[_LABS] = (_NO_LABELS,) * n
    v[_POT] = v[_CARRY] + blind
    v[_IN_HAND], v[_CONTRIB], v[_BETS], v[_HIGH], v[_RAISE_BY], v[_PENDING] = (
        v[_ALIVE], tuple(contrib), (0,) * n, 0, t.min_bet, 0)
    v[_FACE], v[_BUY_IN], v[_SPUN], v[_HAND_START], v[_START_DECKS] = "", 0, (), before, v[_DECKS]
    v[_ALL_IN] = blind > 0 and stacks[button] == 0


def _next_actor(pending: int, after: int, stacks: Sequence[int], bets: Sequence[int], high: int,
                in_hand: Sequence[bool]) -> tuple[int, int] | None:
    """The next pending seat after ``after`` that has a decision (a bet to face, or someone
    left to bet against), with the pending set less the seats skipped; ``None``: the round is over."""
    n = len(stacks)
    for k in range(1, n + 1):
        i = (after + k) % n
        if pending >> i & 1:
            if high > bets[i]:
                return i, pending
            if stacks[i] > 0:
                for j in range(n):
                    if j != i and in_hand[j] and stacks[j] + bets[j] > bets[i]:
                        return i, pending
            pending &= ~(1 << i)
    return None


def _next_alive(alive: Sequence[bool], after: int) -> int | None:
    """The next seat after ``after`` (going left, wrapping round) still in the game."""
    n = len(alive)
    for k in range(1, n + 1):
        i = (after + k) % n
        if alive[i]:
            return i
    return None


def _short_legal(legal: Sequence[Any]) -> str:
    words = [repr(a) for a in legal if isinstance(a, str)]
    ints = [a for a in legal if isinstance(a, int) and not isinstance(a, bool)]
    if ints:
        words.append(f"a bet or raise of {ints[0]} to {ints[-1]} chips" if len(ints) > 1 else f"a raise of {ints[0]}")
    return ", ".join(words)


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
            rules whose game may never end (:func:`~.rules.whole_game_end_problem`).

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
    if rules.stack(players) > MAX_STACK:
        raise InputError(f"chips_per_player: {rules.chips_per_player:,} x {players} players is a stack of "
                         f"{rules.stack(players):,} chips, over the limit of {MAX_STACK:,}; use fewer chips per player")
    problem = whole_game_end_problem(rules)
    if problem is not None:
        raise InputError(f"rules: {problem}; any one of a blind of 1 or more, a deck of two symbols, "
                         "another street sequence or a one-chip spin face that can come up lets it end")
    t = tables(players, rules=rules)
    n = players
    stack = t.stack
    none: tuple[None, ...] = (None,) * n
    empty: tuple[tuple[str, ...], ...] = ((),) * n
    fields: dict[str, Any] = dict(
        t=t, hand_limit=limit, hand_number=1, phase=DRAW, button=0, stacks=(stack,) * n, alive=(True,) * n,
        in_hand=(True,) * n, contrib=(0,) * n, pot=0, carry=0, bets=(0,) * n, face="", buy_in=0, spun=(), seen=empty,
        visibility=t.visibility, step=0, decks=(t.fresh,) * n, hands=0, seat=0, drawn=none, kept=none, back=none, high=0,
        raise_by=t.min_bet, pending=0, discards=empty, hand_start=(stack,) * n, start_decks=(t.fresh,) * n,
        all_in=False, cut=False, stats=_Stats(),
        log=EventLog().add(Event("start", f"{rules.label}: {n} players with {stack} chips each")),
        turn=Turn.CHANCE, current_players=(), legal=(), raises=_NO_RAISE, nodes=(t.fresh_node,) * n,
        labs=(_NO_LABELS,) * n)
    v = [fields[f] for f in _StateFields._fields]
    lines: list[LazyEvent] = []
    _start_hand(v, 0, lines)
    return _finish(v, lines)
