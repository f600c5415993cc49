"""``squaregame bench``: the command's options, read and checked before any work; the bench
itself is its own package (:mod:`squaregame.bench`)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

from squaregame.bench.figures import SHORT_PAIRS
from squaregame.bench.main import (
    CLASS_STUDENTS,
    DEFAULT_GROUPS,
    DEFAULT_REPORT,
    DEFAULT_SIZES,
    GROUPS,
    MAX_PAIRS,
    MAX_SIZES,
    SCHOOL_NODES,
    SCHOOL_STUDENTS,
    STORES,
    Asked,
)
from squaregame.bench.main import run as run_bench
from squaregame.bench.recheck import read_run
from squaregame.bench.run import MIN_PAIRS
from squaregame.cli.build_tables import check_output
from squaregame.cli.commands import help_text
from squaregame.cli.common import UsageError
from squaregame.cli.options import add_option, number, read_option, read_optional
from squaregame.core.errors import GameError
from squaregame.core.numbers import shown
from squaregame.core.rules import SQUARES
from squaregame.core.tables import Tables
from squaregame.text import tr

PAIRS = number("pairs", "--pairs", minimum=1, maximum=MAX_PAIRS)
STUDENTS = number("students", "--students", minimum=1, maximum=200)
NODES = number("nodes", "--nodes", minimum=1, maximum=8)
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


def markdown_paths(asked: str) -> tuple[Path, Path]:
    """The report's file and its JSON's, both checked before any work."""
    path = Path(asked)
    data = path.with_suffix(".json")
    if data == path:
        data = path.with_name(path.name + ".json")
    check_output(path, "--markdown")
    check_output(data, "--markdown")
    return path, data


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
    p.add_argument("--store", choices=STORES, default=STORES[0], help=tr("cli.help.bench_store"))
    p.add_argument("--check", metavar="FILE", help=tr("cli.help.bench_check"))
    p.set_defaults(run=run)


def checked_run(asked: str | None, only: str | None) -> tuple[dict[str, Any] | None, list[str]]:
    """``--check FILE``: the committed run (read now, before any work) and the groups to run:
    ``--only``'s, else that run's own."""
    if asked is None:
        return None, parse_groups(only)
    data = read_run(Path(asked))
    if only is not None:
        return data, parse_groups(only)
    return data, [g for g in data.get("groups_asked", []) if g in GROUPS] or list(DEFAULT_GROUPS)


def asked(args: argparse.Namespace) -> Asked:
    """The run the options ask for, every one of them checked before any work."""
    check_data, groups = checked_run(args.check, args.only)
    return Asked(
        sizes=parse_sizes(args.sizes),
        groups=groups,
        pairs=read_option(PAIRS, args.pairs),
        sizes_text=args.sizes,
        only=args.only,
        students=read_optional(STUDENTS, args.students),
        nodes=read_option(NODES, args.nodes),
        store=args.store,
        reference=args.reference,
        no_app=args.no_app,
        json=args.json,
        markdown=args.markdown,
        report_to=markdown_paths(args.markdown) if args.markdown is not None else None,
        check=args.check,
        check_data=check_data,
    )


def run(args: argparse.Namespace, tables: Tables) -> int:
    return run_bench(asked(args), tables)
