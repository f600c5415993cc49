"""Text broken into lines at the spaces between its words, never inside a position: the
space around a ``+`` ("0 + 2 + 2") and after an arrow ("→ 0 + 2") holds, so a move reads
"take 4 from pile 2 / → 0 + 2 + 2", never "→ 0 + 2 / + 2". Lines after the first are
indented (a hanging indent): a wrapped line reads as one."""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.text import Text

BREAK = re.compile(r"(?<![+→]) (?!\+)")  # a space that may end a line


def breaks(text: str, width: int, indent: int = 0) -> list[int]:
    """Where in ``text`` each line after the first begins (just past a space), for lines of
    at most ``width`` cells where its words allow (a word wider than that is left whole, or
    broken after its commas: :func:`_pieces`)."""
    starts: list[int] = []
    used = len(text) - len(text.lstrip(" "))  # a row's own leading spaces are kept
    begun = False
    at = used
    for m in [*BREAK.finditer(text, used), None]:
        end = len(text) if m is None else m.start()
        if end <= at:  # two spaces in a row: nothing to place
            at = end + 1
            continue
        for k, (lo, hi) in enumerate(_pieces(text, at, end, width - indent)):
            size, gap = cell_len(text[lo:hi]), 1 if k == 0 else 0
            if begun and used + gap + size > width:
                starts.append(lo)
                used = indent + size
            else:
                used += (gap if begun else 0) + size
            begun = True
        at = end + 1
    return starts


def _pieces(text: str, at: int, end: int, room: int) -> list[tuple[int, int]]:
    """A word as the pieces a line may end between: the word whole, or where it is wider
    than a line's ``room`` and holds commas (a far-out queen's "(999999999999,618033988749)"),
    its pieces each ending in a comma: broken between the coordinates, never inside one."""
    if cell_len(text[at:end]) <= room or "," not in text[at:end]:
        return [(at, end)]
    cuts = [i + 1 for i in range(at, end - 1) if text[i] == ","]
    return list(zip([at, *cuts], [*cuts, end], strict=True))


def wrap(text: str, width: int, indent: int = 0) -> list[str]:
    """``text`` as lines of at most ``width`` cells where its words allow."""
    return [line.plain for line in wrap_text(Text(text), width, indent)]


def wrap_text(text: Text, width: int, indent: int = 0) -> list[Text]:
    """Styled text as lines (see :func:`breaks`), each after the first indented."""
    lines = text.divide(breaks(text.plain, width, indent))
    out = [lines[0]]
    for line in lines[1:]:
        out[-1].rstrip()
        out.append(Text(" " * indent) + line)
    out[-1].rstrip()
    return out


def atom_width(text: str) -> int:
    """The widest piece ``text`` is never broken inside: the narrowest it wraps to."""
    return max(cell_len(atom) for atom in BREAK.split(text.strip()))


def fitted(wide: tuple[str, ...], narrow: tuple[str, ...] | None, width: int) -> tuple[str, ...]:
    """A table worked out in lines (its rows, then after a blank line its words), as it fits
    ``width`` columns: ``wide``, unless one of its rows is wider and a ``narrow`` one is
    given (the words below wrap either way)."""
    rows = wide[: wide.index("")] if "" in wide else wide
    if narrow is None or not width or max(map(cell_len, rows), default=0) <= width:
        return wide
    return narrow
