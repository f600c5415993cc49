"""``squaregame build-tables squares --upto N``: build (and cache) a larger table of a rule
that keeps its tables in files (``Rule.tabled``: Squares, Cubes, Powers of two); and
``squaregame build-tables octal --code C --upto N``: the values a family builds ahead
(:class:`~squaregame.families.base.TableBuild`, through the registry), its budget checked
before the work.

This is also the script that produced the shipped table::

    squaregame build-tables squares --upto 1000000 --grundy \
        --output assets/tables/squares-normal.sgt
"""

from __future__ import annotations

import argparse
import errno
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from squaregame.cli.commands import help_text
from squaregame.cli.common import StderrProgress, UsageError
from squaregame.cli.options import add_option, number, read_option
from squaregame.core.files.atomic import NotRegularFileError, resolve_target
from squaregame.core.piles.files import cache_path, save_table
from squaregame.core.piles.store import TableStore
from squaregame.core.rules import RULES, Rule, Tabled
from squaregame.core.tables import Tables
from squaregame.families import GAMES
from squaregame.families.base import TableBuild
from squaregame.text import os_reason, tr

UPTO = number("upto", "--upto")  # its range, 1 to the rule's own limit (Tabled.most): run
MAX_NAME = 255  # bytes of a file's name


def tabled_rules() -> dict[str, Rule]:
    """The rules whose tables are built ahead, by key."""
    return {r.key: r for r in RULES if r.tabled is not None}


def family_builds() -> dict[str, TableBuild]:
    """The values families build ahead, by the word that names them."""
    return {b.key: b for b in GAMES.table_builds()}


def _first() -> Tabled:
    return next(r.tabled for r in RULES if r.tabled is not None)


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "build-tables",
        help=help_text("build-tables"),
        description=tr("cli.help.build_description"),
    )
    keys = [*tabled_rules(), *family_builds()]
    first = _first()
    p.add_argument("game", metavar="GAME", choices=keys, help=", ".join(keys))
    p.add_argument("--code", metavar="RULE", help=tr("cli.help.build_code"))
    add_option(p, UPTO, required=True, help=tr("cli.help.build_upto", most=f"{first.most:,}"))
    p.add_argument(
        "--grundy",
        action="store_true",
        help=tr("cli.help.build_grundy", most=f"{first.grundy_most:,}"),
    )
    p.add_argument("--output", metavar="FILE", help=tr("cli.help.build_output"))
    p.set_defaults(run=run)


def check_output(path: Path, flag: str = "--output") -> None:
    """``--output``: refused before the build when it could not be written (a folder, a
    device, a name too long, a folder that is not there or not writable). The folder is
    tried for real: a file like the writer's temporary one is made there and removed, so
    a read-only mount, /proc or /sys, or a name too long for the temporary file is said
    now and not after minutes of building."""

    if len(os.fsencode(path.name)) > MAX_NAME:  # before any look at it: stat says ENAMETOOLONG
        raise UsageError("cli.errors.name_too_long", option=flag)
    if path.name in ("", ".", "..") or str(path).endswith(os.sep) or path.is_dir():
        raise UsageError("cli.errors.is_folder", option=flag, path=str(path))
    try:
        target = resolve_target(path)
    except NotRegularFileError:
        raise UsageError("cli.errors.not_regular", option=flag, path=str(path)) from None
    except OSError as exc:
        why = os_reason(exc)  # in the run's language (else the system's own words)
        raise UsageError("cli.errors.unusable", option=flag, path=str(path), why=why) from None
    if len(os.fsencode(target.name)) > MAX_NAME:
        raise UsageError("cli.errors.name_too_long", option=flag)
    folder = target.parent
    if not folder.is_dir():
        raise UsageError("cli.errors.no_folder", option=flag, folder=str(folder))
    try:  # what write_atomic will do, tried now (root passes os.access on a read-only mount)
        fd, probe = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise UsageError("cli.errors.temp_too_long", option=flag, path=str(path)) from None
        raise UsageError("cli.errors.not_writable", option=flag, folder=str(folder)) from None
    os.close(fd)
    os.unlink(probe)


def run_family(build: TableBuild, args: argparse.Namespace, tables: Tables) -> int:
    """A family's build: ``--code`` required, ``--grundy`` and ``--output`` not its own."""
    if args.code is None:
        raise UsageError("cli.errors.build_code", game=build.key)
    if args.grundy or args.output is not None:
        raise UsageError("cli.errors.build_family_options", game=build.key)
    upto = read_option(UPTO, args.upto)
    if not 1 <= upto <= build.most:
        raise UsageError("cli.errors.upto_most", most=f"{build.most:,}")
    label = tr("cli.said.build.values", rule=args.code, upto=f"{upto:,}")
    key, said = build.build(args.code, upto, tables, StderrProgress(label))
    print(tr(key, **said))
    return 0


def run(args: argparse.Namespace, tables: Tables) -> int:
    family = family_builds().get(args.game)
    if family is not None:
        return run_family(family, args, tables)
    if args.code is not None:
        raise UsageError("cli.errors.code_not_here", game=args.game)
    rule = tabled_rules()[args.game]
    spec = rule.tabled
    assert spec is not None
    upto = read_option(UPTO, args.upto)
    if not 1 <= upto <= spec.most:
        raise UsageError("cli.errors.upto_most", most=f"{spec.most:,}")
    if args.grundy and (spec.grundy is None or upto > spec.grundy_most):
        raise UsageError("cli.errors.grundy_most", most=f"{spec.grundy_most:,}")
    if args.output is not None:
        check_output(Path(args.output))

    start = time.perf_counter()
    rem, payload = spec.build(
        upto, StderrProgress(tr("cli.said.build.remoteness", upto=f"{upto:,}"))
    )
    grundy = None
    # --grundy: every position's; else those a table built on demand holds (Tabled.grundy_with)
    grundy_last = upto if args.grundy else min(upto, spec.grundy_with - 1)
    if spec.grundy is not None and grundy_last >= 0:
        label = tr("cli.said.build.grundy", upto=f"{grundy_last:,}")
        grundy = spec.grundy(grundy_last, StderrProgress(label))
    store = TableStore.of(tables)
    cached = cache_path(store.cache, spec.name, upto)
    path = Path(args.output) if args.output is not None else cached
    save_table(path, spec.name, payload, upto, grundy)
    if path == cached and not args.grundy:  # replaced, not accumulated
        store.tabled(rule).drop_smaller(cached, upto, grundy_last if grundy else -1)
    cold = int(((rem % 2) == 0).sum())
    said = {"upto": f"{upto:,}", "cold": f"{cold:,}", "largest": int(rem.max())}
    seconds = f"{time.perf_counter() - start:.2f}"
    print(tr("cli.said.build.wrote", path=path, seconds=seconds, **said))
    return 0
