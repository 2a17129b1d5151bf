"""What a game provides to the generic engines.

This module holds the typed protocols that join a game to the library, in two parts
that meet in one registry entry ([`GameInfo`][dreidelpoker.games.registry.GameInfo]): the
*analysis* side (``GameInfo.analysis``: hands, showdown, exact deal classes, seeded
deals, rules presets; see [`AnalysisGame`][dreidelpoker.games.protocol.AnalysisGame] at the end of this module) and the
*play* side (``GameInfo.play``). The play side (the first section) is shaped like OpenSpiel: a game state says whose turn it is
(`Turn`), gives the legal actions or the chance outcomes with exact integer
weights, returns a **new** state from [`GameState.apply`][dreidelpoker.play.GameState.apply] (the old one is never
changed), and gives each player an [`GameState.observation`][dreidelpoker.play.GameState.observation] that holds only what
that player may know. Bots ([`dreidelpoker.play`][dreidelpoker.play]) see observations only.

A game that can be played registers a [`PlaySpec`][dreidelpoker.play.PlaySpec] as ``GameInfo.play``; the
runner ([`dreidelpoker.play.simulate`][dreidelpoker.play.simulate.simulate]), the sweep and the ``simulate`` / ``sweep``
CLI verbs read nothing else.

Simultaneous moves are first-class: when ``state.turn is Turn.SIMULTANEOUS`` every
player in ``state.current_players`` chooses from the same state, and
[`GameState.apply_joint`][dreidelpoker.play.GameState.apply_joint] reveals all choices at once (Two Dreidel's call and fold
cards).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar, runtime_checkable

import numpy as np

from ..sampler import Sampler

if TYPE_CHECKING:
    from ..equity import EquityResult
    from ..montecarlo import MonteCarloEstimate

__all__ = [
    "AnalysisBase", "AnalysisGame", "Bot", "BotFactory", "Deal", "Event", "GameState", "PlaySpec", "Turn",
    "format_log",
]

#: A return: chips won or lost (an int), or an exact share of a split pot.
Payoff = int | Fraction

ActionT = TypeVar("ActionT", bound=Hashable)
#: A game's rules type.
R = TypeVar("R")
ObsT_co = TypeVar("ObsT_co", covariant=True)


class Turn(enum.Enum):
    """Whose turn it is in a [`GameState`][dreidelpoker.play.GameState].

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules, new_game
        >>> new_game(ClassicDreidelRules()).turn is Turn.CHANCE
        True
        >>> [t.name for t in Turn]
        ['PLAYER', 'CHANCE', 'SIMULTANEOUS', 'TERMINAL']
    """

    #: One player acts: ``current_players`` holds exactly that player.
    PLAYER = "player"
    #: Nature acts: ``chance_outcomes()`` gives the outcomes with integer weights.
    CHANCE = "chance"
    #: Every player in ``current_players`` chooses at once; ``apply_joint`` reveals them together.
    SIMULTANEOUS = "simultaneous"
    #: The game is over: ``returns()`` is final.
    TERMINAL = "terminal"


@dataclass(frozen=True, slots=True)
class Event:
    """One readable line of a game's log.

    Attributes:
        kind: a short tag such as ``"deal"``, ``"bet"``, ``"spin"``, ``"showdown"``.
        text: the line a person reads, e.g. ``"seat 2 bets 3 (pot 7)"``.
        player: the acting seat (0-based), or ``None`` for chance and bookkeeping.
        public: ``False`` when the line reveals private information (a drawn card, a
            put-back); observations only ever carry public lines and the owner's own.
        visible_to: for a private line, the seats that may read it.

    Examples:
        >>> Event(kind="bet", text="seat 2 bets 3 (pot 7)", player=1).public
        True
    """

    kind: str
    text: str
    player: int | None = None
    public: bool = True
    visible_to: tuple[int, ...] = ()

    def visible(self, player: int) -> bool:
        """Whether ``player`` may read this line."""
        return self.public or player in self.visible_to


#: A log line whose text is not written yet: ``(kind, player, public, visible_to, fmt, args)``;
#: its text is ``fmt.format(*args)`` (``fmt`` a str) or ``fmt(*args)`` (``fmt`` a function),
#: made only when the line is read (see [`EventLog.add_lazy`][dreidelpoker.games.protocol.EventLog.add_lazy]).
LazyEvent = tuple[str, "int | None", bool, tuple[int, ...], "str | Callable[..., str]", tuple[Any, ...]]


def _materialize(raw: LazyEvent) -> Event:
    kind, player, public, visible_to, fmt, args = raw
    text = fmt.format(*args) if isinstance(fmt, str) else fmt(*args)
    return Event(kind, text, player, public, visible_to)


class EventLog(Sequence[Event]):
    """An immutable log that grows in O(1): ``log.add(event)`` returns a new, longer log
    and shares the old one (states copy their log on every step, so a tuple would make
    a long game quadratic).

    A game's hot path may add lines *lazily* with [`add_lazy`][dreidelpoker.games.protocol.EventLog.add_lazy]: it stores the line's
    kind, visibility and the data of its text, and writes the text only when someone reads
    the log (most simulated games are never read). A lazy line reads exactly like an
    eager one: ``log[i]`` is an [`Event`][dreidelpoker.play.Event] either way.

    Examples:
        >>> log = EventLog().add(Event("spin", "seat 1 spins Nun")).add(Event("spin", "seat 2 spins Gimel"))
        >>> len(log), log[-1].text
        (2, 'seat 2 spins Gimel')
        >>> log = log.add_lazy((("bet", 0, True, (), "seat {} bets {}", (1, 3)),))
        >>> log[-1]
        Event(kind='bet', text='seat 1 bets 3', player=0, public=True, visible_to=())
    """

    __slots__ = ("_prev", "_events", "_raws", "_len", "_cache")

    def __init__(self, prev: EventLog | None = None, event: Event | None = None) -> None:
        self._prev = prev
        self._events: tuple[Event, ...] | None = () if event is None else (event,)
        self._raws: Sequence[LazyEvent] | None = None
        self._len: int = (0 if prev is None else prev._len) + (event is not None)
        self._cache: tuple[Event, ...] | None = None

    def add(self, *events: Event) -> EventLog:
        """A new log with ``events`` appended (one shared node for all of them)."""
        if not events:
            return self
        node = _NEW(EventLog)
        node._prev, node._events, node._raws, node._len, node._cache = self, events, None, self._len + len(events), None
        return node

    def add_lazy(self, raws: Sequence[LazyEvent]) -> EventLog:
        """A new log with lines whose text is written when first read (see [`LazyEvent`][dreidelpoker.games.protocol.LazyEvent]).

        The arguments of each line must be immutable values: they are formatted later; the
        sequence of lines is kept as it is (do not change it afterwards).
        """
        node = _NEW(EventLog)
        node._prev, node._events, node._raws, node._len, node._cache = self, None, raws, self._len + len(raws), None
        return node

    def _own(self) -> tuple[Event, ...]:
        """This node's own lines, written now if they were lazy."""
        ev = self._events
        if ev is None:
            assert self._raws is not None
            ev = self._events = tuple(_materialize(r) for r in self._raws)
            self._raws = None
        return ev

    def _items(self) -> tuple[Event, ...]:
        if self._cache is None:
            chunks: list[tuple[Event, ...]] = []
            node: EventLog | None = self
            while node is not None:
                if node._cache is not None:
                    chunks.append(node._cache)
                    break
                chunks.append(node._own())
                node = node._prev
            self._cache = tuple(e for chunk in reversed(chunks) for e in chunk)
        return self._cache

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, index: Any) -> Any:
        if index == -1 and self._len:
            node: EventLog | None = self
            while node is not None and not (node._events or node._raws):
                node = node._prev  # an empty root
            if node is not None:
                return node._own()[-1]
        return self._items()[index]

    def __iter__(self) -> Any:
        return iter(self._items())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            return self is other or (self._len == other._len and self._items() == other._items())
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._items())

    def __repr__(self) -> str:
        return f"EventLog({len(self)} events)"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_log_from_events, (self._items(),))


