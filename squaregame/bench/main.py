"""``squaregame bench``: every speed figure as a paired ratio against a reference.

Both sides of every figure are whole processes, run in interleaved pairs
(:mod:`squaregame.bench.run`): the figure is the median of the per-pair ratios, with
their minimum and maximum. The figures (:mod:`squaregame.bench.figures`) and their
references:

* the Squares builder (``table squares --upto N --stats --json``, each builder this machine
  has: numpy; ``native``, the C kernels compiled here, by the machine's compiler or by
  Zig's from ``squaregame[fast]``) against ``assets/bench/squares_ref.c`` compiled here with
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
the keys' (:mod:`squaregame.bench.keys`: key → repaint in a scripted session, goal p95 ≤
100 ms; ``--pairs`` is the keys timed a step), a served class's
(:mod:`squaregame.bench.class_load`) and a school's — ``--nodes`` servers on one class store,
next to one on SQLite (:mod:`squaregame.bench.school`); only when asked (``--only``).

Each group ends with its verdict (:mod:`squaregame.bench.groups`) and the command that
reproduces it; each figure shows the commands that give it. ``--markdown FILE`` writes the
run as a report, with its raw figures as JSON beside it (:mod:`squaregame.bench.report`).
Every process the bench runs speaks English (``LANG=C.UTF-8``), whatever the run's language:
the figures do not depend on it. Exit status 1 if a figure's answers differed from its
reference's; 2, before any work, if a C reference the groups need cannot be had (the file
shipped with the package, or ``--reference FILE``, missing; no gcc; it does not compile):
a figure is never skipped for want of its reference.
"""

from __future__ import annotations

import compileall
import contextlib
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from squaregame import paths
from squaregame.bench.figures import (
    SHORT_PAIRS,
    WYTHOFF_REF,
    answer_figures,
    app_figures,
    cli_figures,
    compile_c,
    find_reference,
    first_use,
    squares_figures,
    wythoff_figures,
)
from squaregame.bench.games import answers
from squaregame.bench.groups import Group, Verdict
from squaregame.bench.lines import figure_lines, group_end, latency_line
from squaregame.bench.recheck import check_lines, compare
from squaregame.bench.report import Report, figure_json, write_report
from squaregame.bench.run import MIN_PAIRS, Figure, measure_pairs, pairs_for
from squaregame.core.tables import Tables
from squaregame.text import tr

MAX_PAIRS = 50
MAX_SIZES = 8
ANSWERS = answers()  # the groups of answers (sums, take-and-break games): timed-games.toml's
GROUPS = ("builder", "board", *ANSWERS, "cli", "app", "moves", "keys", "class", "school")
DEFAULT_GROUPS = GROUPS[:-2]  # a class of 60 sessions, a school: only when asked (--only)
DEFAULT_SIZES = "1e6,1e7,4e7"
CLASS_STUDENTS, SCHOOL_STUDENTS, SCHOOL_NODES = 60, 40, 2
STORES = ("postgres", "sqlite")
DEFAULT_REPORT = "PERFORMANCE.md"


@dataclass(frozen=True)
class Asked:
    """A run of the bench, as the command line asked for it (every input already checked:
    :mod:`squaregame.cli.bench`). The texts as typed (``only``, ``sizes_text``) are kept for
    the commands that reproduce the run."""

    groups: list[str]
    sizes: list[int]
    pairs: int
    sizes_text: str = DEFAULT_SIZES
    only: str | None = None
    students: int | None = None
    nodes: int = SCHOOL_NODES
    store: str = STORES[0]
    reference: str | None = None
    no_app: bool = False
    json: bool = False
    markdown: str | None = None  # as typed
    report_to: tuple[Path, Path] | None = None  # the report and its JSON, checked writable
    check: str | None = None  # --check FILE as typed: a committed run re-checked by this one
    check_data: dict[str, Any] | None = None  # that run's JSON, read before any work


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


def reproduce(group: str, args: Asked, pairs: int, students: int) -> str:
    """The bench command that measures ``group`` again, as it was asked for."""
    words = ["squaregame", "bench", "--only", group]
    if group == "builder" and args.sizes_text != DEFAULT_SIZES:
        words += ["--sizes", args.sizes_text]
    if group == "builder" and args.reference:
        words += ["--reference", args.reference]
    if group == "class":
        words += ["--students", str(students)]
    if group == "school":
        words += ["--nodes", str(args.nodes), "--students", str(students), "--store", args.store]
    return " ".join([*words, "--pairs", str(pairs)])


def run_command(args: Asked, pairs: int) -> str:
    """This run's command, as it could be typed again."""
    words = ["squaregame", "bench"]
    if args.only:
        words += ["--only", args.only]
    if args.sizes_text != DEFAULT_SIZES:
        words += ["--sizes", args.sizes_text]
    if args.students is not None:
        words += ["--students", str(args.students)]
    if "school" in (args.only or ""):
        words += ["--nodes", str(args.nodes), "--store", args.store]
    words += ["--pairs", str(pairs)]
    if args.no_app:
        words.append("--no-app")
    if args.check is not None:
        words += ["--check", args.check]
    if args.markdown is not None:
        words += ["--markdown", args.markdown]
    return " ".join(words)


