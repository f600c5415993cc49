"""What the student *does* in a lesson, as the screen sees it: each key and each answer is
passed to the step's panel (:mod:`squaregame.ui.lesson.panel`), which knows the step; the
screen keeps the feedback (drawn in the panel, under the question it answers:
``#panel-note``) and counts every first try in the lesson's score and in the run that
masters it (``LessonProgress.record``; the rule: :mod:`squaregame.lessons.mastery`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.widgets import Input, OptionList, Static

from squaregame.ui.lesson.panel import LessonPanel, StepState

if TYPE_CHECKING:
    from squaregame.lessons.mastery import Answer
    from squaregame.lessons.model import Lesson
    from squaregame.lessons.progress import LessonProgress


class LessonTasks:
    """Mixed into :class:`~squaregame.ui.screens.lesson.LessonScreen`."""

    lesson: Lesson
    progress: LessonProgress
    index: int

    if TYPE_CHECKING:  # provided by the screen

        def panel(self) -> LessonPanel: ...
        def state(self) -> StepState: ...
        def query_one(self, selector: Any, expect_type: Any = None) -> Any: ...
        def status(self) -> None: ...
        def save(self) -> None: ...
        def refresh_bindings(self) -> None: ...

    # -- the step's keys and answers: its panel's -------------------------------------------
    def action_reveal(self) -> None:
        self.panel().reveal()

    def action_mark(self, hot: bool) -> None:
        self.panel().mark(hot)

    def action_cursor(self, delta: int) -> None:
        self.panel().cursor(delta)

    def action_another(self) -> None:
        self.panel().another()

    def action_show_answer(self) -> None:
        self.panel().show_answer()

    def action_try_it(self) -> None:
        self.panel().try_it()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.panel().chosen(event)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.panel().typed(event)

    # -- feedback and the score ----------------------------------------------------------------
    def note(self, text: str, good: bool | None = None) -> None:
        """Feedback under the question, kept with the step."""
        self.state().note = (text, good)
        self.draw_note()

    def draw_note(self) -> None:
        text, good = self.state().note
        widget = self.query_one("#panel-note", Static)
        widget.set_class(good is True, "good")
        widget.set_class(good is False, "bad")
        widget.update(text)
        widget.display = bool(text)

    def count(self, answer: Answer, exercise: bool = False) -> None:
        self.progress.record(
            answer,
            exercise=exercise,
            mastery=self.lesson.mastery,
            step=self.index,
            steps=self.lesson.exercise_steps,
        )
        self.save()
        self.status()

    def settle(self) -> None:
        """After an answer: the keys, the status line and the saved progress follow."""
        self.refresh_bindings()
        self.status()
        self.save()
