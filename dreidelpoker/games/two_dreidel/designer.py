"""The variant designer's numbers: what a deck distribution does to the game.

[`variant_report`][dreidelpoker.games.two_dreidel.designer.variant_report] is pure (the ``widgets.two_dreidel_designer`` explorer only wires
sliders to it): for one member of the Two Dreidel family (deck ``g-h-n-s``, cards drawn,
cards put back, players) it gives the kept-hand odds from a fresh deck with each hand's
exact equity against the other players, the deck cycle (states, period, reshuffle
interval), how often a trump decides a fresh-deck heads-up showdown, and the
exploitability of the normal-best put-back policy (long-run heads-up, exact).
"""

from __future__ import annotations

import dataclasses
import html
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..._fractions import to_rational
from ...display import Html, number_html, table_html, text_table, to_pandas_frame
from ...errors import InputError
from ...validation import check_count, default_rules
from ...exact import Distribution, ExactRecord, hold_exact
from .deck_cycle.chain import deck_chain
from .odds.kept_hand import kept_hand_distribution
from .rulebook.ranking import parse_hand, trumps
from .rulebook.rules import TwoDreidelRules
from .odds.equity import equity as hand_vs_table

if TYPE_CHECKING:
    import sympy

__all__ = ["VariantReport", "deck_period", "trump_share", "variant_report"]

#: Above this many cards per deck the (slow) exploitability is skipped unless asked for.
EXPLOITABILITY_MAX_CARDS = 16


@hold_exact("equity_vs_table", "trump_share", "exploitability")
@dataclass(frozen=True)
class VariantReport(ExactRecord):
    """Designer metrics of one Two Dreidel variant (see [`variant_report`][dreidelpoker.games.two_dreidel.designer.variant_report]).

    The exact figures are held as Fractions and shown as sympy Rationals (``.fractions()``
    gives them as held)."""

    rules: TwoDreidelRules
    players: int
    kept: Distribution[str]
    equity_vs_table: dict[str, sympy.Rational]
    chain_states: int | None
    period: int | None
    reshuffle_every: int | None
    trump_share: sympy.Rational
    exploitability: sympy.Rational | None
    notes: tuple[str, ...] = ()
    #: Whole games played by the default bots (``whole_games > 0``), a ``SimulationResult``.
    whole_games: Any = None

    def _rows(self) -> list[tuple[Any, ...]]:
        equity = self.fractions()["equity_vs_table"]
        return [(h, p, equity[h]) for h, p in self.kept.fractions().items()]

    def _columns(self) -> tuple[str, ...]:
        return ("kept hand", "probability", f"equity vs {self.players - 1} fresh opponent(s)")

    def to_dict(self) -> dict[str, Any]:
        from ..._fractions import frac_str

        held = self.fractions()
        return {
            "deck": self.rules.deck_label, "draw": self.rules.draw, "put_back": self.rules.put_back,
            "players": self.players,
            "kept": self.kept.to_dict()["probabilities"],
            "equity_vs_table": {h: frac_str(v) for h, v in held["equity_vs_table"].items()},
            "chain_states": self.chain_states, "period": self.period, "reshuffle_every": self.reshuffle_every,
            "trump_share": frac_str(held["trump_share"]),
            "exploitability": None if held["exploitability"] is None else frac_str(held["exploitability"]),
            "notes": list(self.notes),
            "whole_games": None if self.whole_games is None else self.whole_games.to_dict(),
        }

    def to_pandas(self, *, exact: bool = False) -> Any:
        """The kept-hand table as a ``pandas.DataFrame``."""
        return to_pandas_frame(self._columns(), self._rows(), exact=exact)

    def _facts(self) -> list[tuple[str, Any]]:
        held = self.fractions()
        cycle = ("—" if self.period is None else
                 f"{self.chain_states} states, period {self.period}, a reshuffle every {self.reshuffle_every} hands")
        return [
            ("deck", f"{self.rules.deck_label} ({self.rules.deck_size} cards), draw {self.rules.draw}, "
                     f"put back {self.rules.put_back}"),
            ("deck cycle (normal-best)", cycle),
            ("a trump decides a fresh heads-up showdown", held["trump_share"]),
            ("exploitability of normal-best", "not computed" if held["exploitability"] is None
             else held["exploitability"]),
        ]

    def to_text(self) -> str:
        facts = "\n".join(f"{k}: {v if isinstance(v, str) else text_table(['x'], [[v]]).splitlines()[-1]}"
                          for k, v in self._facts())
        notes = "".join(f"\nnote: {n}" for n in self.notes)
        games = "" if self.whole_games is None else "\n\n" + self.whole_games.to_text()
        return facts + notes + "\n\n" + text_table(self._columns(), self._rows()) + games

    def _repr_html_(self) -> str:
        # Labels and text values wrap (class dp-wrap), so the two columns fit a phone's width.
        def wrap(text: str) -> Html:
            return Html(f"<span class='dp-wrap'>{html.escape(text)}</span>")

        facts = table_html(("", "value"), [(wrap(k), wrap(v) if isinstance(v, str) else v) for k, v in self._facts()],
                           title="the variant")
        notes = "".join(f"<p><small>{html.escape(n)}</small></p>" for n in self.notes)
        best = max(self.fractions()["equity_vs_table"].items(), key=lambda kv: kv[1])
        return (facts + notes + table_html(self._columns(), self._rows(), title="kept hands from a fresh deck")
                + f"<p>Best kept hand against the table: <b>{html.escape(best[0])}</b> "
                  f"({number_html(best[1])}).</p>"
                + ("" if self.whole_games is None else
                   "<h4>Whole games (default bots, seeded Monte Carlo)</h4>" + self.whole_games._repr_html_()))


