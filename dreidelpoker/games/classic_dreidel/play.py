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
from typing import TYPE_CHECKING, Any

import numpy as np

from ..protocol import Event, EventLog, LeadAgainst, Payoff, PlaySpec, SameBot, Turn
from ..registry import PlayCliSpec
from .spins import DreidelState, hey_take_inner, spin_outcome
from .rules import FACES, ClassicDreidelRules
from ...caches import bounded_cache
from ...sampler import Sampler
from ...errors import InputError, ResourceLimitError
from ...validation import check_arguments

if TYPE_CHECKING:
    import argparse

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
        (``Sampler.take_rows`` over the face table: every game's draws of a pass at once), and
        every spin is paid as `run_chance` pays it, so each final state is the one its spins
        one by one reach -- coins, pot, spins, net winnings, the end and the cut alike --
        except its log (one line for the game). Up to 1,000 games are in play side by side; a
        game that ends hands its place to the next game waiting, so the arrays stay wide until
        none waits. When few games are left the rest are played on by `run_chance`, each from
        where its stream stands; fewer games than that are all played by `run_chance`, one by
        one (their streams' starts still hashed at once, and none of the runner's set-up per
        game). Checked game for game under every rules option in
        ``tests/test_classic_dreidel_batch.py``.

        Parameters:
            games: the games, all at their first spin under the same rules and spin limit.
            chances: each game's chance stream.
            max_steps: the most spins a game may play.

        Returns:
            Each game's final state and its spins, in order; ``None`` when these games are not
            for this path (odd probabilities, continuous Hey, games under way or with other
            rules): play them one by one.
        """
        first = games[0] if games else None
        if first is None or first.rules.hey_rounding == "continuous" or first.spins or first.turn is not Turn.CHANCE:
            return None
        if any(g is not first and (g.spins or g.rules != first.rules or g.hand_limit != first.hand_limit
                                   or g.turn is not Turn.CHANCE) for g in games):
            return None
        total, face_of = _spin_table(first.chance_outcomes())
        if face_of is None or first.rules.total_coins >= _MOST_ACROSS:
            return None
        if len(games) < _FEW_GAMES:  # too few for numpy's cost a spin: one by one
            Sampler.take_rows(chances, total, 0)  # (every stream's start hashed at once, none drawn)
            return [first.run_chance(chance, max_steps) for chance in chances]
        return _AcrossGames(first, list(chances), max_steps).play(len(games))

    def apply_joint(self, actions: Mapping[int, str]) -> ClassicDreidelGame:
        raise InputError("classic dreidel has no simultaneous moves")

    def returns(self) -> tuple[Payoff, ...]:
        """1 for the winner (split on a draw); with ``stopping="first-elimination"``, the
        seats not knocked out first share the win."""
        p = self.num_players
        kind = self.chain_state[0]
        if kind == "win":
            out = [0] * p
            out[self.chain_state[1]] = 1
            return tuple(out)
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


#: Games `ClassicDreidelGame.run_games` keeps in play side by side (its arrays' width): a game
#: that ends hands its column to the next game waiting, so the width stays full until none waits.
_WIDTH = 1000
#: Spins drawn per game per pass of `ClassicDreidelGame.run_games` (a stream's draws cost
#: a few microseconds a call, whatever their number).
_SPIN_CHUNK = 512
#: Below this many games still playing (and none waiting), `run_games` hands the rest to
#: `run_chance` one by one (a numpy spin costs about as much as this many spins in plain Python);
#: fewer games than this are played by `run_chance` from the start. Measured (4 x 10, CPU,
#: against the runner playing each game by `run_chance`): 1.05-1.09x at 10-30 games, 1.11-1.17x
#: at 80, 1.4x at 150; 60 beat 20 and 40 at 80 and 150 games.
_FEW_GAMES = 60


class _AcrossGames:
    """The arrays of [`ClassicDreidelGame.run_games`][dreidelpoker.games.classic_dreidel.ClassicDreidelGame.run_games]: one column per game in play.

    Seat ``i`` of the game in column ``r`` holds ``coins[i, r]`` coins (seats by row: numpy
    runs far faster along a long last axis). A seat that goes out is set to `_OUT` (far above
    any stake), so the antes need no mask of who is in: every seat of a column whose pot is
    empty pays 1, and a seat left below ``floor`` (-1 under ``elimination="cannot-pay"``: it
    had no coin; 0 under ``"zero"``) went out on this spin, as a spinner below ``floor`` did:
    one minimum over the array finds both. Antes are not counted seat by seat: ``antes`` is
    each column's re-antes so far, which every seat still in paid; a seat that goes out keeps
    its own count in ``paid``. ``at`` is each column's spinner as a flat index into ``coins``
    (``seat * width + column``), ``after`` every seat's next spinner likewise. A column whose
    game ends starts the next game waiting (from that game's own stream) at once.
    """

    def __init__(self, first: ClassicDreidelGame, chances: list[Sampler], max_steps: int) -> None:
        self.first, self.chances, self.max_steps = first, chances, max_steps
        self.stop = min(first.hand_limit, max_steps)  # the spin limit cuts at hand_limit
        rules = first.rules
        self.players = rules.players
        self.zero_rule = rules.elimination == "zero"
        self.floor = int(self.zero_rule)
        self.first_out = rules.stopping == "first-elimination"
        coins_t, _out, self.pot0, self.s0 = first.chain_state
        self.c0 = np.array(coins_t, dtype=_INT)[:, None]  # every seat's coins at the start, as a column
        self.most = int(sum(coins_t)) + self.pot0 + 1  # the pot never holds more than every coin
        self.total, face_of = _spin_table(first.chance_outcomes())
        self.offsets = (face_of * self.most).astype(_INT)  # where each draw's face starts in `moves`
        self.next_seat, self.seats_in, self.only_seat = _seat_tables(rules.players)
        self.finals: list[tuple[ClassicDreidelGame, int] | None] = []
        self.waiting = self.width = 0  # the next game to start; the columns
        self.ids = self.pot = self.start = self.at = self.antes = self.seats = _NONE
        self.coins = self.paid = self.after = self.rows = _NONE

    def play(self, count: int) -> list[tuple[ClassicDreidelGame, int]]:
        rules = self.first.rules
        p = rules.players
        reante, floor = rules.reante, self.floor
        first_gimel = rules.stopping == "first-gimel"
        stop, most = self.stop, self.most
        self.finals = [None] * count
        width = self.width = self.waiting = min(count, _WIDTH)
        self.ids = np.arange(width)  # the game of each column (-1: none)
        self.coins = np.repeat(self.c0, width, axis=1)
        self.paid = np.zeros((p, width), dtype=_INT)  # the re-antes a seat paid before it went out
        self.antes = np.zeros(width, dtype=_INT)  # the re-antes so far
        self.seats = np.full(width, p, dtype=_INT)  # the seats still in
        self.pot = np.full(width, self.pot0, dtype=_INT)
        self.start = np.zeros(width, dtype=np.int64)  # the spins played when each column's game began
        cols = np.arange(width)
        self.at = self.s0 * width + cols
        self.after = self.next_seat[-1][:, None] * width + cols
        # What a spin moves from the pot to the spinner, by face and pot (a Shin's -1 is given back
        # when the spinner had no coin): one look-up a spin instead of the faces' arithmetic.
        pots = np.arange(most, dtype=_INT)
        up = int(rules.hey_rounding == "up")
        moves = np.concatenate([pots, (pots + up) >> 1, np.zeros(most, dtype=_INT), np.full(most, -1, dtype=_INT)])
        Sampler.take_rows(self.chances, self.total, 0)  # (every stream's start hashed at once, none drawn)
        done = 0  # spins played by the arrays (a column's game has played done - start of them)
        while True:
            self._at_pass_start(done)
            width = self.width
            if not width or (self.waiting >= count and width < _FEW_GAMES):
                break
            k = min(_SPIN_CHUNK, int(self.start.min()) + stop - done)  # no game passes its spin limit mid-pass
            starts = stop >= k  # a game started mid-pass cannot reach its spin limit before the pass ends
            # (spins, games): a spin's faces of every game lie side by side in memory, as offsets in `moves`
            self.rows = rows = Sampler.take_rows([self.chances[i] for i in self.ids.tolist()], self.total, k,
                                                 self.offsets, transposed=True)
            coins, antes, seats, pot, at = self.coins, self.antes, self.seats, self.pot, self.at
            flat_coins, flat_after = coins.reshape(-1), self.after.reshape(-1)
            empty = won = None
            for j in range(k):
                row = rows[j]
                delta = moves[row + pot]
                flat_coins[at] += delta  # (a spinner is in one column only: no index repeats)
                pot -= delta
                done += 1
                if first_gimel:
                    won = row == 0
                    if not won.any():
                        won = None
                if reante:  # every seat of a column with an empty pot antes (a seat out too: it stays out)
                    empty = pot == 0
                    if won is not None:
                        empty &= ~won
                    ante = empty.astype(_INT)
                    coins -= ante
                    antes += ante
                    np.copyto(pot, seats, where=empty)  # (those who cannot pay are taken back in `_settle`)
                nxt = flat_after[at]
                if coins.min() < floor or won is not None:
                    self._settle(empty, won, done, nxt, rows[j + 1:], starts)
                    flat_after = self.after.reshape(-1)
                self.at = at = nxt
        return self._finish(done)

    def _at_pass_start(self, done: int) -> None:
        """Between passes: games at their spin limit stop (cut, or left at ``max_steps``) and hand
        their columns on; once no game waits, the columns of games over are dropped."""
        at_limit = np.flatnonzero((self.ids >= 0) & (self.start + self.stop <= done))
        if len(at_limit):
            first = self.first
            for r in at_limit.tolist():
                game, spins = self._game(r, done)
                if spins >= first.hand_limit:
                    game = replace(game, cut=True, log=first.log.add(Event("spin", _batch_line(spins))))
                self.finals[int(self.ids[r])] = (game, spins)
            self._hand_on(at_limit.tolist(), done, None, None, True)
        keep = self.ids >= 0
        if self.waiting < len(self.finals) or keep.all():
            return
        old, width = self.width, int(keep.sum())
        cols = np.arange(width)
        # (np.compress keeps the seat arrays C-ordered: their flat views must be views, not copies)
        self.coins, self.paid = np.compress(keep, self.coins, axis=1), np.compress(keep, self.paid, axis=1)
        self.ids, self.antes, self.seats, self.pot, self.start = (
            self.ids[keep], self.antes[keep], self.seats[keep], self.pot[keep], self.start[keep])
        self.at = self.at[keep] // old * width + cols
        self.after = np.compress(keep, self.after, axis=1) // old * width + cols
        self.width = width

    def _game(self, r: int, done: int) -> tuple[ClassicDreidelGame, int]:
        """The game of column ``r`` as a state under way, and its spins so far."""
        first = self.first
        coins = self.coins[:, r].tolist()
        antes, paid, c0 = int(self.antes[r]), self.paid[:, r].tolist(), self.c0[:, 0].tolist()
        spins = done - int(self.start[r])
        net = tuple((c + antes if c < _IN else x) - c_0 for c, x, c_0 in zip(coins, paid, c0))
        state = (tuple(c if c < _IN else 0 for c in coins), sum(1 << i for i, c in enumerate(coins) if c >= _IN),
                 int(self.pot[r]), int(self.at[r]) // self.width)
        return ClassicDreidelGame(first.rules, state, spins, first.hand_limit, first.log, False, first.weights,
                                  net), spins

    def _settle(self, empty: np.ndarray | None, won: np.ndarray | None, done: int, nxt: np.ndarray,
                rest: np.ndarray, starts: bool) -> None:
        """The columns where seats went out or a first Gimel won: take the seats out (``coins``,
        ``paid``, ``seats``, ``after`` and this spin's next spinners ``nxt``, in place), or end
        their games (``finals``) and hand their columns on. A spin puts a few seats out across
        all the columns, so this goes seat by seat in Python."""
        width, zero_rule, first_out = self.width, self.zero_rule, self.first_out
        coins, paid, antes, pot, seats, after, at = self.coins, self.paid, self.antes, self.pot, self.seats, self.after, self.at
        hits: dict[int, list[int]] = {}
        for k in (coins.reshape(-1) < self.floor).nonzero()[0].tolist():  # (flat: numpy finds 2-d indices slowly)
            i, c = divmod(k, width)
            hits.setdefault(c, []).append(i)
        if won is not None:
            for c in np.flatnonzero(won).tolist():
                hits[c] = []  # (a Gimel puts no one out)
        ending: list[tuple[int, DreidelState]] = []
        for c, gone in hits.items():
            if gone:
                a = int(antes[c])
                if not zero_rule:
                    if empty is not None and empty[c]:
                        a -= 1  # out at an ante it could not pay
                    pot[c] -= len(gone)  # the Shin or the antes not paid
                for i in gone:
                    paid[i, c] = a
                    coins[i, c] = _OUT
                seats[c] -= len(gone)
            spinner = int(at[c]) // width
            end: DreidelState
            if won is not None and won[c]:
                end = ("win", spinner)
            elif first_out:
                end = ("out", frozenset(gone))
            else:
                left = int(seats[c])
                mask = sum(1 << i for i, x in enumerate(coins[:, c].tolist()) if x < _IN)
                if left >= 2:  # the game goes on: the next spinners among the seats still in
                    row = self.next_seat[mask]
                    after[:, c] = row * width + c
                    nxt[c] = int(row[spinner]) * width + c
                    continue
                end = ("win", int(self.only_seat[mask])) if left else ("draw", frozenset(gone))
            ending.append((c, end))
        if ending:
            self._end(ending, done, nxt, rest, starts)

    def _end(self, ending: list[tuple[int, DreidelState]], done: int, nxt: np.ndarray, rest: np.ndarray,
             starts: bool) -> None:
        """Games over (column, end state): their final states (``finals``), their columns handed on."""
        first = self.first
        c0 = self.c0[:, 0].tolist()
        for c, end in ending:
            antes, n = int(self.antes[c]), done - int(self.start[c])
            net = tuple((x + antes if x < _IN else y) - z
                        for x, y, z in zip(self.coins[:, c].tolist(), self.paid[:, c].tolist(), c0))
            self.finals[int(self.ids[c])] = (ClassicDreidelGame(
                first.rules, end, n, first.hand_limit, first.log.add(Event("spin", _batch_line(n))), False,
                first.weights, net), n)
        self._hand_on([c for c, _ in ending], done, nxt, rest, starts)

    def _hand_on(self, cols: list[int], done: int, nxt: np.ndarray | None, rest: np.ndarray | None,
                 starts: bool) -> None:
        """Columns whose games are over: start the games waiting in them (mid-pass, ``nxt`` and
        ``rest``: their first spinner, and the rest of the pass's spins drawn now), or leave them
        idle (Nuns with every seat in, changing nothing, until the pass ends). Column by column:
        a few at a time."""
        new = min(len(cols), len(self.finals) - self.waiting) if starts else 0
        width = self.width
        c0, first_after = self.c0[:, 0], self.next_seat[-1] * width
        for c in cols[:new]:
            self.ids[c] = self.waiting
            self.waiting += 1
            self.coins[:, c] = c0
            self.paid[:, c] = 0
            self.antes[c] = 0
            self.seats[c] = self.players
            self.pot[c] = self.pot0
            self.start[c] = done
            self.after[:, c] = first_after + c
            if nxt is None:
                self.at[c] = self.s0 * width + c
            else:
                nxt[c] = self.s0 * width + c
        if new and rest is not None and len(rest):
            ids = self.ids[cols[:new]].tolist()
            rest[:, cols[:new]] = Sampler.take_rows([self.chances[i] for i in ids], self.total, len(rest),
                                                    self.offsets, transposed=True)
        for c in cols[new:]:
            self.ids[c] = -1
            self.coins[:, c] = self.floor
            self.pot[c] = 1
            if rest is not None:
                rest[:, c] = 2 * self.most  # Nun

    def _finish(self, done: int) -> list[tuple[ClassicDreidelGame, int]]:
        """Few games left and none waiting: each played on one by one from where it stands."""
        for r, i in enumerate(self.ids.tolist()):
            game, spins = self._game(r, done)
            # its stream stands after its spins so far (every spin drawn for it was played)
            end, more = game.run_chance(self.chances[i], self.max_steps - spins)
            self.finals[i] = (end, spins + more)
        return [f for f in self.finals if f is not None]


#: The arrays' integers (a stake never nears 2**28: longer games are refused before play).
_INT = np.int32
#: What a seat that went out holds (antes keep taking 1 from it: far from going negative), and
#: the bound below which a seat is in.
_OUT, _IN = 1 << 30, 1 << 29
#: The most coins at stake `run_games` plays across games (its tables hold one row per pot).
_MOST_ACROSS = 1 << 20
_NONE = np.zeros(0, dtype=np.int64)


@bounded_cache(maxsize=16)
def _seat_tables(players: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """By the mask of the seats still in (bit ``i``: seat ``i``): each seat's next spinner (the
    turn passes on from an out seat too, as `run_chance` finds it), how many seats are in, and
    the lowest seat in. The full mask is the last row."""
    masks = np.arange(1 << players)
    seat_in = (masks[:, None] >> np.arange(players)) & 1  # (mask, seat)
    order = (np.arange(players)[:, None] + np.arange(1, players + 1)) % players  # row i: i + 1 first, i last
    first_in = seat_in[:, order].argmax(axis=2)  # (mask, seat): where in seat i's order the next seat in is
    return order[np.arange(players), first_in], seat_in.sum(axis=1), seat_in.argmax(axis=1)


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
    g, _h, n, _s = rules.face_fractions
    # in integers (ceilings by negated floor division): Fraction arithmetic cost more than the
    # rest of a first call's checks
    if rules.stopping == "first-gimel":
        return -(-g.denominator // g.numerator) if g else 10 ** 18
    moving = n.denominator - n.numerator  # 1 - n, over n's denominator
    fair = (rules.coins * rules.players) ** 2 // 4
    return max(1, -(-3 * fair * n.denominator // (4 * moving))) if moving else 10 ** 18


def _check_length(rules: ClassicDreidelRules, weights: tuple[tuple[str, int], ...], hand_limit: int) -> None:
    """Refuse, before any game is played, rules whose typical game outlasts what the simulator
    plays in seconds (issue 20: a face probability of 1/1,000,000 ran for hours)."""
    one_by_one = _spin_table(weights)[1] is None
    cap = MAX_TYPICAL_SPINS_ONE_BY_ONE if one_by_one else MAX_TYPICAL_SPINS
    typical = _typical_spins(rules)
    if min(typical, hand_limit) > cap:
        how = ("its face probabilities need a denominator over 4,096, so faces are drawn one by one" if one_by_one
               else "faces drawn in batches")
        probs = ",".join(str(x) for x in rules.face_fractions)
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
    return _face_weights(tuple(rules.face_fractions))


@bounded_cache(maxsize=256)
def _face_weights(probs: tuple[Any, ...]) -> tuple[tuple[str, int], ...]:
    """`face_weights` by the probabilities alone (once per dreidel, not per game)."""
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


# The command line's hooks import the game's CLI module (argparse, the generated rules options)
# when a command line calls them: a simulation started from Python never does.
def _rules_from_args(args: argparse.Namespace) -> ClassicDreidelRules:
    from .cli import play_rules_from_args

    return play_rules_from_args(args)


def _add_sweep_arguments(parser: argparse.ArgumentParser) -> None:
    from .cli import add_play_sweep_arguments

    add_play_sweep_arguments(parser)


def _rules_grid_from_args(args: argparse.Namespace) -> dict[str, ClassicDreidelRules]:
    from .cli import play_rules_grid_from_args

    return play_rules_grid_from_args(args)


#: The command line's side of ``simulate`` and ``sweep``.
PLAY_CLI: PlayCliSpec[ClassicDreidelRules] = PlayCliSpec(
    rules_from_args=_rules_from_args,
    add_sweep_arguments=_add_sweep_arguments,
    rules_grid_from_args=_rules_grid_from_args,
    sweep_fields={"coins": "--coins"},
)
