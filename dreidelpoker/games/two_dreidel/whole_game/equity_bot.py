"""The ``equity`` bot: exact at-the-table equity from its own observation, cached per observation class.

What it knows is what its seat may know: its own hand (or drawn cards) and every
opponent's public discards. For each opponent still in the hand it takes the library's
exact posterior of that opponent's hand from their discards
([`opponent_posterior`][dreidelpoker.games.two_dreidel.opponent_posterior], assuming they keep
the normal-best hand), and its exact showdown equity against all of them
([`equity_vs_lists`][dreidelpoker.games.two_dreidel.odds.equity.equity_vs_lists]). Then:

* **put-back**: ``"greedy-equity"`` (default: the choice with the highest equity against the
  table now, ties to the normal-best hand), ``"normal-best"``, or ``"best"`` (the long-run
  best put-back policy of [`best_put_back_policy`][dreidelpoker.games.two_dreidel.best_put_back_policy]
  against normal-best, which looks at the deck state);
* **spins**: calls when its equity beats the break-even equity of
  [`spin_decision`][dreidelpoker.games.two_dreidel.spin_decision] (every opponent still in calls);
* **bets**: bets or raises a share of the pot that grows with its edge over a fair share,
  calls when its equity beats the pot odds, otherwise checks or folds.

**Caching by observation class, exactly.** With every discard public, an opponent's
posterior depends on their history only through the *forward belief*: the composition of
their discard pile (known) and the exact distribution of the card they put back last hand.
Two histories with the same belief give the same posterior now and after any further
discards, so the bot keys its caches by that belief (a value), keeps one representative
history per class, and calls the library once per new (class, discard) pair. Equities are
cached by (hand, the opponents' classes). The caches are module-level, keyed by value and
bounded, so they serve every game in a process. With ``discard_visibility="top-two"`` the
class is (hand number, last kept hand). If an opponent's discards are impossible under
normal-best (they keep otherwise), the bot falls back to their known pile with an unknown
top card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal


from .bots import pot_fraction_bet
from ..rulebook.deck import DeckState
from ..odds.equity import equity_vs_lists, hand_weights
from ..odds.information import opponent_posterior, pile_sizes
from ..odds.kept_hand import kept_hand_distribution
from .play import TwoDreidelObservation
from ..rulebook.ranking import Hand, parse_cards
from ..rulebook.rules import TwoDreidelRules
from ..odds.spin_decision import spin_decision
from ....errors import InputError
from ....sampler import Sampler

__all__ = ["CACHE_LIMIT", "EquityBot", "PUT_BACK_POLICIES", "cache_info", "clear_caches", "equity_bot"]

#: The put-back policies the bot can play.
PUT_BACK_POLICIES = ("greedy-equity", "normal-best", "best")

#: Each cache is emptied when it grows past this many entries (bounded memory).
CACHE_LIMIT = 200_000

Weights = tuple[tuple[Hand, int], ...]
ClassKey = tuple[Any, ...]

# (rules, class key) -> (opponent hand weights, a representative discard history)
_CLASSES: dict[tuple[TwoDreidelRules, ClassKey], tuple[Weights, tuple[str, ...]]] = {}
# (rules, class key, next kept hand) -> next class key
_NEXT: dict[tuple[TwoDreidelRules, ClassKey, str], ClassKey] = {}
# (rules, hero hand, sorted opponent class ids) -> equity
_EQUITY: dict[tuple[Any, ...], float] = {}
# (rules, class key) -> small int id (short equity keys)
_IDS: dict[tuple[TwoDreidelRules, ClassKey], int] = {}
# spin break-even equities by (rules, face, pot, what the hero pays, what each opponent can pay)
_BREAK_EVEN: dict[tuple[Any, ...], float] = {}
_BEST: dict[TwoDreidelRules, Any] = {}
_STATS = {"posterior_calls": 0, "equity_calls": 0}


def clear_caches() -> None:
    """Empty every cache of the equity bot (e.g. between benchmark runs)."""
    for c in (_CLASSES, _NEXT, _EQUITY, _IDS, _BREAK_EVEN, _BEST):
        c.clear()
    _STATS.update(posterior_calls=0, equity_calls=0)


def cache_info() -> dict[str, int]:
    """Sizes of the caches and how often the library was called on a miss.

    Returns:
        ``{name: size or count}``.

    Examples:
        >>> sorted(cache_info())[:2]
        ['break_even', 'classes']
    """
    return {"classes": len(_CLASSES), "transitions": len(_NEXT), "equities": len(_EQUITY),
            "break_even": len(_BREAK_EVEN), **_STATS}


def _bounded(cache: dict[Any, Any]) -> None:
    if len(cache) >= CACHE_LIMIT:
        cache.clear()


# -- an opponent's class ------------------------------------------------------------------
_START: ClassKey = ("start",)


def _disc_after(rules: TwoDreidelRules, history: Sequence[str]) -> tuple[int, ...]:
    """The discard pile's composition at the start of hand ``len(history) + 1`` (all discards public)."""
    k = len(history) + 1
    piles = pile_sizes(k, rules=rules)
    last = 0  # the last hand (0-based) whose draw reshuffled the discard pile
    for j in range(k - 1):
        if piles[j] < rules.draw:
            last = j
    disc = [0] * len(rules.symbols)
    for h in history[last:]:
        for i in parse_cards(h, what="discard", rules=rules):
            disc[i] += 1
    return tuple(disc)


