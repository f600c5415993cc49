"""The machinery every game screen shares: turns, the opponent worker, hints, typed input,
history, value chart, undo/redo, saving and the end of the game.

A concrete screen (Squares, Wythoff, Sums) supplies only how its position is drawn
(:meth:`compose_board`, :meth:`update_board`), how a move is labelled, and how typed
text becomes a move (:meth:`typed_move`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Footer, Header, Static

from squaregame import paths
from squaregame.core.ai import Opponent
from squaregame.core.games import Game
from squaregame.core.types import Analysis, GameError
from squaregame.play.review import chart_points, game_over_lines, history_lines, prediction
from squaregame.play.saves import SavedGame
from squaregame.play.session import Session
from squaregame.ui.screens.game_over import GameOverScreen
from squaregame.ui.screens.move_review import MoveReviewScreen
from squaregame.ui.screens.new_game import GameSetup, NewGameDialog, game_for_setup
from squaregame.ui.screens.opponent_turns import OpponentTurns
from squaregame.ui.widgets.history_log import HistoryLog
from squaregame.ui.widgets.move_list import MoveList, MoveView
from squaregame.ui.widgets.value_chart import ValueChart

P = TypeVar("P")
TYPED_CHARS = "0123456789 ,"


class GameScreen(OpponentTurns[P], Screen[None], Generic[P]):
    CSS_PATH = str(paths.asset("styles", "game.tcss"))
    BINDINGS = [
        Binding("enter", "play_selected", "Play", priority=True),
        Binding("h", "toggle_hints", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("r", "redo", "Redo"),
        Binding("n", "new_game", "New"),
        Binding("escape", "menu", "Menu"),
        Binding("v", "cycle_side", "View"),
        # Typing keys are priority bindings like Enter: a priority binding runs as soon as
        # the app reads the key, while others wait in the focused widget's queue, so a quick
        # "3 6 Enter" would otherwise play before the digits arrive.
        Binding("backspace", "backspace", "Erase", show=False, priority=True),
        Binding("1", "type('1')", "Type", key_display="0-9", priority=True),
        *(Binding(d, f"type('{d}')", "Amount", show=False, priority=True) for d in "023456789"),
        Binding("space", "type(' ')", "Type", show=False, priority=True),
        Binding("comma", "type(',')", "Type", show=False, priority=True),
        Binding("question_mark", "app.help", "Help"),
    ]

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
        self.session = session
        self.level = level
        self.seed = seed
        self.opponent: Opponent[P] = Opponent(level, seed)
        self.hints = hints
        self.delay = delay
        self.thinking = False
        self.persist = True  # False for a lesson's "try it" game
        self.typed = ""
        self._token = 0
        self._analysis: Analysis[P] | None = None

    # -- to be supplied by each game ---------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield from ()

    def compose_below(self) -> ComposeResult:
        yield from ()

    def compose_chooser(self) -> ComposeResult:
        """Where the person picks a move: by default a list of the legal moves."""
        yield MoveList(id="moves")

    def side_views(self) -> list[tuple[str, str]]:
        """Extra side-panel views (id, title) a game offers besides the history; ``v`` cycles."""
        return []

    def compose_side_views(self) -> ComposeResult:
        yield from ()

    def update_side_views(self, a: Analysis[P]) -> None:
        """Refresh the extra side views."""

    def show_moves(self, views: tuple[MoveView, ...]) -> None:
        for ml in self.query(MoveList):
            ml.show(views, self.hints)

    def chosen_move(self) -> P | None:
        """The move Enter plays when nothing is typed."""
        for ml in self.query(MoveList):
            return ml.highlighted_move()
        return None

    def focus_chooser(self) -> None:
        for ml in self.query(MoveList):
            ml.focus()

    def update_board(self, a: Analysis[P]) -> None:
        """Draw the position (and anything hint-dependent on the board)."""

    def move_label(self, pos: P, to: P) -> str:
        return self.session.game.describe_move(pos, to)

    def typed_move(self, text: str) -> P:
        """Turn typed text into a move; raise GameError with a message if it is not one."""
        raise GameError("typing a move is not supported here")

    def history_text(self, before: P, after: P) -> str:
        g = self.session.game
        return f"{g.describe_move(before, after)} → {g.format_position(after)}"

    def hints_message(self) -> str:
        return "Hints on: ✓ marks a winning move, ✗ a losing one."

    def choose_hint(self) -> str:
        return "↑↓ Enter, or type an amount"

    dialog_kind: ClassVar[str] = "squares"  # which new-game dialog this screen asks with

    def new_game_dialog(self) -> None:
        """Ask for a new game's settings and start it (see :meth:`restart`)."""
        from squaregame.ui.app import SquareGameApp

        app = self.app
        assert isinstance(app, SquareGameApp)
        app.push_screen(NewGameDialog(app.settings, self.dialog_kind), self._start_new)

    def game_for(self, setup: GameSetup) -> Game[Any]:
        return game_for_setup(setup)

    def _start_new(self, setup: GameSetup | None) -> None:
        if setup is None:
            return
        self.hints = setup.hints
        session = Session(self.game_for(setup), setup.start, setup.human_first, setup.two_humans)
        self.restart(session, level=setup.level)

    # -- layout --------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Horizontal(id="main"):
            with Vertical(id="play"):
                yield from self.compose_board()
                yield Static(id="turn")
                yield Static(id="hint")
                yield from self.compose_chooser()
            with ContentSwitcher(id="side", initial="side-history"):
                with Vertical(id="side-history"):
                    yield Static("Moves so far", classes="pane-title")
                    with VerticalScroll(id="history-scroll"):
                        yield HistoryLog(id="history")
                    yield Static("Value history", classes="pane-title")
                    yield ValueChart(id="chart")
                yield from self.compose_side_views()
        yield from self.compose_below()
        yield Static(id="message")
        yield Footer(compact=True, show_command_palette=False)  # Ctrl+P still opens it

    def on_mount(self) -> None:
        self.title = self.session.game.title
        self.sub_title = self.level_label()
        self.refresh_view()
        self.focus_chooser()
        if not self.session.over and not self.session.human_to_move:
            self.start_opponent()
        elif self.session.over:
            self.call_after_refresh(self.show_game_over)

    def level_label(self) -> str:
        if self.session.two_humans:
            return "two players"
        return f"opponent: {self.opponent.level.name}"

    # -- drawing -------------------------------------------------------------------------
    def analysis(self) -> Analysis[P]:
        a = self._analysis
        if a is None or a.position != self.session.position:
            a = self.session.game.analyze(self.session.position)
            self._analysis = a
        return a

    def refresh_view(self) -> None:
        s = self.session
        a = self.analysis()
        try:
            self.update_board(a)
        except GameError as exc:  # e.g. a table limit: say so, keep the game
            self.say(str(exc), error=True)
        self.query_one("#turn", Static).update(self.turn_text())
        hint = prediction(s.game, a) if self.hints and s.human_to_move and not s.over else ""
        if self.hints and not hint and not s.over and not s.human_to_move:
            hint = "Hints are on."
        self.query_one("#hint", Static).update(hint)
        views = tuple(
            MoveView(
                self.move_label(a.position, m.to),
                m.to,
                m.wins,
                m.info.remoteness,
                m.info.remoteness_exact,
            )
            for m in a.moves
        )
        self.show_moves(views if s.human_to_move and not s.over else ())
        self.update_side_views(a)
        self.query_one(HistoryLog).show(history_lines(s, self.history_text))
        self.query_one("#history-scroll", VerticalScroll).scroll_end(animate=False)
        self.query_one(ValueChart).show(chart_points(s))
        self.refresh_bindings()

    def turn_text(self) -> str:
        s = self.session
        if s.over:
            won = s.winner_is_human()
            if s.two_humans:
                return "[b]Game over[/b]"
            return "[b]Game over — you won![/b]" if won else "[b]Game over — the computer won.[/b]"
        if s.two_humans:
            return f"[b]{s.mover_name.capitalize()} player to move[/b]"
        if self.thinking:
            return "[b]Computer is thinking…[/b]"
        if s.human_to_move:
            typed = f"   typed: [reverse]{self.typed}[/]" if self.typed else ""
            return f"[b]Your move[/b] — {self.choose_hint()}{typed}"
        return "[b]Computer's move[/b]"

    def say(self, text: str, error: bool = False) -> None:
        msg = self.query_one("#message", Static)
        msg.set_class(error, "error")
        msg.update(("✗ " if error else "") + text)

    # -- actions -------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        s = self.session
        if action == "undo":
            return True if s.can_undo() else None
        if action == "redo":
            return True if s.can_redo() else None
        if action == "cycle_side":
            return bool(self.side_views())
        if action == "play_selected":
            return True if (s.human_to_move and not s.over and not self.thinking) else None
        return True

    def action_type(self, ch: str) -> None:
        if not (self.session.human_to_move and not self.session.over) or self.thinking:
            return
        if ch in TYPED_CHARS and len(self.typed) < 24:
            self.typed += ch
            self.query_one("#turn", Static).update(self.turn_text())

    def on_paste(self, event: events.Paste) -> None:
        """Pasted text is read like typed text: a move if it is one, else a message."""
        text = " ".join(event.text.split())
        if not text or not self.session.human_to_move or self.session.over or self.thinking:
            return
        if len(text) > 40 or any(c not in TYPED_CHARS for c in text):
            shown = text if len(text) <= 24 else text[:24] + "…"
            self.say(
                f"'{shown}' is not a move: type numbers such as {self.choose_hint()}", error=True
            )
            return
        self.typed = text
        self.action_play_selected()

    def action_backspace(self) -> None:
        self.typed = self.typed[:-1]
        self.query_one("#turn", Static).update(self.turn_text())

    def action_play_selected(self) -> None:
        if self.typed.strip():
            text, self.typed = self.typed, ""
            try:
                to = self.typed_move(text.strip())
            except GameError as exc:
                self.query_one("#turn", Static).update(self.turn_text())
                self.say(str(exc), error=True)
                return
            self.request_move(to)
            return
        self.typed = ""
        chosen = self.chosen_move()
        if chosen is not None:
            self.request_move(chosen)

    def on_move_list_chosen(self, event: MoveList.Chosen) -> None:
        self.typed = ""
        self.request_move(event.to)

    def request_move(self, to: P) -> None:
        s = self.session
        if s.over:
            self.say("The game is over — press n for a new game.", error=True)
            return
        if self.thinking or not s.human_to_move:
            self.say("Wait for the computer's move.", error=True)
            return
        try:
            ply = s.play(to, hints=self.hints)
        except GameError as exc:
            self.say(str(exc), error=True)
            return
        who = "Played" if s.two_humans else "You"
        self.say(f"{who}: {s.game.describe_move(ply.before, ply.after)}.")
        self.after_move()

    def after_move(self) -> None:
        self.save()
        self.refresh_view()
        if self.session.over:
            self.show_game_over()
        elif not self.session.human_to_move:
            self.start_opponent()

    # -- undo / redo / hints -------------------------------------------------------------
    def action_undo(self) -> None:
        if not self.session.can_undo():
            self.say("Nothing to undo.", error=True)
            return
        self.cancel_opponent()
        taken = self.session.undo()
        self.say(f"Took back {len(taken)} move{'s' if len(taken) != 1 else ''}.")
        self.save()
        self.refresh_view()

    def action_redo(self) -> None:
        if not self.session.can_redo():
            self.say("Nothing to redo.", error=True)
            return
        self.cancel_opponent()
        replayed = self.session.redo()
        self.say(f"Replayed {len(replayed)} move{'s' if len(replayed) != 1 else ''}.")
        self.after_move()

    def action_review_moves(self) -> None:
        self.app.push_screen(MoveReviewScreen(self.session, self.history_text))

    def action_cycle_side(self) -> None:
        views = ["side-history", *(v for v, _ in self.side_views())]
        switcher = self.query_one("#side", ContentSwitcher)
        current = switcher.current or views[0]
        nxt = views[(views.index(current) + 1) % len(views)] if current in views else views[0]
        switcher.current = nxt
        titles = {"side-history": "moves so far and value history", **dict(self.side_views())}
        self.say(f"Side panel: {titles[nxt]} (v for the next view).")

    def action_toggle_hints(self) -> None:
        self.hints = not self.hints
        self.say(self.hints_message() if self.hints else "Hints off.")
        self.refresh_view()

    def action_new_game(self) -> None:
        self.new_game_dialog()

    def action_menu(self) -> None:
        self.cancel_opponent()
        self.app.pop_screen()

    # -- saving and the end ----------------------------------------------------------------
    def save(self) -> None:
        from squaregame.ui.app import SquareGameApp

        app = self.app
        if self.persist and isinstance(app, SquareGameApp):
            app.save_game(SavedGame(self.session, self.level, self.seed))

    def restart(
        self, session: Session[P], *, level: str | None = None, seed: int | None = None
    ) -> None:
        self.cancel_opponent()
        self.session = session
        if level is not None:
            self.level = level
        self.seed = seed if seed is not None else self.seed
        self.opponent = Opponent(self.level, self.seed)
        self.typed = ""
        self._analysis = None
        self.title = session.game.title
        self.sub_title = self.level_label()
        self.say("New game.")
        self.save()
        self.refresh_view()
        if not session.over and not session.human_to_move:
            self.start_opponent()

    def show_game_over(self) -> None:
        s = self.session
        won = s.winner_is_human()
        title = "☺ You won!" if won and not s.two_humans else "Game over"
        if not won and not s.two_humans:
            title = "☹ The computer won"
        self.app.push_screen(GameOverScreen(title, game_over_lines(s)), self._after_game_over)

    def _after_game_over(self, choice: str | None) -> None:
        s = self.session
        if choice == "again":
            self.restart(Session(s.game, s.start, s.human_first, s.two_humans))
        elif choice == "new":
            self.new_game_dialog()
        elif choice == "menu":
            self.action_menu()
        else:
            self.action_review_moves()
            self.say("Reviewing the finished game — n for a new game, u to take back moves.")
