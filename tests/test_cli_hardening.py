"""Every command-line attack the robustness review found: one clear line on stderr, exit
status 2, no traceback, nothing replaced; a program error is one line and status 1; an app
that crashed exits non-zero."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import run

from squaregame.cli import main as cli_main
from squaregame.families import GAMES

LONG = "9" * 5000
CASES = [
    ["build-tables", "squares", "--upto", "100", "--output", "/"],
    ["build-tables", "squares", "--upto", "100", "--output", "{tmp}"],
    ["build-tables", "squares", "--upto", "100", "--output", "{tmp}/" + "a" * 256],
    ["build-tables", "squares", "--upto", "100", "--output", "/proc/x"],
    ["build-tables", "squares", "--upto", "100", "--output", "/dev/null"],
    ["build-tables", "squares", "--upto", "100", "--output", "{tmp}/missing/x.sgt"],
    ["bench", "--sizes", "abc"],
    ["bench", "--sizes", "inf"],
    ["bench", "--sizes", "0"],
    ["bench", "--sizes", "-5"],
    ["bench", "--sizes", "1e300"],
    ["bench", "--sizes", "nan"],
    ["bench", "--repeat", "0"],
    ["bench", "--repeat", "-3"],
    ["bench", "--repeat", LONG],
    ["bench", "--reference", "/nonexistent.c"],
    ["analyze", "squares", "5", "--seed", LONG],
    ["play", "squares", "--seed", "x" * 5000],
    ["lesson", "q" * 5000],
    ["analyze", "nim", "1234567890123456789012345678901234567890" * 3],
    ["analyze", "squares", "1" + "0" * 40],
]


def run_cli(args: list[str], tmp: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SQUAREGAME_DATA_DIR=str(tmp / "d"), SQUAREGAME_CACHE_DIR=str(tmp / "c"))
    return subprocess.run(
        [sys.executable, "-m", "squaregame", *args],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )


# As a real process: the first case of each command, and every ``play`` (which, were it not
# refused, would go on playing); the rest through ``main`` in this process, which is what the
# real process runs (squaregame/__main__.py) without its start-up of a fresh interpreter.
REAL = {min(i for i, a in enumerate(CASES) if a[0] == command) for command, *_ in CASES} | {
    i for i, a in enumerate(CASES) if a[0] == "play"
}


@pytest.mark.parametrize(
    ("args", "real"),
    [(a, i in REAL) for i, a in enumerate(CASES)],
    ids=[" ".join(a)[:60] for a in CASES],
)
def test_one_clear_line_and_status_2(
    args: list[str], real: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [a.replace("{tmp}", str(tmp_path)) for a in args]
    if real:
        done = run_cli(argv, tmp_path)
        code, err = done.returncode, done.stderr
    else:
        code, _, err = run(capsys, *argv)
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert len(lines[0]) < 400  # a 5,000-character argument is not echoed whole
    assert Path("/dev/null").is_char_device()


def test_a_symlinked_output_is_followed(tmp_path: Path) -> None:
    real = tmp_path / "real.sgt"
    link = tmp_path / "link.sgt"
    link.symlink_to(real)
    done = run_cli(["build-tables", "squares", "--upto", "100", "--output", str(link)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and real.stat().st_size > 0


def test_a_program_error_is_one_line_and_status_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from squaregame.cli import analyze

    def broken(*_: object) -> int:
        raise RuntimeError("a bug")

    monkeypatch.setattr(analyze, "run", broken)
    assert cli_main.main(["analyze", "squares", "5"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("squaregame: internal error: RuntimeError: a bug")


def test_a_crashed_app_exits_non_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    from squaregame.ui import app

    def crash(self: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(app.SquareGameApp, "on_mount", crash)
    assert app.run_app(GAMES, None, headless=True) != 0


def test_output_is_tried_before_the_build(tmp_path: Path) -> None:
    """A name the writer's temporary file could not have (250 bytes + ``.RANDOM.tmp``), a
    folder given as the file, a link to /dev/null: refused by ``check_output``, which runs
    before the build, so a long build never ends on a write that was bound to fail."""
    from squaregame.cli.build_tables import check_output
    from squaregame.cli.common import UsageError

    (tmp_path / "to-null").symlink_to("/dev/null")
    for bad in (tmp_path / ("a" * 250), tmp_path, tmp_path / "to-null", Path("/proc/1/x")):
        with pytest.raises(UsageError):
            check_output(bad)
    assert [p.name for p in tmp_path.iterdir()] == ["to-null"]  # the probe file is removed
    assert Path("/dev/null").is_char_device()
    check_output(tmp_path / "fine.sgt")
    assert [p.name for p in tmp_path.iterdir()] == ["to-null"]


def test_a_reference_that_does_not_compile_is_named_by_its_error(tmp_path: Path) -> None:
    import shutil

    if shutil.which("gcc") is None:
        pytest.skip("no gcc here")
    bad = tmp_path / "bad.c"
    bad.write_text("int main(){\n")
    done = run_cli(["bench", "--reference", str(bad), "--sizes", "10", "--no-app"], tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "error:" in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_a_reference_without_a_compiler_is_one_line(tmp_path: Path) -> None:
    src = tmp_path / "squares_ref.c"
    src.write_text("int main(){return 0;}\n")
    env = dict(os.environ, PATH=str(tmp_path / "no-bin"), SQUAREGAME_CACHE_DIR=str(tmp_path / "c"))
    done = subprocess.run(
        [sys.executable, "-m", "squaregame", "bench", "--reference", str(src), "--no-app"],
        capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2 and "gcc" in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


# valid input the review found hanging or failing: each answers (status 0) under the fuzzer's
# limits; the timeout is only a hang guard
ANSWERS = [
    ["analyze", "nim", "1000000000000"],
    ["analyze", "sum", "1000000"],
    ["analyze", "nim", "1234567890123456789012345678901234567890"],
    ["analyze", "subtraction", "70000", "--rule", "1,1000000"],
]


@pytest.mark.parametrize("args", ANSWERS, ids=" ".join)
def test_valid_input_once_hanging_answers(args: list[str], tmp_path: Path) -> None:
    import resource

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 * 1024**3, 2 * 1024**3))

    env = dict(os.environ, SQUAREGAME_DATA_DIR=str(tmp_path / "d"))
    env["SQUAREGAME_CACHE_DIR"] = str(tmp_path / "c")
    done = subprocess.run(
        [sys.executable, "-m", "squaregame", *args], capture_output=True, text=True, env=env,
        stdin=subprocess.DEVNULL, timeout=120, preexec_fn=limits,
    )  # fmt: skip
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert done.stdout.strip()


def test_a_name_too_long_is_said_as_such(tmp_path: Path) -> None:
    # stat on a 256-byte name raises ENAMETOOLONG: it was said as a bare OSError before
    done = run_cli(
        ["build-tables", "squares", "--upto", "100", "--output", str(tmp_path / ("a" * 256))],
        tmp_path,
    )
    assert done.returncode == 2
    assert "--output: the file name is too long" in done.stderr, done.stderr


def test_a_long_word_is_cut_keeping_its_closing_quote() -> None:
    from squaregame.cli.common import ECHO_LIMIT, one_line

    line = one_line("no lesson '" + "q" * 5000 + "' (lessons: 1, 2)")
    assert line.startswith("no lesson 'q") and line.endswith("…' (lessons: 1, 2)"), line
    assert len(line) < ECHO_LIMIT + 40


def test_no_arguments_and_a_program_error_is_one_line_and_status_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The fast path (no arguments: straight to the menu) is guarded like the commands."""
    from squaregame.ui import app

    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("a bug before the app ran")

    from squaregame.textmode import wanted

    monkeypatch.setattr(app.SquareGameApp, "__init__", broken)
    monkeypatch.setattr(sys, "argv", ["squaregame"])  # as the program: the collector paused
    monkeypatch.setattr(wanted, "text_wanted", lambda: False)  # (pytest's output is no terminal)
    frozen = gc.get_freeze_count()
    try:
        assert cli_main.main() == 1
        # paused for the first frame, never drawn: resumed all the same, nothing frozen
        assert gc.isenabled() and gc.get_freeze_count() == frozen
    finally:
        gc.enable()
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("squaregame: internal error: RuntimeError")
