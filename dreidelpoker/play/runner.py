"""The seeded simulation runner: plays whole games with bots, on any executor.

Every game gets its own child of one `numpy.random.SeedSequence`
(``SeedSequence(seed, spawn_key=(i,))`` for game ``i``, exactly what
``SeedSequence(seed).spawn`` hands out), and inside a game chance and each seat draw
from their own streams, each through one [`Sampler`][dreidelpoker.sampler.Sampler] (chance on child 0,
seat ``s`` on child ``s + 1``). So a game's result depends only on the seed and its index:
serial runs, process pools and Dask clusters give identical records.
"""

from __future__ import annotations

import gc
import os
import pickle
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from ..games.protocol import Bot, GameState, Payoff, PlaySpec, Turn
from .bots import BotSpec, IllegalActionError, bot_label, make_bot
from ..sampler import Sampler
from ..errors import InputError
from .._fractions import to_rational

if TYPE_CHECKING:
    import concurrent.futures as cf

__all__ = [
    "GameRecord", "HistoryItem", "MAX_GAMES", "TASKS_PER_WORKER", "as_executor", "chunk_count",
    "play_game", "replay", "run_tasks", "sample_chance", "worker_count",
]

#: The most games one call may ask for; run a sweep or several seeds for more.
MAX_GAMES = 1_000_000

#: One applied step: ``("chance", outcome)``, ``("player", seat, action)`` or
#: ``("joint", ((seat, action), ...))``.
HistoryItem = tuple[Any, ...]


