"""Two Dreidel played to the last chip on the whole-game engine ([Two Dreidel rules: one hand of play][rules-1-4], every member of 1.7).

One hand, as the state machine walks it:

1. The button posts the blind (all it has, if less). The blind is a live bet in the
   hand's first betting round when the hand opens with one (the button may check or
   raise when the action comes back), otherwise it simply sits in the pot.
2. Every player still in the game draws (one CHANCE node per player: the drawn cards as
   a class with its exact hypergeometric weight, reshuffle included, from
   [`draw_weights`][dreidelpoker.games.two_dreidel.rulebook.deck.draw_weights]), then all put back at once
   (a SIMULTANEOUS node; nobody sees another's card).
3. The street sequence of ``rules.streets``: a ``"bet"`` is a no-limit round (integer
   amounts, left of the button first; see [`bet_range`][dreidelpoker.games.two_dreidel.rulebook.betting.bet_range]); a ``"spin"`` is a
   CHANCE node for the dreidel (integer face weights from ``spin_probabilities``), the
   buy-in set by [`spin_buy_in`][dreidelpoker.games.two_dreidel.rulebook.betting.spin_buy_in], then a
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
(``"G"``). Observations ([`TwoDreidelObservation`][dreidelpoker.games.two_dreidel.whole_game.play.TwoDreidelObservation]) hold only what the seat may know:
its own cards, deck and put-back, everybody's stacks and bets, and the public discards
(all of them, or with ``discard_visibility="top-two"`` each player's last kept hand).

**How a step stays cheap** (whole games run at thousands of hands per second): a state is
an immutable tuple (a `typing.NamedTuple`), so a step copies the tuple once and
shares every unchanged field (the stacks, the decks, the discards are themselves shared
tuples); one ``apply`` walks the hand's transitions on one working copy (a mutable
``__slots__`` record of the same fields, written by name) and builds one new state; log
lines are stored as data and written as text only when the log is read
([`add_lazy`][dreidelpoker.games.protocol.EventLog.add_lazy]); the legal actions of a betting
decision are computed once, when the state is made, and an action is checked against them
in O(1) (those of a simultaneous step are stored by seat); each step sets the turn and
legal actions of the phase it enters and nothing else; draw classes, put-back choices
(with the next deck, the log line and what the seat observes), buy-ins and turn orders
are looked up in per-rules tables ([`play_tables`][dreidelpoker.games.two_dreidel.whole_game.play_tables]);
the end of a hand notes its figures as one tuple, folded into the game's figures only
when they are read.
"""

from __future__ import annotations

import bisect
from functools import reduce
from itertools import chain, repeat
from collections.abc import Callable, Mapping, Sequence
from dataclasses import FrozenInstanceError
from operator import add as _ADD, attrgetter, getitem, sub as _SUB, truediv
from typing import Any, NamedTuple


from ...protocol import Event, EventLog, LazyEvent, Payoff, Turn
from ..rulebook.betting import award, bet_range, call_payment
from ..rulebook.deck import DeckState
from ..rulebook.ranking import Hand
from .batch import hand_steps_bound, play_hands
from .play_tables import DeckNode, Drawn, Labels, Plan, Tables, tables
from ..rulebook.rules import TwoDreidelRules, whole_game_end_problem
from ....caches import ValueCache
from ....errors import InputError
from ....limits import MAX_STACK
from ....sampler import Sampler
from ....validation import check_arguments, check_count, is_whole_number

__all__ = ["MAX_PLAYERS", "TwoDreidelGame", "TwoDreidelObservation", "new_game"]

#: The most players at one table (the library's equity engines handle up to 7 opponents).
MAX_PLAYERS = 8

_CHANCE, _PLAYER, _SIMULTANEOUS, _TERMINAL = Turn.CHANCE, Turn.PLAYER, Turn.SIMULTANEOUS, Turn.TERMINAL
_FOLD: tuple[str, ...] = ("fold",)
_FOLD_CALL: tuple[str, ...] = ("fold", "call")
_CHECK: tuple[str, ...] = ("check",)
_CALL_FOLD: tuple[str, ...] = ("call", "fold")
_TUPLE = tuple.__new__


