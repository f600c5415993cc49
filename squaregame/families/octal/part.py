"""Rows of pins as a part of a sum: the take-and-break family's picture of a position at the
panel scale (larger on the projector).

The same pins as the game's own screen (:mod:`.rows`): the chosen move's pins hollow
before Enter, and with hints each move that wins the *sum* marked under the pins it knocks
down (a ✓; a move of several pins, a bracket └─✓─┘ under them). The holder writes the
part's number, rule and size beside it, so the rows here carry only the ▶ of the row a move
is aimed at. A click on a pin picks the first move that knocks it down, shown before Enter;
a second click on a pin of the chosen move plays it.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult

from squaregame.families.octal.aim import aim_of, aims_of, first_aimed, pins_of
from squaregame.families.octal.rows import RowsPicture, RowsView
from squaregame.ui.widgets.part_view import PartView, Scene


class PinsPart(PartView):
    DEFAULT_CSS = """
    PinsPart {
        height: auto;
    }
    PinsPart > RowsView {
        padding: 0;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.rows = RowsView()

    def compose(self) -> ComposeResult:
        yield self.rows

    def show(self, scene: Scene) -> None:
        self.scene = scene
        self.rows.show(self.picture(scene))

    def picture(self, scene: Scene) -> RowsPicture:
        game, pos = scene.game, scene.position
        aim = None if scene.chosen is None else aim_of(game, pos, scene.chosen)
        wins = aims_of(game, pos, scene.wins) if scene.hints else ()
        sizes = tuple(game.sizes(pos)) if game is not None else tuple(pos)
        return RowsPicture(
            sizes, None, None, aim, wins, scene.hints, scene.big, numbers=False, rows=scene.rows
        )

    def wanted_width(self, scene: Scene, width: int) -> int:
        return self.rows.width_for(self.picture(scene), width)

    def wanted(self, scene: Scene, width: int, most: int) -> int:
        return self.rows.height_for(self.picture(scene), width, most)

    def on_rows_view_clicked(self, event: RowsView.Clicked) -> None:
        """A pin of the chosen move plays it; another pin chooses the first move that knocks
        it down (several may: it is shown, for Enter or a second click)."""
        event.stop()
        scene = self.scene
        if scene is None or not scene.active or event.pin is None or scene.game is None:
            return
        pin = (event.row, event.pin)
        game, pos = scene.game, scene.position
        if scene.chosen is not None and pin in pins_of(game, pos, scene.chosen):
            self.pick(scene.chosen)
            return
        moves: list[Any] = game.children(pos) if self._few(scene) else []
        to = first_aimed(game, pos, moves, pin)
        if to is not None:
            self.pick(to, play=False)

    @staticmethod
    def _few(scene: Scene) -> bool:
        """Are its moves few enough to list for a click (rows of at most some hundreds)?"""
        return bool(scene.game.move_count(scene.position) <= 5_000)
