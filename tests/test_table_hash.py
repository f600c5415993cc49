"""``table --stats --hash``: the FNV-1a hash of a freshly built table's values, as the C
references print it (``fnv1a_rem=…``), for ``squaregame bench`` to check every builder's
values before it times them. Checked against the hash as the tests have always written it,
one value at a time, and against the C reference's published line."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from squaregame.cli.main import main
from squaregame.core.files import digest
from squaregame.families.wythoff.table import build_wythoff


def slow_fnv1a(values: list[int]) -> int:
    """The hash as the tests and the C references write it, one value at a time."""
    h = 1469598103934665603
    for v in values:
        h = ((h ^ v) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h


@given(st.lists(st.integers(0, 2**16 - 1), max_size=300), st.integers(1, 40))
def test_the_hash_is_the_tests_hash_whatever_the_chunks(values: list[int], size: int) -> None:
    want = slow_fnv1a(values)
    assert digest.fnv1a_u16(digest.chunks(np.array(values, dtype=np.uint16), size)) == want
    raw = memoryview(np.array(values, dtype=np.uint16).tobytes()).cast("H")  # the C kernel's
    assert digest.fnv1a_u16(digest.chunks(raw, size)) == want
    assert digest.shown(want) == f"{want:016x}"


def test_the_squares_hash_is_the_c_references(capsys: pytest.CaptureFixture[str]) -> None:
    # ../shared/bench/squares_ref.c 1000000 prints cold=13952 maxrem=128 fnv1a_rem=ec42e7a9717ecff1
    assert main(["table", "squares", "--upto", "1000000", "--stats", "--json", "--hash"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert (stats["cold_count"], stats["max_remoteness"]) == (13952, 128)
    assert stats["fnv1a_rem"] == "ec42e7a9717ecff1"


@pytest.mark.parametrize("builder", ["numpy", "native"])
def test_the_wythoff_hash_is_the_boards_values_row_by_row(
    builder: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SQUAREGAME_BUILDER", builder)
    assert main(["table", "wythoff", "--upto", "120", "--hash", "--stats"]) == 0
    said = capsys.readouterr().out
    rem = build_wythoff(119, False).remoteness_array.reshape(-1).tolist()
    assert said.strip().endswith(f"; fnv1a_rem={slow_fnv1a(rem):016x}")


def test_hash_goes_with_stats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "squares", "--upto", "10", "--hash"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
