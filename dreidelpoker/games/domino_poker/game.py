"""Domino Poker played whole ([Domino Poker rules: play][rules-5-1]): a session of hands on the whole-game engine.

Each hand: everyone antes, five tiles each are dealt one at a time round the table from
the eldest hand (the seat left of the dealer), then one betting round starting with the
eldest hand and going left: check (only while nobody has bet), bet, call, raise (after
a bet, at most ``max_raises`` raises), fold (without showing). When one player is left
they take the pot unseen; otherwise the best hand at the showdown (the library's strength
order, [`strength_tables`][dreidelpoker.games.domino_poker.table.strength_tables]) takes it, exact
ties split. The deal then moves one seat to the left.

The betting round is the shared one, [`dreidelpoker.games.betting_round`][dreidelpoker.games.betting_round]
([`play_limits`][dreidelpoker.games.domino_poker.game.play_limits] turns the rules into its limits:
agreed sizes from ``min_bet`` to ``max_bet``, or no limit, the stack as table stakes). Actions
are strings: ``"check"``, ``"call"``, ``"fold"``, ``"bet N"`` and ``"raise N"``, where ``N`` is
the size of the bet, or what a raise adds on top of the call. The legal actions are
``"check"`` then the bets by size, smallest first; or ``"call"``, the raises by size and
``"fold"``.

Chance deals one tile (its index in [`TILES`][dreidelpoker.games.domino_poker.TILES])
per node with weight 1; [`sample_chance`][dreidelpoker.games.domino_poker.DominoPokerGame.sample_chance] draws the rest of the deal
at once (a tuple of tiles, applied exactly as the single tiles one after another).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any, NamedTuple

from ..betting_round import Limits, RoundState, apply_action, legal_actions, start_round
from ..tuple_state import FrozenTuple, LoggedState
from ..protocol import Event, EventLog, LazyEvent, Payoff, Turn
from .rules import DominoPokerRules
from .table import strength_tables
from .tiles import HAND_SIZE, TILES, Tile, format_tiles
from ...caches import bounded_cache
from ...errors import InputError
from ...sampler import Sampler
from ...validation import check_arguments, check_count, is_whole_number

__all__ = [
    "DominoPokerGame", "DominoPokerObservation", "HandSummary", "hand_tiles", "new_game", "play_limits", "strength_of",
]

DEAL, BET, OVER = range(3)
_PHASE_NAMES = ("deal", "bet", "over")
_FULL = (1 << len(TILES)) - 1

# Tally slots (session totals) kept on the state for the metrics.
T_BETS, T_RAISES, T_CALLS, T_CHECKS, T_FOLDS, T_SHOWDOWNS, T_POT, T_MAX_POT, T_ACTIONS = range(9)
_TALLY0 = (0,) * 9


@bounded_cache(maxsize=8)
def _strength_by_mask(low_runs: str) -> dict[int, int]:
    """``{20-bit hand mask: strength}`` for every hand (a dict: faster than numpy for one look-up)."""
    t = strength_tables(low_runs)  # type: ignore[arg-type]
    return dict(zip(t.masks.tolist(), t.strength.tolist()))


def strength_of(mask: int, *, rules: DominoPokerRules) -> int:
    """A five-tile hand's strength: its position among the 15,504 hands (0 = weakest).

    Parameters:
        mask: the hand as a 20-bit tile mask (bit ``i`` is ``TILES[i]``).
        rules: the rules (``low_runs`` decides the order).

    Returns:
        The strength; a greater strength beats a smaller one.

    Raises:
        ValueError: ``mask`` is not a hand of five tiles.

    Examples:
        >>> r = DominoPokerRules()
        >>> strength_of(0b11111 << 15, rules=r) > strength_of(0b11111, rules=r)  # [6-6]..[6-2] (straight sixes) vs one pair
        True
    """
    s = _strength_by_mask(rules.low_runs).get(mask)
    if s is None:
        raise InputError(f"mask: {mask!r} is not a hand of {HAND_SIZE} tiles")
    return s


def hand_tiles(mask: int) -> tuple[Tile, ...]:
    """The tiles of a mask, strongest first.

    Parameters:
        mask: tiles as a 20-bit mask (bit ``i`` is ``TILES[i]``).

    Returns:
        The tiles, strongest first.

    Examples:
        >>> format_tiles(hand_tiles(0b11))
        '[2-2] [2-1]'
    """
    return tuple(TILES[i] for i in range(len(TILES) - 1, -1, -1) if mask >> i & 1)


@bounded_cache(maxsize=64)
def play_limits(rules: DominoPokerRules) -> Limits:
    """The betting round's limits for these rules ([Domino Poker rules: play][rules-5-1] limits).

    Agreed limits are sizes from ``min_bet`` to ``max_bet`` (named even when there is one);
    no limit allows anything the stack leaves, a raise at least the last bet or raise (or
    all-in). The stack is table stakes: nobody puts more than ``ante + stack`` in a hand.

    Parameters:
        rules: the rules.

    Returns:
        The [`Limits`][dreidelpoker.games.betting_round.Limits].

    Examples:
        >>> play_limits(DominoPokerRules())
        Limits(kind='spread', bet=1, max_raises=3, max_bet=1, cap=21)
        >>> play_limits(DominoPokerRules(betting="no-limit", stack=4)).kind
        'no-limit'
    """
    cap = rules.ante + rules.stack
    if rules.betting == "no-limit":
        return Limits(kind="no-limit", bet=rules.min_bet, max_raises=rules.max_raises, cap=cap)
    return Limits(kind="spread", bet=rules.min_bet, max_bet=rules.max_bet, max_raises=rules.max_raises, cap=cap)


class _SummaryFields(NamedTuple):
    number: int
    pot: int
    winners: tuple[int, ...]
    showdown: bool
    shown: tuple[tuple[int, int], ...]
    net: tuple[Payoff, ...]


class HandSummary(FrozenTuple, _SummaryFields):
    """How a finished hand ended (public once the hand is over).

    Attributes:
        number: the hand's number in the session (1-based).
        pot: the pot played for.
        winners: the seats that took it (several: a split pot).
        showdown: ``True`` when hands were shown; ``False`` when everyone else folded.
        shown: ``(seat, tile mask)`` of every hand shown at the showdown (folded hands are never shown).
        net: each seat's result in this hand.
    """

    __slots__ = ()


class _ObservationFields(NamedTuple):
    seat: int
    rules: DominoPokerRules
    phase: str
    hand_number: int
    button: int
    hand: int
    pot: int
    paid: tuple[int, ...]
    to_call: int
    raises: int
    last_size: int
    folded: tuple[bool, ...]
    actions: tuple[tuple[int, str], ...]
    chips: tuple[Payoff, ...]
    last_hand: HandSummary | None


class DominoPokerObservation(FrozenTuple, _ObservationFields):
    """What one seat may know: its own tiles, never another's (until shown at a showdown).

    Attributes:
        seat: the observing seat (0-based).
        rules: the rules (public).
        phase: ``"deal"``, ``"bet"`` or ``"over"``.
        hand_number: hands finished so far in the session.
        button: the dealer's seat (the eldest hand is the seat after it).
        hand: this seat's tiles as a 20-bit mask (see [`tiles`][dreidelpoker.games.domino_poker.game.DominoPokerObservation.tiles]).
        pot: chips in the pot (antes included).
        paid: what each seat has put in this hand (ante included).
        to_call: what this seat must add to call (0: it may check).
        raises: raises made so far in this round.
        last_size: the size of the last bet or raise (0 before a bet).
        folded: per seat, whether it has folded this hand.
        actions: ``(seat, action)`` of every betting action this hand, in order.
        chips: each seat's net chips so far in the session.
        last_hand: how the previous hand ended (``None`` in the first hand).
    """

    __slots__ = ()

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """This seat's tiles, strongest first."""
        return hand_tiles(self.hand)

    @property
    def opponents_in(self) -> int:
        """Opponents who have not folded."""
        return sum(1 for s, f in enumerate(self.folded) if not f and s != self.seat)

    @property
    def committed(self) -> int:
        """What this seat has put in this hand beyond the ante."""
        return self.paid[self.seat] - self.rules.ante


