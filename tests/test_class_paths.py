"""Every damaged or unusable class file gives one clear line — never "internal error", never
a wait — in ``class list|report|export|create`` and ``serve --class``: the class file a
folder, a FIFO (never opened: it would block), a symbolic link loop, a dangling link, a
link to ``/dev/zero``, a file this user may not read, a read-only data folder; and a
damaged file is refused by the commands that read, left where it is (no "set aside" and
then "no class called …")."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from class_paths import main as run_all

from squaregame.classroom.store import FILE_NAME, ClassStore

HERE = Path(__file__).resolve().parent
SETPRIV = shutil.which("setpriv")


def _made(folder: Path) -> None:
    store = ClassStore.open(folder)
    store.create_class("7B")
    store.close()


CASES: dict[str, tuple[Callable[[Path], None], str]] = {
    "folder": (lambda d: (d / FILE_NAME).mkdir(), "it is a folder"),
    "fifo": (lambda d: os.mkfifo(d / FILE_NAME), "not a regular file"),
    "loop": (lambda d: (d / FILE_NAME).symlink_to(FILE_NAME), "loop"),
    "dangling": (lambda d: (d / FILE_NAME).symlink_to("nowhere"), "symbolic link to nothing"),
    "dev_zero": (lambda d: (d / FILE_NAME).symlink_to("/dev/zero"), "not a regular file"),
    "unreadable": (lambda d: (_made(d), (d / FILE_NAME).chmod(0)), "may not read"),
    "read_only_folder": (lambda d: (_made(d), d.chmod(0o555)), "read-only"),
}
UNPRIVILEGED = ("unreadable", "read_only_folder")  # root would read and write them anyway


def _everything(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def _run(folder: Path, drop: bool) -> dict[str, tuple[int, str]]:
    """tests/class_paths.py in a process of its own (a command that waited on a FIFO would
    be stopped by the hang guard, and fail), as root without its power over permissions
    when ``drop`` and we are root."""
    argv = [sys.executable, str(HERE / "class_paths.py"), str(folder)]
    if drop and os.geteuid() == 0:
        if SETPRIV is None:
            pytest.skip("running as root without setpriv: root reads and writes any file")
        argv = [SETPRIV, "--bounding-set", "-dac_override,-dac_read_search", *argv]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE), *sys.path]))
    run = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    result: dict[str, list[object]] = json.loads(run.stdout.strip().splitlines()[-1])
    return {k: (int(str(v[0])), str(v[1])) for k, v in result.items()}


@pytest.fixture
def data(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "data"
    folder.mkdir()
    yield folder
    folder.chmod(0o755)  # (for pytest to remove it)
    if (folder / FILE_NAME).is_file() and not (folder / FILE_NAME).is_symlink():
        (folder / FILE_NAME).chmod(0o644)


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_unusable_class_file_is_one_line_everywhere(case: str, data: Path) -> None:
    make, words = CASES[case]
    make(data)
    before = _everything(data)
    said = _run(data, drop=case in UNPRIVILEGED)
    assert set(said) == {
        "class list",
        "class report",
        "class export",
        "class create",
        "serve --class",
    }
    for command, (status, err) in said.items():
        assert status == 2, (command, err)
        assert err.count("\n") == 1, (command, err)
        assert "internal error" not in err and "Traceback" not in err, (command, err)
        lock = command == "serve --class" and case == "read_only_folder"  # (its lock file)
        assert words in err or (lock and "permission denied" in err), (command, err)
    assert _everything(data) == before  # nothing made, renamed or set aside


def test_a_damaged_file_is_refused_by_the_commands_that_read_and_left_alone(
    data: Path,
) -> None:
    (data / FILE_NAME).write_bytes(b"not a database at all" * 50)
    said = run_all(str(data))
    for command in ("class list", "class report", "class export"):
        status, err = said[command]
        assert status == 2 and err.count("\n") == 1 and "damaged" in err, (command, err)
        assert "no class called" not in err
    # create (and serve) set it aside and start a new file: said, the old one kept
    assert "set aside" in said["class create"][1] and said["class create"][0] == 0
    assert [p for p in _everything(data) if ".damaged-" in p]
