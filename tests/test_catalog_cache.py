"""The parsed catalogs kept in the cache folder: used when current, re-parsed when the
file changed or the kept copy is damaged, and never needed (an unwritable cache only costs
time)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from squaregame.core.files.atomic import write_atomic
from squaregame.text import catalog
from squaregame.text.catalog import load_area

parse = load_area.__wrapped__  # without the in-process memo: as a new run reads it


def _kept(cache_dir: Path, lang: str, area: str) -> Path:
    return cache_dir / "catalogs" / f"{lang}-{area}.marshal"


def test_a_parsed_file_is_kept_and_read_back_without_toml(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = parse("ru", "games")
    assert first and _kept(cache_dir, "ru", "games").is_file()

    def no_toml(*_: object) -> None:
        raise AssertionError("parsed again")

    monkeypatch.setattr("tomllib.load", no_toml)
    assert parse("ru", "games") == first


def test_a_damaged_copy_is_parsed_again(cache_dir: Path) -> None:
    first = parse("en", "errors")
    kept = _kept(cache_dir, "en", "errors")
    for junk in (b"", b"\x00garbage", kept.read_bytes()[:-20], b"\xe9" * 100):
        kept.write_bytes(junk)
        assert parse("en", "errors") == first
    assert kept.read_bytes()[:4] != b"\xe9" * 4  # and a good copy is kept again


def test_a_changed_file_is_parsed_again(
    cache_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "i18n"
    (root / "en").mkdir(parents=True)
    source = root / "en" / "note.toml"
    source.write_text('a = "one"\n', encoding="utf-8")
    monkeypatch.setattr(catalog, "i18n_root", lambda: root)
    assert parse("en", "note") == {"note.a": "one"}
    source.write_text('a = "two"\n', encoding="utf-8")
    os.utime(source, ns=(1, 1))  # even an older time, with the same size, is a change
    assert parse("en", "note") == {"note.a": "two"}


def test_an_unwritable_cache_costs_only_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("SQUAREGAME_CACHE_DIR", str(blocker))
    assert parse("es", "games")["games.cli.building"]


def test_a_kept_copy_is_not_forced_to_the_disk(
    cache_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A cache checked on reading (above) needs no fsync; a fresh cache's first command
    # wrote six of them, twelve fsyncs. Saved files still get both.
    synced: list[int] = []
    monkeypatch.setattr(os, "fsync", synced.append)
    parse("en", "games")
    assert _kept(cache_dir, "en", "games").is_file() and synced == []
    write_atomic(tmp_path / "save.json", b"{}")
    assert len(synced) == 2  # the file, then its folder
