"""``squaregame class watch NAME``: the teacher's live view in a terminal.

The grid of students (the browser's columns), read again every second on a worker thread
(the screen never waits for the database), sortable (``s`` the next column, ``r`` reverse);
Enter opens a student: their game so far as a value chart with a signed axis, the moves,
their mistakes with the moves that would have won. Below the grid, the challenges and each
student's result (the browser's scoreboard); ``c`` opens it whole. Marks (●/○, ✓/✗, +/−)
say what colour would, so it reads under NO_COLOR; the columns fit 80×24.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import DataTable, Static

from squaregame.classroom.challenges import describe
from squaregame.classroom.lock import ServingLock
from squaregame.classroom.presence import online_now
from squaregame.classroom.store import ClassStore
from squaregame.classroom.views import ClassLive, StudentState, student_value
from squaregame.classroom.wording import activity_text, ago, result_text, verdict_mark
from squaregame.core.errors import GameError
from squaregame.text import Catalog, error_text
from squaregame.text.current import current
from squaregame.ui.localize import localize_bindings
from squaregame.ui.widgets.footer import Footer

COLUMNS = ("student", "now", "lessons", "exercises", "blunders", "last")
CHART_HEIGHT = 4  # rows above the axis (and as many below)


def chart_lines(values: list[int], width: int = 60) -> list[str]:
    """The value chart as text: a column per position (the latest ``width``), above the
    axis while the student was winning, below while losing; the axis is labelled 0 and
    the ends +top and −top."""
    values = values[-width:]
    top = max([1, *(abs(v) for v in values)])
    label = len(str(top)) + 1
    lines = []
    for row in range(CHART_HEIGHT, -CHART_HEIGHT - 1, -1):
        if row == 0:
            lines.append(f"{'0':>{label}} ┼" + "─" * len(values))
            continue
        cells = "".join(_cell(v, row, top) for v in values)
        edge = f"+{top}" if row == CHART_HEIGHT else f"−{top}" if row == -CHART_HEIGHT else ""
        lines.append(f"{edge:>{label}} │{cells}")
    return lines


def _cell(v: int, row: int, top: int) -> str:
    size = abs(v) / top * CHART_HEIGHT
    if row > 0 and v > 0 and size >= row - 0.5:
        return "█"
    if row < 0 and v < 0 and size >= -row - 0.5:
        return "▓"
    return " "


def detail_text(st: StudentState) -> str:
    cat = current()
    d = st.detail()
    out = [st.name, ""]
    game = d["game"]
    if game is None:
        out.append(cat("serve.teacher.no_game"))
    else:
        out.append(
            cat("serve.teacher.game_from", game=game.get("game", ""), start=game.get("start", ""))
        )
        out += chart_lines([student_value(m) for m in d["moves"]])
        out.append(cat("serve.teacher.chart_note"))
        out.append("")
        for m in d["moves"]:
            who = (
                cat("serve.teacher.you") if m.get("human", True) else cat("serve.teacher.computer")
            )
            out.append(
                f"{m.get('n', '?'):>3}. {who}: {m.get('move', '')} {verdict_mark(m.get('verdict'))}"
            )
    out += ["", cat("serve.teacher.mistakes")]
    if not d["mistakes"]:
        out.append(cat("serve.teacher.no_mistakes"))
    for m in d["mistakes"]:
        key = (
            "serve.teacher.mistake_blunder"
            if m.get("verdict") == "blunder"
            else "serve.teacher.mistake_slow"
        )
        best = ", ".join(m.get("best", [])) or "?"
        out.append(
            "• "
            + cat(
                key, game=m.get("game") or "", n=m.get("n", "?"), move=m.get("move", ""), best=best
            )
        )
    return "\n".join(out)


def board_text(live: ClassLive, cat: Catalog) -> str:
    """The challenges, each with its students' results (the browser's scoreboard)."""
    out = [cat("serve.teacher.scoreboard")]
    if not live.challenges:
        out.append(cat("serve.teacher.no_challenges"))
    rows = live.scoreboard()
    names = {st.id: st.name for st in live.students.values()}
    for c in live.challenges:
        head = f"#{c.id}: {describe(c.spec, cat)}"
        if c.student is not None:
            head += f" — {cat('serve.watch.board.for_one', name=names.get(c.student, '?'))}"
        out.append(head)
        out += [f"  {r['student']}: {result_text(r, cat)}" for r in rows if r["challenge"] == c.id]
    return "\n".join(out)


class DetailScreen(Screen[None]):
    BINDINGS = [Binding("escape,q", "app.pop_screen", "serve.watch.keys.back")]

    def __init__(self, text: str) -> None:
        super().__init__()
        localize_bindings(self)
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll():  # (a long game scrolls)
            yield Static(self.text, markup=False, id="detail")
        yield Footer()


class WatchApp(App[None]):
    CSS = """
    #live { height: 1; padding: 0 1; } DataTable { height: 1fr; min-height: 5; }
    #board { height: auto; max-height: 40%; padding: 0 1; border-top: solid $primary; }
    """
    BINDINGS = [
        Binding("q", "quit", "serve.watch.keys.quit"),
        Binding("s", "sort", "serve.watch.keys.sort"),
        Binding("r", "reverse", "serve.watch.keys.reverse"),
        Binding("enter", "detail", "serve.watch.keys.student", priority=True),
        Binding("c", "board", "serve.watch.keys.scoreboard"),
    ]

    def __init__(self, open_store: Callable[[Path], ClassStore], folder: Path, name: str) -> None:
        super().__init__()
        localize_bindings(self)
        self.open_store, self.folder, self.class_name = open_store, folder, name
        self._reading = threading.Lock()  # (a slow read is not run twice at once)
        self.live: ClassLive | None = None
        self.sort_by = 0
        self.desc = False
        self.rows: list[dict[str, Any]] = []
        self.board = ""  # the challenges and their results, as text

    def compose(self) -> ComposeResult:
        yield Static("", id="live", markup=False)
        yield DataTable(cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="board"):
            yield Static("", id="board-text", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.title = current()("serve.teacher.title", name=self.class_name)
        self.look()
        self.set_interval(1.0, self.look)

    def look(self) -> None:
        self.run_worker(self._read, thread=True, exclusive=True, group="look")

    def _read(self) -> None:
        if not self._reading.acquire(blocking=False):
            return
        try:
            if self.live is None:
                self.live = ClassLive(self.open_store(self.folder), self.class_name)
            # nobody is online unless a server serves the class now (after a kill -9 the
            # events' last word may still be "joined")
            served = ServingLock(self.live.store.path).held_elsewhere()
            self.live.refresh(online_now(self.live.store, self.live.name, served))
            rows = self.live.rows()
            board = board_text(self.live, current())
        except GameError as exc:  # the class was deleted, the file is newer …: said
            self.call_from_thread(self.said, error_text(exc))
            return
        except sqlite3.Error as exc:  # busy for longer than the wait: said, tried again
            self.call_from_thread(self.said, f"{type(exc).__name__}: {exc}")
            return
        finally:
            self._reading.release()
        self.call_from_thread(self.draw, rows, board)

    def said(self, text: str) -> None:
        live = self._live_line()
        if live is not None:
            live.update(f"{self.title} · {text}")

    def _live_line(self) -> Static | None:
        """The line above the grid (None while the app closes: a read that ends then, on
        its thread, draws nothing)."""
        try:
            return self.query_one("#live", Static)
        except NoMatches:
            return None

    def on_unmount(self) -> None:
        if self.live is not None and self._reading.acquire(timeout=2.0):  # (a read ends first)
            self.live.store.close()
            self._reading.release()

    def draw(self, rows: list[dict[str, Any]], board: str = "") -> None:
        cat, now = current(), time.time()
        live = self._live_line()
        if live is None:
            return
        if board != self.board:
            self.board = board
            self.query_one("#board-text", Static).update(board)
        self.rows = sorted(rows, key=self._key, reverse=self.desc)
        online = sum(1 for r in rows if r["online"])
        stamp = time.strftime("%H:%M:%S")
        live.update(
            f"{self.title} · "
            + cat("serve.teacher.live", count=online, total=len(rows), time=stamp)
        )
        table = self.query_one(DataTable)
        at = table.cursor_row
        table.clear(columns=True)
        for i, c in enumerate(COLUMNS):
            mark = (" ▼" if self.desc else " ▲") if i == self.sort_by else ""
            table.add_column(cat(f"serve.watch.col.{c}") + mark, key=c)
        for r in self.rows:
            cells = (
                ("● " if r["online"] else "○ ") + r["name"],
                activity_text(r["activity"], cat),
                f"{r['lessons_mastered']}★/{r['lessons_started']}",
                f"{r['exercises_right']}/{r['exercises_tried']}",
                str(r["blunders"]),
                ago(r["last_active"], cat, now),
            )
            table.add_row(*(Text(c) for c in cells), key=str(r["id"]))  # text, never markup
        if self.rows:
            table.move_cursor(row=min(at, len(self.rows) - 1))

    def _key(self, r: dict[str, Any]) -> Any:
        c = COLUMNS[self.sort_by]
        if c == "student":
            return r["name"].casefold()
        if c == "now":
            return str(r["activity"].get("kind", ""))
        if c == "lessons":
            return (r["lessons_mastered"], r["lessons_started"])
        if c == "exercises":
            return (r["exercises_right"], r["exercises_tried"])
        if c == "blunders":
            return r["blunders"]
        return -(r["last_active"] or 0)

    def action_sort(self) -> None:
        self.sort_by = (self.sort_by + 1) % len(COLUMNS)
        self.look()

    def action_reverse(self) -> None:
        self.desc = not self.desc
        self.look()

    def action_detail(self) -> None:
        table = self.query_one(DataTable)
        if self.live is None or not self.rows or len(self.screen_stack) > 1:
            return
        sid = self.rows[min(table.cursor_row, len(self.rows) - 1)]["id"]
        st = self.live.students.get(sid)
        if st is not None:
            self.push_screen(DetailScreen(detail_text(st)))

    def action_board(self) -> None:
        if len(self.screen_stack) == 1:
            self.push_screen(DetailScreen(self.board))

    def on_data_table_row_selected(self, _event: DataTable.RowSelected) -> None:
        self.action_detail()  # (a click on a row)


def watch(open_store: Callable[[Path], ClassStore], folder: Path, name: str) -> int:
    app = WatchApp(open_store, folder, name)
    app.run()
    return app.return_code or 0
