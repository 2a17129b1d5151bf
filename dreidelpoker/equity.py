"""The generic equity result: win / tie / lose probabilities and the expected pot share."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import sympy

from ._fractions import frac_str
from .display import table_html, text_table, to_pandas_frame
from .errors import InputError

__all__ = ["EquityResult", "EquityAccumulator"]


@dataclass(frozen=True)
class EquityResult:
    """Exact showdown probabilities for one player (the *hero*).

    ``win`` is the probability of winning outright, ``tie`` of sharing the win, ``lose``
    of winning nothing, and ``equity`` the expected share of the pot (a tie among k
    winners pays 1/k).

    Examples:
        >>> r = EquityResult(win=sympy.Rational(1, 2), tie=sympy.Rational(1, 4),
        ...                  lose=sympy.Rational(1, 4), equity=sympy.Rational(5, 8))
        >>> r.to_dict()["equity"]
        '5/8'
    """

    win: sympy.Rational
    tie: sympy.Rational
    lose: sympy.Rational
    equity: sympy.Rational
    description: str = ""
    details: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        w, t, lo = self.win, self.tie, self.lose
        try:  # win + tie + lose == 1 in integers (sympy arithmetic here cost a third of a call)
            ok = w.p * t.q * lo.q + t.p * w.q * lo.q + lo.p * w.q * t.q == w.q * t.q * lo.q
        except AttributeError:  # plain ints or Fractions
            ok = w + t + lo == 1
        if not ok:
            raise InputError("win + tie + lose must equal 1")

    def to_dict(self) -> dict[str, Any]:
        return {
            "description": self.description,
            "win": frac_str(self.win),
            "tie": frac_str(self.tie),
            "lose": frac_str(self.lose),
            "equity": frac_str(self.equity),
        }

    def __repr__(self) -> str:
        return (
            f"EquityResult(win={frac_str(self.win)}, tie={frac_str(self.tie)}, "
            f"lose={frac_str(self.lose)}, equity={frac_str(self.equity)})"
        )

    def _rows(self) -> list[tuple[str, sympy.Rational]]:
        return [(n, getattr(self, n)) for n in ("win", "tie", "lose", "equity")]

    def to_text(self) -> str:
        """A text table under the display policy (``dreidelpoker.options.display``)."""
        return text_table(("", "probability / share"), self._rows(), title=self.description)

    def _repr_html_(self) -> str:
        return table_html(("", "probability / share"), self._rows(), title=self.description)

    def to_pandas(self, *, exact: bool = False) -> Any:
        """A one-row ``pandas.DataFrame`` with columns win, tie, lose, equity.

        Parameters:
            exact: keep sympy Rationals instead of floats.

        Returns:
            A ``pandas.DataFrame``.

        Examples:
            >>> r = EquityResult(win=sympy.Rational(1, 2), tie=sympy.Rational(0), lose=sympy.Rational(1, 2),
            ...                  equity=sympy.Rational(1, 2))
            >>> r.to_pandas()["equity"].tolist()
            [0.5]
        """
        rows = self._rows()
        return to_pandas_frame([n for n, _ in rows], [[v for _, v in rows]], exact=exact)

    def _repr_latex_(self) -> str:
        return (
            rf"$\text{{win}}={sympy.latex(self.win)},\ \text{{tie}}={sympy.latex(self.tie)},\ "
            rf"\text{{lose}}={sympy.latex(self.lose)},\ \text{{equity}}={sympy.latex(self.equity)}$"
        )

    def plot(self, ax: Any = None) -> Any:
        from .plotting import bar_chart

        names = ["win", "tie", "lose", "equity"]
        return bar_chart(names, [float(getattr(self, n)) for n in names], ax=ax,
                         title=self.description, ylabel="probability / share")


class EquityAccumulator:
    """Adds up weighted showdown outcomes with integer arithmetic.

    ``add(weight, winners, hero_wins)``: ``winners`` is how many players share the pot,
    ``hero_wins`` whether the hero is among them. Shares are kept over the lcm of 1..max
    so that everything stays integer until `result`.
    """

    def __init__(self, max_players: int) -> None:
        self._den = int(sympy.ilcm(*range(1, max_players + 1))) if max_players > 1 else 1
        self.total = 0
        self.win = 0
        self.tie = 0
        self.share = 0  # in units of 1/_den

    def add(self, weight: int, *, winners: int, hero_wins: bool) -> None:
        self.total += weight
        if hero_wins:
            if winners == 1:
                self.win += weight
            else:
                self.tie += weight
            self.share += weight * (self._den // winners)

    def result(self, description: str = "") -> EquityResult:
        if self.total == 0:
            raise InputError("no outcomes were added")
        t = self.total
        win = sympy.Rational(self.win, t)
        tie = sympy.Rational(self.tie, t)
        return EquityResult(
            win=win,
            tie=tie,
            lose=1 - win - tie,
            equity=sympy.Rational(self.share, t * self._den),
            description=description,
        )
