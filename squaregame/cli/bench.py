"""``squaregame bench``: every speed figure as a paired ratio against a reference.

Both sides of every figure are whole processes, run in interleaved pairs
(:mod:`squaregame.cli.bench_run`): the figure is the median of the per-pair ratios, with
their minimum and maximum. The figures (:mod:`squaregame.cli.bench_figures`) and their
references:

* the Squares builder (``table squares --upto N --stats --json``, each builder this machine
  has: numpy; ``native``, the C kernels compiled here, by the machine's compiler or by
  Zig's from ``squaregame[fast]``) against ``shared/bench/squares_ref.c`` compiled here with
  ``gcc -O2``; before it is timed, each builder's table at each size is checked value for
  value against the reference (the FNV-1a hash of its remoteness array);
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
100 ms; ``--pairs`` is the keys timed a step), a served class's
(:mod:`squaregame.cli.bench_class`) and a school's — ``--nodes`` servers on one class store,
next to one on SQLite (:mod:`squaregame.cli.bench_school`); only when asked (``--only``).

Each group ends with its verdict (:mod:`squaregame.cli.bench_groups`) and the command that
reproduces it; each figure shows the commands that give it. ``--markdown FILE`` writes the
run as a report, with its raw figures as JSON beside it (:mod:`squaregame.cli.bench_report`).
Every process the bench runs speaks English (``LANG=C.UTF-8``), whatever the run's language:
the figures do not depend on it. Exit status 1 if a figure's answers differed from its
reference's.
"""

from __future__ import annotations

import argparse
import compileall
import contextlib
import json
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
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
from squaregame.cli.bench_groups import Group, Verdict
from squaregame.cli.bench_lines import figure_lines, group_end, latency_line
from squaregame.cli.bench_report import Report, figure_json, markdown_paths, write_report
from squaregame.cli.bench_run import MIN_PAIRS, Figure, measure_pairs, pairs_for
from squaregame.cli.commands import help_text
from squaregame.cli.common import UsageError
from squaregame.cli.options import add_option, number, read_option, read_optional
from squaregame.core.errors import GameError
from squaregame.core.numbers import shown
from squaregame.core.rules import SQUARES
from squaregame.core.tables import Tables
from squaregame.text import tr

MAX_PAIRS = 50
MAX_SIZES = 8
GROUPS = ("builder", "board", "sums", "octal", "cli", "app", "moves", "keys", "class", "school")
DEFAULT_GROUPS = GROUPS[:-2]  # a class of 60 sessions, a school: only when asked (--only)
DEFAULT_SIZES = "1e6,1e7,4e7"
PAIRS = number("pairs", "--pairs", minimum=1, maximum=MAX_PAIRS)
STUDENTS = number("students", "--students", minimum=1, maximum=200)
NODES = number("nodes", "--nodes", minimum=1, maximum=8)
CLASS_STUDENTS, SCHOOL_STUDENTS, SCHOOL_NODES = 60, 40, 2
SIZE = number("size", "--sizes", minimum=1)  # one of them; at most the builder's limit
DEFAULT_REPORT = "PERFORMANCE.md"


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


def quoted(words: tuple[str, ...]) -> str:
    """Choices as typed, each in quotes (as argparse lists an option's choices)."""
    return ", ".join(f"'{w}'" for w in words)


def parse_groups(text: str | None) -> list[str]:
    if text is None:
        return list(DEFAULT_GROUPS)
    chosen = [w.strip() for w in text.split(",") if w.strip()]
    for w in chosen:
        if w not in GROUPS:
            raise UsageError("cli.errors.only", groups=quoted(GROUPS), text=shown(w))
    return chosen


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "bench",
        help=help_text("bench"),
        description=tr("cli.help.bench_description", pairs=MIN_PAIRS),
    )
    p.add_argument("--sizes", metavar="SIZES", default=DEFAULT_SIZES,
                   help=tr("cli.help.bench_sizes", default=DEFAULT_SIZES))  # fmt: skip
    only = tr("cli.help.bench_only", groups=quoted(GROUPS))
    p.add_argument("--only", metavar="GROUPS", help=only)
    p.add_argument("--reference", metavar="FILE", help=tr("cli.help.bench_reference"))
    p.add_argument(
        PAIRS.flag, "--repeat", dest=PAIRS.name, metavar="PAIRS", default=str(MIN_PAIRS),
        help=tr("cli.help.bench_pairs", most=MAX_PAIRS, quote=MIN_PAIRS, short=SHORT_PAIRS),
    )  # fmt: skip
    p.add_argument("--no-app", action="store_true", help=tr("cli.help.bench_no_app"))
    p.add_argument("--json", action="store_true", help=tr("cli.help.bench_json"))
    p.add_argument("--markdown", metavar="FILE", nargs="?", const=DEFAULT_REPORT,
                   help=tr("cli.help.bench_markdown", default=DEFAULT_REPORT))  # fmt: skip
    add_option(p, STUDENTS, help=tr("cli.help.bench_students", default=CLASS_STUDENTS,
                                    school=SCHOOL_STUDENTS))  # fmt: skip
    add_option(p, NODES, default=str(SCHOOL_NODES),
               help=tr("cli.help.bench_nodes", default=SCHOOL_NODES))  # fmt: skip
    p.add_argument("--store", choices=("postgres", "sqlite"), default="postgres",
                   help=tr("cli.help.bench_store"))  # fmt: skip
    p.set_defaults(run=run)


