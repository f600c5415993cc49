"""Whether to play in text mode without being asked (the standard library only: the app's
fast start asks it before anything else is imported)."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import TextIO


def text_wanted(
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    environ: Mapping[str, str] | None = None,
) -> bool:
    """Text mode without being asked: input or output is not a terminal, or ``TERM=dumb``."""
    env = os.environ if environ is None else environ
    if env.get("TERM") == "dumb":
        return True
    for stream in (stdin or sys.stdin, stdout or sys.stdout):
        try:
            if stream is None or not stream.isatty():
                return True
        except (AttributeError, ValueError):  # closed or no stream at all
            return True
    return False