# -- the state's fields: a step works on a mutable copy of them (`_Draft`), by name -------
DRAW, PUT_BACK, BET, SPIN, CALLS, OVER = "draw", "put-back", "bet", "spin", "calls", "over"
_NO_RAISE = range(0)


class Stats(NamedTuple):
    """A game's figures, hand by hand (folded from the per-hand notes: `fold_stats`)."""

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


#: One hand's note: ``(faces spun, a Gimel emptied the pot, pot at the end, someone was
#: all-in, the pot carried over, showdown, the trump decided, stacks after the payouts,
#: stacks at the start, button)``.
Note = tuple[tuple[str, ...], bool, int, bool, bool, bool, bool, tuple[int, ...], tuple[int, ...], int]


def fold_stats(t: Tables, notes: tuple[Note, ...]) -> Stats:
    """The game's figures from its hands' notes (oldest first): the counts column by column,
    the lead changes and the pot shares hand by hand (the shares summed in hand order)."""
    if not notes:
        return Stats()
    spun, gimel_end, pot_total, all_in, carried, showdown, trump, stacks, hand_start, button = zip(*notes)
    total = t.total_chips
    changes = 0
    leader = -1
    for after in stacks:
        top = max(after)
        if after.count(top) == 1:  # a single chip leader, else the last one stands
            first = after.index(top)
            if first != leader:
                changes += leader != -1
                leader = first
    # (in C, and the shares added one by one in hand order as a loop would: the same floats)
    share_sum = reduce(_ADD, map(truediv, pot_total, repeat(total)), 0.0)
    max_swing = max(map(abs, map(_SUB, chain.from_iterable(stacks), chain.from_iterable(hand_start))))
    button_net = sum(map(getitem, stacks, button)) - sum(map(getitem, hand_start, button))
    return Stats(sum(map(len, spun)), sum(map(t.pot_faces.__contains__, chain.from_iterable(spun))), sum(gimel_end),
                 share_sum, max(0.0, max(pot_total) / total), sum(all_in), sum(carried), sum(showdown), sum(trump),
                 changes, leader, max_swing, button_net)


class StateFields(NamedTuple):
    t: Tables
    hand_limit: int
    # what every seat observes (TwoDreidelGame.observation reads them by name)
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
    nodes: tuple[DeckNode, ...]  # each seat's deck now (after its draw this hand)
    start_nodes: tuple[DeckNode, ...]  # each seat's deck at the start of the hand
    hands: int
    seat: int
    outs: tuple[Drawn | None, ...]  # this hand's draws
    plans: tuple[Plan | None, ...]  # this hand's put-backs (kept hands, next decks)
    labs: tuple[Labels, ...]  # what each seat observes of its cards (drawn, kept, put back, deck at the start)
    high: int
    raise_by: int
    pending: int
    discards: tuple[tuple[str, ...], ...]
    hand_start: tuple[int, ...]
    all_in: bool
    cut: bool
    notes: tuple[Note, ...]
    log: EventLog
    # derived when the state is made (functions of the fields above)
    turn: Turn
    current_players: tuple[int, ...]
    legal: tuple[Any, ...]
    raises: range
    legals: tuple[tuple[Any, ...], ...]  # each seat's legal actions at a simultaneous step


