"""The API fuzz harness (issue 20, items 7 and 8): hostile values into every parameter of every
public callable of the game packages and the top level.

Each callable's valid baseline call is the first call to it in its own docstring examples
(our own source, run as the doctests run it); each case replaces one parameter of that call by
one hostile value. A case passes when the call either returns or raises the library's own
:class:`~dreidelpoker.errors.InputError`, within a per-case time limit; it fails on any other
exception (an ``AttributeError``, ``KeyError``, ``IndexError``, ``OverflowError`` or plain
``TypeError``/``ValueError`` from deep code), on running past the limit, and on *accepting*
a value that no parameter should take (:data:`NEVER_VALID`; ``None`` for a required parameter).
"""

from __future__ import annotations

import ast
import doctest
import importlib
import inspect
import math
import signal
import sys
import time
import typing
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from dreidelpoker.errors import InputError

#: The modules whose ``__all__`` is fuzzed: what users call.
MODULES = ["dreidelpoker"] + [f"dreidelpoker.games.{g}" for g in (
    "two_dreidel", "classic_dreidel", "queenie", "skirmish", "dice_poker", "domino_poker")]

#: Seconds one case may run (a refused value returns at once; an accepted one runs its baseline).
CASE_LIMIT = 5.0


class _Opaque:
    """A value of no type any parameter takes."""

    def __repr__(self) -> str:
        return "<opaque>"


CODE = "__import__('os').system('touch pwned') or 1"

#: Hostile values; those marked True are valid for no parameter and must be refused.
HOSTILE: list[tuple[str, Any, bool]] = [
    ("None", None, False),
    ("opaque", _Opaque(), True),
    ("nan", float("nan"), True),
    ("inf", float("inf"), True),
    ("huge", 10 ** 100, True),
    ("-huge", -10 ** 100, True),
    ("negative", -1, False),
    ("zero", 0, False),
    ("float", 2.5, False),
    ("bool", True, False),
    ("empty-str", "", False),
    ("empty-tuple", (), False),
    ("code", CODE, True),
    ("unicode-digit", "٣", False),
    ("path", "../../etc/passwd", True),
    ("long-str", "G" * 5000, False),
]

#: Parameters that take free text (a label, a name for messages): any string is valid there.
FREE_TEXT = {"what", "name", "title", "desc", "label", "text_name", "unit", "how", "description", "value_name",
             "space", "space_description", "note", "game", "outcome_name"}
#: Parameters typed ``Any``/``object`` by design (a key, a callable's payload).
ANY_VALUE = {"default", "value", "payload", "key"}


#: (callable, parameter, value) cases that ask for real, bounded work longer than a case may take:
#: an empty Domino Poker hand is an unknown hand (every deal is enumerated, within MAX_DEALS).
LEGITIMATELY_LONG = {("equity", "hand", "empty-str"), ("equity", "hand", "empty-tuple"),
                     ("equity_by_opponents", "hand", "empty-str"), ("equity_by_opponents", "hand", "empty-tuple")}


@dataclass(frozen=True)
class Baseline:
    """A valid call of one public callable, from its docstring."""

    qualname: str
    func: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]


#: Names the game packages served before they served only their ``__all__``: implementation
#: now, but still called with users' values by the engines and tests, so still fuzzed where
#: they are defined.
IMPLEMENTATION: dict[str, tuple[str, ...]] = {
    "dreidelpoker.games.classic_dreidel.play": ("ClassicDreidelObservation",),
    "dreidelpoker.games.dice_poker.cards": ("Card", "format_values"),
    "dreidelpoker.games.dice_poker.equity": ("DiceKnown", "dice_known", "parse_opponent_dice"),
    "dreidelpoker.games.dice_poker.evaluator": ("Category", "classify_values", "dice_partitions"),
    "dreidelpoker.games.dice_poker.game": ("DicePokerObservation",),
    "dreidelpoker.games.domino_poker.blocking": ("BlockingRow",),
    "dreidelpoker.games.domino_poker.bots": ("live_equity", "win_rate"),
    "dreidelpoker.games.domino_poker.equity": ("DominoDeal", "deal_count", "setup_deal"),
    "dreidelpoker.games.domino_poker.evaluator": ("run_suit", "suit_of"),
    "dreidelpoker.games.domino_poker.game": ("DominoPokerObservation", "HandSummary"),
    "dreidelpoker.games.domino_poker.table": ("CategoryRow", "category_distribution", "inversions"),
    "dreidelpoker.games.domino_poker.tiles": ("Tile", "parse_tile"),
    "dreidelpoker.games.queenie.bots": ("DummyValue", "dummy_value", "hand_features"),
    "dreidelpoker.games.queenie.game": ("QueenieObservation",),
    "dreidelpoker.games.queenie.play": ("metrics",),
    "dreidelpoker.games.skirmish.game": ("SkirmishObservation", "deal_state"),
    "dreidelpoker.games.skirmish.rules": ("card_name", "parse_deck"),
    "dreidelpoker.games.skirmish.solver": ("CaptureOption", "CaptureStep", "capture_value", "plain_minimax"),
    "dreidelpoker.games.two_dreidel.deck_cycle.policies": ("StateAwarePolicy", "kept_weights", "resolve_policy"),
    "dreidelpoker.games.two_dreidel.deck_cycle.strategy": ("PutBackMDP",),
    "dreidelpoker.games.two_dreidel.odds.kept_hand": ("deck_symbols",),
    "dreidelpoker.games.two_dreidel.rulebook.betting": ("spin_buy_in",),
    "dreidelpoker.games.two_dreidel.rulebook.deck": ("draw_weights", "hypergeometric"),
    "dreidelpoker.games.two_dreidel.rulebook.ranking": ("normal_key", "parse_cards"),
    "dreidelpoker.games.two_dreidel.rulebook.rules": ("parse_deck",),
    "dreidelpoker.games.two_dreidel.whole_game.play": ("TwoDreidelObservation",),
}


