"""Skirmish played on the whole-game engine: the game state ([Skirmish rules][rules-3]).

Every shuffle is a chance node. The deal and every card laid are *sequential rank
draws*: the outcome is a rank, its weight the number of copies left in the pile being
drawn from, so a draw pile is a multiset whose order is never fixed in advance (exactly a
uniform shuffle). When a draw pile runs out mid-lay, the discard becomes the new draw
pile (the reshuffle is the draws that follow). [`SkirmishGame.sample_chance`][dreidelpoker.games.skirmish.SkirmishGame.sample_chance] is the
fast path with the same distribution (a uniform card of the pile).

Observations hold the face-up cards (both lines, the face-up pile cards and cards turned
up by a War-style tie) and pile sizes, never the order or contents of draw piles,
discards or face-down cards.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any


from ..protocol import Event, EventLog, Payoff, Turn
from .rules import SkirmishRules, format_cards, card_name
from .solver import Capture, legal_captures
from ...errors import InputError
from ...sampler import Sampler
from ...validation import check_arguments

__all__ = ["SkirmishGame", "SkirmishObservation", "Stats", "deal_state", "new_game", "runs"]

DEAL, LAY, CAPTURE, OVER = 0, 1, 2, 3
_PHASES = ("deal", "lay", "capture", "over")

#: Per-game counters: (cards laid, captures seat 1, captures seat 2, piles won seat 1,
#: piles won seat 2, pile cards won net by seat 1, first pile: 0/1 seat, 2 tie, -1 not yet,
#: ties, reshuffles).
Stats = tuple[int, int, int, int, int, int, int, int, int]
_NO_STATS: Stats = (0, 0, 0, 0, 0, 0, -1, 0, 0)


def runs(cards: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """A sorted multiset as ``(rank, copies)`` pairs: the weights of a sequential rank draw.

    Parameters:
        cards: the ranks, sorted.

    Returns:
        The pairs, lowest rank first.

    Examples:
        >>> runs((2, 2, 5, 9, 9, 9))
        ((2, 2), (5, 1), (9, 3))
    """
    out: list[tuple[int, int]] = []
    for r in cards:
        if out and out[-1][0] == r:
            out[-1] = (r, out[-1][1] + 1)
        else:
            out.append((r, 1))
    return tuple(out)


def _insert(line: tuple[int, ...], r: int) -> tuple[int, ...]:
    i = 0
    n = len(line)
    while i < n and line[i] < r:
        i += 1
    return line[:i] + (r,) + line[i:]


def _remove(cards: tuple[int, ...], r: int) -> tuple[int, ...]:
    i = cards.index(r)
    return cards[:i] + cards[i + 1:]


def _can(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return bool(a) and bool(b) and a[-1] > b[0]


@dataclass(frozen=True, slots=True)
class SkirmishObservation:
    """What one seat may know: the face-up cards and the pile sizes.

    Attributes:
        seat: the observing seat (0-based).
        phase: ``"deal"``, ``"lay"``, ``"capture"`` or ``"over"``.
        mine, theirs: the two skirmish lines (sorted ranks), own first.
        shown_mine, shown_theirs: the face-up pile cards laid so far (after a War-style
            tie, the cards turned up, top first).
        cards_mine, cards_theirs: each side's cards in draw and discard piles.
        skirmish: completed skirmishes.
        to_move: whose capture it is (``-1`` outside the capture phase).
    """

    seat: int
    phase: str
    mine: tuple[int, ...]
    theirs: tuple[int, ...]
    shown_mine: tuple[int, ...]
    shown_theirs: tuple[int, ...]
    cards_mine: int
    cards_theirs: int
    skirmish: int
    to_move: int


@dataclass(frozen=True, slots=True)
class SkirmishGame:
    """A Skirmish game in progress (a [`GameState`][dreidelpoker.play.GameState]).

    Attributes:
        rules: the rules.
        stock: the undealt deck during the deal (sorted ranks).
        draw: each seat's draw pile (a sorted multiset: its order is never fixed).
        discard: each seat's discard pile.
        lines: each seat's skirmish line (sorted).
        piles: each seat's skirmish pile in lay order (the last card is face up).
        phase: 0 deal, 1 lay, 2 capture, 3 over.
        seat: the seat dealt to or laying (deal, lay), or the capturing seat.
        sizes: ``(line seat 1, pile seat 1, line seat 2, pile seat 2)`` to lay this skirmish.
        shown: cards turned face up on each pile (face-up card, then War-style tie cards).
        prev_winner: the last seat to win a pile (who captures first after a tie).
        skirmishes: completed skirmishes.
        limit: the skirmish limit of this game.
        cut: the game stopped at the limit.
        winner: the winning seat, ``2`` for a draw, ``-1`` while playing.
        stats: per-game counters (see `Stats`).
        log: the readable events.
    """

    rules: SkirmishRules
    stock: tuple[int, ...]
    draw: tuple[tuple[int, ...], tuple[int, ...]]
    discard: tuple[tuple[int, ...], tuple[int, ...]]
    lines: tuple[tuple[int, ...], tuple[int, ...]]
    piles: tuple[tuple[int, ...], tuple[int, ...]]
    phase: int
    seat: int
    sizes: tuple[int, int, int, int]
    shown: tuple[tuple[int, ...], tuple[int, ...]]
    prev_winner: int
    skirmishes: int
    limit: int
    cut: bool
    winner: int
    stats: Stats
    log: EventLog

    # -- the protocol -----------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    @property
    def turn(self) -> Turn:
        p = self.phase
        return Turn.PLAYER if p == CAPTURE else Turn.TERMINAL if p == OVER else Turn.CHANCE

    @property
    def current_players(self) -> tuple[int, ...]:
        return (self.seat,) if self.phase == CAPTURE else ()

    @property
    def rounds(self) -> int:
        """Completed skirmishes."""
        return self.skirmishes

    @property
    def truncated(self) -> bool:
        return self.cut

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def cards(self, seat: int) -> int:
        """A seat's cards in draw and discard piles (all of them between skirmishes)."""
        return len(self.draw[seat]) + len(self.discard[seat])

    def legal_actions(self, player: int) -> tuple[Capture, ...]:
        """The captures open to ``player`` now (compulsory: when any exists the seat must take one)."""
        if self.phase != CAPTURE or player != self.seat:
            return ()
        return legal_captures(self.lines[player], self.lines[1 - player])

    def _source(self) -> tuple[int, ...]:
        return self.stock if self.phase == DEAL else self.draw[self.seat]

    def chance_outcomes(self) -> tuple[tuple[int, int], ...]:
        """The next card drawn (deal or lay): each rank with its copies in the pile as weight."""
        if self.phase not in (DEAL, LAY):
            return ()
        return runs(self._source())

    def sample_chance(self, rng: Sampler) -> int:
        """A card drawn uniformly from the pile (the same distribution as [`chance_outcomes`][dreidelpoker.games.skirmish.SkirmishGame.chance_outcomes])."""
        src = self._source()
        return src[rng.integers(len(src))]

    def apply(self, action: Any) -> SkirmishGame:
        """The state after a drawn rank (chance) or a capture ``(own, taken)``.

        Raises:
            ValueError: a rank not in the pile, an illegal capture (not strictly lower, or
                cards not on the lines), or any move after the game is over.
        """
        if self.phase == LAY:
            return self._lay(action)
        if self.phase == CAPTURE:
            return self._capture(action)
        if self.phase == DEAL:
            return self._deal(action)
        raise InputError("the game is over: no more moves")

    def apply_joint(self, actions: Mapping[int, Any]) -> SkirmishGame:
        raise InputError("Skirmish has no simultaneous moves")

    def returns(self) -> tuple[Payoff, ...]:
        """+1 for the winner, -1 for the loser; 0 each for a draw or a game cut at the limit."""
        if self.winner in (0, 1):
            return (1, -1) if self.winner == 0 else (-1, 1)
        return (0, 0)

    def observation(self, player: int) -> SkirmishObservation:
        o = 1 - player
        return SkirmishObservation(player, _PHASES[self.phase], self.lines[player], self.lines[o],
                                   self.shown[player], self.shown[o], self.cards(player), self.cards(o),
                                   self.skirmishes, self.seat if self.phase == CAPTURE else -1)

    # -- steps ------------------------------------------------------------------------
    def _with(self, **kw: Any) -> SkirmishGame:
        values = list(_GET_ALL(self))
        for k, v in kw.items():
            values[_INDEX[k]] = v
        return SkirmishGame(*values)

    def _deal(self, r: Any) -> SkirmishGame:
        if r not in self.stock:
            raise InputError(f"deal: rank {r!r} is not left in the deck")
        stock = _remove(self.stock, r)
        draw0 = _insert(self.draw[0], r)
        if len(draw0) < self.rules.half:
            return self._with(stock=stock, draw=(draw0, self.draw[1]))
        log = self.log.add(Event("deal", f"deal: {self.rules.half} cards each, face down"))
        g = self._with(stock=(), draw=(draw0, stock), log=log)
        return g._start_skirmish()

    def _start_skirmish(self) -> SkirmishGame:
        """Between skirmishes: decide the game (or the limit), else size the lay."""
        lose = self.rules.losing_cards
        c0, c1 = self.cards(0), self.cards(1)
        if c0 <= lose or c1 <= lose:
            winner = 2 if c0 <= lose and c1 <= lose else (1 if c0 <= lose else 0)
            text = ("both players are down to their last cards: a draw" if winner == 2 else
                    f"seat {2 - winner} has {min(c0, c1)} cards left: seat {winner + 1} wins")
            return self._with(phase=OVER, winner=winner, log=self.log.add(Event("end", text)))
        if self.skirmishes >= self.limit:
            return self._with(phase=OVER, cut=True, log=self.log.add(
                Event("limit", f"skirmish limit {self.limit} reached: the game is cut short")))
        sizes = self.rules.lay_sizes(c0) + self.rules.lay_sizes(c1)
        g = self._with(phase=LAY, seat=0, sizes=sizes, lines=((), ()), piles=((), ()), shown=((), ()))
        return g._refill()

    def _refill(self) -> SkirmishGame:
        """A seat about to draw from an empty draw pile shuffles its discard into a new one."""
        s = self.seat
        if self.draw[s]:
            return self
        draw = (tuple(sorted(self.discard[s])), self.draw[1]) if s == 0 else (self.draw[0], tuple(sorted(self.discard[1])))
        disc = ((), self.discard[1]) if s == 0 else (self.discard[0], ())
        st = self.stats
        stats = st[:8] + (st[8] + 1,)
        log = self.log.add(Event("reshuffle", f"seat {s + 1} shuffles {len(draw[s])} discards into a new draw pile",
                                 s))
        return self._with(draw=draw, discard=disc, stats=stats, log=log)

    def _lay(self, r: Any) -> SkirmishGame:
        s = self.seat
        src = self.draw[s]
        if r not in src:
            raise InputError(f"lay: rank {r!r} is not in seat {s + 1}'s draw pile")
        draw = (_remove(src, r), self.draw[1]) if s == 0 else (self.draw[0], _remove(src, r))
        line_n, pile_n = self.sizes[2 * s], self.sizes[2 * s + 1]
        lines, piles = self.lines, self.piles
        if len(lines[s]) < line_n:
            line = _insert(lines[s], r)
            lines = (line, lines[1]) if s == 0 else (lines[0], line)
        else:
            pile = piles[s] + (r,)
            piles = (pile, piles[1]) if s == 0 else (piles[0], pile)
        st = self.stats
        stats = (st[0] + 1,) + st[1:]
        g = SkirmishGame(self.rules, self.stock, draw, self.discard, lines, piles, LAY, s, self.sizes, self.shown,
                         self.prev_winner, self.skirmishes, self.limit, False, -1, stats, self.log)
        if len(piles[s]) < pile_n:
            return g._refill()
        log = g.log.add(Event("lay", f"seat {s + 1} lays line {format_cards(lines[s]) or '(none)'}; pile of "
                                     f"{len(piles[s])}, {card_name(piles[s][-1])} face up", s))
        if s == 0:
            return g._with(seat=1, log=log)._refill()
        return g._with(log=log).resolve_piles()

    def resolve_piles(self) -> SkirmishGame:
        """Compare the piles' top cards (and deeper cards on a tie, as the rules say) and
        move on: the state after the comparison (the exact chain starts its hands here).

        Returns:
            The next state.
        """
        p0, p1 = self.piles
        k = 1
        depth = 1 if self.rules.tie == "own-pile" else min(len(p0), len(p1))
        while k < depth and p0[-k] == p1[-k]:
            k += 1
        shown = (p0[::-1][:k], p1[::-1][:k])
        a, b = p0[-k], p1[-k]
        st = list(self.stats)
        if a == b:
            disc = (self.discard[0] + p0, self.discard[1] + p1)
            first = self.prev_winner
            st[7] += 1
            text = f"piles tie ({card_name(a)}): each keeps their own pile"
            won = 2
        else:
            w = 0 if a > b else 1
            both = p0 + p1
            disc = (self.discard[0] + both, self.discard[1]) if w == 0 else (self.discard[0], self.discard[1] + both)
            first = w
            st[3 + w] += 1
            st[5] += len(p1) if w == 0 else -len(p0)
            text = (f"seat {w + 1} wins the piles ({card_name(max(a, b))} over {card_name(min(a, b))}"
                    + (f", after {k - 1} tied" if k > 1 else "") + ")")
            won = w
        if st[6] == -1:
            st[6] = won
        g = self._with(discard=disc, piles=((), ()), shown=shown, stats=tuple(st),
                       prev_winner=first, log=self.log.add(Event("piles", text)))
        return g._next_mover(first, passed=False)

    def _next_mover(self, s: int, *, passed: bool) -> SkirmishGame:
        """Seat ``s`` is due to capture: it does if it can, else the other seat does, else the skirmish ends."""
        l0, l1 = self.lines[s], self.lines[1 - s]
        if _can(l0, l1):
            return self._with(phase=CAPTURE, seat=s)
        if _can(l1, l0):
            log = self.log.add(Event("pass", f"seat {s + 1} cannot capture and passes", s))
            return self._with(phase=CAPTURE, seat=1 - s, log=log)
        return self._end_skirmish()

    def _capture(self, action: Any) -> SkirmishGame:
        s = self.seat
        try:
            own, taken = action
        except (TypeError, ValueError):
            raise InputError(f"capture: expected (own card, taken card), got {action!r}") from None
        mine, theirs = self.lines[s], self.lines[1 - s]
        if own not in mine or taken not in theirs or not taken < own:
            raise InputError(
                f"capture: seat {s + 1} cannot take {card_name(taken) if isinstance(taken, int) else taken!r} with "
                f"{card_name(own) if isinstance(own, int) else own!r}; a capture takes a strictly lower opponent "
                f"line card with an own line card (lines {format_cards(mine)} vs {format_cards(theirs)})")
        mine, theirs = _remove(mine, own), _remove(theirs, taken)
        lines = (mine, theirs) if s == 0 else (theirs, mine)
        disc = (self.discard[0] + (own, taken), self.discard[1]) if s == 0 else \
            (self.discard[0], self.discard[1] + (own, taken))
        st = self.stats
        stats = st[:1] + ((st[1] + 1, st[2]) if s == 0 else (st[1], st[2] + 1)) + st[3:]
        log = self.log.add(Event("capture", f"seat {s + 1}: {card_name(own)} takes {card_name(taken)}", s))
        g = SkirmishGame(self.rules, self.stock, self.draw, disc, lines, self.piles, CAPTURE, s, self.sizes,
                         self.shown, self.prev_winner, self.skirmishes, self.limit, False, -1, stats, log)
        return g._next_mover(1 - s, passed=False)

    def _end_skirmish(self) -> SkirmishGame:
        l0, l1 = self.lines
        disc = (self.discard[0] + l0, self.discard[1] + l1)
        n = self.skirmishes + 1
        log = self.log.add(Event("skirmish", f"skirmish {n} over: seat 1 has {self.cards(0) + len(l0)} cards, "
                                             f"seat 2 has {self.cards(1) + len(l1)}"))
        g = self._with(discard=disc, lines=((), ()), skirmishes=n, phase=LAY, log=log)
        return g._start_skirmish()


