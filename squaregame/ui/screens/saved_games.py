"""The saved games, most recent first: choose one to continue it, or delete one (d, then d
again to confirm; any other key keeps it). Esc: back to the menu."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from squaregame import paths
from squaregame.text import tr
from squaregame.ui.keys import keys
from squaregame.ui.localize import localize_bindings
from squaregame.ui.messages import DeleteSavedGame
from squaregame.ui.screens.dialog import Dialog
from squaregame.ui.widgets.footer import Footer
from squaregame.ui.widgets.pointed import PointedList


@dataclass(frozen=True)
class SavedEntry:
    """One saved game as the list shows it: its file, its summary and when it was saved."""

    path: Path
    description: str  # "Squares from 75 — 2 moves, your move"
    saved_at: str  # "2026-11-22 13:05"

    @property
    def label(self) -> str:
        return f"{self.saved_at}  {self.description}"


class SavedGamesScreen(Dialog[Path | None]):
    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    BINDINGS = [
        Binding(keys("escape"), "close", "ui_saved.keys.back"),
        Binding(keys("d,delete"), "delete", "ui_saved.keys.delete"),
    ]

    def __init__(self, entries: list[SavedEntry], highlighted: int = 0) -> None:
        super().__init__()
        localize_bindings(self)
        self.entries = entries
        self.highlighted = highlighted
        self.pending: int | None = None  # the entry asked about: d again deletes it

    def compose(self) -> ComposeResult:
        with Vertical(id="saved-box"):
            yield Static(tr("ui_saved.title"), id="saved-title")
            yield Static(tr("ui_saved.hint"), id="saved-hint")
            yield PointedList(
                *(Option(e.label, id=str(i)) for i, e in enumerate(self.entries)),
                id="saved-list",
                classes="pane",  # framed in the accent colour, as every list (app.tcss)
            )
        yield Footer()

    def on_mount(self) -> None:
        options = self.query_one("#saved-list", OptionList)
        options.focus()
        if self.entries:
            options.highlighted = min(self.highlighted, len(self.entries) - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.entries[int(event.option_id or 0)].path)

    def action_delete(self) -> None:
        index = self.query_one("#saved-list", OptionList).highlighted
        if index is None or not self.entries:
            return
        if self.pending != index:  # first press: ask
            self.pending = index
            what = self.entries[index].label
            self.query_one("#saved-hint", Static).update(tr("ui_saved.confirm", what=what))
            return
        self.app.post_message(DeleteSavedGame(self.entries[index].path))
        self.dismiss(None)  # the app deletes it and shows the list again

    def on_key(self, event: events.Key) -> None:
        if self.pending is not None and event.key not in ("d", "delete", "в"):
            self.keep()

    def keep(self) -> None:
        self.pending = None
        self.query_one("#saved-hint", Static).update(tr("ui_saved.hint"))

    def action_close(self) -> None:
        self.dismiss(None)
