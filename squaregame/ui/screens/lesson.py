"""One lesson: step text on the left, the step's interactive part on the right.

The lesson speaks its own language (its steps, and what ``squaregame.lessons.generate``
writes with its ``Strings``); the screen around it — Footer keys, the step counter,
feedback and prompts — speaks the app's (``tr``), and switches with it (:meth:`relocalize`).
What the student does (exercises, the table, the sieve, try-it games) is in
:mod:`squaregame.ui.screens.lesson_tasks`.
"""

from __future__ import annotations

import random
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Input, Markdown, OptionList, Static

from squaregame import paths
from squaregame.lessons.model import Lesson, Step
from squaregame.lessons.progress import LessonProgress
from squaregame.lessons.steps import SieveStep
from squaregame.lessons.strings import Strings
from squaregame.text import tr
from squaregame.ui.keys import keys
from squaregame.ui.localize import localize_bindings
from squaregame.ui.messages import OpenWhy, SaveLessonProgress
from squaregame.ui.room import roomy
from squaregame.ui.screens.lesson_tasks import LessonTasks, StepState
from squaregame.ui.screens.lessons import step_heading
from squaregame.ui.widgets.footer import Footer
from squaregame.ui.widgets.lesson_panels import (
    BoardPanel,
    FillPanel,
    RevealPanel,
    SievePanel,
)

LINES = {"lines", "stepped", "latest"}  # what a step shows: lines of text (StepSpec.shows)
STEPPED = {"stepped", "latest"}  # ... one more per Space
REVEAL = {*STEPPED, "board", "sieve"}  # Space shows more


