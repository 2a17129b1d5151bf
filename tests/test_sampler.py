"""The sampler's shuffle drawn in one numpy pass is the shuffle drawn one integer at a time
(issue 22: same seeds, same games), across block boundaries and when a word is rejected; and the
sampler's Python start (numpy's SeedSequence and PCG64 written in Python) against numpy itself
(issue 23): a sampler on ``default_rng(...)`` never takes the Python path, so every draw it is
compared with was made by numpy's own code."""

from __future__ import annotations

import random

import numpy as np
import pytest

from dreidelpoker.sampler import _PYTHON_WORDS, Sampler, _WORD_LIMIT, _pcg64_jump, _pcg64_start, _pcg64_starts


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
    # on numpy generators: their first block is numpy's (a seed sequence's starts in Python)
    fast, slow = Sampler(np.random.default_rng(3)), Sampler(np.random.default_rng(3))
    fast.integers(2), slow.integers(2)  # fill the first block
    for s in (fast, slow):  # a word no draw of a 52-card shuffle may keep
        s._words = s._words.copy()
        s._words[s._i + 5] = np.uint64(_WORD_LIMIT - 1)
        s._buf = []
    assert fast.permutation(52) == _one_by_one(slow, 52)
    assert fast.integers(1000) == slow.integers(1000)


def test_permutation_of_items_keeps_the_items() -> None:
    assert sorted(Sampler(1).permutation("abcdef")) == list("abcdef")


def _seeds() -> list[tuple[object, tuple[int, ...]]]:
    rnd = random.Random(5)
    seeds: list[tuple[object, tuple[int, ...]]] = [(0, ()), (1, (0,)), (2**32 - 1, (2**32 - 1,)), (2**32, (2**32,)),
                                                   ([], (3,)), ([7], ()), ((1, 2, 3, 4, 5), (6, 7))]
    for _ in range(120):
        entropy: object = rnd.choice([rnd.randrange(2**32), rnd.randrange(2**128), rnd.randrange(8),
                                      [rnd.randrange(2**40) for _ in range(rnd.randrange(1, 7))]])
        key = tuple(rnd.randrange(10 ** rnd.randrange(1, 13)) for _ in range(rnd.randrange(0, 4)))
        seeds.append((entropy, key))
    return seeds


@pytest.mark.parametrize(("entropy", "key"), _seeds())
def test_python_start_is_numpys_pcg64(entropy: object, key: tuple[int, ...]) -> None:
    state = np.random.PCG64(np.random.SeedSequence(entropy, spawn_key=key)).state["state"]
    assert _pcg64_start(entropy, key) == (state["state"], state["inc"])


@pytest.mark.parametrize("draws", [1, 3, 8, 9, 64, 65, _PYTHON_WORDS - 1, _PYTHON_WORDS, _PYTHON_WORDS + 1, 700, 3000])
def test_draws_match_numpy_across_the_switch(draws: int) -> None:
    rnd = random.Random(draws)
    for entropy, key in _seeds()[:25]:
        ours = Sampler.spawned(entropy, key)  # type: ignore[arg-type]
        ref = Sampler(np.random.default_rng(np.random.SeedSequence(entropy, spawn_key=key)))
        for _ in range(draws):
            kind = rnd.randrange(3)
            if kind == 0:
                assert ours.integers(7) == ref.integers(7)
            elif kind == 1:
                assert ours.random() == ref.random()
            else:
                top = 10 ** rnd.randrange(1, 25)  # past 2**62: the exact path on raw bytes
                assert ours.integers(top) == ref.integers(top)
        # the numpy generator (and a batch path's block) go on from the same place
        assert ours.generator.random() == ref.generator.random()
        assert ours.block(6) == ref.block(6)
        ours.advance(2)
        ref.advance(2)
        assert [ours.integers(100) for _ in range(40)] == [ref.integers(100) for _ in range(40)]


def test_generator_before_any_draw_and_other_seeds() -> None:
    for seed in (np.random.SeedSequence(11, spawn_key=(2, 1)), 11):
        a, b = Sampler(seed), Sampler(np.random.default_rng(seed))
        assert a.generator.integers(1000) == b.generator.integers(1000)
        assert [a.integers(9) for _ in range(80)] == [b.integers(9) for _ in range(80)]
    # a SeedSequence child made by spawn() (its spawn key carries the parent's)
    child = np.random.SeedSequence(5).spawn(3)[2]
    a, b = Sampler(child), Sampler(np.random.default_rng(child))
    assert [a.integers(50) for _ in range(90)] == [b.integers(50) for _ in range(90)]


