"""The frame every game screen shares: position, turn line, hint line, history and value
chart beside it, messages below, and the keys for hints, undo, redo and new games.

A game's family supplies (see :class:`GameScreen`): its widgets (:meth:`make_parts`), how
the position's view reaches them (:meth:`show_position`), the move Enter plays
(:meth:`chosen_move`), and where it has them its own panels (:attr:`panels`) and how typed
text becomes a move (:meth:`parse_typed`; by default the game reads it). A family's words
on the screen are in its own catalog area (``<area>.screen.choose``, ``.hints_on``). The
view of the position (:class:`~squaregame.play.view.GameView`) is built once per position and
held in :attr:`view`; each widget is given only its slice, and only when that slice changed.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Header, Static

from squaregame import paths
from squaregame.core.ai import Opponent
from squaregame.core.errors import GameError
from squaregame.core.spec import GameSpec
from squaregame.core.types import Analysis
from squaregame.play.review import chart_speaker
from squaregame.play.saves import SavedGame
from squaregame.play.session import Session
from squaregame.play.settings import Settings
from squaregame.play.setup import GameSetup
from squaregame.play.sides import play_again, shared
from squaregame.play.teach_wording import hint_for, players_label
from squaregame.play.view import GameView, build_view
from squaregame.play.wording import level_name, title
from squaregame.text import error_text, tr
from squaregame.ui.keys import keys
from squaregame.ui.localize import localize_bindings, relabel
from squaregame.ui.messages import ExportRecord, NewGameRequest, OpenHelp, OpenWhy, SaveGame
from squaregame.ui.screens.game_input import TypedMoves
from squaregame.ui.screens.game_over import GameOverScreen
from squaregame.ui.screens.game_parts import Parts, Slots
from squaregame.ui.screens.move_review import MoveReviewScreen
from squaregame.ui.screens.opponent_turns import OpponentTurns
from squaregame.ui.screens.teach_keys import TeachKeys
from squaregame.ui.screens.what_if import WhatIf
from squaregame.ui.widgets.history_log import HistoryLog
from squaregame.ui.widgets.key_bar import KeyBar
from squaregame.ui.widgets.value_chart import ValueChart

P = TypeVar("P")


class GameScreen(
    WhatIf[P], OpponentTurns[P], TypedMoves[P], TeachKeys[P], Screen[None], Generic[P]
):
    CSS_PATH = str(paths.asset("styles", "game.tcss"))
    BINDINGS = [  # descriptions are catalog keys: see squaregame.ui.bindings
        Binding("enter", "play_selected", "ui_game.keys.play", priority=True),
        Binding(keys("h"), "toggle_hints", "ui_game.keys.hints"),
        Binding(keys("u"), "undo", "ui_game.keys.undo"),
        Binding(keys("r"), "redo", "ui_game.keys.redo"),
        Binding(keys("n"), "new_game", "ui_game.keys.new"),
        Binding("escape", "menu", "ui_game.keys.menu"),
        Binding(keys("v"), "cycle_side", "ui_game.keys.view"),
        Binding(keys("x"), "export_record", "records.game.key_export"),
        Binding(keys("w"), "why", "ui_game.keys.why"),
        *WhatIf.WHAT_IF_BINDINGS,
        *TeachKeys.TEACH_BINDINGS,  # before the typing keys: a demo's space pauses
        *TypedMoves.TYPING_BINDINGS,
        Binding("question_mark", "help_here", "ui_game.keys.help"),
    ]

    view: var[GameView[P] | None] = var(None, init=False, always_update=True)
    hints: var[bool] = var(False, init=False)

    def __init__(
        self,
        session: Session[P],
        *,
        level: str = "perfect",
        seed: int | None = None,
        hints: bool = False,
        delay: float = 0.0,
    ) -> None:
        super().__init__()
        localize_bindings(self)
        self.session = session
        self.level = level
        self.seed = seed
        self.opponent: Opponent[P] = Opponent(level, seed)
        self.set_reactive(GameScreen.hints, hints)
        self.delay = delay
        self.thinking = False
        self.paused = False  # a demo waiting for space (or s: one move)
        self._persist = True
        self.typed = ""
        self._token = 0
        self._ready = False  # drawn only once mounted
        self.slots = Slots()
        self.turn_line = Static(id="turn")
        self.hint_line = Static(id="hint")
        self.message = Static(id="message")
        self.history = HistoryLog(id="history")
        self.history_scroll = VerticalScroll(self.history, id="history-scroll")
        self.chart = ValueChart(id="chart")
        self.parts = self.make_parts()

    # -- what each game supplies ------------------------------------------------------------
    def make_parts(self) -> Parts:
        """The game's own widgets (made once, when the screen is)."""
        raise NotImplementedError

    def show_position(self, view: GameView[P], hints: bool, choosing: bool) -> None:
        """Give the game's widgets their slices of ``view`` (``choosing``: the person's move)."""
        raise NotImplementedError

    def chosen_move(self) -> P | None:
        """The move Enter plays when nothing is typed (None, with a message, if there is none)."""
        raise NotImplementedError

    def parse_typed(self, text: str) -> P:
        """Typed text as a move; a :class:`GameError` says why it is not one."""
        s = self.session
        to: P = s.game.move_from_text(s.position, text)
        return to

    @property
    def area(self) -> str:
        """Where the game's family keeps its words (and its help section)."""
        return self.session.game.kind.area

    @staticmethod
    def panels(session: Session[Any], a: Analysis[Any]) -> Any:
        """The game's own panel data (its family's: the strip, a board's values, the
        nim-sum …), read in a worker where it takes long; None: it has none."""
        return None

    def configure(self, settings: Settings) -> None:
        """Take what the settings say about this screen (before it is shown)."""

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Horizontal(id="main"):
            with Vertical(id="play"):
                yield from self.parts.board
                yield self.turn_line
                yield self.hint_line
                if self.parts.chooser is not None:
                    yield self.parts.chooser
            with ContentSwitcher(id="side", initial="side-history"):
                with Vertical(id="side-history"):
                    yield Static(tr("ui_game.pane.moves"), classes="pane-title")
                    yield self.history_scroll
                    yield Static(tr("ui_game.pane.chart"), classes="pane-title")
                    yield self.chart
                for side in self.parts.side:
                    yield side.widget
        yield from self.parts.below
        yield self.message
        yield KeyBar()  # the Footer, on two rows where one is not enough; Ctrl+P still works

    def on_mount(self) -> None:
        self._ready = True
        if self.parts.chooser is not None:  # no one chooses a move in a demo
            self.parts.chooser.display = not self.demo
        self.title = title(self.session.game)
        self.sub_title = self.level_label()
        self.refresh_view()
        if self.parts.focused is not None:
            self.parts.focused.focus()
        if not self.session.over and not self.session.human_to_move:
            self.start_opponent()
        elif self.session.over:
            self.call_after_refresh(self.show_game_over)

    def on_unmount(self) -> None:
        self.cancel_opponent()  # a reply still on its way is dropped

    def level_label(self) -> str:
        if shared(self.session):
            return players_label(self.session, level_name(self.opponent.level.key))
        if self.session.two_humans:
            return tr("ui_game.sub_title.two_players")
        return tr("ui_game.sub_title.opponent", level=level_name(self.opponent.level.key))

    # -- drawing ---------------------------------------------------------------------------------
    def refresh_view(self) -> None:
        """Build the view of the session's position (analysed once, then kept)."""
        try:
            self.view = build_view(self.session, self.panels)
        except GameError as exc:  # e.g. a table limit: say so, keep the game
            self.say(error_text(exc), error=True)

    def watch_view(self) -> None:
        self.draw()

    def watch_hints(self) -> None:
        self.draw()

    def draw(self) -> None:
        """Give every part its slice of the view; parts whose slice is unchanged are skipped."""
        view = self.view
        if view is None or not self._ready:
            return
        s = self.session
        choosing = s.human_to_move and not s.over
        put = self.slots.put
        self.draw_turn()
        put(self.hint_line, self.hint_text(view), self.hint_line.update)
        if put(self.history, view.history, self.history.show) and self.history_scroll.is_mounted:
            self.history_scroll.scroll_end(animate=False)
        put(self.chart, (view.chart, chart_speaker(s)), lambda d: self.chart.show(*d))
        self.show_position(view, self.hints, choosing)
        self.update_projector()
        self.refresh_bindings()

    def draw_turn(self) -> None:
        text = self.turn_text()
        if self.session.exploring:  # a what-if: said on the turn line, not by colour
            text = f"[reverse] {escape(tr('ui_game.what_if.tag'))} [/] {text}"
        self.slots.put(self.turn_line, text, self.turn_line.update)
        self.update_projector()  # what is typed shows there too

    def hint_text(self, view: GameView[P]) -> str:
        s = self.session
        if not self.hints or s.over:
            return ""
        if shared(s) and (s.human_to_move or s.players == "demo"):
            return escape(hint_for(s, view.prediction))  # once, for everyone watching
        if s.human_to_move:
            return escape(view.prediction)
        return tr("ui_game.hint.hints_on")

    def turn_text(self) -> str:
        s = self.session
        if shared(s):
            return self.shared_turn_text()
        if s.over:
            if s.two_humans:
                return _bold(tr("ui_game.turn.game_over"))
            won = s.winner_is_human()
            return _bold(tr("ui_game.turn.you_won" if won else "ui_game.turn.computer_won"))
        if s.two_humans:
            first = len(s.plies) % 2 == 0
            return _bold(
                tr("ui_game.turn.first_to_move" if first else "ui_game.turn.second_to_move")
            )
        if self.thinking:
            return _bold(tr("ui_game.turn.thinking"))
        if s.human_to_move:
            how = escape(tr(f"{self.area}.screen.choose"))
            typed = (
                f"   {escape(tr('ui_game.turn.typed'))} [reverse]{self.typed}[/]"
                if self.typed
                else ""
            )
            return f"{_bold(tr('ui_game.turn.your_move'))} — {how}{typed}"
        return _bold(tr("ui_game.turn.computer_move"))

    def say(self, text: str, error: bool = False) -> None:
        self.message.set_class(error, "error")
        self.said = ("✗ " if error else "") + escape(text)
        self.message.update(self.said)
        self.update_projector()

    # -- actions ---------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        s = self.session
        teach = self.check_teach_action(action)
        if teach is not None:
            return teach
        if action in self.WHAT_IF_ACTIONS:
            return self.check_what_if_action(action)
        if action == "play_selected" and self.chart_has_focus():
            return True  # Enter on the chart goes back to the chosen move
        if action == "undo":  # greyed out in the Footer when there is nothing to take back
            return True if s.can_undo() else None
        if action == "redo":
            return True if s.can_redo() else None
        if action == "cycle_side":
            return bool(self.parts.side)
        if action == "play_selected":
            return True if (s.human_to_move and not s.over and not self.thinking) else None
        return True

    def action_review_moves(self) -> None:
        self.app.push_screen(MoveReviewScreen(self.session))

    def action_export_record(self) -> None:
        """The game as a record (text, JSON, CSV) in the data folder: the app writes it and
        says where. During a what-if, the game's own moves (never the what-if)."""
        self.app.post_message(ExportRecord(self.session.main_game(), self.level))

    def action_why(self) -> None:
        """Why the position on the board is hot or cold: the proof, over this screen."""
        s = self.session
        self.app.post_message(OpenWhy(s.game, s.position))

    def action_cycle_side(self) -> None:
        views = [("side-history", "ui_game.side.history")]
        views += [(v.id, v.title) for v in self.parts.side]
        ids = [v for v, _ in views]
        switcher = self.query_one("#side", ContentSwitcher)
        current = switcher.current or ids[0]
        nxt = ids[(ids.index(current) + 1) % len(ids)] if current in ids else ids[0]
        switcher.current = nxt
        self.say(tr("ui_game.side.shown", title=tr(dict(views)[nxt])))

    def show_side(self, view_id: str) -> None:
        self.query_one("#side", ContentSwitcher).current = view_id

    def action_toggle_hints(self) -> None:
        self.hints = not self.hints
        on = tr(f"{self.area}.screen.hints_on")
        self.say(on if self.hints else tr("ui_game.hints_off"))

    def action_new_game(self) -> None:
        self.new_game_dialog()

    def new_game_dialog(self) -> None:
        """Ask the application for a new game in place of this one: the dialog starts from
        this game's kind, rules and misère (a subtraction game keeps its set), and keeps how
        it is played: first player, opponent, hints and sides (``n`` forgets nothing)."""
        s = self.session
        spec = GameSpec.of(s.game)
        current = GameSetup(spec, s.human_first, self.level, self.hints, s.two_humans,
                            s.players, s.names)  # fmt: skip
        self.app.post_message(
            NewGameRequest(spec=spec, replace=self, persist=self.persist, current=current)
        )

    def action_help_here(self) -> None:
        """Help, opened at this game's own section."""
        self.app.post_message(OpenHelp(self.area))

    def action_menu(self) -> None:
        """Esc: clears what is being typed, if anything; else back to the menu."""
        if self.typed:
            self.typed = ""
            self.draw_turn()
            self.say(tr("ui_game.typing_cleared"))
            return
        self.cancel_opponent()
        self.app.pop_screen()

    # -- saving and the end ------------------------------------------------------------------------
    def save(self) -> None:
        if self.persist:
            self.app.post_message(SaveGame(SavedGame(self.session, self.level, self.seed)))

    def restart(
        self, session: Session[P], *, level: str | None = None, seed: int | None = None
    ) -> None:
        """Play again here: a new session (of the same game, usually)."""
        self.cancel_opponent()
        self.session = session
        if level is not None:
            self.level = level
        self.seed = seed if seed is not None else self.seed
        self.opponent = Opponent(self.level, self.seed)
        self.typed = ""
        self.title = title(session.game)
        self.sub_title = self.level_label()
        self.say(tr("ui_game.new_game"))
        self.save()
        self.refresh_view()
        if not session.over and not session.human_to_move and not self.paused:
            self.start_opponent()

    @property
    def persist(self) -> bool:
        """False for a lesson's "try it" game: never saved, and Esc goes back to the lesson."""
        return self._persist

    @persist.setter
    def persist(self, value: bool) -> None:
        self._persist = value
        relabel(self, "menu", "ui_game.keys.menu" if value else "ui_game.keys.lesson")

    def show_game_over(self) -> None:
        s = self.session
        self.app.push_screen(GameOverScreen(s, lesson=not self.persist), self._after_game_over)

    def _after_game_over(self, choice: str | None) -> None:
        s = self.session
        if choice in ("new", "menu"):
            self.close_projector()  # the game it shows is left
        if choice == "again":  # the same game: its analyses are kept
            again = play_again(s)
            self.restart(again)
        elif choice == "new":
            self.new_game_dialog()
        elif choice == "menu":
            self.action_menu()
        else:
            self.action_review_moves()
            self.say(tr("ui_game.reviewing"))


def _bold(text: str) -> str:
    return f"[b]{escape(text)}[/b]"
