"""``squaregame bench``: the speed figures, each beside the C reference where there is one.

Speed is measured here, never in timed unit tests. The C reference
(``../shared/bench/squares_ref.c``) is compiled and run in the same sitting when gcc and
the file are found, so the ratios compare like with like.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from squaregame.core.ai import Opponent
from squaregame.core.games import Game, PileGame, SumGame, WythoffGame
from squaregame.core.rules import SQUARES
from squaregame.core.store import TableStore, shipped_squares_path
from squaregame.core.sums import SumSolver
from squaregame.core.wythoff import build_wythoff


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "bench",
        help="measure table loading, opponent moves and table building",
        description="Benchmarks, printed beside the C reference run in the same sitting.",
    )
    p.add_argument(
        "--sizes",
        default="1000000,10000000",
        help="Squares table sizes to build (default: 1000000,10000000)",
    )
    p.add_argument("--reference", metavar="FILE", help="path to squares_ref.c")
    p.add_argument("--repeat", type=int, default=3, help="runs per figure (median)")
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


def _reference_runner(src: Path | None) -> Callable[[int], float] | None:
    if src is None or shutil.which("gcc") is None:
        return None
    exe = Path(tempfile.mkdtemp()) / "squares_ref"
    subprocess.run(["gcc", "-O2", "-o", str(exe), str(src)], check=True)

    def run_ref(n: int) -> float:
        t = time.perf_counter()
        subprocess.run([str(exe), str(n)], check=True, capture_output=True)
        return time.perf_counter() - t  # wall time, process start included, like ours

    return run_ref


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


def _row(name: str, ours: float, ref: float | None = None, unit: str = "s") -> str:
    fig = f"{ours * 1000:9.2f} ms" if unit == "ms" else f"{ours:9.3f} s "
    if ref is None:
        return f"  {name:<50}{fig}"
    return f"  {name:<50}{fig}   C reference {ref:7.3f} s   ratio {ours / ref:5.2f}×"


def _spread_row(name: str, ts: list[float]) -> str:
    med, worst = statistics.median(ts) * 1000, max(ts) * 1000
    return f"  {name:<50}median {med:7.3f} ms   worst {worst:7.2f} ms"


def run(args: argparse.Namespace) -> int:
    sizes = [int(float(s)) for s in args.sizes.split(",") if s.strip()]
    ref = _reference_runner(find_reference(args.reference))
    rng = random.Random(7)
    print("squaregame bench" + ("" if ref else "  (no C reference: gcc or squares_ref.c missing)"))

    print("Tables")
    load = _median_time(lambda: TableStore(cache=Path(tempfile.mkdtemp())).squares_normal(0), 5)
    print(_row(f"load shipped Squares table ({shipped_squares_path().name})", load, None, "ms"))
    from squaregame.core.build import squares_remoteness

    for n in sizes:
        ours = _median_time(lambda n=n: squares_remoteness(n - 1), args.repeat)  # type: ignore[misc]
        theirs = statistics.median(ref(n) for _ in range(args.repeat)) if ref else None
        print(_row(f"build Squares 0..{n - 1:,} (outcome+remoteness)", ours, theirs))
    w = _median_time(lambda: build_wythoff(1000, False), args.repeat)
    print(_row("build Wythoff 1000×1000", w))

    print("Opponent move (what the app's opponent computes per reply), perfect level")
    squares = PileGame(SQUARES, False)
    cases: list[tuple[str, Game[Any], list[Any]]] = [
        ("Squares, starts up to 10^6", squares, [rng.randrange(10**6) for _ in range(40)]),
        (
            "Wythoff, starts up to 1000",
            WythoffGame(False),
            [(rng.randrange(1000), rng.randrange(1000)) for _ in range(10)],
        ),
    ]
    for name, game, starts in cases:
        game.info(starts[0])  # the one-time table load or build is measured above, not here
        ts = _opponent_times(game, starts, 12)
        print(_spread_row(name, ts))
    for piles in ((100, 100, 100), (50, 50, 50, 50)):
        fresh = SumGame([SQUARES] * len(piles), solver=SumSolver())
        t = time.perf_counter()
        fresh.info(piles)
        label = f"exact sum search, {len(piles)} squares piles of {piles[0]}"
        print(_row(label, time.perf_counter() - t))
    s = SumGame([SQUARES] * 3)
    s.info((100, 100, 100))  # the search is timed above; these are the moves after it
    ts = _opponent_times(s, [(100, 100, 100)], 30)
    print(_spread_row("Sum 100+100+100, moves after the search", ts))
    return 0
