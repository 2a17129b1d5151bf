"""Queenie played on the whole-game engine: a session of deals ([Queenie rules][rules-4]).

A [`QueenieGame`][dreidelpoker.games.queenie.QueenieGame] is an immutable state. The deal is a sequence of chance nodes,
one card each with weight 1 (first the queen-pot card when it comes from the deck, then
every card in dealing order, then, with ``queen_card="dummy"``, the card taken from the
dummy); [`QueenieGame.sample_chance`][dreidelpoker.games.queenie.QueenieGame.sample_chance] draws the rest of the deal at once (a tuple of
cards, applied exactly as the single cards one after another would be). Decisions are
the dummy offers (``"keep"`` / ``"swap"``) and, when a leader holds two or more lowest
cards of the same rank in the suits they may lead, the card to lead. Runs, passes and
the end of the deal need no decisions and are played out inside `apply`.

Seats are 0-based; "position" ``k`` is the ``k``-th seat from the dealer in the
direction of play (``1`` = the first player, ``players`` = the dealer, ``0`` = dummy).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np

from ..tuple_state import FrozenTuple, LoggedState
from ..protocol import Event, EventLog, LazyEvent, Payoff, Turn
from ._deck import Tables, hand_cards, hand_line, lowest_cards, run_line, tables
from .cards import COLOUR_NAMES, card_name, cards_of, hand_text
from .rules import QueenieRules
from ...errors import InputError
from ...sampler import Sampler
from ...validation import check_arguments, check_count, is_whole_number

__all__ = ["DealSummary", "QueenieGame", "QueenieObservation", "Tables", "new_game", "tables"]

DEAL, QCARD, OFFER, LEAD, OVER = range(5)
_PHASE_NAMES = ("deal", "queen-card", "offer", "lead", "over")

# Tally slots (session totals) kept on the state for the metrics.
T_CARDS, T_RUNS, T_TURNS, T_BLOCKED, T_OUT_CARRIED, T_QUEEN_CARRIED, T_QUEEN_DEAD, T_SWAPS, \
    T_MAX_OUT_POT, T_MAX_QUEEN_POT = range(10)
_TALLY0 = (0,) * 10


class _DealSummaryFields(NamedTuple):
    number: int
    went_out: int
    blocked: bool
    out_winner: int
    out_pot: int
    queen_card: int
    queen_winner: int
    queen_pot: int
    queen_dead: bool
    swapper: int
    cards: int
    runs: int
    turns: int
    left: tuple[int, ...]


class DealSummary(FrozenTuple, _DealSummaryFields):
    """How a finished deal ended (public once the deal is over).

    Attributes:
        number: the deal's number in the session (1-based).
        went_out: the seat that went out, or -1 (blocked).
        blocked: nobody could lead the colour asked for.
        out_winner: who took the going-out pot (-1: it carries over).
        out_pot: the going-out pot at the end of the deal (what was won, or carries).
        queen_card: the queen-pot card.
        queen_winner: who took the queen pot (-1: it carries over).
        queen_pot: the queen pot at the end of the deal.
        queen_dead: the Queen of the queen-pot card's suit was dead (the card itself or in the dead hand).
        swapper: who took the dummy (-1: nobody).
        cards, runs, turns: cards played, runs, and turns (a turn is one player's
            unbroken stretch of cards within a run).
        left: cards left in each seat's hand.

    Examples:
        >>> import numpy as np
        >>> from dreidelpoker.games.queenie import QueenieRules, always_swap_bot, new_game
        >>> from dreidelpoker.play import play_game
        >>> final, _, _ = play_game(new_game(QueenieRules(players=3)), [always_swap_bot] * 3, np.random.SeedSequence(1))
        >>> deal = final.last_deal
        >>> deal.number, deal.blocked, deal.left[deal.went_out]  # the seat that went out holds no card
        (1, False, 0)
    """

    __slots__ = ()


class _ObservationFields(NamedTuple):
    seat: int
    rules: QueenieRules
    phase: str
    deal: int
    button: int
    position: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    dummy_size: int
    swapper: int
    own_dead: tuple[int, ...]
    played: tuple[int, ...]
    pots: tuple[int, int]
    chips: tuple[int, ...]
    lead_colour: int
    last_deal: DealSummary | None


class QueenieObservation(FrozenTuple, _ObservationFields):
    """What one seat may know: never the dummy, another hand or the queen-pot card.

    Attributes:
        seat: the observing seat.
        rules: the rules (public).
        phase: ``"offer"``, ``"lead"``, ``"deal"``, ``"queen-card"`` or ``"over"``.
        deal: deals finished so far in the session.
        button: the dealer's seat.
        position: this seat's place from the dealer (1 = first player .. players = dealer).
        hand: this seat's cards, lowest first.
        hand_sizes: cards held by each seat.
        dummy_size: cards in the dummy (0 once someone took it).
        swapper: the seat that took the dummy, or -1.
        own_dead: the hand this seat gave up when it took the dummy (else empty).
        played: every card played in this deal.
        pots: (going-out pot, queen pot).
        chips: each seat's net chips so far.
        lead_colour: in the ``"lead"`` phase, the colour to lead (0 black, 1 red, -1 any).
        last_deal: how the previous deal ended (``None`` in the first deal).
    """

    __slots__ = ()


_INT = frozenset((int,))
_new_tuple = tuple.__new__
_OFFER_ACTIONS = ("keep", "swap")

# Log lines that never change (events are immutable, so one object serves every deal).
_KEEP = tuple(Event("offer", f"seat {s + 1} keeps their hand", s) for s in range(8))
_PASS: tuple[tuple[LazyEvent, ...], ...] = tuple(
    tuple(("pass", s, True, (), f"seat {s + 1}: \"No {COLOUR_NAMES[colour]}\"", ()) for s in range(8)) for colour in (0, 1))
_DEAL_LINE = "deal {}: seat {} deals; the dummy has {} cards"


def _as_card(c: Any) -> int:
    """A dealt card as an int (numpy integers accepted; bools and other types refused)."""
    if not is_whole_number(c):
        raise InputError(f"deal: {c!r} is not a card left to deal")
    return int(c)


class _GameFields(NamedTuple):
    rules: QueenieRules
    hand_limit: int
    deals: int
    button: int
    chips: tuple[int, ...]
    pots: tuple[int, int]
    phase: int
    undealt: int
    dealt: int
    hands: tuple[int, ...]
    dummy: int
    dead: int
    qcard: int
    offer: int
    swapper: int
    played: int
    leader: int
    lead_cards: tuple[int, ...]
    lead_colour: int
    queen_by: tuple[int, ...]
    stats: tuple[int, int, int]
    tally: tuple[int, ...]
    out_wins: tuple[int, ...]
    queen_wins: tuple[int, ...]
    last_deal: DealSummary | None = None
    log: EventLog = EventLog()


class QueenieGame(LoggedState, FrozenTuple, _GameFields):
    """A Queenie session in progress (a [`GameState`][dreidelpoker.play.GameState]).

    Build one with [`new_game`][dreidelpoker.games.queenie.new_game]. ``hands`` are bit masks by seat; ``dead`` is the
    dead hand (the dummy, or the hand given up for it) once the offers are over.

    Immutable: a named tuple (made many times a deal, so cheap to make) whose fields
    cannot be assigned (`dataclasses.FrozenInstanceError`); `apply` returns a
    new state. Two states are equal when every field but the log is.

    Examples:
        >>> from dreidelpoker.games.queenie import QueenieRules, new_game
        >>> new_game(QueenieRules(players=3)).turn.name
        'CHANCE'
    """

    __slots__ = ()


    # -- protocol -------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.rules.players

    @property
    def turn(self) -> Turn:
        p = self.phase
        if p == OFFER or p == LEAD:
            return Turn.PLAYER
        return Turn.CHANCE if p != OVER else Turn.TERMINAL

    @property
    def current_players(self) -> tuple[int, ...]:
        if self.phase == OFFER:
            return (self.seat_at(self.offer),)
        if self.phase == LEAD:
            return (self.leader,)
        return ()

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def rounds(self) -> int:
        """Deals finished."""
        return self.deals

    @property
    def truncated(self) -> bool:
        return self.phase == OVER and self.deals < self.rules.session_deals

    @property
    def phase_name(self) -> str:
        """``"deal"``, ``"queen-card"``, ``"offer"``, ``"lead"`` or ``"over"``."""
        return _PHASE_NAMES[self.phase]

    def seat_at(self, position: int) -> int:
        """The seat at ``position`` from the dealer (1 = first player, players = dealer)."""
        return (self.button + position * tables(self.rules).step) % self.rules.players

    def legal_actions(self, player: int) -> tuple[Any, ...]:
        if self.phase == OFFER and player == self.seat_at(self.offer):
            return _OFFER_ACTIONS
        if self.phase == LEAD and player == self.leader:
            return self.lead_cards
        return ()

    def chance_outcomes(self) -> tuple[tuple[int, int], ...]:
        """One card, weight 1 each: the queen-pot card, the next card dealt, or the dummy card put aside."""
        if self.phase == DEAL:
            pool = self.undealt
            if self.qcard < 0 and self.rules.queen_card == "deck" and self.rules.queen_card_queen == "redraw":
                pool &= ~tables(self.rules).queen_mask
            return tuple((c, 1) for c in cards_of(pool))
        if self.phase == QCARD:
            return tuple((c, 1) for c in cards_of(self._qcard_pool()))
        return ()

    def _qcard_pool(self) -> int:
        pool = self.dummy
        if self.rules.queen_card_queen == "redraw" and pool & ~tables(self.rules).queen_mask:
            pool &= ~tables(self.rules).queen_mask
        return pool

    def sample_chance(self, rng: Sampler) -> Any:
        """The rest of the chance node's draws at once (same distribution as one card at a time).

        In the deal this is a tuple: the queen-pot card first (when it comes from the deck)
        then the cards in dealing order; `apply` deals them as successive draws.
        """
        if self.phase == DEAL:
            t = tables(self.rules)
            redraw = self.qcard < 0 and self.rules.queen_card == "deck" and self.rules.queen_card_queen == "redraw"
            if self.undealt == t.full:  # the whole deck undealt (the usual case): the permutation is the deal
                return tuple(_deck_order(rng, t, redraw))
            cards = cards_of(self.undealt)
            seq = [cards[i] for i in rng.permutation(len(cards))]
            if redraw:
                qm = t.queen_mask
                k = next(i for i, c in enumerate(seq) if not qm >> c & 1)  # first non-Queen: uniform
                seq.insert(0, seq.pop(k))
            return tuple(seq)
        pool = cards_of(self._qcard_pool())
        return pool[rng.integers(len(pool))]

    def apply(self, action: Any) -> QueenieGame:
        p = self.phase
        if p == DEAL:
            seq = action if isinstance(action, tuple) else (action,)
            return self._deal(seq)
        if p == QCARD:
            if not is_whole_number(action) or not self._qcard_pool() >> action & 1:
                raise InputError(f"queen-pot card: {action!r} is not a card of the dummy that may be put aside")
            return self._offers_start(self.hands, self.dummy & ~(1 << action), action)
        if p == OFFER:
            return self._offer(action)
        if p == LEAD:
            if action not in self.lead_cards:
                raise InputError(
                    f"lead: seat {self.leader + 1} must lead one of {', '.join(card_name(c, self.rules.deck_ranks) for c in self.lead_cards)}, "
                    f"got {action!r}"
                )
            return self._play(self.leader, action)
        raise InputError("the session is over: no more actions")

    def apply_joint(self, actions: Mapping[int, Any]) -> QueenieGame:
        raise InputError("Queenie has no simultaneous moves")

    def run_turns(self, chance: Sampler, decide: Callable[[int, QueenieObservation | None, Sequence[Any]], Any],
                  max_steps: int, *, log: bool = True,
                  observes: Callable[[int, Sequence[Any]], bool] | None = None,
                  seats: Sequence[tuple[Any, Sampler]] | None = None) -> tuple[QueenieGame, int]:
        """Play on until the session ends or ``max_steps`` steps are applied: the runner's batch
        path (`dreidelpoker.play.runner`), used when a game's record is all that is wanted.

        The same steps as one by one, in the same order, from the same streams -- every deal
        drawn by `sample_chance`, every decision asked of ``decide(seat, observation, legal)``
        with the observation and legal actions the runner would give -- so the final state is
        the one the steps one by one reach; what is saved is the runner's look-ups between
        steps and, while the dummy is offered round, a state per seat that keeps its hand
        (checked game for game in ``tests/test_queenie_batch.py``).

        With ``log=False`` whole deals are played in a tight loop over plain ints and lists,
        with no state between steps and no log lines (the final state's log is this one's):
        every other field of the final state is the same.

        Parameters:
            chance: the game's chance stream.
            decide: the runner's bot call for a seat (it raises on an illegal action).
            max_steps: the most steps to apply.
            log: write the log (``False``: nobody reads it).
            observes: ``observes(seat, legal)`` says whether the seat's bot reads its
                observation there; where it does not, ``decide`` is given ``None`` instead
                (``None``: every bot reads it).
            seats: each seat's bot and sampler (not used: Queenie asks every bot through ``decide``).

        Returns:
            The state after the steps, and how many were applied.
        """
        state, steps = self, 0
        if not log and self.phase == DEAL and self.qcard < 0 and self.undealt == tables(self.rules).full:
            state, steps = self._run_deals(chance, decide, max_steps, observes)
        n = self.rules.players
        step = tables(self.rules).step
        while steps < max_steps:
            phase = state.phase
            if phase == OFFER:
                offer, events, button = state.offer, state.log, state.button
                while True:  # the offers round the table, without a state per kept hand
                    seat = (button + offer * step) % n  # (seat_at)
                    seen = state.observation(seat) if observes is None or observes(seat, _OFFER_ACTIONS) else None
                    action = decide(seat, seen, _OFFER_ACTIONS)
                    steps += 1
                    if action != "keep" or offer == n or steps >= max_steps:
                        break
                    events = events.add(_KEEP[seat])
                    offer += 1
                state = state._offered(offer, action, events)
            elif phase == LEAD:
                leader, legal = state.leader, state.lead_cards
                seen = state.observation(leader) if observes is None or observes(leader, legal) else None
                state = state._play(leader, decide(leader, seen, legal))
                steps += 1
            elif phase == DEAL:
                state = state._deal(state.sample_chance(chance))
                steps += 1
            elif phase == QCARD:
                state = state.apply(state.sample_chance(chance))
                steps += 1
            else:
                break
        return state, steps

    def _run_deals(self, chance: Sampler, decide: Callable[[int, QueenieObservation | None, Sequence[Any]], Any],
                   max_steps: int, observes: Callable[[int, Sequence[Any]], bool] | None) -> tuple[QueenieGame, int]:
        """`run_turns` without a log, from the start of a deal: whole deals in one loop over
        plain ints and lists (the same draws, decisions, runs and payments as `apply`:
        `_deck_order`, `_runs`, `_settle` and `_count_deals` are the engine's own), while a
        deal's most steps still fit in ``max_steps``. A state is made only for the end and
        for a bot that reads its observation."""
        r = self.rules
        t = tables(r)
        n = r.players
        step = t.step
        hands_n = n + 1
        slots = t.slots[:hands_n]
        bit = t.bit
        from_deck = r.queen_card == "deck"
        redraw = r.queen_card_queen == "redraw"
        not_queens = t.full & ~t.queen_mask
        all_suits = t.all_suits
        ante = r.ante
        first_cost, cost = r.first_swap_cost, r.swap_cost
        hand_limit = self.hand_limit
        limit = min(r.session_deals, hand_limit)
        most = 2 + n + t.ranks * t.suits  # the most steps a deal takes: two draws, every offer, a lead per card
        offer_seen = [observes is None or observes(seat, _OFFER_ACTIONS) for seat in range(n)]
        deals, button, chips, (going, queen) = self.deals, self.button, list(self.chips), self.pots
        tally, out_wins, queen_wins = list(self.tally), list(self.out_wins), list(self.queen_wins)
        last_deal, summary = self.last_deal, None  # the last deal's summary is made when it is read
        counted: list[tuple[int, ...]] = []  # each deal's figures, added to the tally at the end (_count_deals)
        steps = 0
        ahead: list[list[int]] = []  # deals shuffled ahead: [queen-pot card, the hand of each deal slot]
        while steps + most <= max_steps:
            if from_deck and not ahead:  # the chance stream draws nothing but the shuffles: many at once
                count = min(limit - deals, (max_steps - steps) // most, 1024)
                if count >= _SHUFFLES_AHEAD:
                    ahead = _shuffled_deals(chance, t, hands_n, count, redraw, button)
                    ahead.reverse()
            owner: list[int] | None = None
            if ahead:
                row = ahead.pop()
                qcard, by_slot, owner = row[0], row[1:hands_n + 1], row[hands_n + 1:]
            else:  # one shuffle (the queen-pot card from the dummy draws between shuffles; short sessions)
                seq = _deck_order(chance, t, from_deck and redraw)
                if from_deck:
                    qcard = seq[0]
                    del seq[0]
                bits = list(map(bit.__getitem__, seq))
                by_slot = [sum(bits[j::hands_n]) for j in range(hands_n)]
            steps += 1
            hands = [0] * n
            dummy = 0
            for j in range(hands_n):
                pos = slots[j]
                if pos:
                    hands[(button + pos * step) % n] = by_slot[j]
                else:
                    dummy = by_slot[j]
            if not from_deck:  # the queen-pot card is put aside from the dummy: a second draw
                pool = dummy & not_queens if redraw and dummy & not_queens else dummy
                pool_cards = cards_of(pool)
                qcard = pool_cards[chance.integers(len(pool_cards))]
                dummy &= ~(1 << qcard)
                steps += 1
            chips_now = tuple(chips)
            # The dummy offered round the table until someone takes it.
            swapper, dead = -1, dummy
            for offer in range(1, n + 1):
                seat = (button + offer * step) % n
                seen = None
                if offer_seen[seat]:
                    if summary is not None:
                        last_deal, summary = _summary(summary), None
                    seen = _observe(r, t, seat, OFFER, deals, button, hands, dummy, -1, 0, 0, (going, queen), chips_now,
                                    -1, last_deal)
                action = decide(seat, seen, _OFFER_ACTIONS)
                steps += 1
                if action == "keep":
                    continue
                paid = first_cost if offer == 1 else cost
                chips[seat] -= paid
                going += paid
                swapper, dead = seat, hands[seat]
                hands[seat] = dummy
                if owner is not None:
                    for c in cards_of(dummy):
                        owner[c] = seat
                break
            # The runs, from the first player's lowest card.
            played, n_runs, n_turns = 0, 0, 0
            queen_by = [-1] * t.suits
            leader = (button + step) % n
            cands = lowest_cards(hands[leader], all_suits, t)
            colour = -1
            while True:
                if len(cands) == 1:
                    card = cands[0]
                else:
                    seen = None
                    if observes is None or observes(leader, cands):
                        if summary is not None:
                            last_deal, summary = _summary(summary), None
                        seen = _observe(r, t, leader, LEAD, deals, button, hands, 0, swapper, dead, played,
                                        (going, queen), tuple(chips), colour, last_deal)
                    card = decide(leader, seen, cands)
                    steps += 1
                played, n_runs, n_turns, out, leader, cands, colour = _runs(hands, played, queen_by, n_runs, n_turns,
                                                                           leader, card, r, t, None, owner)
                if out >= 0 or leader < 0:
                    break
            # The pots.
            blocked = out < 0
            stats = (played.bit_count(), n_runs, n_turns)
            out_winner, out_pot, queen_winner, queen_pot, queen_dead, going, queen = _settle(
                r, t, hands, dead, qcard, queen_by, out, blocked, chips, (going, queen), out_wins, queen_wins)
            counted.append((*stats, blocked, out_winner < 0, queen_winner < 0, queen_dead, swapper >= 0, out_pot,
                            queen_pot))
            deals += 1
            summary = (deals, out, blocked, out_winner, out_pot, qcard, queen_winner, queen_pot, queen_dead, swapper,
                       *stats, hands)
            if deals >= limit:
                _count_deals(tally, counted)
                return QueenieGame(r, hand_limit, deals, button, tuple(chips), (going, queen), OVER, 0, 0,
                                   tuple(hands), 0, dead, qcard, 0, swapper, played, -1, (), -1, tuple(queen_by),
                                   stats, tuple(tally), tuple(out_wins), tuple(queen_wins),
                                   _summary(summary), self.log), steps
            button = (button + step) % n
            chips = [c - 2 * ante for c in chips]
            going += n * ante
            queen += n * ante
        if summary is not None:
            last_deal = _summary(summary)
        _count_deals(tally, counted)
        return QueenieGame(r, hand_limit, deals, button, tuple(chips), (going, queen), DEAL, t.full, 0, (0,) * n, 0, 0,
                           -1, 0, -1, 0, -1, (), -1, (-1,) * t.suits, (0, 0, 0), tuple(tally), tuple(out_wins),
                           tuple(queen_wins), last_deal, self.log), steps

    def returns(self) -> tuple[Payoff, ...]:
        """Each seat's net chips: pots won minus antes and swap costs."""
        return self.chips

    def observation(self, player: int) -> QueenieObservation:
        r = self.rules
        n = r.players
        if not isinstance(player, int) or not 0 <= player < n:
            raise InputError(f"player: a seat from 0 to {n - 1}, got {player!r}")
        return _observe(r, tables(r), player, self.phase, self.deals, self.button, self.hands, self.dummy, self.swapper,
                        self.dead, self.played, self.pots, self.chips, self.lead_colour, self.last_deal)

    # -- the deal -------------------------------------------------------------------
    def _deal(self, seq: Sequence[int]) -> QueenieGame:
        r = self.rules
        t = tables(r)
        undealt, dealt, qcard = self.undealt, self.dealt, self.qcard
        need_q = qcard < 0 and r.queen_card == "deck"
        if need_q and seq:
            q0 = seq[0]
            if type(q0) is not int and not is_whole_number(q0):
                raise InputError(f"deal: {q0!r} is not a card left to deal")
            qcard = int(q0)
            if not undealt >> qcard & 1:
                raise InputError(f"deal: {q0!r} is not a card left to deal")
            if r.queen_card_queen == "redraw" and t.queen_mask >> qcard & 1:
                raise InputError(f"deal: the queen-pot card may not be a Queen under redraw, got {t.names[qcard]}")
            undealt ^= 1 << qcard
            seq = seq[1:]
            need_q = False
        if dealt + len(seq) > t.deal_count:
            raise InputError("deal: more cards than the deal needs")
        n = r.players
        if not set(map(type, seq)) <= _INT:
            seq = [_as_card(c) for c in seq]
        try:
            bits = list(map(t.bit.__getitem__, seq))
        except KeyError:
            raise InputError(f"deal: {tuple(seq)!r} are not distinct cards left to deal") from None
        # Distinct cards sum to their union; a repeated card carries and leaves fewer bits set.
        m = sum(bits)
        if m & ~undealt or m.bit_count() != len(seq):
            raise InputError(f"deal: {tuple(seq)!r} are not distinct cards left to deal")
        undealt &= ~m
        by_pos = [0] * (n + 1)
        slots = t.slots
        hands_n = n + 1
        for j in range(min(hands_n, len(seq))):
            by_pos[slots[dealt + j]] |= sum(bits[j::hands_n])
        dealt += len(seq)
        dummy = self.dummy | by_pos[0]
        hands = list(self.hands)
        step = t.step
        for pos in range(1, n + 1):
            if by_pos[pos]:
                hands[(self.button + pos * step) % n] |= by_pos[pos]
        if dealt < t.deal_count or need_q:
            return QueenieGame(r, self.hand_limit, self.deals, self.button, self.chips, self.pots, DEAL, undealt,
                               dealt, tuple(hands), dummy, 0, qcard, 0, -1, 0, -1, (), -1, self.queen_by, (0, 0, 0),
                               self.tally, self.out_wins, self.queen_wins, self.last_deal, self.log)
        if r.queen_card == "dummy":
            return QueenieGame(r, self.hand_limit, self.deals, self.button, self.chips, self.pots, QCARD, 0,
                               dealt, tuple(hands), dummy, 0, -1, 0, -1, 0, -1, (), -1, self.queen_by, (0, 0, 0),
                               self.tally, self.out_wins, self.queen_wins, self.last_deal, self.log)
        return self._offers_start(tuple(hands), dummy, qcard)

    def _offers_start(self, hands: tuple[int, ...], dummy: int, qcard: int) -> QueenieGame:
        r = self.rules
        t = tables(r)
        # Log lines are written only when someone reads the log (add_lazy): most deals are never read.
        events: list[LazyEvent] = [("deal", None, True, (), _DEAL_LINE, (self.deals + 1, self.button + 1,
                                                                         dummy.bit_count()))]
        for s, h in enumerate(hands):
            events.append(("hand", s, False, (s,), hand_line, (t, s, h)))
        return QueenieGame(r, self.hand_limit, self.deals, self.button, self.chips, self.pots, OFFER, 0,
                           self.dealt, hands, dummy, 0, qcard, 1, -1, 0, -1, (), -1, self.queen_by, (0, 0, 0),
                           self.tally, self.out_wins, self.queen_wins, self.last_deal, self.log.add_lazy(tuple(events)))

    def _offer(self, action: Any) -> QueenieGame:
        return self._offered(self.offer, action, self.log)

    def _offered(self, offer: int, action: Any, log: EventLog) -> QueenieGame:
        """The state after the seat at ``offer`` answers ``action`` (this state's own offer, or a
        later one when the offers before it were kept: ``log`` holds their lines)."""
        r = self.rules
        seat = self.seat_at(offer)
        if action == "keep":
            log = log.add(_KEEP[seat])
            if offer < r.players:
                return QueenieGame(r, self.hand_limit, self.deals, self.button, self.chips, self.pots, OFFER, 0,
                                   self.dealt, self.hands, self.dummy, 0, self.qcard, offer + 1, -1, 0, -1, (),
                                   -1, self.queen_by, (0, 0, 0), self.tally, self.out_wins, self.queen_wins,
                                   self.last_deal, log)
            return self._start_play(self.hands, self.chips, self.pots, self.dummy, -1, log)
        if action != "swap":
            raise InputError(f"offer: seat {seat + 1} may 'keep' or 'swap', got {action!r}")
        cost = r.first_swap_cost if offer == 1 else r.swap_cost
        chips = list(self.chips)
        chips[seat] -= cost
        hands = list(self.hands)
        dead = hands[seat]
        hands[seat] = self.dummy
        pots = (self.pots[0] + cost, self.pots[1])
        text = f"seat {seat + 1} takes the dummy" + (f" for {cost}" if cost else " for free")
        return self._start_play(tuple(hands), tuple(chips), pots, dead, seat, log.add(Event("swap", text, seat)))

    def _start_play(self, hands: tuple[int, ...], chips: tuple[int, ...], pots: tuple[int, int], dead: int,
                    swapper: int, log: EventLog) -> QueenieGame:
        first = self.seat_at(1)
        t = tables(self.rules)
        cands = lowest_cards(hands[first], t.all_suits, t)
        base = QueenieGame(self.rules, self.hand_limit, self.deals, self.button, chips, pots, LEAD, 0, self.dealt,
                           hands, 0, dead, self.qcard, 0, swapper, 0, first, cands, -1, self.queen_by, (0, 0, 0),
                           self.tally, self.out_wins, self.queen_wins, self.last_deal, log)
        if len(cands) == 1:
            return base._play(first, cands[0])
        return base

    def _play(self, seat: int, card: int) -> QueenieGame:
        """Play runs from ``seat`` leading ``card`` until a lead needs a choice or the deal ends (`_runs`)."""
        r = self.rules
        t = tables(r)
        hands = list(self.hands)
        queen_by = list(self.queen_by)
        _, n_runs, n_turns = self.stats
        events: list[LazyEvent] = []
        played, n_runs, n_turns, out, leader, cands, colour = _runs(hands, self.played, queen_by, n_runs, n_turns, seat,
                                                                   card, r, t, events)
        stats = (played.bit_count(), n_runs, n_turns)
        if out >= 0 or leader < 0:
            return self._finish(hands, played, tuple(queen_by), stats, out, out < 0, events)
        return QueenieGame(r, self.hand_limit, self.deals, self.button, self.chips, self.pots, LEAD, 0,
                           self.dealt, tuple(hands), 0, self.dead, self.qcard, 0, self.swapper, played,
                           leader, cands, colour, tuple(queen_by), stats, self.tally,
                           self.out_wins, self.queen_wins, self.last_deal, self.log.add_lazy(tuple(events)))

    def _finish(self, hands: list[int], played: int, queen_by: tuple[int, ...], stats: tuple[int, int, int], out: int,
                blocked: bool, events: list[LazyEvent]) -> QueenieGame:
        r = self.rules
        t = tables(r)
        n = r.players
        chips = list(self.chips)
        out_wins = list(self.out_wins)
        queen_wins = list(self.queen_wins)
        q = self.qcard
        out_winner, out_pot, queen_winner, queen_pot, queen_dead, going, queen = _settle(
            r, t, hands, self.dead, q, queen_by, out, blocked, chips, self.pots, out_wins, queen_wins)
        if out_winner >= 0:
            events.append(("pot", out_winner, True, (), "seat {} wins the going-out pot of {}", (out_winner + 1, out_pot)))
        else:
            events.append(("pot", None, True, (), "blocked: nobody goes out; the going-out pot of {} carries over",
                           (out_pot,)))
        qname = t.names[q]
        if queen_winner >= 0:
            events.append(("pot", queen_winner, True, (), "queen-pot card {}: seat {} wins the queen pot of {}",
                           (qname, queen_winner + 1, queen_pot)))
        else:
            why = "is itself a Queen" if t.queen_mask >> q & 1 else (
                "its Queen is dead" if queen_dead else "its Queen was not played")
            events.append(("pot", None, True, (), "queen-pot card {} {}: the queen pot of {} carries over",
                           (qname, why, queen_pot)))
        tl = list(self.tally)
        _count_deals(tl, [(*stats, blocked, out_winner < 0, queen_winner < 0, queen_dead, self.swapper >= 0, out_pot,
                           queen_pot)])
        deals = self.deals + 1
        summary = DealSummary(deals, out, blocked, out_winner, out_pot, q, queen_winner, queen_pot, queen_dead,
                              self.swapper, *stats, tuple(h.bit_count() for h in hands))
        log = self.log.add_lazy(tuple(events))
        if deals >= r.session_deals or deals >= self.hand_limit:
            return QueenieGame(r, self.hand_limit, deals, self.button, tuple(chips), (going, queen), OVER, 0, 0,
                               tuple(hands), 0, self.dead, q, 0, self.swapper, played, -1, (), -1, tuple(queen_by),
                               stats, tuple(tl), tuple(out_wins), tuple(queen_wins), summary, log)
        button = (self.button + t.step) % n
        a = r.ante
        chips = [c - 2 * a for c in chips]
        return QueenieGame(r, self.hand_limit, deals, button, tuple(chips), (going + n * a, queen + n * a), DEAL,
                           t.full, 0, (0,) * n, 0, 0, -1, 0, -1, 0, -1, (), -1, (-1,) * t.suits, (0, 0, 0),
                           tuple(tl), tuple(out_wins), tuple(queen_wins), summary, log)

    # -- helpers for people and tests ----------------------------------------------
    def card_count(self) -> int:
        """Cards accounted for: undealt + hands + dummy + dead + queen-pot card + played (the whole deck)."""
        masks = [self.undealt, self.dummy, self.dead, self.played, *self.hands]
        if self.qcard >= 0:
            masks.append(1 << self.qcard)
        total = 0
        seen = 0
        for m in masks:
            if seen & m:
                raise AssertionError("a card is in two places")
            seen |= m
            total += m.bit_count()
        return total

    def describe(self) -> str:
        """Every hand, the dummy and the queen-pot card (the whole truth, for people)."""
        r = self.rules
        rk, su = r.deck_ranks, r.deck_suits
        lines = [f"deal {self.deals + 1}, dealer seat {self.button + 1}, pots {self.pots[0]} / {self.pots[1]}"]
        for s, h in enumerate(self.hands):
            lines.append(f"seat {s + 1}: {hand_text(cards_of(h), rk, su)}")
        if self.phase in (DEAL, QCARD, OFFER):
            lines.append(f"dummy: {hand_text(cards_of(self.dummy), rk, su)}")
        else:
            lines.append(f"dead: {hand_text(cards_of(self.dead), rk, su)}")
        if self.qcard >= 0:
            lines.append(f"queen-pot card: {card_name(self.qcard, rk)}")
        return "\n".join(lines)


def _runs(hands: list[int], played: int, queen_by: list[int], n_runs: int, n_turns: int, seat: int, card: int,
          r: QueenieRules, t: Tables, events: list[LazyEvent] | None, owner: list[int] | None = None
          ) -> tuple[int, int, int, int, int, tuple[int, ...], int]:
    """Play runs from ``seat`` leading ``card`` until a lead needs a choice or the deal ends.

    A run is played a turn at a time: a turn is the longest stretch of consecutive
    cards of the suit, from the one asked for, that one hand holds (bit arithmetic,
    not card by card). The run goes on while some hand holds the next card. ``hands`` and
    ``queen_by`` (who played each suit's Queen) are updated in place; the log's lines go to
    ``events`` unless it is ``None`` (the batch path, which writes no log). ``owner`` (the
    batch path's) gives the seat holding each live card, so a turn's player is looked up
    rather than searched for among the hands.

    Returns:
        ``(played, runs, turns, out, leader, cands, colour)``: ``out`` is the seat that went
        out, or -1; then ``leader`` is -1 when the deal is blocked, else the seat that must
        choose among the lowest cards ``cands`` of ``colour``.
    """
    rk = t.ranks
    n = r.players
    live = 0
    for h in hands:
        live |= h
    held = live  # the cards played from here on are those that leave `live`: played = played | held ^ live
    step = t.step
    logged = events is not None
    offsets = t.colour_offsets
    pairs = len(offsets[0]) == 2 and len(offsets[1]) == 2
    rank_mask = (1 << rk) - 1
    while True:
        # One run, led by `seat` with `card`.
        suit = card // rk
        top = suit * rk + rk - 1
        qbit = 1 << (top - 1)
        parts: list[int] = []  # seat, cards mask, seat, cards mask ... (the log line's data)
        c, s = card, seat
        out = -1
        while True:
            # A turn: seat `s` plays its cards c, c + 1, ... (at most to the King).
            h = hands[s]
            x = h >> c
            if x & 2 and c < top:  # two or more cards: the trailing ones of x, up to the King
                length = (~x & (x + 1)).bit_length() - 1
                if length > top - c + 1:
                    length = top - c + 1
                turn = ((1 << length) - 1) << c
                c += length - 1
            else:
                turn = 1 << c
            h ^= turn
            hands[s] = h
            live ^= turn
            n_turns += 1
            if turn & qbit:  # the suit's Queen
                queen_by[suit] = s
            if logged:
                parts += (s, turn)
            if not h:
                out = s
                break
            if c == top or not live >> (c + 1) & 1:
                break
            c += 1
            if owner is not None:
                s = owner[c]
            else:
                s = 0
                while not hands[s] >> c & 1:
                    s += 1
        n_runs += 1
        if out >= 0:
            if events is not None:
                events.append(("run", seat, True, (), run_line, (t, tuple(parts), out, c, False)))
            return played | held ^ live, n_runs, n_turns, out, -1, (), -1
        if events is not None:
            events.append(("run", seat, True, (), run_line,
                           (t, tuple(parts), -1, c, c != top and (played | held ^ live) >> (c + 1) & 1 == 1)))
        # The next lead: the other colour, from the run's last player.
        colour = 1 - suit % 2
        cands: tuple[int, ...]
        if pairs:  # (lowest_cards, inline for a colour of two suits: the hot path)
            a, b = offsets[colour]
            h = hands[s]
            sa, sb = h >> a & rank_mask, h >> b & rank_mask
            both = sa | sb
            if both:
                low = both & -both
                rank = low.bit_length() - 1
                cands = ((a + rank, b + rank) if sb & low else (a + rank,)) if sa & low else (b + rank,)
            else:
                cands = ()
        else:
            cands = lowest_cards(hands[s], t.colour_suits[colour], t)
        leader = s
        if not cands:
            if events is not None:
                events.append(_PASS[colour][s])
            leader = -1
            k = s
            for _ in range(n - 1):
                k = (k + step) % n
                cands = lowest_cards(hands[k], t.colour_suits[colour], t)
                if cands:
                    leader = k
                    break
                if r.no_colour == "next-any":
                    cands = lowest_cards(hands[k], t.all_suits, t)
                    leader = k
                    break
                if events is not None:
                    events.append(_PASS[colour][k])
            if leader < 0:
                return played | held ^ live, n_runs, n_turns, -1, -1, (), colour
        if len(cands) > 1:
            return played | held ^ live, n_runs, n_turns, -1, leader, cands, colour
        seat, card = leader, cands[0]


def _settle(r: QueenieRules, t: Tables, hands: list[int], dead: int, qcard: int, queen_by: Sequence[int], out: int,
            blocked: bool, chips: list[int], pots: tuple[int, int], out_wins: list[int], queen_wins: list[int]
            ) -> tuple[int, int, int, int, bool, int, int]:
    """Pay a finished deal's pots: ``chips``, ``out_wins`` and ``queen_wins`` are updated in place.

    Returns:
        ``(out_winner, out_pot, queen_winner, queen_pot, queen_dead, going, queen)``: who took
        each pot (-1: it carries over) and how big it was, whether the queen-pot card's Queen
        was dead, and the pots left.
    """
    going, queen = pots
    out_winner = out
    if blocked and r.blocked == "fewest-cards":
        left = [h.bit_count() for h in hands]
        low = min(left)
        out_winner = left.index(low) if left.count(low) == 1 else -1
    out_pot = going
    if out_winner >= 0:
        chips[out_winner] += going
        out_wins[out_winner] += 1
        going = 0
    rk = t.ranks
    q_is_queen = t.queen_mask >> qcard & 1 == 1
    qsuit = qcard // rk
    queen_dead = q_is_queen or bool(dead >> (qsuit * rk + rk - 2) & 1)
    queen_winner = -1
    if q_is_queen and r.queen_card_queen == "to-going-out":
        queen_winner = out_winner
    elif not q_is_queen:
        queen_winner = queen_by[qsuit]
    queen_pot = queen
    if queen_winner >= 0:
        chips[queen_winner] += queen
        queen_wins[queen_winner] += 1
        queen = 0
    return out_winner, out_pot, queen_winner, queen_pot, queen_dead, going, queen


def _count_deals(tally: list[int], deals: Sequence[tuple[int, ...]]) -> None:
    """Add finished deals to the session's tally (in place). Each deal is ``(cards, runs,
    turns, blocked, out pot carried, queen pot carried, queen dead, swapped, out pot, queen
    pot)``: the first eight are summed into their slots, the pots kept as maxima."""
    if not deals:
        return
    columns = list(zip(*deals))
    for k in range(T_MAX_OUT_POT):
        tally[k] += sum(columns[k])
    tally[T_MAX_OUT_POT] = max(tally[T_MAX_OUT_POT], *columns[T_MAX_OUT_POT])
    tally[T_MAX_QUEEN_POT] = max(tally[T_MAX_QUEEN_POT], *columns[T_MAX_QUEEN_POT])


def _observe(r: QueenieRules, t: Tables, player: int, phase: int, deals: int, button: int, hands: Sequence[int],
             dummy: int, swapper: int, dead: int, played: int, pots: tuple[int, int], chips: tuple[int, ...],
             lead_colour: int, last_deal: DealSummary | None) -> QueenieObservation:
    """What ``player`` sees (`QueenieGame.observation`, from the state's fields)."""
    position = ((player - button) * t.step) % r.players or r.players
    own_dead = hand_cards(dead, t) if swapper == player else ()
    # Made positionally (a dozen a deal: keywords cost more than the rest of the observation).
    return _new_tuple(QueenieObservation, (
        player, r, _PHASE_NAMES[phase], deals, button, position, hand_cards(hands[player], t),
        tuple(map(int.bit_count, hands)), dummy.bit_count() if swapper < 0 else 0, swapper,
        own_dead, hand_cards(played, t) if played else (), pots, chips,
        lead_colour if phase == LEAD else -1, last_deal))


#: The fewest deals `QueenieGame.run_turns` shuffles at once (`Sampler.permutations` costs
#: about as much as this many shuffles one by one, whatever the count).
_SHUFFLES_AHEAD = 32


def _shuffled_deals(rng: Sampler, t: Tables, hands_n: int, count: int, redraw_queen: bool,
                    button: int) -> list[list[int]]:
    """``count`` deals from a whole deck, shuffled at once (`Sampler.permutations`: the shuffles
    `_deck_order` draws one by one): per deal the queen-pot card, then the cards dealt to each
    slot of the dealing order as a bit mask (slot ``j`` gets every ``hands_n``-th card from ``j``),
    then for each card of the deck the seat it is dealt to, the first deal's dealer being
    ``button`` and the button moving on each deal (the dummy's cards and the queen-pot card:
    a placeholder, read only once a seat has taken the dummy and its cards are given that seat)."""
    perms = rng.permutations(t.ranks * t.suits, count)
    if redraw_queen:  # a Queen on top: the first card that is not a Queen goes first (rare: one deal in 13)
        qm = t.queen_mask
        for row in np.flatnonzero((qm >> perms[:, 0].astype(np.uint64)) & np.uint64(1)).tolist():
            seq = perms[row].tolist()
            k = next(i for i, c in enumerate(seq) if not qm >> c & 1)
            seq.insert(0, seq.pop(k))
            perms[row] = seq
    bits = np.uint64(1) << perms[:, 1:].astype(np.uint64)
    deck = t.ranks * t.suits
    out = np.empty((count, hands_n + 1 + deck), dtype=np.uint64)
    out[:, 0] = perms[:, 0]
    for j in range(hands_n):
        out[:, j + 1] = bits[:, j::hands_n].sum(axis=1)  # distinct bits: their sum is their union
    # The seat of the i-th card dealt: position slots[i] from each deal's dealer (seat_at).
    n = hands_n - 1
    buttons = (button + np.arange(count) * t.step) % n
    seats = (buttons[:, None] + np.asarray(t.slots[:deck - 1]) * t.step) % n
    owner = np.zeros((count, deck), dtype=np.uint64)
    np.put_along_axis(owner, perms[:, 1:], seats.astype(np.uint64), axis=1)
    out[:, hands_n + 1:] = owner
    return out.tolist()


def _summary(fields: tuple[Any, ...]) -> DealSummary:
    """A deal's summary from its fields with the final hands (a list) last: the cards left are counted here."""
    return _new_tuple(DealSummary, fields[:-1] + (tuple(map(int.bit_count, fields[-1])),))


def _deck_order(rng: Sampler, t: Tables, redraw_queen: bool) -> list[int]:
    """A whole deck dealt from the top: the queen-pot card first when it comes from the deck
    (under ``redraw_queen``, the first card that is not a Queen, moved to the front)."""
    seq: list[int] = rng.permutation(t.ranks * t.suits)
    if redraw_queen:
        qm = t.queen_mask
        k = next(i for i, c in enumerate(seq) if not qm >> c & 1)  # first non-Queen: uniform
        seq.insert(0, seq.pop(k))
    return seq


@check_arguments
def new_game(rules: QueenieRules, *, players: int | None = None, hand_limit: int | None = None) -> QueenieGame:
    """A session before its first deal: everyone has anted, seat 1 is the first player.

    Parameters:
        rules: the rules.
        players: the number of players (overrides ``rules.players``).
        hand_limit: stop after this many deals even if ``rules.session_deals`` is larger
            (the session then counts as cut short).

    Returns:
        The initial state: a chance node (the deal).

    Raises:
        ValueError: a player count outside 3..8 or a bad hand limit.

    Examples:
        >>> g = new_game(QueenieRules(players=5))
        >>> g.turn.value, g.pots, g.chips
        ('chance', (5, 5), (-2, -2, -2, -2, -2))
    """
    if players is not None and players != rules.players:
        from dataclasses import replace

        rules = replace(rules, players=players)
    limit = rules.session_deals if hand_limit is None else hand_limit
    check_count(limit, "hand_limit", low=1, high=None, hint="deals")
    t = tables(rules)
    n = rules.players
    a = rules.ante
    # The first player (position 1) is seat 0: the dealer sits one step against play.
    button = (-t.step) % n
    return QueenieGame(rules, limit, 0, button, (-2 * a,) * n, (n * a, n * a), DEAL, t.full, 0, (0,) * n, 0, 0, -1,
                       0, -1, 0, -1, (), -1, (-1,) * t.suits, (0, 0, 0), _TALLY0, (0,) * n, (0,) * n)
