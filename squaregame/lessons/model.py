"""Lessons and steps, loaded from TOML files (the format: ``squaregame.lessons.schema``)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, TypeVar

from squaregame.core.errors import GameError
from squaregame.core.game import Game
from squaregame.core.spec import GameSpec
from squaregame.core.tables import Tables
from squaregame.lessons.schema import (
    DEFAULT_GAME,
    LessonFile,
    PositionStep,
    StepSpec,
    parse_step,
    read_fields,
)
from squaregame.lessons.schema import LessonError as LessonError  # callers import it here
from squaregame.lessons.strings import lessons_root
from squaregame.text import error_text

S = TypeVar("S", bound=StepSpec)


@dataclass(frozen=True)
class Step:
    """One step of a lesson; ``spec`` is its typed definition (see ``schema``)."""

    spec: StepSpec

    @property
    def kind(self) -> str:
        return self.spec.kind

    @property
    def text(self) -> str:
        return self.spec.text

    @property
    def params(self) -> dict[str, Any]:
        """The step's fields but its text, as given or defaulted (fields left unset omitted)."""
        values = {f.name: getattr(self.spec, f.name) for f in fields(self.spec)}
        return {k: v for k, v in values.items() if k != "text" and v is not None}

    def as_kind(self, cls: type[S]) -> S:
        """The typed definition, which must be of kind ``cls`` (e.g. ``FillStep``)."""
        if not isinstance(self.spec, cls):
            raise TypeError(f"a {self.kind} step is not a {cls.kind} step")
        return self.spec

    def game(self, tables: Tables | None = None) -> Game[Any]:
        return game_of(self.params, tables)

    def position(self) -> Any:
        return self.spec.position if isinstance(self.spec, PositionStep) else None


@dataclass(frozen=True)
class Lesson:
    id: str
    number: int
    title: str
    summary: str
    steps: tuple[Step, ...]
    lang: str
    path: Path
    mastery: int = 3  # exercises right in a row, at the first try

    @property
    def quiz_count(self) -> int:
        """How many steps are exercises (generated items, or try-it games): these count
        towards mastery."""
        return sum(1 for s in self.steps if s.kind in ("quiz", "try"))


def game_of(p: dict[str, Any], tables: Tables | None = None) -> Game[Any]:
    """The game a step's fields describe, built through its :class:`GameSpec`."""
    try:
        spec = GameSpec.from_mapping({"game": DEFAULT_GAME, **p})
    except GameError as exc:
        raise LessonError(error_text(exc)) from None
    return spec.build(tables or Tables())


def load_lesson(path: Path, lang: str) -> Lesson:
    try:
        with open(path, "rb") as f:
            doc = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise LessonError(f"{path.name}: {exc}") from exc
    head = read_fields(LessonFile, doc, path.name, "a lesson")
    steps = tuple(
        Step(parse_step(raw, f"{path.name}, step {i}")) for i, raw in enumerate(head.step, 1)
    )
    number = int(path.name.split("-", 1)[0]) if path.name[:2].isdigit() else 0
    return Lesson(
        id=head.id or path.stem,
        number=number,
        title=head.title or path.stem,
        summary=head.summary,
        steps=steps,
        lang=lang,
        path=path,
        mastery=head.mastery,
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