def compile_package() -> None:
    """Write the bytecode of every module of the package, as ``pip install`` does (where the
    folder cannot be written, it is timed as it is)."""

    with contextlib.suppress(OSError):
        compileall.compile_dir(paths.PACKAGE, quiet=2)


def child_env() -> dict[str, str]:
    """The processes' environment: fresh cache and data folders, a colour terminal, English
    (the same work whatever the run's language; the app's first screen is found by its
    words), and bytecode written as ``pip`` writes it."""
    env = {**os.environ, "SQUAREGAME_CACHE_DIR": tempfile.mkdtemp(), "LANG": "C.UTF-8",
           "SQUAREGAME_DATA_DIR": tempfile.mkdtemp(), "TERM": "xterm-256color"}  # fmt: skip
    for name in ("LC_ALL", "LANGUAGE", "PYTHONDONTWRITEBYTECODE"):
        env.pop(name, None)
    return env


def reproduce(group: str, args: argparse.Namespace, pairs: int, students: int) -> str:
    """The bench command that measures ``group`` again, as it was asked for."""
    words = ["squaregame", "bench", "--only", group]
    if group == "builder" and args.sizes != DEFAULT_SIZES:
        words += ["--sizes", args.sizes]
    if group == "builder" and args.reference:
        words += ["--reference", args.reference]
    if group == "class":
        words += ["--students", str(students)]
    if group == "school":
        words += ["--nodes", str(args.nodes), "--students", str(students), "--store", args.store]
    return " ".join([*words, "--pairs", str(pairs)])


def run_command(args: argparse.Namespace, pairs: int) -> str:
    """This run's command, as it could be typed again."""
    words = ["squaregame", "bench"]
    if args.only:
        words += ["--only", args.only]
    if args.sizes != DEFAULT_SIZES:
        words += ["--sizes", args.sizes]
    if args.students is not None:
        words += ["--students", args.students]
    if "school" in (args.only or ""):
        words += ["--nodes", args.nodes, "--store", args.store]
    words += ["--pairs", str(pairs)]
    if args.no_app:
        words.append("--no-app")
    if args.markdown is not None:
        words += ["--markdown", args.markdown]
    return " ".join(words)


def compiled(source: Path) -> str:
    """How a C reference was made, as a reader in this folder would make it."""
    where = os.path.relpath(source) if source.is_absolute() else str(source)
    return tr("cli.bench.compiled", command=f"$ gcc -O2 -o {source.stem} {where}")


def intro(pairs: int) -> list[str]:
    import resource  # (not on Windows)

    floor = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    lines = tr("cli.bench.intro", pairs=pairs, short=SHORT_PAIRS, floor=f"{floor:.0f}")
    if pairs < MIN_PAIRS:
        lines += "\n" + tr("cli.bench.quick_look", least=MIN_PAIRS)
    return lines.splitlines()


def ratio_groups(
    groups: list[str], args: argparse.Namespace, env: dict[str, str], ref: Path | None
) -> Iterator[tuple[str, str, Iterator[Figure]]]:
    """The groups of paired figures asked for: (key, title, figures)."""
    sizes = parse_sizes(args.sizes)
    if "builder" in groups:
        yield "builder", tr("cli.bench.title.builder"), squares_figures(sizes, ref, env)
    if "board" in groups:
        yield "board", tr("cli.bench.title.board"), wythoff_figures(env)
    if "sums" in groups:
        yield "sums", tr("cli.bench.title.sums"), sums_figures(env)
    if "octal" in groups:
        yield "octal", tr("cli.bench.title.octal"), octal_figures(env)
    if "cli" in groups:
        yield "cli", tr("cli.bench.title.cli"), cli_figures(env)
    if "app" in groups and not args.no_app and sys.platform.startswith("linux"):
        yield "app", tr("cli.bench.title.app"), app_figures(env)


