"""``squaregame bench``: every speed figure as a paired ratio against a reference.

Both sides of every figure are whole processes, run in interleaved pairs
(:mod:`squaregame.cli.bench_run`): the figure is the median of the per-pair ratios, with
their minimum and maximum. References:

* the Squares builder (``table squares --upto N --stats --json``, each builder this machine
  has: numpy; ``native``, the C kernels compiled here; ``compiled``, numba's of
  ``squaregame[fast]``) against ``shared/bench/squares_ref.c``
  compiled here with ``gcc -O2``; the two must agree on the cold count and largest remoteness;
* the Wythoff builder (``table wythoff --upto N --stats --json``) against
  ``assets/bench/wythoff_ref.c``, the same way;
* command-line answers and exact sum searches against ``python -c "import textual"`` (the
  least any Textual program pays to start);
* the app's launch to first paint in a pseudo-terminal against a bare Textual app.

The opponent's reply times are measured inside this process: latencies, not ratios.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from squaregame.cli.bench_run import (
    MIN_PAIRS,
    BenchError,
    Figure,
    Result,
    Sample,
    Side,
    format_result,
    measure_pairs,
    run_process,
)
from squaregame.cli.commands import help_text
from squaregame.core.context import Tables
from squaregame.core.kinds import SUM, WYTHOFF, kind_for_rule
from squaregame.core.rules import NIM, SQUARES

SQUARES_GAME = kind_for_rule(SQUARES).key
WYTHOFF_GAME = WYTHOFF.key
SUM_GAME = SUM.key
MAX_PAIRS = 50
MAX_SIZES = 8
GROUPS = ("builder", "board", "sums", "cli", "app", "moves")
WYTHOFF_SIZES = (2000, 5000)


def _our_command() -> list[str]:
    """``squaregame`` as a person types it: the installed script beside this interpreter
    (``python -m squaregame`` only where there is none)."""
    script = Path(sys.executable).with_name("squaregame")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "squaregame"]


PY = _our_command()
TEXTUAL = [sys.executable, "-c", "import textual"]


def parse_sizes(text: str) -> list[int]:
    """``--sizes``: whole numbers (``10000000`` or ``1e7``, ``4e7``), within the builder's limit."""
    from squaregame.cli.common import UsageError
    from squaregame.core.store import SQUARES_MAX

    sizes: list[int] = []
    for part in text.split(","):
        word = part.strip().replace("_", "")
        m = re.fullmatch(r"(\d{1,10})(?:[eE](\d{1,2}))?", word)
        n = int(m[1]) * 10 ** int(m[2] or 0) if m else 0
        if not 1 <= n <= SQUARES_MAX:
            raise UsageError(
                f"--sizes takes whole numbers from 1 to {SQUARES_MAX:,} separated by commas, "
                f"not '{word}'"
            )
        sizes.append(n)
    if len(sizes) > MAX_SIZES:
        raise UsageError(f"--sizes takes at most {MAX_SIZES} sizes")
    return sizes


def parse_groups(text: str | None) -> list[str]:
    from squaregame.cli.common import UsageError

    if text is None:
        return list(GROUPS)
    chosen = [w.strip() for w in text.split(",") if w.strip()]
    for w in chosen:
        if w not in GROUPS:
            raise UsageError(f"--only takes some of {', '.join(GROUPS)}, not '{w[:40]}'")
    return chosen


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "bench",
        help=help_text("bench"),
        description="Every figure is two whole processes, ours and a reference, run in "
        f"interleaved pairs (at least {MIN_PAIRS} to quote): the median of the per-pair "
        "ratios, with their minimum and maximum. Takes several minutes.",
    )
    p.add_argument("--sizes", default="1e6,1e7,4e7", help="Squares sizes N to build")
    p.add_argument("--only", metavar="GROUPS", help=f"some of: {', '.join(GROUPS)}")
    p.add_argument("--reference", metavar="FILE", help="path to squares_ref.c")
    p.add_argument(
        "--pairs", "--repeat", dest="pairs", default=str(MIN_PAIRS),
        help=f"interleaved pairs per figure (1 to {MAX_PAIRS}; {MIN_PAIRS} or more to quote)",
    )  # fmt: skip
    p.add_argument("--no-app", action="store_true", help="skip the app start-up and memory")
    p.add_argument("--json", action="store_true", help="also print every figure as JSON")
    p.set_defaults(run=run)


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
    from squaregame.cli.common import UsageError

    if src is not None and explicit and not src.is_file():
        raise UsageError(f"--reference {src}: no such file")
    if src is None or not src.is_file() or shutil.which("gcc") is None:
        if explicit:
            raise UsageError("--reference needs gcc to compile it, and there is no gcc here")
        return None
    exe = Path(tempfile.mkdtemp()) / src.stem
    built = subprocess.run(["gcc", "-O2", "-o", str(exe), str(src)], capture_output=True)
    if built.returncode != 0:
        said = built.stderr.decode(errors="replace").strip().splitlines() or ["?"]
        first = next((line for line in said if "error" in line), said[0])  # not "In function"
        raise UsageError(f"--reference {src} did not compile: {first}")
    return exe


