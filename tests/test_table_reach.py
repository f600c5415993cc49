"""Beyond the Squares table: the message names the largest table really at hand (shipped,
loaded, or a whole file in the cache) and, in misère play, the misère position and the
normal table to build."""

from __future__ import annotations

from pathlib import Path

import pytest
from said import said

from squaregame.cli.main import main
from squaregame.core.errors import TableLimitError
from squaregame.core.piles.files import save_table
from squaregame.core.piles.store import TableStore
from squaregame.core.rules import SQUARES
from squaregame.text import set_language


@pytest.fixture(autouse=True)
def _english() -> None:
    """The language is process-wide, and an earlier test may have left another one."""
    set_language("en")


@pytest.fixture
def small_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing past 5,000 is built on demand (so a test never builds a big table)."""
    monkeypatch.setattr(SQUARES, "tabled", SQUARES.tabled._replace(auto_limit=5000))


def _fake_table(cache: Path, upto: int) -> Path:
    """A whole table file of ``upto`` (zeros: only its header and length matter here)."""
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / f"squares-normal-{upto}.sgt"
    save_table(path, "squares", bytes(2 * (upto + 1)), upto, None)
    return path


def test_the_message_names_a_built_table_in_the_cache(small_limit: None) -> None:
    TableStore(use_shipped=False).tabled(SQUARES).build(20_000)
    fresh = TableStore(use_shipped=False)
    with pytest.raises(TableLimitError) as caught:
        fresh.tabled(SQUARES).normal(30_000)
    e = caught.value
    assert e.key == "errors.tabled_beyond_table"
    assert e.params == {"need": 30_000, "largest": 20_000, "rule": SQUARES, "key": "squares"}
    assert "reaches 20000" in said(e) and "--upto 30000" in said(e)


def test_misere_says_the_misere_position_and_the_normal_table_to_build(
    small_limit: None,
) -> None:
    TableStore(use_shipped=False).tabled(SQUARES).build(20_000)
    fresh = TableStore(use_shipped=False)
    # the normal table of 0..20,000 answers misère play up to 20,001 ...
    assert fresh.values(SQUARES, True, 20_001).info(20_001).outcome is not None
    # ... and one further is beyond it: said in misère terms
    with pytest.raises(TableLimitError) as caught:
        fresh.values(SQUARES, True, 20_002)
    e = caught.value
    assert e.key == "errors.tabled_beyond_table_misere"
    assert e.params == {
        "need": 20_002,
        "largest": 20_001,
        "upto": 20_001,
        "rule": SQUARES,
        "key": "squares",
    }
    assert said(e).startswith("20002 is beyond the misère Squares table (which reaches 20001")
    assert said(e).endswith("squaregame build-tables squares --upto 20001")


def test_a_cached_table_larger_than_the_shipped_one_is_named(cache_dir: Path) -> None:
    _fake_table(cache_dir, 1_500_000)
    with pytest.raises(TableLimitError) as caught:
        TableStore().tabled(SQUARES).normal(SQUARES.tabled.auto_limit + 1)
    assert caught.value.params["largest"] == 1_500_000


def test_a_damaged_or_foreign_cache_file_is_not_named(cache_dir: Path) -> None:
    path = _fake_table(cache_dir, 1_500_000)
    path.write_bytes(path.read_bytes()[:-64])  # truncated
    (cache_dir / "squares-normal-1700000.sgt").write_bytes(b"not a table")
    with pytest.raises(TableLimitError) as caught:
        TableStore().tabled(SQUARES).normal(SQUARES.tabled.auto_limit + 1)
    assert caught.value.params["largest"] == 1_000_000  # the shipped table


def test_beyond_the_largest_buildable_in_misere_terms() -> None:
    with pytest.raises(TableLimitError) as caught:
        TableStore().values(SQUARES, True, SQUARES.tabled.most + 2)
    assert caught.value.key == "errors.tabled_beyond_max"
    assert caught.value.params == {
        "need": SQUARES.tabled.most + 2,
        "limit": SQUARES.tabled.most + 1,
        "rule": SQUARES,
    }


def test_cli_misere_message(
    cache_dir: Path, small_limit: None, capsys: pytest.CaptureFixture[str]
) -> None:
    _fake_table(cache_dir, 1_500_000)
    assert main(["analyze", "squares", "1500002", "--misere"]) == 2
    err = capsys.readouterr().err
    assert "1500002 is beyond the misère Squares table (which reaches 1500001" in err
    assert "--upto 1500001" in err