class _Draft:
    """A step's working copy of a state: a mutable ``__slots__`` record of `StateFields`'
    fields, written by name by the transitions (``v.stacks = ...``). Unpacking the state into
    the slots and reading them back in one tuple are the cheapest named copy found (about
    half the cost of a dataclass's ``__init__`` and an ``attrgetter`` of every field;
    ``benchmarks/bench_named_state.py``); the order is checked against `StateFields` below."""

    __slots__ = StateFields._fields

    def __init__(self, state: StateFields) -> None:
        (self.t, self.hand_limit, self.hand_number, self.phase, self.button, self.stacks, self.alive,
         self.in_hand, self.contrib, self.pot, self.carry, self.bets, self.face, self.buy_in, self.spun,
         self.seen, self.visibility, self.step, self.nodes, self.start_nodes, self.hands, self.seat,
         self.outs, self.plans, self.labs, self.high, self.raise_by, self.pending, self.discards,
         self.hand_start, self.all_in, self.cut, self.notes, self.log, self.turn, self.current_players,
         self.legal, self.raises, self.legals) = state

    def state(self) -> TwoDreidelGame:
        """The new state made of the fields."""
        return _TUPLE(TwoDreidelGame, (self.t, self.hand_limit, self.hand_number, self.phase, self.button,
            self.stacks, self.alive, self.in_hand, self.contrib, self.pot, self.carry, self.bets, self.face,
            self.buy_in, self.spun, self.seen, self.visibility, self.step, self.nodes, self.start_nodes,
            self.hands, self.seat, self.outs, self.plans, self.labs, self.high, self.raise_by, self.pending,
            self.discards, self.hand_start, self.all_in, self.cut, self.notes, self.log, self.turn,
            self.current_players, self.legal, self.raises, self.legals))


def decks_of(nodes: tuple[DeckNode, ...]) -> tuple[DeckState, ...]:
    """The decks of deck nodes."""
    return tuple(node.chain for node in nodes)


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
        v: _Draft
        if ph == DRAW:
            v = _Draft(self)
            lines = _draw(v, action)
        elif ph == BET:
            ok = (action in self.raises if action.__class__ is int
                  else not isinstance(action, bool) and action in self.legal)
            if not ok:
                raise InputError(f"seat {self.seat + 1} cannot play {action!r} here; legal: {_short_legal(self.legal)}")
            v = _Draft(self)
            lines = _bet(v, action)
        elif ph == SPIN:
            if action not in self.t.face_weights:
                raise InputError(f"a spin lands on one of {', '.join(f for f, _w in self.t.faces)}, got {action!r}")
            v = _Draft(self)
            lines = _spin(v, action)
        elif ph == OVER:
            raise InputError("the game is over: no more actions")
        else:
            raise InputError(f"the {ph} step is simultaneous: use apply_joint with every seat's choice")
        v.log = v.log.add_lazy(lines)
        return v.state()

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
        v = _Draft(self)
        lines = _put_back(v, actions, seats) if ph == PUT_BACK else _calls(v, actions, seats)
        v.log = v.log.add_lazy(lines)
        return v.state()

    def run_turns(self, chance: Sampler, decide: Callable[[int, Any, Sequence[Any]], Any], max_steps: int, *,
                  log: bool = True, observes: Callable[[int, Sequence[Any]], bool] | None = None,
                  seats: Sequence[tuple[Any, Sampler]] | None = None) -> tuple[TwoDreidelGame, int]:
        """The runner's batch path (`dreidelpoker.play.runner`): from the start of a hand, play
        the game to its end in one loop over plain values (``whole_game.batch.play_hands``),
        when nobody reads the log and every seat's bot offers a ``plain_policy``
        (``whole_game.batch.PlainPolicy``: the ``random``, ``calling-station`` and ``tight``
        bots do). The same draws from the same
        samplers give the same final state as the steps one by one, but for its log (this
        state's); checked game for game in ``tests/test_two_dreidel_batch.py``.

        Parameters:
            chance: the game's chance sampler.
            decide: the runner's bot call (not used: the loop asks each seat's policy).
            max_steps: the most steps to apply; the loop declines when the hands left might take more.
            log: write the log (``True``: the loop declines).
            observes: where each bot reads its observation (not used: policies read plain values).
            seats: each seat's bot and sampler (``None``: the loop declines).

        Returns:
            The final state and the steps applied, or this state and 0 where the loop declines
            (the runner then plays the steps one by one).
        """
        if log or seats is None or self.phase != DRAW or any(o is not None for o in self.outs):
            return self, 0
        policies = [getattr(bot, "plain_policy", None) for bot, _rng in seats]
        t = self.t
        if any(p is None for p in policies) or hand_steps_bound(t) * (self.hand_limit - self.hands) > max_steps:
            return self, 0
        fields, steps = play_hands(self, chance, policies, [rng for _bot, rng in seats])  # type: ignore[arg-type]
        return self._replace(phase=OVER, turn=_TERMINAL, current_players=(), legal=(), raises=_NO_RAISE,
                             legals=t.empties, **fields), steps

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
        bets = self.bets
        c = self.high - bets[player]
        drawn, hand, put_back, deck = self.labs[player]
        # every field read by name, in TwoDreidelObservation's order (a keyword call would cost
        # a tenth of a whole game's speed: bots ask for an observation at every decision)
        return _TUPLE(TwoDreidelObservation, (
            player, self.hand_number, self.phase, self.button, self.stacks, self.alive, self.in_hand, self.contrib,
            self.pot, self.carry, bets, c if c > 0 else 0, self.face, self.buy_in, self.spun,
            drawn, hand, put_back, deck, self.seen, self.visibility, self.step))


