"""The project's own exceptions: bad input named as such, so a bug is never mistaken for it.

Every check of user input in dreidelpoker raises [`InputError`][dreidelpoker.InputError] (a ``ValueError``)
or [`InputTypeError`][dreidelpoker.InputTypeError] (also a ``TypeError``), with a message that names the
argument, shows the bad value (shortened with [`shorten`][dreidelpoker.errors.shorten]) and says what is allowed.
Callers who catch ``ValueError`` / ``TypeError`` keep working. The command line turns
exactly these two into one line on stderr and exit code 2; any other exception is a bug
and is reported as an internal error (its traceback and a request to report it).

Examples:
    >>> import dreidelpoker as dp
    >>> try:
    ...     dp.classic_dreidel.ClassicDreidelRules(players=1)
    ... except dp.InputError as exc:
    ...     print(exc)
    players must be an integer from 2 to 8, got 1
"""

from __future__ import annotations

from typing import Any

__all__ = ["InputError", "InputTypeError", "ResourceLimitError", "shorten"]


class InputError(ValueError):
    """Bad input: the message names the argument, the (shortened) bad value and what is allowed.

    Examples:
        >>> issubclass(InputError, ValueError)
        True
    """


class InputTypeError(InputError, TypeError):
    """Input of the wrong type (``None`` where a deck is wanted, a float where an exact number is).

    It is both an [`InputError`][dreidelpoker.InputError] and a ``TypeError``.

    Examples:
        >>> issubclass(InputTypeError, TypeError) and issubclass(InputTypeError, InputError)
        True
    """


class ResourceLimitError(InputError):
    """Valid input whose work or memory would pass a documented limit; the message names the
    option that raises the limit.

    Examples:
        >>> issubclass(ResourceLimitError, InputError)
        True
    """


def shorten(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut in the middle to about ``limit`` characters, for error messages.

    Very long ints are not converted to text at all (Python refuses past 4300 digits);
    their size is given instead.

    Parameters:
        value: the bad value.
        limit: the longest text to return (at least 20).

    Returns:
        The repr, or its start and end joined by ``…`` with the original length.

    Examples:
        >>> shorten("abc")
        "'abc'"
        >>> shorten("x" * 200, limit=30)
        "'xxxxxxxxxxxxx…xxxxxxx' (202 characters)"
        >>> shorten(10 ** 5000)
        'an integer of 5001 digits'
    """
    limit = max(20, limit)
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3 * limit:
        digits = len(str(abs(value))) if value.bit_length() < 14_000 else int(value.bit_length() * 0.30103) + 1
        return f"an integer of {digits} digits"
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    if len(text) <= limit:
        return text
    keep = limit - 8
    head, tail = text[: keep * 2 // 3], text[-(keep - keep * 2 // 3):]
    return f"{head}…{tail} ({len(text)} characters)"