_NEW = object.__new__


def _log_from_events(events: tuple[Event, ...]) -> EventLog:
    return EventLog().add(*events)


def format_log(events: Sequence[Event], *, player: int | None = None) -> str:
    """The log as text, one event per line; with ``player``, only the lines that seat may read.

    Parameters:
        events: the game's log.
        player: a seat (0-based), or ``None`` for every line.

    Returns:
        The lines joined by newlines.

    Examples:
        >>> log = (Event("deal", "seat 1 draws G, H, N", player=0, public=False, visible_to=(0,)),
        ...        Event("bet", "seat 1 bets 2", player=0))
        >>> print(format_log(log, player=1))
        seat 1 bets 2
    """
    return "\n".join(e.text for e in events if player is None or e.visible(player))


@runtime_checkable
class GameState(Protocol[ActionT, ObsT_co]):
    """An immutable whole-game state (OpenSpiel's shape).

    Implementations are frozen: [`apply`][dreidelpoker.play.GameState.apply] and [`apply_joint`][dreidelpoker.play.GameState.apply_joint] return new
    states. Seats are numbered ``0 .. num_players - 1``; text shown to people says
    "seat 1" for seat 0.

    Two optional members speed up chance, both drawing through the game's
    `Sampler` only: ``sample_chance(sampler)`` draws a chance
    node's outcome itself (e.g. a whole shuffle at once), and ``run_chance(sampler, max_steps)
    -> (state, steps)`` plays chance nodes in a row with ``sampler.block``/``advance``, drawing
    exactly what the runner would draw step by step (``steps`` 0: nothing done). A third,
    ``run_turns(sampler, decide, max_steps, *, log, observes, seats) -> (state, steps)``, plays chance
    and decisions in a row, asking ``decide(seat, observation, legal_actions)`` (the seat's
    bot, checked by the runner) exactly where the runner would, with ``None`` for the
    observation where ``observes(seat, legal_actions)`` is false (see [`Bot`][dreidelpoker.play.Bot]), and
    writing no log lines with ``log=False``; a game may instead play bots it knows over plain
    values with the same draws from each seat's sampler (``seats``: each seat's bot and
    sampler), or decline (``steps`` 0). The runner calls ``run_chance`` and
    ``run_turns`` only when a game's record is all that is wanted.

    Examples:
        Classic dreidel, two players with one coin each: both ante, so a Gimel on the first spin
        takes the whole pot and ends the game.

        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> from dreidelpoker.games.registry import get_game
        >>> state = get_game("classic-dreidel").play.new_game(ClassicDreidelRules(players=2, coins=1), players=2)
        >>> state.turn, state.chance_outcomes()
        (<Turn.CHANCE: 'chance'>, (('G', 1), ('H', 1), ('N', 1), ('S', 1)))
        >>> after = state.apply("G")
        >>> after.turn, after.returns()
        (<Turn.TERMINAL: 'terminal'>, (1, 0))
    """

    @property
    def num_players(self) -> int:
        """The number of seats."""
        ...

    @property
    def turn(self) -> Turn:
        """Whose turn it is."""
        ...

    @property
    def current_players(self) -> tuple[int, ...]:
        """The acting seat (PLAYER), the choosing seats (SIMULTANEOUS), else ``()``."""
        ...

    @property
    def rounds(self) -> int:
        """Completed rounds (hands, deals, skirmishes): what a hand limit counts."""
        ...

    @property
    def truncated(self) -> bool:
        """True when the game ended because it reached its round limit, not by its rules."""
        ...

    @property
    def log(self) -> Sequence[Event]:
        """Every event so far, oldest first (an `EventLog` or a tuple)."""
        ...

    def legal_actions(self, player: int) -> tuple[ActionT, ...]:
        """The actions ``player`` may take now (non-empty for every acting player)."""
        ...

    def chance_outcomes(self) -> tuple[tuple[ActionT, int], ...]:
        """At a CHANCE node: each outcome with a positive integer weight."""
        ...

    def apply(self, action: ActionT) -> Self:
        """The state after the acting player's (or chance's) ``action``."""
        ...

    def apply_joint(self, actions: Mapping[int, ActionT]) -> Self:
        """At a SIMULTANEOUS node: the state after all ``actions`` are revealed together."""
        ...

    def returns(self) -> tuple[Payoff, ...]:
        """Each seat's net result so far (chips won minus chips paid); final when terminal."""
        ...

    def observation(self, player: int) -> ObsT_co:
        """Exactly what ``player`` may know now: a frozen, hashable value with no link to the state."""
        ...


