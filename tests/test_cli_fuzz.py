"""A property-based fuzzer for the command line: random argument lists for every
subcommand, drawn from the real option names and hostile values, each run as its own
process under a time and a memory limit. Every run must end with status 0 or 2, never a
traceback, never killed by the limits.

``play``, ``lesson`` and ``serve`` would start the app or a server when their arguments are
sound, and ``bench`` would measure for minutes: for them only argument lists that the
parser or the checks refuse are run (``would_start`` decides in this process).

``record`` reads files a run finds in its folder: a FIFO (which blocked for ever when opened
the usual way), a folder, a record and standard input; ``table`` and ``why`` draw sizes up to
where their work budgets refuse or cut (issue 32), and every batch also runs the commands
that hung or took a minute before those budgets (:data:`ISSUE_32`)."""

from __future__ import annotations

import contextlib
import io
import os
import resource
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

MEMORY = 2 * 1024**3  # bytes of address space per run
SECONDS = 90

NUMBERS = ["0", "1", "5", "12", "75", "175", "999", "5000", "-5", "4.5", "1e9", "1e300", "inf",
           "nan", "", " ", "٣", "10000000000000", "1" + "0" * 40, "9" * 5000, "0x10", "+7",
           "1_000"]  # fmt: skip
FILES = ["fifo", "folder", "record.txt", "missing.txt", "-", "/dev/zero"]  # (see _folder)
WORDS = ["squares", "nim", "wythoff", "sum", "subtraction", "cubes", "powers-of-two",
         "1,3,7,8", "1,1000000", "0", "", "x" * 300, "ünïcödé", "квадраты", "/", "/dev/null",
         "/proc/x", "--", "-", "--help-me", "json", "csv", "markdown", *FILES]  # fmt: skip
GAME_NAMES = ["squares", "nim", "wythoff", "sum", "subtraction", "cubes", "chess"]
RECORD = "squaregame record 1\ngame: squares\nstart: 40\nfirst: you\n\n 1. 40 → 15\n"
# every subcommand's real options: True when the option takes a value
OPTIONS = {
    "analyze": {"--rule": True, "--misere": False, "--json": False, "--seed": True},
    "table": {"--upto": True, "--rule": True, "--misere": False, "--stats": False,
              "--json": False, "--csv": False},
    "build-tables": {"--upto": True, "--output": True, "--grundy": False, "--code": True},
    "bench": {"--sizes": True, "--pairs": True, "--repeat": True, "--reference": True,
              "--no-app": False, "--only": True, "--json": False},
    "play": {"--start": True, "--rule": True, "--misere": False, "--first": True,
             "--level": True, "--hints": False, "--players": True, "--seed": True},
    "lesson": {"--list": False},
    "serve": {"--host": True, "--port": True, "--max-sessions": True, "--idle-timeout": True,
              "--memory-limit": True, "--joins-per-minute": True,
              "--sessions-per-address": True, "--trust-proxy": True},
    "why": {"--rule": True, "--misere": False, "--depth": True, "--moves": True,
            "--max-lines": True, "--markdown": False, "--out": True, "--force": False},
    "record": {"--format": True, "-o": True, "--output": True, "--step": False},
}  # fmt: skip
RECORD_ACTIONS = ["import", "show", "export", "list"]
# The commands of issue 32 that hung or took a minute: each answers or refuses now.
ISSUE_32 = [
    ["record", "import", "fifo"],
    *(["record", "show", "fifo", "--format", f] for f in ("text", "json", "csv", "markdown")),
    ["table", "sum", "--upto", "999", "--rule", "nim", "--rule", "nim", "--csv"],
    ["why", "sum", "175", "175", "175", "--depth", "12", "--max-lines", "5000"],
    ["table", "wythoff", "--upto", "999", "--csv"],
]
NEVER_RUN_SOUND = {"play", "lesson", "serve", "bench"}


def token() -> st.SearchStrategy[str]:
    return st.sampled_from(NUMBERS) | st.sampled_from(WORDS)