@dataclass(frozen=True)
class GameRecord:
    """What one simulated game left behind.

    Attributes:
        index: the game's number in its run (its seed is ``spawn_key=(index,)``).
        returns: each seat's net result, exact: ints, or sympy Rationals where a seat's
            result is fractional (held as Fractions; ``fractions()`` gives them as stored).
        winners: the seats with the best return in a game that ended by its rules;
            ``()`` for a game cut at the round limit, or when every seat drew.
        rounds: rounds played (hands, deals, skirmishes).
        truncated: the game hit the round limit.
        steps: actions applied (chance included).
        metrics: the game's own figures (``PlaySpec.metrics``).
        history: the applied steps, when kept (``keep_history=True``).

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> from dreidelpoker.play import simulate
        >>> record = simulate(ClassicDreidelRules(players=2, coins=2), games=5, seed=1, progress=False).records[0]
        >>> record.index, len(record.returns), record.truncated, "spins" in record.metrics
        (0, 2, False, True)
    """

    index: int
    _returns: tuple[Payoff, ...]
    winners: tuple[int, ...]
    rounds: int
    truncated: bool
    steps: int
    metrics: Mapping[str, float] = field(default_factory=dict)
    history: tuple[HistoryItem, ...] | None = None

    @property
    def returns(self) -> tuple[Any, ...]:
        """Each seat's net result: ints, or sympy Rationals where it is fractional."""
        return tuple(r if type(r) is int else to_rational(r) for r in self._returns)

    def fractions(self) -> tuple[Payoff, ...]:
        """Each seat's net result as stored (ints or `fractions.Fraction`), for inner loops.

        Returns:
            One exact number per seat.

        Examples:
            >>> GameRecord(0, (Fraction(1, 2), Fraction(-1, 2)), (0,), 1, False, 3).fractions()
            (Fraction(1, 2), Fraction(-1, 2))
        """
        return self._returns

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe; exact returns as ints or ``"p/q"`` strings."""
        return {
            "index": self.index, "returns": [_json_payoff(r) for r in self._returns],
            "winners": list(self.winners), "rounds": self.rounds, "truncated": self.truncated,
            "steps": self.steps, "metrics": dict(self.metrics),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> GameRecord:
        """Inverse of [`to_dict`][dreidelpoker.play.GameRecord.to_dict] (without history)."""
        return cls(
            int(d["index"]), tuple(_parse_payoff(r) for r in d["returns"]),
            winners=tuple(int(w) for w in d["winners"]), rounds=int(d["rounds"]),
            truncated=bool(d["truncated"]), steps=int(d["steps"]),
            metrics={str(k): float(v) for k, v in d["metrics"].items()},
        )


def _json_payoff(r: Payoff) -> int | str:
    if isinstance(r, int):
        return r
    return str(r.numerator) if r.denominator == 1 else f"{r.numerator}/{r.denominator}"


def _parse_payoff(r: int | str) -> Payoff:
    if isinstance(r, int):
        return r
    f = Fraction(r)
    return int(f) if f.denominator == 1 else f


def sample_chance(state: GameState[Any, Any], rng: np.random.Generator | Sampler) -> Any:
    """Draw a chance outcome with probability weight / total, through the one sampler.

    A state may offer a faster ``sample_chance(sampler)`` of its own (e.g. a whole shuffle
    at once); the runner uses it when present, else draws from ``chance_outcomes()``.

    Parameters:
        state: a chance node.
        rng: the game's [`Sampler`][dreidelpoker.sampler.Sampler] (a numpy generator is wrapped in one).

    Returns:
        One of the state's chance outcomes.

    Raises:
        ValueError: the state's chance outcomes have no positive weight.

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> from dreidelpoker.games.registry import get_game
        >>> from dreidelpoker.sampler import Sampler
        >>> state = get_game("classic-dreidel").play.new_game(ClassicDreidelRules(players=2, coins=2))
        >>> sample_chance(state, Sampler(0)) in ("G", "H", "N", "S")
        True
    """
    sampler = rng if rng.__class__ is Sampler else Sampler(rng)  # type: ignore[arg-type]
    own = getattr(state, "sample_chance", None)
    if own is not None:
        return own(sampler)
    return sampler.weighted(state.chance_outcomes())


def _illegal(label: str, state: GameState[Any, Any] | None, seat: int, action: Any, legal: Sequence[Any]) -> None:
    if state is None:  # a game's batch path keeps no log to quote
        last = "(a game played without its log: keep_history=True shows where)"
    else:
        last = state.log[-1].text if state.log else "(start of game)"
    raise IllegalActionError(
        f"bot {label!r} in seat {seat + 1} chose {action!r}, which is not legal here "
        f"(after: {last}); legal actions: {', '.join(map(repr, legal))}"
    )


# Enum members cost an attribute look-up each time they are named: the hot loop names these.
_TERMINAL, _CHANCE, _PLAYER = Turn.TERMINAL, Turn.CHANCE, Turn.PLAYER


def play_game(
    state: GameState[Any, Any],
    bots: Sequence[Bot],
    seed: np.random.SeedSequence,
    *,
    labels: Sequence[str] | None = None,
    keep_history: bool = False,
    max_steps: int = 50_000_000,
) -> tuple[GameState[Any, Any], tuple[HistoryItem, ...], int]:
    """Play one game from ``state`` to the end.

    Parameters:
        state: the initial state.
        bots: one bot per seat.
        seed: the game's seed sequence.
        labels: the bots' labels for the history (default: none).
        keep_history: record every step (for [`replay`][dreidelpoker.play.replay]).
        max_steps: stop a game that runs longer (it is then truncated).

    Returns:
        The final state, the steps applied (empty unless ``keep_history``) and their count.

    Chance draws from the first child stream of ``seed``; seat ``i``'s bot from child ``i + 1``,
    each through its own `Sampler`.

    Raises:
        IllegalActionError: a bot returned an action that is not legal (nothing is repaired).

    Examples:
        >>> import numpy as np
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> from dreidelpoker.games.registry import get_game
        >>> from dreidelpoker.play.bots import make_bot
        >>> spec, rules = get_game("classic-dreidel").play, ClassicDreidelRules(players=2, coins=2)
        >>> bots = [make_bot(spec, "spinner", rules=rules)] * 2
        >>> final, history, steps = play_game(spec.new_game(rules), bots, np.random.SeedSequence(1), keep_history=True)
        >>> final.turn.name, len(final.returns()), len(history) == steps
        ('TERMINAL', 2, True)
    """
    children = seed.spawn(state.num_players + 1)
    return _play(state, bots, lambda k: Sampler(children[k]), labels=labels,
                 keep_history=keep_history, max_steps=max_steps)


class _CollectorPaused:
    """The cyclic garbage collector paused within the block, and resumed after it as it was.

    A class, not a ``contextlib`` generator: it wraps every game played one by one, where
    a generator's set-up would cost a few percent of a short game."""

    __slots__ = ("_paused",)

    def __enter__(self) -> None:
        self._paused = gc.isenabled()
        if self._paused:
            gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self._paused:
            gc.enable()


