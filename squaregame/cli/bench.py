"""``squaregame bench``: every speed figure beside its reference, measured side by side.

* The Squares builder is run as ``squaregame table squares --upto N --stats --json`` in a
  new process, beside ``../shared/bench/squares_ref.c`` compiled here; both wall times
  include process start, and the two must agree on the cold count and largest remoteness.
* App start-up (launch to first paint, in a pseudo-terminal) and memory are compared with a
  bare Textual app that shows one line.
* Opponent moves, sum searches and Wythoff tables are timed in this process.
"""

from __future__ import annotations

import argparse
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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from squaregame.core.ai import Opponent
from squaregame.core.context import Tables
from squaregame.core.game import Game
from squaregame.core.kinds import SUBTRACTION, SUM, WYTHOFF, kind_for_rule
from squaregame.core.rules import NIM, SQUARES
from squaregame.core.spec import GameSpec
from squaregame.core.store import TableStore, shipped_squares_path
from squaregame.core.wythoff import build_wythoff

SQUARES_GAME = kind_for_rule(SQUARES).key
MAX_REPEAT = 50
MAX_SIZES = 8


def parse_sizes(text: str) -> list[int]:
    """``--sizes``: whole numbers (``10000000`` or ``1e7``), each within the builder's limit."""
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


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "bench",
        help="measure the builder, start-up, memory and opponent moves against references",
        description="Benchmarks, each printed beside its reference measured in the same run.",
    )
    p.add_argument("--sizes", default="1000000,10000000", help="Squares sizes N to build")
    p.add_argument("--reference", metavar="FILE", help="path to squares_ref.c")
    p.add_argument("--repeat", default="3", help=f"runs per figure (median; 1 to {MAX_REPEAT})")
    p.add_argument("--no-app", action="store_true", help="skip the app start-up and memory")
    p.set_defaults(run=run)


