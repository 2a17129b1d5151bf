"""Classic dreidel played on the whole-game engine ([`dreidelpoker.play`][dreidelpoker.play]).

Nobody decides anything in classic dreidel, so every node is chance (a spin) and the
game needs no bots: the line-up is ``"spinner"`` for every seat. A spin is settled by
[`spin_outcome`][dreidelpoker.games.classic_dreidel.spin_outcome], the same function the
absorbing chain is built from, so the simulator and the chain cannot disagree on the
rules; the independent cross-check lives in the tests, written from [classic dreidel rules][rules-6].
With ``hey_rounding="continuous"`` coins and the pot are exact Fractions.
"""

from __future__ import annotations

import math
import operator
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from itertools import accumulate
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np

from ..protocol import Event, EventLog, LeadAgainst, Payoff, PlaySpec, SameBot, Turn
from ..registry import PlayCliSpec
from .spins import DreidelState, hey_take_inner, spin_outcome
from .cli import (
    add_play_sweep_arguments, play_rules_from_args, play_rules_grid_from_args,
)
from .rules import FACES, ClassicDreidelRules
from ...caches import bounded_cache
from ...sampler import Sampler
from ...errors import InputError, ResourceLimitError
from ..._fractions import to_fraction
from ...validation import check_arguments

__all__ = ["ClassicDreidelGame", "ClassicDreidelObservation", "PLAY", "PLAY_CLI", "new_game"]

_FACE_NAMES = {"G": "Gimel", "H": "Hey", "N": "Nun", "S": "Shin"}


@dataclass(frozen=True)
class ClassicDreidelObservation:
    """Everything is public in classic dreidel: the coins, the pot and whose spin it is.

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules, new_game
        >>> new_game(ClassicDreidelRules(players=2, coins=2)).observation(0)
        ClassicDreidelObservation(coins=(1, 1), out=(False, False), pot=2, spinner=0, spins=0)
    """

    coins: tuple[Any, ...]
    out: tuple[bool, ...]
    pot: Any
    spinner: int
    spins: int


