"""An error inside the running app ends it as one before it ran does (``guarded``): one line
on stderr, the traceback kept in ``last-error.txt`` in the cache folder, exit status 1, and
no rich traceback with locals drawn by Textual."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual import events

from squaregame.families import GAMES
from squaregame.ui.app import run_app
from squaregame.ui.screens.menu import MenuScreen


def ended_on(capsys: pytest.CaptureFixture[str], cache_dir: Path, error: str) -> str:
    """The one line said, checked; the traceback kept."""
    assert run_app(GAMES, None, headless=True) == 1
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    report = cache_dir / "last-error.txt"
    assert lines == [f"squaregame: internal error: {error} (details in {report})"], captured.err
    assert "Traceback" not in captured.out
    kept = report.read_text()
    assert kept.startswith("Traceback (most recent call last):") and kept.endswith(f"{error}\n")
    return kept


def test_an_error_in_a_screens_compose(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], cache_dir: Path
) -> None:
    def broken_compose(self: MenuScreen) -> Any:
        raise RuntimeError("a bug in compose")

    monkeypatch.setattr(MenuScreen, "compose", broken_compose)
    kept = ended_on(capsys, cache_dir, "RuntimeError: a bug in compose")
    assert "in broken_compose" in kept


def press_x_on_mount(monkeypatch: pytest.MonkeyPatch) -> None:
    mount = MenuScreen.on_mount

    def on_mount(self: MenuScreen) -> None:
        mount(self)
        self.call_after_refresh(self.app.post_message, events.Key("x", "x"))

    monkeypatch.setattr(MenuScreen, "on_mount", on_mount)


def test_an_error_on_a_key(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], cache_dir: Path
) -> None:
    def on_key(self: MenuScreen, event: events.Key) -> None:
        if event.key == "x":
            raise KeyError("a bug on a key")

    press_x_on_mount(monkeypatch)
    monkeypatch.setattr(MenuScreen, "on_key", on_key, raising=False)
    kept = ended_on(capsys, cache_dir, "KeyError: 'a bug on a key'")
    assert "in on_key" in kept


def test_an_error_in_a_worker_thread_is_said_as_itself(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], cache_dir: Path
) -> None:
    def work() -> None:
        raise ValueError("a bug in a worker")

    def on_key(self: MenuScreen, event: events.Key) -> None:
        self.run_worker(work, thread=True)

    press_x_on_mount(monkeypatch)
    monkeypatch.setattr(MenuScreen, "on_key", on_key, raising=False)
    kept = ended_on(capsys, cache_dir, "ValueError: a bug in a worker")
    assert "in work" in kept  # its own traceback, not the wrapper's
