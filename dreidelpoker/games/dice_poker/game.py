"""Dice Poker played whole: one hand on the whole-game engine ([Dice Poker rules: play][rules-2-1]).

A [`DicePokerGame`][dreidelpoker.games.dice_poker.DicePokerGame] is an immutable state. Every player has anted; each rolls three
dice in turn (one chance node per player: the dice multiset, weighted by its orders); a
betting round on the dice; then the cards, dealt one at a time from the one deck (a chance
node per card: its rank, weighted by the cards of that rank left, since suits never
matter), three to each player still in and a betting round after them (``betting="once"``),
or one to each and a betting round after each card (``"per-card"``). A showdown among the
players still in ranks their best hands with the library's evaluator (best partition of the
dice; compared by their rank in the shipped key order); exact ties split the pot in exact
shares.

The betting is [`dreidelpoker.games.betting_round`][dreidelpoker.games.betting_round] (fixed limit, or pot limit, with a raise
cap). Seat 1 (seat 0 here) acts first in every round. A game is one hand, so
``rounds`` is 1 when it ends and the hand limit has nothing to cut.
[`DicePokerGame.sample_chance`][dreidelpoker.games.dice_poker.DicePokerGame.sample_chance] draws every die, or every card of one dealing step,
at once (the runner's fast path), applied exactly as the single outcomes in turn.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any, NamedTuple

from ..betting_round import Limits, RoundState, apply_action, legal_actions, start_round
from ..tuple_state import FrozenTuple, LoggedState
from ..protocol import EventLog, LazyEvent, Payoff, Turn
from ...caches import bounded_cache
from ...errors import InputError
from .cards import CARD_RANKS, value_name
from .key_ranks import key_ranks
from .rules import PLAY_MAX_PLAYERS, DicePokerRules
from .space import DICE_MULTISETS, RANK_TRIPLES, dice_orderings
from ...validation import check_arguments, check_count

__all__ = ["DicePokerGame", "DicePokerObservation", "hand_rank", "new_game", "play_limits"]

ROLL, BET, DEAL, OVER = range(4)
_PHASES = ("roll", "bet", "deal", "over")
_DICE_ROW: dict[tuple[int, ...], int] = {ms: i for i, ms in enumerate(DICE_MULTISETS)}
_TRIPLE_COL = {t: i for i, t in enumerate(RANK_TRIPLES)}
#: Every dice multiset with its number of orders (the roll's chance outcomes).
_ROLL_OUTCOMES: tuple[tuple[tuple[int, int, int], int], ...] = tuple((ms, dice_orderings(ms)) for ms in DICE_MULTISETS)
_FULL_DECK = (4,) * len(CARD_RANKS)
_NEW = tuple.__new__
#: The 216 ordered rolls, each as its sorted dice (the runner's one draw a roll).
_ROLLS: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(r, reverse=True)) for r in itertools.product(range(1, 7), repeat=3))
#: Every ordered roll -> its sorted dice (checks a roll and sorts it in one look-up).
_SORTED: dict[tuple[int, ...], tuple[int, ...]] = {r: tuple(sorted(r, reverse=True))
                                                  for r in itertools.product(range(1, 7), repeat=3)}


@bounded_cache(maxsize=64)
def play_limits(rules: DicePokerRules) -> Limits:
    """The betting structure of these rules (fixed or pot limit, bet size, raise cap).

    Parameters:
        rules: the rules.

    Returns:
        The [`Limits`][dreidelpoker.games.betting_round.Limits].

    Examples:
        >>> play_limits(DicePokerRules(limit="pot", max_raises=1))
        Limits(kind='pot', bet=1, max_raises=1, max_bet=None)
    """
    return Limits(kind=rules.limit, bet=rules.bet, max_raises=rules.max_raises)


def hand_rank(dice: tuple[int, ...], cards: Sequence[int], *, rules: DicePokerRules) -> int:
    """The strength of three dice and three card ranks: its rank in the shipped key order
    (equal ranks are equal hands, greater is stronger, whatever the dice).

    Parameters:
        dice: the dice, sorted high to low.
        cards: the three card ranks (any order).
        rules: the rules (their ranking options).

    Returns:
        The rank (an int).

    Examples:
        >>> r = DicePokerRules()
        >>> hand_rank((6, 6, 6), (6, 6, 6), rules=r) > hand_rank((6, 5, 3), (14, 12, 10), rules=r)
        True
    """
    row: int = _DICE_ROW[dice]
    return int(key_ranks(rules.ranking_options)[row][_TRIPLE_COL[tuple(sorted(cards, reverse=True))]])


class _ObservationFields(NamedTuple):
    seat: int
    phase: str
    dice: tuple[tuple[int, ...], ...]
    cards: tuple[int, ...]
    card_counts: tuple[int, ...]
    street: int
    history: tuple[tuple[tuple[int, str], ...], ...]
    committed: tuple[int, ...]
    live: tuple[bool, ...]
    to_act: int
    shown: tuple[tuple[int, ...], ...]


class DicePokerObservation(FrozenTuple, _ObservationFields):
    """What one seat may know: every die, its own cards, how many cards the others hold and
    the betting; another seat's cards only once they are shown at the showdown.

    Attributes:
        seat: the observing seat.
        phase: ``"roll"``, ``"bet"``, ``"deal"`` or ``"over"``.
        dice: each seat's dice (sorted high to low; ``()`` before its roll).
        cards: this seat's card ranks in the order dealt (2 to 14).
        card_counts: cards each seat holds.
        street: betting rounds finished (the round on the dice is round 0).
        history: each betting round's actions so far, as ``(seat, action)``.
        committed: chips each seat has put in (ante included).
        live: the seats still in the hand.
        to_act: the seat to act in a betting round, else -1.
        shown: at the end, the cards of every seat that went to the showdown (else ``()``).
    """

    __slots__ = ()

    @property
    def pot(self) -> int:
        """Chips in the pot."""
        return sum(self.committed)

    @property
    def to_call(self) -> int:
        """What this seat must add to call."""
        return max(self.committed) - self.committed[self.seat]


class _GameFields(NamedTuple):
    rules: DicePokerRules
    limits: Limits
    phase: int
    dice: tuple[tuple[int, ...], ...]
    cards: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    street: int
    betting: RoundState
    history: tuple[tuple[tuple[int, str], ...], ...]
    to_deal: tuple[int, ...]
    payoff: tuple[Payoff, ...] | None
    shown: tuple[tuple[int, ...], ...]
    log: EventLog = EventLog()


class DicePokerGame(LoggedState, FrozenTuple, _GameFields):
    """One hand of Dice Poker in progress (a [`GameState`][dreidelpoker.play.GameState]).

    Build one with [`new_game`][dreidelpoker.games.dice_poker.new_game]. ``betting`` is the current (or last) betting round;
    ``history`` the finished rounds' actions; ``to_deal`` the seats still to receive a card
    in the current dealing step, in order; ``deck`` the cards left per rank (2 to 14).
    Two states are equal when every field but the log is.
    """

    __slots__ = ()


    # -- protocol -------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.dice)

    @property
    def turn(self) -> Turn:
        p = self.phase
        if p == BET:
            return Turn.PLAYER
        return Turn.CHANCE if p != OVER else Turn.TERMINAL

    @property
    def current_players(self) -> tuple[int, ...]:
        return (self.betting.to_act,) if self.phase == BET else ()

    @property
    def rounds(self) -> int:
        """Hands finished: 1 at the end, else 0."""
        return 1 if self.phase == OVER else 0

    @property
    def truncated(self) -> bool:
        """Never: a game is one hand."""
        return False

    @property
    def pot(self) -> int:
        """Chips in the pot."""
        return sum(self.betting.committed)

    def legal_actions(self, player: int) -> tuple[str, ...]:
        if self.phase == BET and player == self.betting.to_act:
            return legal_actions(self.limits, self.betting)
        return ()

    def chance_outcomes(self) -> tuple[tuple[Any, int], ...]:
        """The next seat's dice (each multiset weighted by its orders), or the next card's rank
        (weighted by the cards of it left)."""
        if self.phase == ROLL:
            return _ROLL_OUTCOMES
        if self.phase == DEAL:
            return tuple((r, k) for r, k in zip(CARD_RANKS, self.deck) if k)
        return ()

    def sample_chance(self, rng: Any) -> Any:
        """Every remaining roll (a tuple of dice) or every card of this dealing step (a tuple of
        ranks) at once, through the game's `Sampler`."""
        if self.phase == ROLL:
            # one draw per seat among the 216 ordered rolls, each mapped to its sorted dice
            return tuple(_ROLLS[int(rng.integers(216))] for _ in range(self.dice.count(())))
        # the cards left as a list of ranks: each draw takes one of them uniformly
        pool = [r for r, k in zip(CARD_RANKS, self.deck) for _ in range(k)]
        left = len(pool)
        out = []
        for _ in self.to_deal:
            x = int(rng.integers(left))
            out.append(pool[x])
            left -= 1
            pool[x] = pool[left]
        return tuple(out)

    def apply(self, action: Any) -> DicePokerGame:
        p = self.phase
        if p == BET:
            return self._bet(action)
        if p == ROLL:
            rolls = action if type(action) is tuple and action and type(action[0]) is tuple else (action,)
            return self._roll(rolls)
        if p == DEAL:
            return self._deal(action if type(action) is tuple else (action,))
        raise InputError("the hand is over: no more actions")

    def apply_joint(self, actions: Mapping[int, Any]) -> DicePokerGame:
        raise InputError("Dice Poker has no simultaneous moves")

    def returns(self) -> tuple[Payoff, ...]:
        """Each seat's net chips: its share of the pot (at the end) minus what it put in."""
        if self.payoff is not None:
            return self.payoff
        return tuple(-c for c in self.betting.committed)

    def observation(self, player: int) -> DicePokerObservation:
        n = self.num_players
        check_count(player, "player", low=0, high=n - 1, hint="a seat")
        b = self.betting
        history = self.history + (b.actions,) if self.phase == BET else self.history
        return DicePokerObservation(
            player, _PHASES[self.phase], self.dice, self.cards[player], tuple(map(len, self.cards)), self.street,
            history, b.committed, b.live, b.to_act if self.phase == BET else -1, self.shown)

    # -- steps ----------------------------------------------------------------------
    def _roll(self, rolls: tuple[Any, ...]) -> DicePokerGame:
        """The next seats' rolls, in seat order (each checked: three dice from 1 to 6)."""
        seat = len(self.dice) - self.dice.count(())
        if seat + len(rolls) > len(self.dice):
            raise InputError(f"roll: {len(rolls)} rolls given but only {len(self.dice) - seat} seats still roll")
        dice = list(self.dice)
        lines: list[LazyEvent] = []
        for roll in rolls:
            if type(roll) is not tuple or roll not in _SORTED or not (type(roll[0]) is type(roll[1]) is type(roll[2])
                                                                        is int):
                raise InputError(f"roll: three dice from 1 to 6, got {roll!r}")
            roll = _SORTED[roll]
            dice[seat] = roll
            lines.append(("roll", seat, True, (), "seat {} rolls {}", (seat + 1, _dice_text(roll))))
            seat += 1
        log = self.log.add_lazy(lines)
        if seat < len(dice):
            return _NEW(DicePokerGame, (self.rules, self.limits, ROLL, tuple(dice), self.cards, self.deck, 0,
                                        self.betting, (), (), None, (), log))
        b = self.betting
        return _NEW(DicePokerGame, (self.rules, self.limits, BET, tuple(dice), self.cards, self.deck, 0,
                                    start_round(committed=b.committed, live=b.live, first=0), (), (), None, (), log))

    def _deal(self, ranks: tuple[Any, ...]) -> DicePokerGame:
        """The next cards of this dealing step, to the seats in ``to_deal`` order."""
        to_deal = self.to_deal
        if len(ranks) > len(to_deal):
            raise InputError(f"deal: {len(ranks)} cards given but this dealing step needs {len(to_deal)}")
        deck = list(self.deck)
        cards = list(self.cards)
        lines: list[LazyEvent] = []
        for seat, rank in zip(to_deal, ranks):
            if type(rank) is not int or not 2 <= rank <= 14 or not deck[rank - 2]:
                raise InputError(f"deal: a card rank left in the deck (2 to 14), got {rank!r}")
            deck[rank - 2] -= 1
            cards[seat] += (rank,)
            lines.append(("deal", seat, False, (seat,), _deal_line, (seat, rank)))
        log = self.log.add_lazy(lines)
        rest = to_deal[len(ranks):]
        if rest:
            return _NEW(DicePokerGame, (self.rules, self.limits, DEAL, self.dice, tuple(cards), tuple(deck),
                                        self.street, self.betting, self.history, rest, None, (), log))
        b = self.betting
        return _NEW(DicePokerGame, (self.rules, self.limits, BET, self.dice, tuple(cards), tuple(deck), self.street,
                                    start_round(committed=b.committed, live=b.live, first=0), self.history, (), None,
                                    (), log))

    def _bet(self, action: Any) -> DicePokerGame:
        b = self.betting
        seat = b.to_act
        if not isinstance(action, str):
            raise InputError(f"action: one of {', '.join(legal_actions(self.limits, b))}, got {action!r}")
        nb = apply_action(self.limits, b, action)
        log = self.log.add_lazy((("bet", seat, True, (), _action_line, (seat, action, nb.pot)),))
        if nb.to_act >= 0:
            return _NEW(DicePokerGame, (self.rules, self.limits, BET, self.dice, self.cards, self.deck, self.street,
                                        nb, self.history, (), None, (), log))
        history = self.history + (nb.actions,)
        once = self.rules.betting == "once"
        if sum(nb.live) < 2 or self.street >= (1 if once else 3):
            return self._replace(betting=nb, history=history, log=log)._end(nb)
        live_seats = tuple(s for s in range(len(nb.live)) if nb.live[s])
        order = live_seats * 3 if once else live_seats
        return _NEW(DicePokerGame, (self.rules, self.limits, DEAL, self.dice, self.cards, self.deck, self.street + 1,
                                    nb, history, order, None, (), log))

    def _end(self, b: RoundState) -> DicePokerGame:
        """Pay the pot: to the last seat in, or split exactly among the best hands at the showdown."""
        pot = b.pot
        live = [s for s in range(len(b.live)) if b.live[s]]
        events: list[LazyEvent] = []
        shown: tuple[tuple[int, ...], ...] = ()
        if len(live) == 1:
            winners = live
            events.append(("win", live[0], True, (), "seat {} wins the pot of {} unshown", (live[0] + 1, pot)))
        else:
            ranks = {s: hand_rank(self.dice[s], self.cards[s], rules=self.rules) for s in live}
            top = max(ranks.values())
            winners = [s for s in live if ranks[s] == top]
            shown = tuple(self.cards[s] if s in ranks else () for s in range(len(b.live)))
            for s in live:
                events.append(("showdown", s, True, (), _show_line, (s, self.dice[s], self.cards[s], self.rules)))
            share_text = str(Fraction(pot, len(winners)))
            events.append(("win", None, True, (), "{} the pot of {}{}",
                           (_seats_text(winners), pot, "" if len(winners) == 1 else f" ({share_text} each)")))
        share: Payoff = pot // len(winners) if pot % len(winners) == 0 else Fraction(pot, len(winners))
        payoff = tuple((share if s in winners else 0) - c for s, c in enumerate(b.committed))
        return self._replace(phase=OVER, payoff=payoff, shown=shown, log=self.log.add_lazy(tuple(events)))

    # -- for people and tests -------------------------------------------------------
    def describe(self) -> str:
        """Every seat's dice and cards (the whole truth, for people)."""
        lines = []
        for s, (d, c) in enumerate(zip(self.dice, self.cards)):
            state = "in" if self.betting.live[s] else "folded"
            lines.append(f"seat {s + 1}: dice {_dice_text(d) or '-'}, cards {' '.join(map(value_name, c)) or '-'}"
                         f" ({state}, put in {self.betting.committed[s]})")
        return "\n".join(lines)