# the working copy names every field in `StateFields`' order (a field out of place would
# move a value into another field of every next state)
_NAMES = StateFields._make(StateFields._fields)
if _Draft(_NAMES).state() != _NAMES:
    raise RuntimeError("play._Draft lists the state's fields out of StateFields' order")


# -- transitions: each works on ``v``, a working copy of the state's fields (`_Draft`), and
# returns the step's log lines; a transition that enters a phase sets the state's turn, current players
# and legal actions (``_offer`` for a betting decision); ``apply`` makes the one new state.
def _to_act(v: _Draft, t: Tables, pending: int, after: int, stacks: tuple[int, ...], bets: tuple[int, ...],
            high: int, live: tuple[bool, ...]) -> bool:
    """Find the next pending seat after ``after`` that has a decision (a bet to face, or someone
    left to bet against; the seats passed over leave the pending set) and offer it its legal
    actions: fold/call (the short-stack rule,
    [`call_payment`][dreidelpoker.games.two_dreidel.rulebook.betting.call_payment]) or check, then the bet sizes
    (no-limit: [`bet_range`][dreidelpoker.games.two_dreidel.rulebook.betting.bet_range]). ``False``:
    nobody is left to act, the round is over."""
    if not pending:
        return False
    for i in t.order[after]:
        if pending >> i & 1:
            s = stacks[i]
            c = high - bets[i]
            raises = bet_range(stack=s, to_call=c, min_raise=v.raise_by, bets=bets, stacks=stacks, live=live, seat=i)
            if c > 0:
                base = _FOLD if (t.short_fold and call_payment(s, c, rules=t.rules) is None) else _FOLD_CALL
            elif raises:  # nothing to call, and chips to bet against someone still in
                base = _CHECK
            else:
                pending &= ~(1 << i)
                continue
            v.seat, v.pending, v.current_players = i, pending, t.ones[i]
            v.legal, v.raises = (base + tuple(raises), raises) if raises else (base, raises)
            return True
    return False


def _draw(v: _Draft, action: str) -> Sequence[LazyEvent]:
    t: Tables = v.t
    seat = v.seat
    nodes = v.nodes
    node = nodes[seat]
    info = node.info or t.draws_of(node)
    o = info.after.get(action)
    if o is None:
        raise InputError(f"seat {seat + 1} cannot draw {action!r} from its deck; possible draws: "
                         f"{', '.join(lab for lab, _w in info.outcomes)}")
    new_nodes = list(nodes)
    new_nodes[seat] = o.node
    outs = list(v.outs)
    outs[seat] = o
    labs = list(v.labs)
    labs[seat] = o.labs
    v.nodes, v.outs, v.labs = tuple(new_nodes), tuple(outs), tuple(labs)
    alive = v.alive
    if seat != v.button:
        v.seat = (t.nexts.get(alive) or t.next_seats(alive))[seat]  # type: ignore[assignment]  # (a seat is left)
        return o.lines[seat]  # (the next seat still in draws: the phase and turn stay)
    if t.put_back:
        v.phase, v.turn = PUT_BACK, _SIMULTANEOUS
        v.current_players = t.seat_sets.get(alive) or t.seats(alive)
        v.legals = tuple(() if d is None else d.choices for d in outs)
        return o.lines[seat]
    # nothing to put back: every seat keeps what it drew
    plans = tuple(None if d is None else d.plan(None) for d in outs)
    v.plans = plans
    v.labs = tuple(seen if p is None else p.labs for p, seen in zip(plans, v.labs))
    lines = list(o.lines[seat])
    _streets(v, 0, lines)
    return lines


