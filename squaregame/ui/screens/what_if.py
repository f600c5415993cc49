"""Going back to any earlier position from the value history or the moves so far, exploring
a *what-if* from there, and returning to the game (the game screen's share of it).

The chart (``c`` focuses it; ← → choose, Enter goes there) and the moves-so-far list (a
click) post a jump; the session keeps the game's own moves aside
(:meth:`~squaregame.play.session.Session.jump`), redo replays them, and a different move
starts the what-if. ``b`` returns to the game as it was. A what-if is never saved over the
game. A bar where the computer was to move is taken as the position before it: a what-if
begins with the person's own choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from textual.binding import Binding, BindingType
from textual.widget import Widget

from squaregame.play.session import Session
from squaregame.text import tr
from squaregame.ui.keys import keys
from squaregame.ui.widgets.history_log import HistoryLog
from squaregame.ui.widgets.value_chart import ValueChart

P = TypeVar("P")


class WhatIf(Generic[P]):
    """Mixed into :class:`~squaregame.ui.screens.game_base.GameScreen`."""

    WHAT_IF_BINDINGS: ClassVar[list[BindingType]] = [
        Binding(keys("c"), "focus_chart", "ui_game.keys.chart"),
        Binding(keys("b"), "back_to_game", "ui_game.keys.back"),
    ]
    session: Session[P]
    chart: ValueChart
    typed: str
    focused: Widget | None

    if TYPE_CHECKING:  # provided by GameScreen, TypedMoves and OpponentTurns

        def say(self, text: str, error: bool = False) -> None: ...
        def refresh_view(self) -> None: ...
        def show_side(self, view_id: str) -> None: ...
        def start_opponent(self, delay: float | None = None) -> None: ...
        def cancel_opponent(self) -> None: ...

    WHAT_IF_ACTIONS = ("back_to_game", "focus_chart")

    def check_what_if_action(self, action: str) -> bool | None:
        """For :attr:`WHAT_IF_ACTIONS`: ``b`` is in the Footer only in a what-if."""
        if action == "back_to_game":
            return self.session.exploring
        return True

    def chart_has_focus(self) -> bool:
        return isinstance(self.focused, ValueChart)

    def action_play_selected(self) -> None:
        """Enter on the chart goes back to the chosen bar; elsewhere it plays."""
        if isinstance(self.focused, ValueChart):
            self.chart.jump()
            return
        super().action_play_selected()  # type: ignore[misc]  # TypedMoves, after us

    def action_focus_chart(self) -> None:
        self.show_side("side-history")
        self.chart.focus()

    def on_value_chart_jump(self, event: ValueChart.Jump) -> None:
        event.stop()
        self.go_back_to(event.moves)

    def on_history_log_jump(self, event: HistoryLog.Jump) -> None:
        event.stop()
        self.go_back_to(event.moves)

    def go_back_to(self, moves: int) -> None:
        s = self.session
        if s.players == "demo":
            self.say(tr("ui_game.what_if.not_in_demo"), error=True)
            return
        while moves > 0 and not s.human_at(moves):  # the person's own choice begins it
            moves -= 1
        if moves == len(s.plies):
            self.say(tr("ui_game.what_if.already_here"))
            return
        self.cancel_opponent()
        s.jump(moves)
        self.typed = ""
        if moves == 0:
            self.say(tr("ui_game.what_if.at_start"))
        else:
            self.say(tr("ui_game.what_if.went_back", move=moves))
        self.refresh_view()

    def action_back_to_game(self) -> None:
        s = self.session
        if not s.exploring:
            return
        self.cancel_opponent()
        count = s.back_to_main()
        self.say(tr("ui_game.what_if.back", count=count))
        self.refresh_view()
        if s.over:
            return
        if not s.human_to_move and not getattr(self, "paused", False):
            self.start_opponent()
