"""Equity at the table: partial hands against 1 to 7 opponents with their own decks.

Three things the hero can know about their own hand ([Two Dreidel rules: questions][rules-1-6]):

* the whole hand ([`equity`][dreidelpoker.games.two_dreidel.odds.equity.equity]);
* three drawn cards with the put-back not yet chosen ([`put_back_equities`][dreidelpoker.games.two_dreidel.put_back_equities]: the
  equity of each choice);
* only their deck before the draw, with its known top card ([`before_draw_equity`][dreidelpoker.games.two_dreidel.before_draw_equity]:
  the equity if they then put back by a policy, or pick the best choice each time).

Each opponent is a [`DeckState`][dreidelpoker.games.two_dreidel.DeckState] (they draw
from it under their policy), a [`Distribution`][dreidelpoker.Distribution] over hands, or
an [`OpponentPosterior`][dreidelpoker.games.two_dreidel.OpponentPosterior] (the exact
posterior from their public discards). Opponents hold separate decks, so their hands are
independent of each other and of the hero's cards. Everything is exact; ask for
``method="monte-carlo"`` in [`put_back_equities`][dreidelpoker.games.two_dreidel.put_back_equities] (or call [`monte_carlo_equity`][dreidelpoker.games.two_dreidel.monte_carlo_equity])
for a seeded estimate with a confidence interval.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

from ...._fractions import frac_str
from ....analysis import monte_carlo_equity as generic_monte_carlo
from ....display import Html, table_html, to_pandas_frame
from ....equity import EquityResult
from ....exact import Distribution, ExactTable
from ....montecarlo import MonteCarloEstimate
from .analysis import TWO_DREIDEL, TwoDreidelKnown
from ..rulebook.deck import DeckState, counts_of, draw_weights, hypergeometric
from .equity import (
    OpponentsLike,
    equity_vs_lists,
    hand_weights,
    opponent_hand_lists,
)
from .kept_hand import kept_hand_distribution
from ..deck_cycle.policies import Policy, resolve_policy
from ..rulebook.ranking import Hand, HandLike, format_hand, parse_cards
from ..rulebook.rules import TwoDreidelRules
from ....errors import InputError, InputTypeError, ResourceLimitError, shorten

if TYPE_CHECKING:
    import sympy
from ....limits import MAX_SAMPLED_HANDS, MAX_SAMPLES
from ....validation import check_arguments, check_choice, check_count, check_seed, default_rules, is_whole_number

__all__ = [
    "BeforeDrawEquity",
    "PutBackChoice",
    "PutBackTable",
    "before_draw_equity",
    "monte_carlo_equity",
    "parse_drawn",
    "put_back_equities",
]


def _opp_label(n: int) -> str:
    return f"{n} opponent{'s' if n != 1 else ''}"


# -- three drawn cards --------------------------------------------------------------------
def parse_drawn(
    drawn: HandLike,
    *,
    rules: TwoDreidelRules | None = None, top: str | None = None,
    hero_deck: DeckState | None = None,
) -> Hand:
    """Parse and check the hero's drawn cards.

    They must be ``rules.draw`` cards the deck can hold, include the known top card
    (``top``, or ``hero_deck.top``), and be a possible draw from ``hero_deck`` if given.

    Parameters:
        drawn: the drawn cards.
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        top: the known top card.
        hero_deck: the deck drawn from.

    Returns:
        Symbol indices, sorted.

    Raises:
        ValueError: the wrong number of cards, cards the deck cannot hold, or cards that miss the
            known top card or cannot come from ``hero_deck``.

    Examples:
        >>> parse_drawn("NGH")
        (0, 1, 2)
        >>> parse_drawn("GHN", top="S")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: drawn cards GHN are inconsistent with the known top card S: the card put back last hand is always drawn first
    """
    rules = default_rules(rules, TwoDreidelRules)
    if isinstance(drawn, str):
        cards = parse_cards(drawn, what="drawn cards", rules=rules)
    else:
        cards = tuple(sorted(drawn))
        if any(not is_whole_number(c) or not 0 <= c < len(rules.symbols) for c in cards):
            raise InputError(f"drawn cards {drawn!r} must be symbol indices 0..{len(rules.symbols) - 1}")
    label = format_hand(cards, rules=rules)
    if len(cards) != rules.draw:
        raise InputError(f"you draw {rules.draw} cards each hand, got {len(cards)} in {drawn!r}")
    for s, (c, full) in enumerate(zip(counts_of(cards, len(rules.symbols)), rules.counts)):
        if c > full:
            raise InputError(
                f"drawn cards {label} hold {c} {rules.symbols[s]} but the deck {rules.deck_label} holds only {full}"
            )
    known: Hand = ()
    if top is not None and top != "":
        known = tuple(sorted(parse_cards(top, what="top card", rules=rules)))
        if len(known) > rules.put_back:
            raise InputError(f"at most {rules.put_back} known top card(s) (the cards put back last hand), "
                             f"got {top!r}")
    if hero_deck is not None:
        hero_deck.validate(rules)
        if known and hero_deck.top and known != hero_deck.top:
            raise InputError(
                f"top card {format_hand(known, rules=rules)} contradicts the deck state's top card "
                f"{format_hand(hero_deck.top, rules=rules)}"
            )
        known = known or hero_deck.top
    held = counts_of(cards, len(rules.symbols))
    if any(t > c for t, c in zip(counts_of(known, len(rules.symbols)), held)):
        raise InputError(
            f"drawn cards {label} are inconsistent with the known top card {format_hand(known, rules=rules)}: "
            "the card put back last hand is always drawn first"
        )
    if hero_deck is not None:
        outcomes, _ = draw_weights(hero_deck, rules=rules)
        if all(o.drawn != cards for o, _w in outcomes):
            raise InputError(f"drawn cards {label} cannot be drawn from {hero_deck.describe(rules)}")
    return cards


@dataclass(frozen=True)
class PutBackChoice:
    """One put-back choice: the card(s) put back, the hand kept, and its equity."""

    put_back: str
    hand: str
    result: EquityResult | MonteCarloEstimate

    @property
    def equity(self) -> Any:
        return self.result.equity


@dataclass(frozen=True)
class PutBackTable:
    """The equity of every put-back choice for one set of drawn cards.

    Examples:
        >>> from dreidelpoker.games.two_dreidel import put_back_equities
        >>> table = put_back_equities("GHN")
        >>> [(c.put_back, c.hand) for c in table.choices]
        [('G', 'HN'), ('H', 'GN'), ('N', 'GH')]
        >>> table.best.hand
        'GH'
    """

    drawn: str
    choices: tuple[PutBackChoice, ...]
    description: str = ""
    method: str = "exact"

    @property
    def best(self) -> PutBackChoice:
        """The choice with the highest equity; on a tie, the one keeping the normal-best hand.

        Choices are listed by the put-back card, best card first, so the kept hands run
        from worst to best in normal order and the last of the tied choices keeps the best.
        """
        best = self.choices[0]
        for c in self.choices[1:]:
            if c.equity >= best.equity:
                best = c
        return best

    @property
    def tied_with_best(self) -> tuple[PutBackChoice, ...]:
        """Other choices exactly as good as [`best`][dreidelpoker.games.two_dreidel.PutBackTable.best]."""
        return tuple(c for c in self.choices if c.equity == self.best.equity and c is not self.best)

    def __getitem__(self, put_back: str) -> PutBackChoice:
        for c in self.choices:
            if c.put_back == put_back:
                return c
        raise KeyError(f"no put-back choice {put_back!r}; choices are {[c.put_back for c in self.choices]}")

    def as_table(self) -> ExactTable:
        rows = tuple(
            (c.put_back, c.hand, c.result.win, c.result.tie, c.result.lose, c.result.equity) for c in self.choices
        )
        return ExactTable(("put back", "keep", "win", "tie", "lose", "equity"), rows, title=self.description)

    def to_dict(self) -> dict[str, Any]:
        return {
            "drawn": self.drawn,
            "method": self.method,
            "description": self.description,
            "choices": [
                {"put_back": c.put_back, "hand": c.hand, **{k: v for k, v in c.result.to_dict().items()
                                                            if k != "description"}}
                for c in self.choices
            ],
            "best": self.best.put_back,
        }

    def to_text(self) -> str:
        if self.method == "exact":
            text = self.as_table().to_text()
        else:
            lines = [self.description]
            for c in self.choices:
                lines.append(f"put back {c.put_back}, keep {c.hand}: {c.result.to_text()}")
            text = "\n".join(lines)
        ties = self.tied_with_best
        tie_text = (
            f" (as good: {', '.join(f'put back {c.put_back}' for c in ties)}; "
            "this one keeps the normal-best hand)" if ties else ""
        )
        return f"{text}\nbest: put back {self.best.put_back}, keep {self.best.hand}{tie_text}"

    def __repr__(self) -> str:
        body = ", ".join(f"back {c.put_back} keep {c.hand}: {_short(c.equity)}" for c in self.choices)
        return f"PutBackTable(drew {self.drawn}: {body}; best: back {self.best.put_back})"

    def _repr_html_(self) -> str:
        best = self.best.put_back
        t = self.as_table()
        rows = [r + (Html("<b>← best</b>") if c.put_back == best else "",) for r, c in zip(t.rows, self.choices)]
        return table_html(t.columns + ("",), rows, title=self.description, css_class="dp-putback")

    def to_pandas(self, *, exact: bool = False) -> Any:
        """One row per put-back choice (put back, keep, win, tie, lose, equity)."""
        t = self.as_table()
        return to_pandas_frame(t.columns, t.rows, exact=exact)

    def plot(self, ax: Any = None, **bar_kwargs: Any) -> Any:
        """Bar chart of the equity of each choice."""
        from ....plotting import bar_chart

        return bar_chart([f"back {c.put_back}\nkeep {c.hand}" for c in self.choices],
                         [float(c.equity) for c in self.choices], ax=ax, title=self.description,
                         ylabel="equity", **bar_kwargs)


def _short(v: Any) -> str:
    return f"{v:.4f}" if isinstance(v, float) else frac_str(v)


def _choices(rules: TwoDreidelRules, drawn: Hand) -> list[tuple[Hand, Hand]]:
    """Distinct (put back, kept) splits of the drawn cards, best put-back card first."""
    k = len(rules.symbols)
    counts = counts_of(drawn, k)
    out = []
    for back_vec, _w in sorted(hypergeometric(counts, rules.put_back), reverse=True):
        back = tuple(i for i, c in enumerate(back_vec) for _ in range(c))
        kept = tuple(i for i, c in enumerate(counts) for _ in range(c - back_vec[i]))
        out.append((back, kept))
    return out


@check_arguments
def put_back_equities(
    drawn: HandLike,
    *,
    rules: TwoDreidelRules | None = None,
    opponents: OpponentsLike = 1,
    policy: Policy = "normal-best",
    top: str | None = None,
    hero_deck: DeckState | None = None,
    method: Literal["exact", "monte-carlo"] = "exact",
    samples: int = 20_000,
    seed: int = 0,
) -> PutBackTable:
    """Equity of each put-back choice for the hero's drawn cards: exact, or sampled with
    ``method="monte-carlo"`` (each choice's [`MonteCarloEstimate`][dreidelpoker.montecarlo.MonteCarloEstimate]
    from ``samples`` deals with the same ``seed``).

    ``top`` is the card the hero put back last hand (it must be among the drawn cards);
    ``hero_deck`` the hero's deck before the draw, if the drawn cards should be checked
    against it. ``policy`` is the opponents' keep policy where they are given as deck
    states or a number (fresh decks).

    Parameters:
        drawn: your drawn cards.
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        opponents: a number of fresh-deck opponents, or one entry per opponent (a [`DeckState`][dreidelpoker.games.two_dreidel.DeckState], a
            [`Distribution`][dreidelpoker.Distribution] over hands or an [`OpponentPosterior`][dreidelpoker.games.two_dreidel.OpponentPosterior]).
        policy: the opponents' keep policy (a name from [`POLICIES`][dreidelpoker.games.two_dreidel.POLICIES] or a callable).
        top: the card you put back last hand.
        hero_deck: your deck before the draw, to check the drawn cards against.
        method: ``"exact"`` or ``"monte-carlo"``.
        samples: Monte Carlo samples per choice.
        seed: the Monte Carlo seed.

    Returns:
        A [`PutBackTable`][dreidelpoker.games.two_dreidel.PutBackTable], one row per choice.

    Raises:
        ValueError: an unknown method, or drawn cards that are not a draw (see `parse_drawn`).

    Examples:
        >>> t = put_back_equities("GHS", opponents=1)
        >>> [(c.put_back, c.hand, c.equity) for c in t.choices]
        [('G', 'HS', 15/44), ('H', 'GS', 1), ('S', 'GH', 10/11)]
        >>> t.best.put_back  # a fresh-deck normal-best opponent never keeps the lone Shin
        'H'
    """
    rules = default_rules(rules, TwoDreidelRules)
    check_choice(method, "method", ("exact", "monte-carlo"))
    check_count(samples, "samples", low=2, high=MAX_SAMPLES)
    check_seed(seed)
    if method == "exact" and (samples != 20_000 or seed != 0):
        raise InputError("samples and seed apply to method='monte-carlo' only; this computes exactly")
    if method not in ("exact", "monte-carlo"):
        raise InputError(f"method must be 'exact' or 'monte-carlo', got {method!r}")
    cards = parse_drawn(drawn, top=top, hero_deck=hero_deck, rules=rules)
    if method == "monte-carlo":
        label = format_hand(cards, rules=rules)
        sampled = [PutBackChoice(format_hand(back, rules=rules), format_hand(kept, rules=rules),
                                 monte_carlo_equity(kept, rules=rules, opponents=opponents, policy=policy,
                                                    samples=samples, seed=seed))
                   for back, kept in _choices(rules, cards)]
        return PutBackTable(label, tuple(sampled), f"drew {label}: Monte Carlo equity of each put-back",
                            method="monte-carlo")
    lists = opponent_hand_lists(opponents, policy, rules=rules)
    n = len(lists)
    choices = []
    for back, kept in _choices(rules, cards):
        hand = format_hand(kept, rules=rules)
        res = equity_vs_lists([(kept, 1)], lists, description=f"keep {hand} against {_opp_label(n)}", rules=rules)
        choices.append(PutBackChoice(format_hand(back, rules=rules), hand, res))
    label = format_hand(cards, rules=rules)
    return PutBackTable(label, tuple(choices), f"drew {label}: equity of each put-back against {_opp_label(n)}")


# -- before the draw ----------------------------------------------------------------------
@dataclass(frozen=True)
class BeforeDrawEquity:
    """The hero's equity before drawing, with the choice made for every possible draw."""

    result: EquityResult
    draws: ExactTable
    hero_policy: str

    @property
    def equity(self) -> sympy.Rational:
        return self.result.equity

    def to_dict(self) -> dict[str, Any]:
        return {**self.result.to_dict(), "hero_policy": self.hero_policy, "draws": self.draws.to_dict()}

    def to_text(self) -> str:
        return self.result.to_text() + "\n\n" + self.draws.to_text()

    def __repr__(self) -> str:
        return f"BeforeDrawEquity({self.result!r}, hero_policy={self.hero_policy!r})"

    def to_pandas(self, *, exact: bool = False) -> Any:
        """The choice made for every possible draw (``draws``) as a ``pandas.DataFrame``;
        ``result.to_pandas()`` has the overall equity.

        Parameters:
            exact: keep sympy Rationals instead of floats.

        Returns:
            A DataFrame with one row per draw.
        """
        return self.draws.to_pandas(exact=exact)

    def _repr_html_(self) -> str:
        return self.result._repr_html_() + self.draws._repr_html_()


