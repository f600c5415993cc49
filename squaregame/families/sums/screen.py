"""The Sums screen: each part drawn by its own family (piles as counters, the queen on a
small board, rows of pins …: :mod:`.parts_board`), a part and a move in it chosen with the
arrows and shown before Enter, and the nim-sum explained."""

from __future__ import annotations

from typing import Any, cast

from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from squaregame.core.errors import PositionError
from squaregame.core.parts import has_parts, is_part
from squaregame.core.types import Analysis
from squaregame.families.sums.board_data import (
    AnySum,
    PartsData,
    board_data,
    part_positions,
    winning_targets,
    with_part,
)
from squaregame.families.sums.board_data import Parts as PartsOfSum
from squaregame.families.sums.panels import SumData, part_label, sum_data
from squaregame.families.sums.parts_board import PartsBoard
from squaregame.families.sums.side import GrundyTable, NimSumPanel
from squaregame.play.session import Session
from squaregame.play.teach_wording import rule_lines
from squaregame.play.view import GameView
from squaregame.text import error_text, tr
from squaregame.text.games import describe_move, position_text
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.game_parts import Parts, SideView
from squaregame.ui.screens.stage import Stage
from squaregame.ui.widgets.big_number import BigNumber

Pos = tuple[int, ...]
AREA = "sums"  # its words: assets/i18n/<lang>/sums.toml