def _public() -> Iterator[tuple[str, Callable[..., Any], Any]]:
    for name in [*MODULES, *IMPLEMENTATION]:
        module = importlib.import_module(name)
        served = IMPLEMENTATION.get(name) or getattr(module, "__all__", [])
        for attr in sorted(served):
            obj = getattr(module, attr)
            if inspect.isclass(obj) and issubclass(obj, BaseException):
                continue
            if attr.endswith("_bot"):
                continue  # bots are called by the game runner with the engine's own observations
            if inspect.isfunction(obj) or inspect.isclass(obj):
                yield f"{name}.{attr}", obj, module


def _first_call(source: str, name: str) -> ast.Call | None:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            called = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if called == name:
                return node
    return None


def _manual() -> dict[str, tuple[tuple[Any, ...], dict[str, Any]]]:
    """Baselines for callables whose docstrings do not call them by name."""
    from dreidelpoker.games.skirmish import SkirmishRules
    from dreidelpoker.games.two_dreidel import TwoDreidelRules

    return {
        "dreidelpoker.Distribution": (({"a": 1, "b": 2},), {}),
        "dreidelpoker.games.two_dreidel.odds.kept_hand.deck_symbols": ((TwoDreidelRules(),), {}),
        "dreidelpoker.games.two_dreidel.equity_table": ((), {}),
        "dreidelpoker.games.two_dreidel.rulebook.ranking.normal_key": (((0, 1),), {}),
        "dreidelpoker.games.two_dreidel.trumps": (((3, 0), (0, 1)), {"rules": TwoDreidelRules()}),
        "dreidelpoker.games.two_dreidel.rulebook.betting.spin_buy_in": (("G", 6), {}),
        "dreidelpoker.games.dice_poker.value_name": ((12,), {}),
        "dreidelpoker.games.queenie.LookaheadBot": ((), {"samples": 4}),
        "dreidelpoker.games.skirmish.bot_matrix": ((SkirmishRules(), ("greedy", "optimal")), {"games": 2, "seed": 0}),
        "dreidelpoker.games.skirmish.game_summary": ((("greedy", "optimal"),),
                                                   {"rules": SkirmishRules(), "games": 2, "seed": 0}),
    }


#: Public callables not fuzzed, with the reason (every other one must have a baseline).
NOT_FUZZED = {
    "dreidelpoker.cache_info": "takes no argument",
    "dreidelpoker.list_games": "takes no argument",
    "dreidelpoker.games.domino_poker.load_bluffing": "takes no argument",
    "dreidelpoker.games.domino_poker.load_bot_exploitability": "takes no argument",
    "dreidelpoker.MonteCarloEstimate": "a result: built by the Monte Carlo equity engines",
    "dreidelpoker.ExactRecord": "a base class the result records subclass (not called with values)",
    "dreidelpoker.games.queenie.play.metrics": "reads a finished game the runner made",
    "dreidelpoker.games.domino_poker.format_tiles": "the same function as domino_poker.format_hand",
    "dreidelpoker.games.domino_poker.evaluator.suit_of": "an evaluator step on parsed tiles (run_suit is fuzzed)",
    "dreidelpoker.games.two_dreidel.BestResponse": "a result: built by PutBackMDP.best_response()",
    "dreidelpoker.games.two_dreidel.DeckChain": "a result: built by deck_chain() (fuzzed)",
    "dreidelpoker.games.queenie.DealSummary": "a result: a NamedTuple built by the Queenie engine",
    "dreidelpoker.games.skirmish.Capture": "a record: a NamedTuple built by legal_captures() (fuzzed)",
    "dreidelpoker.games.skirmish.solver.CaptureStep": "a record: one step of a line of play the solver builds",
    "dreidelpoker.games.dice_poker.evaluator.Category": "a record: a NamedTuple of the category tables",
    "dreidelpoker.games.domino_poker.CategoryTable": "a result: built by domino_poker.category_table() (fuzzed)",
    "dreidelpoker.games.domino_poker.game.HandSummary": "a result: built by the Domino Poker engine for a finished hand",
    "dreidelpoker.games.domino_poker.BotExploitability": "a result: built by domino_poker.bot_exploitability() (fuzzed)",
    "dreidelpoker.games.domino_poker.BotExploitabilityTable": "a result: read by domino_poker.load_bot_exploitability()",
    **{f"dreidelpoker.games.skirmish.{bot}": "a bot: called by the runner with the engine's own observations"
       for bot in ("greedy", "optimal", "random_capture", "spendthrift")},
}


