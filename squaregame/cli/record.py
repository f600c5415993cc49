"""``squaregame record list|export|import|show``: game records in and out.

``export`` writes a saved game (the latest, or one named by its key or file) as text, JSON,
CSV or a Markdown review; ``import`` plays a record again move by move, every move checked,
and keeps it as a new saved game (never over another), with the sides it names (a class,
teams or demo game stays one); ``show`` reads a record and writes it
again in any format. Bad input: one line on stderr, exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from squaregame.cli.commands import help_text
from squaregame.cli.common import UsageError
from squaregame.core.files.atomic import NotRegularFileError, open_regular, write_atomic
from squaregame.core.tables import Tables
from squaregame.families import GAMES
from squaregame.play import record_io, records
from squaregame.play.files import new_key
from squaregame.play.records import Format, error
from squaregame.play.save_folder import saved_paths
from squaregame.play.saves import load_game, peek_game, save_game, summary_of
from squaregame.text import tr

if TYPE_CHECKING:
    from squaregame.play.saves import SavedGame

FORMATS = [f.value for f in Format]


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "record",
        help=help_text("record"),
        description=tr("cli.help.record_description"),
    )
    rsub = p.add_subparsers(
        title=tr("cli.help.actions"), metavar=tr("cli.metavar.action"), parser_class=type(p)
    )
    rsub.required = True

    ls = rsub.add_parser("list", help=tr("cli.help.record_list"))
    ls.set_defaults(run=run_list)

    ex = rsub.add_parser("export", help=tr("cli.help.record_export"))
    ex.add_argument(
        "game",
        metavar="GAME",
        nargs="?",
        help=tr("cli.help.record_game"),
    )
    _format_options(ex)
    ex.set_defaults(run=run_export)

    im = rsub.add_parser("import", help=tr("cli.help.record_import"))
    im.add_argument("file", metavar="FILE", help=tr("cli.help.record_file"))
    im.add_argument(
        "--step",
        action="store_true",
        help=tr("cli.help.record_step"),
    )
    im.set_defaults(run=run_import)

    sh = rsub.add_parser("show", help=tr("cli.help.record_show"))
    sh.add_argument("file", metavar="FILE", help=tr("cli.help.record_file"))
    _format_options(sh)
    sh.set_defaults(run=run_show)


def _format_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--format", choices=FORMATS, default="text", help=tr("cli.help.format"))
    p.add_argument("-o", "--output", metavar="FILE", help=tr("cli.help.output"))


# -- reading -----------------------------------------------------------------------------------
def read_record(name: str, tables: Tables, *, step: bool = False) -> SavedGame:
    record = record_io.parse_record(record_io.decode(_read_bytes(name)), GAMES.kinds)
    return records.replay(record, tables, step=step)


def _read_bytes(name: str) -> bytes:
    """A record's bytes: standard input for ``-``, else a file opened without blocking and
    refused unless it is a regular file (a FIFO opened the usual way waits for a writer for
    ever; a folder or a device is no record). Any other OSError is one line from main, exit
    status 2."""
    if name == "-":
        return sys.stdin.buffer.read(records.RECORD_LIMIT + 1)
    try:
        fd, _ = open_regular(Path(name))
    except (NotRegularFileError, IsADirectoryError):
        raise error("not_file", path=name) from None
    with os.fdopen(fd, "rb") as f:
        return f.read(records.RECORD_LIMIT + 1)


def saved_game_path(name: str | None) -> Path:
    """The saved game called ``name`` (a key, the start of one, or a file), else the latest."""

    found = saved_paths()
    if name is None:
        if not found:
            raise error("no_saves")
        return found[0]
    if name.endswith(".json") and Path(name).is_file():
        return Path(name)
    matches = [p for p in found if p.stem == name] or [p for p in found if p.stem.startswith(name)]
    if len(matches) != 1:
        raise error("unknown_save", name=name)
    return matches[0]


def load_saved(name: str | None, tables: Tables) -> SavedGame:
    path = saved_game_path(name)
    saved, message = load_game(path, GAMES.kinds, tables)
    if saved is None and message:  # said already (in the current language) by the loader
        raise UsageError("cli.errors.as_said", text=message)
    if saved is None:
        raise UsageError("records.errors.unknown_save", name=path.stem)
    return saved


# -- writing -----------------------------------------------------------------------------------
def emit(saved: SavedGame, args: argparse.Namespace) -> int:
    text = record_io.write_record(saved.session, Format(args.format), saved.level)
    if args.output is None:
        sys.stdout.write(text)
        return 0
    target = Path(args.output)
    if target.exists():
        raise FileExistsError(17, "File exists", str(target))
    write_atomic(target, text.encode())
    print(tr("records.cli.written", path=target), file=sys.stderr)
    return 0


def run_list(args: argparse.Namespace, tables: Tables) -> int:
    found = saved_paths()
    if not found:
        print(tr("records.cli.none"))
    for path in found:
        summary, message = peek_game(path, GAMES.kinds)
        if message:
            print(f"squaregame: {message}", file=sys.stderr)
        if summary is None:
            continue
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
        print(f"{path.stem}  {stamp}  {summary.describe()}")
    return 0


def run_export(args: argparse.Namespace, tables: Tables) -> int:
    return emit(load_saved(args.game, tables), args)


def run_show(args: argparse.Namespace, tables: Tables) -> int:
    return emit(read_record(args.file, tables), args)


def run_import(args: argparse.Namespace, tables: Tables) -> int:
    saved = read_record(args.file, tables, step=args.step)
    saved.session.save_key = new_key()  # its own new file: no saved game is replaced
    save_game(saved)
    summary = summary_of(saved)
    count = len(saved.session.plies) + len(saved.session.redo_stack)
    print(
        tr(
            "records.cli.imported",
            title=summary.title,
            start=summary.start,
            moves=tr("games.saved.moves", count=count),
            key=saved.key,
        )
    )
    return 0
