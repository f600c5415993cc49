"""The saved games, most recent first: choose one to continue it (Esc: back to the menu)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from squaregame import paths
from squaregame.text import tr
from squaregame.ui.keys import keys
from squaregame.ui.localize import localize_bindings


@dataclass(frozen=True)
class SavedEntry:
    """One saved game as the list shows it: its file, its summary and when it was saved."""

    path: Path
    description: str  # "Squares from 75 — 2 moves, your move"
    saved_at: str  # "2026-11-22 13:05"


class SavedGamesScreen(ModalScreen[Path | None]):
    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    BINDINGS = [Binding(keys("escape"), "close", "ui_saved.keys.back")]

    def __init__(self, entries: list[SavedEntry]) -> None:
        super().__init__()
        localize_bindings(self)
        self.entries = entries

    def compose(self) -> ComposeResult:
        with Vertical(id="saved-box"):
            yield Static(tr("ui_saved.title"), id="saved-title")
            yield Static(tr("ui_saved.hint"), id="saved-hint")
            yield OptionList(
                *(
                    Option(f"{e.saved_at}  {e.description}", id=str(i))
                    for i, e in enumerate(self.entries)
                ),
                id="saved-list",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#saved-list", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.entries[int(event.option_id or 0)].path)

    def action_close(self) -> None:
        self.dismiss(None)
