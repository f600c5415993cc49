"""``squaregame bench``: every speed figure as a paired ratio against a reference.

Both sides of every figure are whole processes, run in interleaved pairs
(:mod:`squaregame.cli.bench_run`): the figure is the median of the per-pair ratios, with
their minimum and maximum. The figures (:mod:`squaregame.cli.bench_figures`) and their
references:

* the Squares builder (``table squares --upto N --stats --json``, each builder this machine
  has: numpy; ``native``, the C kernels compiled here, by the machine's compiler or by
  Zig's from ``squaregame[fast]``) against ``shared/bench/squares_ref.c`` compiled here with
  ``gcc -O2``; the two must agree on the cold count and largest remoteness;
* the Wythoff builders (``table wythoff --upto N --stats --json``: numpy, and the C kernel
  where it can be had) against ``assets/bench/wythoff_ref.c``, the same way, and the two
  builders against each other on a 4000² board with its Grundy values;
* a floor, so a goal near its line says why: the menu's widgets alone against a bare Textual
  app (what Textual charges for them);
* command-line answers and exact sum searches against ``python -c "import textual"`` (the
  least any Textual program pays to start);
* the app's launch to first paint in a pseudo-terminal against a bare Textual app, and
  against a Textual app showing only the menu's widgets.

The opponent's reply times are measured inside this process: latencies, not ratios; so are
the keys' (:mod:`squaregame.cli.bench_keys`: key → repaint in a scripted session, goal p95 ≤
100 ms; ``--pairs`` is the keys timed a step).
"""

from __future__ import annotations

import argparse
import compileall
import contextlib
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from typing import Any

from squaregame import paths
from squaregame.cli.bench_figures import (
    SHORT_PAIRS,
    app_figures,
    cli_figures,
    compile_c,
    find_reference,
    first_use,
    octal_figures,
    squares_figures,
    sums_figures,
    wythoff_figures,
)
from squaregame.cli.bench_run import (
    MIN_PAIRS,
    Figure,
    Result,
    format_result,
    measure_pairs,
    pairs_for,
)
from squaregame.cli.commands import help_text
from squaregame.cli.common import UsageError
from squaregame.cli.options import add_option, number, read_option
from squaregame.core.ai import Opponent
from squaregame.core.errors import GameError
from squaregame.core.game import Game
from squaregame.core.numbers import shown
from squaregame.core.rules import NIM, SQUARES
from squaregame.core.tables import Tables
from squaregame.families import GAMES

MAX_PAIRS = 50
MAX_SIZES = 8
GROUPS = ("builder", "board", "sums", "octal", "cli", "app", "moves", "keys", "class")
DEFAULT_GROUPS = GROUPS[:-1]  # a class of 60 sessions only when asked: --only class
PAIRS = number("pairs", "--pairs", minimum=1, maximum=MAX_PAIRS)
STUDENTS = number("students", "--students", minimum=1, maximum=200)
SIZE = number("size", "--sizes", minimum=1)  # one of them; at most the builder's limit


def parse_sizes(text: str) -> list[int]:
    """``--sizes``: whole numbers separated by commas (``10000000``, ``10_000_000`` or
    ``1e7``, ``4e7``), within the builder's limit."""

    most = SQUARES.tabled.most if SQUARES.tabled is not None else 0  # the builder's limit

    sizes: list[int] = []
    for part in text.split(","):
        word = part.strip()
        m = re.fullmatch(r"(\d{1,10})[eE](\d{1,2})", word)
        try:
            n = int(m[1]) * 10 ** int(m[2]) if m else SIZE.parse(word, signed=True)[0]
        except GameError:
            n = 0
        if not 1 <= n <= most:
            raise UsageError("cli.errors.sizes", most=f"{most:,}", text=shown(word))
        sizes.append(n)
    if len(sizes) > MAX_SIZES:
        raise UsageError("cli.errors.sizes_count", most=MAX_SIZES)
    return sizes


