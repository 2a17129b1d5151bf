"""The generic equity result: win / tie / lose probabilities and the expected pot share."""

from __future__ import annotations

import math
import operator
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ._fractions import frac_str, to_fraction
from .display import table_html, text_table, to_pandas_frame
from .errors import InputError, InputTypeError, shorten

if TYPE_CHECKING:
    import sympy

__all__ = ["EquityResult", "EquityAccumulator"]


class EquityResult:
    """Exact showdown probabilities for one player (the *hero*).

    ``win`` is the probability of winning outright, ``tie`` of sharing the win, ``lose``
    of winning nothing, and ``equity`` the expected share of the pot (a tie among k
    winners pays 1/k).

    The result holds each value once, exactly (as a ``Fraction``), and presents it as a
    ``sympy.Rational`` when read: sympy is imported on the first read, not to make the
    answer (a first call in a fresh process pays only for what it needs). It compares,
    hashes and pickles by its values and description, as a frozen record.

    Examples:
        >>> import sympy
        >>> r = EquityResult(win=sympy.Rational(1, 2), tie=sympy.Rational(1, 4),
        ...                  lose=sympy.Rational(1, 4), equity=sympy.Rational(5, 8))
        >>> r.to_dict()["equity"]
        '5/8'
        >>> EquityResult(win=Fraction(1, 2), tie=0, lose=Fraction(1, 2), equity=Fraction(1, 2)).win
        1/2
    """

    __slots__ = ("_values", "_public", "description", "details")
    _values: tuple[Fraction, Fraction, Fraction, Fraction]
    _public: tuple[sympy.Rational, ...] | None
    #: What the result is about (e.g. ``"HN against 3 opponents, deck 1-5-5-1"``).
    description: str
    #: Extra figures of the engine that made it (not compared).
    details: dict[str, Any]

    def __init__(self, win: Any, tie: Any, lose: Any, equity: Any, description: str = "",
                 details: dict[str, Any] | None = None) -> None:
        values = (_exact(win, "win"), _exact(tie, "tie"), _exact(lose, "lose"), _exact(equity, "equity"))
        if values[0] + values[1] + values[2] != 1:
            raise InputError("win + tie + lose must equal 1")
        if not 0 <= values[3] <= 1:
            raise InputError(f"equity must be from 0 to 1 (the share of the pot won on average), got {values[3]}")
        if not isinstance(description, str):
            raise InputTypeError(f"description must be text, got {type(description).__name__} {shorten(description)}")
        if details is not None and not isinstance(details, dict):
            raise InputTypeError(f"details must be a dict or None, got {type(details).__name__} {shorten(details)}")
        setter = object.__setattr__
        setter(self, "_values", values)
        setter(self, "_public", None)
        setter(self, "description", description)
        setter(self, "details", {} if details is None else details)

    @classmethod
    def from_counts(cls, total: int, win: int, tie: int, share: int, unit: int = 1, description: str = "") -> EquityResult:
        """The result of ``total`` equally likely (weighted) deals counted in integers: the hero
        wins alone in ``win`` of them, shares the win in ``tie``, and takes ``share / unit``
        pots in all.

        The counts are checked in integers (the four values then add up by construction):
        the small path of every exact equity engine, with no Fraction arithmetic to check.

        Parameters:
            total: the number of deals (weights), more than 0.
            win: deals the hero wins alone.
            tie: deals the hero shares the win.
            share: pots the hero takes, in units of ``1 / unit``.
            unit: the denominator of ``share`` (e.g. the lcm of the table sizes).
            description: what the result is about.

        Returns:
            The [`EquityResult`][dreidelpoker.EquityResult].

        Raises:
            ValueError: counts that are not integers or cannot happen together (``InputError``).

        Examples:
            >>> EquityResult.from_counts(11, 9, 2, 20, unit=2)  # 9 wins, 2 ties of 2 players
            EquityResult(win=9/11, tie=2/11, lose=0, equity=10/11)
        """
        given = (total, win, tie, share, unit)
        try:  # ints, and numpy's or sympy's integers as ints; never a bool
            if any(isinstance(v, bool) for v in given):
                raise TypeError
            total, win, tie, share, unit = map(operator.index, given)
        except TypeError:
            raise InputTypeError(f"counts must be integers, got {', '.join(map(repr, given))}") from None
        if not (total > 0 and unit > 0 and 0 <= win and 0 <= tie and win + tie <= total
                and win * unit <= share <= (win + tie) * unit):
            raise InputError(f"counts that cannot happen together: total {total}, win {win}, tie {tie}, "
                             f"share {share}/{unit}")
        if not isinstance(description, str):
            raise InputTypeError(f"description must be text, got {type(description).__name__} {shorten(description)}")
        self = object.__new__(cls)
        setter = object.__setattr__
        setter(self, "_values", (Fraction(win, total), Fraction(tie, total), Fraction(total - win - tie, total),
                                 Fraction(share, total * unit)))
        setter(self, "_public", None)
        setter(self, "description", description)
        setter(self, "details", {})
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"EquityResult is immutable: cannot set {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_equity_result, (*self._values, self.description, self.details))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EquityResult):
            return NotImplemented
        return self._values == other._values and self.description == other.description

    def __hash__(self) -> int:
        return hash((self._values, self.description))

    def _rational(self, i: int) -> sympy.Rational:
        public = self._public
        if public is None:
            import sympy

            public = tuple(sympy.Rational(v.numerator, v.denominator) for v in self._values)
            object.__setattr__(self, "_public", public)
        return public[i]

    @property
    def win(self) -> sympy.Rational:
        """The probability of winning outright."""
        return self._rational(0)

    @property
    def tie(self) -> sympy.Rational:
        """The probability of sharing the win."""
        return self._rational(1)

    @property
    def lose(self) -> sympy.Rational:
        """The probability of winning nothing."""
        return self._rational(2)

    @property
    def equity(self) -> sympy.Rational:
        """The expected share of the pot (a tie among k winners pays 1/k)."""
        return self._rational(3)

    def fractions(self) -> tuple[Fraction, Fraction, Fraction, Fraction]:
        """``(win, tie, lose, equity)`` as stored, in Fractions (no sympy: for exact inner loops).

        Returns:
            The four probabilities as `fractions.Fraction`.

        Examples:
            >>> EquityResult(win=Fraction(1, 2), tie=0, lose=Fraction(1, 2), equity=Fraction(1, 2)).fractions()[0]
            Fraction(1, 2)
        """
        return self._values

    def with_details(self, details: dict[str, Any]) -> EquityResult:
        """The same result with ``details`` (how it was computed, e.g. the method).

        Parameters:
            details: the engine's extra figures.

        Returns:
            A new [`EquityResult`][dreidelpoker.EquityResult].
        """
        return EquityResult(*self._values, self.description, details)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe: the values as ``"p/q"`` strings, and the description."""
        win, tie, lose, equity = (frac_str(v) for v in self._values)
        return {"description": self.description, "win": win, "tie": tie, "lose": lose, "equity": equity}

    def __repr__(self) -> str:
        win, tie, lose, equity = (frac_str(v) for v in self._values)
        return f"EquityResult(win={win}, tie={tie}, lose={lose}, equity={equity})"

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
            >>> import sympy
            >>> r = EquityResult(win=sympy.Rational(1, 2), tie=sympy.Rational(0), lose=sympy.Rational(1, 2),
            ...                  equity=sympy.Rational(1, 2))
            >>> r.to_pandas()["equity"].tolist()
            [0.5]
        """
        rows = self._rows()
        return to_pandas_frame([n for n, _ in rows], [[v for _, v in rows]], exact=exact)

    def _repr_latex_(self) -> str:
        import sympy

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
        self._den = math.lcm(*range(1, max_players + 1)) if max_players > 1 else 1
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
        return EquityResult.from_counts(self.total, self.win, self.tie, self.share, self._den, description)


def _exact(value: Any, what: str) -> Fraction:
    """A value as a Fraction (Fractions and ints directly: the hot path of every equity call)."""
    kind = type(value)
    if kind is Fraction:
        return value  # type: ignore[no-any-return]
    if kind is int:
        return Fraction(value)
    return to_fraction(value, what=what)


def _equity_result(win: Fraction, tie: Fraction, lose: Fraction, equity: Fraction, description: str,
                   details: dict[str, Any]) -> EquityResult:
    """Rebuild a pickled [`EquityResult`][dreidelpoker.EquityResult]."""
    return EquityResult(win, tie, lose, equity, description, details)
