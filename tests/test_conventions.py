"""Library-wide call conventions (issue 13): the main object comes first and ``rules`` is
keyword-only in every public function.

The walk imports every public module of the package (``pkgutil.walk_packages``, private
modules and names skipped) and looks at every public function and every public method or
hand-written ``__init__`` of a public class.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
from collections.abc import Callable, Iterator
from typing import Any

import dreidelpoker

#: Constructors that take ``rules`` first by position on purpose, with the reason.
EXEMPT = {
    # Built by ``deck_chain(rules, ...)`` from the chain's explored data, never by hand.
    "dreidelpoker.games.two_dreidel.deck_cycle.chain.DeckChain.__init__",
}


def _public_modules() -> Iterator[Any]:
    yield dreidelpoker
    for info in pkgutil.walk_packages(dreidelpoker.__path__, "dreidelpoker."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        yield importlib.import_module(info.name)


def public_callables() -> dict[str, Callable[..., Any]]:
    """``qualified name -> function`` for every public function and method of the package."""
    found: dict[str, Callable[..., Any]] = {}
    for module in _public_modules():
        for name, obj in vars(module).items():
            if name.startswith("_"):
                continue
            if inspect.isfunction(obj):
                found.setdefault(f"{obj.__module__}.{obj.__qualname__}", obj)
            elif inspect.isclass(obj) and obj.__module__.startswith("dreidelpoker"):
                for attr, member in vars(obj).items():
                    if attr.startswith("_") and attr != "__init__":
                        continue
                    # A dataclass's generated __init__ takes its fields in order: a record, not a call shape.
                    if attr == "__init__" and dataclasses.is_dataclass(obj):
                        continue
                    if isinstance(member, (staticmethod, classmethod)):
                        member = member.__func__
                    if inspect.isfunction(member):
                        found.setdefault(f"{obj.__module__}.{obj.__qualname__}.{attr}", member)
    return {q: f for q, f in found.items() if not any(p.startswith("_") for p in q.split(".")[:-1])}


def rules_not_keyword_only(func: Callable[..., Any]) -> bool:
    """Whether ``func`` takes ``rules`` by position, other than as the only required
    positional argument in first place (a function *of* the rules, like ``deck_chain(rules)``)."""
    params = list(inspect.signature(func).parameters.values())
    if params and params[0].name in ("self", "cls"):
        params = params[1:]
    rules = next((p for p in params if p.name == "rules"), None)
    if rules is None or rules.kind is rules.KEYWORD_ONLY:
        return False
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    required = [p for p in positional if p.default is p.empty]
    return not (positional[0] is rules and len(required) <= 1)


def test_the_walk_sees_the_library() -> None:
    names = public_callables()
    # Functions of the rules (exempt by shape) and converted ones are both seen.
    assert "dreidelpoker.games.two_dreidel.deck_cycle.chain.deck_chain" in names
    assert "dreidelpoker.games.two_dreidel.rulebook.ranking.trumps" in names
    assert "dreidelpoker.widgets.dice_poker.DicePokerExplorer.__init__" in names
    assert len(names) > 500


def test_rules_is_keyword_only_everywhere() -> None:
    offenders = sorted(q for q, f in public_callables().items() if q not in EXEMPT and rules_not_keyword_only(f))
    assert offenders == [], (
        "take the main objects first and rules keyword-only (and change the callers):\n"
        + "\n".join(offenders))


def test_the_check_catches_positional_rules() -> None:
    def trumps(rules: object, a: object, b: object) -> None: ...
    def compare(a: object, b: object, rules: object = None) -> None: ...
    def deck_chain(rules: object, policy: object = None) -> None: ...
    def successors(state: object, *, rules: object = None) -> None: ...

    assert rules_not_keyword_only(trumps) and rules_not_keyword_only(compare)
    assert not rules_not_keyword_only(deck_chain) and not rules_not_keyword_only(successors)
