"""Grundy values of one heap: the rare-value method (numpy and the C kernel) and the plain one
against the textbook mex for every code of up to three digits, random longer codes, OEIS's
published lists, progress and cancel, the fall-back and the budget."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from squaregame.core.build import native
from squaregame.core.errors import TableLimitError
from squaregame.families.octal import values
from squaregame.families.octal.code import (
    DAWSONS_CHESS,
    DAWSONS_KAYLES,
    GRUNDYS_GAME,
    KAYLES,
    HeapRule,
    OctalCode,
    parse_code,
)
from squaregame.families.octal.native import values_native
from squaregame.families.octal.values import (
    MAX_ON_DEMAND,
    grundy_native,
    grundy_numpy,
    grundy_reference,
    grundy_values,
)

HAS_CC = native.compiler() is not None or native.ready()
needs_cc = pytest.mark.skipif(not HAS_CC, reason="no C compiler")

# OEIS A002186 (Kayles, 0.77), n = 0..104, as published.
A002186 = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
    7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
    7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
]  # fmt: skip
# OEIS A002187 (Dawson's chess, 0.137), n = 0..131; 0.07 has values a(n − 1).
A002187 = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1,
    1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
    3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
]  # fmt: skip
# OEIS A002188 (Grundy's game), n = 0..104.
A002188 = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
    3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
    2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
    7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
]  # fmt: skip

SMALL = [
    OctalCode.of((0, a, b, c)) for a, b, c in itertools.product(range(8), repeat=3) if a or b or c
]


def _methods(rule: HeapRule, n: int) -> dict[str, list[int]]:
    got = {
        "numpy": grundy_numpy(rule, n).tolist(),
        "numpy-plain": grundy_numpy(rule, n, sparse=False).tolist(),
    }
    if HAS_CC:
        got["native"] = grundy_native(rule, n).tolist()
        plain = values_native(rule, n, sparse=False)
        got["native-plain"] = np.frombuffer(plain, dtype=np.uint32).tolist()
    return got


@pytest.mark.parametrize(  # one part in the default run (64 codes); the other seven are slow
    "chunk", [0, *(pytest.param(c, marks=pytest.mark.slow) for c in range(1, 8))]
)
def test_every_code_of_three_digits_agrees_with_the_mex(chunk: int) -> None:
    """All 511 codes 0.d1d2d3 to n = 300, in eight parts (for parallel runs)."""
    for rule in SMALL[chunk::8]:
        expected = grundy_reference(rule, 300)
        for name, got in _methods(rule, 300).items():
            assert got == expected, (rule.key, name)


@pytest.mark.parametrize("text", ["4", "4.07", "4.3", "4.726", "4.444"])
def test_codes_that_split_without_taking(text: str) -> None:
    rule = parse_code(text)
    expected = grundy_reference(rule, 200)
    for name, got in _methods(rule, 200).items():
        assert got == expected, name


codes = st.builds(
    lambda first, rest: OctalCode.of((first, *rest)),
    st.sampled_from([0, 4]),
    st.lists(st.integers(0, 7), min_size=4, max_size=8).filter(lambda d: d[-1] != 0),
)


@settings(max_examples=40, deadline=None)
@given(codes)
def test_random_long_codes_agree_with_the_mex(rule: OctalCode) -> None:
    expected = grundy_reference(rule, 120)
    for name, got in _methods(rule, 120).items():
        assert got == expected, (rule.key, name)


def test_grundys_game_agrees_with_the_mex() -> None:
    expected = grundy_reference(GRUNDYS_GAME, 400)
    for name, got in _methods(GRUNDYS_GAME, 400).items():
        assert got == expected, name


def test_the_published_lists() -> None:
    assert grundy_values(KAYLES, len(A002186) - 1).tolist() == A002186
    assert grundy_values(DAWSONS_CHESS, len(A002187) - 1).tolist() == A002187
    assert grundy_values(DAWSONS_KAYLES, len(A002187)).tolist() == [0, *A002187]
    assert grundy_values(GRUNDYS_GAME, len(A002188) - 1).tolist() == A002188
    assert grundy_reference(KAYLES, len(A002186) - 1) == A002186  # the yardstick agrees too
    assert grundy_reference(GRUNDYS_GAME, len(A002188) - 1) == A002188


@needs_cc
def test_the_kernel_goes_on_from_a_prefix_chunk_by_chunk(monkeypatch: pytest.MonkeyPatch) -> None:
    rule = parse_code("0.6")
    whole = grundy_native(rule, 5000)
    monkeypatch.setattr("squaregame.families.octal.native.CHUNK", 333)
    seen: list[float] = []
    banded = grundy_native(rule, 5000, seen.append, start=whole[:1234])
    assert banded.tolist() == whole.tolist()
    assert len(seen) >= 5 and seen == sorted(seen) and seen[-1] == pytest.approx(1.0)
    assert grundy_numpy(rule, 5000, start=whole[:2000]).tolist() == whole.tolist()


@needs_cc
def test_an_exception_from_progress_stops_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("squaregame.families.octal.native.CHUNK", 1000)
    calls: list[float] = []

    def cancel(done: float) -> None:
        calls.append(done)
        if len(calls) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        grundy_native(KAYLES, 100_000, cancel)
    assert len(calls) == 3


def test_an_exception_from_progress_stops_numpy() -> None:
    calls: list[float] = []

    def cancel(done: float) -> None:
        calls.append(done)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        grundy_numpy(KAYLES, 100_000, cancel)
    assert len(calls) == 1 and calls[0] < 0.05


def test_without_the_kernel_numpy_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SQUAREGAME_BUILDER", "native")
    monkeypatch.setattr(native, "library", lambda: None)
    assert grundy_values(KAYLES, 104).tolist() == A002186


def test_values_are_kept_and_extended() -> None:
    kept = values.Kept()
    first = grundy_values(GRUNDYS_GAME, 50, kept_in=kept)
    assert not first.flags.writeable
    assert kept.values[GRUNDYS_GAME.key].size == 51
    assert grundy_values(GRUNDYS_GAME, 104, kept_in=kept).tolist() == A002188
    assert kept.values[GRUNDYS_GAME.key].size == 105
    assert grundy_values(GRUNDYS_GAME, 20, kept_in=kept).tolist() == A002188[:21]
    assert kept.values[GRUNDYS_GAME.key].size == 105  # nothing computed again
    assert values.Kept().values == {}  # another program's tables share nothing


def test_beyond_the_budget_is_refused_before_computing() -> None:
    calls: list[float] = []
    with pytest.raises(TableLimitError) as caught:
        grundy_values(KAYLES, MAX_ON_DEMAND + 1, calls.append)
    assert caught.value.key == "octal.errors.too_many_values" and not calls


def test_best_mask_counts_rare_heaps() -> None:
    # mostly 1 and 2: mask 3 makes them common, leaving 0 and 3 (two heaps) rare
    counts = np.array([1, 4, 4, 1])
    assert values.best_mask(counts, 10) == 3
    assert values.best_mask(np.array([5, 0]), 5) == 0


def test_dense_values_stop_at_the_work_budget(
    monkeypatch: pytest.MonkeyPatch, shared_cache: Path
) -> None:
    """0.1234567's values are dense: every pair of heaps counts, the work grows as n². The
    budget on pairs examined is checked before each kernel call (numpy: before each heap),
    so a request past it is refused after a bounded amount of work, never hangs."""
    from squaregame.core.errors import TableLimitError
    from squaregame.families.octal import native

    dense = parse_code("0.1234567")
    monkeypatch.setattr(values, "NUMPY_PAIR_BUDGET", 10**6)
    stats: list[int] = []
    if HAS_CC:  # (the budget is given: ``budget``'s default is bound when the module loads,
        # so patching ``native.PAIR_BUDGET`` left the real 2·10^10 pairs, ~20 s of work)
        with pytest.raises(TableLimitError) as caught:
            native.values_native(dense, 200_000, stats=stats, budget=5 * 10**7)
        assert caught.value.key == "octal.errors.too_much_work"
    with pytest.raises(TableLimitError):
        values.grundy_numpy(dense, 200_000)
    assert len(values.grundy_numpy(dense, 300).tolist()) == 301  # small ones still answer
