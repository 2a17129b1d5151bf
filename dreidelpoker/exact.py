"""Exact result types shared by every game.

Engines count outcomes with integer weights; these types turn the weights into sympy
``Rational`` probabilities and know how to display themselves in Jupyter (exact value
and decimal side by side), as LaTeX, as JSON-safe dicts (fractions as ``"p/q"``) and
as matplotlib plots.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
import dataclasses
from dataclasses import MISSING, dataclass, field
from fractions import Fraction
from math import gcd
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from ._fractions import frac_str, loaded_sympy, to_fraction, to_jsonable, to_rational
from .display import table_html, text_table, to_pandas_frame
from .errors import InputError, InputTypeError, shorten
from .strict_numbers import sympy_number
from .validation import check_field_types, is_whole_number

if TYPE_CHECKING:
    import sympy

K = TypeVar("K", bound=Hashable)

__all__ = ["Distribution", "ExactMapping", "ExactRecord", "ExactTable", "ExactMatrix", "hold_exact"]


def _label(x: object) -> str:
    return x if isinstance(x, str) else str(x)


@dataclass(frozen=True, eq=False)
class Distribution(Generic[K]):
    """An exact discrete distribution over hashable outcomes, held as integer weights.

    ``weights`` maps each outcome to a positive integer; probabilities are
    ``weight / total`` as sympy Rationals. Outcomes keep the order they were given in.

    Examples:
        >>> d = Distribution.from_weights({"heads": 1, "tails": 3}, title="a bent coin")
        >>> d["tails"]
        3/4
        >>> d.to_dict()["probabilities"]
        {'heads': '1/4', 'tails': '3/4'}
    """

    weights: Mapping[K, int]
    title: str = ""
    outcome_name: str = "outcome"
    label: Callable[[K], str] = field(default=_label)

    def __post_init__(self) -> None:
        check_field_types(self, skip=("weights",))
        # The constructor takes integer weights as they are (from_weights also reduces them);
        # anything else would give probabilities that are not probabilities.
        if not isinstance(self.weights, Mapping):
            raise InputTypeError(f"weights must be a mapping outcome -> integer weight, got "
                                 f"{type(self.weights).__name__} {shorten(self.weights)}")
        for key, w in self.weights.items():
            if not is_whole_number(w):
                raise InputTypeError(f"weight of {shorten(key)} must be an int, got {type(w).__name__} {shorten(w)}; "
                                     "for probabilities use Distribution.from_probabilities")
            if w < 0:
                raise InputError(f"weight of {shorten(key)} is negative ({w}); weights must be >= 0")
        if not any(self.weights.values()):
            raise InputError("a distribution needs at least one outcome with positive weight, got "
                             f"{shorten(dict(self.weights))}")

    # -- construction -------------------------------------------------------------
    @classmethod
    def from_weights(
        cls,
        weights: Mapping[K, int] | Iterable[tuple[K, int]],
        *,
        title: str = "",
        outcome_name: str = "outcome",
        label: Callable[[K], str] = _label,
    ) -> Distribution[K]:
        """Build from non-negative integer weights; zero weights are dropped."""
        items = list(weights.items()) if isinstance(weights, Mapping) else list(weights)
        merged: dict[K, int] = {}
        for key, w in items:
            if not is_whole_number(w):
                raise InputTypeError(f"weight of {key!r} must be an int, got {type(w).__name__}")
            if w < 0:
                raise InputError(f"weight of {key!r} is negative ({w}); weights must be >= 0")
            if w:
                merged[key] = merged.get(key, 0) + w
        if not merged:
            raise InputError("a distribution needs at least one outcome with positive weight")
        g = 0
        for w in merged.values():
            g = gcd(g, w)
        return cls({k: w // g for k, w in merged.items()}, title, outcome_name, label)

    @classmethod
    def from_probabilities(
        cls,
        probabilities: Mapping[K, Any],
        *,
        title: str = "",
        outcome_name: str = "outcome",
        label: Callable[[K], str] = _label,
    ) -> Distribution[K]:
        """Build from exact probabilities (Rationals, Fractions or ``"p/q"`` strings) summing to 1."""
        probs = {k: to_fraction(p, what=f"probability of {k!r}") for k, p in probabilities.items()}
        if any(p < 0 for p in probs.values()):
            raise InputError("probabilities must be >= 0")
        if sum(probs.values()) != 1:
            raise InputError(f"probabilities must sum to 1, they sum to {sum(probs.values())}")
        lcm = math.lcm(*[p.denominator for p in probs.values()]) if probs else 1
        return cls.from_weights(
            {k: int(p * lcm) for k, p in probs.items()},
            title=title,
            outcome_name=outcome_name,
            label=label,
        )

    # -- access -------------------------------------------------------------------
    @property
    def total(self) -> int:
        """The sum of the integer weights (the common denominator)."""
        return sum(self.weights.values())

    def __getitem__(self, outcome: K) -> sympy.Rational:
        import sympy

        return sympy.Rational(self.weights.get(outcome, 0), self.total)

    def __iter__(self) -> Iterator[K]:
        return iter(self.weights)

    def __len__(self) -> int:
        return len(self.weights)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self.weights

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self.fractions() == other.fractions()

    def __hash__(self) -> int:
        return hash(frozenset(self.fractions().items()))

    def probabilities(self) -> dict[K, sympy.Rational]:
        """Outcome -> exact probability, in outcome order."""
        import sympy

        t = self.total
        return {k: sympy.Rational(w, t) for k, w in self.weights.items()}

    def items(self) -> list[tuple[K, sympy.Rational]]:
        return list(self.probabilities().items())

    def probability(self, event: Callable[[K], bool]) -> sympy.Rational:
        """Exact probability that ``event(outcome)`` holds."""
        import sympy

        return sympy.Rational(sum(w for k, w in self.weights.items() if event(k)), self.total)

    def expectation(self, value: Callable[[K], Any]) -> sympy.Expr:
        """Exact expectation of ``value(outcome)``."""
        import sympy

        t = self.total
        # sympy_number reads a text result strictly instead of letting sympy evaluate it.
        total = sum(sympy.Rational(w, t) * sympy_number(value(k), what=f"value({k!r})")
                    for k, w in self.weights.items())
        # nsimplify would turn some Rationals into surds (nsimplify(1065/88) is not 1065/88).
        return total if isinstance(total, sympy.Rational) else sympy.nsimplify(total)

    def map(self, f: Callable[[K], Any], *, outcome_name: str | None = None) -> Distribution[Any]:
        """The distribution of ``f(outcome)`` (weights of equal images are merged)."""
        out: dict[Any, int] = {}
        for k, w in self.weights.items():
            key = f(k)
            out[key] = out.get(key, 0) + w
        return Distribution.from_weights(
            out, title=self.title, outcome_name=outcome_name or self.outcome_name
        )

    def sorted_by(self, key: Callable[[K], Any], *, reverse: bool = False) -> Distribution[K]:
        """The same distribution with outcomes reordered for display."""
        order = sorted(self.weights, key=key, reverse=reverse)
        return Distribution({k: self.weights[k] for k in order}, self.title, self.outcome_name, self.label)

    # -- display ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """JSON-safe: ``{"title", "total", "probabilities": {label: "p/q"}}``."""
        return {
            "title": self.title,
            "total": self.total,
            "probabilities": {self.label(k): frac_str(p) for k, p in self.fractions().items()},
        }

    def fractions(self) -> dict[K, Fraction]:
        """Outcome -> exact probability as a `fractions.Fraction`, in outcome order:
        the same values as [`probabilities`][dreidelpoker.Distribution.probabilities] without sympy (the CLI's text and JSON use
        these, so they never import it).

        Returns:
            ``{outcome: Fraction}``.

        Examples:
            >>> Distribution.from_weights({"a": 1, "b": 3}).fractions()
            {'a': Fraction(1, 4), 'b': Fraction(3, 4)}
        """
        t = self.total
        return {k: Fraction(w, t) for k, w in self.weights.items()}

    def __repr__(self) -> str:
        body = ", ".join(f"{self.label(k)!r}: {frac_str(p)}" for k, p in self.fractions().items())
        return f"Distribution({{{body}}})"

    def _rows(self) -> list[tuple[str, sympy.Rational]]:
        return [(self.label(k), p) for k, p in self.probabilities().items()]

    def _repr_html_(self) -> str:
        return table_html((self.outcome_name, "probability"), self._fraction_rows(), title=self.title)

    def _fraction_rows(self) -> list[tuple[str, Fraction]]:
        return [(self.label(k), p) for k, p in self.fractions().items()]

    def to_text(self) -> str:
        """A fixed-width text table under the display policy (``dreidelpoker.options``)."""
        return text_table((self.outcome_name, "probability"), self._fraction_rows(), title=self.title)

    def to_pandas(self, *, exact: bool = False) -> Any:
        """A ``pandas.DataFrame`` with columns ``outcome_name`` and ``probability``.

        Parameters:
            exact: keep sympy Rationals (object column) instead of floats.

        Returns:
            A ``pandas.DataFrame``, one row per outcome.

        Examples:
            >>> Distribution.from_weights({"a": 1, "b": 3}).to_pandas()["probability"].tolist()
            [0.25, 0.75]
        """
        return to_pandas_frame((self.outcome_name, "probability"), self._rows(), exact=exact)

    def _repr_latex_(self) -> str:
        import sympy

        rows = r" \\ ".join(
            rf"\text{{{self.label(k)}}} & {sympy.latex(p)}" for k, p in self.probabilities().items()
        )
        return rf"$\begin{{array}}{{lr}} {rows} \end{{array}}$"

    def plot(self, ax: Any = None, **bar_kwargs: Any) -> Any:
        """A bar chart of the probabilities; returns the matplotlib Axes."""
        from .plotting import bar_chart

        probs = self.probabilities()
        return bar_chart(
            [self.label(k) for k in probs],
            [float(p) for p in probs.values()],
            ax=ax,
            title=self.title,
            xlabel=self.outcome_name,
            ylabel="probability",
            **bar_kwargs,
        )


class ExactMapping(Mapping[K, "sympy.Rational"]):
    """A read-only mapping key -> exact number, held as Fractions and shown as sympy Rationals.

    Engines answer once, in `fractions.Fraction`; this is how their answers meet the
    public face: item access, iteration over ``values()``/``items()``, ``repr`` and
    `to_dict` give sympy Rationals (``"p/q"`` text in JSON), and
    [`fractions`][dreidelpoker.ExactMapping.fractions] hands the stored Fractions to exact
    inner loops with no conversion. It compares equal to any mapping with the same values.

    Parameters:
        values: key -> exact number (Fractions are stored as they are; ints, sympy
            Rationals and ``"p/q"`` text are read strictly).
        title: a caption for displays.

    Examples:
        >>> from fractions import Fraction
        >>> m = ExactMapping({"a": Fraction(1, 3), "b": Fraction(2, 3)})
        >>> m["a"], m
        (1/3, {'a': 1/3, 'b': 2/3})
        >>> m.fractions()["b"], m.to_dict(), m == {"a": Fraction(1, 3), "b": Fraction(2, 3)}
        (Fraction(2, 3), {'a': '1/3', 'b': '2/3'}, True)
    """

    __slots__ = ("_values", "title")

    def __init__(self, values: Mapping[K, Any], *, title: str = "") -> None:
        if not isinstance(values, Mapping):
            raise InputTypeError(f"values must be a mapping key -> exact number, got {type(values).__name__} "
                                 f"{shorten(values)}")
        if not isinstance(title, str):
            raise InputTypeError(f"title must be text, got {type(title).__name__} {shorten(title)}")
        self._values: dict[K, Fraction] = {
            k: v if type(v) is Fraction else to_fraction(v, what=f"value of {shorten(k)}")
            for k, v in values.items()}
        self.title = title

    def __getitem__(self, key: K) -> sympy.Rational:
        import sympy

        f = self._values[key]
        return sympy.Rational(f.numerator, f.denominator)

    def __iter__(self) -> Iterator[K]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __contains__(self, key: object) -> bool:
        return key in self._values

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ExactMapping):
            return self._values == other._values
        if isinstance(other, Mapping):
            return self._values == dict(other.items())
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a mapping, compared by value

    def fractions(self) -> dict[K, Fraction]:
        """The stored values as `fractions.Fraction` (a new dict), for exact inner loops.

        Returns:
            ``{key: Fraction}`` in key order.

        Examples:
            >>> ExactMapping({"x": "1/4"}).fractions()
            {'x': Fraction(1, 4)}
        """
        return dict(self._values)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe: ``{key: "p/q"}`` (keys as text), the shape of a plain dict of exact numbers."""
        return {_label(k): frac_str(v) for k, v in self._values.items()}

    def __repr__(self) -> str:
        body = ", ".join(f"{k!r}: {frac_str(v)}" for k, v in self._values.items())
        return f"{{{body}}}"  # shown as the dict of Rationals it stands for

    def _repr_html_(self) -> str:
        return table_html(("key", "value"), [(_label(k), v) for k, v in self._values.items()], title=self.title)

    def to_text(self) -> str:
        """A fixed-width text table under the display policy."""
        return text_table(("key", "value"), [(_label(k), v) for k, v in self._values.items()], title=self.title)

    def to_pandas(self, *, exact: bool = False) -> Any:
        """A ``pandas.DataFrame`` with columns ``key`` and ``value``.

        Parameters:
            exact: keep sympy Rationals (object column) instead of floats.

        Returns:
            A ``pandas.DataFrame``, one row per key.

        Examples:
            >>> ExactMapping({"a": "1/4", "b": "3/4"}).to_pandas()["value"].tolist()
            [0.25, 0.75]
        """
        return to_pandas_frame(("key", "value"), [(_label(k), self[k]) for k in self._values], exact=exact)


