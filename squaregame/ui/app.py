"""The Textual application: the menu, and everything screens ask for by message.

Screens never call the application: they post the messages of :mod:`squaregame.ui.messages`
and the ``on_…`` handlers here pass each to the service whose job it is
(:mod:`squaregame.ui.services`): opening games, saved games, records, lesson progress,
settings. The app itself keeps only the language, the theme, the keys and the palette.
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
from squaregame.core.files.crash import internal_error
from squaregame.play.settings import DEMO_SPEED, THEMES, Settings, run_language
from squaregame.text import language, set_language, tr
from squaregame.ui.localize import localize_bindings, localize_textual, textual_command
from squaregame.ui.palette import Palette
from squaregame.ui.room import TALL_ROWS, WIDE_COLUMNS
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.services.activity import Activity
from squaregame.ui.services.challenges import ChallengeDesk
from squaregame.ui.services.collector import Collector
from squaregame.ui.services.lesson_progress import LessonProgressBook
from squaregame.ui.services.opener import Opener
from squaregame.ui.services.preferences import Preferences
from squaregame.ui.services.records import Records
from squaregame.ui.services.saved_games import SavedGames
from squaregame.ui.services.shell import UserData
from squaregame.ui.textual_fixes import OneLineErrors  # (and two of Textual's leaks, mended)
from squaregame.ui.themes import HIGH_CONTRAST, OURS_BY_NAME

if TYPE_CHECKING:  # the rest is imported when first needed, so the menu appears sooner
    from squaregame.core.tables import Tables
    from squaregame.lessons.model import Lesson
    from squaregame.play.saves import SaveSummary
    from squaregame.ui import messages as m
    from squaregame.ui.class_link import ClassLink
    from squaregame.ui.families import AppGames
    from squaregame.ui.start import StartRequest


class SquareGameApp(OneLineErrors):
    CSS_PATH = str(paths.asset("styles", "app.tcss"))
    TITLE = "squaregame"
    # Every screen gets -wide and -tall on a large terminal (ui/room.py): the stylesheets give
    # their panes the room there (both at once) and keep 80×24 tight.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE_COLUMNS, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (TALL_ROWS, "-tall")]
    BINDINGS = [
        Binding("question_mark", "help", "ui_menu.keys.help"),
        # the teacher's challenge (in a class; said in the notice), from any screen
        # (priority: a dialog's keys hide the app's, the game-over dialog's and the review's)
        Binding("f2", "challenge", "ui_class.keys.challenge", show=False, priority=True),
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
        link: ClassLink | None = None,
    ) -> None:
        super().__init__()
        self.games = games  # the families of games it offers (squaregame.families.GAMES)
        self.register_theme(HIGH_CONTRAST)  # (dark and light took Textual's places: below)
        if self.theme not in BUILTIN_THEMES:  # named before it was registered (TEXTUAL_THEME):
            self.stylesheet.set_variables(self.get_css_variables())  # its colours, made now
        self.request = request
        self.start_lesson = lesson
        self.lesson_seed = lesson_seed  # the same exercises for a whole class (``--seed``)
        self.data = UserData(self, data_dir)
        self.preferences = Preferences(self.data)
        # ``--lang`` is for this run only: settings.lang stays the saved preference.
        set_language(run_language(self.settings, lang, saved=self.preferences.lang_saved))
        localize_bindings(self)
        self.ai_delay = self.settings.ai_delay if ai_delay is None else ai_delay
        self.demo_speed = DEMO_SPEED  # a demo's seconds per move (``--speed``)
        self.saved_games = SavedGames(self, self.data, lambda: games.kinds, self._saved_changed)
        self.records = Records(self, self.data)
        self.lessons = LessonProgressBook(self.data)
        self.activity = Activity(link)  # what the student does, for their class (or nothing)
        self.challenges = ChallengeDesk(self, self.activity, self.open_request)
        self.opener = Opener(self, games, self.saved_games, lambda: self.settings, self._delays)
        families = tuple(f.key for f in games.families)
        self.menu = MenuScreen(self.saved_games.description(), families)
        self.menu.others = self.saved_games.others
        self.collector = Collector(self)  # Python's full collections, between keys

    @property
    def settings(self) -> Settings:
        return self.preferences.settings

    @property
    def saved(self) -> SaveSummary | None:
        """The saved game the menu offers to continue."""
        return self.saved_games.summary

    @property
    def tables(self) -> Tables:
        return self.opener.tables

    @property
    def data_folder(self) -> Path:
        return self.data.folder

    def _delays(self) -> tuple[float, float]:
        return self.ai_delay, self.demo_speed

    def _saved_changed(self, description: str | None, others: int) -> None:
        self.menu.saved = description
        self.menu.others = others

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

    def on_idle(self) -> None:
        self.collector.idle()

    def on_unmount(self) -> None:
        self.collector.stop()

    def on_mount(self) -> None:
        self.collector.start()
        if self.theme != self.settings.theme:  # setting it restyles everything: only if needed
            self.theme = self.settings.theme
        for msg in (self.preferences.message, *self.saved_games.messages):
            if msg:
                self.data.warn(msg)
        self.activity.listen(partial(self.call_from_thread, self.challenges.offered))
        if self.request is not None:
            self.open_request(self.request)
        elif self.start_lesson is not None:
            self.action_lessons()
            if self.start_lesson:
                from squaregame.lessons.model import find_lesson  # (only with --lesson)
                from squaregame.lessons.strings import lesson_language

                lang = lesson_language(language())
                self.open_lesson(find_lesson(self.start_lesson, self.games, lang))

    @property
    def lang(self) -> str:
        """The language the app speaks now (``--lang`` for this run, or a Settings switch)."""
        return language()

    # -- games (the opener's) ------------------------------------------------------------
    def open_request(self, r: StartRequest) -> None:
        self.opener.open_request(r, partial(setattr, self, "demo_speed"))

    def new_game(self, family: str | None = None) -> None:
        """The new-game dialog of the family called ``family`` (the menu's, the palette's)."""
        self.opener.new_game(family)

    def action_new_game(self, family: str) -> None:
        self.new_game(family)

    def continue_game(self, chosen: Path | None = None) -> None:
        self.opener.continue_game(chosen)

    def show_saved_games(self, highlighted: int = 0) -> None:
        self.saved_games.show_list(self.continue_game, highlighted)

    # -- lessons -------------------------------------------------------------------------
    def action_lessons(self) -> None:
        from squaregame.ui.screens.lessons import LessonListScreen  # (when first opened)

        # in the app's language; it reads the record through the getter, as saving replaces it
        self.push_screen(LessonListScreen(self.games, lambda: self.lessons.progress))

    def open_lesson(self, lesson: Lesson) -> None:
        from squaregame.ui.screens.lesson import lesson_screen  # (when first opened)

        progress = self.lessons.of(lesson.id)
        panels = self.games.lesson_panels()  # the families' own, besides the generic ones
        self.push_screen(lesson_screen(lesson, progress, panels, self.lesson_seed))

    # -- other screens -------------------------------------------------------------------
    def action_help(self, section: str | None = None) -> None:
        from squaregame.ui.screens.help import HelpScreen  # (when first opened)

        if not any(isinstance(s, HelpScreen) for s in self.screen_stack):
            # in the app's language (and only once); from a game, at its section
            families = tuple(f.key for f in self.games.families)
            self.push_screen(HelpScreen(section=section, families=families))

    def on_open_help(self, message: m.OpenHelp) -> None:
        self.action_help(message.section)

    def action_settings(self) -> None:
        from squaregame.ui.screens.settings import SettingsScreen  # (when first opened)

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
        self.preferences.change(new)
        self.ai_delay = self.settings.ai_delay
        self.theme = self.settings.theme

    # -- what screens ask for ------------------------------------------------------------
    def on_open_game(self, message: m.OpenGame) -> None:
        level = message.level or self.settings.level
        self.opener.open_game(
            message.session,
            level=level,
            hints=message.hints,
            seed=message.seed,
            persist=message.persist,
            finished=message.finished,
        )

    def on_make_ahead(self, message: m.MakeAhead) -> None:
        if self.is_running and self.screen_stack[-1:] == [message.asker]:  # (not past the key)
            self.opener.prepare(message.asker, message.family, message.session)

    def on_new_game_request(self, message: m.NewGameRequest) -> None:
        self.opener.new_game(
            message.family, message.spec, message.replace, message.persist, message.current
        )

    def on_save_game(self, message: m.SaveGame) -> None:
        self.saved_games.save(message.saved)
        self.activity.game_changed(message.saved.session, message.saved.level)

    def on_continue_game(self, message: m.ContinueGame) -> None:
        self.continue_game(message.path)

    def on_open_saved_games(self, _: m.OpenSavedGames) -> None:
        self.show_saved_games()

    def on_delete_saved_game(self, message: m.DeleteSavedGame) -> None:
        self.saved_games.delete(message.path, self.continue_game)

    def on_export_record(self, message: m.ExportRecord) -> None:
        self.records.export_record(message.session, message.level)

    def on_open_lesson(self, message: m.OpenLesson) -> None:
        self.open_lesson(message.lesson)

    def on_save_lesson_progress(self, message: m.SaveLessonProgress) -> None:
        self.lessons.save(message.lesson_id, message.progress)
        self.activity.lesson_changed(message.lesson_id, message.answered)

    def on_reset_lesson_progress(self, message: m.ResetLessonProgress) -> None:
        self.lessons.reset(message.lesson_id)
        if message.then is not None:
            message.then()

    def on_open_why(self, message: m.OpenWhy) -> None:
        from squaregame.ui.screens.why import WhyScreen  # (when first opened)

        self.push_screen(WhyScreen(message.game, message.position))

    def on_export_why(self, message: m.ExportWhy) -> None:
        self.records.export_why(message.stem, message.text)

    def on_open_lessons(self, _: m.OpenLessons) -> None:
        self.action_lessons()

    def on_open_settings(self, _: m.OpenSettings) -> None:
        self.action_settings()

    def on_quit_app(self, _: m.QuitApp) -> None:
        self.exit()

    def action_challenge(self) -> None:
        """F2: the teacher's newest challenge not answered yet (in a class)."""
        self.challenges.open_latest()

    def on_challenge_help(self, message: m.ChallengeHelp) -> None:
        self.activity.helped(message.challenge, message.what)

    # -- the command palette ---------------------------------------------------------------
    def action_command_palette(self) -> None:
        """Textual's command palette, its search field in the app's language."""
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            placeholder = tr("ui_textual.palette.placeholder")
            self.push_screen(Palette(placeholder=placeholder, id="--command-palette"))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """One of Textual's own widgets took the focus: its Footer keys in the app's language."""
        if localize_textual(event.widget) and event.widget.is_attached:
            event.widget.screen.refresh_bindings()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        # (game screens load with the first game)
        from squaregame.ui.screens.game_base import GameScreen

        # Textual's own theme list (every built-in theme, by its raw name, never saved) and
        # its screenshot (into ~/Downloads, missing on a fresh home) give way to ours.
        # Textual's others (Keys, Maximize, Quit …) are said in the app's language.
        for cmd in super().get_system_commands(screen):
            if cmd.callback != self.action_change_theme and cmd.title != "Screenshot":
                yield textual_command(cmd)

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
    link: ClassLink | None = None,
) -> int:
    """Run the app; its exit status: 0, or 1 when it ended on an error inside it (said in
    one line, its traceback kept in ``last-error.txt``: ``internal_error``). ``link``:
    where a class session's events go (:mod:`squaregame.ui.services.activity`)."""
    app = SquareGameApp(
        games, request, lang=lang, lesson=lesson, lesson_seed=lesson_seed, link=link
    )
    try:
        app.run(headless=headless)
    finally:
        app.activity.close()  # what is left is written before the process ends
    if app.crash is not None:
        return internal_error(app.crash)
    return app.return_code or 0
