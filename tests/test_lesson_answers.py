"""Lessons as a student meets them (issue 31): the highlight stays on a wrong answer, mastery
asks for every exercise step, a nim-sum question says whose nim-sum it means."""

from __future__ import annotations

from test_ui_lessons import lesson_app
from textual.widgets import OptionList


async def test_a_wrong_answer_keeps_the_highlight() -> None:
    """Down and Enter after a wrong answer pick the choice just below it, not two below."""
    async with lesson_app("winning-move") as (_app, pilot, screen):
        while screen.step.kind != "quiz":  # which move wins? (several choices)
            await pilot.press("n")
            await pilot.pause()
        item = screen.item()
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
