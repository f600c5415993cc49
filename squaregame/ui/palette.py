"""Textual's command palette, safe against keys typed faster than it opens and closes.

Textual's palette (8.2) assumes that it is on top of the stack and has its widgets for as
long as anything of it runs. Under a burst of keys (Ctrl+P twice among others) neither
holds: a selection queued behind the key that closed the palette closes it again, and its
``dismiss`` pops whatever screen is on top by then (the game; with only the menu left it
fails with ``ScreenStackError``); a search, a timer or a watcher that flips
``_list_visible`` runs once the closing palette's widgets are gone, and
``query_one(CommandList)`` fails with ``NoMatches``. Either ended the app. Here a palette
that is no longer on top pops nothing and starts nothing, stops its search and timers when
it goes, and drops what it would show on widgets already gone.
``tests/test_ui_palette_burst.py`` replays such bursts.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from rich.align import Align
from rich.text import Text
from textual.await_complete import AwaitComplete
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.widgets.option_list import Option

from squaregame.text import tr


class Palette(CommandPalette):
    """The command palette, closed once, and only from the top of the stack."""

    @property
    def _open(self) -> bool:
        """On top of the stack, and not closing (its widgets all there)."""
        return self.is_active and self.is_attached and not self._closing

    def dismiss(self, result: Any = None) -> AwaitComplete:
        """Close the palette — if it is still the screen on top (a second close, queued
        behind the first, would pop the screen under it)."""
        if not self._open:
            return AwaitComplete()
        self._quiet()
        return super().dismiss(result)

    def on_screen_suspend(self) -> None:
        self._quiet()  # popped by anyone: nothing of it runs on

    def _quiet(self) -> None:
        self._cancel_gather_commands()
        self._stop_busy_countdown()
        self._stop_no_matches_countdown()

    def _gather_commands(self, search_value: str) -> Any:
        if not self._open:  # (a search typed into a palette that is closing)
            return None
        return super()._gather_commands(search_value)

    def _watch__list_visible(self) -> None:
        with suppress(NoMatches):  # closing: its list is gone already
            super()._watch__list_visible()

    async def _watch__show_busy(self) -> None:
        with suppress(NoMatches):
            await super()._watch__show_busy()

    def _start_no_matches_countdown(self, search_value: str) -> None:
        """Textual's countdown to "No matches found", said in the app's language and never
        shown on a palette that has closed meanwhile."""
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if not self._open:
                return
            if not search_value:  # discovering, not searching: nothing to say
                self._list_visible = False
                return
            nothing = Text(tr("ui_textual.palette.no_matches"), style="not bold")
            option = Option(Align.center(nothing), disabled=True, id=self._NO_MATCHES)
            self.query_one(CommandList).add_option(option)
            self._list_visible = True

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)
