"""The Wythoff's queen screen: the board, hints, heatmap, two-pile view and cold pairs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll

from squaregame.core.games import WythoffGame
from squaregame.core.types import Analysis, Outcome, PositionError
from squaregame.play.session import Session
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.new_game import _numbers
from squaregame.ui.widgets.move_list import MoveView
from squaregame.ui.widgets.wythoff_board import BoardView, WythoffBoard
from squaregame.ui.widgets.wythoff_panels import ColdPairs, TwoPiles

Cell = tuple[int, int]
STEPS = {
    "left": ((-1, 0), (-1, -1)),
    "down": ((0, -1), (-1, -1)),
    "right": ((1, 0), (1, 1)),
    "up": ((0, 1), (1, 1)),
}


class WythoffScreen(GameScreen[Cell]):
    dialog_kind = "wythoff"
    BINDINGS = [
        Binding("left", "step('left')", "Aim", key_display="←↓"),
        Binding("down", "step('down')", "Target", show=False),
        Binding("right", "step('right')", "Target", show=False),
        Binding("up", "step('up')", "Target", show=False),
        Binding("m", "toggle_heatmap", "Map"),
    ]

    def __init__(self, session: Session[Cell], **kw: object) -> None:
        super().__init__(session, **kw)  # type: ignore[arg-type]
        self.cursor: Cell = session.position
        self._cursor_for: Cell = session.position  # the position the cursor was chosen in
        self.heatmap = False
        self._targets: frozenset[Cell] = frozenset()

    @property
    def game(self) -> WythoffGame:
        g = self.session.game
        assert isinstance(g, WythoffGame)
        return g

    # -- layout hooks --------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield WythoffBoard(id="board")

    def compose_chooser(self) -> ComposeResult:
        yield from ()  # the board itself is where a move is chosen

    def side_views(self) -> list[tuple[str, str]]:
        return [("side-piles", "the same game as two piles"), ("side-pairs", "the cold pairs")]

    def compose_side_views(self) -> ComposeResult:
        yield TwoPiles(id="side-piles")
        with VerticalScroll(id="side-pairs"):
            yield ColdPairs(id="pairs")

    def focus_chooser(self) -> None:
        self.query_one(WythoffBoard).focus()

    # -- drawing -------------------------------------------------------------------------
    def show_moves(self, views: tuple[MoveView, ...]) -> None:
        self._targets = frozenset(v.to for v in views)
        self._draw()

    def update_board(self, a: Analysis[Cell]) -> None:
        if self._cursor_for != a.position:  # a move was made or taken back: start at the queen
            self.cursor = self._cursor_for = a.position

    def _value(self, x: int, y: int) -> tuple[bool, int]:
        t = self.game.table(self.board_size())
        return t.outcome(x, y) is Outcome.COLD, t.remoteness(x, y)

    def board_size(self) -> int:
        return max(self.session.start)

    def _draw(self) -> None:
        view = BoardView(
            size=self.board_size(),
            queen=self.session.position,
            cursor=self.cursor,
            targets=self._targets,
            hints=self.hints,
            heatmap=self.heatmap,
            value=self._value,
        )
        self.query_one(WythoffBoard).show(view)

    def update_side_views(self, a: Analysis[Cell]) -> None:
        x, y = a.position
        self.query_one(TwoPiles).show(x, y)
        self.query_one(ColdPairs).show(self.board_size(), a.position, self.game.misere)

    # -- choosing ------------------------------------------------------------------------
    @staticmethod
    def _legal(to: Cell, frm: Cell) -> bool:
        (x, y), (tx, ty) = frm, to
        if (tx, ty) == (x, y) or tx < 0 or ty < 0:
            return False
        return (ty == y and tx < x) or (tx == x and ty < y) or (x - tx == y - ty > 0)

    def action_step(self, direction: str) -> None:
        if not self.session.human_to_move or self.session.over:
            return
        cx, cy = self.cursor
        queen = self.session.position
        for dx, dy in STEPS[direction]:
            cell = (cx + dx, cy + dy)
            if cell == queen or self._legal(cell, queen):
                self.cursor = cell
                break
        self._draw()
        if self.cursor != queen:
            value = ""
            if self.hints:
                cold, rem = self._value(*self.cursor)
                value = f" — {'✓ wins' if cold else '✗ loses'}, game then lasts {rem}"
            self.say(f"Target ({self.cursor[0]},{self.cursor[1]}){value}. Enter to move there.")

    def chosen_move(self) -> Cell | None:
        if self.cursor == self.session.position:
            self.say(
                "Choose a target first: ← ↓ or diagonally (← then ↓), or click a square.",
                error=True,
            )
            return None
        return self.cursor

    def on_wythoff_board_clicked(self, event: WythoffBoard.Clicked) -> None:
        if not self.session.human_to_move or self.session.over or self.thinking:
            self.say("Wait for your turn.", error=True)
            return
        self.request_move(event.cell)

    def history_text(self, before: Cell, after: Cell) -> str:
        return f"♛ to ({after[0]},{after[1]})"

    def hints_message(self) -> str:
        return "Hints on: ✓ marks a winning target, ☹ every cold square."

    def choose_hint(self) -> str:
        return "←↓ aim + Enter, click, or type x y"

    def typed_move(self, text: str) -> Cell:
        x, y = _numbers(text, 2)
        if not self._legal((x, y), self.session.position):
            raise PositionError(
                f"({x},{y}) cannot be reached: the queen moves left, down or diagonally down-left"
            )
        return (x, y)

    def request_move(self, to: Cell) -> None:
        if not self._legal(to, self.session.position):
            self.say(
                f"({to[0]},{to[1]}) cannot be reached: the queen moves left, down or "
                "diagonally down-left.",
                error=True,
            )
            return
        super().request_move(to)

    def action_toggle_heatmap(self) -> None:
        self.heatmap = not self.heatmap
        self.say(
            "Heatmap on: each square shows its remoteness; cold squares in reverse."
            if self.heatmap
            else "Heatmap off."
        )
        self._draw()