@dataclass(frozen=True, slots=True)
class ClassicDreidelGame:
    """A classic dreidel game in progress (a [`GameState`][dreidelpoker.play.GameState]).

    ``chain_state`` is the absorbing chain's state ``(coins, out mask, pot, spinner)``,
    or ``("win", seat)`` / ``("draw", seats)`` / ``("out", seats)`` at the end.

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules, new_game
        >>> game = new_game(ClassicDreidelRules(players=2, coins=2))
        >>> game.turn.name, game.chance_outcomes()
        ('CHANCE', (('G', 1), ('H', 1), ('N', 1), ('S', 1)))
    """

    rules: ClassicDreidelRules
    chain_state: DreidelState
    spins: int = 0
    hand_limit: int = 10_000_000
    log: EventLog = EventLog()
    cut: bool = False
    #: The spin faces with integer weights (from the rules; kept so a spin costs no arithmetic).
    weights: tuple[tuple[str, int], ...] = ()
    #: Each seat's winnings from spins so far: coins taken on Gimel and Hey less coins paid on
    #: Shin (antes are not counted). Empty until the first spin.
    net: tuple[Any, ...] = ()

    @property
    def num_players(self) -> int:
        return self.rules.players

    @property
    def turn(self) -> Turn:
        return Turn.TERMINAL if self.cut or self.chain_state[0] in ("win", "draw", "out") else Turn.CHANCE

    @property
    def current_players(self) -> tuple[int, ...]:
        return ()

    @property
    def rounds(self) -> int:
        """Spins so far (a round of classic dreidel is one spin)."""
        return self.spins

    @property
    def truncated(self) -> bool:
        return self.cut

    def legal_actions(self, player: int) -> tuple[str, ...]:
        return ()

    def chance_outcomes(self) -> tuple[tuple[str, int], ...]:
        return self.weights or face_weights(self.rules)

    def apply(self, action: str) -> ClassicDreidelGame:
        if self.turn is not Turn.CHANCE:
            raise InputError("the game is over: no more spins")
        if action not in FACES:
            raise InputError(f"a spin is one of {', '.join(FACES)}, got {action!r}")
        spinner = self.chain_state[3]
        after = spin_outcome(self.chain_state, action, rules=self.rules)
        text = f"spin {self.spins + 1}: seat {spinner + 1} spins {_FACE_NAMES[action]}"
        if after[0] == "win":
            text += f"; seat {after[1] + 1} wins"
        elif after[0] == "draw":
            text += "; nobody is left: a draw"
        elif after[0] == "out":
            text += f"; {', '.join(f'seat {s + 1}' for s in sorted(after[1]))} out first"
        else:
            text += f"; pot {after[2]}"
        spins = self.spins + 1
        return ClassicDreidelGame(self.rules, after, spins, self.hand_limit, self.log.add(Event("spin", text, spinner)),
                                  after[0] not in ("win", "draw", "out") and spins >= self.hand_limit, self.weights,
                                  self._net_after(spinner, action))

    def _net_after(self, spinner: int, face: str) -> tuple[Any, ...]:
        net = list(self.net or (0,) * self.num_players)
        pot = self.chain_state[2]
        if face == "G":
            net[spinner] += pot
        elif face == "H":
            net[spinner] += hey_take_inner(pot, rules=self.rules)
        elif face == "S" and self.chain_state[0][spinner] >= 1:
            net[spinner] -= 1
        return tuple(net)

    def run_chance(self, chance: Sampler, max_steps: int) -> tuple[ClassicDreidelGame, int]:
        """Spin until the game ends, reaches its spin limit or has spun ``max_steps`` times: the
        runner's batch path (`dreidelpoker.play.runner`), used when a game's record is all
        that is wanted.

        It draws what the runner's sampler draws spin by spin (``chance.block`` over the face
        weights, faces in `FACES` order; a dreidel whose weights total more than 4,096
        is left to the spins one by one) and pays each spin as `spin_outcome`
        and `apply` do, so the final state is the one the spins one by one reach -- coins,
        pot, spins, net winnings, the end and the cut alike -- except its log, which holds one
        line for the whole batch instead of a line per spin (checked game for game under every
        rules option in ``tests/test_classic_dreidel_batch.py``).

        Parameters:
            chance: the game's chance stream (``block(total)`` / ``advance(used)``).
            max_steps: the most spins to play.

        Returns:
            The state after the spins, and how many spins were played (0 when the game is over).
        """
        if self.turn is not Turn.CHANCE or max_steps < 1:
            return self, 0
        rules = self.rules
        p = rules.players
        total, face_of = _spin_table(self.chance_outcomes())
        if face_of is None:  # a dreidel of odd probabilities: spin by spin
            return self, 0
        continuous, up = rules.hey_rounding == "continuous", int(rules.hey_rounding == "up")  # Hey: (pot + up) >> 1
        zero_rule, reante = rules.elimination == "zero", rules.reante
        first_gimel, first_out = rules.stopping == "first-gimel", rules.stopping == "first-elimination"
        coins_t, out, pot, s = self.chain_state
        coins = list(coins_t)
        net = list(self.net or (0,) * p)
        first = spins = self.spins
        stop = min(self.hand_limit, first + max_steps)  # the spin limit cuts at hand_limit
        end: DreidelState | None = None
        eliminated: list[int] = []  # seats out after this spin (emptied only when used)
        seats = [i for i in range(p) if not out >> i & 1]  # the seats still in, in order
        after = [seats[(seats.index(i) + 1) % len(seats)] if i in seats else -1 for i in range(p)]  # next spinner
        while end is None and spins < stop:
            spun = chance.block(total, face_of)
            if len(spun) > stop - spins:
                spun = spun[:stop - spins]
            left = iter(spun)  # how far the loop went: len(spun) less what is left (no count per spin)
            for face in left:
                if face == 0:  # Gimel: take the pot
                    coins[s] += pot
                    net[s] += pot
                    pot = 0
                    if first_gimel:
                        end = ("win", s)
                        break
                elif face == 1:  # Hey: take half
                    take = Fraction(pot) / 2 if continuous else (pot + up) >> 1
                    coins[s] += take
                    net[s] += take
                    pot -= take
                elif face == 3:  # Shin: put one in, or go out
                    if coins[s] >= 1:
                        coins[s] -= 1
                        net[s] -= 1
                        pot += 1
                        if zero_rule and coins[s] == 0:
                            eliminated.append(s)
                    else:
                        eliminated.append(s)
                if pot == 0 and reante:  # everyone still in antes
                    if eliminated or zero_rule:
                        for i in seats:
                            if i in eliminated:
                                continue
                            if coins[i] >= 1:
                                coins[i] -= 1
                                pot += 1
                                if zero_rule and coins[i] == 0:
                                    eliminated.append(i)
                            else:
                                eliminated.append(i)
                    else:  # (the common case, without the checks that cannot apply)
                        for i in seats:
                            if coins[i] >= 1:
                                coins[i] -= 1
                                pot += 1
                            else:
                                eliminated.append(i)
                if eliminated:
                    if first_out:
                        end = ("out", frozenset(eliminated))
                        break
                    for i in eliminated:
                        out |= 1 << i
                    seats = [i for i in range(p) if not out >> i & 1]
                    if len(seats) == 1:
                        end = ("win", seats[0])
                        break
                    if not seats:
                        end = ("draw", frozenset(eliminated))
                        break
                    eliminated.clear()
                    # the next spinner of every seat (of an eliminated one too: the turn passes on)
                    after = [next((j for j in seats if j > i), seats[0]) for i in range(p)]
                s = after[s]
            used = len(spun) - operator.length_hint(left)
            spins += used
            chance.advance(used)
        state = end if end is not None else (tuple(coins), out, pot, s)
        text = f"spins {first + 1}-{spins} played in a batch (no line per spin)"
        return ClassicDreidelGame(rules, state, spins, self.hand_limit, self.log.add(Event("spin", text)),
                                  end is None and spins >= self.hand_limit, self.weights, tuple(net)), spins - first

    @staticmethod
    def run_games(games: Sequence[ClassicDreidelGame], chances: Sequence[Sampler],
                  max_steps: int) -> list[tuple[ClassicDreidelGame, int]] | None:
        """Play many games to their ends at once, spin by spin across all of them in numpy: the
        runner's batch path across games (`dreidelpoker.play.runner`), used when records are all
        that is wanted.

        Game ``k`` draws its faces from ``chances[k]`` exactly as [`run_chance`][dreidelpoker.games.classic_dreidel.ClassicDreidelGame.run_chance] would
        (``Sampler.take`` over the face table), and every spin is paid as `run_chance` pays
        it, so each final state is the one its spins one by one reach -- coins, pot, spins,
        net winnings, the end and the cut alike -- except its log (one line for the game).
        When few games are left the rest are played on by `run_chance`, each from where
        its stream stands. Checked game for game under every rules option in
        ``tests/test_classic_dreidel_batch.py``.

        Parameters:
            games: the games, all at their first spin under the same rules and spin limit.
            chances: each game's chance stream.
            max_steps: the most spins a game may play.

        Returns:
            Each game's final state and its spins, in order; ``None`` when these games are not
            for this path (fewer than 400, odd probabilities, continuous Hey, games under way or
            with other rules): play them one by one.
        """
        first = games[0] if len(games) >= _ACROSS_FROM else None
        if first is None or first.rules.hey_rounding == "continuous" or any(
                g.spins or g.rules != first.rules or g.hand_limit != first.hand_limit or g.turn is not Turn.CHANCE
                for g in games):
            return None
        total, face_of = _spin_table(first.chance_outcomes())
        if face_of is None:
            return None
        return _AcrossGames(first, list(chances), min(first.hand_limit, max_steps)).play(list(games), max_steps)

    def apply_joint(self, actions: Mapping[int, str]) -> ClassicDreidelGame:
        raise InputError("classic dreidel has no simultaneous moves")

    def returns(self) -> tuple[Payoff, ...]:
        """1 for the winner (split on a draw); with ``stopping="first-elimination"``, the
        seats not knocked out first share the win."""
        p = self.num_players
        kind = self.chain_state[0]
        if kind == "win":
            return tuple(int(i == self.chain_state[1]) for i in range(p))
        if kind in ("draw", "out"):
            seats = self.chain_state[1]
            winners = seats if kind == "draw" else frozenset(range(p)) - seats
            return tuple(Fraction(1, len(winners)) if i in winners else 0 for i in range(p))
        return (0,) * p

    def observation(self, player: int) -> ClassicDreidelObservation:
        s = self.chain_state
        if s[0] in ("win", "draw", "out"):
            return ClassicDreidelObservation((), (), 0, -1, self.spins)
        return ClassicDreidelObservation(tuple(s[0]), tuple(bool(s[1] >> i & 1) for i in range(self.num_players)),
                                         s[2], s[3], self.spins)


