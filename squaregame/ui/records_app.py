"""What the application does with game records and the saved-games list: a record written
from the game screen (``x``) into the data folder's ``records/``, and a saved game deleted
from the list (confirmed there)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from squaregame.text import tr
from squaregame.ui.opening import GamesApp

if TYPE_CHECKING:
    from squaregame.ui import messages as m


class RecordsApp(GamesApp):
    def on_export_record(self, message: m.ExportRecord) -> None:
        folder = self.data_folder / "records"
        try:
            from squaregame.play.record_io import export_files  # (not needed to start)

            path = export_files(message.session, message.level, folder)
        except OSError as exc:
            self.notify(tr("records.game.export_failed", error=exc), severity="error", timeout=8)
            return
        self.notify(tr("records.game.exported", path=path), timeout=10)

    def on_delete_saved_game(self, message: m.DeleteSavedGame) -> None:
        from squaregame.play.save_folder import claim, latest_summary, release, saved_paths
        from squaregame.play.saves import peek_game

        path = message.path
        listed = saved_paths(self.data_folder)
        index = listed.index(path) if path in listed else 0
        summary, _ = peek_game(path, self.games.kinds)
        what = self.saved_description(summary) or path.stem
        if not claim(path):  # open in another window: that window keeps saving it
            self.notify(tr("ui_saved.in_use"), severity="warning", timeout=8)
        else:
            try:
                os.unlink(path)
                self.notify(tr("ui_saved.deleted", what=what), timeout=6)
            except FileNotFoundError:
                pass
            except OSError as exc:
                self.notify(tr("ui_saved.delete_failed", error=exc), severity="error", timeout=8)
            release(path)
            path.with_name(f".{path.name}.claim").unlink(missing_ok=True)
        self._saved_path, summary, _ = latest_summary(self.games.kinds, self.data_folder)
        self._set_saved(summary)
        if saved_paths(self.data_folder):
            self.show_saved_games(highlighted=index)  # the list clamps it to the last