def before_draw_equity(
    state: DeckState,
    *,
    rules: TwoDreidelRules | None = None,
    opponents: OpponentsLike = 1,
    policy: Policy = "normal-best",
    hero_policy: Policy | Literal["best"] = "best",
) -> BeforeDrawEquity:
    """Exact equity of the hero before the draw, from their deck state (known top card).

    ``hero_policy="best"`` picks, for every draw, the put-back with the highest equity this
    hand; a policy name or callable plays that policy instead.

    Parameters:
        state: the hero's deck before the draw.
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        opponents: a number of fresh-deck opponents, or one entry per opponent (a [`DeckState`][dreidelpoker.games.two_dreidel.DeckState], a
            [`Distribution`][dreidelpoker.Distribution] over hands or an [`OpponentPosterior`][dreidelpoker.games.two_dreidel.OpponentPosterior]).
        policy: the opponents' keep policy (a name from [`POLICIES`][dreidelpoker.games.two_dreidel.POLICIES] or a callable).
        hero_policy: ``"best"`` (the best put-back of every draw) or a keep policy.

    Returns:
        A `BeforeDrawEquity`.

    Raises:
        TypeError: ``state`` is not a [`DeckState`][dreidelpoker.games.two_dreidel.DeckState].

    Examples:
        >>> rules = TwoDreidelRules()
        >>> r = before_draw_equity(DeckState.of(rules, top="G", deck="1-5-5-1"), opponents=1)
        >>> r.equity > before_draw_equity(DeckState.fresh(rules), opponents=1).equity
        True
    """
    rules = default_rules(rules, TwoDreidelRules)
    if not isinstance(state, DeckState):
        raise InputTypeError(f"state must be a DeckState (the hero's deck before the draw), got {type(state).__name__}")
    lists = opponent_hand_lists(opponents, policy, rules=rules)
    n = len(lists)
    outcomes, total = draw_weights(state, rules=rules)
    pol = None if hero_policy == "best" else resolve_policy(hero_policy, rules=rules)
    acc_win = acc_tie = acc_eq = Fraction(0)
    rows = []
    for outcome, w in outcomes:
        p = Fraction(w, total)
        if pol is None:
            options = [
                (back, kept, equity_vs_lists([(kept, 1)], lists, rules=rules))
                for back, kept in _choices(rules, outcome.drawn)
            ]
            back, kept, res = max(options, key=lambda o: o[2].fractions()[3])
        else:
            kept = pol.kept(outcome.drawn)
            back = pol.put_back(outcome.drawn)
            res = equity_vs_lists([(kept, 1)], lists, rules=rules)
        win, tie, _lose, eq = res.fractions()
        acc_win += p * win
        acc_tie += p * tie
        acc_eq += p * eq
        rows.append((format_hand(outcome.drawn, rules=rules), p, format_hand(back, rules=rules), format_hand(kept, rules=rules),
                     eq))
    name = "best" if pol is None else pol.name
    desc = f"before the draw from {state.describe(rules)}, putting back by {name}, against {_opp_label(n)}"
    result = EquityResult(win=acc_win, tie=acc_tie, lose=1 - acc_win - acc_tie, equity=acc_eq, description=desc)
    table = ExactTable(("drawn", "probability", "put back", "keep", "equity"), tuple(rows), title=desc)
    return BeforeDrawEquity(result, table, name)