def _fallback(rules: TwoDreidelRules, disc: tuple[int, ...]) -> Weights:
    pile = tuple(c - d for c, d in zip(rules.counts, disc))
    state = DeckState(pile, (), disc) if sum(pile) >= rules.draw else DeckState.fresh(rules)
    return tuple(hand_weights(kept_hand_distribution(rules, state=state), rules=rules))


def _compute_class(rules: TwoDreidelRules, history: tuple[str, ...], visibility: str) -> tuple[ClassKey, Weights]:
    """The class key and hand weights of an opponent with this public history (one library call)."""
    _STATS["posterior_calls"] += 1
    if visibility == "top-two":
        k = len(history) + 1
        last = history[-1:] if history else ()
        try:
            post = opponent_posterior(rules, discards=list(last), hand_number=k, visibility="top-two")
            weights = tuple(hand_weights(post.hand, rules=rules))
        except ValueError:
            weights = tuple(hand_weights(kept_hand_distribution(rules), rules=rules))
        return ("top-two", k, last), weights
    disc = _disc_after(rules, history)
    try:
        post = opponent_posterior(rules, discards=list(history), visibility="all")
    except ValueError:
        return ("any", disc), _fallback(rules, disc)
    top = () if post.top_card is None else tuple(post.top_card.fractions().items())
    return ("all", disc, top), tuple(hand_weights(post.hand, rules=rules))


def _class_of(rules: TwoDreidelRules, history: tuple[str, ...], visibility: str,
              memo: dict[int, tuple[tuple[str, ...], ClassKey]], seat: int) -> ClassKey:
    """The class of an opponent's public history, walking the transition cache from the
    longest prefix this bot already classified."""
    if visibility == "top-two":
        key: ClassKey = ("top-two", len(history) + 1, history[-1:])
        if (rules, key) not in _CLASSES:
            _bounded(_CLASSES)
            key2, weights = _compute_class(rules, history, visibility)
            _CLASSES[(rules, key2)] = (weights, history)
        return key
    prev = memo.get(seat)
    if prev is not None and len(prev[0]) <= len(history) and history[:len(prev[0])] == prev[0]:
        done, key = prev
    else:
        done, key = (), _START
        if (rules, key) not in _CLASSES:
            _bounded(_CLASSES)
            key0, weights = _compute_class(rules, (), visibility)
            _CLASSES[(rules, key)] = (weights, ())
    for i in range(len(done), len(history)):
        kept = history[i]
        nxt = _NEXT.get((rules, key, kept))
        if nxt is None:
            rep = _CLASSES[(rules, key)][1] if (rules, key) in _CLASSES else history[:i]
            if key[0] == "any":  # no policy explains this opponent: follow their known piles only
                disc = _disc_after(rules, history[:i + 1])
                nxt = ("any", disc)
                if (rules, nxt) not in _CLASSES:
                    _bounded(_CLASSES)
                    _CLASSES[(rules, nxt)] = (_fallback(rules, disc), history[:i + 1])
            else:
                nxt, weights = _compute_class(rules, rep + (kept,), visibility)
                if (rules, nxt) not in _CLASSES:
                    _bounded(_CLASSES)
                    _CLASSES[(rules, nxt)] = (weights, rep + (kept,))
            _bounded(_NEXT)
            _NEXT[(rules, key, kept)] = nxt
        key = nxt
    memo[seat] = (history, key)
    return key


