"""Lesson progress: the furthest step, whether it was finished, and the quiz score.

Saved atomically as JSON beside the game save; an unreadable file is set aside."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from squaregame import paths
from squaregame.core.atomic import write_atomic


@dataclass
class LessonProgress:
    step: int = 0  # the step to resume at
    done: bool = False
    score: int = 0
    answered: list[int] = field(default_factory=list)  # steps whose quiz was answered


def progress_path() -> Path:
    return paths.data_dir() / "lessons.json"


def load_progress(path: Path | None = None) -> tuple[dict[str, LessonProgress], str | None]:
    from squaregame.play.saves import set_aside

    p = path or progress_path()
    if not p.exists():
        return {}, None
    try:
        raw: Any = json.loads(p.read_text(encoding="utf-8"))
        out = {}
        for key, value in raw.items():
            out[str(key)] = LessonProgress(
                step=int(value.get("step", 0)),
                done=bool(value.get("done", False)),
                score=int(value.get("score", 0)),
                answered=[int(x) for x in value.get("answered", [])],
            )
        return out, None
    except (OSError, ValueError, TypeError, AttributeError) as exc:
        moved = set_aside(p)
        return {}, f"Lesson progress was unreadable ({exc}); kept it as {moved.name}"


def save_progress(progress: dict[str, LessonProgress], path: Path | None = None) -> None:
    doc = {k: asdict(v) for k, v in progress.items()}
    write_atomic(path or progress_path(), json.dumps(doc, indent=1).encode())