def _held(v: Any, *, keep_whole: bool = False) -> Any:
    """An exact value as held: any rational number (int, sympy Rational, gmpy2 mpq) as a Fraction,
    through tuples and dicts; floats, bools, None and anything else as they are.

    Records hold every number as a Fraction (``fractions()`` is uniform); table cells pass
    ``keep_whole`` to keep whole numbers that are not sympy's (counts, seats) as they are, since
    JSON and text show those as integers."""
    if type(v) is Fraction or isinstance(v, (bool, float)):
        return v
    if isinstance(v, numbers.Rational):
        if keep_whole and isinstance(v, numbers.Integral) and not _is_sympy(v):
            return v
        return Fraction(int(v.numerator), int(v.denominator))
    if isinstance(v, tuple):
        return tuple(_held(x, keep_whole=keep_whole) for x in v)
    if isinstance(v, dict):
        return {k: _held(x, keep_whole=keep_whole) for k, x in v.items()}
    return v


def _is_sympy(v: object) -> bool:
    sp = loaded_sympy()  # a value can only be a sympy object when sympy is loaded
    return sp is not None and isinstance(v, sp.Basic)


def _shown(v: Any) -> Any:
    """A held value as records and tables show it: Fractions as sympy Rationals, through tuples and dicts."""
    if type(v) is Fraction:
        return to_rational(v)
    if isinstance(v, tuple):
        return tuple(_shown(x) for x in v)
    if isinstance(v, dict):
        return {k: _shown(x) for k, x in v.items()}
    return v