def _process(argv: list[str], env: dict[str, str] | None = None, shown: str = "") -> Side:
    words = [Path(a).name if i == 0 else a for i, a in enumerate(argv)]
    if argv[: len(PY)] == PY:
        words = ["squaregame", *argv[len(PY) :]]
    return Side(shown or " ".join(words), lambda: run_process(argv, env))


def _agree(keys: tuple[str, str]) -> Callable[[str, str], str | None]:
    """Our ``--stats --json`` and the C program's ``cold=… maxrem=…`` must match."""

    def check(ours: str, ref: str) -> str | None:
        stats = json.loads(ours)
        m = re.search(r"cold=(\d+) maxrem=(\d+)", ref)
        want = (int(m[1]), int(m[2])) if m else None
        got = (stats.get(keys[0]), stats.get(keys[1]))
        return None if got == want else f"ours says {got}, the reference {want}"

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
                _process(cmd, {**env, "SQUAREGAME_BUILDER": name},
                         f"SQUAREGAME_BUILDER={name} squaregame table squares --upto {n} "
                         "--stats --json"),
                _process([str(ref), str(n)], shown=f"squares_ref {n}"),
                goal, _agree(("cold_count", "max_remoteness")),
            )  # fmt: skip


def wythoff_figures(env: dict[str, str]) -> Iterator[Figure]:
    from squaregame import paths

    exe = compile_c(paths.asset("bench", "wythoff_ref.c"))
    if exe is not None:
        for n in WYTHOFF_SIZES:
            cmd = [*PY, "table", WYTHOFF_GAME, "--upto", str(n), "--stats", "--json"]
            yield Figure(
                f"Wythoff table {n}×{n} vs C",
                _process(cmd, env),
                _process([str(exe), str(n)], shown=f"wythoff_ref {n}"),
                None,
                _agree(("cold_count", "max_remoteness")),
            )
    yield Figure(
        "analyze wythoff 300 500 vs import textual",
        _process([*PY, "analyze", WYTHOFF_GAME, "300", "500"], env),
        _process(TEXTUAL, shown='python -c "import textual"'),
        1.5,
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


def cli_figures(env: dict[str, str]) -> Iterator[Figure]:
    yield Figure(
        "analyze squares 1000 vs import textual",
        _process([*PY, "analyze", SQUARES_GAME, "1000"], env),
        _process(TEXTUAL, shown='python -c "import textual"'),
        0.5,
    )
    yield Figure(
        "squaregame --help vs import textual",
        _process([*PY, "--help"], env),
        _process(TEXTUAL, shown='python -c "import textual"'),
    )


def app_figures(env: dict[str, str]) -> Iterator[Figure]:
    from squaregame.ui.bench_app import BARE_APP, WIDGETS_APP, launch

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
    )  # fmt: skip
    yield Figure(
        "app: launch to the menu vs the menu's widgets alone",
        Side("squaregame (in a 100×32 terminal)", screen(PY, b"take a perfect square")),
        Side("a Textual app with a title line, a 7-entry list and a Footer",
             screen([sys.executable, "-c", WIDGETS_APP], b"widgets app ready")),
        None,
    )  # fmt: skip


def _short(n: int) -> str:
    for k in range(9, 2, -1):
        if n % 10**k == 0:
            m = n // 10**k
            return f"10^{k}" if m == 1 else f"{m}·10^{k}"
    return f"{n:,}"


def installed_builders() -> list[str]:
    """numpy, and each compiled builder this machine can use."""
    from importlib.util import find_spec

    from squaregame.core import build_native

    return (
        ["numpy"]
        + (["native"] if build_native.possible() else [])
        + (["compiled"] if find_spec("numba") is not None else [])
    )


def first_use(env: dict[str, str]) -> Iterator[str]:
    """Each compiled builder's first build on a machine (compiling, then cached), beside the
    builds after it: a fresh cache folder each."""
    cmd = [*PY, "table", SQUARES_GAME, "--upto", "1000", "--stats", "--json"]
    for name in installed_builders()[1:]:
        cache = tempfile.mkdtemp()
        cold_env = {**env, "SQUAREGAME_CACHE_DIR": cache, "NUMBA_CACHE_DIR": cache,
                    "SQUAREGAME_BUILDER": name}  # fmt: skip
        first = run_process(cmd, cold_env)
        warm = statistics.median(run_process(cmd, cold_env).seconds for _ in range(3))
        yield (
            f"  {name} builder, first use on a machine (compiling): {first.seconds:.2f} s, "
            f"then {warm:.2f} s (table squares --upto 1000; one run each, not a ratio)"
        )


