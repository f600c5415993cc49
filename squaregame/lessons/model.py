"""Lessons and steps, loaded from TOML files (the format: ``squaregame.lessons.schema``)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, TypeVar

from squaregame.core.errors import GameError
from squaregame.core.game import Game
from squaregame.core.kinds import Kinds
from squaregame.core.spec import GameSpec
from squaregame.core.tables import Tables
from squaregame.lessons.modes import APP, for_mode
from squaregame.lessons.schema import (
    LessonError,
    LessonFile,
    LessonGames,
    parse_step,
    read_fields,
    step_kinds,
)
from squaregame.lessons.steps import GameStep, PositionStep, StepSpec
from squaregame.lessons.strings import lessons_root
from squaregame.text import error_text

S = TypeVar("S", bound=StepSpec)


@dataclass(frozen=True)
class Step:
    """One step of a lesson; ``spec`` is its typed definition (see ``schema``), ``game_spec``
    the game it is about (read when the lesson is loaded; None for a step without one)."""

    spec: StepSpec
    game_spec: GameSpec | None = None

    @property
    def kind(self) -> str:
        return self.spec.kind

    @property
    def text(self) -> str:
        """The step's text as the app says it (see :mod:`squaregame.lessons.modes`)."""
        return for_mode(self.spec.text, APP)

    def text_in(self, mode: str) -> str:
        """The step's text as ``mode`` (``app`` or ``text``) says it."""
        return for_mode(self.spec.text, mode)

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
        """The step's game (a step without one has none: a :class:`LessonError`)."""
        if self.game_spec is None:
            raise LessonError(f"a {self.kind} step has no game")
        return self.game_spec.build(tables or Tables())

    def game_or_none(self, tables: Tables | None = None) -> Game[Any] | None:
        return None if self.game_spec is None else self.game(tables)

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
    mastery: int = 3  # the fewest answers in the run that masters it (lessons.mastery)

    @property
    def quiz_count(self) -> int:
        """How many steps are exercises (generated items, or try-it games): these count
        towards mastery."""
        return len(self.exercise_steps)

    @property
    def exercise_steps(self) -> tuple[int, ...]:
        """The indices of the exercise steps: mastery asks each to be answered right once."""
        return tuple(i for i, s in enumerate(self.steps) if s.kind in ("quiz", "try"))


def spec_of(p: dict[str, Any], kinds: Kinds) -> GameSpec:
    """The game a step's fields describe (its ``game``, ``rule`` or ``rules``, ``misere``)."""
    try:
        return kinds.spec_from_mapping(p)
    except GameError as exc:
        raise LessonError(error_text(exc)) from None


def game_of(p: dict[str, Any], kinds: Kinds, tables: Tables | None = None) -> Game[Any]:
    """The game a step's fields describe, built."""
    return spec_of(p, kinds).build(tables or Tables())


def _step(spec: StepSpec, kinds: Kinds) -> Step:
    if not isinstance(spec, GameStep):
        return Step(spec)
    fields_ = {f.name: getattr(spec, f.name) for f in fields(spec)}
    return Step(spec, spec_of({k: v for k, v in fields_.items() if v is not None}, kinds))


def load_lesson(path: Path, lang: str, games: LessonGames) -> Lesson:
    try:
        with open(path, "rb") as f:
            doc = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise LessonError(f"{path.name}: {exc}") from exc
    head = read_fields(LessonFile, doc, path.name, "a lesson")
    kinds, specs = games.kinds, step_kinds(games)
    steps = tuple(
        _step(parse_step(raw, f"{path.name}, step {i}", kinds, specs), kinds)
        for i, raw in enumerate(head.step, 1)
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


def load_lessons(games: LessonGames, lang: str = "en") -> list[Lesson]:
    """Every lesson of a language, in file order (falls back to English)."""
    folder = lessons_root() / lang
    if not folder.is_dir():
        folder = lessons_root() / "en"
        lang = "en"
    return [load_lesson(p, lang, games) for p in sorted(folder.glob("[0-9][0-9]-*.toml"))]


def find_lesson(name: str, games: LessonGames, lang: str = "en") -> Lesson:
    """By number (``3``), id (``why-22``) or a unique start of the title."""
    lessons = load_lessons(games, lang)
    found = match_lesson(name, lessons)
    if found is None:
        names = ", ".join(f"{x.number} ({x.id})" for x in lessons)
        raise LessonError(f"no lesson '{name}' (lessons: {names})")
    return found


def match_lesson(name: str, lessons: list[Lesson]) -> Lesson | None:
    """The lesson ``name`` names among ``lessons`` (see :func:`find_lesson`), if one."""
    key = name.strip().lower()
    for lesson in lessons:
        if key in (str(lesson.number), lesson.id.lower()):
            return lesson
    matches = [x for x in lessons if x.title.lower().startswith(key) or x.id.startswith(key)]
    return matches[0] if len(matches) == 1 else None