class Bot(Protocol):
    """A bot chooses an action from an observation. Any function with this shape is a bot.

    A bot never sees the state: only ``observation`` (what its seat may know), the legal
    actions and its seat's `Sampler` (``rng.integers(n)``,
    ``rng.random()``, ``rng.choice(items)``, ``rng.permutation(n)``; ``rng.generator`` is the
    seat's numpy generator for anything else).

    A bot that does not always read its observation may say so with an attribute
    ``observation_needed(legal_actions) -> bool``: where it returns ``False`` the runner
    does not build the observation and passes ``None`` (a random bot needs none; a bot that
    always keeps its hand needs none at the offer). The game played is the same.

    Examples:
        >>> from dreidelpoker.games.skirmish import SkirmishRules
        >>> from dreidelpoker.play import simulate
        >>> def first_capture(observation, legal_actions, rng):
        ...     return legal_actions[0]
        >>> simulate(SkirmishRules(line_size=3), games=4, seed=1, bots=[first_capture, "greedy"],
        ...          progress=False).games
        4
    """

    def __call__(self, observation: Any, legal_actions: Sequence[Any], rng: Sampler) -> Any: ...


#: Makes a fresh bot for one game: ``factory(rules)`` -> a bot.
BotFactory = Callable[[Any], Bot]


