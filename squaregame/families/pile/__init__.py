"""One pile under one rule: Squares, Nim, Cubes, Powers of two, and Subtraction with any
finite set. Its kinds (:mod:`.kinds`), game (:mod:`.game`), screen (:mod:`.screen`, with the
strip of hot and cold numbers, :mod:`.strip` and :mod:`.panels`), words (``pile.toml``)."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from squaregame.families.base import Family

if TYPE_CHECKING:
    from squaregame.core.game import GameKind
    from squaregame.lessons.worksheets import Sample, WorksheetKind
    from squaregame.ui.screens.game_base import GameScreen
    from squaregame.ui.widgets.part_view import PartView


class PileFamily(Family):
    key = "pile"

    @cached_property
    def kinds(self) -> tuple[GameKind, ...]:
        from squaregame.families.pile.kinds import KINDS  # (not at start: see Family)

        return KINDS

    def screen(self) -> type[GameScreen[Any]]:
        # (the interface: only when a game is opened)
        from squaregame.families.pile.screen import PileScreen

        return PileScreen

    def part_view(self) -> type[PartView]:
        # (the interface: only when a game is shown)
        from squaregame.families.pile.counters import CountersView

        return CountersView

    def worksheets(self) -> tuple[WorksheetKind, ...]:
        from squaregame.families.pile.worksheets import (
            WORKSHEETS,  # (worksheets: only when asked for)
        )

        return WORKSHEETS

    def sample(self) -> Sample:
        from squaregame.core.spec import GameSpec  # (not at start: see Family)
        from squaregame.lessons.worksheets import Sample

        return Sample(GameSpec(self.kinds[0]), 10, 99)  # Squares, 10 to 99


FAMILY = PileFamily()