def _put_back(v: _Draft, actions: Mapping[int, str], seats: tuple[int, ...]) -> list[LazyEvent]:
    outs = v.outs
    plans = list(v.plans)
    labs = list(v.labs)
    lines: list[LazyEvent] = []
    for s in seats:
        o: Drawn = outs[s]  # type: ignore[assignment]  # (every choosing seat has drawn)
        lab = actions[s]
        p = o.plans.get(lab) or o.plan(lab)
        plans[s] = p
        labs[s] = p.labs
        lines.append(p.lines[s])
    lines.append(_EVERY_PUT_BACK)
    v.plans, v.labs, v.legals = tuple(plans), tuple(labs), v.t.empties
    _streets(v, 0, lines)
    return lines


_EVERY_PUT_BACK: LazyEvent = ("put-back", None, True, (), "every player puts back a card face down", ())


def _streets(v: _Draft, step: int, lines: list[LazyEvent]) -> None:
    """Enter street ``step`` (skipping betting rounds nobody can bet in); showdown after the last."""
    t: Tables = v.t
    steps = t.steps
    stacks, in_hand, button = v.stacks, v.in_hand, v.button
    while step < len(steps):
        if steps[step] == "spin":
            v.phase, v.step, v.seat = SPIN, step, button
            v.turn, v.current_players, v.legal, v.raises = _CHANCE, (), (), _NO_RAISE
            return
        bets = t.zeros
        high = 0
        if step == 0 and t.opening_bet:  # the blind is a live bet of the opening round
            high = v.contrib[button]
            if high:
                b = list(bets)
                b[button] = high
                bets = tuple(b)
        pending = (t.masks.get(in_hand) or t.mask(in_hand))
        if 0 in stacks:
            pending = _with_chips(pending, stacks)
        raise_by, v.raise_by = v.raise_by, t.min_bet
        if _to_act(v, t, pending, button, stacks, bets, high, in_hand):
            v.phase, v.step, v.bets, v.high, v.turn = BET, step, bets, high, _PLAYER
            return
        v.raise_by = raise_by  # (nobody can bet in this round)
        step += 1
    _showdown(v, lines)


def _with_chips(pending: int, stacks: tuple[int, ...]) -> int:
    """The seats of ``pending`` that still have chips."""
    for j, s in enumerate(stacks):
        if not s:
            pending &= ~(1 << j)
    return pending


def _bet(v: _Draft, action: Any) -> list[LazyEvent]:
    t: Tables = v.t
    i = v.seat
    stacks, bets, in_hand, high = v.stacks, v.bets, v.in_hand, v.high
    lines: list[LazyEvent]
    if action == "check":  # nothing moves: no chips, nobody leaves the hand
        # (the seat to act always has chips: a check or a fold never puts it all-in)
        lines = [("bet", i, True, (), "seat {} checks (pot {})", (i + 1, v.pot))]
        if not _to_act(v, t, v.pending & ~(1 << i), i, stacks, bets, high, in_hand):
            _streets(v, v.step + 1, lines)
        return lines
    pending = v.pending & ~(1 << i)
    if action == "fold":
        folded = list(in_hand)
        folded[i] = False  # (the acting seat is in the hand)
        in_hand = v.in_hand = tuple(folded)
        lines = [("bet", i, True, (), "seat {} folds (pot {})", (i + 1, v.pot))]
        if in_hand.count(True) == 1:
            _win_alone(v, in_hand.index(True), "everyone else folded", lines)
            return lines
    else:
        b = bets[i]
        left = stacks[i]
        # a call is offered only when the short-stack rule lets the seat pay (all-in for less or in full)
        pay = (call_payment(left, high - b, rules=t.rules) or 0) if action == "call" else int(action)
        left -= pay
        b += pay
        new = list(stacks)
        new[i] = left
        stacks = tuple(new)
        new = list(bets)
        new[i] = b
        bets = tuple(new)
        new = list(v.contrib)
        new[i] += pay
        pot = v.pot + pay
        v.stacks, v.contrib, v.bets, v.pot = stacks, tuple(new), bets, pot
        allin = "" if left else ", all-in"
        if action == "call":
            lines = [("bet", i, True, (), "seat {} calls {}{} (pot {})", (i + 1, pay, allin, pot))]
        else:
            if b - high >= v.raise_by:
                v.raise_by = b - high
            lines = [("bet", i, True, (), "seat {} {} {} (to {}){} (pot {})",
                           (i + 1, "bets" if high == 0 else "raises", pay, b, allin, pot))]
            v.high = high = b
            pending = (t.masks.get(in_hand) or t.mask(in_hand)) & ~(1 << i)
            if 0 in stacks:
                pending = _with_chips(pending, stacks)
        if not left:
            v.all_in = True
    if not _to_act(v, t, pending, i, stacks, bets, high, in_hand):
        _streets(v, v.step + 1, lines)
    return lines