#: The fewest games `ClassicDreidelGame.run_games` plays at once (fewer are faster one by one:
#: a numpy pass costs about as much as a few hundred spins in plain Python).
_ACROSS_FROM = 400
#: Spins drawn per game per numpy pass of `ClassicDreidelGame.run_games`.
_SPIN_CHUNK = 512
#: Below this many games still playing, `run_games` hands the rest to `run_chance` one by one
#: (a numpy pass costs about as much as this many spins played in plain Python).
_FEW_GAMES = 250


class _AcrossGames:
    """The arrays of [`ClassicDreidelGame.run_games`][dreidelpoker.games.classic_dreidel.ClassicDreidelGame.run_games]: one row per game still playing."""

    def __init__(self, first: ClassicDreidelGame, chances: list[Sampler], stop: int) -> None:
        self.first, self.chances, self.stop = first, chances, stop
        self.total, self.face_of = _spin_table(first.chance_outcomes())

    def play(self, games: list[ClassicDreidelGame], max_steps: int) -> list[tuple[ClassicDreidelGame, int]]:
        first = self.first
        rules = first.rules
        p = rules.players
        up = int(rules.hey_rounding == "up")
        zero_rule, reante = rules.elimination == "zero", rules.reante
        first_gimel, first_out = rules.stopping == "first-gimel", rules.stopping == "first-elimination"
        g = len(games)
        coins_t, out, pot0, s0 = first.chain_state
        coins = np.tile(np.array(coins_t, dtype=np.int64), (g, 1))
        alive = np.tile(np.array([not out >> i & 1 for i in range(p)]), (g, 1))
        pot = np.full(g, pot0, dtype=np.int64)
        s = np.full(g, s0, dtype=np.int64)
        net = np.zeros((g, p), dtype=np.int64)
        after = np.tile(np.array(_next_seats(alive[0].tolist()), dtype=np.int64), (g, 1))
        ids = np.arange(g)  # the game of each row
        finals: list[tuple[ClassicDreidelGame, int] | None] = [None] * g
        spins = 0
        seat_of, ones = np.arange(p), np.ones(p, dtype=np.int64)
        # What a spin moves from the pot to the spinner, by face and pot (a Shin's -1 is refused below
        # for a spinner without a coin): one look-up a spin instead of the faces' arithmetic.
        most = int(sum(coins_t)) + pot0 + 1  # the pot never holds more than every coin
        pots = np.arange(most, dtype=np.int64)
        moves = np.concatenate([pots, (pots + up) >> 1, np.zeros(most, dtype=np.int64), np.full(most, -1, dtype=np.int64)])
        nun = 2 * most
        while spins < self.stop:
            playing = ids >= 0
            if not playing.all():  # drop the rows of games that ended in the last pass
                ids, coins, alive, pot, s, net, after = (
                    ids[playing], coins[playing], alive[playing], pot[playing], s[playing], net[playing], after[playing])
            if len(ids) < _FEW_GAMES:
                break
            k = min(_SPIN_CHUNK, self.stop - spins)
            # (spins, games): a spin's faces of every game lie side by side in memory
            faces = np.stack([self.chances[i].take(self.total, k, self.face_of) for i in ids.tolist()], axis=1)
            rows = most * faces  # where each spin's face starts in `moves`
            base = np.arange(len(ids)) * p  # row r's seat i is r * p + i in the flat arrays
            flat_coins, flat_net, flat_after = coins.reshape(-1), net.reshape(-1), after.reshape(-1)
            for j in range(k):
                at = base + s
                cs = flat_coins[at]
                delta = moves[rows[j] + pot]
                now = cs + delta
                spins += 1
                gone = None  # seats out after this spin, row by row (made only when someone is out)
                broke = now < 0  # cannot pay the Shin: out (and pays nothing)
                if zero_rule:
                    broke |= (now == 0) & (delta < 0)
                if broke.any():
                    now = np.maximum(now, 0)
                    delta = now - cs
                    gone = (seat_of == s[:, None]) & broke[:, None]
                flat_coins[at] = now
                flat_net[at] += delta
                pot -= delta
                won = None
                if first_gimel:
                    gimel = rows[j] == 0
                    if gimel.any():
                        won = gimel
                if reante:
                    empty = pot == 0
                    if won is not None:
                        empty &= ~won
                    if empty.any():  # everyone still in antes (but a spinner just out); who cannot is out
                        due = alive & empty[:, None]
                        if gone is not None:
                            due &= ~gone
                        can = due & (coins >= 1)
                        coins -= can
                        pot += can @ ones  # (a row sum by matrix product: numpy sums short rows slowly)
                        lost = due ^ can
                        if zero_rule:
                            lost |= can & (coins == 0)
                        if lost.any():
                            gone = lost if gone is None else gone | lost
                if gone is not None or won is not None:
                    ended = self._settle(gone, won, ids, coins, alive, pot, s, net, after, finals, spins, first_out)
                    if ended is not None:  # rows whose game ended spin Nuns with nobody in until the pass ends
                        alive[ended] = False
                        pot[ended] = 1
                        rows[j + 1:, ended] = nun
                        ids[ended] = -1
                s = flat_after[at]
        playing = ids >= 0
        ids, coins, alive, pot, s, net = ids[playing], coins[playing], alive[playing], pot[playing], s[playing], net[playing]
        for r, i in enumerate(ids.tolist()):  # few left (or the spin limit): one by one from where they stand
            game = ClassicDreidelGame(rules, (tuple(coins[r].tolist()), _out_mask(alive[r].tolist()), int(pot[r]),
                                              int(s[r])), spins, first.hand_limit, first.log, False, first.weights,
                                      tuple(net[r].tolist()))
            if spins >= first.hand_limit:
                finals[i] = (replace(game, cut=True, log=first.log.add(Event("spin", _batch_line(spins)))), spins)
            elif spins >= max_steps:
                finals[i] = (game, spins)
            else:  # its stream stands after its spins so far (every pass it played was played whole)
                end, more = game.run_chance(self.chances[i], max_steps - spins)
                finals[i] = (end, spins + more)
        return [f for f in finals if f is not None]

    def _settle(self, gone: np.ndarray | None, won: np.ndarray | None, ids: np.ndarray, coins: np.ndarray,
                alive: np.ndarray, pot: np.ndarray, s: np.ndarray, net: np.ndarray, after: np.ndarray,
                finals: list[tuple[ClassicDreidelGame, int] | None], spins: int, first_out: bool) -> np.ndarray | None:
        """The rows where someone went out or a first Gimel won: end their games (``finals``) or
        take the seats out (``alive``, ``after``, in place); the rows that ended, or ``None``."""
        ended = won.copy() if won is not None else np.zeros(len(ids), dtype=bool)
        if gone is not None:
            ones = np.ones(gone.shape[1], dtype=np.int64)
            hit = gone @ ones > 0  # (row sums by matrix product: numpy sums short rows slowly)
            if won is not None:
                hit &= ~won
            if first_out:
                ended |= hit
            else:
                alive &= ~gone
                left = alive @ ones
                ended |= hit & (left <= 1)
                moved = np.flatnonzero(hit & (left > 1))
                if len(moved):  # the next spinner of every seat, among the seats still in
                    p = alive.shape[1]
                    order = _seat_order(p)
                    nxt = alive[moved][:, order].argmax(axis=2)
                    after[moved] = order[np.arange(p), nxt]
        if not ended.any():
            return None
        first = self.first
        for r in np.flatnonzero(ended).tolist():
            end: DreidelState
            if won is not None and won[r]:
                end = ("win", int(s[r]))
            else:
                out_now = frozenset(np.flatnonzero(gone[r]).tolist())  # type: ignore[index]
                if first_out:
                    end = ("out", out_now)
                else:
                    still_in = np.flatnonzero(alive[r]).tolist()
                    end = ("win", still_in[0]) if still_in else ("draw", out_now)
            finals[int(ids[r])] = (ClassicDreidelGame(
                first.rules, end, spins, first.hand_limit, first.log.add(Event("spin", _batch_line(spins))), False,
                first.weights, tuple(net[r].tolist())), spins)
        return ended