class SameBot:
    """The [`BotFactory`][dreidelpoker.games.protocol.BotFactory] of a bot that plays alike
    under any rules: ``SameBot(bot)(rules)`` is ``bot``. It pickles by reference to ``bot``
    (a module-level function), as a [`PlaySpec`][dreidelpoker.games.protocol.PlaySpec] must.

    Parameters:
        bot: the bot.

    Examples:
        >>> def first(observation, legal_actions, rng):
        ...     return legal_actions[0]
        >>> SameBot(first)(None) is first
        True
    """

    __slots__ = ("bot",)

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def __call__(self, rules: object) -> Bot:
        return self.bot


@dataclass(frozen=True)
class LeadAgainst:
    """A [`PlaySpec`][dreidelpoker.games.protocol.PlaySpec]'s ``default_bots``: seat 1 plays
    ``lead`` and the other seats cycle through ``others`` (``lead`` again when there are none).

    Parameters:
        lead: the bot in seat 1.
        others: the bots of seats 2, 3, ... in turn.

    Examples:
        >>> LeadAgainst("equity", ("tight", "calling-station", "random"))(5)
        ('equity', 'tight', 'calling-station', 'random', 'tight')
        >>> LeadAgainst("spinner")(3)
        ('spinner', 'spinner', 'spinner')
    """

    lead: str
    others: tuple[str, ...] = ()

    def __call__(self, players: int) -> tuple[str, ...]:
        others = self.others or (self.lead,)
        return (self.lead,) + tuple(others[i % len(others)] for i in range(players - 1))


