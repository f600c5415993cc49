"""Worksheets as one self-contained HTML file to print: one student (or one key) per A4 page.

No fonts, scripts or images are fetched: the style is inline and the faces ☺ ☹ are text,
each with its letter, so a black-and-white printer keeps every mark. ``@media print`` drops
the screen's page frames and breaks a page after every sheet.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from squaregame.lessons.worksheets import Cells, Problem, Sheet, mark
from squaregame.text import Catalog

CSS = """
@page { size: A4 portrait; margin: 12mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "DejaVu Sans", "Noto Sans", "Liberation Sans", Arial, sans-serif;
  font-size: 10.5pt; color: #000; background: #eee; }
.page { width: 210mm; min-height: 297mm; margin: 6mm auto; padding: 12mm 14mm; background: #fff;
  box-shadow: 0 0 2mm #999; break-after: page; page-break-after: always; }
.page:last-child { break-after: auto; page-break-after: auto; }
header { border-bottom: 0.5mm solid #000; margin-bottom: 3mm; padding-bottom: 2mm; }
h1 { font-size: 15pt; margin: 0 0 1mm 0; }
.meta { display: flex; justify-content: space-between; gap: 6mm; font-size: 9pt; }
.meta span:last-child { white-space: nowrap; }
.who { display: flex; gap: 8mm; margin: 3mm 0 0 0; font-size: 11pt; }
.who span { flex: 1; border-bottom: 0.3mm solid #000; padding-bottom: 5mm; }
.who span.date { flex: 0 0 55mm; }
.tag { border: 0.4mm solid #000; padding: 0.5mm 2mm; font-weight: bold; }
p { margin: 1.5mm 0; line-height: 1.35; }
.legend { font-weight: bold; margin: 2mm 0 3mm 0; }
table.strip { border-collapse: collapse; margin: 1mm 0 3mm 0; width: 100%; table-layout: fixed; }
table.strip th, table.strip td { border: 0.3mm solid #000; width: 10%; text-align: center; }
table.strip th { font-size: 9pt; height: 5.5mm; background: #fff; font-weight: bold; }
table.strip td { height: 10mm; font-size: 11pt; }
td.given { background: #d0d0d0; }
td.cold { background: #b8b8b8; font-weight: bold; }
table.board { border-collapse: collapse; margin: 2mm auto 3mm auto; }
table.board td { border: 0.3mm solid #000; text-align: center; font-size: 8pt; }
table.board th { font-size: 8pt; font-weight: normal; }
table.board th.axis { font-weight: bold; }
.problems { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 2mm 6mm; }
.problems.wide { grid-template-columns: minmax(0, 1fr); }
.problem { break-inside: avoid; page-break-inside: avoid; }
.prompt { font-weight: bold; margin: 0 0 1mm 0; }
table.work { border-collapse: collapse; margin: 1mm 0; font-size: 9.5pt; width: 100%; }
table.work th, table.work td { border: 0.3mm solid #000; padding: 0.4mm 1.5mm; text-align: right;
  white-space: nowrap; }
table.work td.bits { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace;
  letter-spacing: 1mm; min-width: 24mm; }
.fill { margin: 1.8mm 0 0 0; }
.line { border-bottom: 0.3mm solid #000; height: 8mm; }
.fillrow { display: flex; align-items: flex-end; gap: 2mm; }
.fillrow .line { flex: 1; }
ul.answer { margin: 1mm 0 0 0; padding-left: 5mm; font-size: 9.5pt; }
ul.answer li { margin: 0.2mm 0; }
.keyline { margin: 2mm 0; }
@media print {
  body { background: #fff; }
  .page { margin: 0; box-shadow: none; width: auto; min-height: 0; padding: 0; }
  td.given, td.cold { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
"""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def head(sheet: Sheet, key: bool, C: Catalog) -> str:
    tag = f' <span class="tag">{_e(C("worksheet.answer_key"))}</span>' if key else ""
    meta = (
        f'<div class="meta"><span>{_e(sheet.game)}</span><span>'
        + _e(C("worksheet.sheet", n=sheet.student))
        + " · "
        + _e(C("worksheet.variant", variant=sheet.seed))
        + "</span></div>"
    )
    who = ""
    if not key:
        who = (f'<div class="who"><span>{_e(C("worksheet.name"))}:</span>'
               f'<span class="date">{_e(C("worksheet.date"))}:</span></div>')  # fmt: skip
    return f"<header><h1>{_e(sheet.title)}{tag}</h1>{meta}{who}</header>"


def strip_html(cells: Cells, key: bool, C: Catalog) -> str:
    out = ['<table class="strip">']
    numbers = list(cells.positions)
    for start in range(0, len(numbers), 10):
        row = numbers[start : start + 10]
        out.append("<tr>" + "".join(f"<th>{n}</th>" for n in row) + "</tr><tr>")
        for n in row:
            shown = key or n in cells.given
            cls = "given" if n in cells.given and not key else ""
            if key and not cells.hot[n]:
                cls = "cold"
            text = mark(cells.hot[n], C) if shown else ""
            out.append(f'<td class="{cls}">{_e(text)}</td>')
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def board_html(cells: Cells, key: bool, C: Catalog) -> str:
    side = cells.side
    size = min(11.0, 170.0 / (side + 2))  # mm per square
    style = f' style="width:{size:.1f}mm;height:{size:.1f}mm"'
    out = ['<table class="board">']
    for y in range(side, -1, -1):
        out.append(f"<tr><th>{y}</th>")
        for x in range(side + 1):
            shown = (key and not cells.hot[(x, y)]) or (x, y) in cells.given
            cls = ("cold" if key else "given") if shown else ""
            text = mark(False, C) if shown else ""
            out.append(f'<td class="{cls}"{style}>{_e(text)}</td>')
        out.append("</tr>")
    out.append('<tr><th class="axis">y / x</th>')
    out.append("".join(f"<th>{x}</th>" for x in range(side + 1)) + "</tr></table>")
    return "".join(out)


def problem_html(p: Problem, key: bool) -> str:
    out = [f'<div class="problem"><p class="prompt">{_e(p.prompt)}</p>']
    if p.head:
        out.append('<table class="work"><tr>' + "".join(f"<th>{_e(h)}</th>" for h in p.head))
        out.append("</tr>")
        for row in p.rows:
            out.append("<tr>")
            for i, v in enumerate(row):
                cls = ' class="bits"' if i == len(row) - 1 else ""
                text = v if key or i not in p.blank else ""
                out.append(f"<td{cls}>{_e(text)}</td>")
            out.append("</tr>")
        out.append("</table>")
    if key:
        out.append('<ul class="answer">' + "".join(f"<li>{_e(a)}</li>" for a in p.answer))
        out.append("</ul>")
    else:
        if p.head:
            out += [f'<p class="fill">{_e(f)}</p>' for f in p.fill]
        else:  # the label on the first writing line, and one more line below
            out += [f'<div class="fillrow"><span>{_e(f)}</span><span class="line"></span></div>'
                    for f in p.fill]  # fmt: skip
            out.append('<div class="line"></div>')
    out.append("</div>")
    return "".join(out)


def page_html(sheet: Sheet, key: bool) -> str:
    C = Catalog(sheet.lang)
    out = ['<section class="page">', head(sheet, key, C)]
    if not key:  # the teacher knows the task: a key page keeps its room for the answers
        out += [f"<p>{_e(t)}</p>" for t in sheet.task]
    if sheet.cells is not None:
        out.append(f'<p class="legend">{_e(C("worksheet.legend"))}</p>')
        draw = strip_html if sheet.cells.layout == "strip" else board_html
        out.append(draw(sheet.cells, key, C))
    if sheet.problems:
        wide = " wide" if not any(p.head for p in sheet.problems) else ""
        if sheet.cells is not None:
            wide = " wide"
        out.append(f'<div class="problems{wide}">')
        out += [problem_html(p, key) for p in sheet.problems]
        out.append("</div>")
    if key:
        out += [f'<p class="keyline">{_e(k)}</p>' for k in sheet.key_lines]
    out.append("</section>")
    return "\n".join(out)


def document(sheets: Sequence[Sheet], key: bool) -> str:
    """Every sheet (or every key), one per page."""
    first = sheets[0]
    C = Catalog(first.lang)
    name = first.title + (" — " + C("worksheet.answer_key") if key else "")
    pages = "\n".join(page_html(s, key) for s in sheets)
    return (
        f'<!DOCTYPE html>\n<html lang="{_e(first.lang)}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{_e(name)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n{pages}\n"
        "</body>\n</html>\n"
    )
