"""What the teacher's pages are given, worked out off the event loop: one student's detail
(:func:`student_detail`) and a challenge read from the teacher's form (:func:`read_challenge`)."""

from __future__ import annotations

from typing import Any

from squaregame.classroom import challenges
from squaregame.classroom.challenges import describe
from squaregame.classroom.views import ClassLive
from squaregame.classroom.wording import result_text, verdict_mark
from squaregame.core.errors import GameError
from squaregame.core.numbers import read_whole, split_values
from squaregame.text import Catalog


def student_detail(live: ClassLive, sid: int, cat: Catalog) -> dict[str, Any]:
    """(On the worker.) What the teacher's page shows of one student: their game so far,
    moves with their marks, mistakes in words, their challenges' results."""
    d = live.students[sid].detail()
    game = d["game"] or {}
    d["game_title"] = (
        cat("serve.teacher.game_from", game=game.get("game", ""), start=game.get("start", ""))
        if game
        else ""
    )
    d["moves"] = [
        {
            "n": m.get("n"),
            "human": m.get("human", True),
            "move": m.get("move", ""),
            "mark": verdict_mark(m.get("verdict")),
        }
        for m in d["moves"]
    ]
    d["mistakes"] = [{"text": mistake_text(m, cat)} for m in d["mistakes"]]
    d["challenges"] = [
        {"id": r["challenge"], "text": describe(r["spec"], cat), "result": result_text(r, cat)}
        for r in live.scoreboard()
        if r["student_id"] == sid
    ]
    return d


def mistake_text(m: dict[str, Any], cat: Catalog) -> str:
    key = (
        "serve.teacher.mistake_blunder"
        if m.get("verdict") == "blunder"
        else "serve.teacher.mistake_slow"
    )
    return cat(
        key,
        game=m.get("game") or "",
        n=m.get("n", "?"),
        move=m.get("move", ""),
        best=", ".join(m.get("best", [])) or "?",
    )


def read_challenge(body: dict[str, Any]) -> tuple[dict[str, Any], int | None]:
    """The form's challenge: its position is numbers (``7 9``), or a sum's parts each
    named as ``play sum`` takes them (``squares:10 wythoff:3,5 kayles:7``)."""
    typed = str(body.get("position", ""))[:200]
    position: list[int] | int | str
    if ":" in typed:
        position = typed.strip()
    else:
        numbers = [read_whole(w) for w in split_values(typed)]
        if not numbers:
            raise GameError("serve.challenge.errors.form")
        position = numbers if len(numbers) > 1 else numbers[0]
    rules = str(body.get("rules") or "").strip()[:200] or None
    rule_list = rules.split(";") if rules and ";" in rules else rules
    spec = challenges.make(
        str(body.get("game", ""))[:40],
        position,
        rules=rule_list,
        misere=body.get("misere") is True,
        ask=str(body.get("ask", "win")),
        helps=body.get("helps") is True,
    )
    student = body.get("student")
    if student is None or student == "":
        return spec, None  # the whole class
    if type(student) is not int or not 0 < student < 2**62:
        raise GameError("serve.class.errors.no_student")
    return spec, student
