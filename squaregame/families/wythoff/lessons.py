"""The lesson steps Wythoff's queen brings: colouring the board from the corner (drawn by its
own lesson panel, :mod:`.lesson_panels`), and the table of cold pairs (with the golden ratio
beside them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from squaregame.core.game import Game
from squaregame.families.wythoff.table import cold_pairs, lower_wythoff
from squaregame.lessons.fields import Size
from squaregame.lessons.steps import StepSpec
from squaregame.lessons.strings import Strings


@dataclass(frozen=True)
class BoardFrame:
    """One stage of colouring a board 0..size each way: the cells marked so far."""

    cold: frozenset[tuple[int, int]]
    hot: frozenset[tuple[int, int]]
    text: str
    size: int


@dataclass(frozen=True, kw_only=True)
class BoardStep(StepSpec):
    """Wythoff's board, 0..size each way, coloured from the corner, one cold pair per Space
    (shown by the family's own panel: ``board``)."""

    kind: ClassVar[str] = "board"
    shows: ClassVar[str] = "board"
    size: Size = 13

    def frames(self, S: Strings) -> list[BoardFrame]:
        """The colouring, one frame per cold pair."""
        return colouring(self.size, S)


@dataclass(frozen=True, kw_only=True)
class PairsStep(StepSpec):
    """The first ``count`` cold pairs of Wythoff's game."""

    kind: ClassVar[str] = "pairs"
    shows: ClassVar[str] = "lines"
    count: Size = 8

    def lines(self, game: Game[Any] | None, S: Strings) -> list[str]:
        return pair_lines(self.count, S)

    def spoken(self, game: Game[Any] | None, S: Strings) -> list[str]:
        return pair_lines(self.count, S, spoken=True)


STEPS: tuple[type[StepSpec], ...] = (BoardStep, PairsStep)


def colouring(size: int, S: Strings) -> list[BoardFrame]:
    """Colouring the board from the corner: each cold pair makes its lines hot."""
    cold: set[tuple[int, int]] = set()
    hot: set[tuple[int, int]] = set()
    frames = []
    for k, (a, b) in enumerate(cold_pairs(size)):
        for x, y in {(a, b), (b, a)}:
            if x <= size and y <= size:
                cold.add((x, y))
                for d in range(1, size + 1):
                    for cell in ((x + d, y), (x, y + d), (x + d, y + d)):
                        if cell[0] <= size and cell[1] <= size and cell not in cold:
                            hot.add(cell)
        said = S("board_pair", k=k, a=a, b=b)
        frames.append(BoardFrame(frozenset(cold), frozenset(hot), said, size))
    return frames


def pair_lines(count: int, S: Strings, spoken: bool = False) -> list[str]:
    """The pairs as the rule makes them (a: the least number not used yet, b = a + k) beside
    ⌊kφ⌋, which is a; ``spoken``: a sentence a pair, not the columns of a table."""
    lines = [] if spoken else [S("pairs_head")]
    used: set[int] = set()
    for k in range(count):
        a = 0
        while a in used:
            a += 1
        b = a + k
        used.update((a, b))
        if spoken:
            lines.append(S("pairs_spoken", k=k, a=a, b=b, floor=lower_wythoff(k)))
        else:
            lines.append(f"{k:>3}   {a:>4}   {b:>4}   {lower_wythoff(k):>5}")
    return lines
