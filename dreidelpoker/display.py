"""One display policy for every exact number the library shows.

Results hold exact sympy ``Rational`` values. People read decimals, so every table,
``_repr_html_``, ``to_text()``, the CLI's human output and the widgets format numbers
through this module:

* a readable decimal first;
* the exact fraction beside it when it is short (``options.display.max_exact_digits``
  digits in the denominator, 7 by default, so that the 7-digit
  denominators of Domino Poker's 28-tile deals still show in full);
* otherwise an abbreviated fraction (``4945…/1938…``), with the full value one step away:
  the HTML ``title`` tooltip, a "copy exact" button, ``to_dict()`` (``"p/q"`` strings) and
  the result's own fields, which are exact.

The policy is a user setting, in the spirit of pandas options::

    import dreidelpoker as dp
    dp.options.display.exact = "always"   # "auto" (default), "always" or "never"
    with dp.option_context(exact="never", decimals=3):
        ...

Tables are wrapped in a horizontally scrolling container, so one long value never widens
a table past the page, in Jupyter, Voilà and on the docs site alike.

Examples:
    >>> import sympy
    >>> number_text(sympy.Rational(7, 22))
    '0.318182 (7/22)'
    >>> with option_context(exact="never"):
    ...     number_text(sympy.Rational(7, 22))
    '0.318182'
    >>> number_text(sympy.Rational(1, 3), percent=True)
    '33.33% (1/3)'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, Literal

from ._fractions import decimal_str, frac_str, int_str, to_fraction
from .errors import InputError, InputTypeError
from .validation import check_count

__all__ = [
    "DisplayOptions", "options", "option_context", "decimal_text", "number_text", "number_html",
    "table_html", "text_table", "exact_text", "to_pandas_frame", "Html", "TABLE_CSS",
]

ExactMode = Literal["auto", "always", "never"]
_EXACT_MODES: tuple[str, ...] = ("auto", "always", "never")


class DisplayOptions:
    """The display settings; reach them as ``dreidelpoker.options.display``.

    Attributes:
        exact: ``"auto"`` shows the exact fraction beside the decimal when its
            denominator has at most ``max_exact_digits`` digits, and an abbreviated
            fraction (full value in a tooltip) otherwise; ``"always"`` always shows the
            full fraction; ``"never"`` shows decimals only.
        decimals: digits after the decimal point (percentages use ``decimals - 4``,
            at least 1).
        max_exact_digits: the longest denominator shown in full under ``"auto"``.

    Raises:
        InputError: (a ValueError) when a setting gets a value outside what is allowed.

    Examples:
        >>> o = DisplayOptions()
        >>> o.exact = "sometimes"
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: options.display.exact must be one of 'auto', 'always', 'never'; got 'sometimes'
    """

    def __init__(self) -> None:
        self._exact: ExactMode = "auto"
        self._decimals = 6
        self._max_exact_digits = 7

    @property
    def exact(self) -> ExactMode:
        return self._exact

    @exact.setter
    def exact(self, value: str) -> None:
        if value not in _EXACT_MODES:
            allowed = ", ".join(repr(m) for m in _EXACT_MODES)
            raise InputError(f"options.display.exact must be one of {allowed}; got {value!r}")
        self._exact = value  # type: ignore[assignment]

    @property
    def decimals(self) -> int:
        return self._decimals

    @decimals.setter
    def decimals(self, value: int) -> None:
        self._decimals = _check_int("decimals", value, 1, 50)

    @property
    def max_exact_digits(self) -> int:
        return self._max_exact_digits

    @max_exact_digits.setter
    def max_exact_digits(self, value: int) -> None:
        self._max_exact_digits = _check_int("max_exact_digits", value, 1, 10_000)

    def reset(self) -> None:
        """Restore the defaults (``exact="auto"``, 6 decimals, 7-digit denominators)."""
        self.__init__()  # type: ignore[misc]

    def __repr__(self) -> str:
        return (f"DisplayOptions(exact={self.exact!r}, decimals={self.decimals}, "
                f"max_exact_digits={self.max_exact_digits})")


def _escape(text: str) -> str:
    """``html.escape``, imported on first use: a process that never writes HTML does not load html."""
    from html import escape

    return escape(text)


def _check_int(name: str, value: Any, lo: int, hi: int) -> int:
    return check_count(value, f"options.display.{name}", low=lo, high=hi)


class _Options:
    """Namespace of the library's user settings (``dreidelpoker.options``)."""

    def __init__(self) -> None:
        self.display = DisplayOptions()

    def __repr__(self) -> str:
        return f"options(display={self.display!r})"


