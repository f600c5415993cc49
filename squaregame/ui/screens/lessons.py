"""The lesson list, with each lesson's progress.

The list's own texts are in the app's language; the lessons in it are in the same language
where they exist, else in English (:func:`squaregame.lessons.strings.lesson_language`), and
the subtitle names the language the lessons are in.
"""

from __future__ import annotations

from collections.abc import Mapping

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from squaregame import paths
from squaregame.lessons.model import load_lessons
from squaregame.lessons.progress import LessonProgress
from squaregame.lessons.strings import lesson_language
from squaregame.text import Catalog, language, tr
from squaregame.ui.localize import localize_bindings
from squaregame.ui.messages import OpenLesson


class LessonListScreen(Screen[None]):
    CSS_PATH = str(paths.asset("styles", "lesson.tcss"))
    BINDINGS = [
        Binding("escape", "app.pop_screen", "ui_lessons.keys.menu"),
        Binding("question_mark", "app.help", "ui_lessons.keys.help"),
    ]

    def __init__(self, progress: Mapping[str, LessonProgress], lang: str | None = None) -> None:
        super().__init__()
        localize_bindings(self)
        self.progress = progress  # the application's record, updated as lessons are done
        self.requested = lang  # None: the app's language, also after a switch
        self.load()

    def load(self) -> None:
        self.lang = lesson_language(self.requested or language())
        self.lessons = load_lessons(self.lang)

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Vertical(id="lesson-list-box"):
            yield Static(tr("ui_lessons.list.help"), id="lesson-list-help")
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
        self.query_one("#lesson-list-help", Static).update(tr("ui_lessons.list.help"))
        self.show_titles()
        self.rebuild()

    def on_screen_resume(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        ol = self.query_one("#lesson-list", OptionList)
        keep = ol.highlighted or 0
        ol.clear_options()
        for lesson in self.lessons:
            p = self.progress.get(lesson.id, LessonProgress())
            mark = "✓" if p.done else ("…" if p.step else " ")
            score = f"  ({p.score}/{lesson.quiz_count})" if p.answered else ""
            ol.add_option(Option(f"{mark} {lesson.number:>2}. {lesson.title}{score}", id=lesson.id))
        ol.highlighted = min(keep, len(self.lessons) - 1)
        ol.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        lesson = next(x for x in self.lessons if x.id == event.option_id)
        self.app.post_message(OpenLesson(lesson))