class _HeldExact:
    """The descriptor behind an `ExactRecord` field: stores the Fractions in the instance's
    ``__dict__`` under the field's own name, and shows sympy Rationals when read. Read on the
    class, it gives the field's dataclass default as a plain dataclass would (and raises
    ``AttributeError`` for a field without one, so a dataclass built on top sees no default)."""

    __slots__ = ("name", "default")

    def __init__(self, name: str, default: Any = MISSING) -> None:
        self.name = name
        self.default = default

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        if obj is None:
            if self.default is MISSING:
                raise AttributeError(self.name)
            return self.default
        return _shown(obj.__dict__[self.name])

    def __set__(self, obj: object, value: Any) -> None:
        obj.__dict__[self.name] = _held(value)


class ExactRecord:
    """Base of the result records that hold exact values once.

    A subclass names its exact fields with ``dreidelpoker.exact.hold_exact``,
    written above ``@dataclass``. Each is held as `fractions.Fraction` (tuples and dicts of
    them, too; floats and ``None`` stay as they are) whatever it was built from, and shown
    as a ``sympy.Rational`` when read, so ``repr``, equality, ``dataclasses.replace`` and
    ``to_dict`` see the public face; [`fractions`][dreidelpoker.ExactRecord.fractions]
    hands the held values to exact inner loops with no conversion (and no sympy import).

    Examples:
        >>> from dataclasses import dataclass
        >>> from dreidelpoker.exact import hold_exact
        >>> @hold_exact("win", "by_seat")
        ... @dataclass(frozen=True)
        ... class Odds(ExactRecord):
        ...     name: str
        ...     win: Any
        ...     by_seat: Any = (Fraction(1, 2), Fraction(1, 2))
        >>> odds = Odds("coin", Fraction(1, 2), (Fraction(1, 3), Fraction(2, 3)))
        >>> odds
        Odds(name='coin', win=1/2, by_seat=(1/3, 2/3))
        >>> odds.fractions()["win"], Odds("fair", 1).by_seat
        (Fraction(1, 2), (1/2, 1/2))
    """

    __slots__ = ()
    _exact_fields: ClassVar[tuple[str, ...]] = ()

    def fractions(self) -> dict[str, Any]:
        """The exact fields as held: Fractions (in the field's shape), by field name.

        Returns:
            ``{field name: held value}`` in declaration order.

        Examples:
            >>> from dreidelpoker.games.skirmish import SkirmishRules, pile_card_odds
            >>> pile_card_odds(SkirmishRules()).fractions()["tie"]
            Fraction(1, 17)
        """
        held = self.__dict__
        return {name: held[name] for name in self._exact_fields}