def references(args: Asked) -> dict[str, tuple[Path, bool]]:
    """The C references the groups asked for need: group → (source, named by
    ``--reference``). The shipped ones are found from the package, never the current folder;
    ``--reference`` is compiled (and so checked) whatever the groups."""
    found: dict[str, tuple[Path, bool]] = {}
    if "builder" in args.groups or args.reference:
        found["builder"] = (find_reference(args.reference), bool(args.reference))
    if "board" in args.groups:
        found["board"] = (paths.asset(*WYTHOFF_REF), False)
    return found


def compiled(source: Path) -> str:
    """How a C reference was made, as a reader in this folder would make it (a file
    elsewhere, the package's own in an installed copy: by its whole path)."""
    where = os.path.relpath(source) if source.is_absolute() else str(source)
    if where.startswith(os.pardir):
        where = str(source)
    return tr("cli.bench.compiled", command=f"$ gcc -O2 -o {source.stem} {where}")


def intro(pairs: int) -> list[str]:
    import resource  # (not on Windows)

    floor = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    lines = tr("cli.bench.intro", pairs=pairs, short=SHORT_PAIRS, floor=f"{floor:.0f}")
    if pairs < MIN_PAIRS:
        lines += "\n" + tr("cli.bench.quick_look", least=MIN_PAIRS)
    return lines.splitlines()


def ratio_groups(
    groups: list[str], args: Asked, env: dict[str, str], refs: dict[str, Path]
) -> Iterator[tuple[str, str, Iterator[Figure]]]:
    """The groups of paired figures asked for: (key, title, figures); ``refs``, their C
    references compiled."""
    if "builder" in groups:
        figures = squares_figures(args.sizes, refs["builder"], env)
        yield "builder", tr("cli.bench.title.builder"), figures
    if "board" in groups:
        yield "board", tr("cli.bench.title.board"), wythoff_figures(env, refs["board"])
    for key, answered in ANSWERS.items():
        if key in groups:
            yield key, tr(f"cli.bench.title.{key}"), answer_figures(answered, env)
    if "cli" in groups:
        yield "cli", tr("cli.bench.title.cli"), cli_figures(env)
    if "app" in groups and not args.no_app and sys.platform.startswith("linux"):
        yield "app", tr("cli.bench.title.app"), app_figures(env)


def say(lines: list[str]) -> None:
    print("\n".join(lines), flush=True)


def run(args: Asked, tables: Tables) -> int:
    """The run ``args`` asks for: its figures printed, its report written; the exit status."""
    groups, pairs, report_to = args.groups, args.pairs, args.report_to
    sources = references(args)  # each compiled now, before any work: none missing
    refs = {key: compile_c(src, key, explicit) for key, (src, explicit) in sources.items()}
    env = child_env()
    # Timed as installed: pip writes every module's bytecode at install, so ours is written
    # now (a source checkout, or an environment that says not to write it, has none yet).
    compile_package()
    report = Report.begin(groups, pairs, run_command(args, pairs), SHORT_PAIRS)
    say(intro(pairs))
    done: list[Group] = []
    for key, title, figures in ratio_groups(groups, args, env, refs):
        group = Group(key, title, reproduce(key, args, pairs, 0))
        say([title])
        if key in sources:
            group.notes.append(compiled(sources[key][0]))
            say(["  " + group.notes[-1]])
        for figure in figures:  # a BenchError (a usage error): one line, exit status 2
            r = measure_pairs(figure, pairs_for(figure, pairs))
            group.results.append(r)
            say(figure_lines(r))
        if key == "builder":
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
    if args.check_data is not None:
        report.data["recheck"] = compare(args.check_data, report.data, args.check or "")
        say(check_lines(report.data["recheck"]))
    if report_to is not None:
        write_report(report, *report_to)
        say([tr("cli.bench.wrote", markdown=str(report_to[0]), json=str(report_to[1]))])
    if args.json:
        print(json.dumps([figure_json(r, g.key) for g in done for r in g.results]))
    if report.data.get("recheck", {}).get("lost"):  # (a committed figure did not hold)
        names = "; ".join(report.data["recheck"]["lost"])
        print(tr("cli.bench.check.lost_run", figures=names), file=sys.stderr)
        return 1
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


def latency_group(key: str, tables: Tables, args: Asked, pairs: int) -> Group:
    """The moves, the keys, the class or the school: latencies measured, printed as a
    group."""
    students = args.students or (SCHOOL_STUDENTS if key == "school" else CLASS_STUDENTS)
    nodes = args.nodes
    title = tr(f"cli.bench.title.{key}", rounds=pairs, students=students, nodes=nodes)
    group = Group(key, title, reproduce(key, args, pairs, students))
    say([group.title])
    if key == "moves":
        from squaregame.bench.moves import opponent_latencies  # (only when asked)

        group.latencies = opponent_latencies(tables)
    elif key == "keys":
        from squaregame.bench.keys import key_latencies  # (Textual: only when asked)

        group.latencies = key_latencies(pairs)
    elif key == "class":
        from squaregame.bench.class_load import class_load  # (a served class: only when asked)

        lag, group.notes, group.data = class_load(students)
        group.latencies = [lag]
    else:
        from squaregame.bench.school import Setup, school_load  # (only when asked)

        setups = [Setup(nodes, students, args.store)]
        if (nodes, args.store) != (1, "sqlite"):  # and next to it, today's one node
            setups.append(Setup(1, students, "sqlite"))
        group.latencies, group.notes, group.data = school_load(setups)
    say([latency_line(lat) for lat in group.latencies] + ["  " + n for n in group.notes])
    say(group_end(group))
    return group