def _play(
    state: GameState[Any, Any],
    bots: Sequence[Bot],
    stream: Callable[[int], Sampler],
    *,
    labels: Sequence[str] | None,
    keep_history: bool,
    max_steps: int,
) -> tuple[GameState[Any, Any], tuple[HistoryItem, ...], int]:
    """[`play_game`][dreidelpoker.play.play_game] with the sampler of the seed's child ``k`` given by ``stream(k)``.

    A stream's generator is made when it is first drawn from (building one costs more than
    a short game's moves), so a seat that never decides costs nothing; the draws are the
    same as with every generator made up front.

    The cyclic garbage collector is paused while one game is played and resumed after it
    (as it was): a game's states, log lines and records are freed by reference counting,
    and without the pause the collector would walk the game's growing log (and every
    long-lived object of the process) again and again -- about 15% of a whole Two Dreidel
    game's time. Whatever a game or a bot leaves in reference cycles is collected after
    the game.
    """
    with _CollectorPaused():
        return _steps(state, bots, stream, labels=labels, keep_history=keep_history, max_steps=max_steps)


def _steps(
    state: GameState[Any, Any],
    bots: Sequence[Bot],
    stream: Callable[[int], Sampler],
    *,
    labels: Sequence[str] | None,
    keep_history: bool,
    max_steps: int,
    batch: bool = False,
) -> tuple[GameState[Any, Any], tuple[HistoryItem, ...], int]:
    """The steps of `_play`.

    With ``batch`` (a record is all that is wanted: no history, nobody reads the final
    state's log), a state whose class has ``run_chance(stream, max_steps)`` plays its
    chance nodes there, many at once, with the draws the step-by-step path would make
    (see [`Sampler.block`][dreidelpoker.sampler.Sampler.block]); one whose class has
    ``run_turns(stream, decide, max_steps)`` plays chance and decisions there, asking
    ``decide(seat, observation, legal)`` (the seat's bot, checked) for every decision, without
    the runner's look-ups between steps. The game, its steps and its record are the same.
    """
    n = state.num_players
    chance = stream(0)  # each generator is made on its first draw
    bot_rngs = [stream(seat + 1) for seat in range(n)]
    names = list(labels) if labels is not None else [bot_label(b) for b in bots]
    history: list[HistoryItem] = []
    own: type | None = state.__class__ if hasattr(state, "sample_chance") else None  # draws its own chance
    batched: type | None = state.__class__ if batch and hasattr(state, "run_chance") else None
    steps = 0
    # A bot may say where it reads no observation (``observation_needed(legal) -> False``): it is given None there.
    needed: list[Callable[[Sequence[Any]], bool] | None] = [getattr(b, "observation_needed", None) for b in bots]
    if batch and hasattr(state, "run_turns"):
        def decide(seat: int, observation: Any, legal: Sequence[Any]) -> Any:
            action = bots[seat](observation, legal, bot_rngs[seat])
            if action not in legal:
                _illegal(names[seat], None, seat, action, legal)
            return action

        def observes(seat: int, legal: Sequence[Any]) -> bool:
            need = needed[seat]
            return need is None or need(legal)

        state, steps = state.run_turns(chance, decide, max_steps, log=False, observes=observes,
                                       seats=tuple(zip(bots, bot_rngs)))
    while steps < max_steps:
        turn = state.turn
        if turn is _CHANCE:
            if state.__class__ is batched:
                state, applied = state.run_chance(chance, max_steps - steps)  # type: ignore[attr-defined]
                if applied:
                    steps += applied
                    continue
            # (what sample_chance(state, chance) does, inline for the hot path)
            outcome = (state.sample_chance(chance) if state.__class__ is own  # type: ignore[attr-defined]
                       else chance.weighted(state.chance_outcomes()))
            if keep_history:
                history.append(("chance", outcome))
            state = state.apply(outcome)
        elif turn is _PLAYER:
            seat = state.current_players[0]
            legal = state.legal_actions(seat)
            need = needed[seat]
            action = bots[seat](state.observation(seat) if need is None or need(legal) else None, legal,
                                bot_rngs[seat])
            if action not in legal:
                _illegal(names[seat], state, seat, action, legal)
            if keep_history:
                history.append(("player", seat, action))
            state = state.apply(action)
        elif turn is _TERMINAL:
            return state, tuple(history), steps
        else:
            # Every choice is made from the same state, so nobody sees another's card.
            joint = {}
            legal_of, observe = state.legal_actions, state.observation
            for s in state.current_players:
                legal = legal_of(s)
                need = needed[s]
                action = bots[s](observe(s) if need is None or need(legal) else None, legal, bot_rngs[s])
                if action not in legal:
                    _illegal(names[s], state, s, action, legal)
                joint[s] = action
            if keep_history:
                history.append(("joint", tuple(sorted(joint.items()))))
            state = state.apply_joint(joint)
        steps += 1
    raise RuntimeError(f"a game ran {max_steps} steps without ending; the game's round limit does not bind")


