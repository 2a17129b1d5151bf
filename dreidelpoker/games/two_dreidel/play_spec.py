"""How the registry plays Two Dreidel whole: bots by name, the default line-up, per-game
metrics and the ``simulate`` / ``sweep`` CLI options ([`PLAY`][dreidelpoker.games.two_dreidel.PLAY], ``GameInfo.play``).

Every field is a module-level function so the spec pickles by reference onto process
and Dask workers.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from ..protocol import BotFactory, LeadAgainst, PlaySpec
from ..registry import PlayCliSpec
from .whole_game.bots import calling_station_bot, random_bot, tight_bot
from .whole_game.equity_bot import equity_best_bot, equity_bot
from .whole_game.play import MAX_PLAYERS, TwoDreidelGame, new_game
from .rulebook.rules import TwoDreidelRules
from .spin_game.equilibrium_bot import equilibrium_bot
from ...errors import InputError
from ...limits import int_arg

__all__ = ["BOTS", "DEFAULT_HAND_LIMIT", "METRIC_HELP", "PLAY", "PLAY_CLI", "metrics"]

#: Hands after which a game is cut short (and reported so) unless told otherwise.
DEFAULT_HAND_LIMIT = 2_000

#: The registered bots (the ``equilibrium`` bot of issue 14 joins here).
BOTS: dict[str, BotFactory] = {
    "random": random_bot,
    "calling-station": calling_station_bot,
    "tight": tight_bot,
    "equity": equity_bot,
    "equity-best": equity_best_bot,
    "equilibrium": equilibrium_bot,
}

METRIC_HELP = {
    "hands": "hands played until one player holds every chip (or the limit)",
    "spins": "dreidel spins in the game",
    "spins_per_hand": "spins per hand (a hand ends early when all but one fold or at most one calls)",
    "mean_pot_share": "the pot at the end of a hand as a share of all chips, averaged over hands",
    "max_pot_share": "the largest pot of the game as a share of all chips",
    "all_in_rate": "share of hands in which some player went all-in",
    "carry_rate": "share of hands in which nobody called a spin and the pot carried over",
    "gimel_end_rate": "share of whole-pot (Gimel) spins after which at most one player called: "
                      "the Gimel emptied the pot (won outright or carried over)",
    "showdown_rate": "share of hands that reached a showdown",
    "trump_rate": "share of showdowns whose main pot the trump decided (the normal-order best hand lost)",
    "lead_changes": "times the chip lead passed to another player",
    "max_swing": "the largest change of one player's stack in one hand, as a share of all chips",
    "button_edge": "the button's average chip gain per hand, as a share of one starting stack",
}


def metrics(final: TwoDreidelGame) -> dict[str, float]:
    """The game's own figures (see [`METRIC_HELP`][dreidelpoker.games.two_dreidel.play_spec.METRIC_HELP]). A rate with no cases (no Gimel was
    spun, no showdown happened) is left out rather than reported as ``nan``.

    Parameters:
        final: a finished game.

    Returns:
        ``{metric: value}``.

    Examples:
        >>> from dreidelpoker.games.two_dreidel.whole_game.play import new_game
        >>> sorted(metrics(new_game(TwoDreidelRules(), players=2)))
        ['hands', 'lead_changes', 'max_pot_share', 'max_swing', 'spins']
    """
    st = final.stats
    hands = final.hands
    out = {
        "hands": float(hands),
        "spins": float(st.spins),
        "max_pot_share": st.pot_share_max,
        "lead_changes": float(st.lead_changes),
        "max_swing": st.max_swing / final.t.total_chips,
    }
    rates = {
        "spins_per_hand": (st.spins, hands),
        "mean_pot_share": (st.pot_share_sum, hands),
        "all_in_rate": (st.all_in_hands, hands),
        "carry_rate": (st.carries, hands),
        "gimel_end_rate": (st.gimel_ends, st.gimels),
        "showdown_rate": (st.showdowns, hands),
        "trump_rate": (st.trump_showdowns, st.showdowns),
    }
    for name, (a, b) in rates.items():
        if b:
            out[name] = a / b
    if hands:
        out["button_edge"] = st.button_net / hands / final.t.stack
    return out


# -- CLI ----------------------------------------------------------------------------------
def _positive(text: str) -> int:
    v = int_arg(text)
    if v < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {v}")
    return v


def _int_list(text: str) -> list[int]:
    return [_positive(x) for x in text.split(",") if x.strip()]


def add_sweep_arguments(p: argparse.ArgumentParser) -> None:
    """``sweep two-dreidel``: ``--decks`` and ``--chips`` lists (the other rules options are
    generated from [`TwoDreidelRules`][dreidelpoker.games.two_dreidel.TwoDreidelRules] and hold for every cell)."""
    p.add_argument("--decks", default="1-5-5-1,2-6-6-2,2-7-7-2",
                   help="comma-separated deck distributions to sweep (default the three presets)")
    p.add_argument("--chips", type=_int_list, default=[4],
                   help="comma-separated chips per player (each starts with chips x players), default 4")


def rules_grid_from_args(args: argparse.Namespace) -> Mapping[str, TwoDreidelRules]:
    """``{label: rules}`` for every deck × chips of a ``sweep two-dreidel``.

    Raises:
        ValueError: a malformed deck or option.
    """
    from ...rules_cli import rules_from_args

    decks = [d.strip() for d in args.decks.split(",") if d.strip()]
    if not decks:
        raise InputError("decks: give at least one deck distribution such as 1-5-5-1")
    grid: dict[str, TwoDreidelRules] = {}
    for d in decks:
        for c in args.chips:
            rules: TwoDreidelRules = rules_from_args(TwoDreidelRules, args, deck=d, chips_per_player=c)
            grid[f"deck {rules.deck_label}, {c}x chips"] = rules
    return grid


def _trump_share(rules: TwoDreidelRules, players: int) -> float:
    from .designer import trump_share  # exact: loads sympy and the chain only when searched

    return float(trump_share(rules, players))


def _deck_period(rules: TwoDreidelRules, players: int) -> float:
    from .designer import deck_period

    return float(deck_period(rules, players))


#: Exact figures of a variant (no games played): cheap objectives for the variant search.
EXACT_METRICS = {
    "trump_share": ("exact: how often a trump decides a heads-up showdown of two fresh-deck hands", _trump_share),
    "deck_period": ("exact: hands in one cycle of the deck under normal-best put-backs", _deck_period),
}


def spin_game_exploitability(rules: TwoDreidelRules) -> tuple[str, dict[str, tuple[object, ...]]]:
    """Each whole-game bot's exploitability in the exactly solved heads-up spin game
    ([`solve_spin_game`][dreidelpoker.games.two_dreidel.spin_game.solve.solve_spin_game] with its defaults:
    pot 4, stacks 8 and 8, two spins, betting; sequence-form LP).

    Parameters:
        rules: the rules (deck, spin faces, buy-ins).

    Returns:
        ``(what was solved, {bot: (seat 1, seat 2) exploitability})``, in chips per spin game:
        what a best response gains against the bot beyond the game value.

    Examples:
        >>> note, ex = spin_game_exploitability(TwoDreidelRules(deck="1-5-5-1"))  # doctest: +SKIP
        >>> ex["random"][0] > ex["tight"][0]  # doctest: +SKIP
        True
    """
    from .spin_game.solve import solve_spin_game  # the solver loads only when asked

    sol = solve_spin_game(rules)
    s = sol.setup
    note = (f"heads-up spin game solved exactly (pot {s.pot}, stacks {s.stacks[0]} and {s.stacks[1]}, {s.spins} spins, "
            "betting): chips per game a best response gains against the bot, seat 1 and seat 2")
    return note, {b: v for b, v in sol.exploitability.items() if b in BOTS}


PLAY: PlaySpec[TwoDreidelRules] = PlaySpec(
    new_game=new_game,
    bots=BOTS,
    default_bots=LeadAgainst("equity", ("tight", "calling-station", "random")),
    metrics=metrics,
    min_players=2,
    max_players=MAX_PLAYERS,
    round_name="hand",
    default_hand_limit=DEFAULT_HAND_LIMIT,
    metric_help=METRIC_HELP,
    exploitability=spin_game_exploitability,
    exact_metrics=EXACT_METRICS,
)

#: The command line's side of ``simulate`` and ``sweep``.
PLAY_CLI: PlayCliSpec[TwoDreidelRules] = PlayCliSpec(
    add_sweep_arguments=add_sweep_arguments,
    rules_grid_from_args=rules_grid_from_args,
    sweep_fields={"deck": "--decks", "chips_per_player": "--chips"},
)