@bounded_cache(maxsize=16)
def _seat_order(players: int) -> np.ndarray:
    """Row ``i``: the seats after seat ``i`` in turn order, ``i + 1`` first and ``i`` itself last."""
    return (np.arange(players)[:, None] + np.arange(1, players + 1)) % players


def _next_seats(alive: list[bool]) -> list[int]:
    """The next spinner after each seat (an out seat too: the turn passes on), as `run_chance` finds it."""
    seats = [i for i, a in enumerate(alive) if a]
    return [next((j for j in seats if j > i), seats[0]) for i in range(len(alive))]


def _out_mask(alive: list[bool]) -> int:
    return sum(1 << i for i, a in enumerate(alive) if not a)


def _batch_line(spins: int) -> str:
    return f"spins 1-{spins} played in a batch (no line per spin)"


@check_arguments
def new_game(rules: ClassicDreidelRules, *, players: int | None = None, hand_limit: int | None = None) -> ClassicDreidelGame:
    """The game after the opening ante, seat 1 to spin.

    Parameters:
        rules: the rules.
        players: override ``rules.players``.
        hand_limit: stop a game after this many spins (default: the engine's limit).

    Returns:
        The [`ClassicDreidelGame`][dreidelpoker.games.classic_dreidel.ClassicDreidelGame], a chance node (the first spin).

    Examples:
        >>> g = new_game(ClassicDreidelRules(players=2, coins=3))
        >>> g.chain_state, g.turn.value
        (((2, 2), 0, 2, 0), 'chance')
    """
    if players is not None and players != rules.players:
        rules = replace(rules, players=players)
    p = rules.players
    zero = 0 if rules.hey_rounding != "continuous" else Fraction(0)
    state: DreidelState = (tuple([rules.coins - 1 + zero] * p), 0, p + zero, 0)
    limit = hand_limit or PLAY.default_hand_limit
    weights = face_weights(rules)
    _check_length(rules, weights, limit)
    return ClassicDreidelGame(rules, state, hand_limit=limit, weights=weights)