def replay(state: GameState[Any, Any], history: Iterable[HistoryItem]) -> GameState[Any, Any]:
    """Apply recorded steps to an initial state (a replayed log reproduces the game).

    Parameters:
        state: the initial state the history was recorded from.
        history: the steps, as [`play_game`][dreidelpoker.play.play_game] records them with ``keep_history=True``.

    Returns:
        The state after every step.

    Examples:
        >>> import numpy as np
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> from dreidelpoker.games.registry import get_game
        >>> from dreidelpoker.play import play_game
        >>> from dreidelpoker.play.bots import make_bot
        >>> spec, rules = get_game("classic-dreidel").play, ClassicDreidelRules(players=2, coins=2)
        >>> bots = [make_bot(spec, "spinner", rules=rules)] * 2
        >>> final, history, _ = play_game(spec.new_game(rules), bots, np.random.SeedSequence(7), keep_history=True)
        >>> replay(spec.new_game(rules), history).returns() == final.returns()
        True
    """
    for item in history:
        if item[0] == "chance":
            state = state.apply(item[1])
        elif item[0] == "player":
            state = state.apply(item[2])
        else:
            state = state.apply_joint(dict(item[1]))
    return state


def _record(spec: PlaySpec[Any], index: int, final: GameState[Any, Any], history: tuple[HistoryItem, ...] | None,
            steps: int) -> GameRecord:
    returns = tuple(final.returns())
    truncated = final.truncated
    winners: tuple[int, ...] = ()
    if not truncated and returns:
        best = max(returns)
        if returns.count(best) != len(returns):  # (not all drew)
            winners = tuple(i for i, r in enumerate(returns) if r == best)
    metrics = spec.metrics(final)
    return GameRecord(index, returns, winners, final.rounds, truncated, steps,
                      dict(zip(metrics, map(float, metrics.values()))), history)


def play_batch(
    spec: PlaySpec[Any], lineup: tuple[BotSpec, ...], entropy: int | Sequence[int],
    indices: Sequence[int], hand_limit: int | None, keep_history: bool, *, rules: Any,
) -> list[GameRecord]:
    """Play the games ``indices`` of a run (the unit of work sent to an executor)."""
    return _play_batch(spec, rules, lineup, entropy, indices, hand_limit, keep_history)


