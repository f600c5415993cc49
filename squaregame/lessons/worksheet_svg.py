"""Worksheets as SVG: one A4 page (1240 × 1754, 150 dpi) per student sheet or key.

Drawn from the same :class:`~squaregame.lessons.worksheets.Sheet` as the HTML. SVG has no
line wrapping, so text is wrapped by an estimate of its width (:data:`CHAR`); every mark is
a face with its letter and cold squares are shaded, for a black-and-white printer.
"""

from __future__ import annotations

import textwrap
from html import escape

from squaregame.lessons.worksheets import Cells, Problem, Sheet, mark
from squaregame.text import Catalog

WIDTH, HEIGHT = 1240, 1754
LEFT, RIGHT = 90, 1150
CHAR = 0.56  # the average width of a character, in font sizes (DejaVu Sans)
FONT = "DejaVu Sans, Noto Sans, Liberation Sans, Arial, sans-serif"
MONO = "DejaVu Sans Mono, Liberation Mono, monospace"
GIVEN, COLD = "#d0d0d0", "#b8b8b8"


class Canvas:
    def __init__(self) -> None:
        self.parts: list[str] = []

    def text(self, x: float, y: float, s: str, size: float = 20, *, bold: bool = False,
             anchor: str = "start", mono: bool = False) -> None:  # fmt: skip
        weight = ' font-weight="bold"' if bold else ""
        family = MONO if mono else FONT
        self.parts.append(
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-family="{family}"'
            f'{weight} text-anchor="{anchor}">{escape(s)}</text>'
        )

    def rect(self, x: float, y: float, w: float, h: float, fill: str = "none",
             stroke: float = 1.2) -> None:  # fmt: skip
        self.parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{fill}" '
            f'stroke="#000" stroke-width="{stroke}"/>'
        )

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float = 1.2) -> None:
        self.parts.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#000" '
            f'stroke-width="{width}"/>'
        )

    def para(self, x: float, y: float, s: str, width: float, size: float = 20,
             *, bold: bool = False) -> float:  # fmt: skip
        """Wrapped text from baseline ``y``; returns the baseline after it."""
        per = size * (CHAR + 0.1 if bold else CHAR)
        for line in textwrap.wrap(s, max(10, int(width / per))) or [""]:
            self.text(x, y, line, size, bold=bold)
            y += size * 1.4
        return y

    def svg(self, bottom: float) -> str:
        """The page; a key longer than A4 (a long list of moves) makes the page longer."""
        body = "\n".join(self.parts)
        height = max(HEIGHT, int(bottom) + 60)
        mm = height * 297 / HEIGHT
        return (
            f'<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" '
            f'width="210mm" height="{mm:.0f}mm" viewBox="0 0 {WIDTH} {height}">\n'
            f'<rect width="{WIDTH}" height="{height}" fill="#fff"/>\n{body}\n</svg>\n'
        )


def head(c: Canvas, sheet: Sheet, key: bool, C: Catalog) -> float:
    c.text(LEFT, 120, sheet.title, 32, bold=True)
    if key:
        tag = C("worksheet.answer_key")
        w = len(tag) * 24 * 0.62 + 24
        c.rect(RIGHT - w, 88, w, 44, stroke=2)
        c.text(RIGHT - w / 2, 119, tag, 24, bold=True, anchor="middle")
    c.text(LEFT, 156, sheet.game, 17)
    c.text(RIGHT, 156, C("worksheet.sheet", n=sheet.student) + " · "
           + C("worksheet.variant", variant=sheet.seed), 17, anchor="end")  # fmt: skip
    y = 172.0
    if not key:
        c.text(LEFT, 214, C("worksheet.name") + ":", 22)
        c.line(LEFT, 236, 780, 236)
        c.text(820, 214, C("worksheet.date") + ":", 22)
        c.line(820, 236, RIGHT, 236)
        y = 250.0
    c.line(LEFT, y, RIGHT, y, 2.5)
    return y + 38