def test_seeds_the_python_path_does_not_take_go_to_numpy() -> None:
    big = list(range(1, 80))  # more entropy words than the Python path takes
    a, b = Sampler(np.random.SeedSequence(big)), Sampler(np.random.default_rng(np.random.SeedSequence(big)))
    assert [a.integers(6) for _ in range(20)] == [b.integers(6) for _ in range(20)]
    mt = Sampler(np.random.Generator(np.random.MT19937(3)))
    ref = Sampler(np.random.Generator(np.random.MT19937(3)))
    assert [mt.integers(6) for _ in range(20)] == [ref.integers(6) for _ in range(20)]


@pytest.mark.parametrize("before", [0, 1, 5, _PYTHON_WORDS + 3])
def test_a_shuffle_after_python_draws_is_numpys(before: int) -> None:
    for n in (3, 9, 10, 52):
        ours = Sampler.spawned(9, (4, n))
        ref = Sampler(np.random.default_rng(np.random.SeedSequence(9, spawn_key=(4, n))))
        assert [ours.integers(6) for _ in range(before)] == [ref.integers(6) for _ in range(before)]
        assert ours.permutation(n) == ref.permutation(n)
        assert [ours.integers(1000) for _ in range(30)] == [ref.integers(1000) for _ in range(30)]


@pytest.mark.parametrize("n", [3, 9, 52])
def test_permutations_are_the_shuffles_one_by_one(n: int) -> None:
    # across block boundaries (blocks of 512 to 8,192 words), after Python-made words and other draws
    for seed in range(4):
        many, one = Sampler.spawned(seed, (2,)), Sampler.spawned(seed, (2,))
        assert [many.integers(7) for _ in range(seed * 30)] == [one.integers(7) for _ in range(seed * 30)]
        for count in (0, 1, 5, 130, 400, 2):
            assert many.permutations(n, count).tolist() == [one.permutation(n) for _ in range(count)]
        assert many.integers(1 << 40) == one.integers(1 << 40)  # both streams stand at the same word


@pytest.mark.parametrize("where", [5, 51 * 3 + 7, 51 * 9 + 50])
def test_permutations_skip_a_rejected_word_as_one_by_one(where: int) -> None:
    many, one = Sampler(np.random.default_rng(3)), Sampler(np.random.default_rng(3))
    many.integers(2), one.integers(2)  # fill the first block
    for s in (many, one):  # a word no draw of a 52-card shuffle may keep
        s._words = s._words.copy()
        s._words[s._i + where] = np.uint64(_WORD_LIMIT - 1)
        s._buf = []
    assert many.permutations(52, 10).tolist() == [one.permutation(52) for _ in range(10)]
    assert many.integers(1000) == one.integers(1000)


def test_permutations_refuse_a_length_they_do_not_shuffle() -> None:
    with pytest.raises(ValueError, match="3 to 4096 items"):
        Sampler(1).permutations(2, 5)


def test_many_starts_hashed_at_once_are_each_start() -> None:
    # the vectorised SeedSequence hashing of a run's streams, against the one-by-one Python path
    # (itself checked against numpy above), for the keys a run gives and for odd entropy
    keys = [(i, k) for i in (0, 1, 2, 999, 2**32 - 1) for k in (0, 1, 7)]
    for entropy in (0, 1, 2**32, 2**100, [5, 2**40], (1, 2, 3, 4, 5)):
        assert _pcg64_starts(entropy, keys) == [_pcg64_start(entropy, k) for k in keys]
    assert _pcg64_starts(3, [(), ()]) == [_pcg64_start(3, ())] * 2
    with pytest.raises(ValueError):
        _pcg64_starts(3, [(2**32,)])  # a key word past 32 bits: the caller hashes it one by one


@pytest.mark.parametrize("steps", [0, 1, 2, 511, 512, 4097])
def test_the_jump_is_numpys_advance(steps: int) -> None:
    bits = np.random.PCG64(8)
    state = bits.state["state"]
    a, b = _pcg64_jump(steps)
    bits.advance(steps)
    assert bits.state["state"]["state"] == (a * state["state"] + b * state["inc"]) % (1 << 128)


