"""The Wythoff board's x axis, under its squares."""

from __future__ import annotations


def axis_line(width: int, xs: range, queen_x: int, ox: int, cw: int, lw: int) -> str:
    """The x axis: ``x`` under the y labels (``lw`` wide), then every fifth column labelled
    (and the first; every column where squares are 3 wide) where the label fits. A board far
    out (labels of 6 digits and more) labels the queen's column first and ends each label
    inside the board's ``width`` (it may run under the y labels), a space after each."""
    far = lw > 5
    line = [" "] * (width if far else lw + 1 + len(xs) * cw + lw + 2)
    if not far:
        line[lw - 1] = "x"
    first = [i for i, x in enumerate(xs) if far and x == queen_x]
    for i in first + [i for i in range(len(xs)) if i not in first]:
        x = xs[i]
        if x % 5 == 0 or x == ox or (cw >= 3) or i in first:
            label = str(x)
            at = lw + 1 + i * cw + (cw - 1) // 2
            if far:
                at = max(0, min(at, len(line) - len(label)))
            if all(c == " " for c in line[max(0, at - 1) : at + len(label) + far]):
                line[at : at + len(label)] = label
    return "".join(line).rstrip()