def _play_batch(
    spec: PlaySpec[Any], rules: Any, lineup: tuple[BotSpec, ...], entropy: int | Sequence[int],
    indices: Sequence[int], hand_limit: int | None, keep_history: bool,
) -> list[GameRecord]:
    """`play_batch` with the arguments in a task's order (``run_tasks``).

    The cyclic garbage collector is paused for each game, from its first state to its
    record (see `_play`), so it never walks a game's states and log."""
    labels = [bot_label(b) for b in lineup]
    out: list[GameRecord] = []
    # States are immutable (``apply`` returns a new one), so every game of the batch starts
    # from one initial state: making it checks the rules each time, which costs as much as a
    # few moves of a one-hand game.
    if not indices:
        return out
    start = spec.new_game(rules, players=len(lineup), hand_limit=hand_limit)
    if not keep_history and len(indices) > 1 and hasattr(type(start), "run_games"):
        with _CollectorPaused():
            across = _play_across(spec, rules, lineup, entropy, indices, start)
        if across is not None:
            return across
    k = len(lineup) + 1  # a game's streams: chance, then each seat
    for at in range(0, len(indices), 64):  # (the streams' starts hashed together, 64 games at a time)
        part = indices[at:at + 64]
        streams = Sampler.spawned_many(entropy, [(i, s) for i in part for s in range(k)])
        for j, i in enumerate(part):
            with _CollectorPaused():
                out.append(_play_one(spec, rules, lineup, labels, streams[j * k:j * k + k], i, start, keep_history))
    return out


def _play_one(spec: PlaySpec[Any], rules: Any, lineup: tuple[BotSpec, ...], labels: list[str],
              streams: Sequence[Sampler], i: int, state: GameState[Any, Any], keep_history: bool) -> GameRecord:
    """Game ``i`` of a run, played from ``state`` and recorded (its states are freed when this returns);
    ``streams[k]`` is child k of ``SeedSequence(entropy, spawn_key=(i,))``, as its spawn() would make it."""
    bots = [make_bot(spec, b, rules=rules) for b in lineup]
    final, history, steps = _steps(state, bots, streams.__getitem__, labels=labels,
                                   keep_history=keep_history, max_steps=_MAX_STEPS, batch=not keep_history)
    return _record(spec, i, final, history if keep_history else None, steps)


def _play_across(spec: PlaySpec[Any], rules: Any, lineup: tuple[BotSpec, ...], entropy: int | Sequence[int],
                 indices: Sequence[int], start: GameState[Any, Any]) -> list[GameRecord] | None:
    """The games ``indices`` played all at once from ``start`` by its class's ``run_games(states,
    streams, max_steps)`` (a game of chance alone, e.g. classic dreidel, across games in
    numpy), each from its own chance stream (child 0 of its seed, as one by one); ``None``
    when the game declines these games."""
    for b in lineup:
        make_bot(spec, b, rules=rules)  # the line-up is checked as one by one (a game of chance asks nothing of it)
    finals = type(start).run_games(  # type: ignore[attr-defined]
        [start] * len(indices), Sampler.spawned_many(entropy, [(i, 0) for i in indices]), _MAX_STEPS)
    if finals is None:
        return None
    out = []
    for i, (final, steps) in zip(indices, finals):
        if final.turn is not _TERMINAL:
            raise RuntimeError(f"a game ran {_MAX_STEPS} steps without ending; the game's round limit does not bind")
        out.append(_record(spec, i, final, None, steps))
    return out


#: The most steps a game of a run may take (a game's own round limit should bind first).
_MAX_STEPS = 50_000_000


def as_executor(executor: Any) -> cf.Executor | None:
    """Accept ``None`` (serial), any ``concurrent.futures.Executor``, or a ``dask.distributed.Client``.

    Parameters:
        executor: ``None``, an executor, or a Dask client.

    Returns:
        The executor to submit to, or ``None`` to run serially.

    Raises:
        ValueError: for anything else (``InputError``).
    """
    if executor is None:
        return None
    import concurrent.futures as cf  # here: a serial run in a fresh process does not load multiprocessing

    if isinstance(executor, cf.Executor):
        return executor
    get = getattr(executor, "get_executor", None)
    if callable(get):
        # Not pure: Dask would hash every task's arguments to name it, and no two tasks repeat.
        return get(pure=False)  # type: ignore[no-any-return]
    raise InputError(
        f"executor: expected None, a concurrent.futures.Executor or a dask.distributed.Client, "
        f"got {type(executor).__name__}"
    )