# -- Monte Carlo --------------------------------------------------------------------------
@check_arguments
def monte_carlo_equity(
    hero: HandLike | Distribution[str] | DeckState,
    *,
    rules: TwoDreidelRules | None = None,
    opponents: OpponentsLike = 1,
    policy: Policy = "normal-best",
    hero_policy: Policy = "normal-best",
    samples: int = 20_000,
    seed: int = 0,
    confidence: float = 0.95,
) -> MonteCarloEstimate:
    """Estimate the hero's equity by sampling hands from every player's exact distribution
    (the generic engine [`dreidelpoker.analysis.monte_carlo_equity`][dreidelpoker.analysis.monte_carlo_equity]).

    ``hero`` is a hand, a distribution over hands, or a deck state (the hero then draws and
    puts back by ``hero_policy``). Same seed, same answer.

    Parameters:
        hero: a hand, a distribution over hands, or a deck state.
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        opponents: a number of fresh-deck opponents, or one entry per opponent (a [`DeckState`][dreidelpoker.games.two_dreidel.DeckState], a
            [`Distribution`][dreidelpoker.Distribution] over hands or an [`OpponentPosterior`][dreidelpoker.games.two_dreidel.OpponentPosterior]).
        policy: the opponents' keep policy (a name from [`POLICIES`][dreidelpoker.games.two_dreidel.POLICIES] or a callable).
        hero_policy: the hero's keep policy (with a deck state).
        samples: the number of samples.
        seed: the seed.
        confidence: the intervals' confidence level.

    Returns:
        A [`MonteCarloEstimate`][dreidelpoker.montecarlo.MonteCarloEstimate].

    Raises:
        InputError: for bad samples, seed, confidence, hands or opponents.

    Examples:
        >>> mc = monte_carlo_equity("GH", opponents=1, samples=4000, seed=1)
        >>> mc.intervals["equity"][0] < 10 / 11 < mc.intervals["equity"][1]
        True
    """
    rules = default_rules(rules, TwoDreidelRules)
    if not isinstance(hero, DeckState) and hero_policy != "normal-best":
        raise InputError("hero_policy applies only when hero is a DeckState (the hero then keeps by it); "
                         f"with a hand or a distribution leave it out, got {shorten(hero_policy)}")
    lists = opponent_hand_lists(opponents, policy, rules=rules)
    check_count(samples, "samples", low=2, high=MAX_SAMPLES)
    if samples * (len(lists) + 1) > MAX_SAMPLED_HANDS:
        raise ResourceLimitError(
            f"{samples:,} samples x {len(lists) + 1} hands is {samples * (len(lists) + 1):,} hands to draw, over the "
            f"limit of {MAX_SAMPLED_HANDS:,} for one call; lower samples (--samples) to at most "
            f"{MAX_SAMPLED_HANDS // (len(lists) + 1):,}")
    if isinstance(hero, DeckState):
        hero_w = hand_weights(kept_hand_distribution(rules, state=hero, policy=hero_policy), rules=rules)
    else:
        hero_w = hand_weights(hero, rules=rules)
    known = TwoDreidelKnown(tuple(hero_w), tuple(tuple(ws) for ws in lists))
    return generic_monte_carlo(TWO_DREIDEL, known, rules=rules, samples=samples, seed=seed, confidence=confidence)
