"""``squaregame class create|list|delete|report NAME``: the classes kept for ``serve``.

Every class lives in one SQLite file in the data folder
(:class:`squaregame.classroom.store.ClassStore`); these commands create, list and delete
classes and report what their students did (``--json`` or ``--csv`` for a script or a
spreadsheet). Names are printed as text, never interpreted.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from dataclasses import asdict
from typing import Any

from squaregame import paths
from squaregame.classroom.store import ClassStore, StudentReport
from squaregame.cli.commands import help_text
from squaregame.core.tables import Tables
from squaregame.text import tr


def add_parser(sub: Any) -> None:
    p = sub.add_parser("class", help=help_text("class"), description=tr("serve.class.cli.help"))
    csub = p.add_subparsers(title="actions", metavar="ACTION", parser_class=type(p))
    csub.required = True
    create = csub.add_parser("create", help=tr("serve.class.cli.create"))
    create.add_argument("name", metavar="NAME")
    create.set_defaults(run=run_create)
    listed = csub.add_parser("list", help=tr("serve.class.cli.list"))
    listed.set_defaults(run=run_list)
    delete = csub.add_parser("delete", help=tr("serve.class.cli.delete"))
    delete.add_argument("name", metavar="NAME")
    delete.set_defaults(run=run_delete)
    report = csub.add_parser("report", help=tr("serve.class.cli.report"))
    report.add_argument("name", metavar="NAME")
    shape = report.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help=tr("serve.class.cli.json"))
    shape.add_argument("--csv", action="store_true", help=tr("serve.class.cli.csv"))
    report.set_defaults(run=run_report)


def _store() -> ClassStore:
    store = ClassStore.open(paths.data_dir())
    if store.said:
        print(f"squaregame: {tr(store.said, path=store.path)}", file=sys.stderr)
    return store


def run_create(args: argparse.Namespace, tables: Tables) -> int:
    store = _store()
    try:
        print(tr("serve.class.created", name=store.create_class(args.name)))
    finally:
        store.close()
    return 0


def run_list(args: argparse.Namespace, tables: Tables) -> int:
    store = _store()
    try:
        found = store.classes()
    finally:
        store.close()
    if not found:
        print(tr("serve.class.none"))
    for name, students in found:
        print(tr("serve.class.listed", name=name, count=students))
    return 0


def run_delete(args: argparse.Namespace, tables: Tables) -> int:
    store = _store()
    try:
        store.delete_class(args.name)
    finally:
        store.close()
    print(tr("serve.class.deleted", name=args.name))
    return 0


COLUMNS = (
    "name", "games_started", "games_ended", "moves", "blunders", "exercises_right",
    "exercises_tried", "lessons", "last_active",
)  # fmt: skip


def run_report(args: argparse.Namespace, tables: Tables) -> int:
    store = _store()
    try:
        rows = store.report(args.name)
    finally:
        store.close()
    if args.json:
        print(json.dumps([_plain(r) for r in rows], ensure_ascii=False))
    elif args.csv:
        out = csv.writer(sys.stdout)
        out.writerow(COLUMNS)
        for r in rows:
            plain = _plain(r)
            out.writerow([plain[c] if c != "lessons" else ";".join(plain[c]) for c in COLUMNS])
    else:
        print(tr("serve.class.report_head", name=args.name, count=len(rows)))
        for r in rows:
            print(
                tr(
                    "serve.class.report_line",
                    name=r.name,
                    games=r.games_started,
                    moves=r.moves,
                    blunders=r.blunders,
                    right=r.exercises_right,
                    tried=r.exercises_tried,
                    lessons=len(r.lessons),
                )
            )
    return 0


def _plain(r: StudentReport) -> dict[str, Any]:
    doc = asdict(r)
    doc["lessons"] = list(r.lessons)
    return doc
