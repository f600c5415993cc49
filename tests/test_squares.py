"""Squares (subtract-a-square) against published sequences, brute force and the C reference."""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pytest
from build import pile_game
from hypothesis import given, settings
from hypothesis import strategies as st

from reference import grundy, pile_children, solve, squares_amounts
from squaregame.core.build import squares as build
from squaregame.core.build.squares import squares_grundy, squares_remoteness
from squaregame.core.files.tablefile import read_table
from squaregame.core.piles.files import shipped_path
from squaregame.core.piles.store import TableStore
from squaregame.core.rules import SQUARES
from squaregame.core.types import Outcome
from squaregame.families.pile.game import PileGame


@pytest.fixture(scope="module")
def normal() -> PileGame:
    return pile_game(SQUARES, misere=False, store=TableStore())


@pytest.fixture(scope="module")
def misere() -> PileGame:
    return pile_game(SQUARES, misere=True, store=TableStore())


def cold_numbers(game: PileGame, upto: int) -> list[int]:
    return [n for n in range(upto + 1) if game.info(n).outcome is Outcome.COLD]


def test_cold_numbers_are_oeis_a030193(normal: PileGame) -> None:
    assert cold_numbers(normal, 57) == [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57]


def test_grundy_values_are_oeis_a014586(normal: PileGame) -> None:
    a014586 = [0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2,
               3, 2, 3, 4, 5, 3, 2, 3, 4, 0]  # fmt: skip
    assert [normal.info(n).grundy for n in range(35)] == a014586


def test_remoteness_examples(normal: PileGame) -> None:
    assert normal.info(13).remoteness == 7
    a = normal.analyze(17)
    assert a.info.outcome is Outcome.COLD and a.info.remoteness == 8
    assert {m.to: m.info.remoteness for m in a.moves} == {16: 1, 13: 7, 8: 5, 1: 1}
    assert [m.to for m in a.best_moves()] == [13]  # the best defence


def test_remoteness_prefix_is_oeis_a338027(normal: PileGame) -> None:
    # A338027: remoteness of n in subtract-a-square, n >= 0.
    a338027 = [0, 1, 2, 3, 1, 2, 3, 4, 5, 1, 4, 3, 6, 7, 3, 4, 1, 8, 3, 5, 6, 3, 8, 5, 5, 1]
    assert [normal.info(n).remoteness for n in range(26)] == a338027


def test_22_is_cold_because_all_its_moves_are_hot(normal: PileGame) -> None:
    a = normal.analyze(22)
    assert a.info.outcome is Outcome.COLD
    assert sorted(m.to for m in a.moves) == [6, 13, 18, 21]
    assert all(m.info.outcome is Outcome.HOT for m in a.moves)


def test_winning_moves_from_19(normal: PileGame) -> None:
    assert sorted(m.to for m in normal.analyze(19).winning_moves) == [10, 15]


def test_misere_cold_numbers(misere: PileGame) -> None:
    assert cold_numbers(misere, 45) == [1, 3, 6, 8, 11, 13, 16, 18, 21, 23, 35, 40, 45]


def test_normal_and_misere_agree_with_brute_force(normal: PileGame, misere: PileGame) -> None:
    n = 3000
    for game, mis in ((normal, False), (misere, True)):
        ref = solve(range(n), pile_children(squares_amounts), mis)
        got = {k: (game.info(k).outcome.value, game.info(k).remoteness) for k in range(n)}
        assert got == ref


def test_shipped_table_is_the_one_the_builder_makes() -> None:
    tf = read_table(shipped_path("squares"))
    assert tf.meta["upto"] == 10**6
    prefix = 20_000
    rem = np.asarray(tf.arrays["remoteness"][:prefix])
    assert np.array_equal(rem, squares_remoteness(prefix - 1))
    ref = solve(range(prefix), pile_children(squares_amounts), False)
    assert [r for _, r in (ref[k] for k in range(prefix))] == rem.tolist()
    g = grundy(range(4000), pile_children(squares_amounts))
    assert list(tf.arrays["grundy"][:4000]) == [g[k] for k in range(4000)]
    assert np.array_equal(np.asarray(tf.arrays["grundy"][:4000]), squares_grundy(3999))


