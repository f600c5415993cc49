"""Lessons as a student meets them (issue 31): the highlight stays on a wrong answer, mastery
asks for every exercise step, a nim-sum question says whose nim-sum it means."""

from __future__ import annotations

from test_ui_lessons import asked, lesson_app
from textual.widgets import OptionList


async def test_a_wrong_answer_keeps_the_highlight() -> None:
    """Down and Enter after a wrong answer pick the choice just below it, not two below."""
    async with lesson_app("winning-move") as (_app, pilot, screen):
        while screen.step.kind != "quiz":  # which move wins? (several choices)
            await pilot.press("n")
            await pilot.pause()
        item = asked(screen)
        values = [v for _, v in item.choices]
        wrong = next(i for i, v in enumerate(values[:-1]) if not item.is_right(v))
        quiz = screen.query_one("#quiz", OptionList)
        quiz.highlighted = wrong
        await pilot.press("enter")
        await pilot.pause()
        assert not screen.state().settled
        assert quiz.highlighted == wrong
        await pilot.press("down", "enter")
        await pilot.pause()
        below = values[wrong + 1]  # answered: ruled out, or the question settled
        st = screen.state()
        assert (below in st.wrong) if not item.is_right(below) else st.settled
        assert st.wrong <= {values[wrong], below}


async def test_mastery_asks_every_exercise_step() -> None:
    """A run long enough at one step while the find-the-blunder step was never tried is no
    mastery: every exercise step right at least once, and the run (issue 31)."""
    from test_ui_lessons import choose

    from squaregame.lessons.mastery import Answer, run_done
    from squaregame.text import tr

    async with lesson_app("winning-move") as (_app, pilot, screen):
        while screen.step.kind != "quiz":
            await pilot.press("n")
            await pilot.pause()
        first = screen.index
        p = screen.progress
        for _ in range(40):  # right until the run is long enough (the counter says how long)
            item = asked(screen)
            await choose(pilot, screen, next(v for _, v in item.choices if item.is_right(v)))
            if run_done(p.run, screen.lesson.mastery):
                break
            await pilot.press("a")
            await pilot.pause()
        assert run_done(p.run, screen.lesson.mastery) and not p.mastered
        assert p.right_steps == [first]
        others = [i for i in screen.lesson.exercise_steps if i != first]
        status = str(screen.query_one("#lesson-status").render())
        listed = ", ".join(str(i + 1) for i in others)
        assert tr("ui_lessons.lesson.steps_left", count=len(others), steps=listed) in status
        steps = screen.lesson.exercise_steps
        p.record(Answer("x", True, 3.0), exercise=True, step=others[0], steps=steps)
        assert not p.mastered  # one step still never answered
        for step in others[1:]:
            p.record(Answer(f"x{step}", True, 3.0), exercise=True, step=step, steps=steps)
        assert p.mastered


def test_old_progress_without_its_steps_still_loads_and_keeps_its_mastery() -> None:
    from squaregame.lessons.progress import encode_progress, parse_progress

    old = {"winning-move": {"step": 3, "done": False, "score": 3, "tried": 3, "streak": 3,
                            "mastered": True}}  # fmt: skip
    loaded = parse_progress(old)["winning-move"]
    assert loaded.mastered and loaded.right_steps == []
    assert loaded.streak == 0  # a run of before issue 42 is not known item by item: a new run
    import json

    again = parse_progress(json.loads(encode_progress({"w": loaded})))["w"]
    assert again == loaded


def test_the_lesson_list_says_what_mastered_takes() -> None:
    from squaregame.text import set_language, tr
    from squaregame.ui.screens.lessons import help_text

    for lang, word in (("en", "at least once"), ("ru", "хотя бы раз"), ("es", "al menos una")):
        set_language(lang)
        assert word in help_text() and tr("ui_lessons.list.rule") in help_text()
