"""Wythoff's own lesson panel: the board coloured from the corner, one cold pair more per
Space (the ``board`` step, :class:`~.lessons.BoardStep`)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from squaregame.families.wythoff.lessons import BoardFrame, BoardStep
from squaregame.lessons.generate import axis_labels
from squaregame.ui.lesson.panel import LessonPanel, Panels
from squaregame.ui.widgets.lesson_panels import hot_cold


class BoardPanel(Static):
    """Wythoff's board coloured from the corner: ☹C cold, ☺H hot, · not yet known; where the
    panel is too narrow for the letters, the faces alone (still told apart by their shape)."""

    frame: BoardFrame | None = None

    def on_resize(self) -> None:
        if self.frame is not None:
            self.show(self.frame)

    def show(self, frame: BoardFrame) -> None:
        self.frame = frame
        size = frame.size
        room = self.content_region.width
        cell = 3 if not room or 4 + 3 * (size + 1) <= room else 2
        marks = {
            True: hot_cold(True) if cell == 3 else hot_cold(True)[0],
            False: hot_cold(False) if cell == 3 else hot_cold(False)[0],
        }
        t = Text()
        for y in range(size, -1, -1):
            t.append(f"{y:>3} ", style="dim")
            for x in range(size + 1):
                if (x, y) in frame.cold:
                    t.append(f"{marks[False]:<{cell}}", style="red bold")
                elif (x, y) in frame.hot:
                    t.append(f"{marks[True]:<{cell}}", style="green")
                else:
                    t.append(f"{'·':<{cell}}", style="dim")
            t.append("\n")
        for line in axis_labels(size, "    ", width=cell):
            t.append(line + "\n", style="dim")
        t.append("\n" + frame.text)
        self.update(t)


class BoardStepPanel(LessonPanel):
    """The colouring, a frame per Space."""

    parts = (("board", BoardPanel),)

    def frames(self) -> list[BoardFrame]:
        st = self.state()
        if not st.frames:
            st.frames = self.step.as_kind(BoardStep).frames(self.host.S)
        return st.frames

    def show(self) -> None:
        frame = self.frames()[self.state().shown - 1]
        board = self.host.query_one("#board", BoardPanel)
        board.show(frame)
        board.display = True

    def enabled(self, action: str) -> bool | None:
        return action == "reveal"

    def reveal(self) -> None:
        self.reveal_up_to(len(self.state().frames))


PANELS: Panels = {BoardStep.shows: BoardStepPanel}