def _spin(v: _Draft, face: str) -> list[LazyEvent]:
    t: Tables = v.t
    pot = v.pot
    buy_in = t.buy_ins.get((face, pot))
    if buy_in is None:
        buy_in = t.buy_in(face, pot)
    in_hand = v.in_hand
    v.phase, v.face, v.buy_in, v.spun = CALLS, face, buy_in, v.spun + (face,)
    v.turn, v.current_players = _SIMULTANEOUS, t.seats(in_hand)
    if t.short_fold:  # the short-stack rule leaves a seat that cannot pay only a fold
        stacks, r = v.stacks, t.rules
        v.legals = tuple(() if not a else _FOLD if call_payment(stacks[s], buy_in, rules=r) is None else _CALL_FOLD
                           for s, a in enumerate(in_hand))
    else:
        v.legals = t.call_sets.get(in_hand) or t.calls(in_hand)
    lines: list[LazyEvent] = [("spin", None, True, (), "seat {} spins {}: buy-in {} (pot {})",
                               (v.button + 1, t.face_names[face], buy_in, pot))]
    return lines


def _calls(v: _Draft, actions: Mapping[int, str], seats: tuple[int, ...]) -> list[LazyEvent]:
    t: Tables = v.t
    before = v.stacks
    stacks = list(before)
    contrib = list(v.contrib)
    buy_in = v.buy_in
    pot = v.pot
    r = t.rules
    called = list(t.falses)
    callers = 0
    last = -1
    for s in seats:
        if actions[s] == "call":
            called[s] = True
            callers += 1
            last = s
            have = stacks[s]
            pay = call_payment(have, buy_in, rules=r) or 0  # (a seat that may only fold cannot call)
            stacks[s] = have - pay
            contrib[s] += pay
            pot += pay
            if pay == have and buy_in > 0:  # all-in (for less, or exactly)
                v.all_in = True
    in_hand = tuple(called)
    lines: list[LazyEvent] = [("calls", None, True, (), _calls_text, (seats, in_hand, before, buy_in))]
    v.stacks, v.contrib, v.pot, v.legals, v.in_hand = tuple(stacks), tuple(contrib), pot, t.empties, in_hand
    if callers > 1:
        _streets(v, v.step + 1, lines)
    elif callers:
        _win_alone(v, last, "the only caller", lines, gimel_end=v.face in t.pot_faces)
    else:
        _end_hand(v, pot, None, ("nobody calls: the pot carries over", ()), lines, gimel_end=v.face in t.pot_faces)
    return lines


def _calls_text(seats: tuple[int, ...], called: tuple[bool, ...], stacks: tuple[int, ...], buy_in: int) -> str:
    return "cards revealed: " + ", ".join(
        f"seat {s + 1} calls" + (" (all-in for less)" if stacks[s] < buy_in else "") if called[s] else f"seat {s + 1} folds"
        for s in seats)


