"""Saved games: the one the menu offers to continue, the list of the others, saving the game
in progress (each game its own file), and deleting one from the list.

Reading a save needs the games' kinds; they are asked for only when there is a save to read,
so a first start reads none of them."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from squaregame.play.save_folder import (
    claim,
    latest_summary,
    open_folder,
    release,
    save_in_folder,
    saved_paths,
)
from squaregame.play.saves import SavedGame, SaveState, SaveSummary, peek_game, summary_of
from squaregame.text import tr
from squaregame.ui.services.shell import Shell, UserData

if TYPE_CHECKING:
    from squaregame.core.kinds import Kinds

MAX_LISTED_SAVES = 200  # the most recent saved games the list shows


class SavedGames:
    """``changed(description, others)`` hears the menu's new Continue line and how many
    other saved games there are, whenever they change."""

    def __init__(
        self,
        shell: Shell,
        data: UserData,
        kinds: Callable[[], Kinds],
        changed: Callable[[str | None, int], None] = lambda _d, _n: None,
    ) -> None:
        self.shell = shell
        self.data = data
        self._kinds = kinds
        self.changed = changed
        self.path: Path | None = None  # the file of the game the menu offers to continue
        self.summary: SaveSummary | None = None
        self.messages: list[str] = []  # said once the app runs (a damaged save set aside …)
        said = open_folder(data.folder)
        if saved_paths(data.folder):  # (the games' kinds are read only to read a save)
            self.path, self.summary, self.messages = latest_summary(kinds(), data.folder)
        self.messages = said + self.messages

    @property
    def others(self) -> int:
        """How many saved games besides the one offered."""
        return max(0, len(saved_paths(self.data.folder)) - 1) if self.summary else 0

    def description(self, summary: SaveSummary | None = None) -> str | None:
        s = summary or self.summary
        if s is None:
            return None
        state = tr(f"ui_menu.state.{s.state.value}")
        moves = tr("ui_menu.moves", count=s.moves)
        return tr("ui_menu.saved", title=s.title, start=s.start, moves=moves, state=state)

    def _set(self, summary: SaveSummary | None) -> None:
        self.summary = summary
        self.changed(self.description(), self.others)

    def refresh(self) -> None:
        """The most recent sound save becomes the one offered (another was lost or deleted)."""
        self.path, summary, _ = latest_summary(self._kinds(), self.data.folder)
        self._set(summary)

    def save(self, saved: SavedGame) -> None:
        self._set(summary_of(saved))  # its title is read in the language of the moment
        try:
            path = save_in_folder(saved, self.data.folder)
            if self.path is not None and self.path != path:
                release(self.path)  # one game open at a time: let the last one go
            self.path = path
        except OSError as exc:
            self.data.failed_once(f"game {saved.key}", tr("ui_menu.notify.save_failed", error=exc))

    def save_new(self, saved: SavedGame) -> None:
        """A new game takes the menu's Continue: say that the unfinished one before it is
        kept (in its own file, listed under the other saved games), never drop it silently."""
        before, path = self.summary, self.path
        self.save(saved)
        if before is None or path is None or path.stem == saved.key:
            return
        if before.state is not SaveState.FINISHED:
            game = self.description(before)
            self.shell.notify(tr("ui_menu.notify.kept", game=game), timeout=8)

    def show_list(self, chosen: Callable[[Path], None], highlighted: int = 0) -> None:
        """The list of saved games (most recent first); ``chosen`` hears the one chosen."""
        from squaregame.ui.screens.saved_games import SavedEntry, SavedGamesScreen  # (rare)

        entries: list[SavedEntry] = []
        for path in saved_paths(self.data.folder)[:MAX_LISTED_SAVES]:
            summary, message = peek_game(path, self._kinds())
            if message:
                self.shell.notify(message, severity="warning", timeout=8)
            if summary is None:
                continue
            try:
                stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
            except OSError:
                continue
            entries.append(SavedEntry(path, self.description(summary) or "", stamp))

        def picked(path: Path | None) -> None:
            if path is not None:
                chosen(path)

        self.shell.push_screen(SavedGamesScreen(entries, highlighted), picked)

    def delete(self, path: Path, chosen: Callable[[Path], None]) -> None:
        """Delete a saved game chosen in the list (confirmed there), unless another window
        has it open; the list comes back, near where it was."""
        notify = self.shell.notify
        listed = saved_paths(self.data.folder)
        index = listed.index(path) if path in listed else 0
        summary, _ = peek_game(path, self._kinds())
        what = self.description(summary) or path.stem
        if not claim(path):  # open in another window: that window keeps saving it
            notify(tr("ui_saved.in_use"), severity="warning", timeout=8)
        else:
            try:
                os.unlink(path)
                notify(tr("ui_saved.deleted", what=what), timeout=6)
            except FileNotFoundError:
                pass
            except OSError as exc:
                notify(tr("ui_saved.delete_failed", error=exc), severity="error", timeout=8)
            release(path)  # (its claim's file removed with it)
        self.refresh()
        if saved_paths(self.data.folder):
            self.show_list(chosen, highlighted=index)  # the list clamps it to the last
