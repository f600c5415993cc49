"""The one-pile game screen, for every rule (Squares, Nim, Cubes, Powers of two, a finite
set …): the number, the legal moves, hints, and the strip of hot and cold numbers."""

from __future__ import annotations

from typing import Any, cast

from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from squaregame.core.types import Analysis
from squaregame.families.pile.game import PileGame
from squaregame.families.pile.panels import StripData, strip_data
from squaregame.families.pile.strip import PositionStrip, StripCell
from squaregame.play.session import Session
from squaregame.play.settings import Settings
from squaregame.play.teach_wording import rule_lines
from squaregame.play.view import GameView
from squaregame.text import tr
from squaregame.text.rules import rule_label
from squaregame.ui.keys import keys
from squaregame.ui.screens.game_parts import Parts
from squaregame.ui.screens.moves import MovesScreen
from squaregame.ui.screens.stage import Stage, big_number_stage


class PileScreen(MovesScreen[int]):
    BINDINGS = [Binding(keys("s"), "toggle_strip", "ui_game.keys.strip")]

    @staticmethod
    def panels(session: Session[Any], a: Analysis[Any]) -> StripData:
        return strip_data(session, a)

    def __init__(self, session: Session[int], **kw: Any) -> None:
        self.strip = True
        super().__init__(session, **kw)

    def configure(self, settings: Settings) -> None:
        self.strip = settings.strip

    # -- the game's parts ----------------------------------------------------------------------
    def make_parts(self) -> Parts:
        parts = super().make_parts()
        self.strip_view = PositionStrip(id="strip")
        return Parts(board=parts.board, chooser=parts.chooser, below=(self.strip_view,))

    # -- the projector -------------------------------------------------------------------------
    def make_stage(self) -> Stage:
        """The number in huge digits, and under it what a move may take."""
        big = big_number_stage()
        rule = Static(id="projector-rule", markup=False)

        def show(data: tuple[str, str]) -> None:
            big.show(data[0])
            rule.update(data[1])

        return Stage(Vertical(big.widget, rule, id="projector-pile"), show)

    def stage_data(self) -> tuple[str, str]:
        game = cast(PileGame, self.session.game)  # its family's game: it chose this screen
        return super().stage_data(), rule_lines((rule_label(game.rule),), game.misere)

    def big_text(self, pos: Any) -> str:
        return f"{pos:,}".replace(",", " ")

    def show_position(self, view: GameView[int], hints: bool, choosing: bool) -> None:
        super().show_position(view, hints, choosing)
        self.strip_view.display = self.strip
        if self.strip and isinstance(view.panels, StripData):
            widest = len(f"{view.position + 64}")  # the labels near the position
            room = self.strip_view.content_region.width or (self.size.width or 80) - 2
            width = max(3, room // (widest + 3))
            cells = tuple(
                StripCell(n, hot if hints else None, now)
                for n, hot, now in view.panels.window(width)
            )
            self.slots.put(self.strip_view, cells, self.strip_view.show)

    # -- keys ------------------------------------------------------------------------------------
    def action_toggle_strip(self) -> None:
        self.strip = not self.strip
        self.draw()
        if self.strip and not self.hints:  # its faces are the answer: shown with hints only
            self.say(tr("pile.screen.strip_hidden"))
