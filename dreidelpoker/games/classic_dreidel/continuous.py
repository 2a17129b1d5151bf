"""Exact results for the textbook idealisations of dreidel: unlimited bankrolls, no
elimination, and (optionally) an infinitely divisible pot.

* [`spin_payoffs`][dreidelpoker.games.classic_dreidel.spin_payoffs] — the expected payoff of the ``n``-th spin of an endless game
  (Feinerman 1976, "An Ancient Unfair Game", Amer. Math. Monthly 83(8), 623-625).
* [`continuous_winnings`][dreidelpoker.games.classic_dreidel.continuous_winnings] — each seat's expected winnings in the game that ends at the
  first Gimel with a continuous pot (Nahin 2014, *Will You Be Alive 10 Years from Now?*,
  Princeton University Press, chapter 9 "Is Dreidel Fair?", table on p. 81).

With a continuous pot every expected value is affine in the pot, so a handful of linear
equations over the seats gives the exact answer.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any


from ..._fractions import to_rational
from ..._sparse_solve import solve_exact
from .rules import ClassicDreidelRules
from ...errors import InputError
from ...validation import check_count, default_rules

__all__ = ["MAX_PAYOFF_SPINS", "continuous_winnings", "spin_payoffs"]

#: Most spins [`spin_payoffs`][dreidelpoker.games.classic_dreidel.spin_payoffs] follows (a few seconds each on the project machine; the
#: exact pot distribution of a whole-coin pot grows with every spin).
MAX_PAYOFF_SPINS = {"continuous": 2_000, "up": 300, "down": 300}


def _faces(rules: ClassicDreidelRules | None) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    g, h, n, s = default_rules(rules, ClassicDreidelRules).face_fractions
    return g, h, n, s


def _players(players: int) -> int:
    return check_count(players, "players", low=2, high=50)


def spin_payoffs(players: int, spins: int, *, hey_rounding: str = "continuous",
                 rules: ClassicDreidelRules | None = None) -> list[Any]:
    """Expected payoff of spins ``1 .. spins`` of an endless game with unlimited bankrolls.

    The payoff of a spin is what the spinner takes from the pot (all of it on Gimel, half on
    Hey) minus 1 on Shin. Every player antes 1 at the start and after every Gimel (and,
    with an integer pot, whenever Hey empties it). ``hey_rounding`` is ``"continuous"``
    (Feinerman's model: ``N/4 + (N-2)/8 * (5/8)**(n-1)``), ``"up"`` or ``"down"`` (the pot
    distribution is then evolved exactly). ``rules`` only supplies face probabilities.
    ``spins`` is at most `MAX_PAYOFF_SPINS` (2,000 continuous, 300 with a whole-coin pot).

    Parameters:
        players: 2 to 50.
        spins: the number of spins (1 or more).
        hey_rounding: ``"continuous"``, ``"up"`` or ``"down"``.
        rules: supplies the face probabilities (default: a fair dreidel).

    Returns:
        The expected payoff of each spin, exact.

    Raises:
        ValueError: bad ``players``, ``spins`` or ``hey_rounding``.

    Examples:
        >>> spin_payoffs(4, 3)   # Feinerman: 1 + (1/4) (5/8)**(n-1)
        [5/4, 37/32, 281/256]
    """
    p = _players(players)
    if hey_rounding not in ("continuous", "up", "down"):
        raise InputError(f"hey_rounding must be 'continuous', 'up' or 'down', got {hey_rounding!r}")
    check_count(spins, "spins", low=1, high=MAX_PAYOFF_SPINS[hey_rounding],
                hint=f"with hey_rounding={hey_rounding!r}: the exact numbers grow with every spin")
    g, h, n, s = _faces(rules)
    out: list[Any] = []
    if hey_rounding == "continuous":
        mean_pot = Fraction(p)  # expected pot before the spin; payoffs are affine in it
        for _ in range(spins):
            out.append(to_rational(g * mean_pot + h * mean_pot / 2 - s))
            mean_pot = n * mean_pot + h * mean_pot / 2 + g * p + s * (mean_pot + 1)
        return out
    up = hey_rounding == "up"
    dist: dict[int, Fraction] = {p: Fraction(1)}
    for _ in range(spins):
        pay = Fraction(0)
        nxt: dict[int, Fraction] = {}
        for pot, w in dist.items():
            take = (pot + 1) // 2 if up else pot // 2
            pay += w * (g * pot + h * take - s)
            for after, q in ((pot, n), (pot - take, h), (0, g), (pot + 1, s)):
                after = after or p  # everyone antes into an empty pot
                nxt[after] = nxt.get(after, Fraction(0)) + w * q
        out.append(to_rational(pay))
        dist = nxt
    return out


def continuous_winnings(players: int, *, rules: ClassicDreidelRules | None = None) -> list[Any]:
    """Each seat's expected winnings in Nahin's game: everyone antes 1, the pot is
    continuous (Hey takes exactly half), bankrolls are unlimited, and the game ends at the
    first Gimel. Winnings are what a seat takes from the pot minus what it pays on Shin
    (the opening ante not counted), so they sum to ``players``.

    Parameters:
        players: 2 to 50.
        rules: supplies the face probabilities (default: a fair dreidel).

    Returns:
        Each seat's expected winnings (exact), seat 1 first.

    Raises:
        InputError: ``players`` outside 2..50, or a dreidel that never shows Gimel (the game
            would never end).

    Examples:
        >>> continuous_winnings(2)
        [8/7, 6/7]
    """
    p = _players(players)
    g, h, n, s = _faces(rules)
    if g == 0:
        raise InputError("rules: Nahin's game ends at the first Gimel, and these face_probabilities give Gimel "
                         "probability 0, so it never ends; give Gimel a positive probability")
    zero = Fraction(0)
    out: list[Any] = []
    for i in range(p):
        # V_i(x, j) = a_j x + b_j for pot x and spinner j; seat j's spin leads to spinner j+1.
        rows_a = [{(j + 1) % p: n + h / 2 + s} for j in range(p)]
        rhs_a = [[(h / 2 + g) if j == i else zero] for j in range(p)]
        a = [v[0] for v in solve_exact(rows_a, rhs_a)]
        rows_b = [{(j + 1) % p: n + h + s} for j in range(p)]
        rhs_b = [[s * a[(j + 1) % p] - (s if j == i else zero)] for j in range(p)]
        b = [v[0] for v in solve_exact(rows_b, rhs_b)]
        out.append(to_rational(a[0] * p + b[0]))
    return out