def worker_count(executor: Any) -> int:
    """How many workers an executor runs tasks on: the threads of a Dask client's workers, the
    machine's CPUs for any other executor (a pool's own count is private to
    ``concurrent.futures``; it only sizes the chunks, never the draws), 1 for ``None`` (serial).

    Parameters:
        executor: ``None``, a ``concurrent.futures.Executor`` or a ``dask.distributed.Client``.

    Returns:
        The number of workers (at least 1).

    Examples:
        >>> import os
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> with ThreadPoolExecutor(3) as ex:
        ...     worker_count(ex) == max(1, os.cpu_count() or 1), worker_count(None)
        (True, 1)
    """
    if executor is None:
        return 1
    threads = getattr(executor, "nthreads", None)  # a Dask client: its workers' threads
    if callable(threads):
        try:
            return max(1, int(sum(threads().values())))
        except Exception:  # a client that cannot say (closed): fall through to the default
            pass
    return max(1, os.cpu_count() or 1)


#: Tasks an executor gets per worker: enough that a slow task does not leave a worker idle
#: at the end, few enough that each task's own cost (pickling the work and the records,
#: scheduling: about a millisecond on a process pool, a few on Dask) stays small.
TASKS_PER_WORKER = 4


def chunk_count(games: int, workers: int, *, cells: int = 1, across: bool = False) -> int:
    """How many pieces to split ``games`` games of one cell into, when ``cells`` cells share
    ``workers`` workers: about [`TASKS_PER_WORKER`][dreidelpoker.play.runner.TASKS_PER_WORKER]
    tasks per worker over all the cells (at least one per cell), at most 1,000 games a task;
    serially (one worker) up to 100 pieces, so a progress bar moves, or with ``across``
    pieces of 1,000 games (a game played across games at once, e.g. classic dreidel, is
    fastest in big pieces, and a thousand of its games take a fraction of a second).

    Parameters:
        games: the games of the cell.
        workers: the workers (1: serial).
        cells: how many cells share the workers.
        across: the game's state class plays many games at once (``run_games``).

    Returns:
        The number of pieces (1 to ``games``).

    Examples:
        >>> chunk_count(4000, 2), chunk_count(4000, 2, cells=2), chunk_count(4000, 2, cells=40), chunk_count(50, 1)
        (8, 4, 4, 50)
    """
    if workers <= 1:
        parts = 1 if across else min(100, games)
    else:
        parts = -(-TASKS_PER_WORKER * workers // max(1, cells))
    return max(1, min(games, max(parts, -(-games // 1000))))


class _Shipment:
    """One task's records on their way back from a worker, as one pickled payload.

    Dask sends a list result element by element (a frame, a pickle and a header per record,
    about 30 µs of the client's and the scheduler's CPU per game), and one object as one
    pickle. The records are pickled on the worker as soon as they are played (it keeps the
    bytes until they are fetched, not objects for its garbage collector to walk) and
    unpickled where they are read (`records`), with the cyclic garbage collector paused:
    records hold no reference cycles, and otherwise every few hundred records made the
    collector walk every object of the process (the client's, the cluster's, the records
    already received), 7-8 times the cost of the unpickling itself and most of what a
    parallel run's main process did. Serially the records are made under the same pause
    (`_play_batch`)."""

    __slots__ = ("_payload", "_records")

    def __init__(self, payload: bytes) -> None:
        self._payload = payload
        self._records: list[GameRecord] | None = None

    @classmethod
    def of(cls, records: list[GameRecord]) -> _Shipment:
        """The records, pickled."""
        return cls(pickle.dumps(records, protocol=pickle.HIGHEST_PROTOCOL))

    @property
    def records(self) -> list[GameRecord]:
        """The records, unpickled on first use."""
        if self._records is None:
            with _CollectorPaused():
                self._records = pickle.loads(self._payload)
        return self._records

    def __getstate__(self) -> bytes:
        return self._payload

    def __setstate__(self, payload: bytes) -> None:
        self._payload = payload
        self._records = None


def _play_shipped(*task: Any) -> _Shipment:
    """`_play_batch` on a worker, its records shipped back as one payload (the worker keeps
    the bytes until they are fetched, not the records)."""
    return _Shipment.of(_play_batch(*task))


#: How often a distributed run looks at its cluster while nothing finishes (seconds).
_POLL_SECONDS = 1.0


def run_tasks(
    tasks: Sequence[tuple[Any, ...]], executor: Any, *, progress: Any = None, weights: Sequence[int] | None = None,
) -> Iterator[tuple[int, list[GameRecord]]]:
    """Run ``play_batch`` for each task (its arguments in the order ``spec, rules, lineup, ...``); yield ``(task_index, records)`` as they finish.

    ``progress`` is a tqdm bar (or ``None``) advanced by ``weights[i]`` per finished task.
    On an executor, a run where nothing finishes while the cluster has no workers (or its
    scheduler does not answer) for the [`cluster_timeout`][dreidelpoker.play.cluster.cluster_timeout]
    stops with a [`ClusterError`][dreidelpoker.play.cluster.ClusterError]; so does a process
    pool whose worker died.

    Parameters:
        tasks: the positional arguments of each ``play_batch`` call, ``rules`` second.
        executor: as for [`as_executor`][dreidelpoker.play.runner.as_executor].
        progress: a progress bar to advance, or ``None``.
        weights: how far each task advances the bar (default 1 each).

    Returns:
        An iterator of ``(task index, game records)``, in the order the tasks finish.
    """
    ex = as_executor(executor)
    if ex is None:
        for k, task in enumerate(tasks):
            res = _play_batch(*task)
            if progress is not None:
                progress.update(weights[k] if weights else 1)
            yield k, res
        return
    # Imported here, not with the module: a serial run in a fresh process pays for none of it.
    import concurrent.futures as cf
    from concurrent.futures.process import BrokenProcessPool

    from .cluster import ClusterError, cluster_problem, cluster_timeout

    futures: dict[cf.Future[_Shipment], int] = {}
    timeout = cluster_timeout()
    stuck_since: float | None = None  # when the cluster was first seen unable to run games
    try:
        try:
            for k, task in enumerate(tasks):
                futures[ex.submit(_play_shipped, *task)] = k
        except BrokenProcessPool:  # a worker died before every batch was handed out
            raise ClusterError("a worker process died (killed, or out of memory); the run is stopped") from None
        pending = set(futures)
        while pending:
            done, pending = cf.wait(pending, timeout=_POLL_SECONDS, return_when=cf.FIRST_COMPLETED)
            for fut in done:
                k = futures[fut]
                try:
                    res = fut.result().records
                except BrokenProcessPool:
                    raise ClusterError("a worker process died (killed, or out of memory); "
                                       "the run is stopped") from None
                except cf.CancelledError:  # we cancel nothing before the end: the cluster did
                    raise ClusterError("the cluster dropped the games (its scheduler went away or restarted); "
                                       "the run is stopped") from None
                except Exception:
                    # Dask's executor wrapper can fail on a batch its cluster lost (workers gone
                    # mid-task) with an error of its own; the cluster's state says what happened.
                    problem = cluster_problem(executor)
                    if problem is not None:
                        raise ClusterError(f"{problem}; the run is stopped") from None
                    raise
                if progress is not None:
                    progress.update(weights[k] if weights else 1)
                yield k, res
            if done:
                stuck_since = None
                continue
            # Nothing finished for a while: fine if the cluster is busy, not if it cannot work.
            problem = cluster_problem(executor)
            now = time.monotonic()
            if problem is None:
                stuck_since = None
            elif stuck_since is None:
                stuck_since = now
            elif now - stuck_since >= timeout:
                raise ClusterError(f"{problem} (for {timeout:g} s, with {len(pending):,} of {len(futures):,} "
                                   "batches of games still to play); the run is stopped")
    finally:
        for fut in futures:
            try:
                fut.cancel()
            except Exception:  # noqa: BLE001 - a dead cluster's futures may not cancel; nothing runs them
                pass


def split(indices: range, parts: int) -> list[range]:
    """Split game indices into about ``parts`` contiguous chunks."""
    size = max(1, -(-len(indices) // max(1, parts)))
    return [indices[i:i + size] for i in range(0, len(indices), size)]
