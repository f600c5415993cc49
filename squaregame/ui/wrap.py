"""Text broken into lines at the spaces between its words, never inside a position: the
space around a ``+`` ("0 + 2 + 2") and after an arrow ("→ 0 + 2") holds, so a move reads
"take 4 from pile 2 / → 0 + 2 + 2", never "→ 0 + 2 / + 2". Lines after the first are
indented (a hanging indent): a wrapped line reads as one."""

from __future__ import annotations

import re

from rich.cells import cell_len

BREAK = re.compile(r"(?<![+→]) (?!\+)")  # a space that may end a line


def wrap(text: str, width: int, indent: int = 0) -> list[str]:
    """``text`` in lines of at most ``width`` cells where its words allow (a word wider than
    the room is left whole, never cut)."""
    lines: list[str] = []
    body = text.lstrip(" ")
    line = text[: len(text) - len(body)]  # a row's own leading spaces are kept
    for atom in BREAK.split(body):
        joined = f"{line} {atom}" if line.strip() else line + atom
        if cell_len(joined) <= width or not line.strip():
            line = joined
        else:
            lines.append(line)
            line = " " * indent + atom
    lines.append(line)
    return lines


def atom_width(text: str) -> int:
    """The widest piece ``text`` is never broken inside: the narrowest it wraps to."""
    return max(cell_len(atom) for atom in BREAK.split(text.strip()))
