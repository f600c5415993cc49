"""``squaregame worksheet KIND``: printable worksheets, one variant per student, with keys.

Writes ``worksheet-KIND-seedN.html`` (the students' pages, one per printed page),
``worksheet-KIND-seedN-key.html`` (the keys, in the same order) and a folder
``worksheet-KIND-seedN-svg`` with ``NN.svg`` and ``NN-key.svg`` per student; a name already
taken gets ``-2``, ``-3`` … (nothing is ever replaced). Every file is written atomically.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from squaregame.cli.commands import help_text
from squaregame.cli.common import UsageError, check_lang
from squaregame.cli.options import SEED, add_option, number, read_option, read_optional
from squaregame.core.files.atomic import write_atomic
from squaregame.core.tables import Tables
from squaregame.families import GAMES
from squaregame.lessons.worksheet_html import document
from squaregame.lessons.worksheet_svg import page_svg
from squaregame.lessons.worksheets import MAX_STUDENTS, Request, Sheet, check, sheets
from squaregame.text import Catalog, language, set_language, tr

FORMATS = ("html", "svg", "both")
# Read here; their ranges are the worksheet kind's, said by lessons.worksheets.check.
STUDENTS = number("students", "--students", metavar="K")
SIZE = number("size", "--size")
ITEMS = number("items", "--items")


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "worksheet",
        help=help_text("worksheet"),
        description=tr("worksheet.cli.description"),
    )
    p.add_argument("kind", metavar="KIND", help=tr("worksheet.cli.kind"))
    add_option(p, SEED, default="0", help=tr("worksheet.cli.seed"))
    add_option(p, STUDENTS, default="1", help=tr("worksheet.cli.students", most=MAX_STUDENTS))
    add_option(p, SIZE, help=tr("worksheet.cli.size"))
    add_option(p, ITEMS, help=tr("worksheet.cli.items"))
    p.add_argument("--rule", metavar="RULE", default=None, help=tr("worksheet.cli.rule"))
    p.add_argument("--out", metavar="DIR", default=".", help=tr("worksheet.cli.out"))
    p.add_argument("--format", choices=FORMATS, default="both", help=tr("worksheet.cli.format"))
    # --lang after the command too (the global one is read when this one is not given)
    p.add_argument(
        "--lang", dest="sheet_lang", metavar="L", default=None, help=tr("worksheet.cli.lang")
    )
    p.set_defaults(run=run)


def fresh_stem(folder: Path, base: str) -> str:
    """``base``, or ``base-2``, ``base-3`` … : the first whose files are all new."""
    stem, n = base, 1
    while any((folder / f"{stem}{end}").exists() for end in (".html", "-key.html", "-svg")):
        n += 1
        stem = f"{base}-{n}"
    return stem


def write_all(found: list[Sheet], folder: Path, fmt: str, base: str) -> list[Path]:
    """Write the sheets under a fresh name in ``folder``; returns the paths written."""

    stem = fresh_stem(folder, base)
    written: list[Path] = []
    if fmt in ("html", "both"):
        for key, end in ((False, ".html"), (True, "-key.html")):
            path = folder / f"{stem}{end}"
            write_atomic(path, document(found, key).encode())
            written.append(path)
    if fmt in ("svg", "both"):
        svg = folder / f"{stem}-svg"
        svg.mkdir()  # new: fresh_stem saw no such name
        width = len(str(len(found)))
        for s in found:
            for key, end in ((False, ".svg"), (True, "-key.svg")):
                path = svg / f"{s.student:0{width}d}{end}"
                write_atomic(path, page_svg(s, key).encode())
        written.append(svg)
    return written


def run(args: argparse.Namespace, tables: Tables) -> int:
    lang = set_language(check_lang(args.sheet_lang or args.lang) or language())  # its errors too
    C = Catalog(lang)
    req = Request(
        kind=args.kind,
        seed=read_option(SEED, args.seed),
        students=read_option(STUDENTS, args.students),
        lang=lang,
        size=read_optional(SIZE, args.size),
        items=read_optional(ITEMS, args.items),
        rule=args.rule,
    )
    kind = check(req, GAMES)  # every budget, before any work
    folder = Path(args.out)
    if not folder.is_dir():
        raise UsageError("worksheet.errors.not_folder", path=str(folder))
    found = sheets(req, GAMES, tables)
    base = f"worksheet-{kind.key}-seed{req.seed}"
    for path in write_all(found, folder, args.format, base):
        print(C("worksheet.cli.written", path=str(path)))
    return 0


__all__ = ["add_parser", "run"]
