"""``ExactIntegers`` draws exactly what numpy's ``Generator.integers`` draws (the speed work of
issue 9 relies on it: the runner's chance draws and the random bot go through it)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from dreidelpoker.errors import InputError
from dreidelpoker.exact_rng import ExactIntegers

BOUNDS = [1, 2, 3, 5, 7, 12, 100, 4095, 2**31 + 5, 2**32 - 1, 2**32, 2**32 + 1, 2**40 + 3, 2**62, 3 * 2**61 + 7,
          2**63 - 1]


@pytest.mark.parametrize("seed", range(12))
def test_same_integers_as_numpy_draw_for_draw(seed: int) -> None:
    choose = random.Random(seed)
    a, b = np.random.default_rng(seed), np.random.default_rng(seed)
    if seed % 2:  # start with PCG64's buffered upper half-word set
        a.integers(9)
        b.integers(9)
    fast = ExactIntegers(b)
    for _ in range(2_000):  # crosses several blocks of raw words
        k = choose.choice(BOUNDS)
        assert fast.integers(k) == int(a.integers(k))


@pytest.mark.parametrize("seed", range(4))
def test_small_is_integers_for_small_bounds(seed: int) -> None:
    choose = random.Random(seed)
    a, b = np.random.default_rng(seed), np.random.default_rng(seed)
    fast = ExactIntegers(b)
    for _ in range(3_000):
        k = choose.choice([1, 2, 3, 4, 5, 7, 12, 100, 2**31 + 5, 2**32 - 1])
        assert fast.small(k) == int(a.integers(k))


def test_uniform_over_a_small_bound() -> None:
    fast = ExactIntegers(np.random.default_rng(1))
    counts = np.bincount([fast.integers(6) for _ in range(60_000)], minlength=6)
    # each face 10,000 times on average; 5 standard deviations is about 456
    assert counts.min() > 10_000 - 460 and counts.max() < 10_000 + 460


def test_bad_input() -> None:
    with pytest.raises(InputError, match="PCG64"):
        ExactIntegers(np.random.Generator(np.random.Philox(1)))
    fast = ExactIntegers(np.random.default_rng(0))
    for bad in (0, -3, 2**63, 2.0, True):
        with pytest.raises(InputError, match="high"):
            fast.integers(bad)  # type: ignore[arg-type]
