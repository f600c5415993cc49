"""The Wythoff board's labels: the y labels, the x axis under its squares and, for a board
far out, the line with the queen's full coordinates (and where an unseen winning move is).

A board far out (coordinates of :data:`FAR` and more) labels its rows and columns by their
last :data:`DIGITS` digits after "…" ("…8749"): a window shows at most a few dozen rows, so
those digits tell them apart, and the labels stay five characters wide whatever the size,
leaving the squares the room. The queen's full coordinates are written once under the
axis, so "…8749" reads as the row ending in 8749 near her."""

from __future__ import annotations

FAR = 10**5  # a board this large or larger: short labels
DIGITS = 4
ARROWS = {(-1, -1): "↙", (-1, 0): "←", (-1, 1): "↖", (0, -1): "↓", (0, 1): "↑",
          (1, -1): "↘", (1, 0): "→", (1, 1): "↗"}  # fmt: skip


def is_far(size: int) -> bool:
    return size >= FAR


def label_width(size: int) -> int:
    """The y labels' width: the largest number's, or far out the short labels' (5)."""
    return DIGITS + 1 if is_far(size) else len(str(size))


def label(n: int, size: int) -> str:
    """A row's or column's label: ``n``, or far out its last digits after "…"."""
    if not is_far(size) or n < 10**DIGITS:
        return str(n)
    return "…" + str(n % 10**DIGITS).zfill(DIGITS)


def axis_line(width: int, xs: range, queen_x: int, ox: int, cw: int, lw: int, size: int) -> str:
    """The x axis: ``x`` under the y labels (``lw`` wide), then every fifth column labelled
    (and the first; every column where squares are 3 wide) where the label fits, its last
    character under the column's mark. Far out the labels are short (:func:`label`) and the
    queen's column is labelled first. A label the ``width`` would cut ends under its column
    instead ("300", never "30"), or is left out where that does not fit either."""
    far = is_far(size)
    line = [" "] * (lw + 1 + len(xs) * cw + lw + 2)
    line[lw - 1] = "x"
    first = [i for i, x in enumerate(xs) if far and x == queen_x]
    for i in first + [i for i in range(len(xs)) if i not in first]:
        x = xs[i]
        if x % 5 == 0 or x == ox or (cw >= 3) or i in first:
            text = label(x, size)
            mark = lw + 1 + i * cw + (cw - 1) // 2
            at = mark - len(text) + 1 if far else mark
            if at + len(text) > width:  # at the edge: ending under its column instead
                at = mark - len(text) + 1
            if at < lw + 1 or at + len(text) > width:
                continue  # (under the y labels, or cut short at the edge: "300" as "30")
            if all(c == " " for c in line[max(0, at - 1) : at + len(text) + far]):
                line[at : at + len(text)] = text
    return "".join(line[:width] if far else line).rstrip()


def far_lines(queen: tuple[int, int], width: int, note: str = "") -> list[str]:
    """The queen's full coordinates, on one line where they fit, else one line each; and
    ``note`` (where an unseen winning move is) after them where it fits, else its mark and
    arrow alone ("✓↙"): as many lines whatever the note, so the window does not depend on it."""
    x, y = queen
    one = f"♛ {x},{y}"
    lines = [one] if len(one) <= width else [f"♛ x {x}", f"  y {y}"]
    if note:
        for i, line in enumerate(lines):
            if len(line) + 3 + len(note) <= width:
                lines[i] = f"{line}   {note}"
                break
        else:
            lines[-1] = f"{lines[-1]}  {note[0]}{note[2]}"[:width]
    return lines


def off_window(win: tuple[int, int], xs: range, ys: range) -> str:
    """Where a winning target outside the window lies: "✓ ↙ 0,1" (empty if it is inside)."""
    x, y = win
    dx = -1 if x < min(xs) else 1 if x > max(xs) else 0
    dy = -1 if y < min(ys) else 1 if y > max(ys) else 0
    return "" if (dx, dy) == (0, 0) else f"✓ {ARROWS[dx, dy]} {x},{y}"
