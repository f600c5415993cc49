"""The Sums screen: piles of counters with their own rules, the nim-sum explained."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from squaregame.core.games import SumGame
from squaregame.core.types import Analysis, PositionError
from squaregame.play.session import Session
from squaregame.text.rules import rule_label
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.new_game import _numbers
from squaregame.ui.widgets.move_list import MoveView
from squaregame.ui.widgets.piles import PileRow, PilesData, PilesView
from squaregame.ui.widgets.sum_panels import GrundyTable, NimSumPanel

Pos = tuple[int, ...]


class SumsScreen(GameScreen[Pos]):
    dialog_kind = "sum"
    BINDINGS = [
        Binding("up", "pile(-1)", "Choose", key_display="↑↓←→"),
        Binding("down", "pile(1)", "Pile", show=False),
        Binding("left", "amount(-1)", "Amount", show=False),
        Binding("right", "amount(1)", "Amount", show=False),
    ]

    def __init__(self, session: Session[Pos], **kw: Any) -> None:
        super().__init__(session, **kw)
        self.pile = 0
        self.amount_index = 0
        self._choosing = False
        self._for: Pos | None = None

    @property
    def game(self) -> SumGame:
        g = self.session.game
        assert isinstance(g, SumGame)
        return g

    # -- layout hooks --------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield PilesView(id="piles")
        yield Static(id="exactness")

    def compose_chooser(self) -> ComposeResult:
        yield from ()

    def side_views(self) -> list[tuple[str, str]]:
        return [("side-nimsum", "the nim-sum, worked out"), ("side-grundy", "the Grundy tables")]

    def compose_side_views(self) -> ComposeResult:
        with VerticalScroll(id="side-nimsum"):
            yield NimSumPanel(id="nimsum")
        with VerticalScroll(id="side-grundy"):
            yield GrundyTable(id="grundy")

    def focus_chooser(self) -> None:
        self.query_one(PilesView).focus()

    def hints_message(self) -> str:
        return "Hints on: Grundy values (g=) by the piles; the nim-sum worked out on the right."

    def choose_hint(self) -> str:
        return "↑↓ pile, ←→ amount, Enter (or type an amount)"

    def history_text(self, before: Pos, after: Pos) -> str:
        return f"{self.game.describe_move(before, after)} → {self.game.format_position(after)}"

    # -- drawing -------------------------------------------------------------------------
    def amounts(self, pile: int) -> list[int]:
        return list(self.game.rules[pile].amounts(self.session.position[pile]))

    def update_board(self, a: Analysis[Pos]) -> None:
        if self._for != a.position:  # a new position: keep the pile if it can still move
            self._for = a.position
            self.amount_index = 0
            if not self.amounts(self.pile):
                self.pile = next((i for i in range(len(a.position)) if self.amounts(i)), 0)
        exact = a.info.remoteness_exact
        self.query_one("#exactness", Static).update(
            ""
            if exact
            else "[dim]The exact search is too large here: remoteness is estimated, but the "
            "nim-sum still finds every winning move.[/dim]"
        )

    def show_moves(self, views: tuple[MoveView, ...]) -> None:
        self._choosing = bool(views)  # no selection while it is not the person's move
        self._draw_piles()

    def _draw_piles(self) -> None:
        """Only the piles: enough when the chosen pile or amount changes."""
        pos = self.session.position
        amounts = self.amounts(self.pile) if self._choosing else []
        self.amount_index = min(self.amount_index, max(0, len(amounts) - 1))
        rows = tuple(
            PileRow(
                n, r.key if r.key in ("squares", "nim") else "{" + r.key + "}", self._grundy(i, n)
            )
            for i, (n, r) in enumerate(zip(pos, self.game.rules, strict=True))
        )
        amount = amounts[self.amount_index] if amounts else 0
        self.query_one(PilesView).show(PilesData(rows, self.pile, amount, self.hints))

    def _grundy(self, pile: int, n: int) -> int | None:
        if self.game.misere:
            return None
        return self.game.normal_piles[pile].info(n).grundy

    def update_side_views(self, a: Analysis[Pos]) -> None:
        winning = [self.game.move_phrase(a.position, m.to) for m in a.winning_moves]
        self.query_one(NimSumPanel).show(self.game, a.position, self.hints, winning)
        self.query_one(GrundyTable).show(self.game, a.position)

    # -- choosing ------------------------------------------------------------------------
    def action_pile(self, step: int) -> None:
        n = len(self.session.position)
        self.pile = (self.pile + step) % n
        self.amount_index = 0
        self._draw_piles()

    def action_amount(self, step: int) -> None:
        amounts = self.amounts(self.pile)
        if amounts:
            self.amount_index = (self.amount_index + step) % len(amounts)
            self._draw_piles()
            take = amounts[self.amount_index]
            verdict = ""
            if self.hints:
                to = self._take(self.pile, take)
                wins = any(m.to == to for m in self.analysis().winning_moves)
                verdict = " — ✓ wins" if wins else " — ✗ loses"
            self.say(f"Take {take} from pile {self.pile + 1}{verdict}. Enter to play.")

    def chosen_move(self) -> Pos | None:
        amounts = self.amounts(self.pile)
        if not amounts:
            self.say(f"Pile {self.pile + 1} has no legal move: choose another with ↑↓.", error=True)
            return None
        return self._take(self.pile, amounts[self.amount_index])

    def _take(self, pile: int, amount: int) -> Pos:
        pos = self.session.position
        rule = self.game.rules[pile]
        if not 0 < amount <= pos[pile]:
            raise PositionError(f"cannot take {amount} from pile {pile + 1} (it has {pos[pile]})")
        if not rule.allows(pos[pile], amount):
            raise PositionError(
                f"{amount} is not allowed by pile {pile + 1}'s rule {rule_label(rule)}"
            )
        return (*pos[:pile], pos[pile] - amount, *pos[pile + 1 :])

    def typed_move(self, text: str) -> Pos:
        parts = text.replace(",", " ").split()
        if len(parts) == 2:
            pile, amount = _numbers(text, 2)
            if not 1 <= pile <= len(self.session.position):
                raise PositionError(f"there is no pile {pile}")
            return self._take(pile - 1, amount)
        (amount,) = _numbers(text, 1)
        return self._take(self.pile, amount)

    def on_piles_view_clicked(self, event: PilesView.Clicked) -> None:
        self.pile = event.pile
        self.amount_index = 0
        if event.amount is None or not self.session.human_to_move or self.thinking:
            self._draw_piles()
            return
        try:
            to = self._take(event.pile, event.amount)
        except PositionError as exc:
            self._draw_piles()
            self.say(str(exc), error=True)
            return
        self.request_move(to)

    def action_toggle_hints(self) -> None:
        super().action_toggle_hints()
        if self.hints:  # show the nim-sum beside the piles
            from textual.widgets import ContentSwitcher

            self.query_one("#side", ContentSwitcher).current = "side-nimsum"

    # -- new games -----------------------------------------------------------------------
    def restart(self, session: Session[Pos], **kw: Any) -> None:
        self.pile = 0  # the new game may have fewer piles
        self.amount_index = 0
        super().restart(session, **kw)