RecordType = TypeVar("RecordType", bound="type[ExactRecord]")


def hold_exact(*names: str) -> Callable[[RecordType], RecordType]:
    """Class decorator of an `ExactRecord` subclass, written above ``@dataclass``: hold these
    fields as Fractions inside and show them as sympy Rationals when read.

    A field may have a default, plain or through ``field(default=..., metadata=...)``: it is
    read from the dataclass fields (``__init__`` holds it like any value given, and the class
    attribute gives it, as for any dataclass field). A record that is no dataclass (it sets
    the fields in its own ``__init__``) is decorated the same way. Subclasses keep their
    parents' exact fields.

    Parameters:
        names: the exact fields, in the order `ExactRecord.fractions` lists them.

    Returns:
        The decorator, which returns the class itself.

    Raises:
        TypeError: when decorating a class that is no `ExactRecord`, naming a field the
            dataclass does not have, or when written below ``@dataclass`` on a field with a
            default (the default would be lost).

    Examples:
        >>> @hold_exact("odds", "bias")
        ... @dataclass(frozen=True)
        ... class Coin(ExactRecord):
        ...     bias: Any
        ...     odds: Any = Fraction(1, 2)
        >>> Coin(0).odds, Coin(0).fractions(), Coin.odds
        (1/2, {'odds': Fraction(1, 2), 'bias': Fraction(0, 1)}, Fraction(1, 2))
    """

    def hold(cls: RecordType) -> RecordType:
        if not (isinstance(cls, type) and issubclass(cls, ExactRecord)):
            raise TypeError(f"hold_exact decorates an ExactRecord subclass, not {cls!r}")  # not input: a class bug
        # This class's own dataclass fields (not a parent's: then @dataclass has not run yet).
        fields: dict[str, dataclasses.Field[Any]] = {}
        if "__dataclass_fields__" in cls.__dict__ and dataclasses.is_dataclass(cls):
            fields = {f.name: f for f in dataclasses.fields(cls)}
        for name in names:
            if fields and name not in fields:
                raise TypeError(f"{cls.__name__} has no dataclass field {name!r} to hold exact")  # not input
            declared = cls.__dict__.get(name, MISSING)
            if not fields and declared is not MISSING and not isinstance(declared, _HeldExact):
                raise TypeError(f"{cls.__name__}.{name}: write @hold_exact above @dataclass, "  # not input
                                "or the dataclass cannot see the default")
            setattr(cls, name, _HeldExact(name, fields[name].default if name in fields else MISSING))
        cls._exact_fields = tuple(dict.fromkeys(cls._exact_fields + names))
        return cls

    return hold


