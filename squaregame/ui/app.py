"""The Textual application: menu, game screens, settings, saving."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.theme import Theme

from squaregame import paths
from squaregame.lessons.progress import LessonProgress, progress_path, save_progress
from squaregame.play.saves import (
    SavedGame,
    SaveSummary,
    peek_game,
    save_game,
    save_path,
    summary_of,
)
from squaregame.play.settings import (
    Settings,
    load_settings,
    run_language,
    save_settings,
    settings_path,
)
from squaregame.text import language, set_language
from squaregame.ui.localize import localize_bindings
from squaregame.ui.screens.menu import MenuScreen

if TYPE_CHECKING:  # the rest is imported when first needed, so the menu appears sooner
    from squaregame.core.context import Tables
    from squaregame.core.rules import Rule
    from squaregame.lessons.model import Lesson
    from squaregame.play.session import Session
    from squaregame.ui.screens.game_base import GameScreen
    from squaregame.ui.screens.new_game import GameSetup

HIGH_CONTRAST = Theme(
    name="high-contrast",
    primary="#ffff00",
    secondary="#00ffff",
    accent="#ffff00",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#1a1a1a",
    success="#00ff00",
    warning="#ffff00",
    error="#ff6060",
    dark=True,
)


@dataclass(frozen=True)
class StartRequest:
    """``squaregame play ...``: open a game directly."""

    game: str = "squares"
    start: Any = None  # int for squares, (x, y) for wythoff, piles for sum; None: random
    rules: tuple[Rule, ...] = ()  # for sum: one rule per pile
    two_humans: bool = False
    misere: bool = False
    human_first: bool = True
    level: str | None = None
    hints: bool = False
    seed: int | None = None


class SquareGameApp(App[None]):
    CSS_PATH = str(paths.asset("styles", "app.tcss"))
    TITLE = "squaregame"
    BINDINGS = [
        Binding("question_mark", "help", "Help"),
        # Quit is listed in the menu's Footer; game screens need the room for their keys.
        Binding("ctrl+q", "quit", "Quit", priority=True, show=False),
    ]

    def __init__(
        self,
        request: StartRequest | None = None,
        *,
        ai_delay: float | None = None,
        data_dir: Path | None = None,
        lang: str | None = None,
        lesson: str | None = None,
    ) -> None:
        super().__init__()
        self.request = request
        self.start_lesson = lesson
        self._data_dir = data_dir
        self.settings, self._settings_msg = load_settings(self._path(settings_path()))
        self.ai_delay = self.settings.ai_delay if ai_delay is None else ai_delay
        self.saved: SaveSummary | None
        self.saved, self._save_msg = peek_game(self._path(save_path()))
        self._lesson_progress: dict[str, LessonProgress] | None = None  # read when first needed
        self._tables: Tables | None = None
        set_language(run_language(self.settings, lang))  # --lang: this run only, never saved
        localize_bindings(self)

    def _path(self, default: Path) -> Path:
        return default if self._data_dir is None else self._data_dir / default.name

    # -- start-up ------------------------------------------------------------------------
    def get_default_screen(self) -> MenuScreen:
        return MenuScreen()  # the menu is the bottom of the stack: nothing else to draw first

    def on_mount(self) -> None:
        self.register_theme(HIGH_CONTRAST)
        if self.theme != self.settings.theme:  # setting it restyles everything: only if needed
            self.theme = self.settings.theme
        for msg in (self._settings_msg, self._save_msg):
            if msg:
                self.notify(msg, title="Recovered", severity="warning", timeout=8)
        if self.request is not None:
            self.open_request(self.request)
        elif self.start_lesson is not None:
            self.action_lessons()
            if self.start_lesson:
                from squaregame.lessons.model import find_lesson
                from squaregame.lessons.strings import lesson_language

                self.open_lesson(find_lesson(self.start_lesson, lesson_language(language())))

    @property
    def tables(self) -> Tables:
        """The tables every game of this app shares (made when the first game needs them)."""
        if self._tables is None:
            from squaregame.core.context import Tables

            self._tables = Tables()
        return self._tables

    def open_request(self, r: StartRequest) -> None:
        import random

        from squaregame.core.kinds import find_kind
        from squaregame.core.spec import GameSpec
        from squaregame.play.session import Session

        given = None if r.start is None else find_kind(r.game).position_values(r.start)
        spec = GameSpec(r.game, tuple(x.key for x in r.rules), r.misere, given)
        spec = spec.with_random_position(random.Random(r.seed))
        game = spec.build(self.tables)
        session: Session[Any] = Session(game, spec.start(game), r.human_first, r.two_humans)
        self.open_game(session, level=r.level or self.settings.level, hints=r.hints, seed=r.seed)

    # -- games ---------------------------------------------------------------------------
    def open_game(
        self,
        session: Session[Any],
        *,
        level: str,
        hints: bool,
        seed: int | None = None,
        persist: bool = True,
    ) -> None:
        """Push the screen for ``session``'s game (and save it as the game in progress).

        A sum whose exact search takes a moment is solved first, in a thread."""
        from squaregame.core.games import SumGame

        game = session.game
        if isinstance(game, SumGame) and game.needs_search(session.position):
            self.notify("Solving this sum exactly — a moment…", timeout=3)
            self.run_worker(
                partial(self._solve_then_open, session, level, hints, seed, persist),
                thread=True,
                group="solve",
            )
            return
        self._push_game(session, level=level, hints=hints, seed=seed, persist=persist)

    def _solve_then_open(
        self, session: Session[Any], level: str, hints: bool, seed: int | None, persist: bool
    ) -> None:
        session.game.info(session.position)
        self.call_from_thread(
            self._push_game, session, level=level, hints=hints, seed=seed, persist=persist
        )

    def _push_game(
        self,
        session: Session[Any],
        *,
        level: str,
        hints: bool,
        seed: int | None = None,
        persist: bool = True,
    ) -> None:
        from squaregame.core.games import SumGame, WythoffGame
        from squaregame.ui.screens.squares import SquaresScreen
        from squaregame.ui.screens.sums import SumsScreen
        from squaregame.ui.screens.wythoff import WythoffScreen

        common: dict[str, Any] = {
            "level": level,
            "seed": seed,
            "hints": hints,
            "delay": self.ai_delay,
        }
        screen: GameScreen[Any]
        if isinstance(session.game, SumGame):
            screen = SumsScreen(session, **common)
        elif isinstance(session.game, WythoffGame):
            screen = WythoffScreen(session, **common)
        else:
            screen = SquaresScreen(session, strip=self.settings.strip, **common)
        screen.persist = persist  # a lesson's "try it" game does not replace the saved game
        self.push_screen(screen)
        screen.save()

    def new_game(self, kind: str) -> None:
        from squaregame.ui.screens.new_game import NewGameDialog

        self.push_screen(NewGameDialog(self.settings, kind), self._new_game)

    def action_new_game(self, kind: str) -> None:
        self.new_game(kind)

    def action_new_squares(self) -> None:
        self.new_game("squares")

    def action_new_wythoff(self) -> None:
        self.new_game("wythoff")

    def action_new_sum(self) -> None:
        self.new_game("sum")

    def _new_game(self, setup: GameSetup | None) -> None:
        from squaregame.play.session import Session
        from squaregame.ui.screens.new_game import game_for_setup

        if setup is None:
            return
        game = game_for_setup(setup)
        session: Session[Any] = Session(game, setup.start, setup.human_first, setup.two_humans)
        self.open_game(session, level=setup.level, hints=setup.hints)

    def saved_description(self) -> str | None:
        return None if self.saved is None else self.saved.describe()

    def continue_game(self) -> None:
        """Open the saved game: now it is read in full, every move checked again."""
        from squaregame.play.saves import load_game

        loaded, msg = load_game(self._path(save_path()))
        if loaded is None:
            self.saved = None
            self.notify(msg or "There is no saved game any more.", severity="warning", timeout=8)
            if isinstance(self.screen, MenuScreen):
                self.screen.rebuild()
            return
        self.open_game(
            loaded.session, level=loaded.level, hints=self.settings.hints, seed=loaded.seed
        )

    def save_game(self, saved: SavedGame) -> None:
        self.saved = summary_of(saved)
        try:
            save_game(saved, self._path(save_path()))
        except OSError as exc:
            self.notify(f"Could not save the game: {exc}", severity="error")

    # -- lessons -------------------------------------------------------------------------
    @property
    def lesson_progress(self) -> dict[str, LessonProgress]:
        if self._lesson_progress is None:
            from squaregame.lessons.progress import load_progress

            self._lesson_progress, msg = load_progress(self._path(progress_path()))
            if msg:
                self.notify(msg, title="Recovered", severity="warning", timeout=8)
        return self._lesson_progress

    def action_lessons(self) -> None:
        from squaregame.ui.screens.lessons import LessonListScreen

        self.push_screen(LessonListScreen())  # in the app's language

    def open_lesson(self, lesson: Lesson) -> None:
        from squaregame.ui.screens.lesson import lesson_screen

        progress = self.lesson_progress.setdefault(lesson.id, LessonProgress())
        self.push_screen(lesson_screen(lesson, progress))

    def save_lesson_progress(self, lesson_id: str, progress: LessonProgress) -> None:
        self.lesson_progress[lesson_id] = progress
        try:
            save_progress(self.lesson_progress, self._path(progress_path()))
        except OSError as exc:
            self.notify(f"Could not save lesson progress: {exc}", severity="error")

    # -- other screens -------------------------------------------------------------------
    def action_help(self) -> None:
        from squaregame.ui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())  # in the app's language

    def action_settings(self) -> None:
        from squaregame.ui.screens.settings import SettingsScreen

        self.push_screen(SettingsScreen(self.settings), self._settings_done)

    def _settings_done(self, new: Settings | None) -> None:
        if new is None:
            return
        self.settings = new.cleaned()
        self.ai_delay = self.settings.ai_delay
        self.theme = self.settings.theme
        try:
            save_settings(self.settings, self._path(settings_path()))
        except OSError as exc:
            self.notify(f"Could not save settings: {exc}", severity="error")

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        from squaregame.ui.screens.game_base import GameScreen

        yield from super().get_system_commands(screen)
        yield SystemCommand(
            "New game of Squares", "Choose a start and play", self.action_new_squares
        )
        yield SystemCommand(
            "Settings", "Opponent strength, pause, hints, theme", self.action_settings
        )
        yield SystemCommand(
            "New game of Wythoff's queen", "Choose a start and play", self.action_new_wythoff
        )
        yield SystemCommand("New sum of piles", "Choose piles and rules", self.action_new_sum)
        yield SystemCommand("Lessons", "From the first game to Sprague–Grundy", self.action_lessons)
        yield SystemCommand("Help", "Keys and rules", self.action_help)
        if isinstance(screen, GameScreen):
            yield SystemCommand(
                "Toggle hints", "Show winning and losing moves", screen.action_toggle_hints
            )
            yield SystemCommand("Undo", "Take back your last move", screen.action_undo)
            yield SystemCommand(
                "Review the moves", "How each move changed the value", screen.action_review_moves
            )
            yield SystemCommand("Redo", "Replay what was taken back", screen.action_redo)
            yield SystemCommand("Back to menu", "The game stays saved", screen.action_menu)


def run_app(
    request: StartRequest | None = None, *, lang: str | None = None, lesson: str | None = None
) -> int:
    try:
        SquareGameApp(request, lang=lang, lesson=lesson).run()
    except ValueError as exc:  # pragma: no cover - defensive: never a traceback
        print(f"squaregame: {exc}")
        return 2
    return 0