_FIELDS = tuple(f.name for f in fields(SkirmishGame))
_GET_ALL = operator.attrgetter(*_FIELDS)
_INDEX = {f: i for i, f in enumerate(_FIELDS)}


@check_arguments
def new_game(rules: SkirmishRules | None = None, *, players: int | None = None,
             hand_limit: int | None = None) -> SkirmishGame:
    """A new game: the whole deck is about to be dealt (chance draws, one card at a time).

    Parameters:
        rules: the rules (default [`SkirmishRules`][dreidelpoker.games.skirmish.SkirmishRules]).
        players: must be 2 (or ``None``).
        hand_limit: a skirmish limit for this game; the smaller of it and ``rules.skirmish_limit`` applies.

    Returns:
        The initial [`SkirmishGame`][dreidelpoker.games.skirmish.SkirmishGame], a chance node.

    Raises:
        ValueError: ``players`` other than 2.

    Examples:
        >>> g = new_game(SkirmishRules(deck=(1, 1, 2, 2, 3, 3), line_size=1, pile_size=1))
        >>> g.turn.value, g.chance_outcomes()
        ('chance', ((1, 2), (2, 2), (3, 2)))
    """
    rules = rules if rules is not None else SkirmishRules()
    if players is not None and players != 2:
        raise InputError(f"players: Skirmish is played by 2 players, got {players!r}")
    limit = rules.skirmish_limit if hand_limit is None else min(rules.skirmish_limit, hand_limit)
    return SkirmishGame(rules, rules.deck, ((), ()), ((), ()), ((), ()), ((), ()), DEAL, 0, (0, 0, 0, 0),
                        ((), ()), 0, 0, limit, False, -1, _NO_STATS, EventLog())


