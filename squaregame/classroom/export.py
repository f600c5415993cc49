"""A class written out: the challenges' scoreboard as CSV or Markdown (the teacher's page and
``class export --scoreboard``), and the whole class — its students, their events and the
challenges — as JSON, CSV or Markdown (``class export``). Times are ISO 8601 in local time
with the offset (``2026-11-29T10:26:08+01:00``). Names are written as text: in Markdown what
would make emphasis, code, a link, markup or a new cell is escaped, nothing else — "Ann
(7B). " reads as it was typed."""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import asdict
from datetime import datetime
from typing import Any

from squaregame.classroom.challenges import describe
from squaregame.classroom.store import ClassStore
from squaregame.classroom.views import ClassLive, StudentReport, report
from squaregame.classroom.wording import result_text
from squaregame.text import Catalog

FORMATS = ("json", "csv", "markdown")
SCORE_COLUMNS = (
    "challenge", "ask", "student", "answered", "solved", "moves", "remoteness", "blunders",
    "seconds",
)  # fmt: skip
REPORT_COLUMNS = (
    "name", "games_started", "games_ended", "moves", "blunders", "exercises_right",
    "exercises_tried", "lessons", "last_active",
)  # fmt: skip
# What Markdown (CommonMark, with GitHub's tables, strikethrough and autolinks) would read
# in a line of text, and nothing else: code, emphasis (``_`` only at a word's edge: inside
# one it is a letter), a link's or an image's ``[``, markup (``<`` before a tag's first
# character), an entity, a cell's end, strikethrough, a backslash that escapes; and a
# heading's closing ``#``s.
_MD_INLINE = re.compile(
    r"[`*\[|~]|\\(?=[!-/:-@\[-`{-~])|<(?=[A-Za-z/!?])|&(?=#?\w+;)|_(?![^\W_])|(?<![^\W_])_"
    r"|#(?=#*$)"
)
# what makes a bare link of text (GitHub's autolinks): ``www.``, ``scheme://``, ``a@b``
_MD_AUTOLINK = re.compile(r"(?i)(?<![\w.])(www)\.|(://)|(?<=\w)(@)(?=\w)")
# what Markdown reads only at a line's start: a heading, a quote, a list, a rule
_MD_START = re.compile(r"^([#>+\-=]|\d+(?=[.)]))")


def md(text: str, start: bool = False) -> str:
    """Text as Markdown shows it literally, on one line (a name cannot start a new row):
    only what Markdown would read is escaped, so "Ann (7B). " reads as it was typed.
    ``start``: the text begins a line (where ``-``, ``#``, ``1.`` … would begin a block)."""
    said = _MD_INLINE.sub(lambda m: "\\" + m.group(0), " ".join(str(text).split()))
    said = _MD_AUTOLINK.sub(_unlinked, said)
    return _MD_START.sub(_started, said) if start else said


def _unlinked(m: re.Match[str]) -> str:
    if m.group(1):
        return m.group(1) + "\\."
    return ":\\/\\/" if m.group(2) else "\\@"


def _started(m: re.Match[str]) -> str:
    mark = m.group(1)
    return mark + "\\" if mark.isdigit() else "\\" + mark


def when(at: float | None) -> str:
    """A moment as ISO 8601, local time with its offset (``""``: never)."""
    if at is None:
        return ""
    return datetime.fromtimestamp(at).astimezone().isoformat(timespec="seconds")


def scoreboard_csv(live: ClassLive, cat: Catalog) -> str:
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow((*SCORE_COLUMNS, "question"))
    for row in live.scoreboard():
        w.writerow([_cell(row.get(c)) for c in SCORE_COLUMNS] + [describe(row["spec"], cat)])
    return out.getvalue()


def _cell(value: Any) -> Any:
    """A CSV cell; text a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``)
    is written with a ``'`` before it."""
    if value is None:
        return ""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@"):
        return "'" + value
    return value


def scoreboard_markdown(live: ClassLive, cat: Catalog) -> str:
    lines = [f"# {md(cat('serve.teacher.scoreboard_title', name=live.name))}", ""]
    rows = live.scoreboard()
    if not rows:
        lines.append(md(cat("serve.teacher.no_challenges"), start=True))
    for c in live.challenges:
        mine = [r for r in rows if r["challenge"] == c.id]
        lines += ["", f"## #{c.id}: {md(describe(c.spec, cat))}", ""]
        lines.append(
            f"| {md(cat('serve.teacher.col.student'))} | {md(cat('serve.teacher.col.result'))} |"
        )
        lines.append("|---|---|")
        for r in mine:
            lines.append(f"| {md(r['student'])} | {md(result_text(r, cat))} |")
    return "\n".join(lines) + "\n"


def class_json(store: ClassStore, name: str) -> str:
    """Everything kept of the class, for a script (``class export --format json``)."""
    students = store.students(name)
    doc = {
        "class": store.class_name(name),
        "students": [
            {
                "name": s.name,
                "joined": when(s.joined),
                "events": [_event(e) for e in store.events(s.id)],
            }
            for s in students
        ],
        "challenges": [
            {
                "id": c.id,
                "created": when(c.created),
                "spec": c.spec,
                "for": _for(c.student, students),
            }
            for c in store.challenges(name)
        ],
    }
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def _event(e: tuple[float, str, dict[str, Any]]) -> dict[str, Any]:
    at, kind, data = e
    return {"at": when(at), "kind": kind, "data": data}


def _for(student: int | None, students: list[Any]) -> str | None:
    return None if student is None else next((s.name for s in students if s.id == student), None)


def class_csv(store: ClassStore, name: str) -> str:
    """A row a student (``class export --format csv``, ``class report --csv``)."""
    return report_csv(report(store, name))


def report_csv(rows: list[StudentReport]) -> str:
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(REPORT_COLUMNS)
    for r in rows:
        doc = asdict(r)
        doc["lessons"] = ";".join(r.lessons)
        doc["last_active"] = when(r.last_active)
        w.writerow([_cell(doc[c]) for c in REPORT_COLUMNS])
    return out.getvalue()


def class_markdown(store: ClassStore, name: str, cat: Catalog) -> str:
    live = ClassLive(store, name)
    live.refresh()
    lines = [f"# {md(cat('serve.teacher.report_title', name=live.name))}", ""]
    head = [
        cat(f"serve.teacher.col.{c}")
        for c in ("student", "games", "moves", "blunders_all", "exercises", "lessons")
    ]
    lines.append("| " + " | ".join(md(h) for h in head) + " |")
    lines.append("|" + "---|" * len(head))
    for r in report(store, name):
        cells = (
            r.name,
            r.games_started,
            r.moves,
            r.blunders,
            f"{r.exercises_right}/{r.exercises_tried}",
            len(r.lessons),
        )
        lines.append("| " + " | ".join(md(str(c)) for c in cells) + " |")
    return "\n".join(lines) + "\n\n" + scoreboard_markdown(live, cat)
