"""What ``squaregame bench`` measures: each figure as two whole processes, ours and its
reference (the commands, the goals, and the agreement checks), for
:mod:`squaregame.cli.bench` to run in interleaved pairs.
"""

from __future__ import annotations

import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from squaregame import paths
from squaregame.cli.bench_run import Figure, Sample, Side, run_process
from squaregame.cli.common import UsageError
from squaregame.core.build import native
from squaregame.core.rules import NIM, SQUARES
from squaregame.text import tr
from squaregame.ui.bench_app import BARE_APP, WIDGETS_APP, launch

SQUARES_GAME = SQUARES.key  # the game of one pile under the rule is named as the rule
WYTHOFF_GAME = "wythoff"  # the games timed, by the keys the command line takes
SUM_GAME = "sum"
WYTHOFF_SIZES = (2000, 5000)


def _our_command() -> list[str]:
    """``squaregame`` as a person types it: the installed script beside this interpreter
    (``python -m squaregame`` only where there is none)."""
    script = Path(sys.executable).with_name("squaregame")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "squaregame"]


PY = _our_command()
# A command of a tenth of a second, or a launch to first paint, is moved ±30% by the
# machine: three times the usual pairs keep the median from landing on one side of a goal
# by luck. The app's start-up and the short commands measured against a Python start-up
# (import textual, import numpy) run at least these.
SHORT_PAIRS = 21
TEXTUAL = [sys.executable, "-c", "import textual"]


def find_reference(explicit: str | None) -> Path | None:
    if explicit:
        return Path(explicit)
    here = Path(__file__).resolve()
    for base in (Path.cwd(), *Path.cwd().parents, *here.parents):
        cand = base / "shared" / "bench" / "squares_ref.c"
        if cand.is_file():
            return cand
    return None


def compile_c(src: Path | None, explicit: bool = False) -> Path | None:
    """``src`` compiled with ``gcc -O2`` (None without it or without gcc; asked for by name
    and not usable: one clear line)."""

    if src is not None and explicit and not src.is_file():
        raise UsageError("cli.errors.no_reference", path=str(src))
    if src is None or not src.is_file() or shutil.which("gcc") is None:
        if explicit:
            raise UsageError("cli.errors.no_gcc")
        return None
    exe = Path(tempfile.mkdtemp()) / src.stem
    built = subprocess.run(["gcc", "-O2", "-o", str(exe), str(src)], capture_output=True)
    if built.returncode != 0:
        said = built.stderr.decode(errors="replace").strip().splitlines() or ["?"]
        first = next((line for line in said if "error" in line), said[0])  # not "In function"
        raise UsageError("cli.errors.not_compiled", path=str(src), error=first)
    return exe


def _process(argv: list[str], env: dict[str, str] | None = None, shown: str = "") -> Side:
    words = [Path(a).name if i == 0 else a for i, a in enumerate(argv)]
    if argv[: len(PY)] == PY:
        words = ["squaregame", *argv[len(PY) :]]
    return Side(shown or " ".join(words), lambda: run_process(argv, env))


def _built_by(name: str, argv: list[str], env: dict[str, str]) -> Side:
    """Our command with ``SQUAREGAME_BUILDER`` set, shown as a person would type it."""
    words = " ".join(["squaregame", *argv[len(PY) :]])
    return _process(argv, {**env, "SQUAREGAME_BUILDER": name}, f"SQUAREGAME_BUILDER={name} {words}")


def _agree(keys: tuple[str, str]) -> Callable[[str, str], str | None]:
    """Our ``--stats --json`` and the C program's ``cold=… maxrem=…`` must match."""

    def check(ours: str, ref: str) -> str | None:
        stats = json.loads(ours)
        m = re.search(r"cold=(\d+) maxrem=(\d+)", ref)
        want = (int(m[1]), int(m[2])) if m else None
        got = (stats.get(keys[0]), stats.get(keys[1]))
        if got == want:
            return None

        return tr("cli.bench.differ", ours=str(got), reference=str(want))

    return check


