"""A program error said in one line, its traceback kept in a file: the last guard of every
entry that runs the program (the command line's and a served session's)."""

from __future__ import annotations

import sys
from collections.abc import Callable

from squaregame import paths
from squaregame.core.files.atomic import write_atomic

LINE_LIMIT = 300  # characters of the error's own message in the line


def internal_error(exc: BaseException) -> int:
    """Say a program error in one line, keep its traceback in ``last-error.txt`` in the
    cache folder; exit status 1."""
    said = " ".join(str(exc).split())
    if len(said) > LINE_LIMIT:
        said = said[: LINE_LIMIT - 1] + "…"
    line = f"squaregame: internal error: {exc.__class__.__name__}: {said}"
    try:
        import traceback  # (only on an error: not on every start)

        report = paths.cache_dir() / "last-error.txt"
        write_atomic(report, "".join(traceback.format_exception(exc)).encode())
        line += f" (details in {report})"
    except OSError:
        pass
    print(line, file=sys.stderr)
    return 1


def guarded(run: Callable[[], int]) -> int:
    """``run()``'s status; 130 on Ctrl+C, a program error said by :func:`internal_error`."""
    try:
        return run()
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # before the app ran (Textual reports errors inside it)
        return internal_error(exc)
