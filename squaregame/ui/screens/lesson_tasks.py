"""What the student *does* in a lesson: exercises, the table to fill, the sieve, try-it
games. Every first try counts in the lesson's score (``LessonProgress.record``); an
exercise also counts in the run that masters the lesson. Feedback is drawn in the panel,
under the question it answers (``#panel-note``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from squaregame.lessons import exercise_model as em
from squaregame.lessons import exercises as ex
from squaregame.lessons import generate as gen
from squaregame.lessons import sieve as sv
from squaregame.lessons.steps import FillStep, QuizStep, SieveStep
from squaregame.play.session import Session
from squaregame.text import tr
from squaregame.ui.messages import OpenGame
from squaregame.ui.room import roomy, spaced
from squaregame.ui.widgets.lesson_panels import FillCell, FillPanel, SievePanel

if TYPE_CHECKING:
    from squaregame.lessons.model import Lesson, Step
    from squaregame.lessons.progress import LessonProgress
    from squaregame.lessons.strings import Strings


@dataclass
class StepState:
    """What the student has done on one step (kept while moving back and forth)."""

    shown: int = 1
    marks: dict[int, tuple[bool, bool]] = field(default_factory=dict)  # n -> (said hot, right)
    cursor: int = 0
    frames: list[Any] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    # an exercise: the item, the wrong choices tried, whether it is settled
    item: em.Exercise | None = None
    attempt: int = 0
    seen: list[Any] = field(default_factory=list)  # positions drawn: the next one differs
    wrong: set[Any] = field(default_factory=set)
    settled: bool = False  # answered right, or the answer shown
    counted: bool = False  # its first try is in the score
    note: tuple[str, bool | None] = ("", None)  # the feedback under the question
    game: Session[Any] | None = None  # a try-it game
    guessed: bool = False  # the sieve's current cold position was guessed once


class LessonTasks:
    """Mixed into :class:`~squaregame.ui.screens.lesson.LessonScreen`."""

    lesson: Lesson
    progress: LessonProgress
    S: Strings
    seed: int
    index: int

    app: Any

    if TYPE_CHECKING:  # provided by the screen

        @property
        def step(self) -> Step: ...

        def state(self) -> StepState: ...
        def query_one(self, selector: Any, expect_type: Any = None) -> Any: ...
        def call_after_refresh(self, callback: Any) -> Any: ...
        def show_step(self) -> None: ...
        def status(self) -> None: ...
        def save(self) -> None: ...
        def refresh_bindings(self) -> None: ...

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

    def count(self, right: bool, exercise: bool = False) -> None:
        self.progress.record(
            right,
            exercise=exercise,
            mastery=self.lesson.mastery,
            step=self.index,
            steps=self.lesson.exercise_steps,
        )
        self.save()
        self.status()

    # -- exercises -------------------------------------------------------------------------
    def item(self) -> em.Exercise:
        st = self.state()
        if st.item is None:
            spec = self.step.as_kind(QuizStep)
            rng = em.seeded(self.seed, self.lesson.id, self.index, st.attempt)
            game = self.step.game()
            try:
                st.item = ex.generate(spec.ask, game, rng, self.S, spec.low, spec.high,
                                      (*spec.avoid, *st.seen))  # fmt: skip
            except em.NoPosition:  # every position was drawn: start again
                st.seen.clear()
                st.item = ex.generate(spec.ask, game, rng, self.S, spec.low, spec.high,
                                      spec.avoid)  # fmt: skip
            st.seen.append(st.item.position)
        return st.item

    def draw_quiz(self, at: int | None = None) -> None:
        """The question and its choices; the highlight on choice ``at`` (the one just
        answered: a wrong answer keeps it, so Down goes on to the next choice), else on the
        first choice not yet ruled out."""
        st, q = self.state(), self.item()
        prompt = self.query_one("#panel-prompt", Static)
        prompt.update(Text(q.prompt, style="bold"))
        prompt.display = True
        work = self.query_one("#panel-work", Static)
        work.update("\n".join(q.work))
        work.display = bool(q.work)
        ol = self.query_one("#quiz", OptionList)
        ol.clear_options()
        airy = roomy(*self.app.size)  # larger targets on a large terminal
        for i, (label, value) in enumerate(q.choices):
            mark = "✗ " if value in st.wrong else ("✓ " if st.settled and q.is_right(value) else "")
            ol.add_option(Option(spaced(mark + label, airy), id=str(i), disabled=value in st.wrong))
        first = next((i for i, (_, v) in enumerate(q.choices) if v not in st.wrong), 0)
        ol.highlighted = first if at is None else at
        ol.display = True
        self.call_after_refresh(ol.focus)
        self.draw_note()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id != "quiz" or self.step.spec.shows != "quiz":
            return
        st, q = self.state(), self.item()
        value = q.choices[event.option_index][1]
        if st.settled or value in st.wrong:
            return
        right = q.is_right(value)
        if not st.counted:  # only the first try counts
            st.counted = True
            self.count(right, exercise=True)
        if right:
            st.settled = True
            after = tr("ui_lessons.lesson.another_hint")
            self.note(f"{verdict(True)} {q.explain(value)}\n{after}", True)
        else:
            st.wrong.add(value)
            retry = tr("ui_lessons.lesson.retry_hint")
            self.note(f"{verdict(False)} {q.explain(value)}\n{retry}", False)
        self.draw_quiz(at=event.option_index)
        self.settle()

    def action_show_answer(self) -> None:
        st = self.state()
        if self.step.spec.shows == "sieve":
            self.sieve_reveal()
            return
        q = self.item()
        if not st.counted:
            st.counted = True
            self.count(False, exercise=True)
        st.settled = True
        answer = tr("ui_lessons.lesson.answer", answer=q.answer)
        self.note(f"{answer} {q.reveal()}\n{tr('ui_lessons.lesson.another_hint')}", None)
        self.draw_quiz()
        self.settle()

    def settle(self) -> None:
        """After an answer: the keys, the status line and the saved progress follow."""
        self.refresh_bindings()
        self.status()
        self.save()

    def action_another(self) -> None:
        st = self.state()
        st.attempt += 1
        st.item, st.wrong, st.settled, st.counted, st.note = None, set(), False, False, ("", None)
        self.show_step()

    # -- filling the table ---------------------------------------------------------------
    def draw_fill(self) -> None:
        st = self.state()
        upto = self.step.as_kind(FillStep).upto
        cells = tuple(
            FillCell(
                n,
                st.marks[n][0] if n in st.marks else None,
                st.marks[n][1] if n in st.marks else None,
            )
            for n in range(upto + 1)
        )
        self.query_one(FillPanel).show(cells, st.cursor)
        self.query_one(FillPanel).display = True
        self.draw_note()

    def action_mark(self, hot: bool) -> None:
        st = self.state()
        upto = self.step.as_kind(FillStep).upto
        n = st.cursor
        right, why = gen.check_mark(self.step.game(), n, hot, self.S)
        first = n not in st.marks
        first_try = right if first else st.marks[n][1]
        st.marks[n] = (hot, first_try)  # the face shows the latest mark; ✗ the first was wrong
        if first:
            self.count(right)
        if right and st.cursor < upto:
            st.cursor += 1
        text = f"{verdict(right)} {why}"
        if len(st.marks) == upto + 1:
            good = sum(1 for _, ok in st.marks.values() if ok)
            text += "\n" + tr("ui_lessons.lesson.fill_done", right=good, total=upto + 1)
        self.state().note = (text, right)
        self.draw_fill()

    def action_cursor(self, delta: int) -> None:
        st = self.state()
        st.cursor = max(0, min(self.step.as_kind(FillStep).upto, st.cursor + delta))
        self.draw_fill()

    # -- the sieve -------------------------------------------------------------------------
    def draw_sieve(self) -> None:
        st = self.state()
        spec = self.step.as_kind(SieveStep)
        game = self.step.game()
        if not st.frames:
            st.frames = sv.sieve(game, spec.upto, self.S)
        frame = st.frames[st.shown - 1]
        self.query_one(SievePanel).show(game, frame, spec.upto)
        self.query_one(SievePanel).display = True
        if self.sieve_asking():
            box = self.query_one("#sieve-input", Input)
            box.display = True
            two = isinstance(frame.new_cold, tuple) or isinstance(
                st.frames[st.shown].new_cold, tuple
            )
            prompt = self.query_one("#input-prompt", Static)
            ask = (
                tr("ui_lessons.lesson.sieve_ask_pair") if two else tr("ui_lessons.lesson.sieve_ask")
            )
            prompt.update(ask)
            prompt.display = True
            self.call_after_refresh(box.focus)
        self.draw_note()

    def sieve_asking(self) -> bool:
        """Is the student to name the next cold position now?"""
        st = self.state()
        auto = self.step.as_kind(SieveStep).auto
        upcoming = st.frames[st.shown] if st.shown < len(st.frames) else None
        return st.shown >= auto and upcoming is not None and upcoming.new_cold is not None

    def sieve_advance(self) -> None:
        st = self.state()
        st.shown += 1
        st.guessed = False
        if st.shown < len(st.frames) and st.frames[st.shown].new_cold is None:
            st.shown += 1  # that was the last cold position: show the finished sieve

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "sieve-input" or not event.value or not self.sieve_asking():
            return
        st = self.state()
        game = self.step.game()
        guess = sv.parse_guess(game, event.value)
        event.input.value = ""
        if guess is None:
            self.note(tr("ui_lessons.lesson.sieve_unreadable"), False)
            return
        expected = st.frames[st.shown].new_cold
        upto = self.step.as_kind(SieveStep).upto
        right, why = sv.judge_guess(game, st.frames[st.shown - 1], expected, guess, upto, self.S)
        if not st.guessed:
            st.guessed = True
            self.count(right)
        if right:
            self.sieve_advance()
            st.note = (f"{verdict(True)} {why}", True)
            self.show_step()
        else:
            self.note(f"{verdict(False)} {why}\n{tr('ui_lessons.lesson.sieve_retry')}", False)

    def sieve_reveal(self) -> None:
        st = self.state()
        if not self.sieve_asking():
            return
        if not st.guessed:
            self.count(False)
        shown = gen.fmt(self.step.game(), st.frames[st.shown].new_cold)
        self.sieve_advance()
        st.note = (tr("ui_lessons.lesson.sieve_shown", n=shown), None)
        self.show_step()

    # -- try it ------------------------------------------------------------------------------
    def action_try_it(self) -> None:
        st = self.state()
        st.game = Session(self.step.game(), self.step.position(), human_first=True)
        self.app.post_message(OpenGame(st.game, hints=False, persist=False))

    def take_try_result(self) -> None:
        """Back from a try-it game: a finished game counts — right when the student made
        no move that threw a win away."""
        st = self.state()
        game, st.game = st.game, None
        if game is None or not game.over:
            return
        blunders = len(game.human_blunders())
        self.count(blunders == 0, exercise=True)
        key = "try_clean_won" if game.winner_is_human() else "try_clean_lost"
        text = (
            tr(f"ui_lessons.lesson.{key}")
            if not blunders
            else tr("ui_lessons.lesson.try_blunders", count=blunders)
        )
        st.note = (text, blunders == 0)


def verdict(right: bool) -> str:
    return tr("ui_lessons.lesson.right" if right else "ui_lessons.lesson.wrong")
