"""What is written to the data folder on request: a game's record (``x`` on a game screen:
text, JSON and CSV in ``records/``) and a *why* proof (Markdown in ``why/``), each said
with where it went."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from squaregame.text import tr
from squaregame.ui.services.shell import Shell, UserData

if TYPE_CHECKING:
    from squaregame.play.session import Session


class Records:
    def __init__(self, shell: Shell, data: UserData) -> None:
        self.shell = shell
        self.data = data

    def export_record(self, session: Session[Any], level: str) -> None:
        from squaregame.play.record_io import export_files  # (not needed to start)

        try:
            path = export_files(session, level, self.data.folder / "records")
        except OSError as exc:
            self.shell.notify(
                tr("records.game.export_failed", error=exc), severity="error", timeout=8
            )
            return
        self.shell.notify(tr("records.game.exported", path=path), timeout=10)

    def export_why(self, stem: str, text: str) -> None:
        from squaregame.play.why_text import export_markdown  # (not needed to start)

        try:
            path = export_markdown(self.data.folder / "why", stem, text)
        except OSError as exc:
            self.shell.notify(tr("why.ui.export_failed", error=exc), severity="error", timeout=8)
            return
        self.shell.notify(tr("why.ui.exported", path=path), timeout=10)