def opponent_latencies(tables: Tables) -> None:
    from squaregame.core.ai import Opponent
    from squaregame.core.game import Game
    from squaregame.core.kinds import SUBTRACTION, WYTHOFF, kind_for_rule
    from squaregame.core.rules import NIM, SQUARES
    from squaregame.core.spec import GameSpec

    print("Opponent's reply, perfect level (inside this process: latencies, not ratios)")
    rng = random.Random(7)

    def build(kind: str, *rules: str) -> Game[Any]:
        return GameSpec(kind, rules).build(tables)

    cases: list[tuple[str, Game[Any], list[Any]]] = [
        ("Squares, starts up to 10^6", build(kind_for_rule(SQUARES).key),
         [rng.randrange(10**6) for _ in range(40)]),
        ("Subtraction {1,3,7,8}, starts up to 10^18", build(SUBTRACTION.key, "1,3,7,8"),
         [rng.randrange(10**18) for _ in range(20)]),
        ("Nim, starts up to 10^6", build(kind_for_rule(NIM).key),
         [rng.randrange(10**6) for _ in range(20)]),
        ("Wythoff, starts up to 2000", build(WYTHOFF.key),
         [(rng.randrange(2000), rng.randrange(2000)) for _ in range(20)]),
    ]  # fmt: skip
    for name, game, starts in cases:
        game.best_moves(max(starts))  # a one-time table load or build is not a move
        ai: Opponent[Any] = Opponent("perfect", seed=1)
        times: list[float] = []
        for start in starts:
            pos = start
            for _ in range(12):
                t = time.perf_counter()
                nxt = ai.move(game, pos)
                times.append(time.perf_counter() - t)
                if nxt is None:
                    break
                pos = nxt
        med, worst = statistics.median(times) * 1000, max(times) * 1000
        print(f"  {name:<46} median {med:.3f} ms, worst {worst:.2f} ms")


def _json(r: Result) -> dict[str, Any]:
    return {
        "figure": r.figure.name,
        "ours": r.figure.ours.shown,
        "reference": r.figure.ref.shown,
        "pairs": len(r.ratios),
        "ratio_median": round(r.ratio, 4),
        "ratio_min": round(min(r.ratios), 4),
        "ratio_max": round(max(r.ratios), 4),
        "ours_seconds": round(r.seconds("ours"), 4),
        "ref_seconds": round(r.seconds("ref"), 4),
        "ours_peak_mb": round(r.peak_mb("ours"), 1),
        "ref_peak_mb": round(r.peak_mb("ref"), 1),
        "goal": r.figure.goal,
        "met": r.met,
    }


def compile_package() -> None:
    """Write the bytecode of every module of the package, as ``pip install`` does (where the
    folder cannot be written, it is timed as it is)."""
    import compileall

    import squaregame

    with contextlib.suppress(OSError):
        compileall.compile_dir(Path(squaregame.__file__).parent, quiet=2)


def run(args: argparse.Namespace, tables: Tables) -> int:
    from squaregame.cli.common import UsageError, parse_int

    sizes = parse_sizes(args.sizes)
    groups = parse_groups(args.only)
    pairs = parse_int(args.pairs, "--pairs")
    if not 1 <= pairs <= MAX_PAIRS:
        raise UsageError(f"--pairs must be between 1 and {MAX_PAIRS}")
    ref = compile_c(find_reference(args.reference), explicit=bool(args.reference))
    env = {**os.environ, "SQUAREGAME_CACHE_DIR": tempfile.mkdtemp(),
           "SQUAREGAME_DATA_DIR": tempfile.mkdtemp(), "TERM": "xterm-256color"}  # fmt: skip
    # Timed as installed: pip writes every module's bytecode at install, so ours is written
    # now (a source checkout, or an environment that says not to write it, has none yet).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    compile_package()
    print(f"squaregame bench: {pairs} interleaved pairs a figure, whole processes; the ratio is")
    print("ours / reference, the median of the pairs' ratios (their min–max in brackets).")
    import resource

    floor = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"Peak memory (MB) reads no lower than this process's own, {floor:.0f} MB: each")
    print("command starts as a copy of it.")
    if pairs < MIN_PAIRS:
        print(f"(fewer than {MIN_PAIRS} pairs: a quick look, not a figure to quote)")
    figures: list[tuple[str, Iterator[Figure]]] = []
    if "builder" in groups:
        if ref is None:
            print("Squares builder: no C reference (gcc or shared/bench/squares_ref.c missing)")
        figures.append(("Squares table builder", squares_figures(sizes, ref, env)))
    if "board" in groups:
        figures.append(("Wythoff", wythoff_figures(env)))
    if "sums" in groups:
        figures.append(("Sums (goal: each within 2 s)", sums_figures(env)))
    if "cli" in groups:
        figures.append(("Command-line answers", cli_figures(env)))
    if "app" in groups and not args.no_app and sys.platform.startswith("linux"):
        figures.append(("App start-up", app_figures(env)))
    results: list[Result] = []
    try:
        for title, group in figures:
            print(title)
            for figure in group:
                r = measure_pairs(figure, pairs)
                results.append(r)
                print("\n".join(format_result(r)), flush=True)
            if title == "Squares table builder" and ref is not None:
                for note in first_use(env):
                    print(note)
    except BenchError as exc:
        raise UsageError(str(exc)) from None
    if "moves" in groups:
        opponent_latencies(tables)
    if results:
        print("Commands (ours | reference):")
        for r in results:
            print(f"  {r.figure.ours.shown}  |  {r.figure.ref.shown}")
    if args.json:
        print(json.dumps([_json(r) for r in results]))
    return 0