def _class_id(rules: TwoDreidelRules, key: ClassKey) -> int:
    i = _IDS.get((rules, key))
    if i is None:
        _bounded(_IDS)
        i = _IDS[(rules, key)] = len(_IDS)
    return i


# -- the bot ------------------------------------------------------------------------------
class EquityBot:
    """An ``equity`` bot for one game (see the module docstring). ``put_back`` is one of
    [`PUT_BACK_POLICIES`][dreidelpoker.games.two_dreidel.whole_game.equity_bot.PUT_BACK_POLICIES]; ``aggression`` scales its bet sizes."""

    def __init__(self, rules: TwoDreidelRules, *, put_back: str = "greedy-equity", aggression: float = 1.0) -> None:
        if put_back not in PUT_BACK_POLICIES:
            raise InputError(f"put_back: expected one of {', '.join(PUT_BACK_POLICIES)}, got {put_back!r}")
        self.rules = rules
        self.put_back_policy = put_back
        self.aggression = aggression
        self.name = "equity" if put_back == "greedy-equity" else f"equity-{put_back}"
        self._memo: dict[int, tuple[tuple[str, ...], ClassKey]] = {}
        self._hands: dict[str, Hand] = {}

    # -- exact figures ---------------------------------------------------------------------
    def _hand(self, label: str) -> Hand:
        h = self._hands.get(label)
        if h is None:
            h = self._hands[label] = parse_cards(label, what="hand", rules=self.rules)
        return h

    def opponent_classes(self, obs: TwoDreidelObservation, seats: Sequence[int]) -> list[ClassKey]:
        """The observation class of each opponent in ``seats`` (from their public discards only)."""
        return [_class_of(self.rules, obs.discards[s], obs.visibility, self._memo, s) for s in seats]

    def equity(self, obs: TwoDreidelObservation, hand: str, seats: Sequence[int]) -> float:
        """Exact showdown equity of ``hand`` against the opponents in ``seats`` (a float; cached)."""
        if not seats:
            return 1.0
        rules = self.rules
        keys = self.opponent_classes(obs, seats)
        ids = tuple(sorted(_class_id(rules, k) for k in keys))
        ckey = (rules, hand, ids)
        e = _EQUITY.get(ckey)
        if e is None:
            _STATS["equity_calls"] += 1
            lists = [list(_CLASSES[(rules, k)][0]) for k in keys]
            e = float(equity_vs_lists([(self._hand(hand), 1)], lists, rules=rules).fractions()[3])
            _bounded(_EQUITY)
            _EQUITY[ckey] = e
        return e

    def break_even(self, obs: TwoDreidelObservation) -> float | None:
        """The equity above which calling this spin gains (``None``: the seat may not call)."""
        b = obs.buy_in
        me = obs.stacks[obs.seat]
        opp = tuple(sorted(min(obs.stacks[s], b) for s in obs.opponents_in_hand))
        key = (self.rules, obs.face, obs.pot, min(me, b), opp)
        got = _BREAK_EVEN.get(key)
        if got is None:
            d = spin_decision(obs.face, pot=obs.pot, equity=0, rules=self.rules, hero_stack=min(me, b),
                              opponents=list(opp))
            held = d.fractions()["break_even"]
            got = -1.0 if held is None else float(held)
            _bounded(_BREAK_EVEN)
            _BREAK_EVEN[key] = got
        return None if got < 0 else got

    # -- decisions -------------------------------------------------------------------------
    def __call__(self, observation: TwoDreidelObservation, legal_actions: Sequence[Any],
                 rng: Sampler) -> Any:
        obs, legal = observation, legal_actions
        if obs.phase == "put-back":
            return self._put_back(obs, legal)
        seats = obs.opponents_in_hand
        e = self.equity(obs, obs.hand, seats)
        if obs.phase == "calls":
            if "call" not in legal:
                return legal[0]
            if obs.buy_in == 0:
                return "call"
            be = self.break_even(obs)
            return "call" if be is not None and e >= be else "fold"
        fair = 1.0 / (len(seats) + 1)
        edge = (e - fair) / (1.0 - fair) if fair < 1 else 0.0
        c = obs.to_call
        if edge > 0.15:
            bet = pot_fraction_bet(obs, legal, min(2.0, self.aggression * 2.0 * edge))
            if bet is not None:
                return bet
        if c == 0:
            return "check"
        if "call" in legal and e * (obs.pot + c) >= c:
            return "call"
        return "fold"

    def _put_back(self, obs: TwoDreidelObservation, legal: Sequence[Any]) -> Any:
        if self.put_back_policy == "normal-best" or len(legal) == 1:
            return legal[0]
        if self.put_back_policy == "best":
            policy = _best_policy(self.rules)
            return policy(obs.drawn, obs.deck)
        drawn = list(self._hand(obs.drawn))
        seats = tuple(s for s, a in enumerate(obs.alive) if a and s != obs.seat)
        best, best_e = legal[0], -1.0
        for back in legal:  # worst card back first: ties keep the normal-best hand
            kept = list(drawn)
            for c in self._hand(back):
                kept.remove(c)
            e = self.equity(obs, _label(self.rules, kept), seats)
            if e > best_e:
                best, best_e = back, e
        return best