options = _Options()


@contextmanager
def option_context(**settings: Any) -> Iterator[DisplayOptions]:
    """Temporarily change display options; they are restored on exit.

    Parameters:
        **settings: any of ``exact``, ``decimals``, ``max_exact_digits``.

    Returns:
        A context manager giving the (changed) `DisplayOptions`.

    Raises:
        ValueError: for an unknown setting or a bad value.

    Examples:
        >>> with option_context(exact="always") as o:
        ...     o.exact
        'always'
        >>> options.display.exact
        'auto'
    """
    d = options.display
    saved = (d.exact, d.decimals, d.max_exact_digits)
    try:
        for name, value in settings.items():
            if name not in ("exact", "decimals", "max_exact_digits"):
                raise InputError(
                    f"unknown display option {name!r}; allowed: 'exact', 'decimals', 'max_exact_digits'"
                )
            setattr(d, name, value)
        yield d
    finally:
        d._exact, d._decimals, d._max_exact_digits = saved


# -- numbers ------------------------------------------------------------------------


def _as_fraction(value: Any) -> Fraction | None:
    """The value as a Fraction when it is an exact rational (not text, not a bool), else None."""
    if isinstance(value, (bool, str)):
        return None
    try:
        return to_fraction(value)
    except (InputError, InputTypeError):
        return None


def decimal_text(value: Any, digits: int | None = None) -> str:
    """A decimal rendering of an exact number, computed with integer arithmetic.

    Rounds half to even at ``digits`` places (default ``options.display.decimals``) through
    `dreidelpoker._fractions.decimal_str`, so rationals of any size work (no float
    overflow). Values too small to show at that precision are written in scientific
    notation with 3 significant digits.

    Parameters:
        value: an int, Fraction, sympy Rational or float.
        digits: digits after the decimal point.

    Returns:
        The decimal string.

    Examples:
        >>> import sympy
        >>> decimal_text(sympy.Rational(2, 3))
        '0.666667'
        >>> decimal_text(sympy.Rational(1, 10**40), 4)
        '1.00e-40'
        >>> decimal_text(sympy.Rational(10**400 + 1, 3), 2)
        '3.33e+399'
    """
    d = options.display.decimals if digits is None else digits
    f = _as_fraction(value)
    if f is None:
        if isinstance(value, float):
            return f"{value:.{d}f}"
        return str(value)
    if f != 0 and f.denominator != 1 and 2 * abs(f.numerator) * 10**d < f.denominator:
        return ("-" if f < 0 else "") + _scientific(abs(f.numerator), f.denominator)
    return decimal_str(f, d)


def _scientific(p: int, q: int, sig: int = 3) -> str:
    """``p/q`` (0 < p/q < 1) as ``m.mme-k`` with integer arithmetic."""
    e = len(int_str(p)) - len(int_str(q))
    # scale so that the mantissa lands in [1, 10)
    while True:
        num, den = (p * 10 ** (-e), q) if e < 0 else (p, q * 10**e)
        if num >= den * 10:
            e += 1
        elif num < den:
            e -= 1
        else:
            break
    scaled, rem = divmod(num * 10 ** (sig - 1), den)
    if 2 * rem >= den:
        scaled += 1
    if scaled >= 10**sig:
        scaled //= 10
        e += 1
    s = str(scaled)
    return f"{s[0]}.{s[1:]}e{e:+03d}" if e < 0 else f"{s[0]}.{s[1:]}e+{e:02d}"


def _percent_text(f: Fraction, digits: int | None) -> str:
    d = max(1, (options.display.decimals if digits is None else digits) - 4)
    return decimal_text(f * 100, d) + "%"


def exact_text(value: Any) -> str:
    """The full exact value as ``"p/q"`` (or ``"p"``); other values as ``str``.

    Parameters:
        value: a number (int, Fraction, sympy Rational) or anything else.

    Returns:
        The exact text, never abbreviated.

    Examples:
        >>> import sympy
        >>> exact_text(sympy.Rational(6, 8))
        '3/4'
    """
    f = _as_fraction(value)
    if f is None:
        return str(value)
    return frac_str(f)


def _abbreviated(f: Fraction, keep: int = 4) -> str:
    def cut(n: int) -> str:
        s = int_str(n)
        return s if len(s) <= keep + 1 else s[:keep] + "…"

    sign = "-" if f < 0 else ""
    return f"{sign}{cut(abs(f.numerator))}/{cut(f.denominator)}"


