"""The lesson steps sums of piles bring: the table of hot and cold of a two-pile sum. (The
sieve over two piles is the generic step, laid out by the family's own panel,
:mod:`.lesson_panels`.)"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from squaregame.core.game import Game
from squaregame.core.types import Outcome
from squaregame.lessons.fields import Size
from squaregame.lessons.generate import axis_labels
from squaregame.lessons.steps import GameStep, StepSpec
from squaregame.lessons.strings import Strings


@dataclass(frozen=True, kw_only=True)
class SumTableStep(GameStep):
    """Hot and cold of a two-pile sum, 0..width by 0..height."""

    kind: ClassVar[str] = "sumtable"
    shows: ClassVar[str] = "lines"
    general: ClassVar[bool] = False
    width: Size = 12
    height: Size = 10

    def lines(self, game: Game[Any] | None, S: Strings) -> list[str]:
        assert game is not None
        return sum_table(game, self.width, self.height, S)

    def spoken(self, game: Game[Any] | None, S: Strings) -> list[str]:
        assert game is not None
        return sum_cold_said(game, self.width, self.height, S)

    def mismatch(self) -> str | None:
        if self.rules is not None and len(self.rules) != 2:
            return "'rules' of a sumtable step must name 2 piles"
        return None


STEPS: tuple[type[StepSpec], ...] = (SumTableStep,)


def sum_table(game: Game[Any], width: int, height: int, S: Strings) -> list[str]:
    """Hot and cold of the two-number positions 0..width by 0..height."""
    lines = [S("sumtable_head")]
    for y in range(height, -1, -1):
        cells = " ".join(game.info((x, y)).outcome.symbol for x in range(width + 1))
        lines.append(f"{y:>3} {cells}")
    return lines + axis_labels(width, "    ")


def sum_cold_said(game: Game[Any], width: int, height: int, S: Strings) -> list[str]:
    """The table of :func:`sum_table` for a listener: its cold cells named, a line for each
    size of pile 2 from 0 (every other cell is hot)."""
    lines = [S("sumtable_spoken_head", width=width, height=height)]
    for y in range(height + 1):
        cold = [str(x) for x in range(width + 1) if game.info((x, y)).outcome is Outcome.COLD]
        key = "sumtable_spoken_row" if cold else "sumtable_spoken_none"
        lines.append(S(key, y=y, xs=", ".join(cold)))
    return lines
