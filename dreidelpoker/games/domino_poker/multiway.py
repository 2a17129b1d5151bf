"""Domino Poker's betting round for 2 to 4 players, abstracted to strength bands, solved by CFR+,
and its bluffing measured against a known baseline.

**The abstraction.** Each hand is put in one of ``bands`` equal bands of the strength order
(band 0 holds the weakest 15,504 / ``bands`` hands); a player decides knowing only its
band. The deal table gives the probability of every tuple of bands and, for every set of
players at a showdown, each one's expected share of the pot -- heads-up counted exactly over
all 46,558,512 ordered pairs of disjoint hands, with three or four players estimated from
``samples`` seeded random deals of the 20 tiles (card removal is in both). The betting is
the game's: ante, one fixed-limit round from the eldest hand, raise cap.

**The baseline.** Generalised Kuhn poker with as many card ranks as bands
([`card_deal_table`][dreidelpoker.solve.multiway.card_deal_table]): one card each, no card
removal beyond the dealt cards, the same ante, bet and raise cap. With three cards, two
players and no raise it is Kuhn poker, whose equilibrium is known (value -1/18; the first
player bluffs its Jack with some alpha <= 1/3 and bets its King 3 alpha). The bands make
Domino Poker's hands look like the baseline's cards, so what differs is the game's own
structure: how often bands tie up in a showdown, and card removal between hands.

Definitions of bluffing and its value: [`dreidelpoker.solve.multiway`][dreidelpoker.solve.multiway].
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ...caches import bounded_cache
from ...errors import InputError
from ...validation import check_count, default_rules
from ...solve.multiway import (
    BluffReport, DealTable, MultiwayResult, MultiwayRound, bluffing, card_deal_table, multiway_cfr_plus,
)
from .exploit import BotExploitability, BotExploitabilityTable
from .rules import DominoPokerRules
from .table import strength_tables
from .tiles import HAND_SIZE, TILES

__all__ = [
    "BLUFFING_DATA", "DEFAULT_BANDS", "DEFAULT_SAMPLES", "EXPLOITABILITY_DATA", "BluffingComparison",
    "MultiwaySolution", "compare_bluffing", "domino_deal_table", "load_bluffing", "load_bot_exploitability",
    "solve_multiway",
]

#: Strength bands per hand in the abstraction (and card ranks in the baseline).
DEFAULT_BANDS = 8
#: Random deals behind a 3- or 4-player deal table.
DEFAULT_SAMPLES = 2_000_000
#: Precomputed comparison for 2, 3 and 4 players (``python -m dreidelpoker.games.domino_poker.multiway``).
BLUFFING_DATA = Path(__file__).with_name("bluffing_comparison.json")
#: The stored exact best responses to each bot (``benchmarks/domino_exploitability_data.py`` writes them).
EXPLOITABILITY_DATA = Path(__file__).with_name("bot_exploitability.json")

FloatArray = npt.NDArray[np.float64]


def _bands(low_runs: str, bands: int) -> npt.NDArray[np.int64]:
    """Each hand's band (``ALL_HANDS`` order)."""
    strength = np.asarray(strength_tables(low_runs).strength, dtype=np.int64)  # type: ignore[arg-type]
    return strength * bands // len(strength)


def _check(players: int, bands: int, samples: int) -> None:
    check_count(players, "players", low=2, high=4, hint="20 tiles deal at most 4 hands of 5")
    check_count(bands, "bands", low=2, high=64)
    check_count(samples, "samples", low=10_000, high=50_000_000)


@bounded_cache(maxsize=8)
def domino_deal_table(*, players: int = 2, bands: int = DEFAULT_BANDS, samples: int = DEFAULT_SAMPLES,
                      seed: int = 0, low_runs: str = "flush") -> DealTable:
    """The strength-band deal table of Domino Poker (see the module docstring).

    Parameters:
        players: 2 (exact), 3 or 4 (from ``samples`` seeded deals).
        bands: strength bands per hand.
        samples: random deals for 3 or 4 players (unused heads-up).
        seed: the seed of those deals.
        low_runs: the [Domino Poker rules: errata and options][rules-5-4] option.

    Returns:
        A [`DealTable`][dreidelpoker.solve.multiway.DealTable] over the band tuples that occur.

    Raises:
        ValueError: a bad player count, band count or sample count.

    Examples:
        >>> t = domino_deal_table(players=2, bands=2)
        >>> len(t.weights), round(float(t.weights.sum()), 12)
        (4, 1.0)
    """
    _check(players, bands, samples)
    t = strength_tables(low_runs)  # type: ignore[arg-type]
    band = _bands(low_runs, bands)
    strength = np.asarray(t.strength, dtype=np.int64)
    masks = np.asarray(t.masks, dtype=np.int64)
    if players == 2:
        return _heads_up_table(masks, strength, band, bands)
    return _sampled_table(players, bands, samples, seed, t.by_mask, band, strength, masks)


