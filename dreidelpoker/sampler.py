"""The one sampler: every chance draw of a whole game, the dealer's and each seat's.

A [`Sampler`][dreidelpoker.sampler.Sampler] sits on one numpy ``Generator`` (the game's chance generator, or a
seat's) and draws exactly uniform integers from it by rejection on 62-bit words read in
blocks (one numpy call per 512 to 8,192 draws instead of one per draw: a call costs more
than the move it decides). Everything else is built on those integers in plain Python, so
a seeded game is the same game on any machine, any numpy build, serially, on processes and
on Dask: ``integers``, ``random``, ``choice``, ``permutation``, ``weighted`` (integer
weights, as chance nodes give them), and ``block``/``advance`` for a game's batch path.
The words are the top 62 bits of the generator's raw 64-bit output
(``bit_generator.random_raw``), which is what ``Generator.integers(0, 2**62)`` keeps too.

The generator is made on the first draw (making one costs about as much as several moves,
and many bots never draw). Anything the sampler does not offer (a vectorised numpy draw)
uses [`Sampler.generator`][dreidelpoker.sampler.Sampler.generator], the same generator; mixing the two is deterministic too.

Examples:
    >>> s = Sampler(np.random.SeedSequence(7))
    >>> t = Sampler(np.random.SeedSequence(7))
    >>> [s.integers(6) for _ in range(5)] == [t.integers(6) for _ in range(5)]
    True
    >>> sorted(s.permutation(4)), s.choice("GHNS") in "GHNS", 0 <= s.random() < 1
    ([0, 1, 2, 3], True, True)
    >>> s.weighted([("heads", 1), ("tails", 0)])
    'heads'
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import numpy as np

__all__ = ["Sampler"]

T = TypeVar("T")

#: Bit generators whose raw output is one 64-bit word per 64-bit draw (numpy's own
#: ``next_uint64``), so ``random_raw`` gives the words ``integers`` is made from.
_RAW_64 = (np.random.PCG64, np.random.PCG64DXSM, np.random.Philox, np.random.SFC64)
_BITS = 62
_WORD_LIMIT = 1 << _BITS


#: The longest shuffle drawn in one numpy pass (the tables below are cached per length).
_FAST_SHUFFLE = 4096


@functools.lru_cache(maxsize=64)
def _shuffle_tables(n: int) -> tuple[np.ndarray, np.ndarray]:
    """For a shuffle of ``n`` items: the totals of its draws (``n, n - 1, ... 2``) and each
    draw's rejection limit (the largest multiple of the total that fits in a word)."""
    totals = np.arange(n, 1, -1, dtype=np.uint64)
    return totals, (np.uint64(_WORD_LIMIT) // totals) * totals


class Sampler:
    """Exactly uniform draws from one numpy generator (see the module docstring).

    Parameters:
        seed: the generator, or what makes it on the first draw (a ``SeedSequence`` or an int).

    Examples:
        >>> Sampler(3).integers(1, 7) in range(1, 7)
        True
    """

    __slots__ = ("_seed", "_rng", "_buf", "_words", "_i")

    def __init__(self, seed: np.random.Generator | np.random.SeedSequence | int) -> None:
        self._seed = seed
        self._rng: np.random.Generator | None = seed if isinstance(seed, np.random.Generator) else None
        self._buf: list[int] = []
        self._words = np.zeros(0, dtype=np.uint64)  # the block of words as an array (for block())
        self._i = 0

    @property
    def generator(self) -> np.random.Generator:
        """The numpy generator the draws come from (made on first use)."""
        if self._rng is None:
            self._rng = np.random.default_rng(self._seed)
        return self._rng

    def __repr__(self) -> str:
        return f"Sampler({self.generator!r})"

    def _refill(self) -> None:
        # The same words whatever the block sizes, so blocks grow (512, 1024, ... 8192).
        size = min(8192, max(512, 2 * len(self._words)))
        rng = self.generator
        bits = rng.bit_generator
        if type(bits) in _RAW_64:
            self._words = bits.random_raw(size) >> np.uint64(64 - _BITS)
        else:  # a bit generator whose raw output is not one 64-bit word a draw (MT19937)
            self._words = rng.integers(0, _WORD_LIMIT, size=size, dtype=np.int64).astype(np.uint64)
        self._buf = []  # the words as a list, made by _word when it needs them
        self._i = 0

    def _word(self) -> int:
        if self._i >= len(self._buf):
            if self._i >= len(self._words):
                self._refill()
            self._buf = self._words.tolist()
        x = self._buf[self._i]
        self._i += 1
        return x

    def integers(self, low: int, high: int | None = None) -> int:
        """A uniform integer in ``0 .. low - 1`` (one argument) or ``low .. high - 1``.

        Parameters:
            low: the number of values (one argument), or the lowest value.
            high: one past the highest value.

        Returns:
            The integer (a Python ``int``).

        Raises:
            ValueError: an empty range (a bug of the caller, not input).
        """
        if high is None:
            low, high = 0, low
        total = high - low
        if total <= 0:
            raise ValueError(f"integers() needs a non-empty range, got {low} .. {high - 1}")  # not input: a bug
        if total < _WORD_LIMIT:
            limit = (_WORD_LIMIT // total) * total
            while True:
                x = self._word()
                if x < limit:
                    return low + x % total
        bits = total.bit_length()  # huge ranges: exact rejection on raw bytes
        while True:
            r = int.from_bytes(self.generator.bytes((bits + 7) // 8), "little") >> (-bits % 8)
            if r < total:
                return low + r

    def random(self) -> float:
        """A uniform float in ``[0, 1)`` (53 random bits).

        Returns:
            The float.
        """
        return (self._word() >> (_BITS - 53)) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """One of ``items``, each equally likely.

        Parameters:
            items: a non-empty sequence.

        Returns:
            The item.
        """
        return items[self.integers(len(items))]

    def permutation(self, items: int | Sequence[T]) -> list[Any]:
        """A uniformly shuffled copy (Fisher-Yates): of ``range(items)`` for an int.

        Parameters:
            items: a count or a sequence.

        Returns:
            A new list.
        """
        out: list[Any] = list(range(items)) if isinstance(items, int) else list(items)
        n = len(out)
        # The n - 1 draws of the shuffle in one numpy pass when they all sit in the current block
        # and none is rejected (a word is rejected with odds below n / 2**62): the draws
        # ``integers`` would make one by one. Otherwise (rarely) one draw at a time.
        i0 = self._i
        if 2 < n <= _FAST_SHUFFLE and i0 + n - 1 <= len(self._words):
            totals, limits = _shuffle_tables(n)
            words = self._words[i0:i0 + n - 1]
            if (words < limits).all():
                self._i = i0 + n - 1
                for i, j in zip(range(n - 1, 0, -1), (words % totals).tolist()):
                    out[i], out[j] = out[j], out[i]
                return out
        for i in range(n - 1, 0, -1):
            j = self.integers(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def weighted(self, outcomes: Iterable[tuple[T, int]]) -> T:
        """An outcome drawn with probability weight / total (integer weights, as a chance node's
        ``chance_outcomes()`` gives them).

        Parameters:
            outcomes: ``(outcome, weight)`` pairs, weights non-negative integers, some positive.

        Returns:
            The outcome.

        Raises:
            ValueError: no positive weight (a bug of the game, not input).
        """
        pairs = outcomes if isinstance(outcomes, (list, tuple)) else list(outcomes)
        total = 0
        for _, w in pairs:
            total += w
        if total <= 0:
            raise ValueError(f"a chance node needs a positive total weight, got {total}")  # not input: a bug
        r = self.integers(total)
        for outcome, w in pairs:
            if r < w:
                return outcome
            r -= w
        raise AssertionError("chance weights changed while sampling")  # pragma: no cover

    def block(self, total: int, table: Sequence[Any] | None = None) -> list[Any]:
        """The next draws of ``integers(total)`` (at least one, at most 512) from the current
        block of words, *without* taking them: call [`advance`][dreidelpoker.sampler.Sampler.advance] with how many were used.
        With ``table`` (``total`` entries), each draw ``r`` comes as ``table[r]``.

        The batch path of a game's ``run_chance``: one numpy pass per block instead of a call
        per draw. The draws are those ``integers(total)`` would return one by one, in order.

        Parameters:
            total: the number of equally likely outcomes (1 to ``2**61``).
            table: what each draw stands for (e.g. a face), looked up in numpy.

        Returns:
            A non-empty list of draws in ``0 .. total - 1`` (or of their table entries).

        Raises:
            ValueError: ``total`` out of range (a bug of the game, not input).

        Examples:
            >>> a, b = Sampler(np.random.default_rng(3)), Sampler(np.random.default_rng(3))
            >>> draws = a.block(6)[:5]
            >>> a.advance(5)
            >>> draws == [b.integers(6) for _ in range(5)] and a.integers(6) == b.integers(6)
            True
        """
        if not 0 < total < _WORD_LIMIT:  # a game's batch path asked for what it cannot have
            raise ValueError(f"block() draws below a total from 1 to 2**{_BITS - 1}, got {total}")  # not input
        limit = (_WORD_LIMIT // total) * total
        while True:
            if self._i >= len(self._words):
                self._refill()
            words = self._words[self._i:self._i + 512]
            if words.max() >= limit:  # a rejected word: the draws before it, or skip it
                first = int(np.argmin(words < limit))
                if not first:
                    self._i += 1
                    continue
                words = words[:first]
            draws = words % np.uint64(total)
            return (np.asarray(table)[draws] if table is not None else draws).tolist()  # type: ignore[no-any-return]

    def take(self, total: int, count: int, table: np.ndarray | None = None) -> np.ndarray:
        """The next ``count`` draws of ``integers(total)``, taken, as one numpy array (with
        ``table``, each draw ``r`` as ``table[r]``): what ``count`` calls of
        [`integers`][dreidelpoker.sampler.Sampler.integers] would return, in order, with rejected words skipped alike.

        The batch path of a game played across many games at once (one stream a game).

        Parameters:
            total: the number of equally likely outcomes (1 to ``2**61``).
            count: how many draws.
            table: what each draw stands for, looked up in numpy.

        Returns:
            An array of ``count`` draws.

        Raises:
            ValueError: ``total`` out of range (a bug of the game, not input).

        Examples:
            >>> a, b = Sampler(np.random.default_rng(3)), Sampler(np.random.default_rng(3))
            >>> a.take(6, 700).tolist() == [b.integers(6) for _ in range(700)]
            True
        """
        if not 0 < total < _WORD_LIMIT:
            raise ValueError(f"take() draws below a total from 1 to 2**{_BITS - 1}, got {total}")  # not input
        limit = np.uint64((_WORD_LIMIT // total) * total)
        parts = []
        need = count
        while need > 0:
            if self._i >= len(self._words):
                self._refill()
            words = self._words[self._i:self._i + need]
            self._i += len(words)
            if limit < _WORD_LIMIT and words.max() >= limit:  # rejected words are skipped, as one by one
                words = words[words < limit]
            parts.append(words)
            need -= len(words)
        draws = (parts[0] if len(parts) == 1 else np.concatenate(parts)) % np.uint64(total)
        return table[draws] if table is not None else draws

    def advance(self, used: int) -> None:
        """Take the first ``used`` draws of the last [`block`][dreidelpoker.sampler.Sampler.block] (the others stay for later).

        Parameters:
            used: how many of them the game used.
        """
        self._i += used
