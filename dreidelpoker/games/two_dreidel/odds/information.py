"""What a player knows about an opponent, and the exact posterior of the opponent's hand.

The model ([Two Dreidel rules: deck cycle][rules-1-2]). Every player cycles their own deck: each hand they draw
``rules.draw`` cards (first the card(s) they put back last hand), put ``rules.put_back``
back on top, keep the rest, and at the end of the hand lay the kept cards face up on their
discard pile. When the draw pile runs out mid-draw, the rest of the pile is drawn, the
discard pile is shuffled into a new pile and drawing continues.

**What is public** about an opponent at hand ``k`` (all players draw every hand, folded or
not, so the hand number is common to the table):

* ``visibility="all"`` (the default, [Two Dreidel rules][rules-1]): the kept cards they discarded in each of
  hands ``1 .. k-1``, in order. A player who watched every hand knows this history even
  after a reshuffle has taken the cards back into the deck.
* ``visibility="top-two"``: only the top two cards of their discard pile, i.e. the cards
  they kept last hand (hand ``k-1``); everything earlier is unknown and marginalised.
* Any hand may also be marked unknown (``None`` or ``"?"``) to model a player who missed
  or forgot it.
* The hand number, and with it the size of their draw pile (with equal draws the pile
  size is a fixed function of the hand number; it is reported, and checked if given).

**The hidden state** at the start of hand ``j`` is the composition of the opponent's
discard pile (public when every earlier hand was seen) and the card(s) they put back last
hand, lying on top of their draw pile. The rest of the draw pile is, given everything
drawn so far, in uniformly random order, because shuffles are fair and draws come off the
top. So the deck cycle is a hidden Markov model, and the posterior is computed *exactly*
by the forward algorithm: every history of draws consistent with the observed discards is
weighted by its probability under the opponent's assumed (deterministic) keep policy.
Weights are integers (numerators of hypergeometric draw probabilities; the denominators
are the same for every history at a given hand), so the result is an exact
[`Distribution`][dreidelpoker.Distribution].

The tests compare this engine with a brute force that enumerates every order of the
deck and of every reshuffled discard pile, for small decks.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any, Literal, Union

from ...._fractions import frac_str
from ....display import number_html, number_text, table_html, text_table
from ....exact import Distribution, ExactRecord, hold_exact
from ..rulebook.deck import counts_of, hypergeometric
from ..deck_cycle.policies import Policy, ResolvedPolicy, resolve_policy
from ..rulebook.ranking import Hand, format_hand, normal_key, parse_cards
from ..rulebook.rules import TwoDreidelRules
from ..rulebook.size import check_posterior_work
from ....limits import MAX_HAND_NUMBER, progress_bar
from ....validation import check_arguments, check_count, default_rules
from ....errors import InputError, InputTypeError

if TYPE_CHECKING:
    import sympy

__all__ = [
    "OpponentPosterior",
    "Visibility",
    "opponent_posterior",
    "parse_discards",
    "pile_sizes",
    "table_posteriors",
]

Counts = tuple[int, ...]
Visibility = Literal["all", "top-two"]
DiscardsLike = Union[str, Sequence[str | None], None]
_VISIBILITIES = ("all", "top-two")


def discards_text(discards: Sequence[str | None]) -> str:
    """A discard history as text, with each run of unseen hands collapsed (``? ×997``).

    At hand 999 a player who missed most hands has a history of hundreds of ``?``; written
    out, it would make a table thousands of pixels wide.

    Parameters:
        discards: the discarded hands, oldest first (``None`` or ``"?"`` for an unseen one).

    Returns:
        The history, ``"none yet"`` when empty.

    Examples:
        >>> discards_text(["GH", None, "?", None, "NN"])
        'GH, ? ×3, NN'
    """
    parts: list[str] = []
    unseen = 0
    for d in [*discards, ""]:
        if d is None or d == "?":
            unseen += 1
            continue
        if unseen:
            parts.append("?" if unseen == 1 else f"? ×{unseen}")
            unseen = 0
        if d:
            parts.append(d)
    return ", ".join(parts) or "none yet"


# -- parsing and public facts -------------------------------------------------------------
def parse_discards(
    discards: DiscardsLike, *, rules: TwoDreidelRules | None = None
) -> tuple[Hand | None, ...]:
    """Parse a discard history: ``"GH,NN"``, ``["GH", "NN"]``, with ``"?"``/``None`` for an
    unseen hand. Each entry is the kept hand one player discarded, oldest first.

    Parameters:
        discards: the history.
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).

    Returns:
        One parsed hand (or ``None``) per hand played.

    Raises:
        ValueError: a discard of the wrong size or one the deck cannot produce.
        TypeError: a value of another type.

    Examples:
        >>> parse_discards("GH, ?, NS")
        ((0, 1), None, (2, 3))
        >>> parse_discards("GHN")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: discard 'GHN' (hand 1) has 3 cards; each hand's discard is the 2 kept cards
    """
    rules = default_rules(rules, TwoDreidelRules)
    if discards is None:
        return ()
    if isinstance(discards, str):
        items: list[str | None] = [x.strip() for x in discards.split(",")] if discards.strip() else []
    elif isinstance(discards, Sequence):
        items = list(discards)
    else:
        raise InputTypeError(f"discards must be a string like 'GH,NN' or a list of hands, got {type(discards).__name__}")
    out: list[Hand | None] = []
    for i, item in enumerate(items, start=1):
        if item is None or (isinstance(item, str) and item.strip() in ("?", "??", "")):
            out.append(None)
            continue
        if not isinstance(item, str):
            raise InputTypeError(f"discard of hand {i} must be a string like 'GH' or None, got {item!r}")
        cards = parse_cards(item, what=f"discard (hand {i})", rules=rules)
        if len(cards) != rules.hand_size:
            raise InputError(
                f"discard {item!r} (hand {i}) has {len(cards)} cards; each hand's discard is the "
                f"{rules.hand_size} kept cards"
            )
        counts = counts_of(cards, len(rules.symbols))
        for s, (c, full) in enumerate(zip(counts, rules.counts)):
            if c > full:
                raise InputError(
                    f"discard {item!r} (hand {i}) holds {c} {rules.symbols[s]} but the deck "
                    f"{rules.deck_label} holds only {full}: the deck could not have produced it"
                )
        out.append(cards)
    return tuple(out)


def pile_sizes(hands: int, *, rules: TwoDreidelRules) -> list[int]:
    """Size of a player's draw pile at the start of hands ``1 .. hands`` (public information).

    Parameters:
        rules: the rules.
        hands: the number of hands.

    Returns:
        The sizes.

    Examples:
        >>> pile_sizes(7, rules=TwoDreidelRules())
        [12, 10, 8, 6, 4, 2, 10]
    """
    out = []
    disc = 0
    total = rules.deck_size
    for j in range(hands):
        pile = total - disc
        out.append(pile)
        disc = rules.hand_size if pile < rules.draw else disc + rules.hand_size
    return out


def _check_hand_number(hand_number: object) -> int:
    return check_count(hand_number, "hand_number", low=1, high=MAX_HAND_NUMBER,
                       hint="the work grows with the hand number")


# -- the forward algorithm ----------------------------------------------------------------
State = tuple[Counts, Counts]  # (discard pile composition, put-back card(s) on top of the pile)


def _sub(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b))


def _add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b))


def _draws(rules: TwoDreidelRules, state: State) -> Iterable[tuple[Counts, Counts, int]]:
    """Every draw class from ``state``: (drawn counts, discard after the draw, weight)."""
    disc, top = state
    pile = _sub(rules.counts, disc)
    below = _sub(pile, top)
    need = rules.draw - sum(top)
    if need <= sum(below):
        for vec, w in hypergeometric(below, need):
            yield _add(top, vec), disc, w
        return
    # The pile runs out mid-draw: take all of it, shuffle the discard pile, draw the rest.
    first = pile
    zero = tuple(0 for _ in disc)
    for vec, w in hypergeometric(disc, rules.draw - sum(pile)):
        yield _add(first, vec), zero, w


@dataclass
class _Forward:
    """Integer forward weights over hidden states, plus the product of the draw denominators."""

    weights: dict[State, int]
    denominator: int


def _step(
    rules: TwoDreidelRules,
    fwd: _Forward,
    observed: Hand | None,
    policy: ResolvedPolicy | None,
) -> tuple[_Forward, dict[Hand, int]]:
    """Advance one hand. Returns the new forward weights and the kept-hand weights."""
    k = len(rules.symbols)
    obs = None if observed is None else counts_of(observed, k)
    new: dict[State, int] = {}
    kept_w: dict[Hand, int] = {}
    denominator = 0
    for state, sw in fwd.weights.items():
        disc, top = state
        pile = _sub(rules.counts, disc)
        below = sum(pile) - sum(top)
        need = rules.draw - sum(top)
        denominator = comb(below, need) if need <= below else comb(sum(disc), rules.draw - sum(pile))
        for drawn, disc_after, w in _draws(rules, state):
            for kept, back in _choices(rules, policy, drawn):
                if obs is not None and kept != obs:
                    continue
                nxt = (_add(disc_after, kept), back)
                new[nxt] = new.get(nxt, 0) + sw * w
                hand = tuple(i for i, c in enumerate(kept) for _ in range(c))
                kept_w[hand] = kept_w.get(hand, 0) + sw * w
    return _Forward(new, fwd.denominator * max(denominator, 1)), kept_w


def _choices(rules: TwoDreidelRules, policy: ResolvedPolicy | None, drawn: Counts) -> list[tuple[Counts, Counts]]:
    k = len(drawn)
    if policy is not None:
        hand = tuple(i for i, c in enumerate(drawn) for _ in range(c))
        back = counts_of(policy.put_back(hand), k)
        return [(_sub(drawn, back), back)]
    return [(_sub(drawn, back), back) for back, _w in hypergeometric(drawn, rules.put_back)]


def _initial(rules: TwoDreidelRules) -> _Forward:
    zero = tuple(0 for _ in rules.counts)
    return _Forward({(zero, zero): 1}, 1)


def _run(
    rules: TwoDreidelRules, observations: Sequence[Hand | None], policy: ResolvedPolicy | None
) -> tuple[_Forward, int | None]:
    """Forward pass over the observed hands. Returns the weights and the first hand (1-based)
    at which no history is left, or None."""
    fwd = _initial(rules)
    # A bar on a terminal or in Jupyter, under use_progress(True) (the CLI), after a second of work.
    with progress_bar(len(observations), "opponent posterior", unit=" hands", min_total=0) as bar:
        for j, obs in enumerate(observations, start=1):
            fwd, _ = _step(rules, fwd, obs, policy)
            bar.update(1)
            if not fwd.weights:
                return fwd, j
    return fwd, None


# -- the result ---------------------------------------------------------------------------
@hold_exact("evidence")
@dataclass(frozen=True)
class OpponentPosterior(ExactRecord):
    """The exact posterior of one opponent's current hand given their public discards.

    ``hand`` is the distribution of the hand they hold now (after this hand's draw and
    put-back); ``top_card`` that of the card(s) they put back last hand, which they drew
    first this hand (``None`` at hand 1); ``evidence`` the probability of the observed
    discards under the assumed policy (held as a Fraction, shown as a sympy Rational;
    ``.fractions()`` gives it as held).

    Examples:
        >>> from dreidelpoker.games.two_dreidel import opponent_posterior
        >>> post = opponent_posterior(discards="GH,NN")
        >>> post.hand_number, post.evidence
        (3, 5/132)
    """

    hand: Distribution[str]
    top_card: Distribution[str] | None
    evidence: sympy.Rational
    hand_number: int
    pile_size: int
    visibility: str
    policy: str
    discards: tuple[str | None, ...]
    deck: str
    assumptions: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand_number": self.hand_number,
            "pile_size": self.pile_size,
            "visibility": self.visibility,
            "policy": self.policy,
            "deck": self.deck,
            "discards": [d if d is not None else "?" for d in self.discards],
            "evidence": frac_str(self.fractions()["evidence"]),
            "hand": self.hand.to_dict()["probabilities"],
            "top_card": None if self.top_card is None else self.top_card.to_dict()["probabilities"],
            "assumptions": list(self.assumptions),
        }

    def describe(self) -> str:
        seen = discards_text(self.discards)
        return (
            f"hand {self.hand_number}, deck {self.deck}, pile {self.pile_size} cards, "
            f"discards seen: {seen} ({self.visibility}), policy {self.policy}"
        )

    def to_text(self) -> str:
        lines = [self.describe(), text_table(("hand", "probability"), list(self.hand.fractions().items()))]
        if self.top_card is not None:
            tops = ", ".join(f"{c}: {number_text(p)}" for c, p in self.top_card.fractions().items())
            lines.append(f"card put back last hand: {tops}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        top = ""
        if self.top_card is not None:
            top = "<p>put back last hand: " + ", ".join(
                f"{html.escape(c)} {number_html(p)}" for c, p in self.top_card.fractions().items()
            ) + "</p>"
        rows = list(self.hand.fractions().items())
        return f"<div>{table_html(('hand', 'probability'), rows, title=self.describe())}{top}</div>"

    def to_pandas(self, *, exact: bool = False) -> Any:
        """The posterior of the current hand as a ``pandas.DataFrame`` (hand, probability)."""
        return self.hand.to_pandas(exact=exact)

    def __repr__(self) -> str:
        body = ", ".join(f"{h!r}: {frac_str(p)}" for h, p in self.hand.fractions().items())
        return f"OpponentPosterior(hand {self.hand_number}: {{{body}}})"

    def plot(self, ax: Any = None, **bar_kwargs: Any) -> Any:
        """Bar chart of the posterior of the current hand."""
        return self.hand.plot(ax=ax, **bar_kwargs)


def _observations(
    rules: TwoDreidelRules,
    discards: DiscardsLike,
    hand_number: int | None,
    visibility: str,
) -> tuple[tuple[Hand | None, ...], int]:
    if isinstance(discards, (list, tuple)) and len(discards) >= MAX_HAND_NUMBER:
        raise InputError(f"discards: {len(discards):,} discarded hands given; at most {MAX_HAND_NUMBER - 1:,} "
                         f"(hand_number is at most {MAX_HAND_NUMBER:,})")
    parsed = parse_discards(discards, rules=rules)
    if len(parsed) >= MAX_HAND_NUMBER:
        raise InputError(f"discards: {len(parsed):,} discarded hands given; at most {MAX_HAND_NUMBER - 1:,} "
                         f"(hand_number is at most {MAX_HAND_NUMBER:,})")
    if visibility == "all":
        k = len(parsed) + 1 if hand_number is None else _check_hand_number(hand_number)
        if len(parsed) != k - 1:
            raise InputError(
                f"at hand {k} the whole discard history has {k - 1} kept hand(s), got {len(parsed)} "
                f"({', '.join(format_hand(h, rules=rules) if h else '?' for h in parsed) or 'none'}); "
                "give one per earlier hand ('?' for an unseen hand) or use visibility='top-two'"
            )
        return parsed, k
    if hand_number is None:
        raise InputError("with visibility='top-two' the hand number must be given (hand_number=...)")
    k = _check_hand_number(hand_number)
    if k == 1:
        if any(p is not None for p in parsed):
            raise InputError("at hand 1 nobody has discarded yet; the visible discard must be empty")
        return (), 1
    if len(parsed) != 1:
        raise InputError(
            f"with visibility='top-two' give exactly the one visible kept hand (the top two cards of the "
            f"discard pile), got {len(parsed)}"
        )
    return tuple([None] * (k - 2)) + parsed, k


def opponent_posterior(
    rules: TwoDreidelRules | None = None,
    *,
    discards: DiscardsLike = (),
    hand_number: int | None = None,
    visibility: Visibility | None = None,
    policy: Policy = "normal-best",
    pile_size: int | None = None,
) -> OpponentPosterior:
    """Exact posterior of an opponent's current hand from their public discards.

    ``discards`` are the hands they kept and discarded in hands ``1 .. k-1`` (oldest first;
    ``"?"`` for an unseen hand). With ``visibility="top-two"`` (default: the rules'
    ``discard_visibility``) give only the visible top two cards and ``hand_number``.
    ``policy`` is the keep policy the opponent is assumed to play (a name from
    [`POLICIES`][dreidelpoker.games.two_dreidel.POLICIES] or a callable).
    ``pile_size``, if given, is checked against the hand number.

    Parameters:
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        discards: the opponent's discard history.
        hand_number: the current hand (with ``"top-two"``).
        visibility: ``"all"`` or ``"top-two"``.
        policy: the keep policy the opponent is assumed to play.
        pile_size: the opponent's pile size now, checked.

    Returns:
        An [`OpponentPosterior`][dreidelpoker.games.two_dreidel.OpponentPosterior]: their current hand, top card and the evidence.

    Raises:
        ValueError: an unknown visibility, an impossible pile size, or discards the deck (or the
            assumed policy) cannot produce.

    Examples:
        >>> post = opponent_posterior(discards="GH")
        >>> post.top_card
        Distribution({'H': 1/4, 'N': 5/8, 'S': 1/8})
        >>> post.evidence
        2/11
        >>> post.hand["GN"]
        0
        >>> opponent_posterior(discards="GH,GN")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: opponent discards GH, GN: the deck 1-5-5-1 could not have produced them (no sequence of draws does, from hand 2 on)
    """
    rules = default_rules(rules, TwoDreidelRules)
    vis = rules.discard_visibility if visibility is None else visibility
    if vis not in _VISIBILITIES:
        raise InputError(f"visibility must be one of {list(_VISIBILITIES)}, got {vis!r}")
    observations, k = _observations(rules, discards, hand_number, vis)
    pol = resolve_policy(policy, rules=rules)
    check_posterior_work(k, rules=rules)  # refuse a deck and hand far too big at once, before any work
    size = pile_sizes(k, rules=rules)[-1]
    if pile_size is not None and pile_size != size:
        raise InputError(
            f"pile_size {pile_size!r} is impossible at hand {k} with deck {rules.deck_label}: "
            f"every player's draw pile then holds {size} cards"
        )
    fwd, failed = _run(rules, observations, pol)
    labels = tuple(None if o is None else format_hand(o, rules=rules) for o in observations)
    if failed is not None:
        shown = ", ".join(x if x is not None else "?" for x in labels)
        _any, failed_any = _run(rules, observations, None)
        if failed_any is not None:
            raise InputError(
                f"opponent discards {shown}: the deck {rules.deck_label} could not have produced them "
                f"(no sequence of draws does, from hand {failed_any} on)"
            )
        raise InputError(
            f"opponent discards {shown} are impossible under the assumed keep policy {pol.name!r} "
            f"(first at hand {failed}); the deck could produce them, so try another policy"
        )
    top_w: dict[str, int] = {}
    for (_disc, top), w in fwd.weights.items():
        if sum(top):
            label = format_hand(tuple(i for i, c in enumerate(top) for _ in range(c)), rules=rules)
            top_w[label] = top_w.get(label, 0) + w
    _after, kept_w = _step(rules, fwd, None, pol)
    total = sum(fwd.weights.values())
    evidence = Fraction(total, fwd.denominator)
    ordered = sorted(kept_w, key=normal_key, reverse=True)
    hand_dist = Distribution.from_weights(
        {format_hand(h, rules=rules): kept_w[h] for h in ordered},
        title=f"opponent's hand {k} given discards {', '.join(x or '?' for x in labels) or 'none'}",
        outcome_name="hand",
    )
    top_dist = None
    if top_w:
        top_dist = Distribution.from_weights(
            {c: top_w[c] for c in sorted(top_w, key=lambda c: [rules.symbols.index(x) for x in c])},
            title="card put back last hand",
            outcome_name="card",
        )
    assumptions = (
        f"the opponent keeps by policy {pol.name!r} every hand (deterministic)",
        "shuffles are fair; the hidden order of a draw pile is uniformly random",
        "nothing but the discards is used (no inference from their betting)",
        "visibility 'all': every kept hand since hand 1 was seen"
        if vis == "all"
        else "visibility 'top-two': only last hand's kept cards are known; earlier hands are marginalised",
    )
    return OpponentPosterior(
        hand=hand_dist,
        top_card=top_dist,
        evidence=evidence,
        hand_number=k,
        pile_size=size,
        visibility=vis,
        policy=pol.name,
        discards=labels,
        deck=rules.deck_label,
        assumptions=assumptions,
    )


@check_arguments
def table_posteriors(
    rules: TwoDreidelRules | None = None,
    *,
    discards: Sequence[DiscardsLike],
    hand_number: int | None = None,
    visibility: Visibility | None = None,
    policy: Policy | Sequence[Policy] = "normal-best",
) -> list[OpponentPosterior]:
    """Posteriors for every opponent at the table (one discard history each).

    All players draw every hand, so under ``visibility="all"`` every history must have
    the same length. ``policy`` is one policy for all or one per opponent.

    Parameters:
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        discards: one discard history per opponent.
        hand_number: the current hand (with ``"top-two"``).
        visibility: ``"all"`` or ``"top-two"``.
        policy: one keep policy for all opponents or one each.

    Returns:
        One [`OpponentPosterior`][dreidelpoker.games.two_dreidel.OpponentPosterior] per opponent.

    Raises:
        ValueError: a bad number of opponents or policies, or histories of different lengths.
        TypeError: ``discards`` is not a list.

    Examples:
        >>> [p.hand_number for p in table_posteriors(discards=["GH", "NN"])]
        [2, 2]
    """
    from .equity import MAX_OPPONENTS

    rules = default_rules(rules, TwoDreidelRules)
    if isinstance(discards, str) or not isinstance(discards, Sequence):
        raise InputTypeError("discards must be a list with one discard history per opponent")
    n = len(discards)
    if not 1 <= n <= MAX_OPPONENTS:
        raise InputError(f"a table seats 1 to {MAX_OPPONENTS} opponents, got {n}")
    if isinstance(policy, str) or callable(policy) or isinstance(policy, ResolvedPolicy):
        policies: list[Policy] = [policy] * n  # type: ignore[list-item]
    else:
        policies = list(policy)
        if len(policies) != n:
            raise InputError(f"give one policy for all opponents or one per opponent ({n}), got {len(policies)}")
    vis = rules.discard_visibility if visibility is None else visibility
    if vis == "all" and hand_number is None:
        lengths = {len(parse_discards(d, rules=rules)) for d in discards}
        if len(lengths) > 1:
            raise InputError(
                f"every player draws every hand, so all discard histories must be equally long; got lengths "
                f"{sorted(lengths)} (use '?' for an unseen hand)"
            )
    return [
        opponent_posterior(rules, discards=d, hand_number=hand_number, visibility=vis, policy=p)
        for d, p in zip(discards, policies)
    ]