#: The most spins a typical game may last (before ``hand_limit`` cuts it) when its faces are
#: drawn in batches, and when they must be drawn one by one (face probabilities whose common
#: denominator is over 4,096: about 10 microseconds a spin, so about 10 seconds a game).
MAX_TYPICAL_SPINS = 10_000_000
MAX_TYPICAL_SPINS_ONE_BY_ONE = 1_000_000


def _typical_spins(rules: ClassicDreidelRules) -> int:
    """About how many spins a typical game of these rules lasts: the bound the simulator
    checks before it plays.

    A fair game lasts about (coins x players)^2 / 4 spins (about half the exact mean at
    4 x 10, 856 spins; length grows with (coins x players)^2, Robinson and Vijay). Only a spin
    that is no Nun moves coins, so a dreidel that rarely moves them stretches the game by
    3/4 over its chance of a moving face; a game that stops at the first Gimel lasts about one
    over the chance of Gimel.

    Parameters:
        rules: the rules (players, coins, face probabilities, stopping rule).

    Returns:
        The estimate, in spins (at least 1).

    Examples:
        >>> _typical_spins(ClassicDreidelRules(players=4, coins=10))
        400
        >>> _typical_spins(ClassicDreidelRules(players=2, coins=3, face_probabilities=("1/1000000", 0, "999999/1000000", 0)))
        6750000
    """
    g, _h, n, _s = (to_fraction(x) for x in rules.face_probabilities)
    if rules.stopping == "first-gimel":
        return math.ceil(1 / g) if g else 10 ** 18
    moving = 1 - n
    fair = (rules.coins * rules.players) ** 2 // 4
    return max(1, math.ceil(fair * Fraction(3, 4) / moving)) if moving else 10 ** 18