@dataclass(frozen=True)
class ExactTable:
    """A table of records whose cells may be exact numbers.

    Exact cells are held as Fractions (sympy Rationals given are stored as Fractions) and
    shown as sympy Rationals by ``rows``, ``column`` and ``records``;
    [`fractions`][dreidelpoker.ExactTable.fractions] gives the rows as held.

    Examples:
        >>> import sympy
        >>> t = ExactTable(("hand", "probability"), (("GH", sympy.Rational(1, 3)),), title="demo")
        >>> t.to_dict()["rows"]
        [{'hand': 'GH', 'probability': '1/3'}]
        >>> t.column("probability"), t.fractions()[0][1]
        ([1/3], Fraction(1, 3))
    """

    columns: tuple[str, ...]
    _rows: tuple[tuple[Any, ...], ...]
    title: str = ""

    def __post_init__(self) -> None:
        check_field_types(self)
        for r in self._rows:
            if len(r) != len(self.columns):
                raise InputError(f"row {r!r} has {len(r)} cells, expected {len(self.columns)}")
        held = tuple(tuple(_held(v, keep_whole=True) for v in r) for r in self._rows)
        object.__setattr__(self, "_rows", held)

    @property
    def rows(self) -> tuple[tuple[Any, ...], ...]:
        """The rows, exact cells as sympy Rationals."""
        return tuple(tuple(_shown(v) for v in r) for r in self._rows)

    def fractions(self) -> tuple[tuple[Any, ...], ...]:
        """The rows as held: exact cells as `fractions.Fraction`, for inner loops.

        Returns:
            The rows, one tuple of cells each.

        Examples:
            >>> ExactTable(("p",), (("1/4",), (Fraction(1, 2),))).fractions()
            (('1/4',), (Fraction(1, 2),))
        """
        return self._rows

    def column(self, name: str) -> list[Any]:
        try:
            i = self.columns.index(name)
        except ValueError:
            raise KeyError(f"no column {name!r}; columns are {list(self.columns)}") from None
        return [r[i] for r in self.rows]

    def records(self) -> list[dict[str, Any]]:
        return [dict(zip(self.columns, r)) for r in self.rows]

    def __len__(self) -> int:
        return len(self._rows)

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "columns": list(self.columns),
                "rows": to_jsonable([dict(zip(self.columns, r)) for r in self._rows])}

    def _repr_html_(self) -> str:
        return table_html(self.columns, self._rows, title=self.title)

    def to_pandas(self, *, exact: bool = False) -> Any:
        """A ``pandas.DataFrame`` of the rows.

        Parameters:
            exact: keep sympy Rationals (object columns) instead of floats.

        Returns:
            A ``pandas.DataFrame`` with this table's columns.

        Examples:
            >>> import sympy
            >>> t = ExactTable(("hand", "p"), (("GH", sympy.Rational(1, 3)),))
            >>> t.to_pandas(exact=True)["p"][0]
            1/3
        """
        return to_pandas_frame(self.columns, self.rows if exact else self._rows, exact=exact)

    def __repr__(self) -> str:
        lines = [" | ".join(self.columns)]
        for r in self._rows:
            lines.append(" | ".join(frac_str(v) if type(v) is Fraction else str(v) for v in r))
        head = f"ExactTable({self.title!r})\n" if self.title else "ExactTable\n"
        return head + "\n".join(lines)

    def to_text(self) -> str:
        """A fixed-width text rendering under the display policy (used by the CLI)."""
        return text_table(self.columns, self._rows, title=self.title)

    def plot(self, x: str, y: str, ax: Any = None, **bar_kwargs: Any) -> Any:
        """Bar chart of column ``y`` against column ``x``."""
        from .plotting import bar_chart

        return bar_chart(
            [str(v) for v in self.column(x)],
            [float(v) for v in self.column(y)],
            ax=ax,
            title=self.title,
            xlabel=x,
            ylabel=y,
            **bar_kwargs,
        )