def parse_groups(text: str | None) -> list[str]:
    if text is None:
        return list(DEFAULT_GROUPS)
    chosen = [w.strip() for w in text.split(",") if w.strip()]
    for w in chosen:
        if w not in GROUPS:
            raise UsageError("cli.errors.only", groups=", ".join(GROUPS), text=shown(w))
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
        PAIRS.flag, "--repeat", dest=PAIRS.name, default=str(MIN_PAIRS),
        help=f"interleaved pairs per figure (1 to {MAX_PAIRS}; {MIN_PAIRS} or more to quote; "
             f"the app's start and the short commands: at least {SHORT_PAIRS})",
    )  # fmt: skip
    p.add_argument("--no-app", action="store_true", help="skip the app start-up and memory")
    p.add_argument("--json", action="store_true", help="also print every figure as JSON")
    add_option(p, STUDENTS, default="60", help="--only class: students in the class (default 60)")
    p.set_defaults(run=run)


def opponent_latencies(tables: Tables) -> None:
    print("Opponent's reply, perfect level (inside this process: latencies, not ratios)")
    rng = random.Random(7)

    def build(kind: str, *rules: str) -> Game[Any]:
        return GAMES.kinds.spec(kind, rules).build(tables)

    cases: list[tuple[str, Game[Any], list[Any]]] = [
        ("Squares, starts up to 10^6", build(SQUARES.key),
         [rng.randrange(10**6) for _ in range(40)]),
        ("Subtraction {1,3,7,8}, starts up to 10^18", build("subtraction", "1,3,7,8"),
         [rng.randrange(10**18) for _ in range(20)]),
        ("Nim, starts up to 10^6", build(NIM.key),
         [rng.randrange(10**6) for _ in range(20)]),
        ("Wythoff, starts up to 2000", build("wythoff"),
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

    with contextlib.suppress(OSError):
        compileall.compile_dir(paths.PACKAGE, quiet=2)


def run(args: argparse.Namespace, tables: Tables) -> int:
    sizes = parse_sizes(args.sizes)
    groups = parse_groups(args.only)
    pairs = read_option(PAIRS, args.pairs)
    ref = compile_c(find_reference(args.reference), explicit=bool(args.reference))
    env = {**os.environ, "SQUAREGAME_CACHE_DIR": tempfile.mkdtemp(),
           "SQUAREGAME_DATA_DIR": tempfile.mkdtemp(), "TERM": "xterm-256color"}  # fmt: skip
    # Timed as installed: pip writes every module's bytecode at install, so ours is written
    # now (a source checkout, or an environment that says not to write it, has none yet).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    compile_package()
    print(f"squaregame bench: {pairs} interleaved pairs a figure, whole processes; the ratio is")
    print("ours / reference, the median of the pairs' ratios (their min–max in brackets).")
    print(f"The app's start and the short commands, the noisiest: {SHORT_PAIRS} pairs or more.")
    import resource  # (not on Windows)

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
    if "octal" in groups:
        title = "Take-and-break (goals: a period proven within 0.1 s, 10^6 values within 60 s)"
        figures.append((title, octal_figures(env)))
    if "cli" in groups:
        figures.append(("Command-line answers", cli_figures(env)))
    if "app" in groups and not args.no_app and sys.platform.startswith("linux"):
        figures.append(("App start-up", app_figures(env)))
    results: list[Result] = []
    for title, group in figures:  # a BenchError (a usage error): one line, exit status 2
        print(title)
        for figure in group:
            r = measure_pairs(figure, pairs_for(figure, pairs))
            results.append(r)
            print("\n".join(format_result(r)), flush=True)
        if title == "Squares table builder" and ref is not None:
            for note in first_use(env):
                print(note)
    if "moves" in groups:
        opponent_latencies(tables)
    if "keys" in groups:
        from squaregame.cli.bench_keys import key_latencies  # (Textual: only when asked)

        print("\n".join(key_latencies(pairs)), flush=True)
    if "class" in groups:
        from squaregame.cli.bench_class import class_load  # (a served class: only when asked)

        print("\n".join(class_load(read_option(STUDENTS, args.students))), flush=True)
    if results:
        print("Commands (ours | reference):")
        for r in results:
            print(f"  {r.figure.ours.shown}  |  {r.figure.ref.shown}")
    if args.json:
        print(json.dumps([_json(r) for r in results]))
    return 0