def _fraction_shown(f: Fraction) -> tuple[str | None, bool]:
    """(fraction text to show beside the decimal or None, whether it is abbreviated)."""
    mode = options.display.exact
    if f.denominator == 1 or mode == "never":
        return None, False
    full = exact_text(f)
    if mode == "always" or f.denominator < 10**options.display.max_exact_digits:
        return full, False
    return _abbreviated(f), True


def number_text(value: Any, *, digits: int | None = None, percent: bool = False) -> str:
    """A number for plain text under the display policy: decimal first, fraction beside.

    Parameters:
        value: an exact number (anything else is passed through ``str``).
        digits: decimal places (default ``options.display.decimals``).
        percent: write the decimal as a percentage.

    Returns:
        e.g. ``"0.318182 (7/22)"``, or ``"0.255184 (4945…/1938…)"`` for a long fraction.

    Examples:
        >>> import sympy
        >>> number_text(sympy.Rational(10**20 + 1, 3 * 10**20))
        '0.333333 (1000…/3000…)'
        >>> number_text(5)
        '5'
    """
    f = _as_fraction(value)
    if f is None:
        return decimal_text(value, digits) if isinstance(value, float) else str(value)
    if f.denominator == 1:
        return int_str(f.numerator)
    dec = _percent_text(f, digits) if percent else decimal_text(f, digits)
    shown, _ = _fraction_shown(f)
    return dec if shown is None else f"{dec} ({shown})"


def number_html(value: Any, *, digits: int | None = None, percent: bool = False) -> str:
    """A number as HTML under the display policy.

    The decimal comes first; the fraction follows in a ``dp-exact`` span. The full exact
    value is always in the ``title`` tooltip; when the fraction is abbreviated a small
    "copy exact" button puts the full ``p/q`` on the clipboard.

    Parameters:
        value: an exact number (anything else is escaped and shown as text).
        digits: decimal places (default ``options.display.decimals``).
        percent: write the decimal as a percentage.

    Returns:
        An HTML fragment (a ``<span>``).

    Examples:
        >>> import sympy
        >>> number_html(sympy.Rational(1, 4))
        '<span class="dp-num" title="1/4">0.250000 <small class="dp-exact">(1/4)</small></span>'
    """
    f = _as_fraction(value)
    if f is None:
        text = decimal_text(value, digits) if isinstance(value, float) else str(value)
        return _escape(text)
    if f.denominator == 1:
        return int_str(f.numerator)
    full = exact_text(f)
    dec = _percent_text(f, digits) if percent else decimal_text(f, digits)
    shown, abbreviated = _fraction_shown(f)
    out = f'<span class="dp-num" title="{full}">{dec}'
    if shown is not None:
        # An abbreviated fraction ("2632…/7553…") is marked dp-long: phones drop it (TABLE_CSS),
        # keeping the decimal, the tooltip and the copy button.
        out += f' <small class="dp-exact{" dp-long" if abbreviated else ""}">({shown})</small>'
    if abbreviated:
        out += (f'<button class="dp-copy" type="button" data-exact="{full}" title="copy the exact value" '
                'onclick="navigator.clipboard &amp;&amp; navigator.clipboard.writeText(this.dataset.exact)">'
                "⧉</button>")
    return out + "</span>"


# -- tables -------------------------------------------------------------------------


class Html(str):
    """A string that [`table_html`][dreidelpoker.display.table_html] inserts as HTML (not escaped).

    Examples:
        >>> table_html(["x"], [[Html("<b>1</b>")]]).count("<b>1</b>")
        1
    """

    __slots__ = ()

TABLE_CSS = (
    ".dp-scroll{overflow-x:auto;max-width:100%;margin:0.4em 0}"
    ".dp-scroll table.dp-table{border-collapse:collapse;width:auto;margin:0}"
    ".dp-table th,.dp-table td{padding:0.25em 0.7em;text-align:right;white-space:nowrap;"
    "border-bottom:1px solid rgba(128,128,128,0.3)}"
    ".dp-table th:first-child,.dp-table td:first-child{text-align:left}"
    ".dp-table caption{caption-side:top;text-align:left;font-weight:bold;padding:0.2em 0}"
    ".dp-exact{opacity:0.7}"
    ".dp-table .dp-wrap{white-space:normal}"
    ".dp-copy{border:none;background:none;cursor:pointer;padding:0 0.2em;opacity:0.6;font-size:0.85em}"
    # Phones: the table takes the screen's width and no more where it can (headers and long
    # notes wrap), abbreviated fractions give way, and fractions stay beside the first two
    # columns only, so that the first columns (what decides) fit on the screen; every exact
    # value stays in its tooltip, the copy button and to_pandas().
    "@media (max-width:600px){.dp-scroll table.dp-table{width:100%}.dp-table th{white-space:normal}"
    ".dp-table .dp-long,.dp-table td:nth-child(n+3) .dp-exact{display:none}}"
)