@pytest.mark.parametrize("total", [1, 4, 6, 4096, (1 << 61) + 1])
@pytest.mark.parametrize("transposed", [False, True])
def test_take_rows_is_take_row_by_row(total: int, transposed: bool) -> None:
    # spawned streams (fresh, then part-drawn), streams with their numpy generator made, and a
    # spawned stream the Python path does not take; (1 << 61) + 1 rejects about half the words
    def streams() -> list[Sampler]:
        out = [Sampler.spawned(21, (i, 0)) for i in range(9)] + [Sampler(np.random.default_rng(4))]
        out += [Sampler.spawned(21, (2**40, 1)), Sampler.spawned(list(range(1, 80)), (0,))]
        out[3].integers(5)  # a stream already drawn from in Python: taken by its own take
        return out

    ours, ref = streams(), streams()
    table = np.arange(total, dtype=np.int32) * 3 if total <= 4096 else None
    for count in (0, 5, 512, 1000):
        rows = Sampler.take_rows(ours, total, count, table, transposed=transposed)
        want = [s.take(total, count, table).tolist() for s in ref]
        assert (rows.T if transposed else rows).tolist() == want
        if transposed:
            assert rows.flags.c_contiguous
    # every stream stands where its own take left it, whatever it draws next
    assert [s.integers(1000) for s in ours] == [s.integers(1000) for s in ref]
    assert [s.block(7)[:9] for s in ours] == [s.block(7)[:9] for s in ref]
    assert [s.generator.random() for s in ours] == [s.generator.random() for s in ref]
    with pytest.raises(ValueError):
        Sampler.take_rows(ours, 0, 3)


def test_streams_drawn_in_threads_are_numpys() -> None:
    # the first block's words come from one shared bit generator set to each stream's state:
    # streams drawn at once from several threads still get their own words
    from concurrent.futures import ThreadPoolExecutor

    def draws(key: int) -> list[int]:
        s = Sampler.spawned(3, (key, 1))
        return [s.integers(1000) for _ in range(300)]

    with ThreadPoolExecutor(4) as ex:
        got = list(ex.map(draws, range(40)))
    for key, ours in enumerate(got):
        ref = Sampler(np.random.default_rng(np.random.SeedSequence(3, spawn_key=(key, 1))))
        assert ours == [ref.integers(1000) for _ in range(300)]


def test_a_spawned_stream_read_in_blocks_is_numpys() -> None:
    # run_chance reads a game's stream by block() only: its words come from the shared bit
    # generator (no numpy generator made), block after block, and a generator made later goes on
    ours, ref = Sampler.spawned(17, (4, 0)), Sampler(np.random.default_rng(np.random.SeedSequence(17, spawn_key=(4, 0))))
    for used in (300, 512, 1, 2000, 77):
        block = ours.block(6)
        assert block == ref.block(6)
        take = min(used, len(block))
        ours.advance(take)
        ref.advance(take)
    assert [ours.integers(9) for _ in range(3000)] == [ref.integers(9) for _ in range(3000)]
    assert ours.generator.random() == ref.generator.random()


@pytest.mark.parametrize("draws", [0, 1, 63, 64, 65, _PYTHON_WORDS + 1, 700])
def test_streams_read_ahead_or_made_together_draw_numpys_numbers(draws: int) -> None:
    # `read_ahead` (the first 64 words of fresh streams at once) and `spawned_many` (their starts
    # hashed in numpy) change nothing drawn: against numpy's own generator, past the Python
    # words, with other kinds of draw mixed in, and the numpy generator and a block after them
    keys = [(i, k) for i in range(5) for k in range(4)]  # 20 keys: `spawned_many` hashes in numpy
    together = Sampler.spawned_many(11, keys)
    ahead = [Sampler.spawned(11, key) for key in keys]
    ahead[3].integers(5)  # a stream that has drawn already is left as it is
    together[3].integers(5)
    Sampler.read_ahead(ahead + together[:7] + [Sampler(3)])
    ref = [Sampler(np.random.default_rng(np.random.SeedSequence(11, spawn_key=key))) for key in keys]
    ref[3].integers(5)
    rnd = random.Random(draws)
    for a, b, r in zip(ahead, together, ref):
        for _ in range(draws):
            top = rnd.choice((2, 7, 3 << 60, 10 ** 20))  # (3 * 2**60: a count whose words are often rejected)
            x = r.integers(top)
            assert a.integers(top) == x and b.integers(top) == x
        assert a.block(6) == b.block(6) == r.block(6)
        assert a.generator.random() == b.generator.random() == r.generator.random()
