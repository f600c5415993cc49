"""The panels of steps that are read: text alone (with the lesson's outline beside it on a
large terminal), and lines of text — all at once, one more per Space, or only the latest."""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from squaregame.text import tr
from squaregame.ui.lesson.panel import LessonPanel
from squaregame.ui.room import roomy
from squaregame.ui.widgets.lesson_panels import RevealPanel


class TextStepPanel(LessonPanel):
    """Text alone: no panel, but on a large terminal the lesson's outline beside it."""

    parts = (("lesson-outline", Static),)

    def show(self) -> None:
        outline = roomy(*self.host.app.size)
        pane = self.host.query_one("#lesson-panel", VerticalScroll)
        pane.display = outline
        pane.border_title = tr("ui_lessons.lesson.outline") if outline else ""
        if outline:
            self.draw_outline()

    def resized(self) -> None:
        """The outline comes and goes with the room."""
        if self.host.query_one("#lesson-panel", VerticalScroll).display != roomy(
            *self.host.app.size
        ):
            self.host.show_step()

    def draw_outline(self) -> None:
        """What the lesson is about and its steps, this one marked ▶ (n and b go through
        them)."""
        lesson = self.host.lesson
        t = Text(lesson.summary + "\n\n", style="italic")
        for k, step in enumerate(lesson.steps):
            here = k == self.host.index
            t.append(f"{'▶' if here else ' '} {k + 1:>2}. ", style="bold" if here else "dim")
            t.append(step_heading(step.text) + "\n", style="bold" if here else "")
        outline = self.host.query_one("#lesson-outline", Static)
        outline.update(t)
        outline.display = True


class LinesStepPanel(LessonPanel):
    """Lines of text (:meth:`~squaregame.lessons.steps.StepSpec.lines`), all at once."""

    parts = (("reveal", RevealPanel),)

    def lines(self) -> list[str]:
        """The step's lines (made when first shown, then kept)."""
        st, step = self.state(), self.step
        if not st.lines:
            st.lines = step.spec.lines(step.game_or_none(), self.host.S)
        return st.lines

    def show(self) -> None:
        lines = self.lines()
        self.draw(lines, len(lines))

    def draw(self, lines: list[str], shown: int, more: int | None = None) -> None:
        panel = self.host.query_one("#reveal", RevealPanel)
        panel.show(lines, shown, more)
        panel.display = True


class SteppedStepPanel(LinesStepPanel):
    """Lines shown one more per Space."""

    def show(self) -> None:
        self.draw(self.lines(), self.state().shown)

    def enabled(self, action: str) -> bool | None:
        return action == "reveal"

    def reveal(self) -> None:
        self.reveal_up_to(len(self.state().lines))


class LatestStepPanel(SteppedStepPanel):
    """One more per Space, only the latest shown (each holds the ones before it)."""

    def show(self) -> None:
        lines, shown = self.lines(), self.state().shown
        self.draw([lines[shown - 1]], 1, len(lines) - shown)


def step_heading(text: str) -> str:
    """A step's heading: its text's first line, without the Markdown's "#"."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    return first.lstrip("#").strip()