def _dice_text(dice: Sequence[int]) -> str:
    return ",".join(map(str, dice))


_VERBS = {"check": "checks", "call": "calls", "fold": "folds", "bet": "bets", "raise": "raises"}


def _action_line(seat: int, action: str, pot: int) -> str:
    word, _, size = action.partition(" ")
    verb = _VERBS[word] + (" by" if word == "raise" and size else "")
    return f"seat {seat + 1} {verb}{' ' + size if size else ''} (pot {pot})"


def _deal_line(seat: int, rank: int) -> str:
    return f"seat {seat + 1} is dealt {value_name(rank)}"


def _seats_text(seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0] + 1} wins"
    return "seats " + ", ".join(str(s + 1) for s in seats) + " split"


def _show_line(seat: int, dice: tuple[int, ...], cards: tuple[int, ...], rules: DicePokerRules) -> str:
    from .evaluator import evaluate

    hand = evaluate(_dice_text(dice), ",".join(map(value_name, cards)), rules=rules)
    return f"seat {seat + 1} shows {' '.join(map(value_name, cards))} with {_dice_text(dice)}: {hand.name}"


@check_arguments
def new_game(rules: DicePokerRules, *, players: int | None = None, hand_limit: int | None = None) -> DicePokerGame:
    """A hand before the dice: every seat has anted.

    Parameters:
        rules: the rules.
        players: the number of players (overrides ``rules.players``); whole games take 2 to 8.
        hand_limit: a positive whole number (a game is one hand, so any limit of at least
            one lets it finish).

    Returns:
        The initial state: a chance node (seat 1's roll).

    Raises:
        ValueError: a player count outside 2 to 8, or a bad hand limit.

    Examples:
        >>> g = new_game(DicePokerRules(), players=3)
        >>> g.turn.value, g.returns()
        ('chance', (-1, -1, -1))
    """
    n = rules.players if players is None else players
    check_count(n, "players", low=2, high=PLAY_MAX_PLAYERS, hint="whole Dice Poker games; the hand analyses take up to 17")
    if n != rules.players:
        rules = replace(rules, players=n)
    if hand_limit is not None:
        check_count(hand_limit, "hand_limit", low=1, high=None, hint="hands")
    a = rules.ante
    betting = RoundState(-1, (a,) * n, (True,) * n, 0, a, 0, False, ())
    log = EventLog().add_lazy((("ante", None, True, (), "{} players ante {} each", (n, a)),))
    return DicePokerGame(rules, play_limits(rules), ROLL, ((),) * n, ((),) * n, _FULL_DECK, 0, betting, (), (), None,
                         (), log)
