"""Octal values past the 10^6 computed on demand: the period search beyond 2^18 values (0.16),
values built ahead into the cache (``build-tables octal``: its budget, progress, atomic file,
a damaged file set aside), and the longest known periods proven from scratch (0.354, 0.376:
``@pytest.mark.slow``, minutes).

The periods are the published ones: 0.16 period 149,459 from 105,351 (Gangolli and Plambeck
1989), 0.376 period 4 from 2,268,248 (Gangolli and Plambeck 1989), 0.354 period 1,180 from
10,061,916 (Flammenkamp 2002) — as tabulated in tczajka/octal-games, SolvedGames.md. The
values themselves are checked against the plain mex and OEIS (A002186, A002187, A002188) in
tests/test_octal_values.py; here against the textbook mex where they are read from a file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import run

from squaregame.core.build import native
from squaregame.core.errors import TableLimitError
from squaregame.core.tables import Tables
from squaregame.families.octal import big, build, files, period, values
from squaregame.families.octal.code import KAYLES, parse_code
from squaregame.families.octal.store import OctalStore
from squaregame.families.octal.values import Kept, grundy_reference, grundy_values

HAS_CC = native.compiler() is not None or native.ready()
needs_cc = pytest.mark.skipif(not HAS_CC, reason="no C compiler")


def _kept(folder: Path) -> tuple[Kept, list[tuple[str, dict[str, object]]]]:
    said: list[tuple[str, dict[str, object]]] = []
    return Kept(lambda: folder, lambda key, **params: said.append((key, params))), said


@needs_cc
def test_016_period_is_proven_past_the_doubling_limit() -> None:
    """0.16's period 149,459 from 105,351 shows on 2^18 values, repeating once: the search
    goes straight to the 509,622 values its proof needs, and no further."""
    rule = parse_code("0.16")
    kept = Kept()
    found = period.periodicity(rule, kept=kept)
    assert found is not None and found.proven
    assert (found.preperiod, found.period) == (105_351, 149_459)
    assert found.needs(2) <= found.checked_upto <= 2 * period.DOUBLING_LIMIT
    # any heap, from the period: the heap the issue names, and 10^18
    g = kept.values[rule.key]
    assert period.value(rule, 2_000_000, kept=kept) == int(g[found.fold(2_000_000)])
    assert period.value(rule, 10**18, kept=kept) == int(g[found.fold(10**18)])
    assert g.size <= found.checked_upto  # nothing computed for the answers


@needs_cc
def test_a_code_without_a_candidate_stops_at_the_doubling_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past the doubling limit, nothing is computed without a candidate period: 0.6 (no period
    known) costs no more than before."""
    monkeypatch.setattr(period, "DOUBLING_LIMIT", 1 << 12)
    kept = Kept()
    assert period.periodicity(parse_code("0.6"), kept=kept) is None
    assert kept.values["0.6"].size == 1 << 12


def test_beyond_budget_names_the_command_that_builds_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(period, "DOUBLING_LIMIT", 1 << 12)
    with pytest.raises(TableLimitError) as caught:
        period.value(parse_code("0.354"), 30_000_000, kept=Kept())
    assert caught.value.key == "octal.errors.beyond_budget"
    assert caught.value.params["code"] == "0.354"
    assert caught.value.params["upto"] == 30_000_000
    with pytest.raises(TableLimitError) as caught:
        period.value(parse_code("0.6"), 10**30, kept=Kept())
    assert caught.value.params["upto"] == values.MAX_CACHED


def test_values_are_read_from_the_cache_past_the_on_demand_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(values, "MAX_ON_DEMAND", 20_000)
    monkeypatch.setattr(values, "QUICK_FROM_CACHE", 1000)
    rule = parse_code("0.6")
    with pytest.raises(TableLimitError):  # nothing cached: refused before any work
        grundy_values(rule, 30_000, kept_in=Kept())
    ref = np.asarray(grundy_reference(rule, 1500), dtype=np.uint32)
    g = np.concatenate([ref, np.zeros(30_001 - ref.size, dtype=np.uint32)])
    g[-1] = 70_000  # a value past 2^16: the file holds four bytes a value
    files.save(files.cache_path(tmp_path, rule, 30_000), rule, g)
    kept, _ = _kept(tmp_path)
    assert values.available(rule, kept) == 30_001
    got = grundy_values(rule, 30_000, kept_in=kept)
    assert not got.flags.writeable
    assert got.size == 30_001 and np.array_equal(got, g)


