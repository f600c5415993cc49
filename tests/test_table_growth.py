"""On-demand Squares tables: one byte a position, written without copies, and a larger table
replaces the smaller ones in the cache instead of piling up beside them."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from squaregame.cli.common import StderrProgress
from squaregame.cli.main import main
from squaregame.core.build.squares import rem_payload, squares_remoteness
from squaregame.core.files.tablefile import encode_chunks, encode_table, read_table
from squaregame.core.piles.files import save_table
from squaregame.core.piles.store import TableStore
from squaregame.core.rules import SQUARES


def _tables(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("squares-normal-*.sgt"))


def test_on_demand_reaches_ten_to_the_eight() -> None:
    assert SQUARES.tabled.auto_limit == 10**8
    assert SQUARES.tabled.most >= SQUARES.tabled.auto_limit


def test_a_table_is_saved_with_one_byte_a_position(cache_dir: Path) -> None:
    store = TableStore(use_shipped=False)
    t = store.tabled(SQUARES).normal(1_000_001)
    path = cache_dir / "squares-normal-2000000.sgt"
    tf = read_table(path)
    assert tf.meta["arrays"]["remoteness"]["typecode"] == "B"
    assert path.stat().st_size < 2_000_001 + 1000  # one byte a position, plus the header
    assert bytes(tf.arrays["remoteness"]) == squares_remoteness(2_000_000).tobytes()
    assert t.upto == 2_000_000


def test_a_larger_build_replaces_the_smaller_tables(cache_dir: Path) -> None:
    assert main(["build-tables", "squares", "--upto", "3000", "--grundy"]) == 0
    store = TableStore(use_shipped=False)
    store.tabled(SQUARES).normal(
        5000
    )  # Grundy values there: the 3000 file is not enough, built anew
    store.tabled(SQUARES).normal(1_500_000)
    assert _tables(cache_dir) == ["squares-normal-2000000.sgt", "squares-normal-3000.sgt"]
    # the 10^6 table was replaced; the one with Grundy values stays (it answers what the
    # new one cannot)
    assert TableStore(use_shipped=False).tabled(SQUARES).grundy_upto() == 3000
    store.tabled(SQUARES).normal(2_500_000)
    assert _tables(cache_dir) == ["squares-normal-3000.sgt", "squares-normal-3000000.sgt"]


def test_build_tables_replaces_smaller_tables_too(cache_dir: Path) -> None:
    TableStore(use_shipped=False).tabled(SQUARES).normal(5000)
    assert _tables(cache_dir) == ["squares-normal-1000000.sgt"]
    assert main(["build-tables", "squares", "--upto", "1200000"]) == 0
    assert _tables(cache_dir) == ["squares-normal-1200000.sgt"]


def test_chunks_are_the_file_and_arrays_are_not_copied() -> None:
    rem = squares_remoteness(10_000)
    code, view = rem_payload(rem)
    assert code == "B" and view.obj is not None and len(view) == 10_001
    arrays = {"remoteness": (code, view), "grundy": ("H", bytes(6))}
    chunks = encode_chunks({"game": "squares"}, arrays)
    shared = [np.shares_memory(np.frombuffer(c, np.uint8), rem) for c in chunks if len(c)]
    assert any(shared)  # the built array itself is written, not a copy of it
    assert b"".join(bytes(c) for c in chunks) == encode_table({"game": "squares"}, arrays)
    wide = rem_payload(rem.astype(np.uint16))
    assert wide[0] == "H" and bytes(wide[1]) == rem.astype("<u2").tobytes()


def test_save_accepts_two_byte_values_as_before(tmp_path: Path) -> None:
    save_table(tmp_path / "t.sgt", "squares", bytes(4), 1, None)
    assert read_table(tmp_path / "t.sgt").meta["arrays"]["remoteness"]["typecode"] == "H"


def test_progress_is_silent_under_json_and_one_line_off_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    quiet = StderrProgress("building", delay=0, quiet=True)
    for f in (0.0, 0.5, 1.0):
        quiet(f)
    assert capsys.readouterr().err == ""
    plain = StderrProgress("building", delay=0)
    for f in (0.0, 0.5, 1.0):
        plain(f)
    assert capsys.readouterr().err == "building…\n"