def _median_time(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def find_reference(explicit: str | None) -> Path | None:
    if explicit:
        return Path(explicit)
    here = Path(__file__).resolve()
    for base in (Path.cwd(), *Path.cwd().parents, *here.parents):
        cand = base / "shared" / "bench" / "squares_ref.c"
        if cand.is_file():
            return cand
    return None


def _compile_reference(src: Path | None, explicit: bool = False) -> Path | None:
    """The C reference compiled (None without one or without gcc; asked for by name and
    not usable: one clear line)."""
    from squaregame.cli.common import UsageError

    if src is not None and explicit and not src.is_file():
        raise UsageError(f"--reference {src}: no such file")
    if src is None or shutil.which("gcc") is None:
        if explicit:
            raise UsageError("--reference needs gcc to compile it, and there is no gcc here")
        return None
    exe = Path(tempfile.mkdtemp()) / "squares_ref"
    built = subprocess.run(["gcc", "-O2", "-o", str(exe), str(src)], capture_output=True)
    if built.returncode != 0:
        said = built.stderr.decode(errors="replace").strip().splitlines() or ["?"]
        first = next((line for line in said if "error" in line), said[0])  # not "In function"
        raise UsageError(f"--reference {src} did not compile: {first}")
    return exe


def _timed_process(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, str]:
    from squaregame.cli.common import UsageError

    t = time.perf_counter()
    run = subprocess.run(cmd, capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - t
    if run.returncode != 0:
        last = (run.stderr.strip().splitlines() or [f"exit status {run.returncode}"])[-1]
        raise UsageError(f"the measured command failed: {last}")
    return elapsed, run.stdout


def _row(name: str, ours: str, ref: str = "", ratio: float | None = None, goal: str = "") -> str:
    line = f"  {name:<44}{ours:>12}"
    if ref:
        line += f"   ref {ref:>10}"
    if ratio is not None:
        line += f"   {ratio:5.2f}×"
    if goal:
        line += f"   ({goal})"
    return line


def _opponent_times(game: Game[Any], starts: list[Any], moves: int) -> list[float]:
    ai: Opponent[Any] = Opponent("perfect", seed=1)
    times: list[float] = []
    for start in starts:
        pos = start
        for _ in range(moves):
            t = time.perf_counter()
            nxt = ai.move(game, pos)
            times.append(time.perf_counter() - t)
            if nxt is None:
                break
            pos = nxt
    return times


def bench_builder(sizes: list[int], repeat: int, ref: Path | None) -> None:
    print("Squares table builder: `squaregame table squares --upto N --stats --json` vs C")
    env = {**os.environ, "SQUAREGAME_CACHE_DIR": tempfile.mkdtemp()}
    for n in sizes:
        ours_cmd = [sys.executable, "-m", "squaregame", "table", SQUARES_GAME, "--upto", str(n),
                    "--stats", "--json"]  # fmt: skip
        ours_t, ref_t = [], []
        stats: dict[str, Any] = {}
        ref_out = ""
        for _ in range(repeat):  # interleaved: both see the same machine
            t, out = _timed_process(ours_cmd, env)
            ours_t.append(t)
            stats = json.loads(out)
            if ref is not None:
                t, ref_out = _timed_process([str(ref), str(n)])
                ref_t.append(t)
        ours = statistics.median(ours_t)
        agree = ""
        if ref is not None:
            m = re.search(r"cold=(\d+) maxrem=(\d+)", ref_out)
            same = m is not None and (int(m[1]), int(m[2])) == (
                stats["cold_count"],
                stats["max_remoteness"],
            )
            agree = "agree" if same else "DISAGREE"
        theirs = statistics.median(ref_t) if ref_t else None
        print(
            _row(
                f"N = {n:,}: {stats['cold_count']:,} cold, max {stats['max_remoteness']} {agree}",
                f"{ours:.3f} s",
                f"{theirs:.3f} s" if theirs else "",
                ours / theirs if theirs else None,
                "goal ≤ 2× at 10^7" if n == 10**7 else "",
            )
        )


def bench_app(repeat: int) -> None:
    from squaregame.ui.bench_app import compare_startup, launch, median_rss, median_seconds

    print("App (launch to first paint in a 100×32 pseudo-terminal) vs a bare Textual app")
    env = {**os.environ, "TERM": "xterm-256color", "SQUAREGAME_DATA_DIR": tempfile.mkdtemp()}
    ours, bare = compare_startup(max(repeat, 5), env)
    o, b = median_seconds(ours), median_seconds(bare)
    print(_row("start-up to the menu", f"{o:.3f} s", f"{b:.3f} s", o / b, "goal ≤ 1.2×"))
    mo, mb = median_rss(ours), median_rss(bare)
    print(
        _row("resident memory at the menu", f"{mo / 1024:.1f} MB", f"{mb / 1024:.1f} MB", mo / mb)
    )
    cache = Path(tempfile.mkdtemp())
    env_t = {**env, "SQUAREGAME_CACHE_DIR": str(cache)}
    subprocess.run(
        [sys.executable, "-m", "squaregame", "build-tables", SQUARES_GAME, "--upto", "10000000"],
        check=True, capture_output=True, env=env_t,
    )  # fmt: skip
    table_kb = sum(p.stat().st_size for p in cache.glob("*.sgt")) / 1024
    play = [sys.executable, "-m", "squaregame", "play", SQUARES_GAME, "--start", "9999999"]
    rss = statistics.median(launch(play, b"Your move", env_t).rss_kb for _ in range(3))
    budget = median_rss(bare) + table_kb
    goal = "ref: bare app + table; goal < 1.5×"
    label = "memory playing 9,999,999 (10^7 table loaded)"
    print(_row(label, f"{rss / 1024:.1f} MB", f"{budget / 1024:.1f} MB", rss / budget, goal))


def run(args: argparse.Namespace, tables: Tables) -> int:
    from squaregame.cli.common import UsageError, parse_int

    sizes = parse_sizes(args.sizes)
    repeat = parse_int(args.repeat, "--repeat")
    if not 1 <= repeat <= MAX_REPEAT:
        raise UsageError(f"--repeat must be between 1 and {MAX_REPEAT}")
    args.repeat = repeat
    ref = _compile_reference(find_reference(args.reference), explicit=bool(args.reference))
    rng = random.Random(7)
    print("squaregame bench" + ("" if ref else "  (no C reference: gcc or squares_ref.c missing)"))
    bench_builder(sizes, args.repeat, ref)

    print("Tables")
    load = _median_time(lambda: TableStore(cache=Path(tempfile.mkdtemp())).squares_normal(0), 5)
    print(_row(f"load shipped {shipped_squares_path().name} (0..10^6)", f"{load * 1000:.2f} ms"))
    for size in (1000, 2000):
        t = _median_time(lambda size=size: build_wythoff(size, False), args.repeat)  # type: ignore[misc]
        goal = "goal < 2 s" if size == 2000 else ""
        print(_row(f"build Wythoff {size}×{size}", f"{t:.3f} s", goal=goal))
    for piles in ((100, 100, 100), (50, 50, 50, 50)):
        fresh = GameSpec(SUM.key, position=piles).build(Tables())  # nothing solved yet
        t = time.perf_counter()
        fresh.info(piles)
        label = f"exact sum search, {len(piles)} squares piles of {piles[0]}"
        print(_row(label, f"{time.perf_counter() - t:.3f} s", goal="goal < 2 s"))

    print("Opponent move (what the app's opponent computes per reply), perfect level")

    def build(kind: str, *rules: str) -> Game[Any]:
        return GameSpec(kind, rules).build(tables)

    sums = build(SUM.key)
    sums.info((100, 100, 100))  # the search is timed above; these are the moves after it
    cases: list[tuple[str, Game[Any], list[Any]]] = [
        ("Squares, starts up to 10^6", build(kind_for_rule(SQUARES).key),
         [rng.randrange(10**6) for _ in range(40)]),
        ("Subtraction {1,3,7,8}, starts up to 10^18", build(SUBTRACTION.key, "1,3,7,8"),
         [rng.randrange(10**18) for _ in range(20)]),
        ("Nim, starts up to 10^6", build(kind_for_rule(NIM).key),
         [rng.randrange(10**6) for _ in range(20)]),
        ("Wythoff, starts up to 2000", build(WYTHOFF.key),
         [(rng.randrange(2000), rng.randrange(2000)) for _ in range(20)]),
        ("Sum 100+100+100 (after the search)", sums, [(100, 100, 100)]),
    ]  # fmt: skip
    for name, game, starts in cases:
        game.best_moves(max(starts))  # a one-time table load or build is not a move
        ts = _opponent_times(game, starts, 12)
        med, worst = statistics.median(ts) * 1000, max(ts) * 1000
        print(_row(name, f"{med:.3f} ms", goal=f"worst {worst:.2f} ms; goals < 1 ms, < 20 ms"))
    if not args.no_app and sys.platform.startswith("linux"):
        bench_app(args.repeat)
    return 0
