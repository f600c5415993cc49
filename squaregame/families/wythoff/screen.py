"""The Wythoff's queen screen: the board, hints, heatmap, two-pile view and cold pairs."""

from __future__ import annotations

from typing import Any, cast

from textual.binding import Binding
from textual.containers import VerticalScroll

from squaregame.core.errors import GameError
from squaregame.core.types import Analysis
from squaregame.families.wythoff.big import near_targets
from squaregame.families.wythoff.board import BoardView, WythoffBoard
from squaregame.families.wythoff.game import WythoffGame, queen_can_move
from squaregame.families.wythoff.panels import BoardData, board_data
from squaregame.families.wythoff.side import ColdPairs, TwoPiles
from squaregame.play.session import Session
from squaregame.play.view import GameView
from squaregame.text import error_text, tr
from squaregame.ui.keys import keys
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.game_parts import Parts, SideView
from squaregame.ui.screens.stage import Stage

Cell = tuple[int, int]
AXES = {"left": (-1, 0), "right": (1, 0), "down": (0, -1), "up": (0, 1)}


def next_cell(cursor: Cell, direction: str, cells: frozenset[Cell]) -> Cell:
    """Where an arrow key takes the cursor: to the nearest of ``cells`` (the legal targets
    and the queen) that lies that way — in the cursor's own row (← →) or column (↓ ↑)
    if there is one, else the one nearest that row or column; nowhere else. So the cursor
    only ever rests on a square the queen can reach, the same key always goes the same
    way, and the opposite key comes back: from (7,9) ← four times reaches (3,9), then ↓
    goes down that column to (3,5); → then ← returns where it was."""
    dx, dy = AXES[direction]
    cx, cy = cursor

    def ahead(c: Cell) -> int:  # how far that way (> 0: ahead)
        return (c[0] - cx) * dx + (c[1] - cy) * dy

    def aside(c: Cell) -> int:  # how far off the cursor's row (or column)
        return abs(c[1] - cy) if dx else abs(c[0] - cx)

    candidates = [c for c in cells if ahead(c) > 0]
    if not candidates:
        return cursor
    return min(candidates, key=lambda c: (aside(c), ahead(c), c))


