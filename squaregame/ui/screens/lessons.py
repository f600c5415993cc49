"""The lesson list, with each lesson's progress.

The list's own texts are in the app's language; the lessons in it are in the same language
where they exist, else in English (:func:`squaregame.lessons.strings.lesson_language`), and
the subtitle names the language the lessons are in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rich.console import Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from squaregame import paths
from squaregame.lessons.model import Lesson, load_lessons
from squaregame.lessons.progress import LessonProgress
from squaregame.lessons.schema import LessonGames
from squaregame.lessons.strings import lesson_language
from squaregame.text import Catalog, language, tr
from squaregame.ui.lesson.reading import step_heading
from squaregame.ui.localize import localize_bindings
from squaregame.ui.messages import OpenLesson, ResetLessonProgress
from squaregame.ui.room import roomy, spaced
from squaregame.ui.widgets.footer import Footer
from squaregame.ui.widgets.header import FittedHeader
from squaregame.ui.widgets.pointed import PointedList


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
        yield FittedHeader(show_clock=False)
        with Vertical(id="lesson-list-box"):
            yield Static(help_text(), id="lesson-list-help")
            with Horizontal(id="lesson-list-row"):
                yield PointedList(id="lesson-list", classes="pane")  # (titles: show_titles)
                # beside it on a large terminal: what the highlighted lesson is (lesson.tcss)
                yield Static(id="lesson-preview", classes="pane")
        yield Footer(compact=True, show_command_palette=False)  # Ctrl+P still opens it

    def on_mount(self) -> None:
        self.show_titles()
        self.rebuild()

    def show_titles(self) -> None:
        self.title = tr("ui_lessons.list.title")
        self.sub_title = Catalog(self.lang)("ui_settings.language_name")
        self.query_one("#lesson-list").border_title = tr("ui_lessons.list.title")
        self.query_one("#lesson-preview").border_title = tr("ui_lessons.list.about")

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
        # spaced out where they all fit so (the room under the help, above the key bar)
        airy = roomy(*self.app.size) and 3 * len(self.lessons) + 10 <= self.app.size.height
        for lesson in self.lessons:
            row = row_text(lesson, record.get(lesson.id))
            ol.add_option(Option(spaced(escape(row), airy), id=lesson.id))
        ol.highlighted = min(keep, len(self.lessons) - 1)
        ol.focus()
        self.show_preview()

    def on_resize(self) -> None:
        self.rebuild()  # spaced out or not

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.resetting = None
        lesson = next(x for x in self.lessons if x.id == event.option_id)
        self.app.post_message(OpenLesson(lesson))

    def on_option_list_option_highlighted(self, _: OptionList.OptionHighlighted) -> None:
        self.resetting = None
        self.show_preview()

    def show_preview(self) -> None:
        index = self.query_one("#lesson-list", OptionList).highlighted
        if index is not None and index < len(self.lessons):
            lesson = self.lessons[index]
            text = preview_text(lesson, self.progress().get(lesson.id))
            self.query_one("#lesson-preview", Static).update(text)

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


def preview_text(lesson: Lesson, p: LessonProgress | None) -> Group:
    """What a lesson holds: its summary, the heading of each step (a long one wrapped under
    its own text), its progress."""
    p = p or LessonProgress()
    about = Text(f"{lesson.number}. {lesson.title}\n\n", style="bold")
    about.append(lesson.summary + "\n\n", style="not bold")
    about.append(tr("ui_lessons.list.steps", count=len(lesson.steps)))
    steps = Table.grid(padding=(0, 1))
    steps.add_column(justify="right", no_wrap=True)
    steps.add_column()
    for k, step in enumerate(lesson.steps, 1):
        steps.add_row(f"{k}.", step_heading(step.text))
    status = Text("\n" + tr(f"ui_lessons.list.{p.status}"), style="bold")
    if p.tried:
        status.append(" · " + tr("ui_lessons.list.score", k=p.score, n=p.tried), style="not bold")
    return Group(about, steps, status)


def row_text(lesson: Lesson, p: LessonProgress | None) -> str:
    """One lesson in the list: its status in words (never a colour alone), in a column of
    its own, and its score."""
    p = p or LessonProgress()
    width = max(len(tr(f"ui_lessons.list.{s}")) for s in STATUSES)
    status = tr(f"ui_lessons.list.{p.status}")
    score = " · " + tr("ui_lessons.list.score", k=p.score, n=p.tried) if p.tried else ""
    return f"{status:<{width}}  {lesson.number:>2}. {lesson.title}{score}"
