"""A class written out: the challenges' scoreboard as CSV or Markdown (the teacher's page and
``class export --scoreboard``), and the whole class — its students, their events and the
challenges — as JSON, CSV or Markdown (``class export``). Names are written as text: in
Markdown a name's ``|``, ``*``, ``_``, backquote and the like are escaped, never read."""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import asdict
from typing import Any

from squaregame.classroom.challenges import describe
from squaregame.classroom.store import ClassStore
from squaregame.classroom.views import ClassLive, report
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
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~])")


def md(text: str) -> str:
    """Text as Markdown shows it literally (one line: a name cannot start a new row)."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(str(text).split()))


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
        lines.append(md(cat("serve.teacher.no_challenges")))
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
            {"name": s.name, "joined": s.joined, "events": [_event(e) for e in store.events(s.id)]}
            for s in students
        ],
        "challenges": [
            {"id": c.id, "created": c.created, "spec": c.spec, "for": _for(c.student, students)}
            for c in store.challenges(name)
        ],
    }
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def _event(e: tuple[float, str, dict[str, Any]]) -> dict[str, Any]:
    at, kind, data = e
    return {"at": at, "kind": kind, "data": data}


def _for(student: int | None, students: list[Any]) -> str | None:
    return None if student is None else next((s.name for s in students if s.id == student), None)


def class_csv(store: ClassStore, name: str) -> str:
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(REPORT_COLUMNS)
    for r in report(store, name):
        doc = asdict(r)
        doc["lessons"] = ";".join(r.lessons)
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