def squares_figures(sizes: list[int], ref: Path | None, env: dict[str, str]) -> Iterator[Figure]:
    if ref is None:
        return
    for name in installed_builders():
        for n in sizes:
            goals = (
                {10**7: 2.0, 4 * 10**7: 1.6} if name == "numpy" else {10**7: 1.2, 4 * 10**7: 1.2}
            )
            goal = goals.get(n)  # below 10^7 start-up is most of either side
            cmd = [*PY, "table", SQUARES_GAME, "--upto", str(n), "--stats", "--json"]
            yield Figure(
                f"Squares table 0..{_short(n)}, {name} builder vs C",
                _built_by(name, cmd, env),
                _process([str(ref), str(n)], shown=f"squares_ref {n}"),
                goal, _agree(("cold_count", "max_remoteness")),
            )  # fmt: skip


def wythoff_figures(env: dict[str, str]) -> Iterator[Figure]:
    def board(n: int) -> list[str]:
        return [*PY, "table", WYTHOFF_GAME, "--upto", str(n), "--stats", "--json"]

    exe = compile_c(paths.asset("bench", "wythoff_ref.c"))
    builders = installed_builders()
    if exe is not None:
        for name in builders:
            for n in WYTHOFF_SIZES:
                yield Figure(
                    f"Wythoff table {n}×{n}, {name} builder vs C",
                    _built_by(name, board(n), env),
                    _process([str(exe), str(n)], shown=f"wythoff_ref {n}"),
                    None,
                    _agree(("cold_count", "max_remoteness")),
                )
    if "native" in builders:  # a 4000² board's Grundy values: the longest Wythoff wait
        far = [*PY, "analyze", WYTHOFF_GAME, "3000", "4000", "--json"]
        yield Figure(
            "analyze wythoff 3000 4000 (with its Grundy value), native vs numpy builder",
            _built_by("native", far, env),
            _built_by("numpy", far, env),
            None,
            lambda ours, ref: None if ours == ref else "the two builders' answers differ",
        )
    yield Figure(  # the start any numpy program pays, beside the whole board
        "Wythoff table 2000×2000 (the builder chosen by default) vs import numpy",
        _process(board(2000), env),
        _process([sys.executable, "-c", "import numpy"], env, 'python -c "import numpy"'),
        min_pairs=SHORT_PAIRS,
    )
    yield Figure(
        "analyze wythoff 300 500 vs import textual",
        _process([*PY, "analyze", WYTHOFF_GAME, "300", "500"], env),
        _process(TEXTUAL, shown='python -c "import textual"'),
        1.5,
        min_pairs=SHORT_PAIRS,
    )


SUMS: tuple[tuple[str, list[str], list[str]], ...] = (
    ("4 squares piles of 50, exact", ["50", "50", "50", "50"], []),
    ("4 different rules × 50, exact", ["50", "50", "50", "50"],
     ["--rule", SQUARES.key, "--rule", NIM.key, "--rule", "1,3,7,8", "--rule", "1,2"]),
)  # fmt: skip


def sums_figures(env: dict[str, str]) -> Iterator[Figure]:
    for name, piles, rules in SUMS:
        cmd = [*PY, "analyze", SUM_GAME, *piles, *rules, "--json"]
        yield Figure(
            f"sum: {name} vs import textual",
            _process(cmd, env),
            _process(TEXTUAL, shown='python -c "import textual"'),
        )


# Take-and-break games timed (goals in seconds: the note under the group says them): the
# proof of a period by the Octal Periodicity Theorem, and 10^6 values of an unsolved game.
OCTAL = (
    ("Kayles proven, a row of 10^9", ["kayles", "1000000000"], 0.1),
    ("Dawson's Kayles proven, a row of 10^9", ["dawsons-kayles", "1000000000"], 0.1),
    ("Grundy's game, 10^6 values", ["grundys-game", "1000000"], 60.0),
    ("0.6, 10^6 values", ["octal", "1000000", "--code", "0.6"], 60.0),
)


