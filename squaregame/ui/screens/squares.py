"""The Squares game screen: the number, the legal squares, hints, the position strip."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Digits

from squaregame.core.games import PileGame
from squaregame.core.types import Analysis, GameError, Outcome
from squaregame.play.session import Session
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.new_game import GameSetup
from squaregame.ui.widgets.position_strip import PositionStrip, StripCell


class SquaresScreen(GameScreen[int]):
    BINDINGS = [Binding("s", "toggle_strip", "Strip")]

    def __init__(self, session: Session[int], *, strip: bool = True, **kw: object) -> None:
        super().__init__(session, **kw)  # type: ignore[arg-type]
        self.strip = strip

    @property
    def game(self) -> PileGame:
        g = self.session.game
        assert isinstance(g, PileGame)
        return g

    def compose_board(self) -> ComposeResult:
        yield Digits("0", id="number")

    def compose_below(self) -> ComposeResult:
        yield PositionStrip(id="strip")

    def update_board(self, a: Analysis[int]) -> None:
        n = a.position
        self.query_one("#number", Digits).update(f"{n:,}".replace(",", " "))
        strip = self.query_one(PositionStrip)
        strip.display = self.strip
        if self.strip:
            width = max(5, (self.size.width or 80) // 6)
            values = self.game.values(n)  # never ask for more than the game needs
            hi = min(max(n + width // 2, width - 1), values.upto)
            lo = max(0, hi - width + 1)
            cells = tuple(
                StripCell(k, values.outcome(k) is Outcome.HOT, k == n) for k in range(lo, hi + 1)
            )
            strip.show(cells)

    def move_label(self, pos: int, to: int) -> str:
        return f"take {pos - to:>{len(str(pos))}} → {to}"

    def choose_hint(self) -> str:
        return "↑↓ Enter, or type an amount"

    def typed_move(self, text: str) -> int:
        if not text.isdigit():
            raise GameError(f"'{text}' is not an amount: type a square such as 1, 4 or 9")
        return self.game.apply_amount(self.session.position, int(text))

    def action_toggle_strip(self) -> None:
        self.strip = not self.strip
        self.refresh_view()

    def game_for(self, setup: GameSetup) -> PileGame:
        from dataclasses import replace
        from typing import cast

        spec = replace(self.game.spec, misere=setup.misere)  # a subtraction game keeps its set
        return cast(PileGame, spec.build(self.game.tables))
