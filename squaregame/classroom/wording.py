"""The teacher's words for a class's data (the browser's view and ``class watch`` say the
same): a student's current activity, how long ago, a challenge's result, a move's mark."""

from __future__ import annotations

import time
from typing import Any

from squaregame.text import Catalog

MARKS = {"blunder": "✗", "slow": "~", "best": "✓", "forced": "·", "stall": "·"}


def activity_text(activity: dict[str, Any], cat: Catalog) -> str:
    """What the student is doing (or did last), in one line."""
    kind = activity.get("kind")
    if not kind:
        return cat("serve.teacher.act.none")
    values = {k: activity.get(k, "") for k in ("game", "start", "lesson", "step", "moves")}
    values["challenge"] = f"#{activity.get('challenge', '?')}"
    values["count"] = activity.get("moves", 0)
    if kind == "exercise":
        kind = "exercise_right" if activity.get("right") else "exercise_wrong"
    elif kind == "game_ended":
        kind = "game_won" if activity.get("won") else "game_lost"
    elif kind == "challenge":
        kind = "challenge_solved" if activity.get("solved") else "challenge_missed"
    key = f"serve.teacher.act.{kind}"
    return cat(key, **values) if cat.has(key) else str(kind)


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
    """A scoreboard cell: ``✓ solved in 4 moves (fewest 3), 0 blunders, 41 s`` and the like."""
    if not row.get("answered"):
        return cat("serve.teacher.result.waiting")
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
                fewest=row.get("remoteness") or "?",
            )
        )
    if row.get("blunders") is not None:
        parts.append(cat("serve.teacher.result.blunders", count=row["blunders"]))
    if row.get("seconds") is not None:
        parts.append(cat("serve.teacher.result.seconds", count=round(float(row["seconds"]))))
    return ", ".join(parts)


def verdict_mark(verdict: str | None) -> str:
    return MARKS.get(verdict or "", "·")