@dataclass(frozen=True)
class PlaySpec(Generic[R]):
    """What the engines need to play whole games of a game (``GameInfo.play``); the command
    line's side of ``simulate``/``sweep`` is the game's
    [`PlayCliSpec`][dreidelpoker.games.registry.PlayCliSpec].

    Every field is a module-level callable or plain data, so a spec pickles by
    reference and runs on any executor (processes, Dask workers).

    Attributes:
        new_game: ``new_game(rules, players=n, hand_limit=k)`` -> the initial state.
            ``hand_limit`` ``None`` means the game's own default limit.
        bots: bot name -> factory ``factory(rules)`` returning a bot.
        default_bots: ``default_bots(players)`` -> a line-up of bot names (e.g. a
            `LeadAgainst`).
        metrics: ``metrics(final_state)`` -> the game's own per-game figures
            (e.g. ``{"spins": 12, "max_pot_share": 0.4}``). Higher-level summaries
            (means, intervals, win rates) are computed by the runner.
        min_players, max_players: the player counts the game allows.
        round_name: what one round is called ("hand", "deal", "skirmish").
        default_hand_limit: the round limit used when none is given.
        adapt_rules: ``adapt_rules(rules, players)`` -> rules for that player count,
            for games whose rules hold the player count (``None``: rules do not).
        players_in_rules: the rules field that holds the player count, if any (then
            ``simulate(rules)`` needs no ``players``).
        metric_help: metric name -> one line saying what it measures.
        rate_metrics: the metrics that record an event, 1 if it happened in the game and 0
            if not: their mean is a proportion and gets a Wilson interval. Any other metric's mean gets a bootstrap interval,
            whatever values it happens to take (a count that is 1 in every game is a count).
        exact_metrics: metric name -> ``(help, function(rules, players))``: figures of a
            variant computed exactly, not played (the variant search uses them as cheap
            objectives, e.g. Two Dreidel's trump share).
        exploitability: ``exploitability(rules)`` -> ``(what was solved, {bot: per-seat
            exploitability})`` in a sub-game the game solves exactly, shown beside each
            bot's skill (``None``: no solved sub-game).

    Examples:
        >>> from dreidelpoker.games.registry import get_game
        >>> spec = get_game("classic-dreidel").play
        >>> spec.min_players, list(spec.bots)
        (2, ['spinner'])
    """

    new_game: Callable[..., GameState[Any, Any]]
    bots: Mapping[str, Callable[[R], Bot]]
    default_bots: Callable[[int], tuple[str, ...]]
    metrics: Callable[[Any], Mapping[str, float]]
    min_players: int = 2
    max_players: int = 2
    round_name: str = "hand"
    default_hand_limit: int = 10_000
    adapt_rules: Callable[[R, int], R] | None = None
    players_in_rules: str | None = None
    metric_help: Mapping[str, str] = field(default_factory=dict)
    rate_metrics: frozenset[str] = frozenset()
    exploitability: Callable[[Any], tuple[str, Mapping[str, tuple[Any, ...]]]] | None = None
    exact_metrics: Mapping[str, tuple[str, Callable[[Any, int], Any]]] = field(default_factory=dict)


# == The analysis side ======================================================================
# What a game provides so that the generic engines (exact equity, Monte Carlo equity in
# [`dreidelpoker.analysis`][dreidelpoker.analysis]), the generic ``equity`` CLI verb and the conformance test
# work for it. A game implements [`AnalysisGame`][dreidelpoker.games.protocol.AnalysisGame] with three type parameters: ``H``
# its parsed hand, ``K`` what is known before a deal (the hero's partial hand, the
# opponents …) and ``R`` its rules type, and names it in its manifest's ``analysis``.
# ``fast_exact_equity`` / ``fast_monte_carlo_equity`` may return a game's own specialised
# answer (vectorised or collapsed enumerations); they return ``None`` where the game has
# none, and the generic engine then does the work from ``deals`` / ``sample_deal``.

H = TypeVar("H")
K = TypeVar("K")

#: One complete deal: every player's hand, hero first.
Deal = tuple[H, ...]


