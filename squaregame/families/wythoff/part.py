"""Wythoff's queen as a part of a sum: a small board with the queen, the wythoff family's
picture of a position at the panel scale.

The same board as the game's own screen (:mod:`.board`), without its legend (the sum's
hint line says what the marks mean), as many rows as the part is given: every square she
can reach marked ``●`` while it is the player's move, the chosen move's square reversed
before Enter, and with hints the squares where moving wins the *sum* marked ``✓`` (a
square's own value does not say that, so no square is marked cold). A board too large for
its rows pans to keep the queen and the chosen square in sight. A click on a square she
can reach chooses that move (shown before Enter); a second click on it plays it.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult

from squaregame.families.wythoff.big import near_targets
from squaregame.families.wythoff.board import BIG_SIZES, CELL_SIZES, BoardView, WythoffBoard
from squaregame.ui.room import roomy
from squaregame.ui.widgets.part_view import PartView, Scene

Cell = tuple[int, int]
PANEL_ROWS = 10  # rows a board takes on the game screen at most (with its axis)
PANEL_ROWS_ROOMY = 20  # … on a large terminal
LISTED_TARGETS = 12_003  # every square she can reach, up to a queen at (4000, 4000)


class BoardPart(PartView):
    DEFAULT_CSS = """
    BoardPart {
        height: auto;
    }
    BoardPart > WythoffBoard {
        min-height: 2;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board = WythoffBoard(legend=False)
        self.board.centred = False  # (its holder places it)
        self._targets: tuple[Any, frozenset[Cell]] = (None, frozenset())

    def compose(self) -> ComposeResult:
        yield self.board

    def show(self, scene: Scene) -> None:
        self.scene = scene
        if scene.big != self.board.big:
            self.board.set_big(scene.big)
        self._fit()
        self.board.show(self._view(scene))

    def on_resize(self) -> None:
        self._fit()

    def _side(self, scene: Scene) -> int:
        """The board's side: from the part's start (it keeps its size), at least the queen's."""
        corner = scene.origin if scene.origin is not None else scene.position
        return int(max(*corner, *scene.position))

    def _fit(self) -> None:
        """The board's height: every square at the largest size that fits the width and the
        part's rows, else squares of one row, panning."""
        scene = self.scene
        if scene is None:
            return
        width = self.size.width or self.app.size.width // 2
        self.board.styles.height = self.wanted(scene, width, self._cap(scene))

    def _cap(self, scene: Scene) -> int:
        """The rows it may take: the projector's share, else the panel's, at most what its
        holder shows at once."""
        if scene.big:
            return scene.rows or self._panel_rows()
        return min(scene.rows, self._panel_rows()) if scene.rows else self._panel_rows()

    def _panel_rows(self) -> int:
        return PANEL_ROWS_ROOMY if roomy(*self.app.size) else PANEL_ROWS

    def least_rows(self, scene: Scene, width: int) -> int:
        """Every square one row high, and the axis under them."""
        return self._side(scene) + 2

    def wanted_width(self, scene: Scene, width: int) -> int:
        n = self._side(scene) + 1
        label = len(str(n - 1)) + 1
        sizes = BIG_SIZES if scene.big else CELL_SIZES
        most = self._cap(scene)
        for cw, ch in sizes:
            if n * cw <= width - label and n * ch + 1 <= most:
                return label + n * cw
        return width  # panning: all it may take

    def wanted(self, scene: Scene, width: int, most: int) -> int:
        n = self._side(scene) + 1
        room_x = width - len(str(n - 1)) - 1
        sizes = BIG_SIZES if scene.big else CELL_SIZES
        for cw, ch in sizes:
            if n * cw <= room_x and n * ch + 1 <= most:
                return n * ch + 1
        return max(2, min(n, most - 1) + 1)

    def _view(self, scene: Scene) -> BoardView:
        pos: Cell = scene.position
        targets = self.targets(scene) if scene.active else frozenset()
        chosen = scene.chosen if scene.chosen is not None else pos
        return BoardView(
            size=self._side(scene),
            queen=pos,
            cursor=chosen,
            targets=targets,
            hints=scene.hints,
            wins=frozenset(scene.wins),
        )

    def targets(self, scene: Scene) -> frozenset[Cell]:
        """Every square the queen can reach (kept for the position)."""
        if self._targets[0] != scene.position:
            game, pos = scene.game, scene.position
            if game is None:
                found: frozenset[Cell] = frozenset()
            elif game.move_count(pos) > LISTED_TARGETS:  # a queen far out: those near her
                found = near_targets(pos)
            else:
                found = frozenset(game.children(pos))
            self._targets = (pos, found)
        return self._targets[1]

    def on_wythoff_board_clicked(self, event: WythoffBoard.Clicked) -> None:
        event.stop()
        scene = self.scene
        if scene is not None and scene.active and event.cell in self.targets(scene):
            self.pick(event.cell, play=scene.chosen == event.cell)  # chosen, then played