class SumsScreen(GameScreen[Pos]):
    @staticmethod
    def panels(session: Session[Any], a: Analysis[Any]) -> SumData:
        return sum_data(session, a)

    BINDINGS = [
        Binding("up", "pile(-1)", "ui_game.keys.choose", key_display="↑↓←→"),
        Binding("down", "pile(1)", "ui_game.keys.pile", show=False),
        Binding("left", "amount(-1)", "ui_game.keys.amount", show=False),
        Binding("right", "amount(1)", "ui_game.keys.amount", show=False),
    ]

    def __init__(self, session: Session[Pos], **kw: Any) -> None:
        self.pile = 0  # the chosen part (0-based)
        self.amount_index = 0  # the chosen move in it, in the part's own order
        self._choosing = False
        self._for: Pos | None = None
        self._wins: tuple[Pos | None, Any] = (None, None)  # winning targets, per position
        self._board_room = 0  # the rows the parts may take (the rest: the turn and hint)
        super().__init__(session, **kw)

    @property
    def game(self) -> AnySum:
        # its family's game (it chose this screen): of piles, or of parts of several kinds
        return cast(AnySum, self.session.game)

    @property
    def part_count(self) -> int:
        return len(self.game.rules)

    @property
    def screen_words(self) -> str:
        """Its lines: a sum of games of several kinds says "part" where a sum of piles says
        "pile" (``sums.parts.screen``)."""
        return f"{AREA}.parts" if has_parts(self.game.rules) else AREA

    # -- the game's parts ----------------------------------------------------------------------
    def make_parts(self) -> Parts:
        self.parts_of = PartsOfSum.of(self.game, self.session.start, self.drawings)
        self.number = BigNumber(id="number", share=0.2, tall_share=0.3, optional=True)
        self.board = PartsBoard(self.parts_of.views, id="piles")
        self.exactness = Static(id="exactness")
        self.nimsum = NimSumPanel(id="nimsum")
        self.grundy = GrundyTable(id="grundy")
        return Parts(
            board=(self.number, self.board, self.exactness),
            side=(
                SideView(
                    "side-nimsum",
                    "sums.screen.side_nimsum",
                    VerticalScroll(self.nimsum, id="side-nimsum"),
                ),
                SideView(
                    "side-grundy",
                    "sums.screen.side_grundy",
                    VerticalScroll(self.grundy, id="side-grundy"),
                ),
            ),
            focus=self.board,
        )

    def show_position(self, view: GameView[Pos], hints: bool, choosing: bool) -> None:
        if self._for != view.position:  # a new position: keep the part if it can still move
            self._for = view.position
            self.amount_index = 0
            if not self.amount_count(self.pile):
                parts = range(self.part_count)
                self.pile = next((i for i in parts if self.amount_count(i)), 0)
        self._choosing = choosing  # no move chosen while it is not the person's move
        self._draw_board()
        number = " + ".join(map(str, view.position))
        if has_parts(self.game.rules):  # parts of several kinds: each in its own words
            number = position_text(self.game, view.position)
        self.slots.put(self.number, number, self.number.update)
        self._fit_board_later()  # (the hint line may have grown)
        data = view.panels
        if not isinstance(data, SumData):
            return
        put = self.slots.put
        said = "sums.screen.bounded_misere" if self.game.misere else "sums.screen.bounded"
        exact = "" if data.exact else f"[dim]{tr(said)}[/dim]"
        put(self.exactness, exact, self.exactness.update)
        self.exactness.display = bool(exact)
        put(self.nimsum, (data.nimsum, hints), lambda d: self.nimsum.show(*d))
        put(self.grundy, (data.rules, data.pairs), lambda d: self.grundy.show(*d))

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit_board)

    def _fit_board_later(self) -> None:
        """:meth:`_fit_board` once the lines just written have their new heights."""
        self.call_after_refresh(self.call_after_refresh, self._fit_board)

    def _fit_board(self) -> None:
        """The parts take the rows the turn and hint lines leave them (then they scroll)."""
        play = self.board.parent
        if not isinstance(play, Widget) or not self.board.is_mounted:
            return
        others = sum(
            w.outer_size.height + w.styles.margin.height
            for w in play.children
            if w is not self.board and w.display
        )
        room = max(4, play.content_size.height - others)
        if self._board_room != room:
            self._board_room = room
            self.board.styles.max_height = room

    def _winning(self, view: GameView[Pos]) -> Any:
        """Each part's winning targets (worked out once a position, with hints)."""
        if self._wins[0] != view.position:
            self._wins = (view.position, winning_targets(self.game, view))
        return self._wins[1]

    def _board(self, view: GameView[Pos], chosen: Pos | None, big: bool = False) -> PartsData:
        wins = self._winning(view) if self.hints else None
        selected = -1 if big else self.pile
        choosing = not self.session.over if big else self._choosing  # up there: where it may go
        return board_data(
            self.game, self.parts_of, view, selected, chosen, self.hints, choosing, wins, big
        )

    def _draw_board(self) -> None:
        """Only the parts: enough when the chosen part or move changes."""
        view = self.view
        if view is None:
            return
        count = self.amount_count(self.pile) if self._choosing else 0
        self.amount_index = min(self.amount_index, max(0, count - 1))
        chosen = self.target_at(self.pile, self.amount_index) if count else None
        self.slots.put(self.board, self._board(view, chosen), self.board.show)

    # -- the projector -------------------------------------------------------------------------
    def make_stage(self) -> Stage:
        """The parts in one block, each drawn by its family as large as the room allows,
        each rule in words under them."""
        board = PartsBoard(self.parts_of.views, big=True, id="projector-piles")
        rules = Static(id="projector-rule", markup=False)

        def show(data: tuple[PartsData | None, str]) -> None:
            if data[0] is not None:
                board.show(data[0])
            rules.update(data[1])

        return Stage(Vertical(board, rules, id="projector-sum"), show)

    def stage_data(self) -> tuple[PartsData | None, str]:
        view, game = self.view, self.game
        piles = tuple(part_label(r) for r in game.rules if not is_part(r))
        games = tuple(part_label(r) for r in game.rules if is_part(r))
        said = rule_lines(piles, game.misere, games)
        if view is None:
            return None, said
        return self._board(view, None, big=True), said  # no part chosen up there

    def amount_count(self, pile: int) -> int:
        """How many moves part ``pile`` allows (counted: a Nim pile may hold 10^18)."""
        return self.game.part_move_count(self.session.position, pile)

    def target_at(self, pile: int, index: int) -> Pos:
        """Where the ``index``-th move of ``pile`` leads (a pile: the smallest amount first)."""
        return self.game.part_move_target(self.session.position, pile, index)

    # -- choosing ------------------------------------------------------------------------------
    def action_pile(self, step: int) -> None:
        """Another part: its first move chosen, and said (never the last part's move)."""
        self.pile = (self.pile + step) % self.part_count
        self.amount_index = 0
        if not self._choosing:
            self._draw_board()
        elif self.amount_count(self.pile):
            self.action_amount(0)
        else:
            self._draw_board()
            self.say(tr("sums.screen.no_move", pile=self.pile + 1))

    def action_amount(self, step: int) -> None:
        count = self.amount_count(self.pile)
        if not count:
            return
        self.amount_index = (self.amount_index + step) % count
        self._draw_board()
        target = self.target_at(self.pile, self.amount_index)
        self.turns.look_ahead(target)  # analysed while the person thinks
        verdict = ""
        view = self.view
        if self.hints and view is not None:
            move = view.move_to(target)
            verdict = tr("sums.screen.wins" if move and move.wins else "sums.screen.loses")
        if has_parts(self.game.rules):  # parts of several kinds: the move in its own words
            said = describe_move(self.game, self.session.position, target)
            self.say(tr("sums.screen.move", move=said, verdict=verdict))
            return
        now = part_positions(self.game, self.session.position)[self.pile]
        take = now - part_positions(self.game, target)[self.pile]
        self.say(tr("sums.screen.take", amount=take, pile=self.pile + 1, verdict=verdict))

    def chosen_move(self) -> Pos | None:
        if not self.amount_count(self.pile):
            self.say(tr("sums.screen.no_move", pile=self.pile + 1), error=True)
            return None
        return self.target_at(self.pile, self.amount_index)

    def parse_typed(self, text: str) -> Pos:
        """``2 4``: take 4 from pile 2 (a part: its move as it is typed); ``4``: a move in
        the chosen part."""
        return self.game.move_from_text(self.session.position, text, pile=self.pile)

    def on_parts_board_chosen(self, event: PartsBoard.Chosen) -> None:
        event.stop()
        self.pile = event.part
        self.amount_index = 0
        self._draw_board()

    def on_parts_board_picked(self, event: PartsBoard.Picked) -> None:
        """A click on a part's picture: the move it names, played if it is legal; or, where
        the click only chose it (a pin, which several moves knock down), that move shown
        for Enter or a second click."""
        event.stop()
        self.pile = event.part
        self.amount_index = 0
        pos = self.session.position
        if not self.session.human_to_move or self.turns.thinking or self.session.over:
            self._draw_board()
            self.say(tr("ui_game.errors.your_turn"), error=True)
            return
        try:
            to = with_part(self.game, pos, event.part, event.target)
            self.game.check_move(pos, to)
        except PositionError as exc:
            self._draw_board()
            self.say(error_text(exc), error=True)
            return
        if event.play:
            self.typing.choose(to)  # (whatever was typed is dropped)
            return
        self.amount_index = self._index_of(event.part, to)
        self.action_amount(0)  # shown, and said, as ←→ would

    def _index_of(self, part: int, to: Pos) -> int:
        """Where the move to ``to`` stands among part ``part``'s moves (←→ go from it)."""
        count = self.amount_count(part)
        return next((k for k in range(count) if self.target_at(part, k) == to), 0)

    def action_toggle_hints(self) -> None:
        super().action_toggle_hints()
        if self.hints:  # show the nim-sum beside the parts
            self.show_side("side-nimsum")