def table_html(
    columns: Sequence[str],
    rows: Sequence[Sequence[Any]],
    *,
    title: str = "",
    percent_columns: Sequence[str] = (),
    css_class: str = "",
    raw_html: bool = False,
    row_styles: Sequence[str] | None = None,
) -> str:
    """An HTML table in a horizontally scrolling container, numbers under the display policy.

    Parameters:
        columns: the header cells (escaped).
        rows: the cells; exact numbers go through [`number_html`][dreidelpoker.display.number_html], other values are
            escaped text unless ``raw_html`` is true (then strings are inserted as HTML).
        title: an optional caption.
        percent_columns: columns whose numbers are shown as percentages.
        css_class: an extra class for the ``<table>``.
        raw_html: treat every string cell as an HTML fragment (or wrap single cells in
            [`Html`][dreidelpoker.display.Html]).
        row_styles: optional inline CSS per row (e.g. a highlight), one per row.

    Returns:
        ``<div class="dp-scroll">…<table class="dp-table">…</table></div>``.

    Examples:
        >>> import sympy
        >>> "overflow-x:auto" in table_html(["x"], [[sympy.Rational(1, 3)]])
        True
    """
    pct = {i for i, c in enumerate(columns) if c in percent_columns}

    def cell(i: int, v: Any) -> str:
        if isinstance(v, str):
            return v if raw_html or isinstance(v, Html) else _escape(v)
        return number_html(v, percent=i in pct)

    head = "".join(f"<th>{_escape(str(c))}</th>" for c in columns)
    styles = list(row_styles) if row_styles is not None else [""] * len(rows)
    body = "".join(
        (f'<tr style="{st}">' if st else "<tr>") + "".join(f"<td>{cell(i, v)}</td>" for i, v in enumerate(r))
        + "</tr>"
        for r, st in zip(rows, styles)
    )
    caption = f"<caption>{_escape(title)}</caption>" if title else ""
    cls = "dp-table" + (f" {css_class}" if css_class else "")
    return (
        f'<div class="dp-scroll" style="overflow-x:auto;max-width:100%"><style>{TABLE_CSS}</style>'
        f'<table class="{cls}">{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'
    )


def text_table(
    columns: Sequence[str], rows: Sequence[Sequence[Any]], *, title: str = "", percent_columns: Sequence[str] = ()
) -> str:
    """A fixed-width text table, numbers under the display policy (used by ``to_text`` and the CLI).

    Parameters:
        columns: the column headings.
        rows: the cells; strings are shown as they are, numbers under the display policy.
        title: a line above the table.
        percent_columns: headings of the columns shown as percentages.

    Returns:
        The table as lines of text.

    Examples:
        >>> import sympy
        >>> print(text_table(["hand", "p"], [["GG", sympy.Rational(1, 66)]]))
        hand  p
        ----  ---------------
        GG    0.015152 (1/66)
    """
    pct = {i for i, c in enumerate(columns) if c in percent_columns}
    cells = [[str(c) for c in columns]] + [
        [v if isinstance(v, str) else number_text(v, percent=i in pct) for i, v in enumerate(r)] for r in rows
    ]
    widths = [max(len(row[i]) for row in cells) for i in range(len(columns))]
    out = [title] if title else []
    for j, row in enumerate(cells):
        out.append("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
        if j == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


def to_pandas_frame(columns: Sequence[str], rows: Sequence[Sequence[Any]], *, exact: bool = False) -> Any:
    """A ``pandas.DataFrame`` of the rows; exact numbers become floats unless ``exact``.

    Parameters:
        columns: column names.
        rows: the cells.
        exact: keep sympy Rationals (object columns) instead of floats.

    Returns:
        A ``pandas.DataFrame``.

    Examples:
        >>> import sympy
        >>> to_pandas_frame(["x"], [[sympy.Rational(1, 4)]])["x"].tolist()
        [0.25]
    """
    import pandas as pd

    def conv(v: Any) -> Any:
        if exact:
            return v
        f = _as_fraction(v)
        if f is None:
            return v
        return f.numerator if f.denominator == 1 else float(f)

    return pd.DataFrame([[conv(v) for v in r] for r in rows], columns=list(columns))
