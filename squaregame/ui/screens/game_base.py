"""The frame every game screen shares: position, turn line, hint line, history and value
chart beside it, messages below, and the keys for hints, undo, redo and new games.

A game's family supplies (see :class:`GameScreen`): its widgets (:meth:`make_parts`), how
the position's view reaches them (:meth:`show_position`), the move Enter plays
(:meth:`chosen_move`), and where it has them its own panels (:attr:`panels`) and how typed
text becomes a move (:meth:`parse_typed`; by default the game reads it). A family's words
on the screen are in its own catalog area (``<area>.screen.choose``, ``.hints_on``). The
position's view (:class:`~squaregame.play.view.GameView`) is built once per position, held in
:attr:`view`; each widget is given only its slice, and only when that slice changed.

Its behaviours are controllers it owns, each handed the screen's small interface
(:class:`~squaregame.ui.screens.game_host.GameHost`) and the controllers it works with:
:attr:`turns` (moves, replies, undo, redo), :attr:`typing` (typed moves), :attr:`what_if`
(going back, exploring), :attr:`teaching` (projector, demo), :attr:`end` (the game-over
dialog) and :attr:`sides` (the side panel's views): the screen's keys are theirs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from rich.markup import escape
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Static

from squaregame import paths
from squaregame.core.ai import Opponent
from squaregame.core.errors import GameError
from squaregame.core.types import Analysis
from squaregame.play.saves import SavedGame
from squaregame.play.session import Session
from squaregame.play.settings import Settings
from squaregame.play.setup import GameSetup
from squaregame.play.view import GameView, build_view, shown_chart, shown_history
from squaregame.play.wording import title
from squaregame.text import error_text, tr
from squaregame.ui.keys import keys
from squaregame.ui.localize import localize_bindings, relabel
from squaregame.ui.messages import ExportRecord, NewGameRequest, OpenHelp, SaveGame
from squaregame.ui.room import GAME_BREAKPOINTS
from squaregame.ui.screens.game_end import END_BINDINGS, GameEnd
from squaregame.ui.screens.game_lines import TurnState, header_text, hint_text, turn_text
from squaregame.ui.screens.game_parts import Parts, SideViews, Slots
from squaregame.ui.screens.help_keys import HelpKeys
from squaregame.ui.screens.move_review import MoveReviewScreen
from squaregame.ui.screens.stage import Staging
from squaregame.ui.screens.teaching import TEACH_BINDINGS, Teaching, TeachingKeys
from squaregame.ui.screens.turns import Turns
from squaregame.ui.screens.typing_moves import TYPING_BINDINGS, Typing
from squaregame.ui.screens.what_if import WHAT_IF_ACTIONS, WHAT_IF_BINDINGS, WhatIf
from squaregame.ui.widgets.header import FittedHeader
from squaregame.ui.widgets.history_log import HistoryLog
from squaregame.ui.widgets.key_bar import KeyBar
from squaregame.ui.widgets.move_list import MoveList
from squaregame.ui.widgets.part_view import Drawings, WordsOnly
from squaregame.ui.widgets.value_chart import ValueChart

P = TypeVar("P")


# (Staging: its projector; HelpKeys: hints, undo, redo, why, and a challenge's rules)
class GameScreen(Screen[None], Staging[P], TeachingKeys, HelpKeys, Generic[P]):
    CSS_PATH = str(paths.asset("styles", "game.tcss"))
    HORIZONTAL_BREAKPOINTS, VERTICAL_BREAKPOINTS = GAME_BREAKPOINTS  # -small, -low: room.py
    BINDINGS = [  # descriptions are catalog keys: see squaregame.ui.bindings
        Binding("enter", "play_selected", "ui_game.keys.play", priority=True),
        *END_BINDINGS,  # Enter on a finished game: its summary again
        Binding(keys("h"), "toggle_hints", "ui_game.keys.hints"),
        Binding(keys("u"), "undo", "ui_game.keys.undo"),
        Binding(keys("r"), "redo", "ui_game.keys.redo"),
        Binding(keys("n"), "new_game", "ui_game.keys.new"),
        Binding("escape", "menu", "ui_game.keys.menu"),
        Binding(keys("v"), "cycle_side", "ui_game.keys.view"),
        Binding(keys("x"), "export_record", "records.game.key_export"),
        Binding(keys("w"), "why", "ui_game.keys.why"),
        *WHAT_IF_BINDINGS,
        *TEACH_BINDINGS,  # before the typing keys: a demo's space pauses
        *TYPING_BINDINGS,
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
        drawings: Drawings | None = None,
    ) -> None:
        super().__init__()
        localize_bindings(self)
        self.session = session
        self.drawings: Drawings = drawings or WordsOnly()  # who draws a sum's parts
        self.level = level
        self.seed = seed
        self.set_reactive(GameScreen.hints, hints)
        self.turns = Turns(self, Opponent(level, seed), delay)
        self.typing = Typing(self, self.turns)
        self.what_if = WhatIf(self, self.turns, self.typing)
        self.teaching = Teaching(self, self.turns, self.typing)
        self.end = GameEnd(self, self.teaching)
        self._persist = True
        self.finished: Callable[[Session[P]], None] | None = None  # hears each game's end
        self.said = ""  # the message line's text as shown (for the projector)
        self._ready = False  # drawn only once mounted
        self.slots = Slots()
        self.turn_line = Static(id="turn")
        self.hint_line = Static(id="hint")
        self.message = Static(id="message")
        self.history = HistoryLog(id="history")
        self.history_scroll = VerticalScroll(self.history, id="history-scroll", classes="pane")
        self.history_scroll.border_title = tr("ui_game.pane.moves")  # (panes: app.tcss)
        self.chart = ValueChart(id="chart", classes="pane")
        self.chart.border_title = tr("ui_game.pane.chart")
        self.parts = self.make_parts()
        self.sides = SideViews(self.parts.side, lambda: self.query_one("#side", ContentSwitcher))

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

    @property
    def screen_words(self) -> str:
        """Where its screen's own lines are (``<…>.screen.choose``, ``.hints_on``): by
        default its family's area."""
        return self.area

    @staticmethod
    def panels(session: Session[Any], a: Analysis[Any]) -> Any:
        """The game's own panel data (its family's: the strip, a board's values, the
        nim-sum …), read in a worker where it takes long; None: it has none."""
        return None

    def configure(self, settings: Settings) -> None:
        """Take what the settings say about this screen (before it is shown)."""

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield FittedHeader(show_clock=False)
        with Horizontal(id="main"):
            with Vertical(id="play"):
                yield from self.parts.board
                yield self.turn_line
                yield self.hint_line
                yield from self.parts.chooser_box()
            with ContentSwitcher(id="side", initial=SideViews.HISTORY):
                with Vertical(id=SideViews.HISTORY):
                    yield self.history_scroll
                    yield self.chart
                for side in self.parts.side:
                    yield side.widget
        yield from self.parts.below
        yield self.message
        yield KeyBar()  # the Footer, on two rows where one is not enough; Ctrl+P still works

    def on_mount(self) -> None:
        self._ready = True
        if self.parts.chooser is not None:  # no one chooses a move in a demo
            self.parts.chooser.display = not self.teaching.demo
        self.title = title(self.session.game)
        self.sub_title = self.header_text()
        self.refresh_view()
        if self.parts.focused is not None:
            self.parts.focused.focus()
        if not self.session.over and not self.session.human_to_move:
            self.turns.start_opponent()
        elif self.session.over:
            self.call_after_refresh(self.show_game_over)

    def on_unmount(self) -> None:
        self.turns.cancel_opponent()  # a reply still on its way is dropped

    def header_text(self, position: P | None = None) -> str:
        """The header's subtitle: who plays, and the position as text (see header_text)."""
        pos = self.session.position if position is None else position  # (or the one shown)
        return header_text(self.session, self.turns.opponent.level.key, pos)

    def run_reply(self, work: Callable[[], None]) -> None:
        """The opponent's reply, worked out in a thread (a newer one replaces it)."""
        self.run_worker(work, thread=True, exclusive=True, group="opponent", name="opponent")

    # -- drawing ---------------------------------------------------------------------------------
    def refresh_view(self, waiting: bool = False) -> None:
        """The view of the position (analysed once; ``waiting``: a worker will, later)."""
        try:
            self.view = build_view(self.session, self.panels, waiting=waiting)
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
        history = shown_history(view.history, self.hints, s)
        if put(self.history, history, self.history.show) and self.history_scroll.is_mounted:
            self.history_scroll.scroll_end(animate=False)
        put(self.chart, shown_chart(view.chart, self.hints, s), self.chart.show)
        self.sub_title = self.header_text(view.position)
        self.show_position(view, self.hints, choosing)
        self.teaching.update_projector()
        self.refresh_bindings()

    def draw_turn(self) -> None:
        self.slots.put(self.turn_line, self.turn_text(), self.turn_line.update)
        self.teaching.update_projector()  # what is typed shows there too

    def turn_text(self) -> str:
        t, area = self.turns, self.screen_words
        return turn_text(self.session, TurnState(t.thinking, t.paused, self.typing.text, area))

    def hint_text(self, view: GameView[P]) -> str:
        rule = None if self.hints else self.rule_line()  # (a challenge's rule, said)
        return rule or hint_text(self.session, view, self.hints)

    def say(self, text: str, error: bool = False) -> None:
        self.message.set_class(error, "error")
        self.said = ("✗ " if error else "") + escape(text)
        self.message.update(self.said)
        self.teaching.update_projector()

    # -- actions ---------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        s = self.session
        if not self.helps_allowed(action):
            return False  # a challenge played without help: gone from the key bar
        teach = self.teaching.enabled(action)
        if teach is not None:
            return teach
        if action in WHAT_IF_ACTIONS:
            return self.what_if.enabled(action)
        if action == "play_selected" and isinstance(self.focused, ValueChart):
            return True  # Enter on the chart goes back to the chosen move
        if action == "undo":  # greyed out in the Footer when there is nothing to take back
            return True if s.can_undo() else None
        if action == "redo":
            return True if s.can_redo() else None
        if action == "cycle_side":
            return bool(self.parts.side)
        if action in ("play_selected", "summary"):  # Enter: a move, or the game's end
            return self.end.enabled(action, self.turns.can_move)
        return True

    # the controllers' keys and messages
    def action_play_selected(self) -> None:
        """Enter on the chart goes back to the chosen bar; elsewhere it plays."""
        if isinstance(self.focused, ValueChart):
            self.chart.jump()
        else:
            self.typing.play()

    def action_type(self, ch: str) -> None:
        self.typing.type(ch)

    def action_backspace(self) -> None:
        self.typing.backspace()

    def on_paste(self, event: events.Paste) -> None:
        self.typing.paste(event.text)

    def on_move_list_chosen(self, event: MoveList.Chosen) -> None:
        self.typing.choose(event.to)

    def action_focus_chart(self) -> None:
        self.show_side(SideViews.HISTORY)
        self.chart.focus()

    def on_value_chart_jump(self, event: ValueChart.Jump) -> None:
        event.stop()
        self.what_if.go_back_to(event.moves)

    def on_history_log_jump(self, event: HistoryLog.Jump) -> None:
        event.stop()
        self.what_if.go_back_to(event.moves)

    def action_back_to_game(self) -> None:
        self.what_if.back_to_game()

    def action_review_moves(self) -> None:
        self.app.push_screen(MoveReviewScreen(self.session))

    def action_export_record(self) -> None:
        """The game as a record (text, JSON, CSV) in the data folder: the app writes it and
        says where. During a what-if, the game's own moves (never the what-if)."""
        self.app.post_message(ExportRecord(self.session.main_game(), self.level))

    def action_cycle_side(self) -> None:
        self.say(tr("ui_game.side.shown", title=tr(self.sides.cycle())))

    def show_side(self, view_id: str) -> None:
        self.sides.show(view_id)

    def action_new_game(self) -> None:
        """Ask the application for a new game in place of this one: the dialog starts from
        this game's kind, rules and misère (a subtraction game keeps its set), and keeps how
        it is played: first player, opponent, hints and sides (``n`` forgets nothing)."""
        now = GameSetup.playing(self.session, self.level, self.hints)
        self.app.post_message(NewGameRequest(None, now.spec, self, self.persist, now))

    def action_help_here(self) -> None:
        """Help, opened at this game's own section."""
        self.app.post_message(OpenHelp(self.area))

    def action_menu(self) -> None:
        """Esc: clears what is being typed, if anything; else back to the menu."""
        if self.typing.text:
            self.typing.clear()
            self.draw_turn()
            self.say(tr("ui_game.typing_cleared"))
            return
        self.turns.cancel_opponent()
        if self.is_active:  # (the palette's "menu" may run when this screen is no longer on top)
            self.app.pop_screen()

    # -- saving and the end ------------------------------------------------------------------------
    def save(self) -> None:
        if self.persist:
            self.app.post_message(SaveGame(SavedGame(self.session, self.level, self.seed)))

    def restart(self, session: Session[P]) -> None:
        """Play again here: a new session of the same game, the same opponent (a challenge's
        game is answered once: played again, it is practice, with every key)."""
        self.turns.cancel_opponent()
        self.terms = None
        self.session = session
        self.turns.opponent = Opponent(self.level, self.seed)
        self.typing.clear()
        self.title = title(session.game)
        self.sub_title = self.header_text()
        self.say(tr("ui_game.new_game"))
        self.save()
        self.refresh_view()
        if not session.over and not session.human_to_move and not self.turns.paused:
            self.turns.start_opponent()

    @property
    def persist(self) -> bool:
        """False for a lesson's "try it" game: never saved, and Esc goes back to the lesson."""
        return self._persist

    @persist.setter
    def persist(self, value: bool) -> None:
        self._persist = value
        relabel(self, "menu", "ui_game.keys.menu" if value else "ui_game.keys.lesson")

    def show_game_over(self) -> None:
        if self.finished is not None:  # a lesson's try-it counts each game ("Again" too)
            self.finished(self.session)
        self.end.show()

    action_summary = show_game_over  # Enter on a finished game (END_BINDINGS)
