"""The Textual application: the menu, and everything screens ask for by message.

Screens never call the application: they post the messages of :mod:`squaregame.ui.messages`
and the ``on_…`` handlers here (and in :mod:`squaregame.ui.opening`, which opens games)
open games and lessons, save, and show the other screens.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen
from textual.theme import BUILTIN_THEMES, Theme

from squaregame import paths, start_up
from squaregame.play.save_folder import latest_summary, open_folder, saved_paths
from squaregame.play.saves import SaveSummary
from squaregame.play.settings import (
    DEMO_SPEED,
    THEMES,
    Settings,
    run_language,
    save_changes,
    settings_file,
    settings_path,
)
from squaregame.text import language, set_language, tr
from squaregame.ui.localize import localize_bindings, localize_textual
from squaregame.ui.records_app import RecordsApp
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.themes import HIGH_CONTRAST, OURS_BY_NAME

if TYPE_CHECKING:  # the rest is imported when first needed, so the menu appears sooner
    from squaregame.core.tables import Tables
    from squaregame.lessons.model import Lesson
    from squaregame.lessons.progress import LessonProgress
    from squaregame.play.files import UserFile
    from squaregame.play.session import Session
    from squaregame.ui import messages as m
    from squaregame.ui.families import AppGames
    from squaregame.ui.start import StartRequest


class SquareGameApp(RecordsApp):
    CSS_PATH = str(paths.asset("styles", "app.tcss"))
    TITLE = "squaregame"
    BINDINGS = [
        Binding("question_mark", "help", "ui_menu.keys.help"),
        # Quit is listed in the menu's key bar; game screens need the room for their keys.
        Binding("ctrl+q", "quit", "ui_menu.keys.quit", priority=True, show=False),
    ]

    def __init__(
        self,
        games: AppGames,
        request: StartRequest | None = None,
        *,
        ai_delay: float | None = None,
        data_dir: Path | None = None,
        lang: str | None = None,
        lesson: str | None = None,
        lesson_seed: int | None = None,
    ) -> None:
        super().__init__()
        self.games = games  # the families of games it offers (squaregame.games.GAMES)
        self.register_theme(HIGH_CONTRAST)  # (dark and light took Textual's places: below)
        if self.theme not in BUILTIN_THEMES:  # named before it was registered (TEXTUAL_THEME):
            self.stylesheet.set_variables(self.get_css_variables())  # its colours, made now
        self.request = request
        self.start_lesson = lesson
        self.lesson_seed = lesson_seed  # the same exercises for a whole class (``--seed``)
        self._data_dir = data_dir
        self._failed = set()
        self._settings_file = settings_file(self._path(settings_path()))
        settings, settings_msg = self._settings_file.load()
        self.settings = (settings or Settings()).cleaned()
        self._settings_base = self.settings  # as read: what this window changes is merged
        self._lessons_file: UserFile[dict[str, LessonProgress]] | None = None  # when needed
        open_folder(self.data_folder)
        self._start_msgs = [settings_msg]
        # ``--lang`` is for this run only: settings.lang stays the saved preference.
        set_language(run_language(self.settings, lang))
        localize_bindings(self)
        self.ai_delay = self.settings.ai_delay if ai_delay is None else ai_delay
        self.demo_speed = DEMO_SPEED  # a demo's seconds per move (``--speed``)
        self.saved: SaveSummary | None
        save_msgs: list[str] = []
        self._saved_path, self.saved = None, None
        if saved_paths(self.data_folder):  # (the games' kinds are read only to read a save)
            self._saved_path, self.saved, save_msgs = latest_summary(games.kinds, self.data_folder)
        self._start_msgs += save_msgs
        self._lesson_progress: dict[str, LessonProgress] | None = None  # read when first needed
        self._tables: Tables | None = None
        self.menu = MenuScreen(self.saved_description(), tuple(f.key for f in games.families))
        if self.saved is not None:  # the others are offered in a list
            self.menu.others = max(0, len(saved_paths(self.data_folder)) - 1)

    # -- start-up ------------------------------------------------------------------------
    def register_theme(self, theme: Theme) -> None:
        """Textual's dark and light are registered as ours, with readable colours: Textual
        registers its built-in themes first thing in ``App.__init__``, before it makes the
        stylesheet's colours, so the first screen is drawn in ours with no second pass."""
        textuals = theme is BUILTIN_THEMES.get(theme.name)  # (another theme is kept as given)
        super().register_theme(OURS_BY_NAME.get(theme.name, theme) if textuals else theme)

    def get_default_screen(self) -> MenuScreen:
        return self.menu  # the bottom of the stack: nothing else to draw first

    def on_ready(self) -> None:
        """The first frame is drawn: start-up is over (:mod:`squaregame.start_up`)."""
        start_up.started()

    def on_mount(self) -> None:
        if self.theme != self.settings.theme:  # setting it restyles everything: only if needed
            self.theme = self.settings.theme
        for msg in self._start_msgs:
            if msg:
                self.warn(msg)
        if self.request is not None:
            self.open_request(self.request)
        elif self.start_lesson is not None:
            self.action_lessons()
            if self.start_lesson:
                from squaregame.lessons.model import find_lesson
                from squaregame.lessons.strings import lesson_language

                lang = lesson_language(language())
                self.open_lesson(find_lesson(self.start_lesson, self.games, lang))

    @property
    def lang(self) -> str:
        """The language the app speaks now (``--lang`` for this run, or a Settings switch)."""
        return language()

    def warn(self, text: str) -> None:
        self.notify(text, title=tr("ui_menu.notify.recovered"), severity="warning", timeout=8)

    def open_request(self, r: StartRequest) -> None:
        import random

        from squaregame.core.spec import GameSpec
        from squaregame.play.session import Session

        kind = self.games.kinds.find(r.game) if r.game else self.games.families[0].kinds[0]
        given = None if r.start is None else kind.position_values(r.start)
        spec = GameSpec(kind, tuple(r.rules), r.misere, given)
        spec = spec.with_random_position(random.Random(r.seed))
        game = spec.build(self.tables)
        session: Session[Any] = Session(
            game, spec.start(game), r.human_first, r.two_humans, players=r.players, names=r.names
        )
        if r.speed is not None:
            self.demo_speed = r.speed
        self.open_game(session, level=r.level or self.settings.level, hints=r.hints, seed=r.seed)

    # -- lessons -------------------------------------------------------------------------
    @property
    def _progress_file(self) -> UserFile[dict[str, LessonProgress]]:
        if self._lessons_file is None:
            from squaregame.lessons.progress import progress_file, progress_path

            self._lessons_file = progress_file(self._path(progress_path()))
        return self._lessons_file

    @property
    def lesson_progress(self) -> dict[str, LessonProgress]:
        if self._lesson_progress is None:
            progress, msg = self._progress_file.load()
            self._lesson_progress = progress or {}
            if msg:
                self.warn(msg)
        return self._lesson_progress

    def action_lessons(self) -> None:
        from squaregame.ui.screens.lessons import LessonListScreen

        # in the app's language; it reads the record through the getter, as saving replaces it
        self.push_screen(LessonListScreen(self.games, lambda: self.lesson_progress))

    def open_lesson(self, lesson: Lesson) -> None:
        from squaregame.lessons.progress import LessonProgress
        from squaregame.ui.screens.lesson import lesson_screen

        progress = self.lesson_progress.setdefault(lesson.id, LessonProgress())
        self.push_screen(lesson_screen(lesson, progress, self.lesson_seed))

    def reset_lesson_progress(self, lesson_id: str) -> None:
        from squaregame.lessons.progress import reset_lesson

        self.lesson_progress.pop(lesson_id, None)
        try:
            self._lesson_progress, msg = reset_lesson(self._progress_file, lesson_id)
        except OSError as exc:
            self.failed_once("progress", tr("ui_menu.notify.progress_failed", error=exc))
            return
        if msg:
            self.warn(msg)

    def save_lesson_progress(self, lesson_id: str, progress: LessonProgress) -> None:
        from squaregame.lessons.progress import save_lesson

        self.lesson_progress[lesson_id] = progress
        try:  # merged into what the file holds now: another window's lessons are kept
            self._lesson_progress, msg = save_lesson(self._progress_file, lesson_id, progress)
        except OSError as exc:
            self.failed_once("progress", tr("ui_menu.notify.progress_failed", error=exc))
            return
        if msg:
            self.warn(msg)

    # -- other screens -------------------------------------------------------------------
    def action_help(self, section: str | None = None) -> None:
        from squaregame.ui.screens.help import HelpScreen

        if not any(isinstance(s, HelpScreen) for s in self.screen_stack):
            # in the app's language (and only once); from a game, at its section
            families = tuple(f.key for f in self.games.families)
            self.push_screen(HelpScreen(section=section, families=families))

    def on_open_help(self, message: m.OpenHelp) -> None:
        self.action_help(message.section)

    def action_settings(self) -> None:
        from squaregame.ui.screens.settings import SettingsScreen

        self.push_screen(SettingsScreen(self.settings), self._settings_done)

    def choose_theme(self, theme: str) -> None:
        """A theme chosen in the command palette: applied and saved, as Settings would."""
        self._settings_done(replace(self.settings, theme=theme))

    def take_screenshot(self) -> None:
        """An SVG of the screen in the data folder's ``screenshots/`` (made if missing; a
        fresh home has no ~/Downloads), saying where; in a browser, a download."""
        folder = self.data_folder / "screenshots"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if self.is_web:
                self.deliver_screenshot(path=str(folder))
                return
            path = self.save_screenshot(path=str(folder))
        except OSError as exc:
            self.notify(tr("ui_menu.notify.screenshot_failed", error=exc), severity="error")
            return
        self.notify(tr("ui_menu.notify.screenshot", path=path), timeout=8)

    def _settings_done(self, new: Settings | None) -> None:
        if new is None:
            return
        if new.lang != self.settings.lang:  # chosen in Settings: from now on, and saved
            set_language(new.lang)
        self.settings = new.cleaned()
        self.ai_delay = self.settings.ai_delay
        self.theme = self.settings.theme
        try:  # only what was changed here; another window's changes to the rest are kept
            merged, msg = save_changes(self._settings_file, self._settings_base, self.settings)
        except OSError as exc:
            self.failed_once("settings", tr("ui_menu.notify.settings_failed", error=exc))
            return
        self.settings = self._settings_base = merged.cleaned()
        if msg:
            self.warn(msg)

    # -- what screens ask for ------------------------------------------------------------
    def on_open_lesson(self, message: m.OpenLesson) -> None:
        self.open_lesson(message.lesson)

    def on_save_lesson_progress(self, message: m.SaveLessonProgress) -> None:
        self.save_lesson_progress(message.lesson_id, message.progress)

    def on_reset_lesson_progress(self, message: m.ResetLessonProgress) -> None:
        self.reset_lesson_progress(message.lesson_id)
        if message.then is not None:
            message.then()

    def on_open_why(self, message: m.OpenWhy) -> None:
        from squaregame.ui.screens.why import WhyScreen

        self.push_screen(WhyScreen(message.game, message.position))

    def on_export_why(self, message: m.ExportWhy) -> None:
        from squaregame.play.why_text import export_markdown

        try:
            path = export_markdown(self.data_folder / "why", message.stem, message.text)
        except OSError as exc:
            self.notify(tr("why.ui.export_failed", error=exc), severity="error", timeout=8)
            return
        self.notify(tr("why.ui.exported", path=path), timeout=10)

    def on_open_lessons(self, _: m.OpenLessons) -> None:
        self.action_lessons()

    def on_open_settings(self, _: m.OpenSettings) -> None:
        self.action_settings()

    def on_quit_app(self, _: m.QuitApp) -> None:
        self.exit()

    # -- the command palette ---------------------------------------------------------------
    def action_command_palette(self) -> None:
        """Textual's command palette, its search field in the app's language."""
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            placeholder = tr("ui_textual.palette.placeholder")
            self.push_screen(CommandPalette(placeholder=placeholder, id="--command-palette"))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """One of Textual's own widgets took the focus: its Footer keys in the app's language."""
        if localize_textual(event.widget) and event.widget.is_attached:
            event.widget.screen.refresh_bindings()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        from squaregame.ui.screens.game_base import GameScreen

        # Textual's own theme list (every built-in theme, by its raw name, never saved) and
        # its screenshot (into ~/Downloads, missing on a fresh home) give way to ours.
        for cmd in super().get_system_commands(screen):
            if cmd.callback != self.action_change_theme and cmd.title != "Screenshot":
                yield cmd

        def command(key: str, run: Callable[[], Any], **names: str) -> SystemCommand:
            return SystemCommand(
                tr(f"ui_menu.commands.{key}.title", **names),
                tr(f"ui_menu.commands.{key}.help"),
                run,
            )

        for theme in THEMES:  # named for people, and kept in the settings
            name = tr(f"ui_settings.themes.{theme}")
            yield command("theme", partial(self.choose_theme, theme), name=name)
        yield command("screenshot", self.take_screenshot)

        for family in self.games.families:  # a new game of each family
            yield SystemCommand(
                tr(f"{family.key}.command.title"),
                tr(f"{family.key}.command.help"),
                partial(self.new_game, family.key),
            )
        yield command("settings", self.action_settings)
        yield command("lessons", self.action_lessons)
        yield command("help", self.action_help)
        if isinstance(screen, GameScreen):
            yield command("hints", screen.action_toggle_hints)
            yield command("undo", screen.action_undo)
            yield command("review", screen.action_review_moves)
            yield command("redo", screen.action_redo)
            yield command("menu", screen.action_menu)


def run_app(
    games: AppGames,
    request: StartRequest | None = None,
    *,
    lang: str | None = None,
    lesson: str | None = None,
    lesson_seed: int | None = None,
    headless: bool = False,
) -> int:
    """Run the app; its exit status: 0, or non-zero when it ended on an error (Textual
    prints the error and sets ``return_code``)."""
    app = SquareGameApp(games, request, lang=lang, lesson=lesson, lesson_seed=lesson_seed)
    app.run(headless=headless)
    return app.return_code or 0
