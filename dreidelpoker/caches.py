"""The library's caches: every one is bounded, keyed by value, and cleared by [`clear_caches`][dreidelpoker.clear_caches].

A module caches a pure function with [`bounded_cache`][dreidelpoker.caches.bounded_cache] (a
`functools.lru_cache` that also registers itself here). Keys are the function's
arguments, which must hash by value: ints, strings, tuples and frozen dataclasses such
as the rules objects, never objects hashed by ``id()``.

Examples:
    >>> import dreidelpoker as dp
    >>> from dreidelpoker.games import dice_poker
    >>> dice_poker.category_table().count("Six of a kind")
    20
    >>> dp.clear_caches()  # frees memory; the next call computes afresh
    >>> dp.cache_info()["dreidelpoker.games.dice_poker.space.keys_for_dice"].currsize
    0
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

from .validation import check_count

__all__ = ["ValueCache", "bounded_cache", "cache_info", "clear_caches"]

F = TypeVar("F", bound=Callable[..., Any])
_CACHED: dict[str, Any] = {}


class CacheInfo(NamedTuple):
    """Hits, misses, bound and current size of one cache."""

    hits: int
    misses: int
    maxsize: int | None
    currsize: int


def bounded_cache(maxsize: int) -> Callable[[F], F]:
    """Cache a pure function in a least-recently-used cache of at most ``maxsize`` entries
    and register it for [`clear_caches`][dreidelpoker.clear_caches].

    Parameters:
        maxsize: the most entries kept (a positive integer); the least recently used go first.

    Returns:
        A decorator that caches the function it wraps and registers the cache.

    Raises:
        ValueError: if ``maxsize`` is not a positive integer.

    Examples:
        >>> @bounded_cache(maxsize=2)
        ... def square(x: int) -> int:
        ...     return x * x
        >>> square(3), cache_info()[f"{__name__}.square"].maxsize
        (9, 2)
    """
    check_count(maxsize, "maxsize", low=1, high=None)

    def decorate(func: F) -> F:
        cached = functools.lru_cache(maxsize=maxsize)(func)
        _CACHED[f"{func.__module__}.{func.__qualname__}"] = cached
        return cached  # type: ignore[return-value]

    return decorate


class ValueCache(dict[Any, Any]):
    """A plain dict cache for hot paths, bounded (emptied when full) and registered for
    [`clear_caches`][dreidelpoker.clear_caches]; the caller builds the key from values (cheaper to hash than a
    whole rules object).

    Examples:
        >>> squares = ValueCache("doctest.squares", maxsize=2)
        >>> squares.remember(3, lambda: 9), squares.remember(3, lambda: 0)
        (9, 9)
        >>> clear_caches(); len(squares)
        0
    """

    def __init__(self, name: str, *, maxsize: int) -> None:
        super().__init__()
        self.maxsize = maxsize
        self.hits = self.misses = 0
        _CACHED[name] = self

    def remember(self, key: Any, compute: Callable[[], Any]) -> Any:
        """The value under ``key``, computed by ``compute()`` on a miss."""
        found = self.get(key)
        if found is None:
            self.misses += 1
            if len(self) >= self.maxsize:
                self.clear()
            found = self[key] = compute()
        else:
            self.hits += 1
        return found

    def cache_clear(self) -> None:
        self.clear()

    def cache_info(self) -> tuple[int, int, int, int]:
        return self.hits, self.misses, self.maxsize, len(self)


def clear_caches() -> None:
    """Empty every cache of the library (memory back; the next calls compute afresh).

    Examples:
        >>> clear_caches()
    """
    for cached in _CACHED.values():
        cached.cache_clear()


def cache_info() -> dict[str, CacheInfo]:
    """Each registered cache by its function's full name, with hits, misses and sizes.

    Returns:
        ``{function name: CacheInfo(hits, misses, maxsize, currsize)}`` for every bounded cache.
    """
    return {name: CacheInfo(*cached.cache_info()) for name, cached in sorted(_CACHED.items())}