class NumberInput(Input):
    """Typing a position: digits, spaces and commas only, so the screen's letter keys
    (s: show the answer, w, ?) still work while it has the focus."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(restrict=r"[0-9 ,]*", **kwargs)

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and (character.isdigit() or character in " ,")


class LessonScreen(LessonTasks, Screen[None]):
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
        Binding(keys("a"), "another", "ui_lessons.keys.another", priority=True),
        Binding(keys("s"), "show_answer", "ui_lessons.keys.answer", priority=True),
        Binding(keys("w"), "why", "ui_lessons.keys.why"),
        Binding("left", "cursor(-1)", "←", show=False),
        Binding("right", "cursor(1)", "→", show=False),
        Binding("escape", "app.pop_screen", "ui_lessons.keys.lessons"),
        Binding("question_mark", "app.help", "ui_lessons.keys.help"),
    ]  # fmt: skip

    def __init__(self, lesson: Lesson, progress: LessonProgress, seed: int | None = None) -> None:
        super().__init__()
        localize_bindings(self)
        self.lesson = lesson
        self.S = Strings(lesson.lang)
        self.progress = progress
        self.seed = random.randrange(10**9) if seed is None else seed  # the class's items
        self.index = max(0, min(progress.step, len(lesson.steps) - 1))
        self.states: dict[int, StepState] = {}

    # -- layout --------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Horizontal(id="lesson-main"):
            with VerticalScroll(id="lesson-text-box", classes="pane"):
                yield Markdown(id="lesson-text")
            with VerticalScroll(id="lesson-panel", classes="pane"):
                yield Static(id="panel-prompt")
                yield Static(id="panel-work")
                yield RevealPanel(id="reveal")
                yield FillPanel(id="fill")
                yield SievePanel(id="sieve")
                yield BoardPanel(id="board")
                yield OptionList(id="quiz")
                yield Static(id="panel-note")  # feedback, right under what it answers
                yield Static(id="input-prompt")
                yield NumberInput(placeholder="…", id="sieve-input", max_length=13)
                yield Static(id="lesson-outline")  # a text step's company on a large terminal
        yield Static(id="lesson-status")
        yield Footer(compact=True, show_command_palette=False)  # Ctrl+P still opens it

    def on_mount(self) -> None:
        self.title = f"{self.lesson.number}. {self.lesson.title}"
        self.show_step()

    def on_screen_resume(self) -> None:
        if self.state().game is not None:  # back from a try-it game
            self.take_try_result()
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
        shows = step.spec.shows
        outline = shows == "text" and roomy(*self.app.size)
        panel = self.query_one("#lesson-panel")
        panel.display = shows != "text" or outline
        panel.border_title = tr("ui_lessons.lesson.outline") if outline else ""
        if outline:
            self.draw_outline()
        if shows in LINES:
            if not st.lines:
                st.lines = step.spec.lines(step.game_or_none(), self.S)
            shown = st.shown if shows in STEPPED else len(st.lines)
            if shows == "latest":  # the latest table only: it holds the earlier ones
                self.query_one(RevealPanel).show([st.lines[shown - 1]], 1, len(st.lines) - shown)
            else:
                self.query_one(RevealPanel).show(st.lines, shown)
            self.query_one(RevealPanel).display = True
        elif shows == "fill":
            self.draw_fill()
        elif shows == "sieve":
            self.draw_sieve()
        elif shows == "board":
            if not st.frames:
                st.frames = step.spec.frames(step.game_or_none(), self.S)
            frame = st.frames[st.shown - 1]
            self.query_one(BoardPanel).show(frame, frame.size)
            self.query_one(BoardPanel).display = True
        elif shows == "quiz":
            if not step.text:  # a bare exercise: its question is the heading
                self.query_one("#lesson-text", Markdown).update(f"# {self.item().prompt}")
            self.draw_quiz()
        elif shows == "try":
            prompt = self.query_one("#panel-prompt", Static)
            prompt.update(tr("ui_lessons.lesson.try_help"))
            prompt.display = True
            self.draw_note()
        self.status()
        self.refresh_bindings()
        self.save()

    def draw_outline(self) -> None:
        """Beside a step of text alone, on a large terminal: what the lesson is about and
        its steps, this one marked ▶ (n and b go through them)."""
        t = Text(self.lesson.summary + "\n\n", style="italic")
        for k, step in enumerate(self.lesson.steps):
            here = k == self.index
            t.append(f"{'▶' if here else ' '} {k + 1:>2}. ", style="bold" if here else "dim")
            t.append(step_heading(step.text) + "\n", style="bold" if here else "")
        outline = self.query_one("#lesson-outline", Static)
        outline.update(t)
        outline.display = True

    def on_resize(self) -> None:
        """A text step's outline comes and goes with the room."""
        panel = self.query_one("#lesson-panel")
        if self.step.spec.shows == "text" and panel.display != roomy(*self.app.size):
            self.show_step()

    def status(self) -> None:
        p = self.progress
        parts = [tr("ui_lessons.lesson.step_of", n=self.index + 1, total=len(self.lesson.steps))]
        self.query_one("#lesson-text-box").border_title = parts[0]  # (a frame when roomy)
        if p.tried:
            parts.append(tr("ui_lessons.lesson.score", k=p.score, n=p.tried))
        if self.lesson.quiz_count:
            if p.mastered:
                parts.append(tr("ui_lessons.lesson.mastered"))
            else:
                left = p.steps_left(self.lesson.exercise_steps)
                if p.streak >= self.lesson.mastery and left:  # the run is there: what is not
                    listed = ", ".join(str(i + 1) for i in left)
                    parts.append(tr("ui_lessons.lesson.steps_left", count=len(left), steps=listed))
                else:
                    parts.append(tr("ui_lessons.lesson.run", k=p.streak, n=self.lesson.mastery))
        if self.finished():
            parts.append(tr("ui_lessons.lesson.finished"))
        self.query_one("#lesson-status", Static).update(" · ".join(parts))

    def finished(self) -> bool:
        """On the last step, with nothing on it left to answer."""
        if self.index != len(self.lesson.steps) - 1:
            return False
        return self.step.spec.shows != "quiz" or self.state().settled

    # -- actions -------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        kind = self.step.spec.shows
        if action == "reveal":
            return kind in REVEAL
        if action == "try_it":
            return kind == "try"
        if action in ("mark", "cursor"):
            return kind == "fill"
        if action == "another":
            return kind == "quiz"
        if action == "why":
            return self.why_position() is not None
        if action == "show_answer":
            if kind == "sieve":
                return True if self.sieve_asking() else None
            return kind == "quiz" and (None if self.state().settled else True)
        if action == "step":
            step = int(str(parameters[0])) if parameters else 1
            target = self.index + step
            return True if 0 <= target < len(self.lesson.steps) else None
        return True

    def action_step(self, delta: int) -> None:
        self.index = max(0, min(len(self.lesson.steps) - 1, self.index + delta))
        self.show_step()

    def why_position(self) -> Any:
        """The position the step is about, if any (an exercise: its current item's)."""
        if self.step.spec.shows == "quiz":
            return self.item().position if self.item().kind != "blunder" else None
        return self.step.position()

    def action_why(self) -> None:
        """w: the proof that the step's position is hot or cold, as a tree."""
        pos = self.why_position()
        if pos is not None:
            self.app.post_message(OpenWhy(self.step.game(), pos))

    def action_reveal(self) -> None:
        st = self.state()
        kind = self.step.spec.shows
        total = len(st.lines) if kind in STEPPED else len(st.frames)
        if kind == "sieve":
            total = min(total, self.step.as_kind(SieveStep).auto)
        if st.shown < total:
            st.shown += 1
        self.show_step()

    # -- progress --------------------------------------------------------------------------
    def save(self) -> None:
        self.progress.step = self.index
        self.progress.done = self.progress.done or self.finished()
        p = self.progress
        self.app.post_message(SaveLessonProgress(self.lesson.id, p, p.snapshot()))


def lesson_screen(
    lesson: Lesson, progress: LessonProgress, seed: int | None = None
) -> LessonScreen:
    """The screen for ``lesson``, starting at the step ``progress`` reached."""
    return LessonScreen(lesson, progress, seed)