class WythoffScreen(GameScreen[Cell]):
    @staticmethod
    def panels(session: Session[Any], a: Analysis[Any]) -> BoardData:
        return board_data(session, a)

    BINDINGS = [
        Binding("left", "step('left')", "ui_game.keys.aim", key_display="←↓→↑"),
        Binding("down", "step('down')", "ui_game.keys.target", show=False),
        Binding("right", "step('right')", "ui_game.keys.target", show=False),
        Binding("up", "step('up')", "ui_game.keys.target", show=False),
        Binding(keys("m"), "toggle_heatmap", "ui_game.keys.map"),
    ]

    def __init__(self, session: Session[Cell], **kw: object) -> None:
        self.cursor: Cell = session.position
        self._cursor_for: Cell = session.position  # the position the cursor was chosen in
        self.heatmap = False
        self._targets: frozenset[Cell] = frozenset()
        super().__init__(session, **kw)  # type: ignore[arg-type]

    @property
    def game(self) -> WythoffGame:
        return cast(WythoffGame, self.session.game)  # its family's game: it chose this screen

    # -- the game's parts ----------------------------------------------------------------------
    def make_parts(self) -> Parts:
        self.board = WythoffBoard(id="board")
        self.two_piles = TwoPiles(id="side-piles")
        self.pairs = ColdPairs(id="pairs")
        return Parts(
            board=(self.board,),
            side=(
                SideView("side-piles", "wythoff.screen.side_piles", self.two_piles),
                SideView(
                    "side-pairs",
                    "wythoff.screen.side_pairs",
                    VerticalScroll(self.pairs, id="side-pairs"),
                ),
            ),
        )

    def show_position(self, view: GameView[Cell], hints: bool, choosing: bool) -> None:
        if self._cursor_for != view.position:  # a move was made or taken back: start at the queen
            self.cursor = self._cursor_for = view.position
        self._targets = self.targets(view) if choosing else frozenset()
        self._draw_board()
        x, y = view.position
        self.slots.put(self.two_piles, (x, y), lambda xy: self.two_piles.show(*xy))
        key = (self.board_size(), view.position, self.game.misere)
        self.slots.put(self.pairs, key, lambda k: self.pairs.show(*k))

    def board_size(self) -> int:
        return max(self.session.start)

    def targets(self, view: GameView[Cell]) -> frozenset[Cell]:
        """The squares marked as hers to reach: every one, or where her moves are too many
        to list (a queen far out), the listed ones and those near her on her lines."""
        pos = view.position
        if len(view.targets) >= self.game.move_count(pos):
            return view.targets
        return view.targets | near_targets(pos)

    def _draw_board(self) -> None:
        board = self._board_view(self.cursor, self._targets, self.heatmap)
        self.slots.put(self.board, board, self.board.show)

    def _board_view(self, cursor: Cell, targets: frozenset[Cell], heatmap: bool) -> BoardView:
        view = self.view
        data = view.panels if view is not None else None
        return BoardView(
            size=self.board_size(),
            queen=self.session.position,
            cursor=cursor,
            targets=targets,
            hints=self.hints,
            heatmap=heatmap,
            value=data.value if isinstance(data, BoardData) else None,
        )

    # -- the projector -------------------------------------------------------------------------
    def make_stage(self) -> Stage:
        """The same board, its squares as large as the projector's room allows."""
        board = WythoffBoard(id="projector-board", big=True)
        return Stage(board, board.show)

    def stage_data(self) -> BoardView:
        """The queen and every square she can reach (whoever is to move); with hints, the
        cold squares and the winning targets, as on the game screen."""
        view, s = self.view, self.session
        reach = view.targets if view is not None and not s.over else frozenset()
        return self._board_view(s.position, reach, heatmap=False)

    # -- choosing ------------------------------------------------------------------------------
    def _reachable(self, cell: Cell) -> bool:
        """Any square she can reach (marked or not: a queen far out lists only some)."""
        view = self.view
        return view is not None and queen_can_move(self.session.position, cell)

    def action_step(self, direction: str) -> None:
        if not self.session.human_to_move or self.session.over:
            return
        view = self.view
        cells = (self.targets(view) if view is not None else frozenset()) | {self.session.position}
        self.cursor = next_cell(self.cursor, direction, frozenset(cells))
        self._draw_board()
        move = view.move_to(self.cursor) if view is not None else None
        if move is not None:
            self.turns.look_ahead(self.cursor)
            x, y = self.cursor
            value = ""
            if self.hints:
                key = "wythoff.screen.target_wins" if move.wins else "wythoff.screen.target_loses"
                value = tr(key, count=move.remoteness)
            self.say(tr("wythoff.screen.target", x=x, y=y, value=value))

    def chosen_move(self) -> Cell | None:
        if self.cursor == self.session.position:
            self.say(tr("wythoff.screen.choose_first"), error=True)
            return None
        return self.cursor

    def on_wythoff_board_clicked(self, event: WythoffBoard.Clicked) -> None:
        if not self.session.human_to_move or self.session.over or self.turns.thinking:
            self.say(tr("ui_game.errors.your_turn"), error=True)
            return
        try:
            to = self._checked(event.cell)
        except GameError as exc:
            self.say(f"{error_text(exc)}.", error=True)
            return
        self.typing.choose(to)  # (whatever was typed is dropped)

    def parse_typed(self, text: str) -> Cell:
        x, y = self.game.kind.position_param.parse_numbers(text)
        return self._checked((x, y))

    def _checked(self, cell: Cell) -> Cell:
        if not self._reachable(cell):
            raise GameError("wythoff.screen.unreachable", x=cell[0], y=cell[1])
        return cell

    def action_toggle_heatmap(self) -> None:
        self.heatmap = not self.heatmap
        self.say(tr(f"wythoff.screen.heatmap_{'on' if self.heatmap else 'off'}"))
        self._draw_board()