def test_file_round_trip_and_a_damaged_file_is_set_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(values, "QUICK_FROM_CACHE", 100)
    rule = KAYLES
    g = np.asarray(grundy_reference(rule, 600), dtype=np.uint32)
    path = files.cache_path(tmp_path, rule, 600)
    files.save(path, rule, g)
    assert files.cached_upto(tmp_path, rule) == 600
    assert files.cached_upto(tmp_path, parse_code("0.6")) == -1  # another rule's: not read
    said: list[str] = []
    got = files.load(tmp_path, rule, 500, lambda key, **p: said.append(key))
    assert np.array_equal(got, g) and not said
    data = bytearray(path.read_bytes())
    data[-5] ^= 0xFF  # one value altered: the header still whole, the checksum fails
    path.write_bytes(bytes(data))
    kept, notes = _kept(tmp_path)
    assert values.available(rule, kept) == 601  # (what the header claims)
    # the store sets the file aside, says so, and computes the values instead: right ones
    assert list(grundy_values(rule, 600, kept_in=kept)) == list(g)
    assert [key for key, _ in notes] == ["tables.damaged"]
    assert not path.exists() and path.with_name(path.name + ".damaged").exists()
    assert files.cached_upto(tmp_path, rule) == -1


def test_a_write_that_fails_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rule = KAYLES
    path = files.cache_path(tmp_path, rule, 100)
    old = np.asarray(grundy_reference(rule, 100), dtype=np.uint32)
    files.save(path, rule, old)
    before = path.read_bytes()

    def broken(src: object, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        files.save(path, rule, np.zeros(101, dtype=np.uint32))
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_estimate_reads_growth_from_the_probe() -> None:
    probe = 1 << 15
    quarter = probe // 4
    flat = build.estimate(10**8, 400 * quarter, 400 * quarter, probe)
    assert flat == 400 * 10**8  # sparse: the same pairs a heap all the way
    dense = build.estimate(10**6, 5 * quarter, 7 * quarter, probe)  # rate ∝ heap
    assert dense == pytest.approx(7 * 10**6 * (10**6 / (0.875 * probe)) / 2, rel=1e-6)


@needs_cc
def test_build_tables_octal_writes_reports_progress_and_is_used(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "build-tables", "octal", "--code", "0.16", "--upto", "600000")
    assert code == 0, err
    assert "period 149,459 from heap 105,351, proven" in out
    cache = Path(os.environ["SQUAREGAME_CACHE_DIR"])
    assert (cache / "octal-0.16-600000.sgt").is_file()
    # progress as fractions, rising to 1, and the values written are the kernel's
    fractions: list[float] = []
    tables = Tables(cache=cache)
    key, _ = build.build("0.16", 200_000, tables, fractions.append)
    assert key == "octal.build.wrote" and fractions[-1] == 1.0
    assert fractions == sorted(fractions)
    kept = OctalStore.of(tables).kept
    assert files.cached_upto(cache, parse_code("0.16")) == 600_000  # the larger one kept
    assert values.available(parse_code("0.16"), kept) == 600_001


def test_build_tables_octal_refuses_before_the_work(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "build-tables", "octal", "--upto", "1000")
    assert code == 2 and "--code" in err
    code, _, err = run(capsys, "build-tables", "octal", "--code", "nim", "--upto", "1000")
    assert code == 2 and "one-pile rule" in err
    code, _, err = run(capsys, "build-tables", "squares", "--code", "0.6", "--upto", "1000")
    assert code == 2 and "--code is for build-tables octal" in err
    code, _, err = run(capsys, "build-tables", "octal", "--code", "0.6", "--upto", "1000000000")
    assert code == 2 and "--upto must be between 1 and 100,000,000" in err
    if HAS_CC:  # 0.6 to 10^8: about 4·10^11 pairs, refused after the probe alone
        code, _, err = run(capsys, "build-tables", "octal", "--code", "0.6", "--upto", "100000000")
        assert code == 2 and "choose a smaller --upto" in err and "Traceback" not in err
    cache = Path(os.environ["SQUAREGAME_CACHE_DIR"])
    assert not list(cache.glob("octal-*")) if cache.exists() else True


def test_long_rows_count_their_winning_splits_from_the_period() -> None:
    """The rows' edges (a < n0, or rest − a < n0) are valued in numpy, heaps past 2^63 too."""
    g = np.asarray(grundy_reference(KAYLES, 200), dtype=np.uint32)
    vals = big.Values(g[:83], 71, 12)  # Kayles: period 12 from 71
    for rest in (150, 10**21 + 7, 10**21 + 8):
        block = big.Block(1, rest, "split", 1, min(rest // 2, 400))
        for target in range(9):
            want = [a - 1 for a in range(1, block.last + 1) if vals(a) ^ vals(rest - a) == target]
            count, first = big.winning_splits(block, target, vals, 50)
            if rest == 150:
                assert count == len(want)
            assert first == want[:50]


@pytest.mark.slow
@needs_cc
def test_0354_period_proven_from_scratch(tmp_path: Path) -> None:
    """0.354: period 1,180 from 10,061,916 (Flammenkamp 2002), proven on 20,123,836 values
    built ahead (about 20 s of CPU); then any heap answers from it."""
    tables = Tables(cache=tmp_path)
    key, said = build.build("0.354", 20_200_000, tables, lambda f: None)
    assert key == "octal.build.wrote_period"
    assert (said["period"], said["preperiod"]) == ("1,180", "10,061,916")
    store = OctalStore.of(tables)
    rule = parse_code("0.354")
    far = store.grundy(rule, 10**18)  # the period searched on the values in the file
    found = store.proven(rule)
    assert found is not None and (found.preperiod, found.period) == (10_061_916, 1_180)
    assert far == store.grundy(rule, found.fold(10**18))


@pytest.mark.slow
@needs_cc
def test_0376_period_proven_from_scratch(tmp_path: Path) -> None:
    """0.376: period 4 from 2,268,248 (Gangolli and Plambeck 1989), proven on 4,536,502
    values built ahead (about a minute of CPU)."""
    tables = Tables(cache=tmp_path)
    key, said = build.build("0.376", 4_540_000, tables, lambda f: None)
    assert key == "octal.build.wrote_period"
    assert (said["period"], said["preperiod"]) == ("4", "2,268,248")


def test_a_known_long_preperiod_is_built_on_demand(monkeypatch: pytest.MonkeyPatch) -> None:
    """A heap past the values of a code whose long preperiod is known (0.354) builds the
    values its proof needs into the cache, within the on-demand budget, then answers."""
    tables = Tables()
    store = OctalStore.of(tables)
    rule = parse_code("0.354")
    asked: list[tuple[str, int, int]] = []
    calls = {"value": 0}

    def value(rule: object, n: int, progress: object = None, **kw: object) -> int:
        calls["value"] += 1
        if calls["value"] == 1:
            raise TableLimitError("octal.errors.beyond_budget", need=n)
        return 7

    def fake_build(
        text: str, upto: int, tables: object, progress: object, budget: int, kept: object
    ) -> None:
        asked.append((text, upto, budget))

    monkeypatch.setattr(period, "value", value)
    monkeypatch.setattr(build, "build", fake_build)
    monkeypatch.setattr(files, "cached_upto", lambda folder, rule: -1)
    assert store.grundy(rule, 30_000_000) == 7
    assert asked == [("0.354", build.LONG_PREPERIODS["0.354"], build.ON_DEMAND_BUDGET)]
    # a code with no known long preperiod is refused as before, nothing built
    calls["value"] = 0
    with pytest.raises(TableLimitError):
        store.grundy(parse_code("0.6"), 30_000_000)
    assert len(asked) == 1


@pytest.mark.slow
@needs_cc
def test_0354_answered_on_demand_from_an_empty_cache(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's check: `analyze octal 30000000 --code 0.354 --json` says the period 1,180
    from 10,061,916 is proven, from an empty cache (about 20 s of CPU)."""
    code, out, err = run(capsys, "analyze", "octal", "30000000", "--code", "0.354", "--json")
    assert code == 0, err
    said = json.loads(out)
    assert said["periods"]["grundy"] == {"preperiod": 10061916, "period": 1180, "proven": True}
