"""Two Dreidel and its family ("Plugin Poker"): rules, ranking, exact odds and equity.

Lazy imports: ``from dreidelpoker.games import two_dreidel`` loads no submodule. Every public
name is listed in ``_LAZY`` as ``name -> submodule`` and imported on first access
(``dreidelpoker._lazy.lazy_exports``, as every package does), so the CLI's ``odds
two-dreidel`` loads the rules, the deck and the odds only (no sympy, numpy or scipy). A new
public name adds one line to ``_LAZY`` and ``__all__``; never import a submodule at the top
of this file.
"""

# Lazy imports: ``from dreidelpoker.games import two_dreidel`` loads no submodule. Every public
# name is listed in `_LAZY` as ``name -> submodule`` and imported on first access (as the
# top-level package does), so the CLI's ``odds two-dreidel`` loads the rules, the deck and the
# odds only (no sympy, numpy or scipy), and ``GAME`` (the registry entry, from ``_game.py``)
# registers the game when first asked for. A new public name adds one line to ``_LAZY`` and
# ``__all__``; never import a submodule at the top of this file.

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._lazy import lazy_exports

#: Public name -> the submodule (relative to this package) that defines it.
_LAZY: dict[str, str] = {
    # chain
    "DeckChain": ".chain",
    "HeadsUpLongRun": ".chain",
    "deck_chain": ".chain",
    "heads_up_long_run": ".chain",
    # analysis
    "TWO_DREIDEL": ".analysis",
    # cli
    "COMMANDS": ".cli",
    # deck
    "DeckState": ".deck",
    "draw_weights": ".deck",
    "hypergeometric": ".deck",
    # equity
    "MAX_OPPONENTS": ".equity",
    "equity": ".equity",
    "equity_table": ".equity",
    "heads_up_matrix": ".equity",
    "possible_hands": ".equity",
    # odds
    "KeptHandFormulas": ".odds",
    "deck_symbols": ".odds",
    "kept_hand_distribution": ".odds",
    "kept_hand_formulas": ".odds",
    # policies
    "POLICIES": ".policies",
    "StateAwarePolicy": ".policies",
    "greedy_equity_policy": ".policies",
    "resolve_policy": ".policies",
    "kept_weights": ".policies",
    # ranking
    "compare": ".ranking",
    "format_hand": ".ranking",
    "normal_key": ".ranking",
    "parse_cards": ".ranking",
    "parse_hand": ".ranking",
    "showdown": ".ranking",
    "trumps": ".ranking",
    # rules
    "DECK_PRESETS": ".rules",
    "STREET_SEQUENCES": ".rules",
    "TwoDreidelRules": ".rules",
    "parse_deck": ".rules",
    # strategy
    "BestResponse": ".strategy",
    "EquilibriumResult": ".strategy",
    "PutBackMDP": ".strategy",
    "best_put_back_policy": ".strategy",
    "exploitability": ".strategy",
    "put_back_equilibrium": ".strategy",
    # at_the_table
    "TableReport": ".at_the_table",
    "at_the_table": ".at_the_table",
    # play
    "TwoDreidelGame": ".play",
    "TwoDreidelObservation": ".play",
    "new_game": ".play",
    # play_spec
    "PLAY": ".play_spec",
    # bots
    "calling_station_bot": ".bots",
    "random_bot": ".bots",
    "tight_bot": ".bots",
    "equity_bot": ".equity_bot",
    "equilibrium_bot": ".equilibrium_bot",
    # solve_spin
    "SpinGameSolution": ".solve_spin",
    "solve_spin_game": ".solve_spin",
    # information
    "OpponentPosterior": ".information",
    "opponent_posterior": ".information",
    "table_posteriors": ".information",
    # spin
    "SpinDecision": ".spin",
    "SpinTable": ".spin",
    "spin_buy_in": ".spin",
    "spin_decision": ".spin",
    "spin_table": ".spin",
    # table
    "PutBackTable": ".table",
    "before_draw_equity": ".table",
    "monte_carlo_equity": ".table",
    "put_back_equities": ".table",
}

if TYPE_CHECKING:  # static checkers see the real names
    from .chain import DeckChain, HeadsUpLongRun, deck_chain, heads_up_long_run
    from .deck import DeckState
    from .equity import equity, equity_table, heads_up_matrix, possible_hands
    from .odds import KeptHandFormulas, kept_hand_distribution, kept_hand_formulas
    from .policies import POLICIES, greedy_equity_policy
    from .ranking import compare, format_hand, parse_hand, showdown, trumps
    from .rules import TwoDreidelRules
    from .strategy import (
        BestResponse, EquilibriumResult, best_put_back_policy, exploitability, put_back_equilibrium,
    )
    from .at_the_table import TableReport, at_the_table
    from .play import TwoDreidelGame, new_game
    from .play_spec import PLAY
    from .bots import calling_station_bot, random_bot, tight_bot
    from .equity_bot import equity_bot
    from .equilibrium_bot import equilibrium_bot
    from .solve_spin import SpinGameSolution, solve_spin_game
    from .information import OpponentPosterior, opponent_posterior, table_posteriors
    from .spin import SpinDecision, SpinTable, spin_decision, spin_table
    from .table import PutBackTable, before_draw_equity, monte_carlo_equity, put_back_equities

__all__ = [
    "BestResponse", "DeckChain", "DeckState", "EquilibriumResult", "HeadsUpLongRun",
    "KeptHandFormulas", "OpponentPosterior", "PLAY", "POLICIES", "PutBackTable", "SpinDecision",
    "SpinGameSolution", "SpinTable", "TableReport", "TwoDreidelGame", "TwoDreidelRules",
    "at_the_table", "before_draw_equity", "best_put_back_policy", "calling_station_bot", "compare",
    "deck_chain", "equilibrium_bot", "equity", "equity_bot", "equity_table", "exploitability",
    "format_hand", "greedy_equity_policy", "heads_up_long_run", "heads_up_matrix",
    "kept_hand_distribution", "kept_hand_formulas", "monte_carlo_equity", "new_game",
    "opponent_posterior", "parse_hand", "possible_hands", "put_back_equilibrium",
    "put_back_equities", "random_bot", "showdown", "solve_spin_game", "spin_decision", "spin_table",
    "table_posteriors", "tight_bot", "trumps",
]


__getattr__, __dir__ = lazy_exports(__name__, {name: f"{module}:{name}" for name, module in _LAZY.items()})
