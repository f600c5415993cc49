"""Opening games: from the new-game dialog, a saved game, or the command line's request;
long work (an exact search, a table build, reading a save that replays one) in a thread
behind :class:`~squaregame.ui.screens.busy.BusyScreen`, never on the interface thread.

A game opens on the screen of its kind's family (``AppGames.family_of(kind).screen()``):
the opener knows no family by name."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import GameError
from squaregame.core.tables import Tables
from squaregame.play.files import new_key
from squaregame.play.save_folder import claim
from squaregame.play.saves import SavedGame, load_game
from squaregame.text import error_text, language, tr
from squaregame.ui.aside import Ahead
from squaregame.ui.services.saved_games import SavedGames
from squaregame.ui.services.shell import Shell

if TYPE_CHECKING:
    from textual.screen import Screen

    from squaregame.core.game import GameKind
    from squaregame.core.spec import GameSpec
    from squaregame.play.session import Session
    from squaregame.play.settings import Settings
    from squaregame.play.setup import GameSetup
    from squaregame.ui.families import AppGames
    from squaregame.ui.screens.busy import Done, Report
    from squaregame.ui.screens.game_base import GameScreen
    from squaregame.ui.start import ChallengeTerms, StartRequest


class Opener:
    """``settings()``: the settings of the moment (a game's screen is configured by them);
    ``delays``: the opponent's pause and a demo's speed, as the app holds them now."""

    def __init__(
        self,
        shell: Shell,
        games: AppGames,
        saved: SavedGames,
        settings: Callable[[], Settings],
        delays: Callable[[], tuple[float, float]],
    ) -> None:
        self.shell = shell
        self.games = games
        self.saved = saved
        self._settings = settings
        self._delays = delays
        self._tables: Tables | None = None
        self.ahead = Ahead(shell)  # the menu's dialog or a try-it's game, made ahead

    @property
    def tables(self) -> Tables:
        """The tables every game of this app shares (made when the first game needs them)."""
        if self._tables is None:
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
        from squaregame.ui.screens.busy import BusyScreen  # (only for long work)

        notify = self.shell.notify

        def done(result: Done | None) -> None:
            if result is None:
                notify(tr("ui_menu.notify.cancelled"), timeout=4)
                if cancelled is not None:
                    cancelled()
            elif result.error is not None:
                error = result.error
                text = error_text(error) if isinstance(error, GameError) else str(error)
                if failed is not None and isinstance(error, GameError):
                    failed(text)
                else:
                    notify(text, severity="error", timeout=8)
            else:
                then(result.value)

        self.shell.push_screen(BusyScreen(work, title), done)

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
        terms: ChallengeTerms | None = None,
        finished: Callable[[Session[Any]], None] | None = None,
    ) -> None:
        """Open ``session``'s game (and save it as the game in progress, if ``persist``);
        ``terms``: a class's challenge, played under its rules.

        A start that needs an exact search or a table built is prepared in a thread first;
        if it cannot be (beyond the tables), ``failed`` hears why (else a notice says it);
        if the player stops it (Esc), ``cancelled`` is called."""
        from squaregame.play.view import prepare  # (with the first game)

        push = partial(self._push_game, session, level, seed, persist, replace, terms, finished)
        made = self.ahead.take(self._as_now("game", id(session), level, hints, seed))
        if made is not None:  # a try-it's game, made ahead: shown as it is
            push(made)
            return
        if not session.game.slow_to_open(session.position):
            push(self._game_screen(session, level, hints, seed))
            return
        panels = self.games.family_of(session.game.kind).screen().panels

        def work(report: Report) -> None:
            session.game.prepare(session.position, report)  # a long table build reports
            prepare(session, session.position, panels)

        def opened(_: Any) -> None:
            push(self._game_screen(session, level, hints, seed))

        self.run_busy(work, tr("ui_dialog.busy.solving"), opened, failed, cancelled)

    def _game_screen(
        self, session: Session[Any], level: str, hints: bool, seed: int | None
    ) -> GameScreen[Any]:
        screen_class = self.games.family_of(session.game.kind).screen()
        ai_delay, demo_speed = self._delays()
        delay = demo_speed if session.players == "demo" else ai_delay
        screen: GameScreen[Any] = screen_class(
            session, level=level, seed=seed, hints=hints, delay=delay, drawings=self.games
        )
        screen.configure(self._settings())
        return screen

    def _push_game(
        self,
        session: Session[Any],
        level: str,
        seed: int | None,
        persist: bool,
        replace: Screen[Any] | None,
        terms: ChallengeTerms | None,
        finished: Callable[[Session[Any]], None] | None,
        screen: GameScreen[Any],
    ) -> None:
        screen.persist = persist  # a lesson's "try it" game is not saved
        screen.terms = terms
        screen.finished = finished  # a lesson's "try it" game: every game played there counts
        if replace is not None and self.shell.screen is replace:
            self.shell.switch_screen(screen)  # the new game takes the old one's place
        else:
            self.shell.push_screen(screen)
        if persist:
            self.saved.save_new(SavedGame(session, level, seed))
        for key, params in self.tables.take_messages():  # a cache file rebuilt, ...
            self.shell.notify(tr(key, **params), severity="warning", timeout=10)

    def open_request(self, r: StartRequest, speed: Callable[[float], None]) -> None:
        """The game the command line (or a class's challenge) asked for (``speed`` hears a
        demo's ``--speed``). One that cannot be opened (a kind that needs a rule, a random
        start beyond the tables) is said in a notice: the app stays where it is."""
        try:
            self._open_request(r, speed)
        except GameError as exc:
            self.shell.notify(error_text(exc), severity="error", timeout=8)

    def _open_request(self, r: StartRequest, speed: Callable[[float], None]) -> None:
        from squaregame.ui.start import session_of  # (a game asked for on the command line)

        session: Session[Any] = session_of(r, self.games.kinds, self.tables)
        if r.speed is not None:
            speed(r.speed)
        level = r.level or self._settings().level
        self.open_game(session, level=level, hints=r.hints, seed=r.seed, terms=r.challenge)

    def continue_game(self, chosen: Path | None = None) -> None:
        """Open a saved game (the most recent, or ``chosen``): it is read in full, every
        move checked again, in a thread."""

        path = chosen or self.saved.path
        notify = self.shell.notify
        if path is None:
            notify(tr("ui_menu.notify.no_save"), severity="warning", timeout=8)
            return

        def opened(result: tuple[SavedGame | None, str | None]) -> None:
            loaded, msg = result
            if loaded is None:
                self.saved.refresh()
                notify(msg or tr("ui_menu.notify.no_save"), severity="warning", timeout=8)
                return
            if not claim(path):  # open in another window: this one continues a copy
                loaded.session.save_key = new_key()
                notify(tr("files.game.copy"), timeout=8)
            from squaregame.play.sides import shared  # (a saved game: only when one opens)

            # a class or teams see one screen: their hints are off until asked for (h)
            hints = self._settings().hints and not shared(loaded.session)
            self.open_game(loaded.session, level=loaded.level, hints=hints, seed=loaded.seed)

        kinds = self.games.kinds
        self.run_busy(lambda _: load_game(path, kinds), tr("ui_dialog.busy.loading"), opened)

    # -- the new-game dialog ---------------------------------------------------------------
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
        asked = spec is None and replace is None and current is None  # as the menu asks
        ready = self.ahead.take(self._as_now("dialog", kind.key)) if asked else None
        if ready is not None:  # the menu's, made ahead: shown as it is
            self.shell.push_screen(ready, self._starter(None, persist))
            return
        self._ask_setup(kind, spec, replace, persist, current=current)

    # -- screens made ahead (squaregame.ui.aside) ------------------------------------------
    def prepare(
        self, asker: Any, family: str | None = None, session: Session[Any] | None = None
    ) -> None:
        """Make ahead the new-game dialog of the family called ``family``, as its menu entry
        opens it, or the screen of ``session``'s game, as a lesson's try-it opens it (if the
        person moves first and it opens at once), kept while the screen ``asker`` that asked
        is open. One made for anything else is dropped."""
        if family is not None:
            kind = self.games.family(family).kinds[0]
            made_for = self._as_now("dialog", kind.key)
            self.ahead.make(made_for, lambda: self._dialog(kind, None), asker)
        elif session is not None and session.human_to_move and not session.over:
            if session.game.slow_to_open(session.position):
                return
            level = self._settings().level  # as a try-it's game asks: the settings' opponent
            made_for = self._as_now("game", id(session), level, False, None)
            build = partial(self._game_screen, session, level, False, None)
            self.ahead.make(made_for, build, asker)

    def _as_now(self, *what: Any) -> tuple[Any, ...]:
        """What a screen made ahead is made for: ``what``, the language, the theme and a
        copy of the settings (they change in place)."""
        settings = dataclasses.replace(self._settings())
        theme = getattr(self.shell, "theme", None)
        return (*what, language(), theme, settings, self._delays())

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
        dialog = self._dialog(kind, spec, again=again, error=error, current=current)
        self.shell.push_screen(dialog, self._starter(replace, persist))

    def _dialog(self, kind: GameKind, spec: GameSpec | None, **fields: Any) -> Any:
        from squaregame.ui.screens.new_game import NewGameDialog  # (when first asked for)

        games, settings = self.games, self._settings()
        family = games.family_of(kind)
        return NewGameDialog(settings, family, kind, spec, self.tables, kinds=games.kinds, **fields)

    def _starter(
        self, replace: Screen[Any] | None, persist: bool
    ) -> Callable[[GameSetup | None], None]:
        def start(setup: GameSetup | None) -> None:
            if setup is not None:
                self._start_setup(setup, replace, persist)

        return start

    def _start_setup(self, setup: GameSetup, replace: Screen[Any] | None, persist: bool) -> None:
        """Open the game the dialog described; a start found beyond reach only while it is
        prepared (in a worker) brings the dialog back, as it was, saying why; so does
        stopping that preparation (Esc): what was typed is kept, to try a smaller start."""
        from squaregame.play.session import Session  # (sessions load with the first game)

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
            colors=setup.colors,
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
