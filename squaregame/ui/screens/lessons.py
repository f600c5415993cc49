"""The lesson list, with each lesson's progress."""

from __future__ import annotations

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


class LessonListScreen(Screen[None]):
    CSS_PATH = str(paths.asset("styles", "lesson.tcss"))
    BINDINGS = [Binding("escape", "app.pop_screen", "Menu / Меню")]

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
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
        from squaregame.ui.app import SquareGameApp

        app = self.app
        assert isinstance(app, SquareGameApp)
        ol = self.query_one("#lesson-list", OptionList)
        keep = ol.highlighted or 0
        ol.clear_options()
        for lesson in self.lessons:
            p = app.lesson_progress.get(lesson.id, LessonProgress())
            mark = "✓" if p.done else ("…" if p.step else " ")
            score = f"  ({p.score}/{lesson.quiz_count})" if p.answered else ""
            ol.add_option(Option(f"{mark} {lesson.number:>2}. {lesson.title}{score}", id=lesson.id))
        ol.highlighted = min(keep, len(self.lessons) - 1)
        ol.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from squaregame.ui.app import SquareGameApp

        app = self.app
        assert isinstance(app, SquareGameApp)
        lesson = next(x for x in self.lessons if x.id == event.option_id)
        app.open_lesson(lesson)
