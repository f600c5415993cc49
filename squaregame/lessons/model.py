"""Lessons and steps, loaded from TOML files.

A lesson file (``assets/lessons/<lang>/NN-name.toml``)::

    id = "hot-cold"
    title = "Hot and cold numbers"
    summary = "..."

    [[step]]
    text = "Markdown shown on the left."
    kind = "fill"            # text (default) | worked | explain | fill | sieve | quiz |
    game = "squares"         # board | pairs | grundy | sumtable | try
    upto = 21

Game fields, where a step needs a game: ``game`` (squares, subtraction, nim, wythoff or
sum), ``rule`` (a set such as "1,3,7,8"), ``rules`` (for sum, one per pile), ``misere``,
``position`` (a number, [x, y], or the piles). Quiz steps add ``ask`` (hot, move,
remoteness or grundy).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from squaregame.core.games import Game, game_from_spec
from squaregame.lessons.strings import lessons_root

KINDS = {"text", "worked", "explain", "fill", "sieve", "quiz", "board", "pairs", "grundy",
         "sumtable", "try"}  # fmt: skip
ASKS = {"hot", "move", "remoteness", "grundy"}


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the file and the step."""


@dataclass(frozen=True)
class Step:
    kind: str
    text: str
    params: dict[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)

    def game(self) -> Game[Any]:
        return game_of(self.params)

    def position(self) -> Any:
        pos = self.params.get("position")
        return tuple(pos) if isinstance(pos, list) else pos


@dataclass(frozen=True)
class Lesson:
    id: str
    number: int
    title: str
    summary: str
    steps: tuple[Step, ...]
    lang: str
    path: Path

    @property
    def quiz_count(self) -> int:
        return sum(1 for s in self.steps if s.kind == "quiz")


def game_of(p: dict[str, Any]) -> Game[Any]:
    kind = str(p.get("game", "squares"))
    if kind not in ("squares", "subtraction", "nim", "wythoff", "sum"):
        raise LessonError(f"unknown game '{kind}'")
    return game_from_spec(
        kind, p.get("rules") if kind == "sum" else p.get("rule"), bool(p.get("misere"))
    )


def load_lesson(path: Path, lang: str) -> Lesson:
    try:
        with open(path, "rb") as f:
            doc = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise LessonError(f"{path.name}: {exc}") from exc
    steps = []
    for i, raw in enumerate(doc.get("step", [])):
        kind = raw.get("kind", "text")
        if kind not in KINDS:
            raise LessonError(f"{path.name}, step {i + 1}: unknown kind '{kind}'")
        if kind == "quiz" and raw.get("ask") not in ASKS:
            raise LessonError(f"{path.name}, step {i + 1}: ask must be one of {sorted(ASKS)}")
        params = {k: v for k, v in raw.items() if k not in ("kind", "text")}
        steps.append(Step(kind, str(raw.get("text", "")).strip(), params))
    if not steps:
        raise LessonError(f"{path.name}: a lesson needs at least one [[step]]")
    number = int(path.name.split("-", 1)[0]) if path.name[:2].isdigit() else 0
    return Lesson(
        id=str(doc.get("id", path.stem)),
        number=number,
        title=str(doc.get("title", path.stem)),
        summary=str(doc.get("summary", "")),
        steps=tuple(steps),
        lang=lang,
        path=path,
    )


def load_lessons(lang: str = "en") -> list[Lesson]:
    """Every lesson of a language, in file order (falls back to English)."""
    folder = lessons_root() / lang
    if not folder.is_dir():
        folder = lessons_root() / "en"
        lang = "en"
    return [load_lesson(p, lang) for p in sorted(folder.glob("[0-9][0-9]-*.toml"))]


def find_lesson(name: str, lang: str = "en") -> Lesson:
    """By number (``3``), id (``why-22``) or a unique start of the title."""
    lessons = load_lessons(lang)
    key = name.strip().lower()
    for lesson in lessons:
        if key in (str(lesson.number), lesson.id.lower()):
            return lesson
    matches = [x for x in lessons if x.title.lower().startswith(key) or x.id.startswith(key)]
    if len(matches) == 1:
        return matches[0]
    names = ", ".join(f"{x.number} ({x.id})" for x in lessons)
    raise LessonError(f"no lesson '{name}' (lessons: {names})")
