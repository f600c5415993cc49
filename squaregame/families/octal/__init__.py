"""Take-and-break games on rows of tokens: Kayles (0.77), Dawson's Kayles (0.07), Dawson's
chess (0.137), any octal code, and Grundy's game.

The theory draws and says nothing: :mod:`.code` reads a rule, :mod:`.values` computes the
Grundy values of one heap (the rare-value method, in numpy and in C), :mod:`.period` proves
periods with the Octal Periodicity Theorem and answers any heap from them, :mod:`.search`
finds remoteness exactly within a budget and bounds it beyond, :mod:`.big` counts the moves
of rows too long to list. The family: its kinds (:mod:`.kind`), its game (:mod:`.game`), its
values kept in the program's tables (:mod:`.store`), its words (``octal.toml``).
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from squaregame.families.base import Family, TableBuild

if TYPE_CHECKING:
    from squaregame.core.game import GameKind
    from squaregame.lessons.worksheets import Sample, WorksheetKind
    from squaregame.ui.screens.game_base import GameScreen
    from squaregame.ui.widgets.part_view import PartView


class OctalFamily(Family):
    key = "octal"

    @cached_property
    def kinds(self) -> tuple[GameKind, ...]:
        from squaregame.families.octal.kind import KINDS  # (not at start: see Family)

        return KINDS

    def screen(self) -> type[GameScreen[Any]]:
        # (the interface: only when a game is opened)
        from squaregame.families.octal.screen import RowsScreen

        return RowsScreen

    def part_view(self) -> type[PartView]:
        # (the interface: only when a game is shown)
        from squaregame.families.octal.part import PinsPart

        return PinsPart

    def worksheets(self) -> tuple[WorksheetKind, ...]:
        # (worksheets: only when asked for)
        from squaregame.families.octal.worksheets import WORKSHEETS

        return WORKSHEETS

    def table_builds(self) -> tuple[TableBuild, ...]:
        from squaregame.families.octal.values import MAX_CACHED  # (the values: not at start)

        return (TableBuild(self.key, MAX_CACHED, _build),)

    def sample(self) -> Sample:
        from squaregame.core.spec import GameSpec  # (not at start: see Family)
        from squaregame.lessons.worksheets import Sample

        return Sample(GameSpec(self.kinds[0]), 1, 9)  # Kayles: one to three rows of 1..9


def _build(text: str, upto: int, tables: Any, progress: Any) -> tuple[str, dict[str, Any]]:
    from squaregame.families.octal.build import build  # (only when a build is asked for)
    from squaregame.families.octal.store import OctalStore

    return build(text, upto, tables, progress, kept=OctalStore.of(tables).kept)


FAMILY = OctalFamily()
