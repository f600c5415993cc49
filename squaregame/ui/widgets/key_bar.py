"""The Footer of a game screen, on two rows when one is not enough.

A game has a dozen keys; at 80 columns, in Russian or Spanish, Textual's one-row Footer cut
the last ones off. This Footer lays its keys out in rows that fit the terminal's width
(one row when they fit, as before), so every key stays visible and clickable."""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey  # the Footer's own key widget


class KeyBar(Footer):
    DEFAULT_CSS = """
    KeyBar {
        layout: vertical;
        height: auto;
        max-height: 3;
    }
    KeyBar > Horizontal {
        height: 1;
        width: 100%;
    }
    """

    def compose(self) -> ComposeResult:
        keys = list(super().compose())
        width = max(20, self.app.size.width - 1)
        rows: list[list[object]] = [[]]
        used = 0
        for key in keys:
            need = (
                cell_len(f"{key.key_display} {key.description}") + 1
                if isinstance(key, FooterKey)
                else 12
            )
            if rows[-1] and used + need > width:
                rows.append([])
                used = 0
            rows[-1].append(key)
            used += need
        for row in rows:
            yield Horizontal(*row)  # type: ignore[arg-type]

    def on_resize(self) -> None:
        if self.screen.is_current:
            self.call_after_refresh(self.recompose)

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Redrawn only while its screen is the one shown: under a dialog it keeps the keys
        it last showed (Textual's Footer would redraw, half-drawn, behind the dialog)."""
        if screen.is_current:
            super().bindings_changed(screen)