def _short_legal(legal: Sequence[Any]) -> str:
    words = [repr(a) for a in legal if isinstance(a, str)]
    ints = [a for a in legal if is_whole_number(a)]
    if ints:
        words.append(f"a bet or raise of {ints[0]} to {ints[-1]} chips" if len(ints) > 1 else f"a raise of {ints[0]}")
    return ", ".join(words)


# -- the end of a hand and the start of the next (rules steps 6-7): settlement, discards,
# the hand's note, elimination, the next hand's button and blind ---------------------------
_BLANK = attrgetter("blank")


def _win_alone(v: _Draft, seat: int, why: str, lines: list[LazyEvent], *, gimel_end: bool = False) -> None:
    """The only player left wins every pot they may win (the side-pot rule,
    [`award`][dreidelpoker.games.two_dreidel.rulebook.betting.award]: every seat's contribution up to
    the winner's, and the carried pot); the rest carries over."""
    payouts, leftover = award(v.contrib, seat, v.carry)
    won = payouts[seat]
    note = ("seat {} wins {} ({}){}", (seat + 1, won, why,
                                       f"; {leftover} nobody still in may win carry over" if leftover else ""))
    _end_hand(v, leftover, payouts, note, lines, gimel_end=gimel_end)


def _showdown(v: _Draft, lines: list[LazyEvent]) -> None:
    """Showdown among the players still in, pot by pot (`showdown`)."""
    t: Tables = v.t
    plans, in_hand = v.plans, v.in_hand
    kept = tuple(None if p is None else p.kept for p in plans)
    payouts, leftover, trump = t.showdown(kept, v.contrib, in_hand, v.carry, v.button)
    note = (_showdown_text, (t, kept, in_hand, payouts, trump, leftover))
    _end_hand(v, leftover, payouts, note, lines, showdown=True, trump=trump)


def _showdown_text(t: Tables, kept: tuple[Hand | None, ...], in_hand: tuple[bool, ...], payouts: tuple[int, ...],
                   trump: bool, leftover: int) -> str:
    shown = [(i + 1, t.label(h)) for i, h in enumerate(kept) if in_hand[i] and h is not None]
    won = ", ".join(f"seat {i + 1} wins {p}" for i, p in enumerate(payouts) if p)
    note = f"showdown: {', '.join(f'seat {s} {lab}' for s, lab in shown)}; {won}" + (" (the trump decides)" if trump else "")
    return note + (f"; {leftover} carry over" if leftover else "")


def _discards_text(seats: tuple[int, ...], plans: tuple[Plan, ...]) -> str:
    return "discards: " + ", ".join(f"seat {i + 1} {plans[i].klab}" for i in seats)


def _hand_text(number: int, seat: int, blind: int, all_in: bool) -> str:
    posts = (f" and posts a blind of {blind}" + (" (all-in)" if all_in else "")) if blind else ""
    return f"hand {number}: seat {seat} has the button{posts}"