def _trump_share(rules: TwoDreidelRules, kept: Distribution[str]) -> Fraction:
    probs = kept.fractions()
    hands = {h: parse_hand(h, rules=rules) for h in probs}
    total = Fraction(0)
    for a, pa in probs.items():
        for b, pb in probs.items():
            if trumps(hands[a], hands[b], rules=rules) or trumps(hands[b], hands[a], rules=rules):
                total += pa * pb
    return total


def trump_share(rules: TwoDreidelRules | None = None, players: int = 2) -> sympy.Rational:
    """How often a trump decides a heads-up showdown of two fresh-deck hands (each kept by normal-best).

    Parameters:
        rules: the variant (default: the standard rules).
        players: unused by the figure (a heads-up share); accepted so the variant search can
            call every exact metric the same way.

    Returns:
        The exact probability that one kept hand trumps the other.

    Raises:
        InputError: ``rules`` is not a Two Dreidel rules object.

    Examples:
        >>> from dreidelpoker.games.two_dreidel import TwoDreidelRules
        >>> trump_share(TwoDreidelRules(deck="2-6-6-2"))
        137/7840
    """
    rules = rules if rules is not None else TwoDreidelRules()
    if not isinstance(rules, TwoDreidelRules):
        raise InputError(f"rules: expected TwoDreidelRules, got {type(rules).__name__}")
    return to_rational(_trump_share(rules, kept_hand_distribution(rules)))


def deck_period(rules: TwoDreidelRules | None = None, players: int = 2) -> int:
    """Hands in one cycle of the deck under normal-best put-backs (the deck chain's period).

    Parameters:
        rules: the variant (default: the standard rules).
        players: unused (the deck cycle does not depend on the table); accepted so the variant
            search can call every exact metric the same way.

    Returns:
        The period of the exact deck-cycle Markov chain.

    Raises:
        InputError: the chain of this variant is too large or not available.

    Examples:
        >>> from dreidelpoker.games.two_dreidel import TwoDreidelRules
        >>> deck_period(TwoDreidelRules())
        5
    """
    rules = rules if rules is not None else TwoDreidelRules()
    if not isinstance(rules, TwoDreidelRules):
        raise InputError(f"rules: expected TwoDreidelRules, got {type(rules).__name__}")
    try:
        return int(deck_chain(rules).period)
    except NotImplementedError as exc:
        raise InputError(f"deck cycle not available for deck {rules.deck_label}: {exc}") from None