def _heads_up_table(masks: Any, strength: Any, band: Any, bands: int) -> DealTable:
    """Every ordered pair of disjoint hands, aggregated by band pair (exact)."""
    count = np.zeros(bands * bands)
    wins = np.zeros(bands * bands)
    step = 512
    for a in range(0, len(masks), step):
        hm, hs, hb = masks[a:a + step, None], strength[a:a + step, None], band[a:a + step, None]
        disjoint = (masks[None, :] & hm) == 0
        key = (hb * bands + band[None, :])
        count += np.bincount(key[disjoint], minlength=bands * bands)
        wins += np.bincount(key[disjoint & (strength[None, :] < hs)], minlength=bands * bands)
    keep = np.flatnonzero(count)
    buckets = np.stack([keep // bands, keep % bands], axis=1).astype(np.int64)
    first = wins[keep] / count[keep]
    share = np.stack([first, 1 - first], axis=1)
    return DealTable(buckets, count[keep] / count.sum(), {0b11: share}, bands, _labels(bands))


def _labels(bands: int) -> tuple[str, ...]:
    return tuple(f"{100 * b // bands}-{100 * (b + 1) // bands}%" for b in range(bands))


def _sampled_table(players: int, bands: int, samples: int, seed: int, by_mask: Any, band: Any, strength: Any,
                   masks: Any) -> DealTable:
    rng = np.random.default_rng(seed)
    index_of = np.full(1 << len(TILES), -1, dtype=np.int64)
    index_of[masks] = np.arange(len(masks))
    bits = np.int64(1) << np.arange(len(TILES), dtype=np.int64)
    subsets = [m for m in range(1, 1 << players) if m & (m - 1)]
    size = bands ** players
    count = np.zeros(size)
    share_sum = {m: np.zeros((size, players)) for m in subsets}
    chunk = 200_000
    done = 0
    while done < samples:
        r = min(chunk, samples - done)
        perm = rng.permuted(np.tile(np.arange(len(TILES)), (r, 1)), axis=1)
        hands = np.stack([bits[perm[:, HAND_SIZE * s:HAND_SIZE * (s + 1)]].sum(axis=1) for s in range(players)],
                         axis=1)
        idx = index_of[hands]
        st, bd = strength[idx], band[idx]
        key = np.zeros(r, dtype=np.int64)
        for s in range(players):
            key = key * bands + bd[:, s]
        count += np.bincount(key, minlength=size)
        for m in subsets:
            seats = [s for s in range(players) if m >> s & 1]
            winner = np.asarray(seats)[st[:, seats].argmax(axis=1)]  # strengths are distinct: one winner
            for s in seats:
                share_sum[m][:, s] += np.bincount(key[winner == s], minlength=size)
        done += r
    keep = np.flatnonzero(count)
    buckets = np.zeros((len(keep), players), dtype=np.int64)
    rest = keep.copy()
    for s in range(players - 1, -1, -1):
        buckets[:, s] = rest % bands
        rest //= bands
    shares = {m: share_sum[m][keep] / count[keep, None] for m in subsets}
    return DealTable(buckets, count[keep] / count.sum(), shares, bands, _labels(bands))


@dataclass(frozen=True)
class MultiwaySolution:
    """A solved round (abstracted Domino Poker or the baseline) with its bluffing figures.

    Attributes:
        game: ``"domino-poker"`` or ``"kuhn-N"``.
        result: the CFR+ result (values, best-response gains, strategies).
        bluffs: the [`BluffReport`][dreidelpoker.solve.multiway.BluffReport].
    """

    game: str
    result: MultiwayResult
    bluffs: BluffReport

    def to_dict(self) -> dict[str, Any]:
        r = self.result
        return {"game": self.game, "players": r.spec.players, "iterations": r.iterations, "values": list(r.values),
                "gains": list(r.gains), "nash_conv": r.nash_conv, **self.bluffs.to_dict()}

    def to_pandas(self) -> Any:
        """One row per seat: its value, best-response gain and bluffing at the solved profile.

        The columns are those of
        [`BluffingComparison.to_pandas`][dreidelpoker.games.domino_poker.multiway.BluffingComparison.to_pandas]
        (``players, game, seat, value, best-response gain, bets per hand, bluffs per hand,
        bluff share, value of bluffing``), so solutions stack with ``pandas.concat``.

        Returns:
            A ``pandas.DataFrame`` with one row per seat (seat 1 is the eldest hand).

        Examples:
            >>> sol = solve_multiway(DominoPokerRules(players=3, max_raises=0), bands=3, iterations=5,
            ...                      samples=10_000, progress=False)
            >>> df = sol.to_pandas()
            >>> df["seat"].tolist(), df["value"].tolist() == list(sol.result.values)
            ([1, 2, 3], True)
        """
        import pandas as pd

        return pd.DataFrame(_seat_rows(self.to_dict()), columns=list(_SEAT_COLUMNS))

    def to_text(self) -> str:
        r, b = self.result, self.bluffs
        sp = r.spec
        what = ("Domino Poker on strength bands" if self.game == "domino-poker"
                else f"the baseline, generalised Kuhn poker with {self.game.split('-')[1]} cards")
        lines = [f"{what}: {sp.players} players, ante {sp.ante}, bets of {sp.bet}, at most {sp.max_raises} raise(s); "
                 f"CFR+ {r.iterations} iterations",
                 f"NashConv {r.nash_conv:.5f} chips per hand: the most all seats together gain by each best-responding "
                 f"alone" + (" (with more than two players CFR+ has no equilibrium guarantee: a small NashConv "
                             "says nobody gains much by deviating alone)" if sp.players > 2 else "")]
        for s in range(sp.players):
            lines.append(f"seat {s + 1}: value {r.values[s]:+.4f}, best-response gain {r.gains[s]:.4f}; "
                         f"{b.bets[s]:.3f} bets/raises a hand, {b.bluff_share[s]:.1%} of them bluffs; bluffing is "
                         f"worth {b.value_of_bluffing[s]:+.4f} chips a hand")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return "<pre>" + html.escape(self.to_text()) + "</pre>"


# The columns of a solved round's per-seat table (BluffingComparison stacks the same rows).
_SEAT_COLUMNS = ("players", "game", "seat", "value", "best-response gain", "bets per hand", "bluffs per hand",
                "bluff share", "value of bluffing")


def _seat_rows(d: dict[str, Any]) -> list[dict[str, Any]]:
    """The per-seat rows of one solution's ``to_dict()``."""
    return [{"players": d["players"], "game": d["game"], "seat": s + 1, "value": d["values"][s],
             "best-response gain": d["gains"][s], "bets per hand": d["bets"][s], "bluffs per hand": d["bluffs"][s],
             "bluff share": d["bluff_share"][s], "value of bluffing": d["value_of_bluffing"][s]}
            for s in range(d["players"])]


def solve_multiway(rules: DominoPokerRules | None = None, *, bands: int = DEFAULT_BANDS, iterations: int = 300,
                   target: float | None = None, samples: int = DEFAULT_SAMPLES, seed: int = 0,
                   baseline: bool = False, progress: bool = True) -> MultiwaySolution:
    """Solve Domino Poker's betting round for ``rules.players`` players on strength bands (or the
    baseline with as many card ranks) by CFR+, and measure its bluffing.

    Parameters:
        rules: fixed-limit rules (``ante`` >= 1, ``max_raises`` 0 to 6, a stack that never binds).
        bands: strength bands (card ranks in the baseline).
        iterations: the most CFR+ iterations.
        target: stop once the NashConv is at most this.
        samples: random deals behind a 3- or 4-player table.
        seed: their seed.
        baseline: solve generalised Kuhn poker with ``bands`` cards instead.
        progress: show a progress bar.

    Returns:
        A [`MultiwaySolution`][dreidelpoker.games.domino_poker.multiway.MultiwaySolution].

    Raises:
        ValueError: rules the solver does not take, or bad counts.

    Examples:
        >>> sol = solve_multiway(DominoPokerRules(players=3, max_raises=0), bands=3, iterations=5,
        ...                      samples=10_000, progress=False)
        >>> sol.result.spec.players, len(sol.result.gains)
        (3, 3)
    """
    rules = default_rules(rules, DominoPokerRules)
    if not rules.fixed_limit:
        raise InputError("the solver needs fixed-limit bets (betting='limit', min_bet == max_bet), got "
                         f"betting={rules.betting!r}, bets {rules.min_bet}..{rules.max_bet}")
    mr = rules.max_raises
    if mr is None or not 0 <= mr <= 6:
        raise InputError(f"max_raises must be an integer from 0 to 6 for the solver, got {mr!r}")
    if rules.ante < 1:
        raise InputError(f"ante must be at least 1 for the solver, got {rules.ante}")
    if rules.stack < rules.max_bet * (mr + 1):
        raise InputError(f"stack ({rules.stack}) must be at least bet x (max_raises + 1) = {rules.max_bet * (mr + 1)}")
    spec = MultiwayRound(players=rules.players, ante=rules.ante, bet=rules.max_bet, max_raises=mr)
    if baseline:
        _check(rules.players, bands, samples)
        table = card_deal_table(cards=bands, players=rules.players)
        name = f"kuhn-{bands}"
    else:
        table = domino_deal_table(players=rules.players, bands=bands, samples=samples, seed=seed,
                                  low_runs=rules.low_runs)
        name = "domino-poker"
    res = multiway_cfr_plus(table, spec, iterations=iterations, target=target, progress=progress)
    return MultiwaySolution(name, res, bluffing(table, res))


@dataclass(frozen=True)
class BluffingComparison:
    """Domino Poker against the baseline, per player count (the answer to "lots of bluffing").

    Attributes:
        rows: one dict per (players, game) with the values, NashConv and bluffing figures.
        bands: strength bands / card ranks.
        rules: the betting rules (ante, bet, raise cap).
    """

    rows: tuple[dict[str, Any], ...]
    bands: int
    rules: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"bands": self.bands, "rules": self.rules, "rows": [dict(r) for r in self.rows]}

    def to_pandas(self) -> Any:
        """One row per (players, game, seat): the rows of each solution's
        [`MultiwaySolution.to_pandas`][dreidelpoker.games.domino_poker.multiway.MultiwaySolution.to_pandas]."""
        import pandas as pd

        return pd.DataFrame([row for r in self.rows for row in _seat_rows(r)], columns=list(_SEAT_COLUMNS))

    def summary(self) -> Any:
        """Per (players, game): the bluff share of all bets and the mean value of bluffing."""
        df = self.to_pandas()
        df["bluffs"] = df["bluffs per hand"]
        g = df.groupby(["players", "game"], sort=False)
        out = g[["bets per hand", "bluffs per hand", "value of bluffing"]].sum()
        out["bluff share"] = out["bluffs per hand"] / out["bets per hand"]
        out["value of bluffing"] = g["value of bluffing"].mean()
        return out.reset_index()

    def verdict(self) -> str:
        """A few lines: Domino Poker's bluff share and value of bluffing beside the baseline's."""
        s = self.summary()
        lines = []
        for n in sorted(set(s["players"])):
            d = s[(s.players == n) & (s.game == "domino-poker")].iloc[0]
            b = s[(s.players == n) & (s.game != "domino-poker")].iloc[0]
            more = "more" if d["bluff share"] > b["bluff share"] else "less"
            lines.append(f"{n} players: {d['bluff share']:.1%} of Domino Poker's bets are bluffs ({more} than "
                         f"{b['bluff share']:.1%} in {b['game']}); bluffing is worth {d['value of bluffing']:.3f} "
                         f"chips a hand to a seat (baseline {b['value of bluffing']:.3f})")
        return "\n".join(lines)

    def to_text(self) -> str:
        table: str = self.to_pandas().to_string(index=False, float_format=lambda x: f"{x:.4f}")
        return self.verdict() + "\n" + table

    def _repr_html_(self) -> str:
        return "<pre>" + html.escape(self.to_text()) + "</pre>"

    def plot(self, ax: Any = None) -> Any:
        """Bluff share of all bets by player count, Domino Poker beside the baseline."""
        import matplotlib.pyplot as plt

        if ax is None:
            _fig, ax = plt.subplots(figsize=(6, 3.5))
        s = self.summary()
        for i, (game, sub) in enumerate(s.groupby("game", sort=False)):
            ax.bar(sub["players"] + (i - 0.5) * 0.35, sub["bluff share"], width=0.35, label=game)
        ax.set_xlabel("players")
        ax.set_ylabel("bluffs / bets at equilibrium")
        ax.set_xticks(sorted(set(s["players"])))
        ax.legend()
        return ax


def compare_bluffing(rules: DominoPokerRules | None = None, *, players: tuple[int, ...] = (2, 3, 4),
                     bands: int = DEFAULT_BANDS, iterations: int = 300, samples: int = DEFAULT_SAMPLES,
                     progress: bool = True) -> BluffingComparison:
    """Solve Domino Poker (strength bands) and the baseline for each player count and compare their bluffing.

    Parameters:
        rules: fixed-limit betting rules (``players`` is taken from ``players``).
        players: the player counts.
        bands: strength bands / card ranks.
        iterations: CFR+ iterations per solve.
        samples: random deals behind 3- and 4-player tables.
        progress: show progress bars.

    Returns:
        A [`BluffingComparison`][dreidelpoker.games.domino_poker.multiway.BluffingComparison].

    Raises:
        ValueError: as [`solve_multiway`][dreidelpoker.games.domino_poker.multiway.solve_multiway].
    """
    from dataclasses import replace

    rules = default_rules(rules, DominoPokerRules)
    rows = []
    for n in players:
        r = replace(rules, players=n)
        for baseline in (False, True):
            rows.append(solve_multiway(r, bands=bands, iterations=iterations, samples=samples, baseline=baseline,
                                       progress=progress).to_dict())
    return BluffingComparison(tuple(rows), bands, {"ante": rules.ante, "bet": rules.max_bet,
                                                   "max_raises": rules.max_raises})


def load_bluffing() -> BluffingComparison:
    """The committed comparison (default rules, 8 bands, 2 to 4 players).

    Returns:
        The `BluffingComparison`.

    Examples:
        >>> comparison = load_bluffing()
        >>> comparison.bands, sorted({row["players"] for row in comparison.rows})
        (8, [2, 3, 4])
    """
    d = json.loads(BLUFFING_DATA.read_text())
    return BluffingComparison(tuple(d["rows"]), int(d["bands"]), dict(d["rules"]))


def load_bot_exploitability() -> BotExploitabilityTable:
    """The committed exact best responses to each bot, heads-up: fixed limit (default rules) and
    no limit with a stack of 10 and one raise (lower bounds), with their provenance.

    Each row is what [`bot_exploitability`][dreidelpoker.games.domino_poker.bot_exploitability]
    answers for its bot and rules; the eight cost about three CPU-minutes, so
    ``benchmarks/domino_exploitability_data.py`` stores them (and records the command, library
    version, commit, CPU seconds and date).

    Returns:
        A `BotExploitabilityTable`: ``rows`` (one `BotExploitability` each, with the rules it
        is for), ``provenance``, and ``to_pandas()``, ``to_dict()``, ``to_text()``.

    Raises:
        FileNotFoundError: when the package was installed without its data file.
        InputError: when a stored row's rules are no valid Domino Poker rules (a data file edited by hand).

    Examples:
        >>> table = load_bot_exploitability()
        >>> len(table.rows), sorted({row.betting for row in table.rows})
        (8, ['limit', 'no limit, stack 10, 1 raise (lower bound)'])
        >>> station = next(r for r in table.rows if r.bot == "calling-station" and r.betting == "limit")
        >>> round(station.exploitability, 4), station.rules == DominoPokerRules(players=2)
        (0.305, True)
    """
    from dataclasses import replace

    d = json.loads(EXPLOITABILITY_DATA.read_text())
    rows = []
    for r in d["rows"]:
        # the rules as bot_exploitability plays them: heads-up, one hand
        rules = replace(DominoPokerRules(**r["rules"]), players=2, session_hands=1)
        gains = (float(r["gains"][0]), float(r["gains"][1]))
        rows.append(BotExploitability(str(r["bot"]), gains, float(r["exploitability"]), int(r["lines"]), rules))
    return BotExploitabilityTable(tuple(rows), dict(d["provenance"]))


#: CFR+ iterations behind the committed comparison, per player count (a 4-player iteration walks
#: 4,973 public nodes per seat: about 0.5 s).
PRECOMPUTED_ITERATIONS = {2: 400, 3: 400, 4: 150}

if __name__ == "__main__":  # pragma: no cover - writes the notebook's data file
    from dataclasses import replace

    base = DominoPokerRules()
    rows = []
    for n, its in PRECOMPUTED_ITERATIONS.items():
        for baseline in (False, True):
            sol = solve_multiway(replace(base, players=n), iterations=its, baseline=baseline, progress=False)
            rows.append(sol.to_dict())
            print(sol.to_text(), flush=True)
            comp = BluffingComparison(tuple(rows), DEFAULT_BANDS,
                                      {"ante": base.ante, "bet": base.max_bet, "max_raises": base.max_raises})
            BLUFFING_DATA.write_text(json.dumps(comp.to_dict(), indent=1) + "\n")
    print(comp.verdict())
