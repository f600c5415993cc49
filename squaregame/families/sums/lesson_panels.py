"""The lesson panel sums of piles bring: the sieve over two piles, laid out as a grid (pile 1
across, pile 2 up) where the generic sieve lays one pile's numbers out in rows."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from squaregame.lessons.generate import axis_labels
from squaregame.lessons.sieve import SieveFrame
from squaregame.lessons.steps import SieveStep
from squaregame.text import tr
from squaregame.ui.lesson.panel import Panels
from squaregame.ui.lesson.sieve import SieveStepPanel
from squaregame.ui.widgets.lesson_panels import NEWEST, sieve_face


class GridSieveStepPanel(SieveStepPanel):
    """The sieve of a two-pile sum: a grid, and the student names each next cold pair."""

    def layout(self, game: Any, frame: SieveFrame, upto: int) -> Text:
        t = Text()
        for y in range(upto, -1, -1):
            faces = [sieve_face(frame, (x, y)) for x in range(upto + 1)]
            newest = [face.startswith(NEWEST[0]) for face, _ in faces]
            # the newest cold one's "[" takes the last column of the cell (or label) before it
            t.append(f"{y:>3}" + ("" if newest[0] else " "), style="dim")
            for x, (face, style) in enumerate(faces):
                width = 2 if x < upto and newest[x + 1] else 3
                t.append(face.strip() if newest[x] else f"{face.strip():<{width}}", style=style)
            t.append("\n")
        for line in axis_labels(upto, "    ", width=3):
            t.append(line + "\n", style="dim")
        t.append("\n" + frame.text)
        return t

    def ask(self) -> str:
        return tr("ui_lessons.lesson.sieve_ask_pair")


PANELS: Panels = {SieveStep.shows: GridSieveStepPanel}