@st.composite
def argv(draw: st.DrawFn) -> list[str]:
    """``[--lang L] COMMAND [GAME] [positions] [--option [value]] …``: mostly shaped like a
    real command line (so the runs get past the parser to the checks and the engine), with
    now and then a stray token, a missing value or a repeated option."""
    args = ["--lang", draw(token())] if draw(st.integers(0, 9)) == 0 else []
    command = draw(st.sampled_from(sorted(OPTIONS)))
    args.append(command)
    if command == "record":
        args.append(draw(st.sampled_from(RECORD_ACTIONS)))
        args += draw(st.lists(st.sampled_from(FILES) | token(), max_size=2))  # a file, a key
    elif command not in ("bench", "serve", "lesson"):
        args.append(draw(st.sampled_from(GAME_NAMES)))
    if command not in ("bench", "serve", "record"):
        args += draw(st.lists(token(), max_size=3))  # positions, a lesson's name
    options = OPTIONS[command]
    for _ in range(draw(st.integers(0, 5))):
        option = draw(st.sampled_from(sorted(options)))
        args.append(option)
        if options[option] and draw(st.integers(0, 9)) > 0:
            args.append(draw(token()))
        if draw(st.integers(0, 9)) == 0:
            args.append(draw(token()))  # a stray one
    return args


def would_start(args: list[str]) -> bool:
    """Whether these arguments would open the app, a server or a benchmark: they parse
    and the command (found by the parser, so a leading ``--lang L`` counts) is one of
    those, or there is no command at all (the menu)."""
    from squaregame.cli.main import make_parser

    try:
        with contextlib.redirect_stderr(io.StringIO()):  # the parser's complaint
            parsed = make_parser().parse_args(args)
    except SystemExit:
        return False
    run = getattr(parsed, "run", None)
    if run is None:
        return True  # no command: the menu
    command = run.__module__.rsplit(".", 1)[-1].replace("_", "-")
    assert command in OPTIONS, command  # the fuzzer knows every command
    if command not in NEVER_RUN_SOUND:
        return False
    if command == "bench":  # its checks come before any measuring: refused means safe
        return not _bench_refuses(parsed)
    return not (command == "lesson" and parsed.list)


def _bench_refuses(parsed: object) -> bool:
    from squaregame.cli import bench
    from squaregame.cli.common import UsageError
    from squaregame.cli.options import read_option

    try:
        bench.parse_sizes(parsed.sizes)  # type: ignore[attr-defined]
        bench.parse_groups(parsed.only)  # type: ignore[attr-defined]
        read_option(bench.PAIRS, parsed.pairs)  # type: ignore[attr-defined]
        reference = parsed.reference  # type: ignore[attr-defined]
        return reference is not None and not Path(reference).is_file()
    except UsageError:
        return True


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(args: list[str], tmp: Path) -> tuple[list[str], int, str]:
    env = dict(os.environ, SQUAREGAME_DATA_DIR=str(tmp / "d"), SQUAREGAME_CACHE_DIR=str(tmp / "c"))
    try:
        done = subprocess.run(
            [sys.executable, "-m", "squaregame", *args],
            capture_output=True,
            text=True,
            env=env,
            stdin=subprocess.DEVNULL,
            cwd=tmp,  # a relative --output lands here
            timeout=SECONDS,
            preexec_fn=_limits,
        )
    except subprocess.TimeoutExpired:
        return args, -999, "timed out"
    return args, done.returncode, done.stderr


def _folder(tmp: Path) -> None:
    """What ``record`` finds to read: a FIFO no one writes to, a folder, a record."""
    os.mkfifo(tmp / "fifo")
    (tmp / "folder").mkdir()
    (tmp / "record.txt").write_text(RECORD, encoding="utf-8")


def _end_cleanly(tmp_path_factory: pytest.TempPathFactory, batch: list[list[str]]) -> None:
    tmp = tmp_path_factory.mktemp("fuzz")
    _folder(tmp)
    unique = list(dict.fromkeys(tuple(a) for a in batch))  # a Python start costs ~0.5 s
    runs = [list(a) for a in unique if not would_start(list(a))]
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        results = list(pool.map(lambda a: run(a, tmp), runs))
    bad = [(a, code, err[-300:]) for a, code, err in results
           if code not in (0, 2) or "Traceback" in err]  # fmt: skip
    assert not bad, bad


def test_the_commands_of_issue_32_end_cleanly(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The commands that hung or took a minute (issue 32), each as its own process, in the
    default run; the random batches (~130 processes) are the slow test below."""
    _end_cleanly(tmp_path_factory, ISSUE_32)


@pytest.mark.slow
@settings(max_examples=3, derandomize=True, deadline=None)
@given(st.lists(argv(), min_size=40, max_size=40))
@example(batch=ISSUE_32)
def test_random_command_lines_end_cleanly(
    tmp_path_factory: pytest.TempPathFactory, batch: list[list[str]]
) -> None:
    _end_cleanly(tmp_path_factory, batch)