def strip(c: Canvas, y: float, cells: Cells, key: bool, C: Catalog) -> float:
    w, th, tm = (RIGHT - LEFT) / 10, 34, 60
    numbers = list(cells.positions)
    for start in range(0, len(numbers), 10):
        for i, n in enumerate(numbers[start : start + 10]):
            x = LEFT + i * w
            c.rect(x, y, w, th)
            c.text(x + w / 2, y + 24, str(n), 18, bold=True, anchor="middle")
            shown = key or n in cells.given
            fill = "none"
            if n in cells.given and not key:
                fill = GIVEN
            elif key and not cells.hot[n]:
                fill = COLD
            c.rect(x, y + th, w, tm, fill)
            if shown:
                c.text(x + w / 2, y + th + 40, mark(cells.hot[n], C), 24,
                       bold=key and not cells.hot[n], anchor="middle")  # fmt: skip
        y += th + tm
    return y + 40


def board(c: Canvas, y: float, cells: Cells, key: bool, C: Catalog) -> float:
    side = cells.side
    s = min(64.0, 960.0 / (side + 2))
    x0 = LEFT + (RIGHT - LEFT - s * (side + 2)) / 2 + s
    size = max(15.0, s * 0.3)
    for row, yy in enumerate(range(side, -1, -1)):
        top = y + row * s
        c.text(x0 - 10, top + s * 0.62, str(yy), max(15.0, s * 0.3), anchor="end")
        for x in range(side + 1):
            shown = (key and not cells.hot[(x, yy)]) or (x, yy) in cells.given
            fill = (COLD if key else GIVEN) if shown else "none"
            c.rect(x0 + x * s, top, s, s, fill)
            if shown:
                c.text(x0 + x * s + s / 2, top + s * 0.62, mark(False, C), size,
                       bold=True, anchor="middle")  # fmt: skip
    bottom = y + (side + 1) * s
    for x in range(side + 1):
        c.text(x0 + x * s + s / 2, bottom + 26, str(x), max(15.0, s * 0.3), anchor="middle")
    c.text(x0 - 10, bottom + 26, "y / x", max(15.0, s * 0.3), bold=True, anchor="end")
    return bottom + 70


def problem(c: Canvas, x: float, y: float, width: float, p: Problem, key: bool) -> float:
    """One item in a column ``width`` wide from baseline ``y``; returns the y below it."""
    y = c.para(x, y, p.prompt, width, 19, bold=True) + 2
    if p.head:
        cols = [0.18, 0.19, 0.26, 0.37]
        widths = [width * f for f in cols]
        rh = 30
        for r, row in enumerate([p.head, *p.rows]):
            cx = x
            for i, v in enumerate(row):
                c.rect(cx, y - 21, widths[i], rh)
                shown = r == 0 or key or i not in p.blank
                if shown and v:
                    bits = r > 0 and i == len(row) - 1
                    c.text(cx + widths[i] - 8, y, " ".join(v) if bits else v,
                           15 if r == 0 else 18, bold=r == 0, anchor="end",
                           mono=bits)  # fmt: skip
                cx += widths[i]
            y += rh
        y += 14
    if key:
        for a in p.answer:
            c.text(x, y, "•", 18)
            y = c.para(x + 20, y, a, width - 20, 17)
    else:
        for f in p.fill:
            y = c.para(x, y + 6, f, width, 18) + 2
        if not p.head:
            for _ in range(2):
                y += 30
                c.line(x, y, x + width, y)
            y += 12
    return y + 18


def page_svg(sheet: Sheet, key: bool) -> str:
    C = Catalog(sheet.lang)
    c = Canvas()
    y = head(c, sheet, key, C)
    for t in () if key else sheet.task:  # a key keeps its room for the answers
        y = c.para(LEFT, y, t, RIGHT - LEFT, 19) + 4
    if sheet.cells is not None:
        y = c.para(LEFT, y + 4, C("worksheet.legend"), RIGHT - LEFT, bold=True) + 12
        draw = strip if sheet.cells.layout == "strip" else board
        y = draw(c, y, sheet.cells, key, C)
    two = sheet.cells is None and any(p.head for p in sheet.problems)
    if two:
        half = (RIGHT - LEFT - 50) / 2
        for i in range(0, len(sheet.problems), 2):
            pair = sheet.problems[i : i + 2]
            ends = [problem(c, LEFT + j * (half + 50), y, half, p, key) for j, p in enumerate(pair)]
            y = max(ends)
    else:
        for p in sheet.problems:
            y = problem(c, LEFT, y, RIGHT - LEFT, p, key)
    if key:
        for k in sheet.key_lines:
            y = c.para(LEFT, y, k, RIGHT - LEFT) + 6
    return c.svg(y)