def _check_length(rules: ClassicDreidelRules, weights: tuple[tuple[str, int], ...], hand_limit: int) -> None:
    """Refuse, before any game is played, rules whose typical game outlasts what the simulator
    plays in seconds (issue 20: a face probability of 1/1,000,000 ran for hours)."""
    one_by_one = _spin_table(weights)[1] is None
    cap = MAX_TYPICAL_SPINS_ONE_BY_ONE if one_by_one else MAX_TYPICAL_SPINS
    typical = _typical_spins(rules)
    if min(typical, hand_limit) > cap:
        how = ("its face probabilities need a denominator over 4,096, so faces are drawn one by one" if one_by_one
               else "faces drawn in batches")
        probs = ",".join(str(x) for x in rules.face_probabilities)
        raise ResourceLimitError(
            f"{rules.players} players x {rules.coins:,} coins with face probabilities {probs}: a typical game lasts "
            f"about {typical:,} spins, over the limit of {cap:,} spins a game ({how}); use fewer coins, face "
            f"probabilities that move coins more often, or a hand_limit (spins a game) of at most {cap:,}")


@bounded_cache(maxsize=256)
def _spin_table(weights: tuple[tuple[str, int], ...]) -> tuple[int, Any]:
    """The total weight and, for each draw below it, the face index it stands for (what
    ``sample_chance`` finds by subtraction), as a numpy array the stream looks draws up in;
    no table above 4,096 (then ``None``)."""
    total = sum(w for _, w in weights)
    if total > 4096:
        return total, None
    faces = [FACES.index(f) for f, _ in weights]
    bounds = list(accumulate(w for _, w in weights))
    return total, np.array([faces[bisect_right(bounds, r)] for r in range(total)], dtype=np.int64)


