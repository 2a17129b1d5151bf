"""The sampler's shuffle drawn in one numpy pass is the shuffle drawn one integer at a time
(issue 22: same seeds, same games), across block boundaries and when a word is rejected."""

from __future__ import annotations

import numpy as np
import pytest

from dreidelpoker.sampler import Sampler, _WORD_LIMIT


def _one_by_one(stream: Sampler, n: int) -> list[int]:
    out = list(range(n))
    for i in range(n - 1, 0, -1):
        j = stream.integers(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


@pytest.mark.parametrize("n", [1, 2, 3, 7, 52, 600])
def test_permutation_is_the_draws_one_by_one(n: int) -> None:
    for seed in range(5):
        fast, slow = Sampler(np.random.SeedSequence(seed)), Sampler(np.random.SeedSequence(seed))
        for _ in range(40):  # past several block boundaries (blocks of 512 to 8,192 words)
            assert fast.permutation(n) == _one_by_one(slow, n)
        assert fast.integers(1 << 40) == slow.integers(1 << 40)  # both streams stand at the same word


def test_a_rejected_word_is_skipped_as_one_by_one() -> None:
    fast, slow = Sampler(np.random.SeedSequence(3)), Sampler(np.random.SeedSequence(3))
    fast.integers(2), slow.integers(2)  # fill the first block
    for s in (fast, slow):  # a word no draw of a 52-card shuffle may keep
        s._words = s._words.copy()
        s._words[s._i + 5] = np.uint64(_WORD_LIMIT - 1)
        s._buf = []
    assert fast.permutation(52) == _one_by_one(slow, 52)
    assert fast.integers(1000) == slow.integers(1000)


def test_permutation_of_items_keeps_the_items() -> None:
    assert sorted(Sampler(1).permutation("abcdef")) == list("abcdef")
