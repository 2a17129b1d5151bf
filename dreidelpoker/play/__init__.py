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

from ..games.protocol import Bot, Event, GameState, PlaySpec, Turn, format_log
from .bots import IllegalActionError, bot_label, random_bot, resolve_lineup
from .result import SimulationResult
from .runner import MAX_GAMES, GameRecord, play_game, replay, sample_chance
from .search import SearchResult, Target, load_search, search, stored_search
from .simulate import simulate
from .stats import (Estimate, bootstrap_estimate, difference_estimate, mean_estimate, proportion_estimate,
                    quantile_estimate)
from .skill import BotRating, Ratings, SkillGap, ratings, skill_gap
from .study import Comparison, Measure, StudyCell, compare, default_lineup, named_lineups
from .sweep import SweepCell, SweepResult, sweep
from .variants import rules_variant, rules_variants

__all__ = [
    "Bot", "Event", "GameRecord", "GameState", "IllegalActionError", "MAX_GAMES", "Estimate", "PlaySpec",
    "SimulationResult", "Turn", "bot_label", "format_log", "mean_estimate", "play_game", "proportion_estimate",
    "random_bot", "replay", "resolve_lineup", "sample_chance", "simulate", "SweepCell", "SweepResult", "sweep",
    "Comparison", "Measure", "StudyCell", "bootstrap_estimate", "compare", "default_lineup", "difference_estimate",
    "named_lineups", "quantile_estimate", "rules_variant", "rules_variants", "BotRating", "Ratings", "SkillGap",
    "ratings", "skill_gap", "SearchResult", "Target", "load_search", "search", "stored_search",
]
