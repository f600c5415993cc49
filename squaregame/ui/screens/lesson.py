"""One lesson: step text on the left, the step's interactive part on the right.

The lesson speaks its own language (its steps, and what ``squaregame.lessons.generate``
writes with its ``Strings``); the screen around it — Footer keys, the step counter,
feedback and prompts — speaks the app's (``tr``), and switches with it (:meth:`relocalize`).
The screen knows no kind of step: each is drawn by the panel the registry it is handed
gives for it (:class:`~squaregame.ui.lesson.panel.LessonPanels`: the generic panels and the
families'), which also says what the step's keys do. What the student does is passed to it
by :mod:`squaregame.ui.screens.lesson_tasks`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Input, Markdown, Static

from squaregame import paths
from squaregame.lessons.mastery import needed, run_done
from squaregame.lessons.model import Lesson, Step
from squaregame.lessons.progress import LessonProgress
from squaregame.lessons.strings import Strings
from squaregame.text import tr
from squaregame.ui.keys import keys
from squaregame.ui.lesson.generic import GENERIC
from squaregame.ui.lesson.panel import STEP_ACTIONS, LessonPanel, LessonPanels, Panels, StepState
from squaregame.ui.localize import localize_bindings
from squaregame.ui.messages import OpenWhy, SaveLessonProgress
from squaregame.ui.screens.lesson_tasks import LessonTasks
from squaregame.ui.widgets.key_bar import KeyBar


class NumberInput(Input):
    """Typing a position: digits, spaces and commas only, so the screen's letter keys
    (s: show the answer, w, ?) still work while it has the focus."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(restrict=r"[0-9 ,]*", **kwargs)

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """Digits, and a space or comma between numbers (a space in an empty box is the
        screen's Space: show more)."""
        if character == " " and not self.value:
            return False
        return character is not None and (character.isdigit() or character in " ,")

    async def _on_key(self, event: events.Key) -> None:
        if event.character == " " and not self.value:  # not typed: the screen's Space hears it
            event.prevent_default()


class LessonScreen(LessonTasks, Screen[None]):
    CSS_PATH = str(paths.asset("styles", "lesson.tcss"))
    BINDINGS = [
        # priority: the quiz list and the answer box must not swallow step navigation
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

    def __init__(
        self,
        lesson: Lesson,
        progress: LessonProgress,
        panels: LessonPanels,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        localize_bindings(self)
        self.lesson = lesson
        self.S = Strings(lesson.lang)
        self.progress = progress
        self.panels = panels
        self.seed = random.randrange(10**9) if seed is None else seed  # the class's items
        self.index = max(0, min(progress.step, len(lesson.steps) - 1))
        self.states: dict[int, StepState] = {}
        self._panels: dict[type[LessonPanel], LessonPanel] = {}

    # -- layout --------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Horizontal(id="lesson-main"):
            with VerticalScroll(id="lesson-text-box", classes="pane"):
                yield Markdown(id="lesson-text")
            with VerticalScroll(id="lesson-panel", classes="pane"):
                yield Static(id="panel-prompt")
                yield Static(id="panel-work")
                for id_, part in self.panels.parts().items():  # the panels' own
                    yield part(id=id_)
                yield Static(id="panel-note")  # feedback, right under what it answers
                with Vertical(id="answer-row"):  # last: the sieve keeps it in view
                    yield Static(id="input-prompt")
                    yield NumberInput(placeholder="…", id="answer-input", max_length=13)
        yield Static(id="lesson-status")
        yield KeyBar()  # its keys on two rows where one is not enough; Ctrl+P still works

    def on_mount(self) -> None:
        self.title = f"{self.lesson.number}. {self.lesson.title}"
        self.show_step()

    def on_screen_resume(self) -> None:
        self.panel().resumed()  # back from a try-it game, say

    def relocalize(self) -> None:
        """The app's language changed: redraw the screen's own texts (the lesson stays)."""
        self.show_step()

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    def state(self) -> StepState:
        return self.states.setdefault(self.index, StepState())

    def panel(self) -> LessonPanel:
        """The panel that draws the step shown."""
        cls = self.panels.panel(self.step)
        if cls not in self._panels:
            self._panels[cls] = cls(self)
        return self._panels[cls]

    # -- drawing -------------------------------------------------------------------------
    def show_step(self) -> None:
        self.query_one("#lesson-text", Markdown).update(self.step.text or "")
        pane = self.query_one("#lesson-panel", VerticalScroll)
        for child in pane.children:
            child.display = False
        pane.display = True
        pane.anchor(False)  # (a step that keeps its newest line in view anchors it)
        pane.border_title = ""
        self.panel().show()
        self.status()
        self.refresh_bindings()
        self.save()

    def on_resize(self) -> None:
        self.panel().resized()

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
                mastery = self.lesson.mastery
                if run_done(p.run, mastery) and left:  # the run is there: what is not
                    listed = ", ".join(str(i + 1) for i in left)
                    parts.append(tr("ui_lessons.lesson.steps_left", count=len(left), steps=listed))
                else:  # the rule's own count (lessons.mastery): how many in all, at this step
                    n = needed(p.run, mastery, self.panel().answer_bits())
                    parts.append(tr("ui_lessons.lesson.run", k=p.streak, n=n))
        if self.finished():
            parts.append(tr("ui_lessons.lesson.finished"))
        self.query_one("#lesson-status", Static).update(" · ".join(parts))

    def finished(self) -> bool:
        """On the last step, with nothing on it left to answer."""
        return self.index == len(self.lesson.steps) - 1 and self.panel().finished()

    # -- actions -------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in STEP_ACTIONS:  # the step's own keys: its panel says
            return self.panel().enabled(action)
        if action == "why":
            return self.why_position() is not None
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
        return self.panel().why_position()

    def action_why(self) -> None:
        """w: the proof that the step's position is hot or cold, as a tree."""
        pos = self.why_position()
        if pos is not None:
            self.app.post_message(OpenWhy(self.step.game(), pos))

    # -- progress --------------------------------------------------------------------------
    def save(self) -> None:
        self.progress.step = self.index
        self.progress.done = self.progress.done or self.finished()
        p = self.progress
        self.app.post_message(SaveLessonProgress(self.lesson.id, p, p.snapshot()))


def lesson_screen(
    lesson: Lesson,
    progress: LessonProgress,
    family_panels: Mapping[str, Panels] | None = None,
    seed: int | None = None,
) -> LessonScreen:
    """The screen for ``lesson``, starting at the step ``progress`` reached; its steps drawn
    by the generic panels and by those the families bring (``family_panels``: each kind's
    family's, by the kind's key, as ``Games.lesson_panels`` gives them)."""
    return LessonScreen(lesson, progress, LessonPanels(GENERIC, family_panels), seed)
