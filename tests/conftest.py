from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

import squaregame.text  # str(GameError) reads as English, as in the CLI and UI

settings.register_profile("ci", max_examples=60, deadline=None)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(autouse=True)
def _private_dirs(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """Never touch the real user's cache or saves."""
    base = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("SQUAREGAME_CACHE_DIR", str(base / "cache"))
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(base / "data"))
    yield
    squaregame.text.set_language("en")  # a test that switched language does not leak it


@pytest.fixture
def cache_dir() -> Path:
    return Path(os.environ["SQUAREGAME_CACHE_DIR"])
