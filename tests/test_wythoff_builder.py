"""The Wythoff builder (pushes from its cold cells along slices) against a plain reference, the
closed form (OEIS A000201 / A001950) and the C reference, byte for byte."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wythoff_reference import reference_wythoff

from squaregame import paths
from squaregame.cli.main import main
from squaregame.families.wythoff.table import build_wythoff, cold_pairs


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 5, 13, 100, 333, 777])
@pytest.mark.parametrize("misere", [False, True])
def test_the_builder_gives_the_reference_values(size: int, misere: bool) -> None:
    board = build_wythoff(size, misere)
    rem, cold = reference_wythoff(size, misere)
    assert board.remoteness_array.tolist() == rem.tolist()
    assert np.array_equal(board.cold_array, cold)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 60), st.booleans())
def test_any_small_board_matches_the_reference(size: int, misere: bool) -> None:
    board = build_wythoff(size, misere)
    rem, cold = reference_wythoff(size, misere)
    assert np.array_equal(board.remoteness_array, rem) and np.array_equal(board.cold_array, cold)


def test_cold_cells_are_the_wythoff_pairs_a000201_a001950() -> None:
    board = build_wythoff(2000, False)
    want = np.zeros((2001, 2001), dtype=bool)
    for a, b in cold_pairs(2000):
        if b <= 2000:
            want[a, b] = want[b, a] = True
    assert np.array_equal(board.cold_array, want)
    rem = board.remoteness_array
    assert rem.dtype == np.uint16  # two bytes a cell: a remoteness is at most x + y
    assert np.array_equal(rem % 2 == 0, want)  # normal play: cold ⇔ even remoteness


def _fnv1a_u16(values: list[int]) -> int:
    h = 1469598103934665603
    for v in values:
        h = ((h ^ v) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h


@pytest.fixture(scope="module")
def wythoff_ref(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("gcc") is None:
        pytest.skip("no gcc to build the C reference")
    exe = tmp_path_factory.mktemp("ref") / "wythoff_ref"
    src = paths.asset("bench", "wythoff_ref.c")
    subprocess.run(["gcc", "-O2", "-o", str(exe), str(src)], check=True)
    return exe


@pytest.mark.parametrize("n", [1, 2, 7, 300])
def test_the_c_reference_hashes_the_same_bytes(wythoff_ref: Path, n: int) -> None:
    said = subprocess.run([str(wythoff_ref), str(n)], capture_output=True, text=True).stdout
    board = build_wythoff(n - 1, False)
    rem = board.remoteness_array
    assert f"fnv1a_rem={_fnv1a_u16(rem.reshape(-1).tolist()):016x}" in said
    assert f"cold={int(board.cold_array.sum())} maxrem={int(rem.max())}" in said


def test_table_stats_agrees_with_the_c_reference(
    wythoff_ref: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["table", "wythoff", "--upto", "2000", "--stats", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    said = subprocess.run([str(wythoff_ref), "2000"], capture_output=True, text=True).stdout
    assert f"cold={stats['cold_count']} maxrem={stats['max_remoteness']}" in said


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--upto", "8001", "--stats"], "--upto must be between 1 and 8,000 with --stats"),
        (["--upto", "10", "--stats", "--misere"], "--stats is for normal-play squares or wythoff"),
    ],
)
def test_wythoff_stats_limits(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["table", "wythoff", *args]) == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize("misere", [False, True])
def test_cold_cells_come_out_of_the_row_by_row_construction(misere: bool) -> None:
    # cold_cells' docstring: row by row, the first x whose column and diagonal are free
    # (misère: the corner is hot). The closed forms it uses must give the same cells.
    from squaregame.families.wythoff.table import cold_cells

    size = 3000
    col, dia = set(), set()
    want = []
    for y in range(size + 1):
        for x in range(size + 1):
            if (misere and (x, y) == (0, 0)) or x in col or x - y in dia:
                continue
            want.append((x, y))
            col.add(x)
            dia.add(x - y)
            break
    assert sorted(cold_cells(size, misere)) == sorted(want)
    got = cold_cells(size, misere)
    assert got == sorted(got, key=lambda c: (c[0] + c[1], c[0]))
