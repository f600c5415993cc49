"""The rows screen: rows of pins drawn large, the moves listed beside them (arrows choose, the
board shows what the chosen move knocks down), typed moves, and the nim-sum of the rows'
Grundy values in the side panel."""

from __future__ import annotations

from typing import Any, cast

from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static

from squaregame.core.types import Analysis
from squaregame.families.octal.aim import aim_of, aims_of, first_aimed, pins_of
from squaregame.families.octal.game import RowsGame
from squaregame.families.octal.panels import RowsData, rows_data
from squaregame.families.octal.rows import RowsPicture, RowsView
from squaregame.play.session import Session
from squaregame.play.view import GameView
from squaregame.text import tr
from squaregame.ui.screens.game_parts import Parts, SideView
from squaregame.ui.screens.moves import MovesScreen
from squaregame.ui.screens.stage import Stage
from squaregame.ui.widgets.fitted_lines import FittedLines
from squaregame.ui.widgets.move_list import MoveList

Rows = tuple[int, ...]


class RowsScreen(MovesScreen[Rows]):
    @staticmethod
    def panels(session: Session[Any], a: Analysis[Any]) -> RowsData:
        return rows_data(session, a)

    @property
    def game(self) -> RowsGame:
        return cast(RowsGame, self.session.game)  # its family's game: it chose this screen

    def make_parts(self) -> Parts:
        self.rows = RowsView(id="rows")
        self.exactness = Static(id="exactness")
        self.moves = MoveList(id="moves")
        self.nimsum = FittedLines(id="nimsum")
        return Parts(
            board=(self.rows, self.exactness),
            chooser=self.moves,
            side=(
                SideView(
                    "side-nimsum",
                    "octal.screen.side_nimsum",
                    VerticalScroll(self.nimsum, id="side-nimsum"),
                ),
            ),
        )

    def show_position(self, view: GameView[Rows], hints: bool, choosing: bool) -> None:
        more = (
            ""
            if view.more is None or not choosing
            else view.more.hinted
            if hints
            else view.more.plain
        )
        self.slots.put(self.moves, (view.moves if choosing else (), hints, more), self._show_moves)
        data = view.panels if isinstance(view.panels, RowsData) else None
        exact = "" if data is None or data.exact else f"[dim]{tr('octal.screen.bounded')}[/dim]"
        self.slots.put(self.exactness, exact, self.exactness.update)
        self._draw_nimsum()
        self._draw_rows()

    def _draw_nimsum(self) -> None:
        """The nim-sum worked out, its table as narrow as the side panel needs."""
        view = self.view
        data = view.panels if view is not None and isinstance(view.panels, RowsData) else None
        lines: tuple[tuple[str, ...], tuple[str, ...] | None]
        if not self.hints:
            lines = ((tr("octal.screen.hints_off"),), None)
        elif data is None or data.nimsum is None:
            lines = ((tr("octal.screen.no_nimsum"),), None)
        else:
            lines = (data.nimsum, data.narrow)
        self.slots.put(self.nimsum, lines, self.nimsum.show)

    # -- the board -----------------------------------------------------------------------------
    def _draw_rows(self) -> None:
        view = self.view
        if view is None:
            return
        chosen = self.moves.highlighted_move() if self.session.human_to_move else None
        self.slots.put(self.rows, self._picture(view, chosen), self.rows.show)

    # -- the projector -------------------------------------------------------------------------
    def make_stage(self) -> Stage:
        """The same rows of pins, as large as the projector's room allows."""
        rows = RowsView(id="projector-rows", classes="big")
        return Stage(rows, rows.show)

    def stage_data(self) -> RowsPicture | None:
        view = self.view
        return None if view is None else self._picture(view, None, big=True)

    def _picture(self, view: GameView[Rows], chosen: Rows | None, big: bool = False) -> RowsPicture:
        """The rows, with the move ``chosen`` shown on them, and with hints what wins."""
        pos: Rows = view.position
        data = view.panels if isinstance(view.panels, RowsData) else None
        wins = [m.to for m in view.moves if m.wins] if self.hints else []
        return RowsPicture(
            self.game.sizes(pos),
            data.labels if data else None,
            data.grundy if data else None,
            None if chosen is None else aim_of(self.game, pos, chosen),
            aims_of(self.game, pos, wins),
            self.hints,
            big=big,
            centred=big,
        )

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._draw_rows()

    def on_rows_view_clicked(self, event: RowsView.Clicked) -> None:
        """A click on a pin chooses the first listed move that knocks it down; a second
        click on a pin of the chosen move plays it."""
        view = self.view
        if view is None or event.pin is None or not self.session.human_to_move:
            return
        pos: Rows = view.position
        pin = (event.row, event.pin)
        chosen = self.moves.highlighted_move()
        if chosen is not None and pin in pins_of(self.game, pos, chosen):
            self.typing.choose(chosen)
            return
        listed = [m.to for m in self.moves._moves]
        to = first_aimed(self.game, pos, listed, pin)
        if to is not None:
            self.moves.highlighted = listed.index(to)
            return
        self.say(tr("octal.screen.no_move_here", row=event.row + 1), error=True)