def _label(rules: TwoDreidelRules, cards: Sequence[int]) -> str:
    return "".join(rules.symbols[i] for i in sorted(cards))


def _best_policy(rules: TwoDreidelRules) -> Any:
    got = _BEST.get(rules)
    if got is None:
        from ..deck_cycle.strategy import best_put_back_policy

        got = _BEST[rules] = best_put_back_policy(rules, opponent="normal-best").policy
    return got


def equity_bot(rules: TwoDreidelRules, *, put_back: Literal["greedy-equity", "normal-best", "best"] = "greedy-equity",
               aggression: float = 1.0) -> EquityBot:
    """An `EquityBot` for one game (the registered ``equity`` bot uses the defaults).

    Parameters:
        rules: the rules the bot plays.
        put_back: how it puts back: ``"greedy-equity"``, ``"normal-best"`` or ``"best"``.
        aggression: scales its bet sizes and call thresholds (1: neutral).

    Returns:
        The `EquityBot`.

    Examples:
        >>> from dreidelpoker.games.two_dreidel.whole_game.play import new_game
        >>> g = new_game(TwoDreidelRules(), players=2).apply("GHN").apply("HNS")
        >>> bot = equity_bot(TwoDreidelRules())
        >>> bot(g.observation(1), g.legal_actions(1), Sampler(0))  # keep GH: put back N
        'N'
        >>> round(bot.equity(g.observation(1), "GH", [0]), 4)  # GH against a fresh deck
        0.9091
    """
    return EquityBot(rules, put_back=put_back, aggression=aggression)


def equity_best_bot(rules: TwoDreidelRules) -> EquityBot:
    """The equity bot putting back by the long-run best put-back policy (``"equity-best"``)."""
    return EquityBot(rules, put_back="best")

