"""The teacher's words for a class's data (the browser's view and ``class watch`` say the
same): a student's current activity, how long ago, a challenge's result, a move's mark."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from squaregame.lessons.strings import lesson_language, lesson_titles
from squaregame.text import Catalog, tr

MARKS = {"blunder": "✗", "slow": "~", "best": "✓", "forced": "·", "stall": "·"}


def activity_text(activity: dict[str, Any], cat: Catalog) -> str:
    """What the student is doing (or did last), in one line."""
    kind = activity.get("kind")
    if not kind:
        return cat("serve.teacher.act.none")
    values = {k: activity.get(k, "") for k in ("game", "start", "lesson", "step", "moves")}
    if activity.get("lesson"):
        values["lesson"] = lesson_name(str(activity["lesson"]), cat)
    values["challenge"] = f"#{activity.get('challenge', '?')}"
    values["count"] = activity.get("moves", 0)
    if kind == "exercise":
        kind = "exercise_right" if activity.get("right") else "exercise_wrong"
    elif kind == "game_ended":
        kind = "game_won" if activity.get("won") else "game_lost"
    elif kind == "challenge":  # (answered: "missed" is for one closed unanswered)
        kind = "challenge_solved" if activity.get("solved") else "challenge_wrong"
    elif kind in ("challenge_working", "challenge_closed"):  # (views.challenge_activity)
        kind = "challenge_opened" if kind == "challenge_working" else "challenge_missed"
    key = f"serve.teacher.act.{kind}"
    return cat(key, **values) if cat.has(key) else str(kind)


def lesson_name(lesson_id: str, cat: Catalog) -> str:
    """``Lesson 2: Hot and cold``: a lesson by its number and title in the page's language
    (as the lessons list names it); one it does not know, by its id."""
    found = lesson_titles(lesson_language(cat.lang)).get(lesson_id)
    if found is None:
        return cat("serve.teacher.lesson_unknown", id=lesson_id)
    number, title = found
    return cat("serve.teacher.lesson", number=number, title=title)


def ago(at: float | None, cat: Catalog, now: float | None = None) -> str:
    """``12 s ago``, ``3 min ago``, ``—`` (never)."""
    if at is None:
        return "—"
    seconds = max(0, int((now or time.time()) - at))
    if seconds < 60:
        return cat("serve.teacher.ago.seconds", count=seconds)
    if seconds < 3600:
        return cat("serve.teacher.ago.minutes", count=seconds // 60)
    return cat("serve.teacher.ago.hours", count=seconds // 3600)


def result_text(row: dict[str, Any], cat: Catalog) -> str:
    """A scoreboard cell: ``✓ solved, 4 moves (fewest 3), 0 blunders, 41 s, 2 hints, 1
    undo`` and the like. The fewest: the student's own moves in a perfect game (from a
    hot position of remoteness r the winner makes (r + 1) // 2 of its r moves)."""
    if not row.get("answered"):
        closed = row.get("closed")
        return cat("serve.teacher.result.closed" if closed else "serve.teacher.result.waiting")
    mark = "✓" if row.get("solved") else "✗"
    said = cat(
        "serve.teacher.result.solved" if row.get("solved") else "serve.teacher.result.missed"
    )
    parts = [f"{mark} {said}"]
    if row.get("moves") is not None:
        parts.append(
            cat(
                "serve.teacher.result.moves",
                count=row["moves"],
                fewest=fewest(row.get("remoteness")),
            )
        )
    if row.get("blunders") is not None:
        parts.append(cat("serve.teacher.result.blunders", count=row["blunders"]))
    if row.get("seconds") is not None:
        parts.append(cat("serve.teacher.result.seconds", count=round(float(row["seconds"]))))
    return ", ".join(parts + helps_text(row, cat))


def fewest(remoteness: Any) -> int | str:
    """The winner's own moves in a perfect game from a hot position of this remoteness."""
    return (int(remoteness) + 1) // 2 if isinstance(remoteness, int) and remoteness > 0 else "?"


def helps_text(row: dict[str, Any], cat: Catalog) -> list[str]:
    """The helps a challenge allowed that were used (``2 hints``, ``1 undo``); ``no help
    used`` when it allowed them and none was; nothing when it did not allow them."""
    counts = {k: row.get(k) for k in ("hints", "undos", "whys")}
    if all(v is None for v in counts.values()):
        return []
    used = [cat(f"serve.teacher.result.{k}", count=v) for k, v in counts.items() if v]
    return used or [cat("serve.teacher.result.no_helps")]


def verdict_mark(verdict: str | None) -> str:
    return MARKS.get(verdict or "", "·")


def duration(seconds: float, say: Callable[..., str] = tr) -> str:
    """``45 seconds``, ``30 minutes``, ``1 hour``: in words of the language (``say``)."""
    if seconds >= 3600 and seconds % 3600 == 0:
        return say("serve.time.hours", count=int(seconds // 3600))
    if seconds >= 60 and seconds % 60 == 0:
        return say("serve.time.minutes", count=int(seconds // 60))
    return say("serve.time.seconds", count=math.ceil(seconds))


def close_reason(text: str) -> bytes:
    """A close frame's reason: at most 123 bytes of UTF-8."""
    return text.encode("utf-8")[:123].decode("utf-8", "ignore").encode("utf-8")
