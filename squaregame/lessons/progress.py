"""Lesson progress: the step to resume at, whether the last step was reached, the score
(everything answered: exercises, marks in a table, sieve guesses, try-it games — each right
or wrong at its first try), the run of answers right in a row, the exercise steps ever
answered right at the first try, and mastery (the rule: :mod:`squaregame.lessons.mastery`).
A file written before the steps were kept has none: its lessons keep the mastery they were
given (and a file written before the run was kept starts a new run).

Saved atomically as JSON beside the saved games (:mod:`squaregame.play.files`): checked
against its schema when read (a damaged file is set aside, never lost), and written
read-modify-write under a lock, one lesson at a time, so two windows running two lessons
keep both lessons' progress."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from squaregame import paths
from squaregame.lessons.mastery import MAX_RUN, Answer, Run, run_done
from squaregame.play.files import Damaged, UserFile, expect, expect_int

PROGRESS_LIMIT = 1024 * 1024  # bytes: a sound file is a few kilobytes
MAX_STEPS = 10_000  # no lesson has as many steps; a larger number is damage
MAX_LESSONS = 1_000
MAX_COUNT = 10**9  # answers and items: a larger number is damage


@dataclass
class LessonProgress:
    step: int = 0  # the step to resume at
    done: bool = False  # the last step was reached
    score: int = 0  # answers right at the first try
    tried: int = 0  # answers given (first tries)
    mastered: bool = False
    right_steps: list[int] = field(default_factory=list)  # exercise steps ever answered right
    run: Run = field(default_factory=Run)  # the answers right in a row

    @property
    def streak(self) -> int:
        """How many answers are in the run (right in a row, each item once)."""
        return self.run.length

    def record(
        self,
        answer: Answer,
        *,
        exercise: bool = False,
        mastery: int = 3,
        step: int | None = None,
        steps: tuple[int, ...] = (),
    ) -> None:
        """One first try: it counts in the score and in the run; an exercise's, at ``step``
        among the lesson's exercise ``steps``. Mastered as :mod:`~squaregame.lessons.mastery`
        says: every one of ``steps`` answered right at least once, and the run."""
        self.tried += 1
        self.score += answer.right
        self.run.add(answer)
        if exercise and answer.right and step is not None and step not in self.right_steps:
            self.right_steps = sorted({*self.right_steps, step})
        done = run_done(self.run, mastery) and not self.steps_left(steps)
        self.mastered = self.mastered or done

    def snapshot(self) -> LessonProgress:
        """A copy that later answers do not change (what a message carries: the app may
        handle it after the student has answered again)."""
        return replace(self, right_steps=list(self.right_steps), run=replace(self.run))

    def steps_left(self, steps: tuple[int, ...]) -> tuple[int, ...]:
        """The exercise steps among ``steps`` never answered right yet."""
        return tuple(s for s in steps if s not in self.right_steps)

    @property
    def status(self) -> str:
        """``new``, ``attempted`` or ``mastered`` (the lesson list shows it)."""
        if self.mastered:
            return "mastered"
        return "attempted" if (self.step or self.tried or self.done) else "new"


def progress_path() -> Path:
    return paths.data_dir() / "lessons.json"


def _one(key: str, value: Any) -> LessonProgress:
    expect(value, dict, key)
    # files of 1.x also hold "answered" (the steps whose one quiz was answered): ignored
    score = expect_int(value.get("score", 0), f"{key}.score", 0, MAX_COUNT)
    return LessonProgress(
        step=expect_int(value.get("step", 0), f"{key}.step", 0, MAX_STEPS),
        done=expect(value.get("done", False), bool, f"{key}.done"),
        score=score,
        tried=expect_int(value.get("tried", score), f"{key}.tried", score, MAX_COUNT),
        mastered=expect(value.get("mastered", False), bool, f"{key}.mastered"),
        right_steps=_steps(value.get("right_steps", []), f"{key}.right_steps"),
        run=_run(value.get("run"), f"{key}.run"),
    )


def _run(value: Any, key: str) -> Run:
    """The run (absent from files written before it was kept: a new run)."""
    if value is None:
        return Run()
    expect(value, dict, key)
    items = expect(value.get("items", []), list, f"{key}.items")
    if len(items) > MAX_RUN or not all(isinstance(i, str) and len(i) <= 200 for i in items):
        raise Damaged("field", field=f"{key}.items")
    bits = value.get("bits", 0.0)
    if not isinstance(bits, (int, float)) or isinstance(bits, bool) or not 0 <= bits <= 1e6:
        raise Damaged("field", field=f"{key}.bits")

    def common(name: str, kind: type) -> list[Any] | None:
        found = value.get(name)
        if found is None:
            return None
        expect(found, list, f"{key}.{name}")
        if len(found) > MAX_RUN or not all(isinstance(x, kind) for x in found):
            raise Damaged("field", field=f"{key}.{name}")
        return list(found)

    return Run(list(items), float(bits), common("labels", str), common("places", int))


def _steps(value: Any, key: str) -> list[int]:
    """The steps answered right (absent from files written before they were kept)."""
    expect(value, list, key)
    if len(value) > MAX_STEPS:
        raise Damaged("field", field=key)
    return sorted({expect_int(v, key, 0, MAX_STEPS) for v in value})


def parse_progress(doc: Any) -> dict[str, LessonProgress]:
    """Every lesson's progress from a JSON document (:class:`Damaged` if it is not sound)."""
    expect(doc, dict, "lessons")
    if len(doc) > MAX_LESSONS:
        raise Damaged("field", field="lessons")
    return {str(key): _one(str(key)[:40], value) for key, value in doc.items()}


def encode_progress(progress: dict[str, LessonProgress]) -> bytes:
    return json.dumps({k: asdict(v) for k, v in progress.items()}, indent=1).encode()


def progress_file(path: Path | None = None) -> UserFile[dict[str, LessonProgress]]:
    return UserFile(
        path or progress_path(), "progress", parse_progress, encode_progress, PROGRESS_LIMIT
    )


def load_progress(path: Path | None = None) -> tuple[dict[str, LessonProgress], str | None]:
    progress, message = progress_file(path).load()
    return progress or {}, message


def save_lesson(
    file: UserFile[dict[str, LessonProgress]], lesson_id: str, progress: LessonProgress
) -> tuple[dict[str, LessonProgress], str | None]:
    """Write one lesson's progress into what the file holds now (other lessons, perhaps
    changed by another window, are kept), under the file's lock. Returns every lesson's
    progress now in the file, and anything to tell the person."""

    def change(current: dict[str, LessonProgress] | None) -> dict[str, LessonProgress]:
        merged = dict(current or {})
        merged[lesson_id] = progress
        return merged

    return file.update(change)


def reset_lesson(
    file: UserFile[dict[str, LessonProgress]], lesson_id: str
) -> tuple[dict[str, LessonProgress], str | None]:
    """Forget one lesson's progress (the others are kept), under the file's lock."""

    def change(current: dict[str, LessonProgress] | None) -> dict[str, LessonProgress]:
        return {k: v for k, v in (current or {}).items() if k != lesson_id}

    return file.update(change)