def variant_report(rules: TwoDreidelRules | None = None, *, deck: str | None = None, draw: int | None = None,
                   put_back: int | None = None, players: int = 2, exploitability: bool | None = None,
                   whole_games: int = 0, seed: int = 0) -> VariantReport:
    """The designer's numbers for one variant.

    Parameters:
        rules: the variant (default: the standard rules); ``deck``, ``draw`` and ``put_back``
            change it.
        deck: the deck distribution (``g-h-n-s`` for the dreidel symbols), or ``None`` for the rules'.
        draw: cards drawn each hand, or ``None`` for the rules'.
        put_back: cards put back on top of the deck, or ``None`` for the rules'.
        players: players at the table (2 to 8).
        exploitability: compute the exploitability of normal-best (exact, slow for big
            decks); default: only for decks of at most 16 cards.
        whole_games: when positive, also play that many seeded whole games with the game's
            default bots (the whole-game engine, [`dreidelpoker.play.simulate`][dreidelpoker.play.simulate]; each
            game stops after 200 hands) and report game length, swings and win rates.
        seed: the seed of those games.

    Returns:
        A [`VariantReport`][dreidelpoker.games.two_dreidel.designer.VariantReport].

    Raises:
        ValueError: for a deck, draw or put-back the rules reject, or players outside 2-8.

    Examples:
        >>> r = variant_report(TwoDreidelRules(deck="1-5-5-1"))
        >>> r.kept["HH"], r.period, r.reshuffle_every
        (7/22, 5, 5)
        >>> r.trump_share  # normal-best puts the lone Shin back whenever it can
        0
        >>> variant_report(deck="2-6-6-2").trump_share
        137/7840
    """
    check_count(players, "players", low=2, high=8)
    base = default_rules(rules, TwoDreidelRules)
    rules = dataclasses.replace(base, deck=base.deck if deck is None else deck,
                                draw=base.draw if draw is None else draw,
                                put_back=base.put_back if put_back is None else put_back)
    kept = kept_hand_distribution(rules)
    eq = {h: hand_vs_table(h, rules=rules, opponents=players - 1).fractions()[3] for h in kept}
    notes: list[str] = []
    states = period = every = None
    try:
        ch = deck_chain(rules)
        states, period, every = ch.n_states, ch.period, len(ch.cycle)
    except (ValueError, NotImplementedError) as exc:
        notes.append(f"deck cycle not available for this variant: {exc}")
    if exploitability is None:
        exploitability = rules.deck_size <= EXPLOITABILITY_MAX_CARDS
    expl = None
    if exploitability:
        try:
            from .deck_cycle.strategy import exploitability as _exploitability

            expl = _exploitability(rules, policy="normal-best")
        except (ValueError, NotImplementedError) as exc:
            notes.append(f"exploitability not available for this variant: {exc}")
    else:
        notes.append(f"exploitability is computed for decks of up to {EXPLOITABILITY_MAX_CARDS} cards "
                     "(tick the box to compute it anyway; it can take a minute)")
    games = None
    if whole_games:
        check_count(whole_games, "whole games", low=1, high=2000)
        from ...play import simulate
        from ..registry import get_game

        if get_game("two-dreidel").play is None:  # the engine hook: only when the game is playable
            notes.append("whole games: Two Dreidel is not playable on the whole-game engine in this version")
        else:
            games = simulate(rules, games=whole_games, seed=seed, players=players, progress=False, hand_limit=200)
    return VariantReport(rules=rules, players=players, kept=kept, equity_vs_table=eq, chain_states=states,
                         period=period, reshuffle_every=every, trump_share=_trump_share(rules, kept),
                         exploitability=expl, notes=tuple(notes), whole_games=games)

