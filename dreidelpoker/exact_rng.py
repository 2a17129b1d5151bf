"""Bounded random integers drawn exactly as numpy draws them, without a numpy call per draw.

``Generator.integers(n)`` costs about as much as a whole engine step of a whole game, and
the runner and the random bots call it several times a hand. [`ExactIntegers`][dreidelpoker.exact_rng.ExactIntegers] gives
the *same* integers -- the same values in the same order from the same generator -- from
the generator's raw 64-bit output read in blocks: numpy's own algorithm (Lemire's bounded
integers on the 32-bit stream for bounds up to 2**32, on the 64-bit stream above, with
PCG64's buffered upper half-word), written out in Python. So a seeded game played with it
is the game played with ``rng.integers``, draw for draw; the tests compare the two over
many bounds and seeds.

It reads ahead: once wrapped, a generator must be drawn from only through its
[`ExactIntegers`][dreidelpoker.exact_rng.ExactIntegers] (the runner's chance stream and each seat's generator are private to
one user, so this holds in a simulation).
"""

from __future__ import annotations

import numpy as np

from .errors import InputError

__all__ = ["ExactIntegers"]

_M32 = 0xFFFFFFFF
_M64 = 0xFFFFFFFFFFFFFFFF
_B32 = 1 << 32
_LIMIT = 1 << 63
_BLOCK = 256
_FIRST_BLOCK = 16  # a short game draws a few words: the first blocks are small, then they double up to _BLOCK


class ExactIntegers:
    """``integers(high)`` equal to ``int(rng.integers(high))`` of the wrapped generator, draw for draw.

    Parameters:
        rng: a numpy ``Generator`` on a PCG64 bit generator (``numpy.random.default_rng``).

    Raises:
        ValueError: the generator's bit generator is not PCG64.

    Examples:
        >>> a, b = np.random.default_rng(3), np.random.default_rng(3)
        >>> fast = ExactIntegers(b)
        >>> [fast.integers(k) for k in (6, 2**40, 3, 7)] == [int(a.integers(k)) for k in (6, 2**40, 3, 7)]
        True
    """

    __slots__ = ("rng", "_bits", "_buf", "_i", "_n", "_has32", "_u32", "_block")

    def __init__(self, rng: np.random.Generator) -> None:
        bits = rng.bit_generator
        if not isinstance(bits, np.random.PCG64):
            raise InputError(f"rng: ExactIntegers follows numpy's PCG64 stream, got {type(bits).__name__}")
        state = bits.state
        self.rng = rng
        self._bits = bits
        self._buf: list[int] = []
        self._i = 0
        self._n = 0
        self._block = _FIRST_BLOCK
        self._has32 = int(state["has_uint32"])
        self._u32 = int(state["uinteger"])

    def _refill(self) -> None:
        """Read the generator's next block of raw words (the block grows to ``_BLOCK`` words)."""
        n = self._block
        self._buf = self._bits.random_raw(n).tolist()
        self._n = n
        if n < _BLOCK:
            self._block = n * 2

    def _raw(self) -> int:
        """The generator's next raw 64-bit word."""
        i = self._i
        if i >= self._n:
            self._refill()
            i = 0
        self._i = i + 1
        return self._buf[i]

    def _next32(self) -> int:
        """PCG64's next 32-bit word: the low half of a raw word, then its kept high half."""
        if self._has32:
            self._has32 = 0
            return self._u32
        x = self._raw()
        self._has32 = 1
        self._u32 = x >> 32
        return x & _M32

    def small(self, high: int) -> int:
        """[`integers`][dreidelpoker.exact_rng.ExactIntegers.integers] for a bound the caller knows is a whole number from 1 to 2**32 - 1
        (a count of legal actions or of chance outcomes): the same draw, without the checks."""
        if high == 1:
            return 0  # numpy draws nothing for a single value
        if self._has32:
            self._has32 = 0
            m = self._u32 * high
        else:
            i = self._i
            if i >= self._n:
                self._refill()
                i = 0
            self._i = i + 1
            r = self._buf[i]
            self._has32 = 1
            self._u32 = r >> 32
            m = (r & _M32) * high
        if m & _M32 < high:
            threshold = (_M32 - high + 1) % high
            while m & _M32 < threshold:
                m = self._next32() * high
        return m >> 32

    def integers(self, high: int) -> int:
        """A uniform integer in ``0 .. high - 1``, the one ``rng.integers(high)`` would give.

        Raises:
            ValueError: ``high`` is not a whole number from 1 to 2**63 - 1 (numpy's int64 range).
        """
        if type(high) is not int or not 0 < high < _LIMIT:
            raise InputError(f"high: expected a whole number from 1 to 2**63 - 1, got {high!r}")
        if high < _B32:  # Lemire on the 32-bit stream (numpy: bounds up to 2**32 - 1)
            if high == 1:
                return 0
            if self._has32:  # the next 32-bit word, inline
                self._has32 = 0
                x = self._u32
            else:
                i = self._i
                if i >= self._n:
                    self._refill()
                    i = 0
                self._i = i + 1
                r = self._buf[i]
                self._has32 = 1
                self._u32 = r >> 32
                x = r & _M32
            m = x * high
            left = m & _M32
            if left < high:
                threshold = (_M32 - high + 1) % high
                while left < threshold:
                    m = self._next32() * high
                    left = m & _M32
            return m >> 32
        if high == _B32:
            return self._next32()
        m = self._raw() * high  # Lemire on the 64-bit stream
        left = m & _M64
        if left < high:
            threshold = (_M64 - high + 1) % high
            while left < threshold:
                m = self._raw() * high
                left = m & _M64
        return m >> 64
