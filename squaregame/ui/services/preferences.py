"""The settings: read at start (a damaged file set aside and said), and saved as changed —
only what this window changed, merged into what the file holds now, so another window's
changes to the rest are kept."""

from __future__ import annotations

from squaregame.play.settings import (
    Settings,
    save_changes,
    saved_language,
    settings_file,
    settings_path,
)
from squaregame.text import tr
from squaregame.ui.services.shell import UserData


class Preferences:
    def __init__(self, data: UserData) -> None:
        self._data = data
        path = data.path(settings_path())
        self._file = settings_file(path)
        self.lang_saved = saved_language(path) is not None  # else the environment's
        settings, self.message = self._file.load()  # the message: said once the app runs
        self.settings = (settings or Settings()).cleaned()
        self._base = self.settings  # as read: what this window changes is merged into it

    def change(self, new: Settings) -> None:
        """Take ``new`` and save what differs from what was read (a failure said once)."""
        self.settings = new.cleaned()
        try:
            merged, msg = save_changes(self._file, self._base, self.settings)
        except OSError as exc:
            self._data.failed_once("settings", tr("ui_menu.notify.settings_failed", error=exc))
            return
        self.settings = self._base = merged.cleaned()
        if msg:
            self._data.warn(msg)