def _end_hand(v: _Draft, carry: int, payouts: Sequence[int] | None, note: tuple[Any, tuple[Any, ...]],
             lines: list[LazyEvent], *, gimel_end: bool = False, showdown: bool = False, trump: bool = False) -> None:
    """Pay ``payouts`` (``None``: the pot carries over), discard, note the hand, eliminate, and
    end the game or start the next hand; ``carry`` chips stay in the middle."""
    t: Tables = v.t
    stacks = tuple(map(_ADD, v.stacks, payouts)) if payouts is not None else v.stacks
    lines.append(("result", None, True, (), note[0], note[1]))
    alive = v.alive
    seats = t.seat_sets.get(alive) or t.seats(alive)
    plans = v.plans
    nodes = list(v.nodes)
    discards = list(v.discards)
    for i in seats:  # each seat's deck for the next hand; the kept hand goes on its discard pile
        p: Plan = plans[i]  # type: ignore[assignment]  # (every seat still in has a plan)
        nodes[i] = p.next
        discards[i] += p.shown
    lines.append(("discard", None, True, (), _discards_text, (seats, plans)))
    v.notes += ((v.spun, gimel_end, v.pot, v.all_in, payouts is None, showdown, trump, stacks, v.hand_start,
                  v.button),)
    # elimination (nobody is out while the carried pot holds every chip)
    left = seats
    if stacks.count(0) > t.players - len(seats):
        busted = [i for i in seats if not stacks[i]]
        if len(busted) < len(seats):
            out = list(alive)
            for i in busted:
                out[i] = False
                lines.append(("out", i, True, (), "seat {} has no chips and is out", (i + 1,)))
            alive = tuple(out)
            left = t.seats(alive)
    hands = v.hands + 1
    new_discards = tuple(discards)
    v.alive = v.in_hand = alive
    v.nodes, v.discards, v.hands, v.carry = tuple(nodes), new_discards, hands, carry
    v.seen = new_discards if t.visibility == "all" else tuple(hs[-1:] for hs in new_discards)
    v.pending, v.contrib, v.bets, v.high, v.pot, v.hand_number = 0, t.zeros, t.zeros, 0, carry, hands + 1
    if len(left) == 1:
        w = left[0]
        won = list(stacks)
        won[w] += carry
        lines.append(("end", w, True, (), "seat {} holds every chip and wins after {} hands", (w + 1, hands)))
        v.stacks, v.carry, v.pot, v.phase = tuple(won), 0, 0, OVER
        _over(v)
        return
    v.stacks = stacks
    if hands >= v.hand_limit:
        lines.append(("end", None, True, (), "the hand limit ({}) is reached: the game is cut short", (v.hand_limit,)))
        v.phase, v.cut = OVER, True
        _over(v)
        return
    button = (t.nexts.get(alive) or t.next_seats(alive))[v.button]
    assert button is not None
    _start_hand(v, button, lines)


def _start_hand(v: _Draft, button: int, lines: list[LazyEvent]) -> None:
    """The button posts the blind; the first seat left of the button draws."""
    t: Tables = v.t
    before = v.stacks
    have = before[button]
    blind = t.blind if t.blind < have else have
    stacks, contrib = before, t.zeros
    if blind:
        s, c = list(before), list(contrib)
        s[button] -= blind
        c[button] = blind
        stacks, contrib = tuple(s), tuple(c)
    all_in = blind > 0 and stacks[button] == 0
    lines.append(("hand", button, True, (), _hand_text, (v.hands + 1, button + 1, blind, all_in)))
    alive = v.alive
    first = (t.nexts.get(alive) or t.next_seats(alive))[button]
    v.stacks, v.button, v.phase, v.step = stacks, button, DRAW, 0
    v.seat = first if first is not None else button
    v.outs = v.plans = t.nones
    v.labs = tuple(map(_BLANK, v.nodes))
    v.pot = v.carry + blind
    v.in_hand, v.contrib, v.bets, v.high, v.raise_by, v.pending = alive, contrib, t.zeros, 0, t.min_bet, 0
    v.face, v.buy_in, v.spun, v.hand_start, v.start_nodes = "", 0, (), before, v.nodes
    v.all_in = all_in
    v.turn, v.current_players, v.legal, v.raises, v.legals = _CHANCE, (), (), _NO_RAISE, t.empties


def _over(v: _Draft) -> None:
    v.turn, v.current_players, v.legal, v.raises, v.legals = _TERMINAL, (), (), _NO_RAISE, v.t.empties


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
    players = check_count(players, "players", low=2, high=MAX_PLAYERS, hint="Two Dreidel players")
    limit = 2_000 if hand_limit is None else hand_limit
    limit = check_count(limit, "hand_limit", low=1, high=None)
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
    v = _Draft(StateFields(**fields))
    lines: list[LazyEvent] = []
    _start_hand(v, 0, lines)
    v.log = v.log.add_lazy(lines)
    return v.state()


#: By player count, the rules object of the last game made, its tables and its first log line
#: (a simulation makes every game from one rules object: its checks are made once).
_LAST = ValueCache("dreidelpoker.games.two_dreidel.whole_game.play.new_game", maxsize=16)


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
