"""dreidelpoker: exact answers about Two Dreidel, Dice Poker, Domino Poker, Queenie, Skirmish and
classic dreidel.

Examples:
    >>> import dreidelpoker as dp
    >>> dp.two_dreidel.kept_hand_distribution()["HH"]
    7/22
    >>> "two-dreidel" in [g.name for g in dp.list_games()]
    True

Lazy imports (how to add a name here): ``import dreidelpoker`` loads nothing heavy (no
sympy, numpy, scipy or networkx). Every public name is listed in ``_LAZY`` as
``name -> "module:attribute"`` (no attribute = the module itself) and is imported on first
access (``dreidelpoker._lazy.lazy_exports``, the one lazy-loading mechanism). A new game or
subpackage adds one line to ``_LAZY`` and ``__all__``; never import a submodule at the top
of this file. ``tests/test_lazy_import.py`` checks that the package import stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._lazy import lazy_exports
from ._version import __version__ as __version__

#: Public name -> ``"submodule:attribute"`` relative to this package (no attribute: the module).
_LAZY: dict[str, str] = {
    "EquityResult": ".equity:EquityResult",
    "MonteCarloEstimate": ".montecarlo:MonteCarloEstimate",
    "analysis": ".analysis",
    "games": ".games",
    "play": ".play",
    "plotting": ".plotting",
    "solve": ".solve",
    "cache_info": ".caches:cache_info",
    "clear_caches": ".caches:clear_caches",
    "Distribution": ".exact:Distribution",
    "ExactMapping": ".exact:ExactMapping",
    "ExactRecord": ".exact:ExactRecord",
    "ExactMatrix": ".exact:ExactMatrix",
    "ExactTable": ".exact:ExactTable",
    "InputError": ".errors:InputError",
    "InputTypeError": ".errors:InputTypeError",
    "ResourceLimitError": ".errors:ResourceLimitError",
    "markov": ".markov",
    "widgets": ".widgets",
    "classic_dreidel": ".games.classic_dreidel",
    "dice_poker": ".games.dice_poker",
    "domino_poker": ".games.domino_poker",
    "skirmish": ".games.skirmish",
    "queenie": ".games.queenie",
    "two_dreidel": ".games.two_dreidel",
    "get_game": ".games.registry:get_game",
    "list_games": ".games.registry:games",
    "options": ".display:options",
    "option_context": ".display:option_context",
}

#: The public API: these names and the public names of the modules listed here (each game's
#: package, ``play``, ``solve``, ``widgets`` …). Other modules are implementation, not documented.
__all__ = [
    "Distribution", "EquityResult", "ExactMapping", "ExactMatrix", "ExactRecord", "ExactTable", "InputError",
    "InputTypeError",
    "MonteCarloEstimate", "ResourceLimitError", "__version__", "analysis", "cache_info", "classic_dreidel",
    "clear_caches", "dice_poker", "domino_poker", "games", "get_game", "list_games", "markov", "option_context",
    "options", "play", "plotting", "queenie", "skirmish", "solve", "two_dreidel", "widgets",
]

if TYPE_CHECKING:  # static checkers see the real names
    from . import analysis, games, markov, play, plotting, solve, widgets
    from .montecarlo import MonteCarloEstimate
    from .caches import cache_info, clear_caches
    from .display import option_context, options
    from .equity import EquityResult
    from .errors import InputError, InputTypeError, ResourceLimitError
    from .exact import Distribution, ExactMapping, ExactMatrix, ExactRecord, ExactTable
    from .games import classic_dreidel, dice_poker, domino_poker, queenie, skirmish, two_dreidel
    from .games.registry import games as list_games
    from .games.registry import get_game


__getattr__, __dir__ = lazy_exports(__name__, _LAZY)
