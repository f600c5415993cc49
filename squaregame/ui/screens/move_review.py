"""After a game: every move, how it changed the outcome and the remoteness, and its verdict."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Static

from squaregame import paths
from squaregame.core.types import PositionInfo
from squaregame.play.record_text import to_markdown
from squaregame.play.session import Session
from squaregame.play.teach_wording import best_text, review_summary
from squaregame.play.wording import history_text, who
from squaregame.text import tr
from squaregame.text.games import remoteness_span
from squaregame.ui.keys import keys
from squaregame.ui.localize import localize_bindings
from squaregame.ui.screens.dialog import Dialog
from squaregame.ui.widgets.footer import Footer
from squaregame.ui.wrap import atom_width, wrap

STYLES = {"best": "green", "slow": "yellow", "blunder": "bold red", "forced": "dim", "stall": "dim"}
# the verdict and the best move first; the values before and after in one short column
# ("☹C 8 → ☺H 3": the face and the letter say cold or hot, also without colour), so
# every column fits at 80 columns
COLUMNS = ("number", "who", "move", "verdict", "best", "values")
WRAPPED = (2, 4)  # the move and the best move: narrower where the table would not fit


def _value(info: PositionInfo) -> Text:
    mark = tr("ui_widgets.strip.hot" if info.outcome.is_hot else "ui_widgets.strip.cold")
    return Text(f"{mark} {remoteness_span(info)}", style="green" if info.outcome.is_hot else "red")


def _values(before: PositionInfo, after: PositionInfo) -> Text:
    return Text.assemble(_value(before), " → ", _value(after))


def _number(i: int, pointed: bool) -> str:
    """Move ``i``'s number, after ▶ where the cursor is (a cell kept for it on every row)."""
    return f"{'▶' if pointed else ' '}{i + 1}"


def _column(name: str) -> str:
    return tr(f"ui_dialog.review.columns.{name}")


class MoveReviewScreen(Dialog[None]):
    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    BINDINGS = [
        Binding(keys("escape,q"), "close", "ui_dialog.review.keys.close"),
        Binding(keys("c"), "copy_markdown", "records.game.key_copy"),
    ]

    def __init__(self, session: Session[Any]) -> None:
        super().__init__()
        localize_bindings(self)
        self.session = session
        self._pointed: int | None = None  # the row drawn with ▶

    def compose(self) -> ComposeResult:
        with Vertical(id="review-box"):
            title = tr("ui_dialog.review.title")
            yield Static(f"[b]{title}[/b] — {tr('ui_dialog.review.subtitle')}", id="review-title")
            # each side's blunders at a glance (a shared game names both sides)
            yield Static(review_summary(self.session), id="review-sides", markup=False)
            yield DataTable(id="review", cursor_type="row", zebra_stripes=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()
        self.call_after_refresh(self._fill)  # once the table knows its width

    def _fill(self) -> None:
        """The columns as wide as their widest cell; where they do not all fit, the moves'
        columns narrower, their text wrapped between words (never inside a position)."""
        table = self.query_one(DataTable)
        s = self.session
        rows: list[list[str | Text]] = [
            [
                _number(i, i == 0),
                who(s, i, ply),
                history_text(s.game, ply.before, ply.after),
                Text(
                    tr(f"ui_dialog.review.verdicts.{ply.verdict.value}"),
                    style=STYLES.get(ply.verdict.value, ""),
                ),
                best_text(s, ply),
                _values(ply.value_before, ply.value_after),
            ]
            for i, ply in enumerate(s.plies)
        ]
        labels = [_column(c) for c in COLUMNS]
        widths = [
            max(cell_len(str(x)) for x in (label, *(row[k] for row in rows)))
            for k, label in enumerate(labels)
        ]
        room = table.scrollable_content_region.width or self.app.size.width - 8
        room -= table.styles.scrollbar_size_vertical  # kept for the scrollbar a long game has
        excess = sum(w + 2 * table.cell_padding for w in widths) - room
        least = {  # a column is never narrower than its heading or a position
            k: max([cell_len(labels[k]), *(2 + atom_width(str(row[k])) for row in rows)])
            for k in WRAPPED
        }
        while excess > 0:  # one cell at a time off the widest column that can give it
            k = max((k for k in WRAPPED if widths[k] > least[k]), key=lambda k: widths[k],
                    default=None)  # fmt: skip
            if k is None:
                break
            widths[k] -= 1
            excess -= 1
        for label, width in zip(labels, widths, strict=True):
            table.add_column(label, width=width)
        for row in rows:
            for k in WRAPPED:
                row[k] = "\n".join(wrap(str(row[k]), widths[k], 2))
            table.add_row(*row, height=None)
        self._pointed = 0 if rows else None

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The row the cursor is on marked ▶ before its number (shape, not colour)."""
        table, row = event.data_table, event.cursor_row
        if row == self._pointed or not 0 <= row < table.row_count:
            return
        if self._pointed is not None and self._pointed < table.row_count:
            table.update_cell_at(Coordinate(self._pointed, 0), _number(self._pointed, False))
        table.update_cell_at(Coordinate(row, 0), _number(row, True))
        self._pointed = row

    def action_copy_markdown(self) -> None:
        """The review as a Markdown table, on the clipboard (the terminal's, by OSC 52)."""

        self.app.copy_to_clipboard(to_markdown(self.session))
        self.notify(tr("records.game.copied"), timeout=6)

    def action_close(self) -> None:
        self.dismiss(None)
