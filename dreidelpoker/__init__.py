"""dreidelpoker: exact answers about Two Dreidel, Dice Poker, Domino Poker, Queenie, Skirmish and
classic dreidel.

Examples:
    >>> import dreidelpoker as dp
    >>> dp.two_dreidel.kept_hand_distribution()["HH"]
    7/22
    >>> "two-dreidel" in [g.name for g in dp.list_games()]
    True

Importing the package is light: each public name loads its module on first use.
"""

# Lazy imports (how to add a name here): ``import dreidelpoker`` loads nothing heavy (no
# sympy, numpy, scipy or networkx). Every public name is listed in ``_LAZY`` as
# ``name -> (module, attribute)`` (attribute ``None`` = the module itself) and is imported
# on first access by the module ``__getattr__`` below (SPEC 1 style). A new game or
# subpackage adds one line to ```_LAZY``` and ``__all__``; never import a submodule at the top
# of this file. ``tests/test_lazy_import.py`` checks that the package import stays light.

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: Public name -> (submodule relative to this package, attribute or None for the module).
_LAZY: dict[str, tuple[str, str | None]] = {
    "EquityResult": (".equity", "EquityResult"),
    "cache_info": (".caches", "cache_info"),
    "clear_caches": (".caches", "clear_caches"),
    "Distribution": (".exact", "Distribution"),
    "ExactMatrix": (".exact", "ExactMatrix"),
    "ExactTable": (".exact", "ExactTable"),
    "InputError": (".errors", "InputError"),
    "InputTypeError": (".errors", "InputTypeError"),
    "ResourceLimitError": (".errors", "ResourceLimitError"),
    "markov": (".markov", None),
    "widgets": (".widgets", None),
    "classic_dreidel": (".games.classic_dreidel", None),
    "dice_poker": (".games.dice_poker", None),
    "domino_poker": (".games.domino_poker", None),
    "skirmish": (".games.skirmish", None),
    "queenie": (".games.queenie", None),
    "two_dreidel": (".games.two_dreidel", None),
    "get_game": (".games.registry", "get_game"),
    "list_games": (".games.registry", "games"),
    "options": (".display", "options"),
    "option_context": (".display", "option_context"),
}

__all__ = [
    "Distribution", "EquityResult", "ExactMatrix", "ExactTable", "InputError", "InputTypeError",
    "ResourceLimitError", "__version__", "cache_info", "classic_dreidel", "clear_caches",
    "dice_poker", "domino_poker", "get_game", "list_games", "markov", "option_context", "options", "queenie", "skirmish",
    "two_dreidel",
]

if TYPE_CHECKING:  # static checkers see the real names
    from . import markov
    from .caches import cache_info, clear_caches
    from .display import option_context, options
    from .equity import EquityResult
    from .errors import InputError, InputTypeError, ResourceLimitError
    from .exact import Distribution, ExactMatrix, ExactTable
    from .games import classic_dreidel, dice_poker, domino_poker, queenie, skirmish, two_dreidel
    from .games.registry import games as list_games
    from .games.registry import get_game


def __getattr__(name: str) -> Any:
    """Import a public submodule or name on first access (then cache it on the package)."""
    try:
        module, attr = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    mod = importlib.import_module(module, __name__)
    value = mod if attr is None else getattr(mod, attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