def face_weights(rules: ClassicDreidelRules) -> tuple[tuple[str, int], ...]:
    """The spin faces with integer weights proportional to their probabilities.

    Examples:
        >>> face_weights(ClassicDreidelRules(face_probabilities=("1/2", "1/6", "1/6", "1/6")))
        (('G', 3), ('H', 1), ('N', 1), ('S', 1))
    """
    return _face_weights(tuple(rules.face_probabilities))


@bounded_cache(maxsize=256)
def _face_weights(probs: tuple[Any, ...]) -> tuple[tuple[str, int], ...]:
    """`face_weights` by the probabilities alone (sympy arithmetic: once per dreidel, not per game)."""
    den = math.lcm(*(p.denominator for p in probs))
    return tuple((f, int(p * den)) for f, p in zip(FACES, probs) if p)


def _spin_nothing(observation: Any, legal_actions: Sequence[Any], rng: Sampler) -> Any:
    raise AssertionError("classic dreidel asks no decisions")  # pragma: no cover


def _metrics(final: ClassicDreidelGame) -> dict[str, float]:
    m: dict[str, float] = {"spins": float(final.spins)}
    net = final.net or (0,) * final.num_players
    winnings, first_out = _seat_keys(final.num_players)
    m.update(zip(winnings, map(float, net)))
    if final.rules.stopping == "first-elimination":
        out = final.chain_state[1] if final.chain_state[0] == "out" else frozenset()
        m.update({key: float(i in out) for i, key in enumerate(first_out)})
    return m


@bounded_cache(maxsize=16)
def _seat_keys(players: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The per-seat metric names (written once per player count, not once per game)."""
    return (tuple(f"winnings_seat{i}" for i in range(1, players + 1)),
            tuple(f"first_out_seat{i}" for i in range(1, players + 1)))


def _adapt(rules: ClassicDreidelRules, players: int) -> ClassicDreidelRules:
    return rules if rules.players == players else replace(rules, players=players)


# Module-level functions only: a spec pickles by reference onto process and Dask workers.
PLAY: PlaySpec[ClassicDreidelRules] = PlaySpec(
    new_game=new_game,
    bots={"spinner": SameBot(_spin_nothing)},
    default_bots=LeadAgainst("spinner"),
    metrics=_metrics,
    min_players=2,
    max_players=8,
    round_name="spin",
    default_hand_limit=10_000_000,
    adapt_rules=_adapt,
    players_in_rules="players",
    metric_help={"spins": "spins until the game ends",
                 **{f"winnings_seat{i}": f"seat {i}'s coins taken on Gimel and Hey less coins paid on Shin "
                                         "(antes not counted)" for i in range(1, 9)}},
    rate_metrics=frozenset(f"first_out_seat{i}" for i in range(1, 9)),  # 1 if the seat went out first
)

#: The command line's side of ``simulate`` and ``sweep``.
PLAY_CLI: PlayCliSpec[ClassicDreidelRules] = PlayCliSpec(
    rules_from_args=play_rules_from_args,
    add_sweep_arguments=add_play_sweep_arguments,
    rules_grid_from_args=play_rules_grid_from_args,
    sweep_fields={"coins": "--coins"},
)