class _GameFields(NamedTuple):
    rules: DominoPokerRules
    limits: Limits
    hand_limit: int
    hands_played: int
    button: int
    chips: tuple[Payoff, ...]
    phase: int
    undealt: int
    dealt: int
    holdings: tuple[int, ...]
    betting: RoundState
    tally: tuple[int, ...]
    wins: tuple[int, ...]
    last_hand: HandSummary | None = None
    log: EventLog = EventLog()


class DominoPokerGame(LoggedState, FrozenTuple, _GameFields):
    """A Domino Poker session in progress (a [`GameState`][dreidelpoker.play.GameState]).

    Build one with [`new_game`][dreidelpoker.games.domino_poker.new_game]. ``holdings`` are tile masks by seat; ``betting`` is
    the hand's `RoundState` (what each seat has put in, who is still in,
    who acts).

    Immutable: ``apply`` returns a new state. Two states are equal when every field
    but the log is.

    Examples:
        >>> from dreidelpoker.games.domino_poker import DominoPokerRules, new_game
        >>> new_game(DominoPokerRules()).turn.name
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
        return Turn.PLAYER if p == BET else Turn.CHANCE if p == DEAL else Turn.TERMINAL

    @property
    def current_players(self) -> tuple[int, ...]:
        return (self.betting.to_act,) if self.phase == BET else ()

    @property
    def paid(self) -> tuple[int, ...]:
        """What each seat has put in this hand (ante included)."""
        return self.betting.committed

    @property
    def folded(self) -> tuple[bool, ...]:
        """Per seat, whether it has folded this hand."""
        return tuple(not x for x in self.betting.live)

    @property
    def raises(self) -> int:
        """Raises made so far in this hand's round."""
        return self.betting.raises

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def rounds(self) -> int:
        """Hands finished."""
        return self.hands_played

    @property
    def truncated(self) -> bool:
        return self.phase == OVER and self.hands_played < self.rules.session_hands

    @property
    def pot(self) -> int:
        return sum(self.betting.committed)

    @property
    def eldest(self) -> int:
        """The eldest hand: the seat left of the dealer, first to receive tiles and to act."""
        return (self.button + 1) % self.rules.players

    def legal_actions(self, player: int) -> tuple[str, ...]:
        if self.phase != BET or player != self.betting.to_act:
            return ()
        return legal_actions(self.limits, self.betting)

    def chance_outcomes(self) -> tuple[tuple[int, int], ...]:
        """The next tile dealt: every undealt tile, weight 1."""
        if self.phase != DEAL:
            return ()
        u = self.undealt
        return tuple((i, 1) for i in range(len(TILES)) if u >> i & 1)

    def sample_chance(self, rng: Sampler) -> tuple[int, ...]:
        """The rest of the deal at once, in dealing order (the same law as one tile at a time).

        ``rng`` is the game's `Sampler`.
        """
        u = self.undealt
        pool = [i for i in range(len(TILES)) if u >> i & 1]
        need = HAND_SIZE * self.rules.players - self.dealt
        out = []
        for k in range(need):  # a partial Fisher-Yates shuffle
            j = k + rng.integers(len(pool) - k)
            pool[k], pool[j] = pool[j], pool[k]
            out.append(pool[k])
        return tuple(out)

    def apply(self, action: Any) -> DominoPokerGame:
        p = self.phase
        if p == DEAL:
            return self._deal(action if isinstance(action, tuple) else (action,))
        if p == BET:
            return self._act(action)
        raise InputError("the session is over: no more actions")

    def apply_joint(self, actions: Mapping[int, Any]) -> DominoPokerGame:
        raise InputError("Domino Poker has no simultaneous moves")

    def returns(self) -> tuple[Payoff, ...]:
        """Each seat's net chips: pots won minus what it put in."""
        return self.chips

    def observation(self, player: int) -> DominoPokerObservation:
        n = self.rules.players
        check_count(player, "player", low=0, high=n - 1, hint="a seat")
        b = self.betting
        paid = b.committed
        return _NEW(DominoPokerObservation, (
            player, self.rules, _PHASE_NAMES[self.phase], self.hands_played, self.button, self.holdings[player],
            sum(paid), paid, b.level - paid[player], b.raises, b.last, _FOLDED[b.live], self.hand_actions, self.chips,
            self.last_hand))

    @property
    def hand_actions(self) -> tuple[tuple[int, str], ...]:
        """``(seat, action)`` of every betting action this hand, in order."""
        return self.betting.actions

    # -- the deal ---------------------------------------------------------------------
    def _deal(self, tiles: tuple[Any, ...]) -> DominoPokerGame:
        n = self.rules.players
        undealt, dealt = self.undealt, self.dealt
        holdings = list(self.holdings)
        eldest = (self.button + 1) % n
        for t in tiles:
            if not is_whole_number(t) or not 0 <= t < len(TILES) or not undealt >> t & 1:
                raise InputError(f"deal: {t!r} is not the index of an undealt tile (0 to {len(TILES) - 1})")
            if dealt >= HAND_SIZE * n:
                raise InputError("deal: every hand already holds five tiles")
            holdings[(eldest + dealt) % n] |= 1 << t
            undealt &= ~(1 << t)
            dealt += 1
        if dealt < HAND_SIZE * n:
            return self._replace(undealt=undealt, dealt=dealt, holdings=tuple(holdings))
        log = self.log.add_lazy(tuple(("deal", s, False, (s,), _deal_line, (s, holdings[s])) for s in range(n)))
        b = self.betting
        return self._replace(undealt=undealt, dealt=dealt, holdings=tuple(holdings), phase=BET,
                             betting=start_round(committed=b.committed, live=b.live, first=eldest), log=log)

    # -- the betting round ------------------------------------------------------------
    def _act(self, action: Any) -> DominoPokerGame:
        r = self.rules
        b = self.betting
        seat = b.to_act
        nb = apply_action(self.limits, b, action)  # refuses an illegal action, naming the legal ones
        tally = list(self.tally)
        tally[T_ACTIONS] += 1
        pot = sum(nb.committed)
        # the log line's text is written only when someone reads the log (most games are never read)
        args: tuple[int, ...]
        if action == "check":
            tally[T_CHECKS] += 1
            fmt, args = "seat {} checks (pot {})", (seat + 1, pot)
        elif action == "call":
            tally[T_CALLS] += 1
            fmt, args = "seat {} calls {} (pot {})", (seat + 1, b.level - b.committed[seat], pot)
        elif action == "fold":
            tally[T_FOLDS] += 1
            fmt, args = "seat {} folds (pot {})", (seat + 1, pot)
        elif action[0] == "r":
            tally[T_RAISES] += 1
            fmt, args = "seat {} raises {} to {} (pot {})", (seat + 1, nb.last, nb.level - r.ante, pot)
        else:
            tally[T_BETS] += 1
            fmt, args = "seat {} bets {} (pot {})", (seat + 1, nb.last, pot)
        log = self.log.add_lazy((("bet", seat, True, (), fmt, args),))
        if nb.to_act < 0:  # one player left, or everyone has acted
            return self._end_hand(nb, tuple(tally), log)
        return self._replace(betting=nb, tally=tuple(tally), log=log)

    def _end_hand(self, betting: RoundState, tally_t: tuple[int, ...], log: EventLog) -> DominoPokerGame:
        r = self.rules
        n = r.players
        paid = betting.committed
        pot = sum(paid)
        live = [s for s in range(n) if betting.live[s]]
        tally = list(tally_t)
        tally[T_POT] += pot
        tally[T_MAX_POT] = max(tally[T_MAX_POT], pot)
        shown: tuple[tuple[int, int], ...] = ()
        winners: tuple[int, ...]
        if len(live) == 1:
            winners = (live[0],)
            log = log.add(Event("win", f"seat {live[0] + 1} takes the pot of {pot} without a showdown", live[0]))
        else:
            tally[T_SHOWDOWNS] += 1
            by_mask = _strength_by_mask(r.low_runs)
            strengths = {s: by_mask[self.holdings[s]] for s in live}
            best = max(strengths.values())
            winners = tuple(s for s in live if strengths[s] == best)
            shown = tuple((s, self.holdings[s]) for s in live)
            lines: list[LazyEvent] = [("showdown", s, True, (), _show_line, (s, m)) for s, m in shown]
            lines.append(("win", winners[0], True, (), _win_line, (winners, pot)))
            log = log.add_lazy(tuple(lines))
        share: Payoff = pot // len(winners) if pot % len(winners) == 0 else Fraction(pot, len(winners))
        net = tuple((share if s in winners else 0) - paid[s] for s in range(n))
        chips = tuple(c + d + r.ante for c, d in zip(self.chips, net))  # the ante left the stack at the deal
        wins = tuple(w + (s in winners) for s, w in enumerate(self.wins))
        number = self.hands_played + 1
        summary = HandSummary(number, pot, winners, len(live) > 1, shown, net)
        limit = min(r.session_hands, self.hand_limit)
        if number >= limit:
            return self._replace(hands_played=number, chips=chips, phase=OVER, betting=betting, tally=tuple(tally),
                                 wins=wins, last_hand=summary, log=log)
        return _start_hand(r, self.limits, self.hand_limit, number, (self.button + 1) % n, chips, tuple(tally), wins,
                           summary, log)

    # -- helpers for people and tests ----------------------------------------------
    def describe(self) -> str:
        """Every hand (the whole truth, for people)."""
        lines = [f"hand {self.hands_played + 1}, dealer seat {self.button + 1}, pot {self.pot}"]
        for s, m in enumerate(self.holdings):
            state = "" if self.betting.live[s] else " (folded)"
            lines.append(f"seat {s + 1}: {format_tiles(hand_tiles(m))}{state}")
        return "\n".join(lines)

    def tile_count(self) -> int:
        """Tiles accounted for: undealt + every hand (always 20; no tile in two places)."""
        seen = self.undealt
        total = seen.bit_count()
        for m in self.holdings:
            if seen & m:
                raise AssertionError("a tile is in two places")
            seen |= m
            total += m.bit_count()
        return total