@check_arguments
def deal_state(draw0: Sequence[int], draw1: Sequence[int], *,
               rules: SkirmishRules, hand_limit: int | None = None) -> SkirmishGame:
    """The game right after a given deal (each seat's draw pile as a multiset): for exact analyses.

    Parameters:
        rules: the rules.
        draw0: seat 1's half of the deck.
        draw1: seat 2's half.
        hand_limit: stop the game after this many skirmishes (default: the engine's limit).

    Returns:
        The [`SkirmishGame`][dreidelpoker.games.skirmish.SkirmishGame] after the deal.

    Raises:
        ValueError: the two halves are not a split of ``rules.deck``.

    Examples:
        >>> g = deal_state((1, 2, 3), (1, 2, 3), rules=SkirmishRules(deck=(1, 1, 2, 2, 3, 3), line_size=1, pile_size=1))
        >>> g.phase, g.sizes
        (1, (1, 1, 1, 1))
    """
    if sorted(list(draw0) + list(draw1)) != list(rules.deck) or len(draw0) != len(draw1):
        raise InputError("draw0, draw1: the two draw piles must split the deck in equal halves")
    g = new_game(rules, hand_limit=hand_limit)
    g = g._with(stock=(), draw=(tuple(sorted(draw0)), tuple(sorted(draw1))))
    return g._start_skirmish()
