"""One lesson: step text on the left, the step's interactive part on the right.

The lesson speaks its own language (its steps, and what ``squaregame.lessons.generate``
writes with its ``Strings``); the screen around it — Footer keys, the step counter,
feedback and prompts — speaks the app's (``tr``), and switches with it (:meth:`relocalize`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from squaregame import paths
from squaregame.core.games import PileGame, SumGame
from squaregame.lessons import generate as gen
from squaregame.lessons.model import Lesson, Step
from squaregame.lessons.progress import LessonProgress
from squaregame.lessons.schema import (
    BoardStep,
    FillStep,
    GrundyStep,
    PairsStep,
    QuizStep,
    SieveStep,
    SumTableStep,
)
from squaregame.lessons.strings import Strings
from squaregame.play.session import Session
from squaregame.text import tr
from squaregame.ui.keys import keys
from squaregame.ui.localize import localize_bindings
from squaregame.ui.messages import OpenGame, SaveLessonProgress
from squaregame.ui.widgets.lesson_panels import (
    BoardPanel,
    FillCell,
    FillPanel,
    RevealPanel,
    SievePanel,
)

REVEAL_KINDS = {"worked", "board", "sieve"}


@dataclass
class StepState:
    """What the student has done on one step (kept while moving back and forth)."""

    shown: int = 1
    marks: dict[int, tuple[bool, bool]] = field(default_factory=dict)  # n -> (said hot, right)
    cursor: int = 0
    answered: Any = None
    frames: list[Any] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


class LessonScreen(Screen[None]):
    CSS_PATH = str(paths.asset("styles", "lesson.tcss"))
    BINDINGS = [
        # priority: the quiz list and the sieve's input must not swallow step navigation
        Binding(keys("pagedown,n"), "step(1)", "ui_lessons.keys.next", key_display="n",
                priority=True),
        Binding(keys("pageup,b"), "step(-1)", "ui_lessons.keys.back", key_display="b",
                priority=True),
        Binding("space", "reveal", "ui_lessons.keys.more"),
        Binding(keys("t"), "try_it", "ui_lessons.keys.try"),
        Binding(keys("h"), "mark(True)", "ui_lessons.keys.hot"),
        Binding(keys("c"), "mark(False)", "ui_lessons.keys.cold"),
        Binding("left", "cursor(-1)", "←", show=False),
        Binding("right", "cursor(1)", "→", show=False),
        Binding("escape", "app.pop_screen", "ui_lessons.keys.lessons"),
        Binding("question_mark", "app.help", "ui_lessons.keys.help"),
    ]  # fmt: skip

    def __init__(self, lesson: Lesson, progress: LessonProgress) -> None:
        super().__init__()
        localize_bindings(self)
        self.lesson = lesson
        self.S = Strings(lesson.lang)
        self.progress = progress
        self.index = max(0, min(progress.step, len(lesson.steps) - 1))
        self.states: dict[int, StepState] = {}

    # -- layout --------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Horizontal(id="lesson-main"):
            with VerticalScroll(id="lesson-text-box"):
                yield Markdown(id="lesson-text")
            with VerticalScroll(id="lesson-panel"):
                yield Static(id="panel-prompt")
                yield RevealPanel(id="reveal")
                yield FillPanel(id="fill")
                yield SievePanel(id="sieve")
                yield BoardPanel(id="board")
                yield OptionList(id="quiz")
                yield Input(placeholder="…", id="sieve-input", restrict=r"[0-9]*", max_length=6)
                yield Static(id="panel-note")
        yield Static(id="lesson-feedback")
        yield Static(id="lesson-status")
        yield Footer(compact=True, show_command_palette=False)  # Ctrl+P still opens it

    def on_mount(self) -> None:
        self.title = f"{self.lesson.number}. {self.lesson.title}"
        self.show_step()

    def relocalize(self) -> None:
        """The app's language changed: redraw the screen's own texts (the lesson stays)."""
        self.show_step()

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    def state(self) -> StepState:
        return self.states.setdefault(self.index, StepState())

    # -- drawing -------------------------------------------------------------------------
    def show_step(self) -> None:
        step, st = self.step, self.state()
        self.query_one("#lesson-text", Markdown).update(step.text or "")
        for child in self.query_one("#lesson-panel").children:
            child.display = False
        self.feedback("")
        kind = step.kind
        self.query_one("#lesson-panel").display = kind != "text"
        if kind in ("worked", "explain", "pairs", "grundy", "sumtable"):
            if not st.lines:
                st.lines = self._lines(step)
            shown = st.shown if kind == "worked" else len(st.lines)
            self.query_one(RevealPanel).show(st.lines, shown)
            self.query_one(RevealPanel).display = True
        elif kind == "fill":
            self._draw_fill()
        elif kind == "sieve":
            self._draw_sieve()
        elif kind == "board":
            size = step.as_kind(BoardStep).size
            if not st.frames:
                st.frames = gen.wythoff_colouring(size, self.S)
            self.query_one(BoardPanel).show(st.frames[st.shown - 1], size)
            self.query_one(BoardPanel).display = True
        elif kind == "quiz":
            self._draw_quiz()
        elif kind == "try":
            note = self.query_one("#panel-note", Static)
            note.update(tr("ui_lessons.lesson.try_help"))
            note.display = True
        self._status()
        self.refresh_bindings()
        self._save(done=self.index == len(self.lesson.steps) - 1)

    def _lines(self, step: Step) -> list[str]:
        S = self.S
        if step.kind == "worked":
            return gen.worked_game(step.game(), step.position(), S)
        if step.kind == "explain":
            return gen.explain_position(step.game(), step.position(), S)
        if step.kind == "pairs":
            return gen.pair_lines(step.as_kind(PairsStep).count, S)
        if step.kind == "grundy":  # a one-pile game (the lesson schema says so)
            game = cast(PileGame, step.game())
            return gen.grundy_lines(game, step.as_kind(GrundyStep).upto, S)
        spec = step.as_kind(SumTableStep)  # a sum (the lesson schema says so)
        return gen.sum_table(cast(SumGame, step.game()), spec.width, spec.height, S)

    def _status(self) -> None:
        n = self.lesson.quiz_count
        parts = [tr("ui_lessons.lesson.step_of", n=self.index + 1, total=len(self.lesson.steps))]
        if n:
            parts.append(tr("ui_lessons.lesson.score", k=self.progress.score, n=n))
        self.query_one("#lesson-status", Static).update(" · ".join(parts))

    def feedback(self, text: str, good: bool | None = None) -> None:
        fb = self.query_one("#lesson-feedback", Static)
        fb.set_class(good is True, "good")
        fb.set_class(good is False, "bad")
        fb.update(text)

    # -- actions -------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        kind = self.step.kind
        if action == "reveal":
            return kind in REVEAL_KINDS
        if action == "try_it":
            return kind == "try"
        if action in ("mark", "cursor"):
            return kind == "fill"
        if action == "step":
            step = int(str(parameters[0])) if parameters else 1
            target = self.index + step
            return True if 0 <= target < len(self.lesson.steps) else None
        return True

    def action_step(self, delta: int) -> None:
        self.index = max(0, min(len(self.lesson.steps) - 1, self.index + delta))
        self.show_step()
        if self.index == len(self.lesson.steps) - 1 and self.lesson.quiz_count:
            n = self.lesson.quiz_count
            self.feedback(tr("ui_lessons.lesson.finished", k=self.progress.score, n=n))

    def action_reveal(self) -> None:
        st = self.state()
        kind = self.step.kind
        total = len(st.lines) if kind == "worked" else len(st.frames)
        if kind == "sieve":
            total = min(total, self.step.as_kind(SieveStep).auto)
        if st.shown < total:
            st.shown += 1
        self.show_step()

    def action_try_it(self) -> None:
        session: Session[Any] = Session(self.step.game(), self.step.position(), human_first=True)
        self.app.post_message(OpenGame(session, hints=False, persist=False))

    # -- quizzes -------------------------------------------------------------------------
    def _question(self) -> gen.Question:
        ask = self.step.as_kind(QuizStep).ask
        return gen.question(ask, self.step.game(), self.step.position(), self.S)

    def _draw_quiz(self) -> None:
        q = self._question()
        if not self.step.text:  # a bare quiz: its question is the heading
            self.query_one("#lesson-text", Markdown).update(f"# {q.prompt}")
        ol = self.query_one("#quiz", OptionList)
        ol.clear_options()
        ol.add_options([Option(label, id=str(i)) for i, (label, _) in enumerate(q.choices)])
        ol.highlighted = 0
        ol.display = True
        prompt = self.query_one("#panel-prompt", Static)
        prompt.update(Text(q.prompt, style="bold"))
        prompt.display = True
        self.call_after_refresh(ol.focus)
        st = self.state()
        if st.answered is not None:
            self._feedback_for(q, st.answered)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id != "quiz":
            return
        q = self._question()
        value = q.choices[event.option_index][1]
        st = self.state()
        if self.index not in self.progress.answered:  # only the first answer scores
            self.progress.answered.append(self.index)
            if q.is_right(value):
                self.progress.score += 1
            self._save(done=self.progress.done)
        st.answered = value
        self._feedback_for(q, value)
        self._status()

    def _feedback_for(self, q: gen.Question, value: Any) -> None:
        right = q.is_right(value)
        self.feedback(f"{verdict(right)} {q.why}", right)

    # -- filling the table ---------------------------------------------------------------
    def _draw_fill(self) -> None:
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
        if len(st.marks) == upto + 1:
            right = sum(1 for _, ok in st.marks.values() if ok)
            note = self.query_one("#panel-note", Static)
            note.update(tr("ui_lessons.lesson.fill_done", right=right, total=upto + 1))
            note.display = True

    def action_mark(self, hot: bool) -> None:
        st = self.state()
        upto = self.step.as_kind(FillStep).upto
        n = st.cursor
        right, why = gen.check_mark(self.step.game(), n, hot, self.S)
        first_try = st.marks[n][1] if n in st.marks else right
        st.marks[n] = (hot, first_try)  # the face shows the latest mark; ✗ the first was wrong
        self.feedback(f"{verdict(right)} {why}", right)
        if right and st.cursor < upto:
            st.cursor += 1
        self._draw_fill()

    def action_cursor(self, delta: int) -> None:
        st = self.state()
        st.cursor = max(0, min(self.step.as_kind(FillStep).upto, st.cursor + delta))
        self._draw_fill()

    # -- the sieve -------------------------------------------------------------------------
    def _draw_sieve(self) -> None:
        st = self.state()
        spec = self.step.as_kind(SieveStep)
        upto = spec.upto
        game = cast(PileGame, self.step.game())  # a one-pile game (the lesson schema says so)
        if not st.frames:
            st.frames = gen.sieve(game, upto, self.S)
        frame = st.frames[st.shown - 1]
        self.query_one(SievePanel).show(frame, upto)
        self.query_one(SievePanel).display = True
        auto = spec.auto
        upcoming = st.frames[st.shown] if st.shown < len(st.frames) else None
        if st.shown >= auto and upcoming is not None and upcoming.new_cold is not None:
            box = self.query_one("#sieve-input", Input)
            box.display = True
            note = self.query_one("#panel-note", Static)
            note.update(tr("ui_lessons.lesson.sieve_ask"))
            note.display = True
            self.call_after_refresh(box.focus)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "sieve-input" or not event.value:
            return
        st = self.state()
        expected = st.frames[st.shown].new_cold if st.shown < len(st.frames) else None
        guess = int(event.value)
        event.input.value = ""
        if expected is None:
            return
        st.shown += 1
        if st.shown < len(st.frames) and st.frames[st.shown].new_cold is None:
            st.shown += 1  # that was the last cold number: show the finished sieve
        self.show_step()
        if guess == expected:
            self.feedback(tr("ui_lessons.lesson.sieve_right", n=expected), True)
        else:
            self.feedback(tr("ui_lessons.lesson.sieve_wrong", guess=guess, n=expected), False)

    # -- progress --------------------------------------------------------------------------
    def _save(self, done: bool) -> None:
        self.progress.step = self.index
        self.progress.done = self.progress.done or done
        self.app.post_message(SaveLessonProgress(self.lesson.id, self.progress))


def verdict(right: bool) -> str:
    return tr("ui_lessons.lesson.right" if right else "ui_lessons.lesson.wrong")


def lesson_screen(lesson: Lesson, progress: LessonProgress) -> LessonScreen:
    """The screen for ``lesson``, starting at the step ``progress`` reached."""
    return LessonScreen(lesson, progress)
