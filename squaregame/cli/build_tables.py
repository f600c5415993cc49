"""``squaregame build-tables squares --upto N``: build (and cache) a larger table of a rule
that keeps its tables in files (``Rule.tabled``: Squares).

This is also the script that produced the shipped table::

    squaregame build-tables squares --upto 1000000 --grundy \
        --output assets/tables/squares-normal.sgt
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from squaregame.cli.commands import help_text
from squaregame.cli.common import StderrProgress, UsageError, parse_int
from squaregame.core.piles.files import cache_path, save_table
from squaregame.core.piles.store import TableStore
from squaregame.core.rules import RULES, Rule, Tabled
from squaregame.core.tables import Tables


def tabled_rules() -> dict[str, Rule]:
    """The rules whose tables are built ahead, by key."""
    return {r.key: r for r in RULES if r.tabled is not None}


def _first() -> Tabled:
    return next(r.tabled for r in RULES if r.tabled is not None)


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "build-tables",
        help=help_text("build-tables"),
        description="Build the Squares table (outcome and remoteness) for 0..N and keep it in "
        "the user's cache, so that positions up to N answer at once.",
    )
    keys = list(tabled_rules())
    first = _first()
    p.add_argument("game", metavar="GAME", choices=keys, help=", ".join(keys))
    p.add_argument(
        "--upto", required=True, metavar="N", help=f"largest position (≤ {first.most:,})"
    )
    p.add_argument(
        "--grundy",
        action="store_true",
        help=f"also compute Grundy values (≤ {first.grundy_most:,}; slow: about 1 minute "
        "for 4,000,000 and 4 minutes for 10,000,000)",
    )
    p.add_argument("--output", metavar="FILE", help="write here instead of the cache")
    p.set_defaults(run=run)


def check_output(path: Path, flag: str = "--output") -> None:
    """``--output``: refused before the build when it could not be written (a folder, a
    device, a name too long, a folder that is not there or not writable). The folder is
    tried for real: a file like the writer's temporary one is made there and removed, so
    a read-only mount, /proc or /sys, or a name too long for the temporary file is said
    now and not after minutes of building."""
    import errno
    import os
    import tempfile

    from squaregame.core.files.atomic import NotRegularFileError, resolve_target

    if len(os.fsencode(path.name)) > 255:  # before any look at it: stat says ENAMETOOLONG
        raise UsageError(f"{flag}: the file name is too long (at most 255 bytes)")
    if path.name in ("", ".", "..") or str(path).endswith(os.sep) or path.is_dir():
        raise UsageError(f"{flag} {path} is a folder; give a file name")
    try:
        target = resolve_target(path)
    except NotRegularFileError:
        raise UsageError(f"{flag} {path} is not a regular file; not replacing it") from None
    except OSError as exc:
        raise UsageError(f"{flag} {path}: {exc.strerror or exc}") from None
    if len(os.fsencode(target.name)) > 255:
        raise UsageError(f"{flag}: the file name is too long (at most 255 bytes)")
    folder = target.parent
    if not folder.is_dir():
        raise UsageError(f"{flag}: the folder {folder} does not exist")
    try:  # what write_atomic will do, tried now (root passes os.access on a read-only mount)
        fd, probe = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise UsageError(f"{flag} {path}: the file name is too long") from None
        raise UsageError(f"{flag}: cannot write in the folder {folder}") from None
    os.close(fd)
    os.unlink(probe)


def run(args: argparse.Namespace, tables: Tables) -> int:
    rule = tabled_rules()[args.game]
    spec = rule.tabled
    assert spec is not None
    upto = parse_int(args.upto, "--upto")
    if not 1 <= upto <= spec.most:
        raise UsageError(f"--upto must be between 1 and {spec.most:,}")
    if args.grundy and (spec.grundy is None or upto > spec.grundy_most):
        raise UsageError(
            f"--grundy is limited to {spec.grundy_most:,} positions (about 4 minutes there)"
        )
    if args.output is not None:
        check_output(Path(args.output))

    start = time.perf_counter()
    rem, payload = spec.build(upto, StderrProgress(f"remoteness 0..{upto:,}"))
    grundy = None
    if args.grundy and spec.grundy is not None:
        grundy = spec.grundy(upto, StderrProgress(f"Grundy values 0..{upto:,}"))
    store = TableStore.of(tables)
    cached = cache_path(store.cache, spec.name, upto)
    path = Path(args.output) if args.output is not None else cached
    save_table(path, spec.name, payload, upto, grundy)
    if path == cached and grundy is None:
        store.tabled(rule).drop_smaller(cached, upto)  # replaced, not accumulated
    cold = int(((rem % 2) == 0).sum())
    print(
        f"wrote {path} — positions 0..{upto:,}, {cold:,} cold, largest remoteness "
        f"{int(rem.max())}, {time.perf_counter() - start:.2f} s"
    )
    return 0
