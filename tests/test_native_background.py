"""A small build on a machine whose native library is not built yet answers with numpy at
once and leaves the compiling to a detached process (``core/build/native.py``): the command
never waits for a compiler, at most one compile is started, and a failed one is not retried.
Counted with stand-ins for the process, never timed."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from squaregame.cli.main import main
from squaregame.core.build import native


class _Child:
    """A stand-in for the detached process: started, never waited for."""

    started: list[_Child] = []

    def __init__(self, argv: list[str], **options: Any) -> None:
        self.argv = argv
        self.options = options
        _Child.started.append(self)

    def poll(self) -> int | None:
        return None  # still compiling

    def wait(self, timeout: float | None = None) -> int:
        raise AssertionError("the command waited for the compiler")

    communicate = wait


@pytest.fixture(autouse=True)
def _first_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new process on a machine without the library, background compiles allowed."""
    monkeypatch.delenv("SQUAREGAME_COMPILE_IN_BACKGROUND", raising=False)
    monkeypatch.delenv("SQUAREGAME_BUILDER", raising=False)
    monkeypatch.setattr(native, "_loaded", None)
    monkeypatch.setattr(native, "_failed", False)
    monkeypatch.setattr(native, "_background", None)
    monkeypatch.setattr(native, "_background_asked", False)
    monkeypatch.setattr(native, "compiler", lambda: ["cc"])  # found, whatever the machine
    _Child.started = []


@pytest.fixture
def no_compiling_here(monkeypatch: pytest.MonkeyPatch) -> None:
    def compiled(*_: object) -> bool:
        raise AssertionError("compiled in the foreground")

    monkeypatch.setattr(native, "_compile", compiled)
    monkeypatch.setattr(native.subprocess, "Popen", _Child)


def test_a_first_analyze_answers_without_waiting_for_a_compiler(
    no_compiling_here: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert not native.ready()
    assert main(["analyze", "wythoff", "300", "500"]) == 0
    assert "wins in 373: move to (300,486)" in capsys.readouterr().out
    assert len(_Child.started) == 1  # once, though the board and its Grundy values asked
    child = _Child.started[0]
    assert child.argv[0] == sys.executable and child.argv[-1] == str(native.library_path())
    assert child.options["start_new_session"] is True
    assert all(child.options[k] == subprocess.DEVNULL for k in ("stdin", "stdout", "stderr"))
    assert native._marker(native.library_path(), "compiling").is_file()  # its lock


def test_no_second_compile_while_one_runs_or_after_one_failed(
    no_compiling_here: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    lock = native._marker(native.library_path(), "compiling")
    lock.parent.mkdir(parents=True)
    lock.touch()  # another process is compiling
    assert not native.compile_in_background()
    lock.unlink()
    native._marker(native.library_path(), "failed").touch()
    monkeypatch.setattr(native, "_background_asked", False)  # as a new process
    assert not native.compile_in_background()
    assert _Child.started == [] and not lock.exists()


def test_a_stale_lock_is_taken_over(no_compiling_here: None) -> None:
    lock = native._marker(native.library_path(), "compiling")
    lock.parent.mkdir(parents=True)
    lock.touch()
    old = lock.stat().st_mtime - native.STALE - 1
    os.utime(lock, (old, old))  # its process died long ago
    assert native.compile_in_background()
    assert len(_Child.started) == 1 and lock.stat().st_mtime > old


def test_turned_off_and_once_a_process(
    no_compiling_here: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SQUAREGAME_COMPILE_IN_BACKGROUND", "0")
    assert native.builder(1000) == "numpy" and _Child.started == []
    monkeypatch.delenv("SQUAREGAME_COMPILE_IN_BACKGROUND")
    assert native.builder(1000) == "numpy"
    assert native.builder(1000) == "numpy"
    assert len(_Child.started) == 1


def test_the_detached_process_compiles_then_releases_the_lock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    target = native.library_path()
    lock = native._marker(target, "compiling")
    lock.parent.mkdir(parents=True)
    lock.touch()
    made: list[Path] = []

    def compiled(cc: list[str], path: Path) -> bool:
        made.append(path)
        path.write_bytes(b"\x7fELF")
        return True

    monkeypatch.setattr(native, "_compile", compiled)
    monkeypatch.setattr(native.os, "nice", lambda _: 0)  # this test's own process
    assert native.compile_detached(str(target)) == 0
    assert made == [target] and not lock.exists()
    assert not native._marker(target, "failed").exists()


def test_a_failed_detached_compile_leaves_its_marker(monkeypatch: pytest.MonkeyPatch) -> None:
    target = native.library_path()
    monkeypatch.setattr(native, "_compile", lambda cc, path: False)
    monkeypatch.setattr(native.os, "nice", lambda _: 0)
    assert native.compile_detached(str(target)) == 1
    assert native._marker(target, "failed").is_file()
    assert not native._marker(target, "compiling").exists()


@pytest.mark.skipif(native.compiler() is None, reason="no C compiler")
def test_the_real_thing_the_command_exits_and_the_library_appears(cache_dir: Path) -> None:
    env = {**os.environ, "SQUAREGAME_CACHE_DIR": str(cache_dir)}  # background compiles on
    done = subprocess.run(
        [sys.executable, "-m", "squaregame", "analyze", "wythoff", "30", "50"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and "hot" in done.stdout
    folder = cache_dir / "native"
    lock = native._marker(folder / native.library_path().name, "compiling")
    deadline = time.monotonic() + native.STALE  # a generous cap, not a measure
    while lock.exists() and time.monotonic() < deadline:  # the lock goes last
        time.sleep(0.05)
    libraries = list(folder.glob("kernels-*"))
    assert len(libraries) == 1 and libraries[0].stat().st_size > 1000
    assert not list(folder.glob(".kernels-*"))  # no lock, no failure, no temporary
