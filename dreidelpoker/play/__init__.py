"""Whole games: bots, the seeded simulation runner and sweeps, for every playable game.

A game that can be played registers a [`PlaySpec`][dreidelpoker.play.PlaySpec]
(``GameInfo.play``); everything here works through it. See the "Playing whole games"
docs page.

Lazy imports: ``from dreidelpoker.play import simulate`` loads the runner and the result
type, not the study, search, skill or sweep modules (a fresh process simulating a few games
pays only for what it uses). Every public name is listed in ``_EXPORTS`` with the module
that defines it and imported on first access (``dreidelpoker._lazy.lazy_exports``).

Examples:
    >>> from dreidelpoker.play import simulate
    >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
    >>> simulate(ClassicDreidelRules(players=2, coins=2), games=50, seed=3, progress=False).games
    50
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_exports, names_from

#: Public name -> where it is defined; each is imported on first access.
_EXPORTS = {
    **names_from("..games.protocol", "Bot", "GameState", "PlaySpec", "format_log"),
    **names_from(".bots", "IllegalActionError", "random_bot"),
    **names_from(".cluster", "PLAY_DASK_CONFIG", "local_cluster"),
    **names_from(".result", "SimulationResult"),
    **names_from(".runner", "GameRecord", "play_game", "replay"),
    **names_from(".search", "SearchResult", "Target", "load_search", "search", "stored_search"),
    **names_from(".simulate", "simulate"),
    **names_from(".stats", "Estimate"),
    **names_from(".skill", "Ratings", "SkillGap", "ratings", "skill_gap"),
    **names_from(".study", "Comparison", "compare", "named_lineups"),
    **names_from(".sweep", "SweepResult", "sweep"),
    **names_from(".variants", "rules_variants"),
}

if TYPE_CHECKING:
    from ..games.protocol import Bot, GameState, PlaySpec, format_log
    from .bots import IllegalActionError, random_bot
    from .cluster import PLAY_DASK_CONFIG, local_cluster
    from .result import SimulationResult
    from .runner import GameRecord, play_game, replay
    from .search import SearchResult, Target, load_search, search, stored_search
    from .simulate import simulate
    from .stats import Estimate
    from .skill import Ratings, SkillGap, ratings, skill_gap
    from .study import Comparison, compare, named_lineups
    from .sweep import SweepResult, sweep
    from .variants import rules_variants

__all__ = [
    "Bot", "Comparison", "PLAY_DASK_CONFIG", "Estimate", "GameRecord", "GameState", "IllegalActionError", "PlaySpec",
    "Ratings", "SearchResult", "SimulationResult", "SkillGap", "SweepResult", "Target", "compare",
    "format_log", "load_search", "local_cluster", "named_lineups", "play_game", "random_bot", "ratings", "replay",
    "rules_variants", "search", "simulate", "skill_gap", "stored_search", "sweep",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
