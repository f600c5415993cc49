"""Wythoff's queen: a queen moves left, down or diagonally toward the corner; whoever reaches
it wins. Its kind (:mod:`.kind`), game (:mod:`.game`), boards and their builders
(:mod:`.table`, :mod:`.grundy`, :mod:`.native`), screen (:mod:`.screen`, :mod:`.board`,
:mod:`.side`, :mod:`.panels`), lesson steps (:mod:`.lessons`) and their panel
(:mod:`.lesson_panels`), words (``wythoff.toml``)."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from squaregame.families.base import Family

if TYPE_CHECKING:
    from squaregame.core.game import GameKind
    from squaregame.lessons.steps import StepSpec
    from squaregame.lessons.worksheets import Sample, WorksheetKind
    from squaregame.ui.lesson.panel import LessonPanel
    from squaregame.ui.screens.game_base import GameScreen
    from squaregame.ui.widgets.part_view import PartView


class WythoffFamily(Family):
    key = "wythoff"

    @cached_property
    def kinds(self) -> tuple[GameKind, ...]:
        from squaregame.families.wythoff.kind import WYTHOFF  # (not at start: see Family)

        return (WYTHOFF,)

    def screen(self) -> type[GameScreen[Any]]:
        # (the interface: only when a game is opened)
        from squaregame.families.wythoff.screen import WythoffScreen

        return WythoffScreen

    def part_view(self) -> type[PartView]:
        # (the interface: only when a game is shown)
        from squaregame.families.wythoff.part import BoardPart

        return BoardPart

    def lesson_steps(self) -> tuple[type[StepSpec], ...]:
        from squaregame.families.wythoff.lessons import STEPS  # (lessons: only when loaded)

        return STEPS

    def lesson_panels(self) -> dict[str, type[LessonPanel]]:
        # (the interface: only when a lesson is opened)
        from squaregame.families.wythoff.lesson_panels import PANELS

        return dict(PANELS)

    def worksheets(self) -> tuple[WorksheetKind, ...]:
        # (worksheets: only when asked for)
        from squaregame.families.wythoff.worksheets import WORKSHEETS

        return WORKSHEETS

    def sample(self) -> Sample:
        from squaregame.core.spec import GameSpec  # (not at start: see Family)
        from squaregame.lessons.worksheets import Sample

        return Sample(GameSpec(self.kinds[0]), 1, 12)


FAMILY = WythoffFamily()
