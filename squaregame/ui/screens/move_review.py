"""After a game: every move, how it changed the outcome and the remoteness, and its verdict."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Static

from squaregame import paths
from squaregame.core.types import PositionInfo
from squaregame.play.review import history_lines
from squaregame.play.session import Session

VERDICTS = {
    "best": ("✓ best", "green"),
    "slow": ("~ slow", "yellow"),
    "blunder": ("✗ blunder", "bold red"),
    "forced": ("· lost", "dim"),
    "stall": ("· hasty", "dim"),
}


def _value(info: PositionInfo) -> Text:
    approx = "" if info.remoteness_exact else "~"
    style = "green" if info.outcome.is_hot else "red"
    return Text(
        f"{info.outcome.symbol} {info.outcome.value} {approx}{info.remoteness}", style=style
    )


class MoveReviewScreen(ModalScreen[None]):
    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    BINDINGS = [Binding("escape,q", "close", "Close")]

    def __init__(self, session: Session[Any], describe: Any) -> None:
        super().__init__()
        self.session = session
        self.describe = describe

    def compose(self) -> ComposeResult:
        with Vertical(id="review-box"):
            yield Static(
                "[b]Move by move[/b] — the value for the player to move, before and after",
                id="review-title",
            )
            yield DataTable(id="review", cursor_type="row", zebra_stripes=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("#", "who", "move", "before (mover)", "after (opponent)", "verdict")
        lines = history_lines(self.session, self.describe)
        for line, ply in zip(lines, self.session.plies, strict=True):
            label, style = VERDICTS.get(ply.verdict.value, ("", ""))
            table.add_row(
                str(line.number),
                line.who,
                line.description,
                _value(ply.value_before),
                _value(ply.value_after),
                Text(label, style=style),
            )
        table.focus()

    def action_close(self) -> None:
        self.dismiss(None)
