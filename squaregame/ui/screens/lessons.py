"""The lesson list, with each lesson's progress.

The list's own texts are in the app's language; the lessons in it are in the same language
where they exist, else in English (:func:`squaregame.lessons.strings.lesson_language`), and
the subtitle names the language the lessons are in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from squaregame import paths
from squaregame.lessons.model import Lesson, load_lessons
from squaregame.lessons.progress import LessonProgress
from squaregame.lessons.schema import LessonGames
from squaregame.lessons.strings import lesson_language
from squaregame.text import Catalog, language, tr
from squaregame.ui.localize import localize_bindings
from squaregame.ui.messages import OpenLesson, ResetLessonProgress


class LessonListScreen(Screen[None]):
    CSS_PATH = str(paths.asset("styles", "lesson.tcss"))
    BINDINGS = [
        Binding("escape", "app.pop_screen", "ui_lessons.keys.menu"),
        Binding("r", "reset", "ui_lessons.keys.reset"),
        Binding("question_mark", "app.help", "ui_lessons.keys.help"),
    ]

    def __init__(
        self,
        games: LessonGames,
        progress: Callable[[], Mapping[str, LessonProgress]],
        lang: str | None = None,
    ) -> None:
        super().__init__()
        localize_bindings(self)
        self.games = games
        self.progress = progress  # reads the application's record, updated as lessons are done
        self.requested = lang  # None: the app's language, also after a switch
        self.resetting: str | None = None  # the lesson whose reset waits for a second r
        self.load()

    def load(self) -> None:
        self.lang = lesson_language(self.requested or language())
        self.lessons = load_lessons(self.games, self.lang)

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Vertical(id="lesson-list-box"):
            yield Static(help_text(), id="lesson-list-help")
            yield OptionList(id="lesson-list")
        yield Footer(compact=True, show_command_palette=False)  # Ctrl+P still opens it

    def on_mount(self) -> None:
        self.show_titles()
        self.rebuild()

    def show_titles(self) -> None:
        self.title = tr("ui_lessons.list.title")
        self.sub_title = Catalog(self.lang)("ui_settings.language_name")

    def relocalize(self) -> None:
        self.load()
        self.query_one("#lesson-list-help", Static).update(help_text())
        self.show_titles()
        self.rebuild()

    def on_screen_resume(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        ol = self.query_one("#lesson-list", OptionList)
        keep = ol.highlighted or 0
        ol.clear_options()
        record = self.progress()
        for lesson in self.lessons:
            ol.add_option(Option(row_text(lesson, record.get(lesson.id)), id=lesson.id))
        ol.highlighted = min(keep, len(self.lessons) - 1)
        ol.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.resetting = None
        lesson = next(x for x in self.lessons if x.id == event.option_id)
        self.app.post_message(OpenLesson(lesson))

    def on_option_list_option_highlighted(self, _: OptionList.OptionHighlighted) -> None:
        self.resetting = None

    def action_reset(self) -> None:
        """r, then r again on the same lesson: forget its progress."""
        index = self.query_one("#lesson-list", OptionList).highlighted
        if index is None:
            return
        lesson = self.lessons[index]
        if self.resetting != lesson.id:
            self.resetting = lesson.id
            self.notify(tr("ui_lessons.list.reset_confirm", title=lesson.title))
            return
        self.resetting = None

        def done() -> None:
            self.rebuild()
            self.notify(tr("ui_lessons.list.reset_done", title=lesson.title))

        self.app.post_message(ResetLessonProgress(lesson.id, done))


STATUSES = ("new", "attempted", "mastered")


def help_text() -> str:
    """How to choose, and what "mastered" takes."""
    return tr("ui_lessons.list.help") + "\n" + tr("ui_lessons.list.rule")


def row_text(lesson: Lesson, p: LessonProgress | None) -> str:
    """One lesson in the list: its status in words (never a colour alone), in a column of
    its own, and its score."""
    p = p or LessonProgress()
    width = max(len(tr(f"ui_lessons.list.{s}")) for s in STATUSES)
    status = tr(f"ui_lessons.list.{p.status}")
    score = " · " + tr("ui_lessons.list.score", k=p.score, n=p.tried) if p.tried else ""
    return f"{status:<{width}}  {lesson.number:>2}. {lesson.title}{score}"