def is_record(obj: Any) -> bool:
    """A result or state class the engines build (not a call users make with their own values):
    a frozen dataclass without ``__post_init__`` or a game state / observation."""
    import dataclasses

    if not inspect.isclass(obj):
        return False
    if obj.__name__.endswith(("Game", "Observation")):
        return True
    params = getattr(obj, "__dataclass_params__", None)
    return dataclasses.is_dataclass(obj) and params is not None and params.frozen and "__post_init__" not in vars(obj)


def baselines() -> list[Baseline]:
    """One baseline call per public callable whose docstring calls it (or :func:`_manual`)."""
    out: list[Baseline] = []
    seen: set[int] = set()
    manual = _manual()
    for qualname, obj, module in _public():
        if id(obj) in seen or qualname in NOT_FUZZED:  # an example in its docstring does not make it fuzzable
            continue
        seen.add(id(obj))
        if qualname in manual:
            args, kwargs = manual[qualname]
            out.append(Baseline(qualname, obj, args, kwargs))
            continue
        doc = inspect.getdoc(obj) or ""
        home = sys.modules[obj.__module__]  # loaded already (importing it again could shadow a function)
        namespace: dict[str, Any] = dict(vars(home))
        short = qualname.rsplit(".", 1)[1]
        for example in doctest.DocTestParser().get_examples(doc):
            call = _first_call(example.source, short)
            if call is not None and not any(isinstance(a, ast.Starred) for a in call.args) \
                    and all(k.arg is not None for k in call.keywords):
                try:
                    args = tuple(eval(compile(ast.Expression(a), "<doc>", "eval"), namespace) for a in call.args)
                    kwargs = {k.arg: eval(compile(ast.Expression(k.value), "<doc>", "eval"), namespace)
                              for k in call.keywords if k.arg}
                except Exception:
                    break
                out.append(Baseline(qualname, obj, args, kwargs))
                break
            try:  # run the setup lines the call needs (our own docstrings, as the doctests run them)
                exec(compile(example.source, "<doc>", "exec"), namespace)
            except Exception:
                pass
    return out


class CaseTimeout(Exception):
    """A case ran past :data:`CASE_LIMIT`."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def alarm(signum: int, frame: Any) -> None:
        raise CaseTimeout(f"ran past {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _accepts_none(func: Callable[..., Any], name: str) -> bool:
    """Whether the parameter's annotation allows ``None`` (unresolvable annotations: assume so)."""
    try:
        hint = typing.get_type_hints(inspect.unwrap(func)).get(name)
    except Exception:
        return True
    return hint is None or type(None) in typing.get_args(hint) or hint is Any


def cases(base: Baseline) -> Iterator[tuple[str, tuple[Any, ...], dict[str, Any], bool]]:
    """(case id, args, kwargs, must_refuse) for each parameter and hostile value."""
    try:
        sig = inspect.signature(base.func)
    except (TypeError, ValueError):
        return
    params = [p for p in sig.parameters.values() if p.name not in ("self", "cls")
              and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    bound_names = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    for index, p in enumerate(params):
        for label, value, never in HOSTILE:
            args, kwargs = list(base.args), dict(base.kwargs)
            if p.kind is not p.KEYWORD_ONLY and index < len(args) and bound_names[index] == p.name:
                args[index] = value
            else:
                kwargs[p.name] = value
            if value is None and (p.default is None or _accepts_none(base.func, p.name)):
                continue  # an allowed value (often the default itself), not a hostile one
            if (base.qualname.rsplit(".", 1)[1], p.name, label) in LEGITIMATELY_LONG:
                continue
            must_refuse = never and p.name not in ANY_VALUE and p.annotation not in ("Any", Any) and not (
                isinstance(value, str) and p.name in FREE_TEXT)
            if value is None:
                must_refuse = True
            yield f"{base.qualname}({p.name}={label})", tuple(args), kwargs, must_refuse


def run_case(func: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], must_refuse: bool,
             limit: float = CASE_LIMIT) -> str | None:
    """``None`` if the case behaves; else what went wrong, in one line."""
    start = time.monotonic()
    try:
        with time_limit(limit):
            result = func(*args, **kwargs)
            if inspect.isgenerator(result):
                next(result, None)
    except InputError:
        return None
    except CaseTimeout:
        return f"ran past {limit} s"
    except RecursionError:
        return "RecursionError"
    except Exception as exc:  # anything but the library's own error is a finding
        return f"{type(exc).__name__}: {str(exc)[:200]}"
    if must_refuse:
        return f"accepted (returned {type(result).__name__} in {time.monotonic() - start:.2f} s)"
    return None


def is_nan(value: Any) -> bool:
    return isinstance(value, float) and math.isnan(value)