def say(lines: list[str]) -> None:
    print("\n".join(lines), flush=True)


def run(args: argparse.Namespace, tables: Tables) -> int:
    parse_sizes(args.sizes)  # every input checked before any work
    groups = parse_groups(args.only)
    pairs = read_option(PAIRS, args.pairs)
    read_optional(STUDENTS, args.students)
    read_option(NODES, args.nodes)
    report_to = markdown_paths(args.markdown) if args.markdown is not None else None
    ref = None
    if "builder" in groups or args.reference:
        ref = compile_c(find_reference(args.reference), explicit=bool(args.reference))
    env = child_env()
    # Timed as installed: pip writes every module's bytecode at install, so ours is written
    # now (a source checkout, or an environment that says not to write it, has none yet).
    compile_package()
    report = Report.begin(groups, pairs, run_command(args, pairs), SHORT_PAIRS)
    say(intro(pairs))
    done: list[Group] = []
    for key, title, figures in ratio_groups(groups, args, env, ref):
        group = Group(key, title, reproduce(key, args, pairs, 0))
        say([title])
        if key == "builder" and ref is None:
            say(["  " + tr("cli.bench.no_reference")])
        source = {"builder": find_reference(args.reference) if ref else None,
                  "board": paths.asset("bench", "wythoff_ref.c")}.get(key)  # fmt: skip
        if source is not None and shutil.which("gcc"):  # (the board's reference: if it can be)
            group.notes.append(compiled(source))
            say(["  " + group.notes[-1]])
        for figure in figures:  # a BenchError (a usage error): one line, exit status 2
            r = measure_pairs(figure, pairs_for(figure, pairs))
            group.results.append(r)
            say(figure_lines(r))
        if key == "builder" and ref is not None:
            for name, first, then in first_use(env):
                use = dict(builder=name, first_seconds=round(first, 3), then_seconds=round(then, 3))
                group.data.setdefault("first_use", []).append(use)
                group.notes.append(tr("cli.bench.first_use", builder=name, first=f"{first:.2f}",
                                      then=f"{then:.2f}"))  # fmt: skip
                say(["  " + group.notes[-1]])
        say(group_end(group))
        done.append(group)
    for key in ("moves", "keys", "class", "school"):
        if key in groups:
            done.append(latency_group(key, tables, args, pairs))
    report.end(done)
    if report_to is not None:
        write_report(report, *report_to)
        say([tr("cli.bench.wrote", markdown=str(report_to[0]), json=str(report_to[1]))])
    if args.json:
        print(json.dumps([figure_json(r, g.key) for g in done for r in g.results]))
    lost = sum(int(run.get("events_lost", 0)) for g in done if g.key == "school"
               for run in g.data.values())  # fmt: skip
    if lost:  # (a store that loses what a student did: the run fails, whatever its times)
        print(tr("cli.bench.lost_run", lost=lost), file=sys.stderr)
        return 1
    failed = [g for g in done if g.verdict is Verdict.FAILED]
    if failed:
        names = "; ".join(name for g in failed for name in g.failures())
        print(tr("cli.bench.failed_run", figures=names), file=sys.stderr)
        return 1
    return 0


def latency_group(key: str, tables: Tables, args: argparse.Namespace, pairs: int) -> Group:
    """The moves, the keys, the class or the school: latencies measured, printed as a
    group."""
    students = read_optional(STUDENTS, args.students) or (
        SCHOOL_STUDENTS if key == "school" else CLASS_STUDENTS
    )
    nodes = read_option(NODES, args.nodes)
    title = tr(f"cli.bench.title.{key}", rounds=pairs, students=students, nodes=nodes)
    group = Group(key, title, reproduce(key, args, pairs, students))
    say([group.title])
    if key == "moves":
        from squaregame.cli.bench_moves import opponent_latencies  # (only when asked)

        group.latencies = opponent_latencies(tables)
    elif key == "keys":
        from squaregame.cli.bench_keys import key_latencies  # (Textual: only when asked)

        group.latencies = key_latencies(pairs)
    elif key == "class":
        from squaregame.cli.bench_class import class_load  # (a served class: only when asked)

        lag, group.notes, group.data = class_load(students)
        group.latencies = [lag]
    else:
        from squaregame.cli.bench_school import Setup, school_load  # (only when asked)

        setups = [Setup(nodes, students, args.store)]
        if (nodes, args.store) != (1, "sqlite"):  # and next to it, today's one node
            setups.append(Setup(1, students, "sqlite"))
        group.latencies, group.notes, group.data = school_load(setups)
    say([latency_line(lat) for lat in group.latencies] + ["  " + n for n in group.notes])
    say(group_end(group))
    return group