def _show_line(seat: int, mask: int) -> str:
    return f"seat {seat + 1} shows {format_tiles(hand_tiles(mask))}"


def _win_line(winners: tuple[int, ...], pot: int) -> str:
    who = " and ".join(f"seat {w + 1}" for w in winners)
    return f"{who} {'win' if len(winners) > 1 else 'wins'} the pot of {pot}"


def _deal_line(seat: int, mask: int) -> str:
    return f"seat {seat + 1} is dealt {format_tiles(hand_tiles(mask))}"


#: ``live`` -> ``folded`` for the observations (every tuple of up to four seats).
_FOLDED: dict[tuple[bool, ...], tuple[bool, ...]] = {
    live: tuple(not x for x in live) for n in range(1, 5) for live in itertools.product((False, True), repeat=n)}
_NEW = tuple.__new__


def _start_hand(rules: DominoPokerRules, limits: Limits, hand_limit: int, hands_played: int, button: int,
                chips: tuple[Payoff, ...], tally: tuple[int, ...], wins: tuple[int, ...], last: HandSummary | None,
                log: EventLog) -> DominoPokerGame:
    n = rules.players
    a = rules.ante
    log = log.add_lazy((("ante", None, True, (), "hand {}: seat {} deals; everyone antes {} (pot {})",
                         (hands_played + 1, button + 1, a, a * n)),))
    betting = RoundState(-1, (a,) * n, (True,) * n, 0, a, 0, False, ())  # the round starts after the deal
    return DominoPokerGame(rules, limits, hand_limit, hands_played, button, tuple(c - a for c in chips), DEAL, _FULL,
                           0, (0,) * n, betting, tally, wins, last, log)