def _fnv1a_u16(values: list[int]) -> int:
    h = 1469598103934665603
    for v in values:
        h = ((h ^ v) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h


def test_shipped_table_matches_the_c_reference_byte_for_byte() -> None:
    # ../shared/bench/squares_ref.c 1000000 prints cold=13952 maxrem=128 fnv1a_rem=ec42e7a9717ecff1
    rem = read_table(shipped_path("squares")).arrays["remoteness"]
    first = list(rem[:1_000_000])
    assert sum(1 for r in first if r % 2 == 0) == 13952
    assert max(first) == 128
    assert _fnv1a_u16(first) == 0xEC42E7A9717ECFF1


def test_builder_across_block_boundaries() -> None:
    # Blocks start at 4096, 8192, ...; sizes around the boundaries must agree.
    ref = solve(range(9000), pile_children(squares_amounts), False)
    want = [ref[k][1] for k in range(9000)]
    for upto in (0, 1, 2, 4095, 4096, 4097, 8191, 8999):
        assert squares_remoteness(upto).tolist() == want[: upto + 1]


def test_eleven_thousand_356_is_the_first_cold_number_ending_in_6() -> None:
    rem = squares_remoteness(200_000)
    cold = np.flatnonzero(rem % 2 == 0)
    assert [int(c) for c in cold if c % 10 == 6] == [11356]


def test_the_builder_falls_back_to_two_bytes_when_remoteness_overflows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from squaregame.core.build import squares as build

    monkeypatch.setenv("SQUAREGAME_BUILDER", "numpy")  # the native one: test_build_native.py
    real = build._build

    def one_byte_too_small(upto, dtype, progress):  # type: ignore[no-untyped-def]
        if dtype == np.uint8:
            raise build._Overflow
        return real(upto, dtype, progress)

    monkeypatch.setattr(build, "_build", one_byte_too_small)
    wide = build.squares_table(5000)
    assert wide.rem.dtype == np.uint16
    assert wide.rem.tolist() == real(5000, np.uint8, None).rem.tolist()


def test_the_builder_uses_one_byte_per_position_when_it_can() -> None:
    from squaregame.core.build.squares import squares_table

    assert squares_table(1000).rem.dtype == np.uint8


def test_the_numpy_builder_makes_the_shipped_table_byte_for_byte(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SQUAREGAME_BUILDER", "numpy")
    made = build.squares_table(999_999)
    shipped = read_table(shipped_path("squares")).arrays["remoteness"]
    assert bytes(made.rem.astype(np.uint16).tobytes()) == bytes(shipped[:1_000_000].tobytes())
    assert made.cold.size == 13952


def test_the_numpy_builder_across_many_full_blocks_agrees_with_the_c_kernels(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 2^20-position blocks from 2^20 on: far children gathered square by square, near ones
    # settled 64 cold positions at a time by iteration; the C kernels go one by one.
    from squaregame.core.build import native
    from squaregame.core.build import squares_native as build_native

    if native.compiler() is None:
        pytest.skip("no C compiler")
    monkeypatch.setenv("SQUAREGAME_BUILDER", "numpy")
    made = build.squares_table(3_300_000)
    compiled = build_native.squares_table_native(3_300_000, np.uint8, None)
    assert compiled is not None
    assert made.rem.tobytes() == compiled[0].tobytes()
    assert np.array_equal(made.cold, compiled[1])


def test_the_numpy_builder_raises_overflow_just_past_the_largest_remoteness() -> None:
    # A value exactly at the limit fits (values are capped while they settle); one more
    # does not, and the builder says so instead of wrapping round.
    table = build._build(60_000, np.uint8, None)
    top = int(table.rem[table.cold].max())  # the largest cold remoteness
    assert top % 2 == 0 and top > 50
    at_limit = build._build(60_000, np.uint8, None, limit=top)
    assert at_limit.rem.tobytes() == table.rem.tobytes()
    with pytest.raises(build._Overflow):
        build._build(60_000, np.uint8, None, limit=top - 1)


@settings(max_examples=12, deadline=None)
@given(rows=st.integers(min_value=1, max_value=300), upto=st.integers(0, 40_000))
def test_the_near_step_gives_the_same_table_however_many_rows_settle_together(
    rows: int, upto: int
) -> None:
    # One row at a time is the plain in-order loop; more rows settle together. The
    # shipped table (checked against the C reference above) is the answer.
    want = np.asarray(_shipped_remoteness()[: upto + 1])
    real = build.NEAR_ROWS
    try:
        build.NEAR_ROWS = rows
        got = build._build(upto, np.uint8, None)
    finally:
        build.NEAR_ROWS = real
    assert np.array_equal(got.rem, want)
    assert np.array_equal(got.cold, np.flatnonzero(want % 2 == 0))


@functools.cache
def _shipped_remoteness() -> Any:
    return read_table(shipped_path("squares")).arrays["remoteness"]
