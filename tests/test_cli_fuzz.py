"""A property-based fuzzer for the command line: random argument lists for every
subcommand, drawn from the real option names and hostile values, each run as its own
process under a time and a memory limit. Every run must end with status 0 or 2, never a
traceback, never killed by the limits.

``play``, ``lesson`` and ``serve`` would start the app or a server when their arguments are
sound, and ``bench`` would measure for minutes: for them only argument lists that the
parser or the checks refuse are run (``would_start`` decides in this process)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

MEMORY = 2 * 1024**3  # bytes of address space per run
SECONDS = 90

NUMBERS = ["0", "1", "5", "75", "-5", "4.5", "1e9", "1e300", "inf", "nan", "", " ", "٣",
           "10000000000000", "1" + "0" * 40, "9" * 5000, "0x10", "+7", "1_000"]  # fmt: skip
WORDS = ["squares", "nim", "wythoff", "sum", "subtraction", "cubes", "powers-of-two",
         "1,3,7,8", "1,1000000", "0", "", "x" * 300, "ünïcödé", "квадраты", "/", "/dev/null",
         "/proc/x", "--", "-", "--help-me"]  # fmt: skip
GAMES = ["squares", "nim", "wythoff", "sum", "subtraction", "cubes", "chess"]
OPTIONS = {
    "analyze": ["--rule", "--misere", "--json", "--seed", "--lang", "--moves"],
    "table": ["--upto", "--from", "--rule", "--misere", "--stats", "--json", "--grundy"],
    "build-tables": ["--upto", "--output", "--grundy", "--misere"],
    "bench": ["--sizes", "--repeat", "--reference", "--no-app"],
    "play": ["--start", "--rule", "--misere", "--players", "--level", "--seed", "--hints"],
    "lesson": ["--list", "--lang"],
    "serve": ["--host", "--port", "--max-sessions", "--idle-timeout"],
}
NEVER_RUN_SOUND = {"play", "lesson", "serve", "bench"}


def token() -> st.SearchStrategy[str]:
    return st.sampled_from(NUMBERS) | st.sampled_from(WORDS)


@st.composite
def argv(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(sorted(OPTIONS)))
    args = [command]
    if command not in ("bench", "serve", "lesson"):
        args.append(draw(st.sampled_from(GAMES)))
    for _ in range(draw(st.integers(0, 5))):
        if draw(st.booleans()):
            args.append(draw(st.sampled_from(OPTIONS[command])))
        args.append(draw(token()))
    return args


def would_start(args: list[str]) -> bool:
    """Whether these arguments would open the app, a server or a benchmark: they parse
    and the command is one of those."""
    from squaregame.cli.main import make_parser

    if args[0] not in NEVER_RUN_SOUND:
        return False
    try:
        parsed = make_parser().parse_args(args)
    except SystemExit:
        return False
    if args[0] == "bench":  # its checks come before any measuring: refused means safe
        return not _bench_refuses(parsed)
    return not (args[0] == "lesson" and parsed.list)


def _bench_refuses(parsed: object) -> bool:
    from squaregame.cli import bench
    from squaregame.cli.common import UsageError, parse_int

    try:
        bench.parse_sizes(parsed.sizes)  # type: ignore[attr-defined]
        if not 1 <= parse_int(parsed.repeat, "--repeat") <= bench.MAX_REPEAT:  # type: ignore[attr-defined]
            return True
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
            timeout=SECONDS,
            preexec_fn=_limits,
        )
    except subprocess.TimeoutExpired:
        return args, -999, "timed out"
    return args, done.returncode, done.stderr


@settings(max_examples=4, derandomize=True, deadline=None)
@given(st.lists(argv(), min_size=40, max_size=40))
def test_random_command_lines_end_cleanly(
    tmp_path_factory: pytest.TempPathFactory, batch: list[list[str]]
) -> None:
    tmp = tmp_path_factory.mktemp("fuzz")
    runs = [a for a in batch if not would_start(a)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda a: run(a, tmp), runs))
    bad = [(a, code, err[-300:]) for a, code, err in results
           if code not in (0, 2) or "Traceback" in err]  # fmt: skip
    assert not bad, bad
