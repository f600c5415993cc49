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
from squaregame.play.record_text import to_markdown
from squaregame.play.session import Session
from squaregame.play.teach_wording import best_text, review_summary
from squaregame.play.wording import history_text, value_text, who
from squaregame.text import tr
from squaregame.ui.keys import keys
from squaregame.ui.localize import localize_bindings

STYLES = {"best": "green", "slow": "yellow", "blunder": "bold red", "forced": "dim", "stall": "dim"}
# the verdict and the best move first: at 80 columns the values may need scrolling to
COLUMNS = ("number", "who", "move", "verdict", "best", "before", "after")


def _value(info: PositionInfo) -> Text:
    return Text(value_text(info), style="green" if info.outcome.is_hot else "red")


def _column(name: str) -> str:
    return tr("ui_teach.review.best") if name == "best" else tr(f"ui_dialog.review.columns.{name}")


class MoveReviewScreen(ModalScreen[None]):
    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    BINDINGS = [
        Binding(keys("escape,q"), "close", "ui_dialog.review.keys.close"),
        Binding(keys("c"), "copy_markdown", "records.game.key_copy"),
    ]

    def __init__(self, session: Session[Any]) -> None:
        super().__init__()
        localize_bindings(self)
        self.session = session

    def compose(self) -> ComposeResult:
        with Vertical(id="review-box"):
            title = tr("ui_dialog.review.title")
            yield Static(f"[b]{title}[/b] — {tr('ui_dialog.review.subtitle')}", id="review-title")
            # each side's blunders at a glance (a shared game names both sides)
            yield Static(review_summary(self.session), id="review-sides", markup=False)
            yield DataTable(id="review", cursor_type="row", zebra_stripes=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(*(_column(c) for c in COLUMNS))
        s = self.session
        for i, ply in enumerate(s.plies):
            verdict = ply.verdict.value
            table.add_row(
                str(i + 1),
                who(s, i, ply),
                history_text(s.game, ply.before, ply.after),
                Text(tr(f"ui_dialog.review.verdicts.{verdict}"), style=STYLES.get(verdict, "")),
                best_text(s, ply),
                _value(ply.value_before),
                _value(ply.value_after),
            )
        table.focus()

    def action_copy_markdown(self) -> None:
        """The review as a Markdown table, on the clipboard (the terminal's, by OSC 52)."""

        self.app.copy_to_clipboard(to_markdown(self.session))
        self.notify(tr("records.game.copied"), timeout=6)

    def action_close(self) -> None:
        self.dismiss(None)
