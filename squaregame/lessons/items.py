"""The items a student meets at an exercise step, one per attempt: drawn from the class's
seed (the same seed, the same items), never a position the step's text answers (its
``avoid``) nor one the student met there already (until every one was met), and — for a
kind of two answers, such as hot or cold — the two answers drawn in pairs, one of each in a
random order, so any six items in a row hold two to four of each and one answer is never
right three times running. Never imports textual."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from squaregame.core.game import Game
from squaregame.lessons import exercise_model as em
from squaregame.lessons import exercises as ex
from squaregame.lessons.steps import QuizStep
from squaregame.lessons.strings import Strings


def wanted(spec: QuizStep, seed: int, lesson_id: str, index: int, attempt: int) -> Any:
    """The right answer the ``attempt``-th item should have (None: any)."""
    kind = ex.find_exercise(spec.ask)
    if kind.answer is None:
        return None
    pair = em.seeded(seed, lesson_id, index, "pair", attempt // 2)
    first = pair.randrange(2)
    return kind.answers[first ^ (attempt % 2)]


def draw_item(
    spec: QuizStep,
    game: Game[Any],
    S: Strings,
    seed: int,
    lesson_id: str,
    index: int,
    attempt: int,
    seen: Sequence[Any] = (),
) -> em.Exercise:
    """The ``attempt``-th item of the quiz step ``index`` of a lesson (``seen``: the
    positions met there; when none is left to meet, they may come again)."""
    rng = em.seeded(seed, lesson_id, index, attempt)
    want = wanted(spec, seed, lesson_id, index, attempt)
    for avoid, answer in (((*spec.avoid, *seen), want), (spec.avoid, want), (spec.avoid, None)):
        try:
            return ex.generate(spec.ask, game, rng, S, spec.low, spec.high, avoid, answer)
        except em.NoPosition:
            continue
    raise em.NoPosition(f"no position in {spec.low}..{spec.high} suits '{spec.ask}'")
