"""CFR+ for one fixed-limit betting round with 2 to 4 players, over a table of deals.

Each seat holds one private *bucket* (a card rank, or a band of hand strength); a deal is a
tuple of buckets with a probability, and for every set of seats that could reach a
showdown, each seat's share of the pot in that deal. The betting round (shaped like
Domino Poker's, [Domino Poker rules][rules-5]): everyone antes, seat 0 acts first and play goes round; check (while nobody has
bet), bet, call, raise (at most ``max_raises``), fold; the round ends when every player
still in has acted since the last bet or raise, or when one player is left. Bets and
raises are ``bet`` chips each.

Strategies are kept per public node as arrays ``(buckets, actions)``; the solver passes the
other seats' reach per deal down the tree (numpy over all deals at once), so one iteration
costs O(nodes x deals). With two players CFR+ converges to a Nash equilibrium. With three
or four players no such guarantee holds: the result is reported with each seat's gain from
a best response (its sum is the *NashConv*), and an average profile with a small NashConv is
an approximate equilibrium -- a profile nobody can gain much from leaving alone.

**Bluffing** ([`bluffing`][dreidelpoker.solve.multiway.bluffing]): a bet or raise is a *bluff* when the bettor's showdown
equity at that moment -- its expected share of the pot against the hands the players still
in can hold there (their equilibrium ranges, card removal included) -- is below the
break-even equity of the player who must call next: ``to_call / (pot after the bet +
to_call)``. The value of bluffing for a seat is what its guaranteed value drops by when its
bluffs are replaced by checks (or folds) and an opponent best-responds.

Examples:
    >>> kuhn = card_deal_table(cards=3, players=2)
    >>> res = multiway_cfr_plus(kuhn, MultiwayRound(players=2, ante=1, bet=1, max_raises=0), iterations=400,
    ...                         progress=False)
    >>> round(res.values[0], 3), res.nash_conv < 0.01  # Kuhn poker: -1/18
    (-0.056, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError
from ..validation import check_count
from ._iterate import run_iterations

__all__ = [
    "BluffReport", "DealTable", "MultiwayNode", "MultiwayResult", "MultiwayRound", "best_response", "bluffing",
    "card_deal_table", "multiway_cfr_plus", "multiway_tree", "profile_values",
]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
Strategy = dict[int, FloatArray]


@dataclass(frozen=True)
class MultiwayRound:
    """A fixed-limit betting round: ``players`` seats ante ``ante`` each, bets and raises of
    ``bet``, at most ``max_raises`` raises."""

    players: int
    ante: int
    bet: int
    max_raises: int

    def __post_init__(self) -> None:
        for name, low, high in (("players", 2, 4), ("ante", 0, 10**6), ("bet", 1, 10**6), ("max_raises", 0, 6)):
            v = getattr(self, name)
            check_count(v, name, low=low, high=high)


@dataclass
class MultiwayNode:
    """One public node. ``history`` is a string of ``k`` check, ``b`` bet, ``c`` call, ``r``
    raise, ``f`` fold. At a decision node ``player`` acts with ``actions``; at a terminal
    ``live`` is the bit mask of seats still in; ``paid`` is what each seat has put in."""

    history: str
    player: int | None
    actions: tuple[str, ...]
    children: list[int]
    paid: tuple[int, ...]
    live: int
    to_call: int = 0
    index: int = -1

    @property
    def terminal(self) -> bool:
        return not self.actions


def multiway_tree(spec: MultiwayRound) -> list[MultiwayNode]:
    """Every public node of the round, parents before children.

    Parameters:
        spec: the betting round.

    Returns:
        The nodes (a node's ``children`` are indices into the list).

    Examples:
        >>> [n.history for n in multiway_tree(MultiwayRound(players=2, ante=1, bet=1, max_raises=0))]
        ['', 'k', 'b', 'kk', 'kb', 'bf', 'bc', 'kbf', 'kbc']
    """
    n = spec.players
    nodes: list[MultiwayNode] = []
    everyone = (1 << n) - 1
    # (history, paid, live, pending, level, raises, to_act)
    queue: list[tuple[str, tuple[int, ...], int, int, int, int, int, int]] = [
        ("", (spec.ante,) * n, everyone, everyone, spec.ante, 0, 0, -1)]
    while queue:
        history, paid, live, pending, level, raises, seat, parent = queue.pop(0)
        end = live & (live - 1) == 0 or not pending
        if end:
            node = MultiwayNode(history, None, (), [], paid, live)
        else:
            to_call = level - paid[seat]
            if to_call == 0:
                acts: tuple[str, ...] = ("k", "b")
            else:
                acts = ("f", "c") + (("r",) if raises < spec.max_raises else ())
            node = MultiwayNode(history, seat, acts, [], paid, live, to_call)
        node.index = len(nodes)
        nodes.append(node)
        if parent >= 0:
            nodes[parent].children.append(node.index)
        if end:
            continue
        for a in node.actions:
            p2, live2, pend2, level2, raises2 = list(paid), live, pending & ~(1 << seat), level, raises
            if a == "c":
                p2[seat] = level
            elif a == "f":
                live2 &= ~(1 << seat)
            elif a in "br":
                level2 = level + spec.bet
                p2[seat] = level2
                pend2 = live & ~(1 << seat)
                raises2 += a == "r"
            nxt = seat
            for _ in range(n):
                nxt = (nxt + 1) % n
                if pend2 >> nxt & 1:
                    break
            queue.append((history + a, tuple(p2), live2, pend2, level2, raises2, nxt, node.index))
    return nodes


@dataclass(frozen=True)
class DealTable:
    """The deals a round is played over.

    Attributes:
        buckets: ``(deals, players)``: each seat's private bucket (0 .. ``num_buckets - 1``).
        weights: ``(deals,)``: each deal's probability (they sum to 1).
        shares: ``{live mask: (deals, players) array}``: each seat's share of the pot at a
            showdown among the seats in the mask (rows sum to 1 over those seats).
        num_buckets: how many buckets a seat can hold.
        labels: a name per bucket (for tables).
    """

    buckets: IntArray
    weights: FloatArray
    shares: Mapping[int, FloatArray]
    num_buckets: int
    labels: tuple[str, ...] = ()

    @property
    def players(self) -> int:
        return int(self.buckets.shape[1])


def card_deal_table(*, cards: int, players: int) -> DealTable:
    """Generalised Kuhn poker: each seat gets one card from a deck of ``cards`` distinct ranks
    (without replacement); the highest card wins a showdown. ``cards=3, players=2`` is Kuhn poker.

    Parameters:
        cards: ranks in the deck (at least ``players``; at most 52).
        players: 2 to 4.

    Returns:
        The exact `DealTable` (every ordered deal equally likely).

    Raises:
        ValueError: a deck too small or too large, or a bad player count.

    Examples:
        >>> t = card_deal_table(cards=3, players=2)
        >>> len(t.weights), t.shares[0b11][0].tolist()
        (6, [0.0, 1.0])
    """
    check_count(players, "players", low=2, high=4)
    check_count(cards, "cards", low=players, high=52)
    deals = np.asarray(list(itertools.permutations(range(cards), players)), dtype=np.int64)
    weights = np.full(len(deals), 1.0 / len(deals))
    return DealTable(deals, weights, _highest_wins(deals, deals, players), cards,
                     tuple(str(c + 1) for c in range(cards)))


def _highest_wins(buckets: IntArray, strength: npt.NDArray[Any], players: int) -> dict[int, FloatArray]:
    """Showdown shares when the greatest ``strength`` wins (exact ties split)."""
    shares: dict[int, FloatArray] = {}
    for mask in range(1, 1 << players):
        seats = [s for s in range(players) if mask >> s & 1]
        if len(seats) < 2:
            continue
        sub = strength[:, seats]
        best = sub.max(axis=1, keepdims=True)
        win = (sub == best).astype(np.float64)
        share = np.zeros((len(buckets), players))
        share[:, seats] = win / win.sum(axis=1, keepdims=True)
        shares[mask] = share
    return shares


@dataclass(frozen=True)
class MultiwayResult:
    """A solved round.

    Attributes:
        spec: the round.
        nodes: the public tree.
        average: the average strategy per decision node, ``(buckets, actions)``.
        values: each seat's value of the average profile (chips per hand).
        gains: each seat's gain from a best response against the others' average strategies.
        iterations: CFR+ iterations run.
        history: ``(iteration, NashConv)`` as measured.
    """

    spec: MultiwayRound
    nodes: list[MultiwayNode]
    average: Strategy
    values: tuple[float, ...]
    gains: tuple[float, ...]
    iterations: int
    history: tuple[tuple[int, float], ...] = field(default=())

    @property
    def nash_conv(self) -> float:
        """The sum of every seat's best-response gain (0 at a Nash equilibrium)."""
        return float(sum(self.gains))


class _Walker:
    """Values of one seat's deals below a node, with the other seats' strategies fixed."""

    def __init__(self, table: DealTable, nodes: list[MultiwayNode]) -> None:
        self.table = table
        self.nodes = nodes
        self.pot = {nd.index: sum(nd.paid) for nd in nodes}
        self._terminal: dict[tuple[int, int], FloatArray] = {}
        self.buckets = [np.ascontiguousarray(table.buckets[:, s]) for s in range(table.players)]

    def terminal(self, node: MultiwayNode, p: int) -> FloatArray:
        """``p``'s result in every deal at a leaf (the same every iteration: kept)."""
        got = self._terminal.get((node.index, p))
        if got is None:
            got = self._terminal[node.index, p] = self._leaf(node, p)
        return got

    def _leaf(self, node: MultiwayNode, p: int) -> FloatArray:
        paid = node.paid[p]
        d = len(self.table.weights)
        if not node.live >> p & 1:
            return np.full(d, -float(paid))
        if node.live & (node.live - 1) == 0:
            return np.full(d, float(self.pot[node.index] - paid))
        out: FloatArray = self.table.shares[node.live][:, p] * self.pot[node.index] - paid
        return out

    def walk(self, idx: int, p: int, opp: FloatArray, strategies: Strategy, mode: str,
             update: Any = None) -> FloatArray:
        """``mode``: ``"value"`` (``p`` plays ``strategies``), ``"br"`` (``p`` best-responds;
        ``update`` collects its choice per node), ``"cfr"`` (``update(idx, vals, v, opp)``)."""
        node = self.nodes[idx]
        if not node.actions:
            return self.terminal(node, p)
        assert node.player is not None
        b = self.buckets[node.player]
        sigma = strategies[idx][b]  # (deals, actions)
        if node.player == p:
            vals = np.stack([self.walk(c, p, opp, strategies, mode, update) for c in node.children], axis=1)
            if mode == "br":
                k = self.table.num_buckets
                q = np.stack([np.bincount(b, weights=opp * vals[:, a], minlength=k) for a in range(vals.shape[1])],
                             axis=1)
                best = q.argmax(axis=1)
                if update is not None:
                    update[idx] = best
                chosen: FloatArray = vals[np.arange(len(b)), best[b]]
                return chosen
            v: FloatArray = (sigma * vals).sum(axis=1)
            if mode == "cfr":
                update(idx, vals, v, opp)
            return v
        total = np.zeros(len(b))
        for a, c in enumerate(node.children):
            total += sigma[:, a] * self.walk(c, p, opp * sigma[:, a], strategies, mode, update)
        return total


def _uniform(nodes: Sequence[MultiwayNode], k: int) -> Strategy:
    return {nd.index: np.full((k, len(nd.actions)), 1.0 / len(nd.actions)) for nd in nodes if not nd.terminal}


def profile_values(table: DealTable, nodes: list[MultiwayNode], strategies: Strategy) -> tuple[float, ...]:
    """Each seat's expected chips per hand when every seat plays ``strategies``.

    Parameters:
        table: the deals.
        nodes: the tree ([`multiway_tree`][dreidelpoker.solve.multiway.multiway_tree]).
        strategies: per decision node, ``(buckets, actions)`` probabilities.

    Returns:
        One value per seat.
    """
    w = _Walker(table, nodes)
    return tuple(float(table.weights @ w.walk(0, p, table.weights, strategies, "value"))
                 for p in range(table.players))


def best_response(table: DealTable, nodes: list[MultiwayNode], strategies: Strategy, player: int
                  ) -> tuple[float, Strategy]:
    """``player``'s best response to the other seats' ``strategies``: its value and the pure strategy.

    Parameters:
        table: the deals.
        nodes: the tree.
        strategies: every seat's strategies (``player``'s own are ignored).
        player: the responding seat.

    Returns:
        ``(value, strategies with player's nodes replaced by its best response)``.
    """
    w = _Walker(table, nodes)
    choice: dict[int, IntArray] = {}
    value = float(table.weights @ w.walk(0, player, table.weights, strategies, "br", choice))
    out = dict(strategies)
    for idx, best in choice.items():
        s = np.zeros_like(strategies[idx])
        s[np.arange(len(best)), best] = 1.0
        out[idx] = s
    return value, out


def multiway_cfr_plus(
    table: DealTable,
    spec: MultiwayRound,
    *,
    iterations: int,
    check_every: int = 25,
    target: float | None = None,
    progress: bool = True,
) -> MultiwayResult:
    """Solve the round by CFR+ (alternating updates, linear averaging).

    Parameters:
        table: the deals ([`card_deal_table`][dreidelpoker.solve.multiway.card_deal_table] or a game's own).
        spec: players, ante, bet size and raise cap (``spec.players`` must match the table).
        iterations: the most iterations.
        check_every: measure the NashConv this often.
        target: stop once the NashConv is at most this (chips per hand).
        progress: show a progress bar.

    Returns:
        A `MultiwayResult`.

    Raises:
        ValueError: a table for another number of players, or a bad iteration count.
    """
    if table.players != spec.players:
        raise InputError(f"the deal table is for {table.players} players, the round for {spec.players}")
    nodes = multiway_tree(spec)
    k = table.num_buckets
    regret = {i: np.zeros_like(s) for i, s in _uniform(nodes, k).items()}
    avg = {i: np.zeros_like(s) for i, s in regret.items()}
    walker = _Walker(table, nodes)
    own_reach: dict[int, FloatArray] = {}

    def current() -> Strategy:
        out = {}
        for i, r in regret.items():
            pos = np.maximum(r, 0.0)
            tot = pos.sum(axis=1, keepdims=True)
            out[i] = np.where(tot > 0, pos / np.where(tot > 0, tot, 1.0), 1.0 / r.shape[1])
        return out

    def average() -> Strategy:
        out = {}
        for i, a in avg.items():
            tot = a.sum(axis=1, keepdims=True)
            out[i] = np.where(tot > 0, a / np.where(tot > 0, tot, 1.0), 1.0 / a.shape[1])
        return out

    def step(t: int) -> None:
        for p in range(spec.players):
            sigma = current()
            reach = _own_reach(nodes, sigma, p, k)
            own_reach.clear()
            own_reach.update(reach)

            def update(idx: int, vals: FloatArray, v: FloatArray, opp: FloatArray) -> None:
                b = table.buckets[:, p]
                for a in range(vals.shape[1]):
                    regret[idx][:, a] += np.bincount(b, weights=opp * (vals[:, a] - v), minlength=k)
                np.maximum(regret[idx], 0.0, out=regret[idx])
                avg[idx] += t * own_reach[idx][:, None] * sigma[idx]

            walker.walk(0, p, table.weights, sigma, "cfr", update)

    def measure() -> float:
        s = average()
        vals = profile_values(table, nodes, s)
        return sum(best_response(table, nodes, s, p)[0] - vals[p] for p in range(spec.players))

    t, history = run_iterations(step, measure, iterations=iterations, check_every=check_every, target=target,
                                progress=progress)
    s = average()
    vals = profile_values(table, nodes, s)
    gains = tuple(best_response(table, nodes, s, p)[0] - vals[p] for p in range(spec.players))
    return MultiwayResult(spec, nodes, s, vals, gains, t, history)


def _own_reach(nodes: Sequence[MultiwayNode], sigma: Strategy, player: int, k: int) -> dict[int, FloatArray]:
    """``player``'s own reach per bucket at each node where it acts."""
    reach: dict[int, FloatArray] = {0: np.ones(k)}
    out: dict[int, FloatArray] = {}
    for nd in nodes:
        r = reach[nd.index]
        if nd.terminal:
            continue
        if nd.player == player:
            out[nd.index] = r
        for a, c in enumerate(nd.children):
            reach[c] = r * sigma[nd.index][:, a] if nd.player == player else r
    return out


@dataclass(frozen=True)
class BluffReport:
    """Bluffing at equilibrium, per seat (see the module docstring for the definitions).

    Attributes:
        bets: expected bets and raises per hand.
        bluffs: expected bluffs per hand.
        bluff_share: bluffs / bets.
        value_forbidden: the seat's value when it may not bluff and the others keep their
            strategies.
        guaranteed: the seat's value against the opponent (one at a time, the others
            unchanged) whose best response hurts it most.
        guaranteed_without_bluffs: the same when the seat may not bluff.
        value_of_bluffing: ``guaranteed - guaranteed_without_bluffs``.
    """

    bets: tuple[float, ...]
    bluffs: tuple[float, ...]
    bluff_share: tuple[float, ...]
    value_forbidden: tuple[float, ...]
    guaranteed: tuple[float, ...]
    guaranteed_without_bluffs: tuple[float, ...]
    value_of_bluffing: tuple[float, ...]

    def to_dict(self) -> dict[str, list[float]]:
        return {k: list(getattr(self, k)) for k in self.__dataclass_fields__}


def _reaches(table: DealTable, nodes: list[MultiwayNode], strategies: Strategy) -> dict[int, FloatArray]:
    """Per node, every seat's reach per deal: ``(deals, players)``."""
    d, n = table.buckets.shape
    out = {0: np.ones((d, n))}
    for nd in nodes:
        if nd.terminal:
            continue
        r = out[nd.index]
        sigma = strategies[nd.index][table.buckets[:, nd.player]]
        for a, c in enumerate(nd.children):
            rc = r.copy()
            rc[:, nd.player] *= sigma[:, a]
            out[c] = rc
    return out


def bluffing(table: DealTable, result: MultiwayResult) -> BluffReport:
    """Measure bluffing in a solved round (definitions in the module docstring).

    Parameters:
        table: the deals the round was solved over.
        result: the solution.

    Returns:
        A `BluffReport`.
    """
    nodes, s = result.nodes, result.average
    n, k = table.players, table.num_buckets
    reach = _reaches(table, nodes, s)
    bets, bluffs = [0.0] * n, [0.0] * n
    bluff_at: dict[int, npt.NDArray[np.bool_]] = {}
    for nd in nodes:
        if nd.terminal or not any(a in "br" for a in nd.actions):
            continue
        p = nd.player
        assert p is not None
        agg = [i for i, a in enumerate(nd.actions) if a in "br"][0]
        r = reach[nd.index]
        others = np.prod(np.delete(r, p, axis=1), axis=1)
        b = table.buckets[:, p]
        wt = table.weights * others
        share = table.shares[nd.live][:, p] if nd.live & (nd.live - 1) else np.ones(len(b))
        mass = np.bincount(b, weights=wt, minlength=k)
        equity = np.divide(np.bincount(b, weights=wt * share, minlength=k), mass, out=np.zeros(k), where=mass > 0)
        pot_after = sum(nd.paid) + nd.to_call + result.spec.bet
        caller_call = result.spec.bet  # the next player in matches the bet or raise
        caller_paid = nd.paid[p] + nd.to_call + result.spec.bet
        nxt = next(nodes[c] for c in nd.children if nodes[c].history.endswith(nd.actions[agg]))
        if not nxt.terminal and nxt.player is not None:
            caller_call = caller_paid - nxt.paid[nxt.player]
        break_even = caller_call / (pot_after + caller_call)
        is_bluff = equity < break_even - 1e-12
        bluff_at[nd.index] = is_bluff
        own = np.bincount(b, weights=wt * r[:, p], minlength=k)  # P(reach node with bucket b)
        freq = s[nd.index][:, agg]
        bets[p] += float((own * freq).sum())
        bluffs[p] += float((own * freq)[is_bluff].sum())
    forbidden_vals, guaranteed, guaranteed_nb = [], [], []
    for p in range(n):
        honest = dict(s)
        for idx, is_bluff in bluff_at.items():
            nd = nodes[idx]
            if nd.player != p or not is_bluff.any():
                continue
            strat = s[idx].copy()
            aggressive = [i for i, a in enumerate(nd.actions) if a in "br"]
            passive = nd.actions.index("k") if "k" in nd.actions else nd.actions.index("f")
            moved = strat[is_bluff][:, aggressive].sum(axis=1)
            sub = strat[is_bluff]
            sub[:, aggressive] = 0.0
            sub[:, passive] += moved
            strat[is_bluff] = sub
            honest[idx] = strat
        forbidden_vals.append(profile_values(table, nodes, honest)[p])
        guaranteed.append(_worst_case(table, nodes, s, p))
        guaranteed_nb.append(_worst_case(table, nodes, honest, p))
    share_ = tuple(bl / be if be > 0 else 0.0 for bl, be in zip(bluffs, bets))
    return BluffReport(tuple(bets), tuple(bluffs), share_, tuple(forbidden_vals), tuple(guaranteed),
                       tuple(guaranteed_nb), tuple(g - h for g, h in zip(guaranteed, guaranteed_nb)))


def _worst_case(table: DealTable, nodes: list[MultiwayNode], strategies: Strategy, p: int) -> float:
    """``p``'s value when the opponent whose best response hurts ``p`` most plays it."""
    worst = float("inf")
    for j in range(table.players):
        if j == p:
            continue
        _v, with_br = best_response(table, nodes, strategies, j)
        worst = min(worst, profile_values(table, nodes, with_br)[p])
    return worst
