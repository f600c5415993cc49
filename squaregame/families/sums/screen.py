"""The Sums screen: piles of counters with their own rules, the nim-sum explained."""

from __future__ import annotations

from typing import Any, cast

from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from squaregame.core.errors import PositionError
from squaregame.core.parts import has_parts
from squaregame.core.types import Analysis
from squaregame.families.sums.big_piles import BigPiles
from squaregame.families.sums.game import SumGame
from squaregame.families.sums.mixed import MixedSumGame
from squaregame.families.sums.panels import SumData, part_label, sum_data
from squaregame.families.sums.piles import PileRow, PilesData, PilesView
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
        self.pile = 0
        self.amount_index = 0
        self._choosing = False
        self._for: Pos | None = None
        super().__init__(session, **kw)

    @property
    def game(self) -> SumGame | MixedSumGame:
        # its family's game (it chose this screen): of piles, or of parts of several kinds
        return cast(SumGame | MixedSumGame, self.session.game)

    # -- the game's parts ----------------------------------------------------------------------
    def make_parts(self) -> Parts:
        self.number = BigNumber(id="number", share=0.2, tall_share=0.3, optional=True)
        self.piles = PilesView(id="piles")
        self.exactness = Static(id="exactness")
        self.nimsum = NimSumPanel(id="nimsum")
        self.grundy = GrundyTable(id="grundy")
        return Parts(
            board=(self.number, self.piles, self.exactness),
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
            focus=self.piles,
        )

    def show_position(self, view: GameView[Pos], hints: bool, choosing: bool) -> None:
        if self._for != view.position:  # a new position: keep the pile if it can still move
            self._for = view.position
            self.amount_index = 0
            if not self.amount_count(self.pile):
                parts = range(len(self.game.rules))
                self.pile = next((i for i in parts if self.amount_count(i)), 0)
        self._choosing = choosing  # no selection while it is not the person's move
        self._draw_piles()
        number = " + ".join(map(str, view.position))
        if has_parts(self.game.rules):  # parts of several kinds: each in its own words
            number = position_text(self.game, view.position)
        self.slots.put(self.number, number, self.number.update)
        data = view.panels
        if not isinstance(data, SumData):
            return
        put = self.slots.put
        exact = "" if data.exact else f"[dim]{tr('sums.screen.bounded')}[/dim]"
        put(self.exactness, exact, self.exactness.update)
        put(self.nimsum, (data.nimsum, hints), lambda d: self.nimsum.show(*d))
        put(self.grundy, (data.rules, data.pairs), lambda d: self.grundy.show(*d))

    # -- the projector -------------------------------------------------------------------------
    def make_stage(self) -> Stage:
        """The piles in one centred block, counters as large as fit, each rule in words under
        them."""
        piles = BigPiles(id="projector-piles")
        rules = Static(id="projector-rule", markup=False)

        def show(data: tuple[PilesData | None, str]) -> None:
            if data[0] is not None:
                piles.show(data[0])
            rules.update(data[1])

        return Stage(Vertical(piles, rules, id="projector-sum"), show)

    def stage_data(self) -> tuple[PilesData | None, str]:
        view, game = self.view, self.game
        data = view.panels if view is not None else None
        said = rule_lines(tuple(part_label(r) for r in game.rules), game.misere)
        if not isinstance(data, SumData):
            return None, said
        rows = tuple(
            PileRow(p.size, p.rule, p.grundy, p.grundy_missing, p.shown) for p in data.piles
        )
        return PilesData(rows, -1, 0, self.hints), said  # no pile chosen up there

    def _draw_piles(self) -> None:
        """Only the piles: enough when the chosen pile or amount changes."""
        view = self.view
        data = view.panels if view is not None else None
        if not isinstance(data, SumData):
            return
        count = self.amount_count(self.pile) if self._choosing else 0
        self.amount_index = min(self.amount_index, max(0, count - 1))
        rows = tuple(
            PileRow(p.size, p.rule, p.grundy, p.grundy_missing, p.shown) for p in data.piles
        )
        amount = self.taken(self.pile, self.target_at(self.pile, self.amount_index)) if count else 0
        self.slots.put(self.piles, PilesData(rows, self.pile, amount, self.hints), self.piles.show)

    def amount_count(self, pile: int) -> int:
        """How many moves ``pile`` (a part) allows (counted: a Nim pile may hold 10^18)."""
        return self.game.part_move_count(self.session.position, pile)

    def target_at(self, pile: int, index: int) -> Pos:
        """Where the ``index``-th move of ``pile`` leads (a pile: the smallest amount first)."""
        return self.game.part_move_target(self.session.position, pile, index)

    def taken(self, pile: int, target: Pos) -> int:
        """Counters a move to ``target`` takes from ``pile`` (0: the part is no pile)."""
        now = self.game.pile_size(self.session.position, pile)
        after = self.game.pile_size(target, pile)
        return 0 if now is None or after is None else now - after

    # -- choosing ------------------------------------------------------------------------------
    def action_pile(self, step: int) -> None:
        self.pile = (self.pile + step) % len(self.session.position)
        self.amount_index = 0
        self._draw_piles()
        if self.amount_count(self.pile):  # analysed while the person thinks
            self.turns.look_ahead(self.target_at(self.pile, 0))

    def action_amount(self, step: int) -> None:
        count = self.amount_count(self.pile)
        if not count:
            return
        self.amount_index = (self.amount_index + step) % count
        self._draw_piles()
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
        take = self.taken(self.pile, target)
        self.say(tr("sums.screen.take", amount=take, pile=self.pile + 1, verdict=verdict))

    def chosen_move(self) -> Pos | None:
        if not self.amount_count(self.pile):
            self.say(tr("sums.screen.no_move", pile=self.pile + 1), error=True)
            return None
        return self.target_at(self.pile, self.amount_index)

    def _take(self, pile: int, amount: int) -> Pos:
        """The position after taking ``amount`` from ``pile``, if the pile's rule allows it."""
        return self.game.take(self.session.position, pile, amount)

    def parse_typed(self, text: str) -> Pos:
        """``2 4``: take 4 from pile 2; ``4``: take 4 from the chosen pile."""
        return self.game.move_from_text(self.session.position, text, pile=self.pile)

    def on_piles_view_clicked(self, event: PilesView.Clicked) -> None:
        self.pile = event.pile
        self.amount_index = 0
        if event.amount is None or not self.session.human_to_move or self.turns.thinking:
            self._draw_piles()
            return
        try:
            to = self._take(event.pile, event.amount)
        except PositionError as exc:
            self._draw_piles()
            self.say(error_text(exc), error=True)
            return
        self.turns.request_move(to)

    def action_toggle_hints(self) -> None:
        super().action_toggle_hints()
        if self.hints:  # show the nim-sum beside the piles
            self.show_side("side-nimsum")