def octal_figures(env: dict[str, str]) -> Iterator[Figure]:
    """Each against ``analyze squares 1000`` (a command-line answer that computes almost
    nothing): the difference of the two is what the octal work costs."""
    ref = [*PY, "analyze", SQUARES_GAME, "1000", "--json"]
    for name, words, _seconds in OCTAL:
        yield Figure(
            f"{name} vs analyze squares 1000",
            _process([*PY, "analyze", *words, "--json"], env),
            _process(ref, env),
        )


def cli_figures(env: dict[str, str]) -> Iterator[Figure]:
    yield Figure(
        "analyze squares 1000 vs import textual",
        _process([*PY, "analyze", SQUARES_GAME, "1000"], env),
        _process(TEXTUAL, shown='python -c "import textual"'),
        0.5,
        min_pairs=SHORT_PAIRS,
    )
    yield Figure(
        "squaregame --help vs import textual",
        _process([*PY, "--help"], env),
        _process(TEXTUAL, shown='python -c "import textual"'),
        min_pairs=SHORT_PAIRS,
    )


def app_figures(env: dict[str, str]) -> Iterator[Figure]:
    def screen(cmd: list[str], marker: bytes) -> Callable[[], Sample]:
        def measure() -> Sample:
            got = launch(cmd, marker, env)
            return Sample(got.seconds, got.rss_kb)

        return measure

    yield Figure(
        "app: launch to the menu vs a bare Textual app",
        Side("squaregame (in a 100×32 terminal)", screen(PY, b"take a perfect square")),
        Side("a bare Textual app showing one line",
             screen([sys.executable, "-c", BARE_APP], b"bare textual app ready")),
        1.15,
        min_pairs=SHORT_PAIRS,
    )  # fmt: skip
    yield Figure(
        "app: launch to the menu vs the menu's widgets alone",
        Side("squaregame (in a 100×32 terminal)", screen(PY, b"take a perfect square")),
        Side("a Textual app with a title line, a logo line, a 7-entry list and the key bar",
             screen([sys.executable, "-c", WIDGETS_APP], b"widgets app ready")),
        None,
        min_pairs=SHORT_PAIRS,
    )  # fmt: skip
    yield Figure(  # what those widgets cost by themselves: the floor of the first
        "app: the menu's widgets alone vs a bare Textual app",
        Side("a Textual app with a title line, a logo line, a 7-entry list and the key bar",
             screen([sys.executable, "-c", WIDGETS_APP], b"widgets app ready")),
        Side("a bare Textual app showing one line",
             screen([sys.executable, "-c", BARE_APP], b"bare textual app ready")),
        None,
        min_pairs=SHORT_PAIRS,
    )  # fmt: skip


def _short(n: int) -> str:
    for k in range(9, 2, -1):
        if n % 10**k == 0:
            m = n // 10**k
            return f"10^{k}" if m == 1 else f"{m}·10^{k}"
    return f"{n:,}"


def installed_builders() -> list[str]:
    """numpy, and the native builder where this machine can use it."""

    return ["numpy"] + (["native"] if native.possible() else [])


def first_use(env: dict[str, str]) -> Iterator[str]:
    """The native builder's first build on a machine (compiling, then cached), beside the
    builds after it: a fresh cache folder each."""
    cmd = [*PY, "table", SQUARES_GAME, "--upto", "1000", "--stats", "--json"]
    for name in installed_builders()[1:]:
        cache = tempfile.mkdtemp()
        cold_env = {**env, "SQUAREGAME_CACHE_DIR": cache, "SQUAREGAME_BUILDER": name}
        first = run_process(cmd, cold_env)
        warm = statistics.median(run_process(cmd, cold_env).seconds for _ in range(3))
        yield (
            f"  {name} builder, first use on a machine (compiling): {first.seconds:.2f} s, "
            f"then {warm:.2f} s (table squares --upto 1000; one run each, not a ratio)"
        )
