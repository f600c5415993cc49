"""``squaregame build-tables squares --upto N``: build (and cache) a larger Squares table.

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
from squaregame.core.kinds import kind_for_rule
from squaregame.core.piles.files import save_squares_table
from squaregame.core.piles.store import SQUARES_MAX
from squaregame.core.rules import SQUARES
from squaregame.core.tables import Tables

# Grundy values take a mex over about √n children each (core/build/squares.py squares_grundy),
# measured with time.process_time on 2 cores: 7 s for 10^6, 19 s for 2·10^6, 63 s for
# 4·10^6, 212 s for 10^7 (52 MB); and no further.
GRUNDY_MAX = 10**7


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "build-tables",
        help=help_text("build-tables"),
        description="Build the Squares table (outcome and remoteness) for 0..N and keep it in "
        "the user's cache, so that positions up to N answer at once.",
    )
    squares = kind_for_rule(SQUARES).key  # the one game whose tables are built ahead
    p.add_argument("game", metavar="GAME", choices=[squares], help=squares)
    p.add_argument(
        "--upto", required=True, metavar="N", help=f"largest position (≤ {SQUARES_MAX:,})"
    )
    p.add_argument(
        "--grundy",
        action="store_true",
        help=f"also compute Grundy values (≤ {GRUNDY_MAX:,}; slow: about 1 minute for "
        "4,000,000 and 4 minutes for 10,000,000)",
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
    upto = parse_int(args.upto, "--upto")
    if not 1 <= upto <= SQUARES_MAX:
        raise UsageError(f"--upto must be between 1 and {SQUARES_MAX:,}")
    if args.grundy and upto > GRUNDY_MAX:
        raise UsageError(f"--grundy is limited to {GRUNDY_MAX:,} positions (about 4 minutes there)")
    if args.output is not None:
        check_output(Path(args.output))
    from squaregame.core.build.squares import rem_payload, squares_grundy, squares_remoteness

    start = time.perf_counter()
    rem = squares_remoteness(upto, StderrProgress(f"remoteness 0..{upto:,}"))
    grundy = None
    if args.grundy:
        g = squares_grundy(upto, StderrProgress(f"Grundy values 0..{upto:,}"))
        code = "B" if int(g.max()) < 256 else "H"
        grundy = (code, g.astype("u1" if code == "B" else "<u2").tobytes())
    cached = tables.store.cache / f"squares-normal-{upto}.sgt"
    path = Path(args.output) if args.output is not None else cached
    save_squares_table(path, rem_payload(rem), upto, grundy)
    if path == cached and grundy is None:
        tables.store.drop_smaller(cached, upto)  # replaced, not accumulated
    cold = int(((rem % 2) == 0).sum())
    print(
        f"wrote {path} — positions 0..{upto:,}, {cold:,} cold, largest remoteness "
        f"{int(rem.max())}, {time.perf_counter() - start:.2f} s"
    )
    return 0
