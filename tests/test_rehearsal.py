"""The fork server's rehearsal (squaregame.classroom.rehearsal): the app's first game played
headless before any fork, leaving the program's state as it found it."""

from __future__ import annotations

import importlib
import os
import threading
from pathlib import Path

import pytest

from squaregame.classroom import rehearsal
from squaregame.text import language

current = importlib.import_module("squaregame.text.current")
paths = importlib.import_module("squaregame.paths")


def test_it_plays_and_leaves_everything_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SQUAREGAME_EPHEMERAL", "1")
    monkeypatch.delenv("SQUAREGAME_COMPILE_IN_BACKGROUND", raising=False)
    data = os.environ.get("SQUAREGAME_DATA_DIR")
    threads = threading.active_count()
    lang, ephemeral = language(), paths._ephemeral
    played: list[str] = []
    real_play = rehearsal._play

    async def watched() -> None:
        played.append(os.environ["SQUAREGAME_DATA_DIR"])
        assert "SQUAREGAME_EPHEMERAL" not in os.environ  # (its own folder, not the session's)
        await real_play()

    monkeypatch.setattr(rehearsal, "_play", watched)
    assert rehearsal.rehearse() is True
    assert played and played[0] != data and not Path(played[0]).exists()
    assert os.environ.get("SQUAREGAME_DATA_DIR") == data
    assert os.environ["SQUAREGAME_EPHEMERAL"] == "1"
    assert "SQUAREGAME_COMPILE_IN_BACKGROUND" not in os.environ
    assert language() == lang and paths._ephemeral is ephemeral
    assert threading.active_count() == threads  # (a fork copies only the forking thread)


def test_a_failing_rehearsal_says_one_line_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def broken() -> None:
        current._chosen = None  # (what the app does to the language, then it fails)
        os.environ["SQUAREGAME_DATA_DIR"] = "/elsewhere"
        raise RuntimeError("no screen")

    monkeypatch.setenv("SQUAREGAME_DATA_DIR", "/kept")
    chosen = current._chosen
    monkeypatch.setattr(rehearsal, "_play", broken)
    assert rehearsal.rehearse() is False
    err = capsys.readouterr().err
    assert err == "squaregame zygote: rehearsal: RuntimeError: no screen\n"
    assert os.environ["SQUAREGAME_DATA_DIR"] == "/kept"
    assert current._chosen is chosen