@dataclass(frozen=True)
class ExactMatrix:
    """A labelled matrix of exact numbers (e.g. heads-up equities), drawable as a heatmap.

    The numbers are held as Fractions and shown as sympy Rationals (``values``, item
    access); [`fractions`][dreidelpoker.ExactMatrix.fractions] gives them as held.

    Examples:
        >>> import sympy
        >>> m = ExactMatrix(("a", "b"), ("x",), ((sympy.Rational(1, 2),), (sympy.Integer(1),)))
        >>> m["b", "x"], m.fractions()[0][0]
        (1, Fraction(1, 2))
    """

    row_labels: tuple[str, ...]
    col_labels: tuple[str, ...]
    _values: tuple[tuple[Any, ...], ...]
    title: str = ""
    value_name: str = "value"

    def __post_init__(self) -> None:
        check_field_types(self)
        if len(self._values) != len(self.row_labels) or any(
            len(r) != len(self.col_labels) for r in self._values
        ):
            raise InputError("matrix shape does not match its labels")
        object.__setattr__(self, "_values", tuple(tuple(to_fraction(v, what="matrix value") for v in r)
                                                  for r in self._values))

    @property
    def values(self) -> tuple[tuple[sympy.Rational, ...], ...]:
        """The matrix, row by row, as sympy Rationals."""
        return tuple(tuple(to_rational(v) for v in r) for r in self._values)

    def fractions(self) -> tuple[tuple[Fraction, ...], ...]:
        """The matrix as held, in `fractions.Fraction`, for inner loops.

        Returns:
            The rows of the matrix.

        Examples:
            >>> ExactMatrix(("a",), ("x",), (("1/3",),)).fractions()
            ((Fraction(1, 3),),)
        """
        return self._values

    def __getitem__(self, key: tuple[str, str]) -> sympy.Rational:
        r, c = key
        return to_rational(self._values[self.row_labels.index(r)][self.col_labels.index(c)])

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "rows": list(self.row_labels),
            "columns": list(self.col_labels),
            "values": [[frac_str(v) for v in r] for r in self._values],
        }

    def as_table(self) -> ExactTable:
        return ExactTable(
            ("",) + self.col_labels,
            tuple((lab,) + tuple(r) for lab, r in zip(self.row_labels, self._values)),
            title=self.title,
        )

    def _repr_html_(self) -> str:
        return self.as_table()._repr_html_()

    def to_text(self) -> str:
        """A fixed-width text rendering under the display policy."""
        return self.as_table().to_text()

    def to_pandas(self, *, exact: bool = False) -> Any:
        """A ``pandas.DataFrame`` indexed by the row labels.

        Parameters:
            exact: keep sympy Rationals (object columns) instead of floats.

        Returns:
            A ``pandas.DataFrame`` with one column per column label.

        Examples:
            >>> import sympy
            >>> m = ExactMatrix(("a",), ("x", "y"), ((sympy.Rational(1, 2), sympy.Integer(1)),))
            >>> m.to_pandas().loc["a", "x"]
            np.float64(0.5)
        """
        df = to_pandas_frame(self.col_labels, self.values if exact else self._values, exact=exact)
        df.index = list(self.row_labels)
        return df

    def __repr__(self) -> str:
        return repr(self.as_table()).replace("ExactTable", "ExactMatrix", 1)

    def _repr_latex_(self) -> str:
        import sympy

        m = sympy.Matrix([list(r) for r in self.values])
        return f"${sympy.latex(m)}$"

    def plot(self, ax: Any = None, *, cmap: str = "RdYlGn", annotate: bool = True) -> Any:
        """A heatmap with the decimal values written in the cells."""
        from .plotting import heatmap

        return heatmap(
            [[float(v) for v in r] for r in self._values],
            row_labels=list(self.row_labels),
            col_labels=list(self.col_labels),
            ax=ax,
            title=self.title,
            cmap=cmap,
            annotate=annotate,
            colorbar_label=self.value_name,
        )
