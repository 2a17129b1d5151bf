"""Whole games: bots, the seeded simulation runner and sweeps, for every playable game.

A game that can be played registers a [`PlaySpec`][dreidelpoker.play.PlaySpec]
(``GameInfo.play``); everything here works through it. See the "Playing whole games"
docs page.

Examples:
    >>> from dreidelpoker.play import simulate
    >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
    >>> simulate(ClassicDreidelRules(players=2, coins=2), games=50, seed=3, progress=False).games
    50
"""

from __future__ import annotations

from ..games.protocol import Bot, GameState, PlaySpec, format_log
from .bots import IllegalActionError, random_bot
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
    "Bot", "Comparison", "Estimate", "GameRecord", "GameState", "IllegalActionError", "PlaySpec",
    "Ratings", "SearchResult", "SimulationResult", "SkillGap", "SweepResult", "Target", "compare",
    "format_log", "load_search", "named_lineups", "play_game", "random_bot", "ratings", "replay",
    "rules_variants", "search", "simulate", "skill_gap", "stored_search", "sweep",
]
