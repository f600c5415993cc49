"""The lesson list, with each lesson's progress."""

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
from squaregame.lessons.strings import Strings
from squaregame.ui.messages import OpenLesson


class LessonListScreen(Screen[None]):
    CSS_PATH = str(paths.asset("styles", "lesson.tcss"))
    BINDINGS = [Binding("escape", "app.pop_screen", "Menu / Меню")]

    def __init__(self, lang: str, progress: Mapping[str, LessonProgress]) -> None:
        super().__init__()
        self.lang = lang
        self.progress = progress  # the application's record, updated as lessons are done
        self.S = Strings(lang)
        self.lessons = load_lessons(lang)

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Vertical(id="lesson-list-box"):
            yield Static(self.S("lesson_list_help"), id="lesson-list-help")
            yield OptionList(id="lesson-list")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.title = self.S("lessons_title")
        self.sub_title = self.S("language_name")
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
