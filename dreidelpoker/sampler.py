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

A sampler seeded by a ``SeedSequence`` (or an int, or [`Sampler.spawned`][dreidelpoker.sampler.Sampler.spawned]) computes
its ``PCG64`` start and first eight words in plain Python (numpy's ``SeedSequence`` hashing and
``PCG64``'s output, fixed by numpy's stream-compatibility policy, NEP 19, and checked word
for word against numpy by the tests), then reads words 8 to 63 and 64 to 255 from one
shared ``PCG64`` bit generator set to its state. Making a numpy generator
and a block of 512 words costs about 60 µs; a chunk costs a few, and a seat that draws two
numbers a game needs two words. Past the first
256 words (or when the generator or a block is asked for) the sampler makes the numpy
generator and goes on from the same place: every draw is the one the numpy path gives.
A spawned stream read only in blocks (a game's batch path: ``block``, ``take_rows``)
reads them from the shared bit generator set to its state, and makes no numpy generator.

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

import threading
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import numpy as np

from .caches import bounded_cache
from .validation import is_whole_number

__all__ = ["SAMPLER_VERSION", "Sampler"]

#: The version of the draw stream. Bump it whenever the same seed would draw other numbers
#: (another algorithm, word size, block order or Python-computed prefix): stored study
#: batches and sweep cells carry it in their keys ([`batch_key`][dreidelpoker.play.store.batch_key]),
#: so games drawn by another version are played again, never read back.
SAMPLER_VERSION = 1

T = TypeVar("T")

#: Bit generators whose raw output is one 64-bit word per 64-bit draw (numpy's own
#: ``next_uint64``), so ``random_raw`` gives the words ``integers`` is made from.
_RAW_64 = (np.random.PCG64, np.random.PCG64DXSM, np.random.Philox, np.random.SFC64)
_BITS = 62
_WORD_LIMIT = 1 << _BITS
#: The size of the first block of words (later blocks double, up to 8,192).
_FIRST_BLOCK = 512
#: Words a sampler reads from its Python-computed PCG64 state before it makes the numpy generator
#: (at most the first block).
_PYTHON_WORDS = 256
#: The bit generator that makes those words (set to a stream's state each time), and its lock.
_SHARED = np.random.PCG64(0)
_SHARED_LOCK = threading.Lock()
_KEEP = np.uint64(64 - _BITS)

# -- numpy's SeedSequence and PCG64, in Python (numpy/random/bit_generator.pyx, pcg64.h) -----------
_M32, _M64, _M128 = (1 << 32) - 1, (1 << 64) - 1, (1 << 128) - 1
_INIT_A, _MULT_A, _INIT_B, _MULT_B = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
_MIX_L, _MIX_R = 0xCA01F9DD, 0x4973F715
_PCG_MULT = 0x2360ED051FC65DA44385DF649FCCF645


@bounded_cache(maxsize=1024)
def _pcg64_jump(steps: int) -> tuple[int, int]:
    """``(a, b)`` with PCG64's state ``steps`` steps on ``= a * state + b * increment`` (mod 2**128):
    ``a = mult**steps`` and ``b = 1 + mult + ... + mult**(steps - 1) = (mult**steps - 1) / (mult - 1)``,
    the division exact when the power is taken modulo ``(mult - 1) * 2**128``."""
    power = pow(_PCG_MULT, steps, (_PCG_MULT - 1) << 128)
    return power & _M128, ((power - 1) // (_PCG_MULT - 1)) & _M128


#: The jumps of the shared bit generator's chunks (`Sampler._python_words`, `Sampler.read_ahead`).
_JUMPS = {56: _pcg64_jump(56), 64: _pcg64_jump(64), 192: _pcg64_jump(192)}
#: Words [`Sampler.read_ahead`][dreidelpoker.sampler.Sampler.read_ahead] reads at once (as many as the first two chunks).
_READ_AHEAD = 64


def _hash_consts(init: int, mult: int, count: int) -> tuple[int, ...]:
    out = [init]
    for _ in range(count):
        out.append(out[-1] * mult & _M32)
    return tuple(out)


#: Entropy words the Python path takes (numpy takes any number; longer entropy goes to numpy).
_MAX_WORDS = 64
# The hash constants depend only on how many words were hashed before: hash number j uses
# constants j and j + 1 (4 for the pool, 12 for its cross-mixing, 4 for each further word).
_HASH_A = _hash_consts(_INIT_A, _MULT_A, 16 + 4 * _MAX_WORDS)
_HASH_B = _hash_consts(_INIT_B, _MULT_B, 8)
# The same constants as numpy words, and the pool word each of the eight state words hashes
# (`_pcg64_starts`: every key at once).
_HASH_A_U64 = np.array(_HASH_A, dtype=np.uint64)
_HASH_B_U64 = np.array(_HASH_B, dtype=np.uint64)
_POOL_OF_STATE = np.array([0, 1, 2, 3, 0, 1, 2, 3])


def _uint32_words(value: Any) -> tuple[int, ...]:
    """numpy's ``_coerce_to_uint32_array`` for ints and sequences of ints (little-endian words)."""
    if is_whole_number(value):
        n = int(value)
        if n < 0:
            raise ValueError(f"a seed must be non-negative, got {n}")  # not input: numpy refuses it too
        out = [n & _M32]
        n >>= 32
        while n:
            out.append(n & _M32)
            n >>= 32
        return tuple(out)
    if isinstance(value, (str, bytes, float)) or not isinstance(value, Sequence):
        raise TypeError(f"the Python path takes ints and sequences of ints, got {type(value).__name__}")  # not input
    return tuple(w for v in value for w in _uint32_words(v))


@bounded_cache(maxsize=256)
def _pool(words: tuple[int, ...]) -> tuple[int, ...]:
    """SeedSequence's entropy pool after hashing ``words`` (at least four); cached, so the
    streams of one game (same entropy and game index, another stream number) share the work."""
    ha = _HASH_A
    if len(words) > 4:
        j = 16 + 4 * (len(words) - 5)
        w = words[-1]
        mixed = []
        for x in _pool(words[:-1]):
            v = (w ^ ha[j]) * ha[j + 1] & _M32
            v ^= v >> 16
            r = (_MIX_L * x - _MIX_R * v) & _M32
            mixed.append(r ^ r >> 16)
            j += 1
        return tuple(mixed)
    mixer = []
    for i in range(4):
        v = (words[i] ^ ha[i]) * ha[i + 1] & _M32
        mixer.append(v ^ v >> 16)
    j = 4
    for src in range(4):
        for dst in range(4):
            if src != dst:
                v = (mixer[src] ^ ha[j]) * ha[j + 1] & _M32
                v ^= v >> 16
                r = (_MIX_L * mixer[dst] - _MIX_R * v) & _M32
                mixer[dst] = r ^ r >> 16
                j += 1
    return tuple(mixer)


@bounded_cache(maxsize=64)
def _run_words(entropy: Any) -> tuple[int, ...]:
    """The run entropy's words, padded to the pool's four (numpy pads with zeros: hashing a
    missing word is hashing 0). Cached: a run's streams share their entropy."""
    run = _uint32_words(entropy)
    return run + (0,) * (4 - len(run)) if len(run) < 4 else run


def _pcg64_start(entropy: Any, spawn_key: Any) -> tuple[int, int]:
    """The ``(state, increment)`` of ``PCG64(SeedSequence(entropy, spawn_key=spawn_key))``.

    Raises:
        ValueError, TypeError: a seed the Python path does not take (the caller uses numpy).
    """
    run = _run_words(tuple(entropy) if isinstance(entropy, list) else entropy)
    if spawn_key.__class__ is tuple and all(k.__class__ is int and 0 <= k <= _M32 for k in spawn_key):
        words = run + spawn_key  # small ints are one word each
    else:
        words = run + _uint32_words(spawn_key)
    if len(words) > 4 + _MAX_WORDS:
        raise ValueError(f"entropy of {len(words)} words is longer than the Python path takes")  # not input
    if len(words) > 4:  # the last word mixed here (the pool before it is cached: a game's streams share it)
        p0, p1, p2, p3 = _pool(words[:-1])
        ha, j, w = _HASH_A, 4 * len(words) - 4, words[-1]
        mixed = []
        for x in (p0, p1, p2, p3):
            v = (w ^ ha[j]) * ha[j + 1] & _M32
            v ^= v >> 16
            r = (_MIX_L * x - _MIX_R * v) & _M32
            mixed.append(r ^ r >> 16)
            j += 1
        p0, p1, p2, p3 = mixed
    else:
        p0, p1, p2, p3 = _pool(words)
    # generate_state(4, uint64): eight hashed 32-bit words, two to a 64-bit word (unrolled: the hot path)
    b0, b1, b2, b3, b4, b5, b6, b7, b8 = _HASH_B
    s0 = (p0 ^ b0) * b1 & _M32
    s1 = (p1 ^ b1) * b2 & _M32
    s2 = (p2 ^ b2) * b3 & _M32
    s3 = (p3 ^ b3) * b4 & _M32
    s4 = (p0 ^ b4) * b5 & _M32
    s5 = (p1 ^ b5) * b6 & _M32
    s6 = (p2 ^ b6) * b7 & _M32
    s7 = (p3 ^ b7) * b8 & _M32
    seed = ((s0 ^ s0 >> 16) | (s1 ^ s1 >> 16) << 32) << 64 | (s2 ^ s2 >> 16) | (s3 ^ s3 >> 16) << 32
    inc = (((s4 ^ s4 >> 16) | (s5 ^ s5 >> 16) << 32) << 64 | (s6 ^ s6 >> 16) | (s7 ^ s7 >> 16) << 32) << 1 | 1
    inc &= _M128
    return ((inc + seed) * _PCG_MULT + inc) & _M128, inc  # pcg_setseq_128_srandom_r


def _pcg64_state(state: int, inc: int) -> Any:
    """numpy's ``PCG64.state`` for a raw ``(state, increment)`` pair."""
    return {"bit_generator": "PCG64", "state": {"state": state, "inc": inc}, "has_uint32": 0, "uinteger": 0}


def _pcg64_starts(entropy: Any, keys: Sequence[tuple[int, ...]]) -> list[tuple[int, int]]:
    """`_pcg64_start` for many spawn keys of one run at once: the keys' words hashed into the
    run's (cached) entropy pool in numpy, one pass per key word over every key (keys of equal
    length, each word below 2**32).

    Raises:
        ValueError, TypeError: a seed the Python path does not take (the caller uses numpy).
    """
    run = _run_words(tuple(entropy) if isinstance(entropy, list) else entropy)
    width = len(keys[0])
    if len(run) + width > 4 + _MAX_WORDS or any(len(k) != width for k in keys):
        raise ValueError("keys of unequal length, or entropy longer than the Python path takes")  # not input
    words = np.array(keys, dtype=np.uint64).reshape(len(keys), width)
    if words.size and int(words.max()) > _M32:
        raise ValueError("a spawn key word over 2**32")  # not input: the caller uses numpy
    u = np.uint64
    m32, s16, mix_l, mix_r = u(_M32), u(16), u(_MIX_L), u(_MIX_R)
    # the pool's four words as rows, every key a column: one numpy pass per key word for all
    # four (a pass per word and pool entry cost more than the hashing at a few dozen keys)
    pool = np.array(_pool(run), dtype=np.uint64)[:, None]
    for col in range(width):  # as `_pool` mixes each further word, every key at once
        j = 4 * (len(run) + col)  # pool entry t hashes with constants j + t and j + t + 1
        v = ((words[:, col] ^ _HASH_A_U64[j:j + 4, None]) * _HASH_A_U64[j + 1:j + 5, None]) & m32
        v ^= v >> s16
        r = (mix_l * pool - mix_r * v) & m32
        pool = r ^ (r >> s16)
    # generate_state(4, uint64): eight hashed 32-bit words, as in `_pcg64_start`
    if not width:  # no key words: every key's pool is the run's
        pool = np.repeat(pool, len(keys), axis=1)
    v = ((pool[_POOL_OF_STATE] ^ _HASH_B_U64[:8, None]) * _HASH_B_U64[1:, None]) & m32
    v ^= v >> s16
    seed_hi, seed_lo = (v[0] | v[1] << u(32)).tolist(), (v[2] | v[3] << u(32)).tolist()
    inc_hi, inc_lo = (v[4] | v[5] << u(32)).tolist(), (v[6] | v[7] << u(32)).tolist()
    out = []
    for a, b, c, d in zip(seed_hi, seed_lo, inc_hi, inc_lo):
        inc = ((c << 64 | d) << 1 | 1) & _M128
        out.append((((inc + (a << 64 | b)) * _PCG_MULT + inc) & _M128, inc))
    return out


#: The longest shuffle drawn in one numpy pass (the tables below are cached per length).
_FAST_SHUFFLE = 4096


@bounded_cache(maxsize=64)
def _shuffle_tables(n: int) -> tuple[np.ndarray, np.ndarray]:
    """For a shuffle of ``n`` items: the totals of its draws (``n, n - 1, ... 2``) and each
    draw's rejection limit (the largest multiple of the total that fits in a word)."""
    totals = np.arange(n, 1, -1, dtype=np.uint64)
    return totals, (np.uint64(_WORD_LIMIT) // totals) * totals


def _shuffles(draws: np.ndarray, n: int) -> np.ndarray:
    """Fisher-Yates on ``range(n)`` for every row of ``draws`` (each row the draws ``n - 1 .. 1``
    of one shuffle) at once: one numpy pass per position over every shuffle, on a flat deck."""
    k = len(draws)
    columns = np.ascontiguousarray(draws.astype(np.intp).T)  # (n - 1, k): a position's draws together
    base = np.arange(k, dtype=np.intp) * n  # where each shuffle's deck starts in the flat deck
    deck = np.tile(np.arange(n, dtype=np.int64), k)
    out = np.empty((n, k), dtype=np.int64)
    for step in range(n - 1):  # position i is final once drawn: swap it with j, keep the card there
        i = n - 1 - step
        j = base + columns[step]
        out[i] = deck[j]
        deck[j] = deck[base + i]
    out[0] = deck[base]
    return out.T


class Sampler:
    """Exactly uniform draws from one numpy generator (see the module docstring).

    Parameters:
        seed: the generator, or what makes it on the first draw (a ``SeedSequence`` or an int).

    Examples:
        >>> Sampler(3).integers(1, 7) in range(1, 7)
        True
    """

    __slots__ = ("_seed", "_rng", "_buf", "_words", "_i", "_pcg", "_at", "_start")

    def __init__(self, seed: np.random.Generator | np.random.SeedSequence | int) -> None:
        self._seed: Any = seed
        self._rng: np.random.Generator | None = seed if isinstance(seed, np.random.Generator) else None
        self._buf: list[int] = []
        self._words = _NO_WORDS  # the block of words as an array (for block())
        self._i = 0
        self._pcg: tuple[int, int] | None = None  # the Python generator's (state, increment), while it runs
        self._at: tuple[int, int] | None = None  # PCG64's (state, increment) after `take_rows` (no numpy yet)
        self._start: tuple[int, int] | None = None  # a spawned stream's PCG64 start, hashed ahead (`spawned_many`)

    @classmethod
    def spawned(cls, entropy: int | Sequence[int], spawn_key: tuple[int, ...]) -> Sampler:
        """The sampler of ``SeedSequence(entropy, spawn_key=spawn_key)``, without making the
        ``SeedSequence`` unless the numpy generator is needed (the runner's streams).

        Parameters:
            entropy: the run's entropy (a non-negative int or a sequence of them).
            spawn_key: the stream's spawn key.

        Returns:
            The sampler; its draws are those of ``Sampler(SeedSequence(entropy, spawn_key=spawn_key))``.

        Examples:
            >>> a = Sampler.spawned(7, (3, 1))
            >>> b = Sampler(np.random.SeedSequence(7, spawn_key=(3, 1)))
            >>> [a.integers(10) for _ in range(99)] == [b.integers(10) for _ in range(99)]
            True
        """
        s = cls.__new__(cls)
        s._seed, s._rng, s._buf, s._words, s._i, s._pcg, s._at = (entropy, spawn_key), None, [], _NO_WORDS, 0, None, None
        s._start = None
        return s

    @classmethod
    def spawned_many(cls, entropy: int | Sequence[int], spawn_keys: Sequence[tuple[int, ...]]) -> list[Sampler]:
        """[`spawned`][dreidelpoker.sampler.Sampler.spawned] for every key, their PCG64 starts hashed
        together in numpy when there are enough of them to pay for it (16 or more keys of one
        length: the streams of a run's games, e.g. a batch of games played one by one).

        Parameters:
            entropy: the run's entropy (a non-negative int or a sequence of them).
            spawn_keys: the streams' spawn keys.

        Returns:
            The samplers, in the keys' order; their draws are those of ``spawned``.

        Examples:
            >>> keys = [(i, k) for i in range(4) for k in range(5)]
            >>> a, b = Sampler.spawned_many(7, keys), [Sampler.spawned(7, key) for key in keys]
            >>> [[s.integers(10) for _ in range(99)] for s in a] == [[s.integers(10) for _ in range(99)] for s in b]
            True
        """
        out = [cls.spawned(entropy, key) for key in spawn_keys]
        if len(out) >= 16:
            try:
                starts = _fresh_starts(out)
            except (ValueError, TypeError, OverflowError):  # what the Python path does not take: each on its own
                return out
            for s, start in zip(out, starts):
                s._start = start
        return out

    def _spawn_start(self) -> tuple[int, int]:
        """PCG64's start of a stream made by `spawned`: hashed ahead (`spawned_many`), or now.
        Raises ValueError or TypeError for a seed the Python path does not take."""
        return self._start if self._start is not None else _pcg64_start(*self._seed)

    @property
    def generator(self) -> np.random.Generator:
        """The numpy generator the draws come from (made on first use)."""
        if self._rng is None:
            self._numpy()
        assert self._rng is not None
        return self._rng

    def __repr__(self) -> str:
        return f"Sampler({self.generator!r})"

    def _numpy(self) -> None:
        """Make the numpy generator where the draws stand: at the start, or (once the Python
        generator has run) after the first block, whose words are then read from numpy."""
        seed = self._seed
        if isinstance(seed, tuple):
            seed = np.random.SeedSequence(seed[0], spawn_key=seed[1])
        self._rng = np.random.default_rng(seed)
        if self._at is not None:  # go on where `take_rows` left the stream
            self._rng.bit_generator.state = _pcg64_state(*self._at)
            self._at = None
        if self._pcg is not None:
            self._pcg = None
            if self._i:
                self._refill(keep=self._i)
            else:  # read ahead (`read_ahead`) but nothing drawn: the numpy path has read no block yet either
                self._buf = []

    def _refill(self, keep: int = 0) -> None:
        # The same words whatever the block sizes, so blocks grow (512, 1024, ... 8192).
        size = min(8192, max(_FIRST_BLOCK, 2 * len(self._words)))
        if self._rng is None and self._pcg is None and self._seed.__class__ is tuple:
            # a spawned stream read in blocks only (a game's batch path): its words from the shared
            # bit generator set to its state, no numpy generator made (it would cost more than the block)
            if self._at is None:
                try:
                    self._at = self._spawn_start()
                except (ValueError, TypeError):
                    pass  # a seed the Python path does not take: numpy's generator below
            if self._at is not None:
                now, inc = self._at
                with _SHARED_LOCK:
                    _SHARED.state = _pcg64_state(now, inc)
                    self._words = _SHARED.random_raw(size) >> _KEEP
                jump_a, jump_b = _pcg64_jump(size)
                self._at = ((jump_a * now + jump_b * inc) & _M128, inc)
                self._buf = []
                self._i = keep
                return
        rng = self.generator
        bits = rng.bit_generator
        if type(bits) in _RAW_64:
            self._words = bits.random_raw(size) >> np.uint64(64 - _BITS)
        else:  # a bit generator whose raw output is not one 64-bit word a draw (MT19937)
            self._words = rng.integers(0, _WORD_LIMIT, size=size, dtype=np.int64).astype(np.uint64)
        self._buf = []  # the words as a list, made by _word when it needs them
        self._i = keep

    def _numpy_block(self) -> None:
        """Have the current block of words in numpy (the one the numpy path would be reading):
        the first block, once the Python generator ran or before any draw."""
        if self._pcg is not None:
            self._numpy()
        elif self._rng is None and not self._words.size:
            self._numpy()
            self._refill()

    def _python_start(self) -> bool:
        """Start the Python generator (its first block stands for numpy's first block of 512)."""
        seed = self._seed
        if self._at is not None:
            return False  # past the first words (`take_rows`): numpy goes on from there
        spawned = isinstance(seed, tuple)
        if spawned:
            entropy, key = seed
        elif isinstance(seed, np.random.SeedSequence) and seed.pool_size == 4:
            entropy, key = seed.entropy, seed.spawn_key
        elif is_whole_number(seed):
            entropy, key = seed, ()
        else:
            return False
        try:
            self._pcg = self._spawn_start() if spawned else _pcg64_start(entropy, key)
        except (ValueError, TypeError):
            return False  # what the Python path does not take: numpy makes the generator
        return True

    def _python_words(self) -> None:
        """More words of the first block, from the stream's PCG64 state computed in Python: the
        first eight in Python (under a microsecond a word), then words 8-63 and 64-255 in two
        chunks from one shared bit generator set to that state (a few microseconds a chunk,
        where making the stream's own numpy generator costs about 60); numpy's generator
        goes on beyond them."""
        have = len(self._buf)
        if have >= _PYTHON_WORDS:
            self._numpy()
            self._buf = self._words.tolist()
            return
        assert self._pcg is not None
        state, inc = self._pcg
        buf = self._buf
        if have < 8:
            mult, m128, m64, keep = _PCG_MULT, _M128, _M64, 64 - _BITS
            for _ in range(4):  # PCG64's step and XSL-RR output, kept to the sampler's 62 bits
                state = (state * mult + inc) & m128
                x = ((state >> 64) ^ state) & m64
                rot = state >> 122
                buf.append((((x >> rot) | (x << (64 - rot))) & m64) >> keep)
        else:
            size = _PYTHON_WORDS - have if have >= 64 else 64 - have
            with _SHARED_LOCK:  # (threads of one process share the bit generator)
                _SHARED.state = _pcg64_state(state, inc)
                words = _SHARED.random_raw(size)
            buf += (words >> _KEEP).tolist()
            mult, add = _JUMPS[size]
            state = (mult * state + add * inc) & _M128  # PCG64's state ``size`` steps on
        self._pcg = state, inc

    def _word(self) -> int:
        i = self._i
        if i >= len(self._buf):
            if self._pcg is not None:
                self._python_words()
            elif self._rng is None and not self._words.size and self._python_start():
                self._python_words()
            else:
                if i >= len(self._words):
                    self._refill()
                    i = 0
                self._buf = self._words.tolist()
        x = self._buf[i]
        self._i = i + 1
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
            if low > 0:  # the common case first: a count, and a word in the list that is kept
                i = self._i
                try:
                    x = self._buf[i]
                except IndexError:  # (the list is used up: _word reads on)
                    x = _WORD_LIMIT
                # a word below 2**62 - low is below the rejection limit (2**62 - 2**62 % low); the few
                # others go the exact way below (a count of 2**62 or more keeps no word here)
                if x < _WORD_LIMIT - low:
                    self._i = i + 1
                    return x % low
            low, high = 0, low
        total = high - low
        if total <= 0:
            raise ValueError(f"integers() needs a non-empty range, got {low} .. {high - 1}")  # not input: a bug
        if total < _WORD_LIMIT:
            limit = (_WORD_LIMIT // total) * total
            while True:
                i = self._i  # (_word's common case inline: the hot path of every game)
                buf = self._buf
                if i < len(buf):
                    x = buf[i]
                    self._i = i + 1
                else:
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
        if n > 9 and (self._pcg is not None or (self._rng is None and not self._words.size)):
            self._numpy_block()  # a long shuffle: the numpy pass below beats words made in Python
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

    def permutations(self, n: int, count: int) -> np.ndarray:
        """``count`` shuffles of ``range(n)`` at once: what ``count`` calls of
        [`permutation`][dreidelpoker.sampler.Sampler.permutation] would return, in order, as the rows of one array.

        The batch path of a game that deals many times in a row from one stream: the swaps of
        every shuffle in one numpy pass per position instead of a Python loop per shuffle.

        Parameters:
            n: the number of items (3 to 4,096).
            count: how many shuffles (0 or more).

        Returns:
            An integer array of shape ``(count, n)``.

        Raises:
            ValueError: ``n`` out of range (a bug of the caller, not input).

        Examples:
            >>> a, b = Sampler(np.random.default_rng(3)), Sampler(np.random.default_rng(3))
            >>> a.permutations(52, 30).tolist() == [b.permutation(52) for _ in range(30)]
            True
        """
        if not 2 < n <= _FAST_SHUFFLE:
            raise ValueError(f"permutations() shuffles 3 to {_FAST_SHUFFLE} items, got {n}")  # not input: a bug
        totals, limits = _shuffle_tables(n)
        self._numpy_block()
        words = self._take_words(count * (n - 1)).reshape(count, n - 1)
        kept = (words < limits).all(axis=1)
        if kept.all():
            return _shuffles(words % totals, n)
        # A rejected word (odds below n / 2**62 a word): the shuffles before it at once, the
        # rest one draw at a time from the words taken, then from the stream, as one by one.
        first = int(np.argmin(kept))
        out = np.empty((count, n), dtype=np.int64)
        out[:first] = _shuffles(words[:first] % totals, n)
        rest = iter(words[first:].ravel().tolist())
        for row in range(first, count):
            deck = list(range(n))
            for i in range(n - 1, 0, -1):
                limit = (_WORD_LIMIT // (i + 1)) * (i + 1)
                x = next(rest, None)
                while x is None or x >= limit:
                    x = next(rest, None) if x is not None else self._word()
                j = x % (i + 1)
                deck[i], deck[j] = deck[j], deck[i]
            out[row] = deck
        return out

    def _take_words(self, count: int) -> np.ndarray:
        """The next ``count`` words of the stream, taken (across blocks), as one array."""
        parts = []
        need = count
        while need > 0:
            if self._i >= len(self._words):
                self._refill()
            words = self._words[self._i:self._i + need]
            self._i += len(words)
            parts.append(words)
            need -= len(words)
        return parts[0] if len(parts) == 1 else np.concatenate(parts) if parts else _NO_WORDS

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
        if self._pcg is not None:
            self._numpy_block()
        while True:
            if self._i >= len(self._words):
                self._refill()
            words = self._words[self._i:self._i + 512]
            if limit < _WORD_LIMIT and words.max() >= limit:  # a rejected word: the draws before it, or skip it
                first = int(np.argmin(words < limit))
                if not first:
                    self._i += 1
                    continue
                words = words[:first]
            # (a total dividing 2**62 rejects no word, and its draws are the low bits)
            draws = words & np.uint64(total - 1) if limit == _WORD_LIMIT else words % np.uint64(total)
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
        self._numpy_block()
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
        draws = (parts[0] if len(parts) == 1 else np.concatenate(parts) if parts else _NO_WORDS) % np.uint64(total)
        return table[draws] if table is not None else draws

    @staticmethod
    def read_ahead(samplers: Sequence[Sampler]) -> None:
        """Read the first 64 words of every stream made by [`spawned`][dreidelpoker.sampler.Sampler.spawned]
        that has drawn nothing yet, for all of them at once: each from the shared bit
        generator set to its start (one numpy pass for all the words), where one by one a
        stream computes its first eight words in Python and reads the next 56 in a chunk of
        its own. The draws are the same (other samplers are left as they are).

        The batch path of a game whose every stream draws dozens of numbers (a Two Dreidel game
        of random bots): its five streams cost less set up together than one by one.

        Parameters:
            samplers: the streams.

        Examples:
            >>> a, b = [Sampler.spawned(5, (1, k)) for k in range(3)], [Sampler.spawned(5, (1, k)) for k in range(3)]
            >>> Sampler.read_ahead(a)
            >>> [[s.integers(6) for _ in range(300)] for s in a] == [[s.integers(6) for _ in range(300)] for s in b]
            True
        """
        ready, starts = [], []
        for s in samplers:
            if (s._seed.__class__ is tuple and s._pcg is None and s._rng is None and s._at is None and not s._buf
                    and not s._i and not s._words.size):
                try:
                    starts.append(s._spawn_start())
                except (ValueError, TypeError):
                    continue  # a seed the Python path does not take: the sampler reads its words itself
                ready.append(s)
        if not ready:
            return
        words = np.empty((len(ready), _READ_AHEAD), dtype=np.uint64)
        with _SHARED_LOCK:  # (threads of one process share the bit generator)
            state = _pcg64_state(0, 1)
            inner = state["state"]
            for row, (now, inc) in enumerate(starts):
                inner["state"], inner["inc"] = now, inc
                _SHARED.state = state
                words[row] = _SHARED.random_raw(_READ_AHEAD)
        words >>= _KEEP
        mult, add = _JUMPS[_READ_AHEAD]
        for s, row_words, (now, inc) in zip(ready, words.tolist(), starts):
            s._buf = row_words  # as after the Python words and the first chunk: the next chunk goes on from here
            s._pcg = ((mult * now + add * inc) & _M128, inc)

    @staticmethod
    def take_rows(samplers: Sequence[Sampler], total: int, count: int, table: np.ndarray | None = None, *,
                  transposed: bool = False) -> np.ndarray:
        """What ``[s.take(total, count, table) for s in samplers]`` returns, as the rows of one
        array (or, ``transposed``, its columns), each sampler then standing where its own
        ``take`` leaves it.

        The batch path of a game played across many games at once, one stream a game: a
        sampler made by [`spawned`][dreidelpoker.sampler.Sampler.spawned] that has not made its numpy generator yet
        is not given one (a ``SeedSequence`` and a ``Generator`` cost more than a block of
        draws): the streams' starting states are hashed together in numpy, and each row's
        words come from one bit generator set to that stream's state, which the sampler keeps
        for its next draws. Any other sampler takes its row by ``take``.

        Parameters:
            samplers: the streams, one a row.
            total: the number of equally likely outcomes (1 to ``2**61``).
            count: how many draws a row.
            table: what each draw stands for, looked up in numpy.
            transposed: return the draws as the columns of a C-ordered array (a draw of every
                stream side by side in memory).

        Returns:
            An array of shape ``(len(samplers), count)``, or ``(count, len(samplers))``.

        Raises:
            ValueError: ``total`` out of range (a bug of the game, not input).

        Examples:
            >>> a, b = [Sampler.spawned(5, (i, 0)) for i in range(3)], [Sampler.spawned(5, (i, 0)) for i in range(3)]
            >>> rows = Sampler.take_rows(a, 6, 700)
            >>> rows.tolist() == [s.take(6, 700).tolist() for s in b]
            True
            >>> [s.integers(6) for s in a] == [s.integers(6) for s in b]
            True
        """
        if not 0 < total < _WORD_LIMIT:
            raise ValueError(f"take_rows() draws below a total from 1 to 2**{_BITS - 1}, got {total}")  # not input
        n = len(samplers)
        fast = [r for r, s in enumerate(samplers) if s._rng is None and s._pcg is None and not s._words.size
                and s._seed.__class__ is tuple and (s._at is not None or not s._i)]
        fresh = [samplers[r] for r in fast if samplers[r]._at is None]
        if fresh:
            try:
                for s, at in zip(fresh, _fresh_starts(fresh)):
                    s._at = at
            except (ValueError, TypeError, OverflowError):  # a seed the Python path does not take: numpy takes them
                fast = [r for r in fast if samplers[r]._at is not None]
        words = np.empty((len(fast), count), dtype=np.uint64)
        if fast and count:
            jump_a, jump_b = _pcg64_jump(count)
            limit = (_WORD_LIMIT // total) * total
            with _SHARED_LOCK:  # (threads of one process share the bit generator)
                state = _pcg64_state(0, 1)
                inner = state["state"]
                for row, r in enumerate(fast):
                    s = samplers[r]
                    assert s._at is not None
                    now, inc = s._at
                    inner["state"], inner["inc"] = now, inc
                    _SHARED.state = state
                    words[row] = _SHARED.random_raw(count)
                    s._at = ((jump_a * now + jump_b * inc) & _M128, inc)
                words >>= _KEEP
                for row in np.flatnonzero((words >= np.uint64(limit)).any(axis=1)).tolist() if limit < _WORD_LIMIT else ():
                    # rejected words are skipped, as one by one: more words for this row
                    s = samplers[fast[row]]
                    assert s._at is not None
                    _SHARED.state = _pcg64_state(*s._at)
                    kept = words[row][words[row] < np.uint64(limit)]
                    while len(kept) < count:
                        more = _SHARED.random_raw(count - len(kept)) >> _KEEP
                        kept = np.concatenate([kept, more[more < np.uint64(limit)]])
                    words[row] = kept
                    s._at = (int(_SHARED.state["state"]["state"]), s._at[1])
            if total & (total - 1):
                words %= np.uint64(total)
            else:
                words &= np.uint64(total - 1)
        if transposed:  # (small draws are narrowed first: the transposing copy is what costs)
            words = np.ascontiguousarray((words.astype(np.uint16) if table is not None and total <= 1 << 16 else words).T)
        draws = np.asarray(table)[words] if table is not None else words
        if len(fast) == n:
            return draws
        out = np.empty((count, n) if transposed else (n, count), dtype=draws.dtype)
        if fast:
            if transposed:
                out[:, fast] = draws
            else:
                out[fast] = draws
        for r in sorted(set(range(n)).difference(fast)):
            if transposed:
                out[:, r] = samplers[r].take(total, count, table)
            else:
                out[r] = samplers[r].take(total, count, table)
        return out

    def advance(self, used: int) -> None:
        """Take the first ``used`` draws of the last [`block`][dreidelpoker.sampler.Sampler.block] (the others stay for later).

        Parameters:
            used: how many of them the game used.
        """
        self._i += used


_NO_WORDS = np.zeros(0, dtype=np.uint64)
_NO_ROWS = np.zeros(0, dtype=np.intp)


def _fresh_starts(samplers: Sequence[Sampler]) -> list[tuple[int, int]]:
    """PCG64's starting ``(state, increment)`` of samplers made by `Sampler.spawned`: those
    `Sampler.spawned_many` hashed ahead, else hashed together when they share their run's
    entropy and their keys' length (a run's games), else one by one in Python."""
    if all(s._start is not None for s in samplers):
        return [s._spawn_start() for s in samplers]
    seeds = [s._seed for s in samplers]
    entropy = seeds[0][0]
    keys = [seed[1] for seed in seeds]
    if all(seed[0] is entropy or seed[0] == entropy for seed in seeds) and all(k.__class__ is tuple for k in keys):
        try:
            return _pcg64_starts(entropy, keys)
        except (ValueError, TypeError, OverflowError):
            pass
    return [_pcg64_start(*seed) for seed in seeds]
