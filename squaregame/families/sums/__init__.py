"""Sums of piles: 1 to 8 piles, each under its own rule; a move takes from one pile. Its kind
(:mod:`.kind`), game (:mod:`.game`, its moves in runs :mod:`.moves`; the exact search and the
bounds beyond it are shared, :mod:`squaregame.core.sums`), screen (:mod:`.screen`,
:mod:`.piles`, :mod:`.side`, :mod:`.panels`), lesson steps (:mod:`.lessons`) and panels
(:mod:`.lesson_panels`), words (``sums.toml``)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from squaregame.core.sums.pile_sums import offer
from squaregame.families.base import Family

if TYPE_CHECKING:
    from squaregame.core.game import Game, GameKind
    from squaregame.core.rules.base import Rule
    from squaregame.core.spec import GameSpec
    from squaregame.core.tables import Tables
    from squaregame.lessons.steps import StepSpec
    from squaregame.lessons.worksheets import Sample, WorksheetKind
    from squaregame.ui.lesson.panel import LessonPanel
    from squaregame.ui.screens.game_base import GameScreen


class SumsFamily(Family):
    key = "sums"

    @cached_property
    def kinds(self) -> tuple[GameKind, ...]:
        from squaregame.families.sums.kind import SUM  # (not at start: see Family)

        return (SUM,)

    def screen(self) -> type[GameScreen[Any]]:
        # (the interface: only when a game is opened)
        from squaregame.families.sums.screen import SumsScreen

        return SumsScreen

    def presets(self) -> tuple[tuple[str, GameSpec], ...]:
        from squaregame.families.sums.presets import presets  # (not at start: see Family)

        return presets(self.kinds[0])

    def lesson_steps(self) -> tuple[type[StepSpec], ...]:
        from squaregame.families.sums.lessons import STEPS  # (lessons: only when loaded)

        return STEPS

    def lesson_panels(self) -> dict[str, type[LessonPanel]]:
        # (the interface: only when a lesson is opened)
        from squaregame.families.sums.lesson_panels import PANELS

        return dict(PANELS)

    def worksheets(self) -> tuple[WorksheetKind, ...]:
        from squaregame.families.sums.worksheets import (
            WORKSHEETS,  # (worksheets: only when asked for)
        )

        return WORKSHEETS

    def sample(self) -> Sample:
        from squaregame.core.rules import SQUARES  # (not at start: see Family)
        from squaregame.core.spec import GameSpec
        from squaregame.lessons.worksheets import Sample

        return Sample(GameSpec(self.kinds[0], (SQUARES,) * 3), 1, 20)  # three Squares piles


FAMILY = SumsFamily()


def _pile_sum(rules: Sequence[Rule], misere: bool, tables: Tables) -> Game[Any]:
    return FAMILY.kinds[0].build(tuple(rules), misere, tables)  # (piles, or parts: its kind's)


offer(_pile_sum)  # (rows under subtraction rules are answered as this game: core/sums)
