"""Two Dreidel and its family ("Plugin Poker"): rules, ranking, exact odds and equity."""

from __future__ import annotations

from ..._deprecation import deprecated_names
from ...montecarlo import MonteCarloEstimate
from ..registry import GameInfo, register
from .chain import DeckChain, HeadsUpLongRun, deck_chain, heads_up_long_run
from .analysis import TWO_DREIDEL
from .cli import COMMANDS
from .deck import DeckState, draw_weights, hypergeometric
from .equity import MAX_OPPONENTS, equity, equity_table, heads_up_matrix, possible_hands
from .odds import KeptHandFormulas, deck_symbols, kept_hand_distribution, kept_hand_formulas
from .policies import POLICIES, StateAwarePolicy, greedy_equity_policy, kept_weights, resolve_policy
from .ranking import compare, format_hand, normal_key, parse_cards, parse_hand, showdown, trumps
from .rules import DECK_PRESETS, STREET_SEQUENCES, TwoDreidelRules, parse_deck
from .strategy import (
    BestResponse, EquilibriumResult, PutBackMDP, best_put_back_policy, exploitability, put_back_equilibrium,
)
from . import chain, information, spin, strategy, table
from .at_the_table import TableReport, at_the_table
from .play import TwoDreidelGame, TwoDreidelObservation, new_game
from .play_spec import PLAY
from .information import OpponentPosterior, opponent_posterior, table_posteriors
from .spin import SpinDecision, SpinTable, spin_buy_in, spin_decision, spin_table
from .table import (
    PutBackTable, before_draw_equity, hand_equity, monte_carlo_equity, put_back_equities,
    table_equity,
)

GAME = register(
    GameInfo(
        name="two-dreidel",
        title="Two Dreidel",
        summary="Dreidel-flavoured high-card poker from private Dominion-style decks.",
        rules_type=TwoDreidelRules,
        commands=COMMANDS,
        play=PLAY,
        analysis=TWO_DREIDEL,
    )
)

__all__ = [
    "BestResponse", "DeckChain", "EquilibriumResult", "HeadsUpLongRun", "PutBackMDP",
    "StateAwarePolicy", "best_put_back_policy", "deck_chain", "exploitability", "greedy_equity_policy",
    "heads_up_long_run", "put_back_equilibrium", "chain", "strategy",
    "DECK_PRESETS", "GAME", "MAX_OPPONENTS", "POLICIES", "STREET_SEQUENCES", "DeckState",
    "KeptHandFormulas", "TwoDreidelRules", "compare", "deck_symbols", "draw_weights", "equity",
    "equity_table", "format_hand", "heads_up_matrix", "hypergeometric", "kept_hand_distribution",
    "kept_hand_formulas", "kept_weights", "normal_key", "parse_cards", "parse_deck", "parse_hand", "possible_hands",
    "resolve_policy", "showdown", "trumps",
]
__all__ += [
    "OpponentPosterior", "PutBackTable", "SpinDecision", "SpinTable", "TableReport",
    "at_the_table", "before_draw_equity", "hand_equity", "information", "monte_carlo_equity",
    "opponent_posterior", "put_back_equities", "spin", "spin_buy_in", "spin_decision", "spin_table", "table",
    "table_equity", "table_posteriors",
]
__all__ += ["PLAY", "TwoDreidelGame", "TwoDreidelObservation", "new_game"]

__getattr__ = deprecated_names(__name__, {
    "MonteCarloEquity": ("dreidelpoker.montecarlo.MonteCarloEstimate", lambda: MonteCarloEstimate),
    "ChainState": ("dreidelpoker.games.two_dreidel.DeckState (the one deck-state type)", lambda: DeckState),
})