class AnalysisGame(Protocol[H, K, R]):
    """Everything the generic engines, the CLI and the conformance test need from a game.

    Implementations are small classes in each game package (``analysis.py``) and are
    registered through [`GameInfo`][dreidelpoker.games.registry.GameInfo]'s ``analysis``.

    Examples:
        >>> from dreidelpoker.games.registry import get_game
        >>> dice = get_game("dice-poker").analysis
        >>> rules = dice.rules_type()
        >>> hands = [dice.parse_hand(t, rules=rules) for t in ("6,5,3 | A Q 10", "2,2,1 | K K 2")]
        >>> dice.showdown(hands, rules=rules)  # the pair of Kings (seat 2) beats no pair
        [1]
    """

    #: Most players at one showdown.
    max_players: int
    #: Complete hands (as text) the conformance test parses, formats and shows down.
    example_hands: tuple[str, ...]
    #: Partial hands (as text, ``""`` = nothing known) for which the test checks the
    #: generic engines against the fast paths; keep them small (fast to enumerate).
    example_known: tuple[str, ...]

    @property
    def rules_type(self) -> type[R]:
        """The rules dataclass."""
        ...

    def presets(self) -> Mapping[str, R]:
        """Named rules variants."""
        ...

    def parse_hand(self, text: str, *, rules: R) -> H:
        """Parse a complete hand."""
        ...

    def format_hand(self, hand: H, *, rules: R) -> str:
        """Canonical text of a complete hand."""
        ...

    def showdown(self, hands: Sequence[H], *, rules: R) -> list[int]:
        """Positions of the winners."""
        ...

    def known(self, hand: str, *, opponents: int, rules: R) -> K:
        """What is known before the deal: the hero's (possibly partial, possibly empty)
        hand as text, against ``opponents`` opponents of whom nothing is known."""
        ...

    def describe(self, known: K, *, rules: R) -> str:
        """A short description of what is known, for results."""
        ...

    def deals(self, known: K, *, rules: R) -> Iterable[tuple[tuple[H, ...], int]]:
        """Exact deal classes with integer weights, hero first."""
        ...

    def sample_deal(self, known: K, *, rules: R, rng: np.random.Generator) -> tuple[H, ...]:
        """One seeded deal, hero first."""
        ...

    def fast_exact_equity(self, known: K, *, rules: R) -> EquityResult | None:
        """The game's own exact equity, or ``None`` to let the generic engine enumerate."""
        ...

    def fast_monte_carlo_equity(self, known: K, *, rules: R, samples: int, seed: int,
                                confidence: float) -> MonteCarloEstimate | None:
        """The game's own Monte Carlo estimate, or ``None`` to let the generic engine sample."""
        ...


class _HasPresets(Protocol):
    @classmethod
    def presets(cls) -> Mapping[str, Any]: ...


RP = TypeVar("RP", bound=_HasPresets)


class AnalysisBase(Generic[RP]):
    """Defaults for an [`AnalysisGame`][dreidelpoker.games.protocol.AnalysisGame]: ``rules_type`` and ``presets()`` from the class
    attribute ``rules_class``, and no fast paths (the generic engines do the work).

    Examples:
        >>> from dreidelpoker.games.two_dreidel.odds.analysis import TWO_DREIDEL
        >>> isinstance(TWO_DREIDEL, AnalysisBase), TWO_DREIDEL.rules_type.__name__
        (True, 'TwoDreidelRules')
    """

    rules_class: type[RP]

    @property
    def rules_type(self) -> type[RP]:
        """The rules dataclass."""
        return self.rules_class

    def presets(self) -> Mapping[str, RP]:
        """The rules type's named presets."""
        presets: Mapping[str, RP] = self.rules_class.presets()
        return presets

    def fast_exact_equity(self, known: Any, *, rules: RP) -> EquityResult | None:
        """No specialised exact path: the generic engine enumerates ``deals``."""
        return None

    def fast_monte_carlo_equity(self, known: Any, *, rules: RP, samples: int, seed: int,
                                confidence: float) -> MonteCarloEstimate | None:
        """No specialised sampler: the generic engine samples ``sample_deal``."""
        return None
