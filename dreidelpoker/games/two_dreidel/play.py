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
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..protocol import Event, EventLog, Payoff, Turn
from .betting import award, bet_range, showdown_payouts
from .deck import DeckState, counts_of, draw_weights, hypergeometric
from .ranking import Hand, format_hand
from .rules import STREET_SEQUENCES, TwoDreidelRules
from .spin import spin_buy_in
from ...errors import InputError

__all__ = ["MAX_PLAYERS", "TwoDreidelGame", "TwoDreidelObservation", "new_game"]

#: The most players at one table (the library's equity engines handle up to 7 opponents).
MAX_PLAYERS = 8

DRAW, PUT_BACK, BET, SPIN, CALLS, OVER = "draw", "put-back", "bet", "spin", "calls", "over"
_SET = object.__setattr__


# -- per-rules tables (shared by every state of a game, cached by value) -------------------
@dataclass
class _DrawInfo:
    outcomes: tuple[tuple[str, int], ...]
    cumulative: list[int]
    total: int
    by_label: dict[str, Any]


class _Tables:
    """Everything a state needs that depends only on the rules and the player count."""

    def __init__(self, rules: TwoDreidelRules, players: int) -> None:
        self.rules = rules
        self.players = players
        self.k = len(rules.symbols)
        self.steps = STREET_SEQUENCES[rules.streets]
        probs = rules.spin_probabilities
        if not all(p.is_number for p in probs):
            raise InputError("rules: a game can be played only with numeric spin probabilities, not symbols")
        fracs = [(int(p.p), int(p.q)) if p.is_Rational else _as_fraction(p) for p in probs]
        den = math.lcm(*(q for _p, q in fracs))
        self.faces: tuple[tuple[str, int], ...] = tuple(
            (f, p * (den // q)) for f, (p, q) in zip(rules.spin_faces, fracs) if p)
        self.face_total = sum(w for _f, w in self.faces)
        self.face_cum = list(np.cumsum([w for _f, w in self.faces]))
        self.stack = rules.stack(players)
        self.total_chips = self.stack * players
        self.opening_bet = bool(self.steps) and self.steps[0] == "bet"
        self.min_bet = max(1, rules.blind)
        self.draws: dict[DeckState, _DrawInfo] = {}
        self.backs: dict[Hand, tuple[tuple[str, Hand, Hand], ...]] = {}
        self.labels: dict[Hand, str] = {}
        self.fresh = DeckState.fresh(rules)
        #: The faces whose buy-in is the whole pot (Gimel in the standard game).
        self.pot_faces = frozenset(f for f, b in zip(rules.spin_faces, rules.spin_buy_ins) if b == "pot")

    def draw_info(self, deck: DeckState) -> _DrawInfo:
        info = self.draws.get(deck)
        if info is None:
            outs, total = draw_weights(self.rules, deck)
            labelled = [(self.label(o.drawn), w, o) for o, w in outs]
            info = _DrawInfo(tuple((lab, w) for lab, w, _o in labelled),
                             list(np.cumsum([w for _l, w, _o in labelled])), total,
                             {lab: o for lab, _w, o in labelled})
            self.draws[deck] = info
        return info

    def label(self, hand: Hand) -> str:
        lab = self.labels.get(hand)
        if lab is None:
            lab = self.labels[hand] = format_hand(hand, self.rules)
        return lab

    def put_backs(self, drawn: Hand) -> tuple[tuple[str, Hand, Hand], ...]:
        """Distinct put-back choices ``(label, put back, kept)``, worst card back first."""
        got = self.backs.get(drawn)
        if got is None:
            counts = counts_of(drawn, self.k)
            out = []
            for vec, _w in sorted(hypergeometric(counts, self.rules.put_back)):
                back = tuple(i for i, c in enumerate(vec) for _ in range(c))
                kept = tuple(i for i, c in enumerate(counts) for _ in range(c - vec[i]))
                out.append((self.label(back), back, kept))
            got = self.backs[drawn] = tuple(out)
        return got


def _as_fraction(p: Any) -> tuple[int, int]:
    from fractions import Fraction

    f = Fraction(str(p)).limit_denominator(10**12)
    return f.numerator, f.denominator


_TABLES: dict[tuple[TwoDreidelRules, int], _Tables] = {}


def _tables(rules: TwoDreidelRules, players: int) -> _Tables:
    key = (rules, players)
    t = _TABLES.get(key)
    if t is None:
        if len(_TABLES) > 256:
            _TABLES.clear()
        t = _TABLES[key] = _Tables(rules, players)
    return t


# -- per-game figures ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Stats:
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
@dataclass(frozen=True, slots=True)
class TwoDreidelObservation:
    """What one seat may know (no link to the game state; never another seat's cards).

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
    """

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

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.stacks)

    @property
    def opponents_in_hand(self) -> tuple[int, ...]:
        """The other seats still in this hand."""
        return tuple(i for i, a in enumerate(self.in_hand) if a and i != self.seat)


# -- the state ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TwoDreidelGame:
    """A game of Two Dreidel in progress (a :class:`~dreidelpoker.games.protocol.GameState`).

    Immutable: :meth:`apply` and :meth:`apply_joint` return new states. Build the first
    state with :func:`new_game`.
    """

    t: _Tables = field(repr=False)
    hand_limit: int
    stacks: tuple[int, ...]
    alive: tuple[bool, ...]
    button: int
    decks: tuple[DeckState, ...]
    carry: int
    hands: int
    phase: str
    step: int
    seat: int
    drawn: tuple[Hand | None, ...]
    kept: tuple[Hand | None, ...]
    back: tuple[Hand | None, ...]
    in_hand: tuple[bool, ...]
    contrib: tuple[int, ...]
    bets: tuple[int, ...]
    high: int
    raise_by: int
    pending: int
    face: str
    buy_in: int
    spun: tuple[str, ...]
    discards: tuple[tuple[str, ...], ...]
    hand_start: tuple[int, ...]
    start_decks: tuple[DeckState, ...]
    all_in: bool
    cut: bool
    stats: _Stats = field(repr=False)
    log: EventLog = field(repr=False)

    # -- protocol properties --------------------------------------------------------------
    @property
    def rules(self) -> TwoDreidelRules:
        """The rules this game is played under."""
        return self.t.rules

    @property
    def num_players(self) -> int:
        return self.t.players

    @property
    def turn(self) -> Turn:
        return _TURNS[self.phase]

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def current_players(self) -> tuple[int, ...]:
        ph = self.phase
        if ph == BET:
            return (self.seat,)
        if ph == PUT_BACK:
            return tuple(i for i, a in enumerate(self.alive) if a)
        if ph == CALLS:
            return tuple(i for i, a in enumerate(self.in_hand) if a)
        return ()

    @property
    def rounds(self) -> int:
        """Hands completed."""
        return self.hands

    @property
    def truncated(self) -> bool:
        return self.cut

    @property
    def pot(self) -> int:
        """Every chip in the middle: this hand's contributions and the carried pot."""
        return self.carry + sum(self.contrib)

    # -- actions --------------------------------------------------------------------------
    def legal_actions(self, player: int) -> tuple[Any, ...]:
        ph = self.phase
        if ph == BET:
            if player != self.seat:
                return ()
            s = self.stacks[player]
            c = self.high - self.bets[player]
            short_fold = self.t.rules.short_stack == "fold"
            base: tuple[Any, ...]
            if c > 0:
                base = ("fold",) if (short_fold and s < c) else ("fold", "call")
            else:
                base = ("check",)
            raises = bet_range(stack=s, to_call=c, min_raise=self.raise_by, bets=self.bets, stacks=self.stacks,
                               live=self.in_hand, seat=player)
            return base + tuple(raises) if raises else base
        if ph == PUT_BACK:
            d = self.drawn[player] if self.alive[player] else None
            return () if d is None else tuple(lab for lab, _b, _k in self.t.put_backs(d))
        if ph == CALLS:
            if not self.in_hand[player]:
                return ()
            if self.t.rules.short_stack == "fold" and self.stacks[player] < self.buy_in:
                return ("fold",)
            return ("call", "fold")
        return ()

    def chance_outcomes(self) -> tuple[tuple[str, int], ...]:
        if self.phase == DRAW:
            return self.t.draw_info(self.decks[self.seat]).outcomes
        if self.phase == SPIN:
            return self.t.faces
        return ()

    def sample_chance(self, rng: np.random.Generator) -> str:
        """A chance outcome drawn with the weights of :meth:`chance_outcomes` (fast path)."""
        if self.phase == DRAW:
            info = self.t.draw_info(self.decks[self.seat])
            r = int(rng.integers(info.total))
            return info.outcomes[bisect.bisect_right(info.cumulative, r)][0]
        t = self.t
        r = int(rng.integers(t.face_total))
        return t.faces[bisect.bisect_right(t.face_cum, r)][0]

    def apply(self, action: Any) -> TwoDreidelGame:
        ph = self.phase
        if ph == DRAW:
            return self._draw(action)
        if ph == SPIN:
            return self._spin(action)
        if ph == BET:
            return self._bet(action)
        if ph == OVER:
            raise InputError("the game is over: no more actions")
        raise InputError(f"the {ph} step is simultaneous: use apply_joint with every seat's choice")

    def apply_joint(self, actions: Mapping[int, Any]) -> TwoDreidelGame:
        ph = self.phase
        if ph != PUT_BACK and ph != CALLS:
            raise InputError(f"apply_joint: nothing simultaneous happens at the {ph} step")
        seats = self.current_players
        if set(actions) != set(seats):
            raise InputError(f"apply_joint: expected a choice from seats {[s + 1 for s in seats]}, "
                             f"got seats {sorted(s + 1 for s in actions)}")
        for s in seats:
            if actions[s] not in self.legal_actions(s):
                raise InputError(f"seat {s + 1} chose {actions[s]!r}, not legal at the {ph} step; "
                                 f"legal: {', '.join(map(repr, self.legal_actions(s)))}")
        return self._put_back(actions) if ph == PUT_BACK else self._calls(actions)

    def returns(self) -> tuple[Payoff, ...]:
        """Chips won minus chips brought: ``stack - starting stack`` (the carried pot counts
        for nobody until someone wins it)."""
        start = self.t.stack
        return tuple(s - start for s in self.stacks)

    def observation(self, player: int) -> TwoDreidelObservation:
        t = self.t
        vis = t.rules.discard_visibility
        if vis == "all":
            disc = self.discards
        else:
            disc = tuple(hs[-1:] for hs in self.discards)
        d, k, b = self.drawn[player], self.kept[player], self.back[player]
        return TwoDreidelObservation(
            player, self.hands + 1, self.phase, self.button, self.stacks, self.alive, self.in_hand, self.contrib,
            self.carry + sum(self.contrib), self.carry, self.bets, max(0, self.high - self.bets[player]),
            self.face, self.buy_in, self.spun, "" if d is None else t.label(d), "" if k is None else t.label(k),
            "" if b is None else t.label(b), self.start_decks[player], disc, vis, self.step)

    # -- internals --------------------------------------------------------------------------
    def _copy(self, **changes: Any) -> TwoDreidelGame:  # replaced below by a generated fast copy
        raise NotImplementedError

    def _draw(self, action: str) -> TwoDreidelGame:
        t = self.t
        seat = self.seat
        info = t.draw_info(self.decks[seat])
        outcome = info.by_label.get(action)
        if outcome is None:
            raise InputError(f"seat {seat + 1} cannot draw {action!r} from its deck; possible draws: "
                             f"{', '.join(lab for lab, _w in info.outcomes)}")
        decks = list(self.decks)
        decks[seat] = DeckState.trusted(outcome.deck_after, (), outcome.discard_after)
        drawn = list(self.drawn)
        drawn[seat] = outcome.drawn
        text = f"seat {seat + 1} draws {action}" + (" (after a reshuffle)" if outcome.reshuffled else "")
        log = self.log.add(Event("draw", text, seat, False, (seat,)))
        if outcome.reshuffled:
            log = log.add(Event("reshuffle", f"seat {seat + 1} reshuffles the discard pile", seat))
        nxt = None if seat == self.button else _next_alive(self.alive, seat)
        changes: dict[str, Any] = {"decks": tuple(decks), "drawn": tuple(drawn), "log": log}
        if nxt is not None:
            return self._copy(seat=nxt, **changes)
        if t.rules.put_back:
            return self._copy(phase=PUT_BACK, **changes)
        kept = tuple(drawn)
        return self._copy(kept=kept, back=tuple(() if d is not None else None for d in drawn), **changes)._streets(0)

    def _put_back(self, actions: Mapping[int, str]) -> TwoDreidelGame:
        t = self.t
        kept = list(self.kept)
        back = list(self.back)
        log = self.log
        for s in sorted(actions):
            d = self.drawn[s]
            assert d is not None
            for lab, b, k in t.put_backs(d):
                if lab == actions[s]:
                    kept[s], back[s] = k, b
                    log = log.add(Event("put-back", f"seat {s + 1} puts back {lab}, keeps {t.label(k)}", s, False, (s,)))
                    break
        log = log.add(Event("put-back", "every player puts back a card face down"))
        return self._copy(kept=tuple(kept), back=tuple(back), log=log)._streets(0)

    def _streets(self, step: int, **changes: Any) -> TwoDreidelGame:
        """Enter street ``step`` (skipping betting rounds nobody can bet in); showdown after the
        last. ``changes`` are applied to the state in the same copy."""
        t = self.t
        steps = t.steps
        n = t.players
        stacks = changes.get("stacks", self.stacks)
        in_hand = changes.get("in_hand", self.in_hand)
        while step < len(steps):
            if steps[step] == "spin":
                return self._copy(phase=SPIN, step=step, seat=self.button, **changes)
            bets = [0] * n
            high = 0
            if step == 0 and t.opening_bet:  # the blind is a live bet of the opening round
                contrib = changes.get("contrib", self.contrib)
                high = bets[self.button] = contrib[self.button]
            pending = 0
            for i in range(n):
                if in_hand[i] and stacks[i] > 0:
                    pending |= 1 << i
            found = _next_actor(pending, self.button, stacks, bets, high, in_hand)
            if found is not None:
                return self._copy(phase=BET, step=step, bets=tuple(bets), high=high, raise_by=t.min_bet,
                                  seat=found[0], pending=found[1], **changes)
            step += 1
        return (self._copy(**changes) if changes else self)._showdown()

    def _bet(self, action: Any) -> TwoDreidelGame:
        i = self.seat
        legal = self.legal_actions(i)
        if action not in legal or isinstance(action, bool):
            raise InputError(f"seat {i + 1} cannot play {action!r} here; legal: {_short_legal(legal)}")
        stacks = list(self.stacks)
        contrib = list(self.contrib)
        bets = list(self.bets)
        in_hand = self.in_hand
        high, raise_by = self.high, self.raise_by
        pending = self.pending & ~(1 << i)
        c = high - bets[i]
        if action == "fold":
            in_hand = tuple(a and j != i for j, a in enumerate(in_hand))
            text = f"seat {i + 1} folds"
        elif action == "check":
            text = f"seat {i + 1} checks"
        else:
            pay = min(c, stacks[i]) if action == "call" else int(action)
            stacks[i] -= pay
            contrib[i] += pay
            bets[i] += pay
            if action == "call":
                text = f"seat {i + 1} calls {pay}"
            else:
                inc = bets[i] - high
                if inc >= raise_by:
                    raise_by = inc
                text = f"seat {i + 1} {'bets' if high == 0 else 'raises'} {pay} (to {bets[i]})"
                high = bets[i]
                pending = 0
                for j, a in enumerate(in_hand):
                    if a and j != i and stacks[j] > 0:
                        pending |= 1 << j
            if stacks[i] == 0:
                text += ", all-in"
        pot = self.carry + sum(contrib)
        new_stacks, new_bets = tuple(stacks), tuple(bets)
        changes: dict[str, Any] = dict(
            stacks=new_stacks, contrib=tuple(contrib), bets=new_bets, in_hand=in_hand,
            all_in=self.all_in or stacks[i] == 0, log=self.log.add(Event("bet", f"{text} (pot {pot})", i)))
        if sum(in_hand) == 1:
            return self._copy(**changes)._win_alone(in_hand.index(True), "everyone else folded")
        found = _next_actor(pending, i, new_stacks, new_bets, high, in_hand)
        if found is not None:
            return self._copy(high=high, raise_by=raise_by, seat=found[0], pending=found[1], **changes)
        return self._streets(self.step + 1, **changes)

    def _spin(self, face: str) -> TwoDreidelGame:
        t = self.t
        if face not in dict(t.faces):
            raise InputError(f"a spin lands on one of {', '.join(f for f, _w in t.faces)}, got {face!r}")
        pot = self.pot
        buy_in = spin_buy_in(face, pot, t.rules)
        name = t.rules.symbol_names[t.rules.symbols.index(face)] if face in t.rules.symbols else face
        st = self.stats
        stats = _replace_stats(st, spins=st.spins + 1, gimels=st.gimels + (face in t.pot_faces))
        log = self.log.add(Event("spin", f"seat {self.button + 1} spins {name}: buy-in {buy_in} (pot {pot})"))
        return self._copy(phase=CALLS, face=face, buy_in=buy_in, spun=self.spun + (face,), stats=stats, log=log)

    def _calls(self, actions: Mapping[int, str]) -> TwoDreidelGame:
        stacks = list(self.stacks)
        contrib = list(self.contrib)
        callers = [s for s in sorted(actions) if actions[s] == "call"]
        parts = []
        all_in = self.all_in
        for s in sorted(actions):
            if actions[s] == "call":
                pay = min(self.buy_in, stacks[s])
                stacks[s] -= pay
                contrib[s] += pay
                short = " (all-in for less)" if pay < self.buy_in else ""
                all_in = all_in or (stacks[s] == 0 and self.buy_in > 0)
                parts.append(f"seat {s + 1} calls{short}")
            else:
                parts.append(f"seat {s + 1} folds")
        in_hand = tuple(i in callers for i in range(self.t.players))
        st = self.stats
        ends = len(callers) <= 1 and self.face in self.t.pot_faces
        state = self._copy(stacks=tuple(stacks), contrib=tuple(contrib), in_hand=in_hand, all_in=all_in,
                           stats=_replace_stats(st, gimel_ends=st.gimel_ends + ends) if ends else st,
                           log=self.log.add(Event("calls", "cards revealed: " + ", ".join(parts))))
        if not callers:
            return state._end_hand(carry=state.pot, payouts=None, note="nobody calls: the pot carries over")
        if len(callers) == 1:
            return state._win_alone(callers[0], "the only caller")
        return state._streets(self.step + 1)

    def _win_alone(self, seat: int, why: str) -> TwoDreidelGame:
        payouts, leftover = award(self.contrib, seat, self.carry)
        note = f"seat {seat + 1} wins {payouts[seat]} ({why})"
        if leftover:
            note += f"; {leftover} nobody still in may win carry over"
        return self._end_hand(carry=leftover, payouts=payouts, note=note)

    def _showdown(self) -> TwoDreidelGame:
        t = self.t
        payouts, leftover, trump = showdown_payouts(t.rules, self.kept, self.contrib, self.in_hand, carry=self.carry,
                                                    button=self.button)
        shown = ", ".join(f"seat {i + 1} {t.label(h)}" for i, h in enumerate(self.kept)
                          if self.in_hand[i] and h is not None)
        won = ", ".join(f"seat {i + 1} wins {p}" for i, p in enumerate(payouts) if p)
        st = self.stats
        stats = _replace_stats(st, showdowns=st.showdowns + 1, trump_showdowns=st.trump_showdowns + trump)
        note = f"showdown: {shown}; {won}" + (" (the trump decides)" if trump else "")
        if leftover:
            note += f"; {leftover} carry over"
        return self._copy(stats=stats)._end_hand(carry=leftover, payouts=payouts, note=note)

    def _end_hand(self, *, carry: int, payouts: list[int] | None, note: str) -> TwoDreidelGame:
        t = self.t
        n = t.players
        pot_total = self.pot
        stacks = list(self.stacks)
        if payouts is not None:
            for i, p in enumerate(payouts):
                stacks[i] += p
        log = self.log.add(Event("result", note))
        decks = list(self.decks)
        discards = list(self.discards)
        shown = []
        for i in range(n):
            if not self.alive[i]:
                continue
            kept, back = self.kept[i], self.back[i]
            assert kept is not None and back is not None
            deck = decks[i]
            decks[i] = DeckState.trusted(tuple(d + b for d, b in zip(deck.deck, counts_of(back, t.k))), tuple(sorted(back)),
                                  tuple(d + h for d, h in zip(deck.discard, counts_of(kept, t.k))))
            discards[i] = discards[i] + (t.label(kept),)
            shown.append(f"seat {i + 1} {t.label(kept)}")
        log = log.add(Event("discard", "discards: " + ", ".join(shown)))
        # figures of the hand
        st = self.stats
        swing = max(abs(a - b) for a, b in zip(stacks, self.hand_start))
        share = pot_total / t.total_chips
        top = max(stacks)
        leaders = [i for i, s in enumerate(stacks) if s == top]
        leader = leaders[0] if len(leaders) == 1 else st.leader
        changes = st.lead_changes + (leader != st.leader and st.leader != -1 and len(leaders) == 1)
        stats = _replace_stats(
            st, pot_share_sum=st.pot_share_sum + share, pot_share_max=max(st.pot_share_max, share),
            all_in_hands=st.all_in_hands + self.all_in, carries=st.carries + (payouts is None),
            lead_changes=changes, leader=leader, max_swing=max(st.max_swing, swing),
            button_net=st.button_net + stacks[self.button] - self.hand_start[self.button])
        # elimination (nobody is out while the carried pot holds every chip)
        alive = list(self.alive)
        if any(stacks[i] > 0 for i in range(n) if alive[i]):
            for i in range(n):
                if alive[i] and stacks[i] == 0:
                    alive[i] = False
                    log = log.add(Event("out", f"seat {i + 1} has no chips and is out", i))
        hands = self.hands + 1
        left = [i for i in range(n) if alive[i]]
        base = dict(stacks=tuple(stacks), alive=tuple(alive), decks=tuple(decks), discards=tuple(discards),
                    hands=hands, stats=stats, carry=carry, in_hand=tuple(alive), pending=0,
                    contrib=(0,) * n, bets=(0,) * n, high=0)
        if len(left) == 1:
            w = left[0]
            stacks[w] += carry
            log = log.add(Event("end", f"seat {w + 1} holds every chip and wins after {hands} hands", w))
            return self._copy(phase=OVER, log=log, **{**base, "stacks": tuple(stacks), "carry": 0})
        if hands >= self.hand_limit:
            log = log.add(Event("end", f"the hand limit ({self.hand_limit}) is reached: the game is cut short"))
            return self._copy(phase=OVER, cut=True, log=log, **base)
        button = _next_alive(tuple(alive), self.button)
        assert button is not None
        return self._copy(log=log, **base)._start_hand(button)

    def _start_hand(self, button: int) -> TwoDreidelGame:
        t = self.t
        n = t.players
        stacks = list(self.stacks)
        contrib = [0] * n
        blind = min(t.rules.blind, stacks[button])
        stacks[button] -= blind
        contrib[button] = blind
        none: tuple[None, ...] = (None,) * n
        text = f"hand {self.hands + 1}: seat {button + 1} has the button"
        if blind:
            text += f" and posts a blind of {blind}" + (" (all-in)" if stacks[button] == 0 else "")
        first = _next_alive(self.alive, button)
        state = self._copy(
            stacks=tuple(stacks), button=button, phase=DRAW, step=0, seat=first if first is not None else button,
            drawn=none, kept=none, back=none, in_hand=self.alive, contrib=tuple(contrib), bets=(0,) * n, high=0,
            raise_by=t.min_bet, pending=0, face="", buy_in=0, spun=(), hand_start=self.stacks,
            start_decks=self.decks, all_in=blind > 0 and stacks[button] == 0,
            log=self.log.add(Event("hand", text, button)))
        return state


_FIELDS = tuple(f for f in TwoDreidelGame.__dataclass_fields__)


def _make_copy() -> Any:
    """``state._copy(**changes)``: a new state sharing every unchanged field (a generated
    function: much faster than :func:`dataclasses.replace` on the hot path)."""
    params = ", ".join(f"{f}=_M" for f in _FIELDS)
    body = "\n".join(f"    _S(new, {f!r}, self.{f} if {f} is _M else {f})" for f in _FIELDS)
    src = f"def _copy(self, *, {params}):\n    new = _NEW(_CLS)\n{body}\n    return new\n"
    scope: dict[str, Any] = {"_M": _MISSING, "_S": _SET, "_NEW": object.__new__, "_CLS": TwoDreidelGame}
    exec(src, scope)  # noqa: S102 - generated from the dataclass's own field names
    return scope["_copy"]


_MISSING: Any = object()
TwoDreidelGame._copy = _make_copy()  # type: ignore[method-assign]
_STATS_FIELDS = tuple(_Stats.__dataclass_fields__)
_TURNS = {BET: Turn.PLAYER, DRAW: Turn.CHANCE, SPIN: Turn.CHANCE, PUT_BACK: Turn.SIMULTANEOUS,
          CALLS: Turn.SIMULTANEOUS, OVER: Turn.TERMINAL}


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


def _replace_stats(st: _Stats, **changes: Any) -> _Stats:
    return _Stats(*(changes[f] if f in changes else getattr(st, f) for f in _STATS_FIELDS))


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
        ValueError: a player count outside 2..8, a hand limit below 1, or symbolic spin probabilities.

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
    t = _tables(rules, players)
    n = players
    stack = t.stack
    none: tuple[None, ...] = (None,) * n
    state = TwoDreidelGame(
        t=t, hand_limit=limit, stacks=(stack,) * n, alive=(True,) * n, button=0, decks=(t.fresh,) * n, carry=0,
        hands=0, phase=DRAW, step=0, seat=0, drawn=none, kept=none, back=none, in_hand=(True,) * n,
        contrib=(0,) * n, bets=(0,) * n, high=0, raise_by=t.min_bet, pending=0, face="", buy_in=0, spun=(),
        discards=((),) * n, hand_start=(stack,) * n, start_decks=(t.fresh,) * n, all_in=False, cut=False, stats=_Stats(),
        log=EventLog().add(Event("start", f"{rules.label}: {n} players with {stack} chips each")))
    return state._start_hand(0)
