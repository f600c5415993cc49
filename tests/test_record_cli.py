"""``squaregame record``: export a saved game, import a record as a new saved game, show one
in any format; bad input is one line on stderr and exit status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from build import KINDS
from cli_helpers import run

from squaregame.play.save_folder import saved_paths
from squaregame.play.saves import load_game

RECORD = "squaregame record 1\ngame: squares\nstart: 40\nfirst: you\n\n 1. 40 → 15\n 2. 15 → 14\n"


def test_import_then_export_in_every_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "game.txt"
    source.write_text(RECORD)
    code, out, _ = run(capsys, "record", "import", str(source))
    assert code == 0 and "Squares from 40 (2 moves)" in out
    code, _, _ = run(capsys, "record", "import", str(source))
    assert code == 0
    assert len(saved_paths()) == 2  # a second import is a second game, none replaced
    saved, _ = load_game(saved_paths()[0], KINDS)
    assert saved is not None and saved.session.position == 14
    code, text, _ = run(capsys, "record", "export")
    assert code == 0 and " 2. computer  15 → 14" in text
    code, doc, _ = run(capsys, "record", "export", "--format", "json")
    assert [m["to"] for m in json.loads(doc)["moves"]] == [15, 14]
    code, csv_text, _ = run(capsys, "record", "export", "--format", "csv")
    assert csv_text.splitlines()[-1].startswith("squares,squares,no,you,solo,perfect,2,computer")
    key = saved_paths()[0].stem
    code, listed, _ = run(capsys, "record", "list")
    assert key in listed
    code, md, _ = run(capsys, "record", "export", key[:-2], "--format", "markdown")
    assert code == 0 and "| 1 | you | take 25 | 40 → 15 |" in md


def test_import_step_opens_at_the_start(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = tmp_path / "game.json"
    source.write_text(RECORD)  # the name does not matter: the format is read from the content
    assert run(capsys, "record", "import", "--step", str(source))[0] == 0
    saved, _ = load_game(saved_paths()[0], KINDS)
    assert saved is not None and saved.session.position == 40
    assert len(saved.session.redo_stack) == 2


def test_show_writes_a_file_but_never_over_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source, target = tmp_path / "game.txt", tmp_path / "review.md"
    source.write_text(RECORD)
    assert (
        run(capsys, "record", "show", str(source), "--format", "markdown", "-o", str(target))[0]
        == 0
    )
    assert target.read_text().startswith("## Squares, from 40")
    code, _, err = run(capsys, "record", "show", str(source), "-o", str(target))
    assert code == 2 and "it exists already" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("hello", "not a squaregame record"),
        (RECORD.replace("15 → 14", "15 → 13"), "move 2: "),
        (RECORD.replace("start: 40", "start: (40"), "is not a position"),
        ('{"format": "squaregame-record", "version": 2}', "version 2"),
        ("squaregame record 1\ngame: chess\nstart: 1\nfirst: you\n", "chess"),
        ("x" * 5000, "not a squaregame record"),
    ],
)
def test_bad_records_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, said: str
) -> None:
    source = tmp_path / "bad.txt"
    source.write_text(content)
    for action in ("show", "import"):
        code, out, err = run(capsys, "record", action, str(source))
        assert code == 2 and out == ""
        assert len(err.strip().splitlines()) == 1 and said in err
    assert saved_paths() == []  # nothing was imported


@pytest.mark.parametrize(
    "argv",
    [
        ("record",),
        ("record", "show"),
        ("record", "show", "/no/such/file"),
        ("record", "export"),  # no saved game yet
        ("record", "export", "nosuch"),
        ("record", "show", "-", "--format", "xml"),
    ],
)
def test_bad_command_lines_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and len(err.strip().splitlines()) == 1


# Run in a fresh interpreter: a FIFO opened the usual way blocks for ever (no writer comes),
# so the time limit turns that hang into a failure; a refusal answers at once.
FIFO_RUNS = """
import sys
from squaregame.cli.main import main
fifo = sys.argv[1]
runs = [["record", "import", fifo]]
runs += [["record", "show", fifo, "--format", f] for f in ("text", "json", "csv", "markdown")]
for argv in runs:
    print(main(argv))
"""


def test_a_fifo_folder_or_device_is_refused_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "record.txt"
    os.mkfifo(fifo)
    (tmp_path / "folder").mkdir()
    env = dict(os.environ, LANG="C.UTF-8")
    for name in ("record.txt", "folder", "/dev/zero"):  # (short: a long path is cut when said)
        done = subprocess.run(
            [sys.executable, "-c", FIFO_RUNS, name],
            capture_output=True, text=True, env=env, timeout=60, cwd=tmp_path,
        )  # fmt: skip
        assert done.stdout.split() == ["2"] * 5, done.stderr
        lines = done.stderr.splitlines()
        assert len(lines) == 5 and all(f"{name} is not a regular file" in ln for ln in lines)
    assert fifo.is_fifo() and saved_paths() == []
