"""``squaregame class create|list|delete|report NAME``: the classes kept for ``serve``.

Every class lives in one SQLite file in the data folder, or in the store ``--store URL``
names (or ``SQUAREGAME_STORE``: PostgreSQL, for several servers on one class;
:class:`squaregame.classroom.store.ClassStore`); these commands create, list and delete
classes and report what their students did (``--json`` or ``--csv`` for a script or a
spreadsheet). Names are printed as text, never interpreted.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import time
from dataclasses import asdict
from functools import partial
from typing import Any

from squaregame import paths
from squaregame.classroom import challenges, export
from squaregame.classroom.export import FORMATS
from squaregame.classroom.folders import remove_student_folders
from squaregame.classroom.lock import ServingLock
from squaregame.classroom.store import ClassStore, folded
from squaregame.classroom.stores import chosen, open_store
from squaregame.classroom.views import ClassLive, StudentReport, report
from squaregame.cli.commands import help_text
from squaregame.cli.common import UsageError, check_lang
from squaregame.cli.options import number, read_option
from squaregame.core.numbers import read_whole
from squaregame.core.tables import Tables
from squaregame.text import language, set_language, tr
from squaregame.text.current import current
from squaregame.ui.class_link import ASKS

DELETE_AFTER_SILENCE = 60.0  # seconds since a node of the class was last heard from


def add_parser(sub: Any) -> None:
    p = sub.add_parser("class", help=help_text("class"), description=tr("serve.class.cli.help"))
    csub = p.add_subparsers(
        title=tr("cli.help.actions"), metavar=tr("cli.metavar.action"), parser_class=type(p)
    )
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
    more = "serve.class.cli.more"
    export = csub.add_parser("export", help=tr(f"{more}.export"))
    export.add_argument("name", metavar="NAME")
    export.add_argument(
        "--format", choices=FORMATS, default="json", help=tr(f"{more}.export_format")
    )
    export.add_argument("--from", dest="source", metavar="FILE", help=tr(f"{more}.export_from"))
    export.add_argument("--scoreboard", action="store_true", help=tr(f"{more}.export_scoreboard"))
    export.set_defaults(run=run_export)
    watch = csub.add_parser("watch", help=tr(f"{more}.watch"))
    watch.add_argument("name", metavar="NAME")
    watch.set_defaults(run=run_watch)
    challenge = csub.add_parser("challenge", help=tr(f"{more}.challenge"))
    challenge.add_argument("name", metavar="NAME")
    challenge.add_argument("game", metavar="GAME")
    challenge.add_argument("position", metavar="N", nargs="+")
    challenge.add_argument("--rule", action="append", metavar="RULE")
    challenge.add_argument("--misere", action="store_true")
    challenge.add_argument("--ask", choices=ASKS, default="win", help=tr(f"{more}.ask"))
    challenge.add_argument("--student", metavar="NAME", help=tr(f"{more}.student"))
    challenge.add_argument("--allow-helps", action="store_true", help=tr(f"{more}.allow_helps"))
    challenge.set_defaults(run=run_challenge)
    close = csub.add_parser("close", help=tr(f"{more}.close"))
    close.add_argument("name", metavar="NAME")
    close.add_argument("id", metavar="ID")
    close.set_defaults(run=run_close)
    for each in (create, listed, delete, report, export, watch, challenge, close):
        each.add_argument("--store", metavar="URL", help=tr("serve.cli.store_help"))


def _speak(args: argparse.Namespace) -> None:
    """Say everything in ``--lang`` (for this run only)."""
    set_language(check_lang(args.lang) or language())


def _store(args: argparse.Namespace, *, set_aside: bool = False) -> ClassStore:
    """The class store; a damaged file is set aside (and a new one made) only by
    ``create``: the commands that read refuse it, one line, and leave it alone."""
    store = open_store(chosen(args.store), paths.data_dir(), set_aside=set_aside)
    if store.said:
        print(f"squaregame: {tr(store.said, path=store.path)}", file=sys.stderr)
    return store


def run_create(args: argparse.Namespace, tables: Tables) -> int:
    _speak(args)
    store = _store(args, set_aside=True)
    try:
        print(tr("serve.class.created", name=store.create_class(args.name)))
    finally:
        store.close()
    return 0


def run_list(args: argparse.Namespace, tables: Tables) -> int:
    _speak(args)
    store = _store(args)
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
    _speak(args)
    store = _store(args)
    try:
        if ServingLock(store.path).held_elsewhere():  # (a node here: its sessions write now)
            raise UsageError("serve.class.errors.served_delete", name=args.name[:24])
        students = [s.id for s in store.students(args.name)]
        # (a node on any machine heard from in the last minute: a heartbeat held up by a
        # busy node or a clock a little off still counts)
        store.delete_class(args.name, time.time() - DELETE_AFTER_SILENCE)
    finally:
        store.close()
    remove_student_folders(store.path.parent, students)  # their saved games and lessons
    print(tr("serve.class.deleted", name=args.name))
    return 0


def run_report(args: argparse.Namespace, tables: Tables) -> int:
    _speak(args)
    store = _store(args)
    try:
        rows = report(store, args.name)
    finally:
        store.close()
    if args.json:
        print(json.dumps([_plain(r) for r in rows], ensure_ascii=False))
    elif args.csv:
        sys.stdout.write(export.report_csv(rows))
    else:
        cat = current()
        print(cat("serve.class.report.head", name=args.name, count=len(rows)))
        for r in rows:
            print(
                cat(
                    "serve.class.report.line",
                    name=r.name,
                    games=cat("serve.class.report.games", count=r.games_started),
                    moves=cat("serve.class.report.moves", count=r.moves),
                    blunders=cat("serve.class.report.blunders", count=r.blunders),
                    right=r.exercises_right,
                    tried=r.exercises_tried,
                    lessons=cat("serve.class.report.lessons", count=len(r.lessons)),
                )
            )
    return 0


def _plain(r: StudentReport) -> dict[str, Any]:
    doc = asdict(r)
    doc["lessons"] = list(r.lessons)
    doc["joined"], doc["last_active"] = export.when(r.joined), export.when(r.last_active)
    return doc


def run_export(args: argparse.Namespace, tables: Tables) -> int:
    _speak(args)
    """The class on stdout; ``--from FILE`` reads a copy, opened read-only."""
    if args.scoreboard and args.format == "json":
        raise UsageError("serve.class.errors.scoreboard_format")
    if args.source:
        from pathlib import Path  # (a copy of a class file: only with --from)

        try:
            store = ClassStore.open_readonly(Path(args.source))
        except sqlite3.DatabaseError:
            raise UsageError("serve.class.errors.not_ours", path=args.source[-80:]) from None
    else:
        store = _store(args)
    cat = current()
    try:
        if args.scoreboard:
            live = ClassLive(store, args.name)
            live.refresh()
            text = (
                export.scoreboard_csv(live, cat)
                if args.format == "csv"
                else export.scoreboard_markdown(live, cat)
            )
        elif args.format == "json":
            text = export.class_json(store, args.name)
        elif args.format == "csv":
            text = export.class_csv(store, args.name)
        else:
            text = export.class_markdown(store, args.name, cat)
    finally:
        store.close()
    sys.stdout.write(text)
    return 0


def run_challenge(args: argparse.Namespace, tables: Tables) -> int:
    _speak(args)
    position: list[int] | int | str
    if any(":" in w for w in args.position):  # a sum's parts, named: squares:10 wythoff:3,5
        position = " ".join(args.position)
    else:
        numbers = [read_whole(w) for w in args.position]
        position = numbers if len(numbers) > 1 else numbers[0]
    rules = args.rule if args.rule and len(args.rule) > 1 else (args.rule[0] if args.rule else None)
    spec = challenges.make(
        args.game, position, rules=rules, misere=args.misere, ask=args.ask, helps=args.allow_helps
    )
    store = _store(args)
    try:
        student = None
        if args.student:
            found = [s for s in store.students(args.name) if folded(s.name) == folded(args.student)]
            if not found:
                raise UsageError("serve.class.errors.no_student")
            student = found[0].id
        cid = store.add_challenge(args.name, spec, student)
    finally:
        store.close()
    print(tr("serve.class.cli.more.set", id=cid, challenge=challenges.describe(spec)))
    return 0


CHALLENGE = number("id", "ID", minimum=1, metavar="ID")  # a challenge's number (#3)


def run_close(args: argparse.Namespace, tables: Tables) -> int:
    """Close a challenge: no answer counts after, and the students see its answer."""
    _speak(args)
    cid = read_option(CHALLENGE, args.id)
    store = _store(args)
    try:
        closed = store.close_challenge(args.name, cid)
    finally:
        store.close()
    if not closed:
        raise UsageError("serve.class.errors.no_challenge", id=cid)
    print(tr("serve.class.cli.more.closed", id=cid))
    return 0


def run_watch(args: argparse.Namespace, tables: Tables) -> int:
    _speak(args)
    from squaregame.classroom.watch import watch  # (Textual: only when watching)

    store = _store(args)
    try:
        store.class_name(args.name)  # a class that does not exist: one line, before the screen
    finally:
        store.close()
    # (a watcher never sets the file aside: a busy moment is not damage)
    opener = partial(open_store, chosen(args.store), set_aside=False)
    return watch(opener, paths.data_dir(), args.name)
