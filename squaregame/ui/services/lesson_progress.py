"""Each lesson's progress: read when first needed (a damaged file set aside and said), and
saved merged into what the file holds now, so another window's lessons are kept."""

from __future__ import annotations

from typing import TYPE_CHECKING

from squaregame.text import tr
from squaregame.ui.services.shell import UserData

if TYPE_CHECKING:
    from squaregame.lessons.progress import LessonProgress
    from squaregame.play.files import UserFile


class LessonProgressBook:
    def __init__(self, data: UserData) -> None:
        self._data = data
        self._file: UserFile[dict[str, LessonProgress]] | None = None
        self._progress: dict[str, LessonProgress] | None = None

    @property
    def file(self) -> UserFile[dict[str, LessonProgress]]:
        if self._file is None:
            from squaregame.lessons.progress import progress_file, progress_path  # (lessons)

            self._file = progress_file(self._data.path(progress_path()))
        return self._file

    @property
    def progress(self) -> dict[str, LessonProgress]:
        """Every lesson's progress, by lesson id (read when first asked for)."""
        if self._progress is None:
            progress, msg = self.file.load()
            self._progress = progress or {}
            if msg:
                self._data.warn(msg)
        return self._progress

    def of(self, lesson_id: str) -> LessonProgress:
        """A lesson's progress (a fresh one for a lesson never opened)."""
        from squaregame.lessons.progress import LessonProgress  # (lessons: only when opened)

        return self.progress.setdefault(lesson_id, LessonProgress())

    def save(self, lesson_id: str, progress: LessonProgress) -> None:
        from squaregame.lessons.progress import save_lesson  # (lessons: only when opened)

        self.progress[lesson_id] = progress
        try:  # merged into what the file holds now: another window's lessons are kept
            self._progress, msg = save_lesson(self.file, lesson_id, progress)
        except OSError as exc:
            self._data.failed_once("progress", tr("ui_menu.notify.progress_failed", error=exc))
            return
        if msg:
            self._data.warn(msg)

    def reset(self, lesson_id: str) -> None:
        from squaregame.lessons.progress import reset_lesson  # (lessons: only when opened)

        self.progress.pop(lesson_id, None)
        try:
            self._progress, msg = reset_lesson(self.file, lesson_id)
        except OSError as exc:
            self._data.failed_once("progress", tr("ui_menu.notify.progress_failed", error=exc))
            return
        if msg:
            self._data.warn(msg)
