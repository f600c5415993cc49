"""The half of the application that opens games: from the new-game dialog, a saved game,
a lesson or the command line; saving the game in progress; long work behind a busy screen.

Long work (an exact search, a table build, reading a save that replays one) runs in a
thread behind :class:`~squaregame.ui.screens.busy.BusyScreen`, never on the interface thread.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.screen import Screen

from squaregame.core.errors import GameError
from squaregame.play.saves import SavedGame, SaveSummary, summary_of
from squaregame.play.settings import Settings
from squaregame.text import error_text, tr
from squaregame.ui.screens.menu import MenuScreen

if TYPE_CHECKING:
    from squaregame.core.game import GameKind
    from squaregame.core.spec import GameSpec
    from squaregame.core.tables import Tables
    from squaregame.play.session import Session
    from squaregame.play.setup import GameSetup
    from squaregame.ui import messages as m
    from squaregame.ui.families import AppGames, ScreenFamily
    from squaregame.ui.screens.busy import Done, Report
    from squaregame.ui.screens.game_base import GameScreen


MAX_LISTED_SAVES = 200  # the most recent saved games the list shows


class GamesApp(App[None]):
    """Opens game screens and keeps the saved game; :class:`SquareGameApp` does the rest."""

    games: AppGames
    settings: Settings
    ai_delay: float
    demo_speed: float
    saved: SaveSummary | None
    menu: MenuScreen
    _data_dir: Path | None
    _tables: Tables | None = None

    _saved_path: Path | None = None  # the file of the game the menu offers to continue
    _failed: set[str]  # files whose saving failed (said once, not after every move)

    def _path(self, default: Path) -> Path:
        return default if self._data_dir is None else self._data_dir / default.name

    @property
    def data_folder(self) -> Path:
        """Where this app keeps saved games, settings and lesson progress."""
        from squaregame import paths

        return self._data_dir if self._data_dir is not None else paths.data_dir()

    def failed_once(self, what: str, text: str) -> None:
        """Say that saving ``what`` failed, the first time only (it is tried at every move)."""
        if what not in self._failed:
            self._failed.add(what)
            self.notify(text, severity="error", timeout=10)

    @property
    def tables(self) -> Tables:
        """The tables every game of this app shares (made when the first game needs them)."""
        if self._tables is None:
            from squaregame.core.tables import Tables

            self._tables = Tables()
        return self._tables

    # -- long work -----------------------------------------------------------------------
    def run_busy(
        self,
        work: Callable[[Report], Any],
        title: str,
        then: Callable[[Any], None],
        failed: Callable[[str], None] | None = None,
        cancelled: Callable[[], None] | None = None,
    ) -> None:
        """Run ``work`` in a thread behind a busy screen; ``then(result)`` unless cancelled
        (then ``cancelled()``, if given). A :class:`GameError` goes to ``failed`` (the words),
        if given; else to a notice."""
        from squaregame.ui.screens.busy import BusyScreen

        def done(result: Done | None) -> None:
            if result is None:
                self.notify(tr("ui_menu.notify.cancelled"), timeout=4)
                if cancelled is not None:
                    cancelled()
            elif result.error is not None:
                error = result.error
                text = error_text(error) if isinstance(error, GameError) else str(error)
                if failed is not None and isinstance(error, GameError):
                    failed(text)
                else:
                    self.notify(text, severity="error", timeout=8)
            else:
                then(result.value)

        self.push_screen(BusyScreen(work, title), done)

    # -- games ---------------------------------------------------------------------------
    def open_game(
        self,
        session: Session[Any],
        *,
        level: str,
        hints: bool,
        seed: int | None = None,
        persist: bool = True,
        replace: Screen[Any] | None = None,
        failed: Callable[[str], None] | None = None,
        cancelled: Callable[[], None] | None = None,
    ) -> None:
        """Open ``session``'s game (and save it as the game in progress, if ``persist``).

        A start that needs an exact search or a table built is prepared in a thread first;
        if it cannot be (beyond the tables), ``failed`` hears why (else a notice says it);
        if the player stops it (Esc), ``cancelled`` is called."""
        from squaregame.play.view import prepare

        screen = self.games.family_of(session.game.kind).screen()
        push = partial(
            self._push_game,
            screen,
            session,
            level=level,
            hints=hints,
            seed=seed,
            persist=persist,
            replace=replace,
        )
        if not session.game.slow_to_open(session.position):
            push()
            return

        def work(report: Report) -> None:
            session.game.prepare(session.position, report)  # a long table build reports
            prepare(session, session.position, screen.panels)

        self.run_busy(work, tr("ui_dialog.busy.solving"), lambda _: push(), failed, cancelled)

    def _push_game(
        self,
        screen_class: type[GameScreen[Any]],
        session: Session[Any],
        *,
        level: str,
        hints: bool,
        seed: int | None = None,
        persist: bool = True,
        replace: Screen[Any] | None = None,
    ) -> None:
        delay = self.demo_speed if session.players == "demo" else self.ai_delay
        screen = screen_class(session, level=level, seed=seed, hints=hints, delay=delay)
        screen.configure(self.settings)
        screen.persist = persist  # a lesson's "try it" game is not saved
        if replace is not None and self.screen is replace:
            self.switch_screen(screen)  # the new game takes the old one's place
        else:
            self.push_screen(screen)
        if persist:
            before, before_path = self.saved, self._saved_path
            self.save_game(SavedGame(session, level, seed))
            self._say_kept(before, before_path, session.save_key)
        for key, params in self.tables.take_messages():  # a cache file rebuilt, ...
            self.notify(tr(key, **params), severity="warning", timeout=10)

    def _say_kept(self, before: SaveSummary | None, path: Path | None, key: str) -> None:
        """A new game takes the menu's Continue: say that the unfinished one before it is
        kept (in its own file, listed under the other saved games), never drop it silently."""
        from squaregame.play.saves import SaveState

        if before is None or path is None or path.stem == key:
            return
        if before.state is not SaveState.FINISHED:
            game = self.saved_description(before)
            self.notify(tr("ui_menu.notify.kept", game=game), timeout=8)

    def new_game(
        self,
        family: str | None = None,
        spec: GameSpec | None = None,
        replace: Screen[Any] | None = None,
        persist: bool = True,
        current: GameSetup | None = None,
    ) -> None:
        """Ask for a new game's settings (of the family called ``family``, from its first
        kind, or starting from ``spec``; ``current``: the game on screen, whose opponent,
        hints, first player and sides the dialog keeps), then open it."""
        games = self.games
        if spec is not None:
            kind = spec.kind
        else:
            kind = (games.family(family) if family else games.families[0]).kinds[0]
        self._ask_setup(kind, spec, replace, persist, current=current)

    def _ask_setup(
        self,
        kind: GameKind,
        spec: GameSpec | None,
        replace: Screen[Any] | None,
        persist: bool,
        *,
        again: GameSetup | None = None,
        error: str = "",
        current: GameSetup | None = None,
    ) -> None:
        """The dialog (``again``: as it was answered, with ``error`` saying what went wrong;
        ``current``: the game it replaces, how it was played)."""
        from squaregame.ui.screens.new_game import NewGameDialog

        def start(setup: GameSetup | None) -> None:
            if setup is not None:
                self._start_setup(setup, replace, persist)

        family: ScreenFamily = self.games.family_of(kind)
        dialog = NewGameDialog(
            self.settings,
            family,
            kind,
            spec,
            self.tables,
            again=again,
            error=error,
            current=current,
        )
        self.push_screen(dialog, start)

    def _start_setup(self, setup: GameSetup, replace: Screen[Any] | None, persist: bool) -> None:
        """Open the game the dialog described; a start found beyond reach only while it is
        prepared (in a worker) brings the dialog back, as it was, saying why; so does
        stopping that preparation (Esc): what was typed is kept, to try a smaller start."""
        from squaregame.play.session import Session

        def ask_again(error: str = "") -> None:  # the dialog as answered (and why, if wrong)
            spec = setup.spec
            self._ask_setup(spec.kind, spec, replace, persist, again=setup, error=error)

        game = setup.spec.build(self.tables)
        start = setup.start_in(game)
        session: Session[Any] = Session(
            game,
            start,
            setup.human_first,
            setup.two_humans,
            players=setup.players,
            names=setup.names,
        )
        self.open_game(
            session,
            level=setup.level,
            hints=setup.hints,
            replace=replace,
            persist=persist,
            failed=ask_again,
            cancelled=ask_again,
        )

    def action_new_game(self, family: str) -> None:
        self.new_game(family)

    def saved_description(self, summary: SaveSummary | None = None) -> str | None:
        s = summary or self.saved
        if s is None:
            return None
        state = tr(f"ui_menu.state.{s.state.value}")
        moves = tr("ui_menu.moves", count=s.moves)
        return tr("ui_menu.saved", title=s.title, start=s.start, moves=moves, state=state)

    def _set_saved(self, summary: SaveSummary | None) -> None:
        from squaregame.play.save_folder import saved_paths

        self.saved = summary
        self.menu.saved = self.saved_description()
        count = len(saved_paths(self.data_folder)) if summary is not None else 0
        self.menu.others = max(0, count - 1)

    def show_saved_games(self, highlighted: int = 0) -> None:
        """The list of saved games (most recent first); the one chosen is continued."""
        import time

        from squaregame.play.save_folder import saved_paths
        from squaregame.play.saves import peek_game
        from squaregame.ui.screens.saved_games import SavedEntry, SavedGamesScreen

        entries: list[SavedEntry] = []
        for path in saved_paths(self.data_folder)[:MAX_LISTED_SAVES]:
            summary, message = peek_game(path, self.games.kinds)
            if message:
                self.notify(message, severity="warning", timeout=8)
            if summary is None:
                continue
            try:
                stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
            except OSError:
                continue
            entries.append(SavedEntry(path, self.saved_description(summary) or "", stamp))

        def chosen(path: Path | None) -> None:
            if path is not None:
                self.continue_game(path)

        self.push_screen(SavedGamesScreen(entries, highlighted), chosen)

    def continue_game(self, chosen: Path | None = None) -> None:
        """Open a saved game (the most recent, or ``chosen``): it is read in full, every
        move checked again, in a thread."""
        from squaregame.play.save_folder import claim, latest_summary
        from squaregame.play.saves import load_game
        from squaregame.play.session import new_key

        path = chosen or self._saved_path
        if path is None:
            self.notify(tr("ui_menu.notify.no_save"), severity="warning", timeout=8)
            return

        def opened(result: tuple[SavedGame | None, str | None]) -> None:
            loaded, msg = result
            if loaded is None:
                self._saved_path, summary, _ = latest_summary(self.games.kinds, self.data_folder)
                self._set_saved(summary)
                self.notify(msg or tr("ui_menu.notify.no_save"), severity="warning", timeout=8)
                return
            if not claim(path):  # open in another window: this one continues a copy
                loaded.session.save_key = new_key()
                self.notify(tr("files.game.copy"), timeout=8)
            self.open_game(
                loaded.session, level=loaded.level, hints=self.settings.hints, seed=loaded.seed
            )

        kinds = self.games.kinds
        self.run_busy(lambda _: load_game(path, kinds), tr("ui_dialog.busy.loading"), opened)

    def save_game(self, saved: SavedGame) -> None:
        from squaregame.play.save_folder import release, save_in_folder

        self._set_saved(summary_of(saved))  # its title is read in the language of the moment
        try:
            path = save_in_folder(saved, self.data_folder)
            if self._saved_path is not None and self._saved_path != path:
                release(self._saved_path)  # one game open at a time: let the last one go
            self._saved_path = path
        except OSError as exc:
            self.failed_once(f"game {saved.key}", tr("ui_menu.notify.save_failed", error=exc))

    # -- what screens ask for ------------------------------------------------------------
    def on_save_game(self, message: m.SaveGame) -> None:
        self.save_game(message.saved)

    def on_open_game(self, message: m.OpenGame) -> None:
        level = message.level or self.settings.level
        self.open_game(
            message.session,
            level=level,
            hints=message.hints,
            seed=message.seed,
            persist=message.persist,
        )

    def on_new_game_request(self, message: m.NewGameRequest) -> None:
        self.new_game(
            message.family, message.spec, message.replace, message.persist, message.current
        )

    def on_continue_game(self, message: m.ContinueGame) -> None:
        self.continue_game(message.path)

    def on_open_saved_games(self, _: m.OpenSavedGames) -> None:
        self.show_saved_games()