@check_arguments
def new_game(rules: DominoPokerRules, *, players: int | None = None, hand_limit: int | None = None) -> DominoPokerGame:
    """A session before its first deal: everyone has anted; seat 1 is the eldest hand.

    Parameters:
        rules: the rules.
        players: the number of players (overrides ``rules.players``; 2 to 4).
        hand_limit: stop after this many hands even if ``rules.session_hands`` is larger
            (the session then counts as cut short).

    Returns:
        The initial state: a chance node (the deal).

    Raises:
        ValueError: a player count outside 2..4 or a bad hand limit.

    Examples:
        >>> g = new_game(DominoPokerRules(players=3))
        >>> g.turn.value, g.pot, g.chips
        ('chance', 3, (-1, -1, -1))
    """
    if not isinstance(rules, DominoPokerRules):
        raise InputError(f"rules: expected DominoPokerRules, got {type(rules).__name__}")
    if players is not None and players != rules.players:
        rules = replace(rules, players=players)
    limit = rules.session_hands if hand_limit is None else hand_limit
    check_count(limit, "hand_limit", low=1, high=None, hint="hands")
    n = rules.players
    return _start_hand(rules, play_limits(rules), limit, 0, n - 1, (0,) * n, _TALLY0, (0,) * n, None, EventLog())
