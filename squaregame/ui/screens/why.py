"""Why a position is hot or cold: the proof of :mod:`squaregame.core.why` as a Tree.

Opened by ``w`` on every game screen (and from a lesson) with the :class:`OpenWhy` message.
Each line is a move and the answer to it; a line opens (Enter, →, a click) to the moves
from the cold position it leaves. Nothing is computed before a line is opened, and then in
a thread (one at a time): the screen never waits, whatever the position. A position with
many moves gives them a page at a time ("… and 980 more moves": Enter shows the next page).
``x`` saves the proof as opened, as Markdown, in the data folder; Esc goes back to the game.
"""

from __future__ import annotations

import contextlib
import threading
import time
from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static, Tree
from textual.widgets.tree import TreeNode

from squaregame.core.errors import GameError
from squaregame.core.types import Message
from squaregame.core.why import Line, Step, WhyTree
from squaregame.play.why_text import file_stem, heading, line_text, note_text, render_markdown
from squaregame.text import error_text, tr
from squaregame.text import games as games_text
from squaregame.ui.keys import keys
from squaregame.ui.localize import localize_bindings
from squaregame.ui.messages import ExportWhy
from squaregame.ui.room import roomy
from squaregame.ui.widgets.header import FittedHeader
from squaregame.ui.widgets.key_bar import KeyBar
from squaregame.ui.widgets.wrap_tree import WrapTree

UI_MOVES = 25  # moves shown per page of a position
BATCH_SECONDS = 0.1  # a slow page is shown as it comes, a batch of lines this often
AUTO_OPEN = 3  # levels below the root opened by themselves on a large terminal (_open_more)


@dataclass
class Item:
    """What a line of the tree holds: a step (``loaded`` once its lines are in), or the
    moves not shown yet below ``parent`` (a step), from the ``start``-th."""

    step: Step[Any] | None = None
    loaded: bool = False
    start: int = 0
    more: int = 0
    note: bool = False  # one of the root's notes (its game's reason): a plain line


class WhyScreen(Screen[None]):
    DEFAULT_CSS = """
    WhyScreen #why-legend { padding: 0 1; color: $text-muted; }
    WhyScreen #why-tree { height: 1fr; }
    WhyScreen #why-detail { height: auto; max-height: 4; padding: 0 1; background: $boost; }
    WhyScreen.-wide.-tall #why-legend { padding: 1 2; }
    WhyScreen.-wide.-tall #why-tree {
        border: round $accent; border-title-color: $accent; border-title-style: bold;
        margin: 0 1; padding: 0 1;
    }
    WhyScreen.-wide.-tall #why-detail { margin: 1 1 0 1; padding: 0 2; }
    """
    BINDINGS = [
        Binding("escape", "close", "why.ui.keys.close"),
        Binding(keys("x"), "export", "why.ui.keys.export"),
        Binding("right", "open_line", "why.ui.keys.open", key_display="→", priority=True),
        Binding(
            "left", "close_line", "why.ui.keys.fold", key_display="←", priority=True, show=False
        ),
    ]

    def __init__(self, game: Any, position: Any) -> None:
        super().__init__()
        localize_bindings(self)
        self.game = game
        self.position = position
        self.why: WhyTree[Any] | None = None
        self.notes: tuple[Message, ...] = ()  # the root's (WhyTree.notes)
        self._lock = threading.Lock()  # one computation on the game at a time
        self._gone = False  # the worker stops between two moves once the screen is gone
        where = games_text.position_text(game, position)
        self.proof: Tree[Item] = WrapTree(where, Item(), id="why-tree")  # long lines wrap
        self.proof.show_root = True  # (and it is a titled pane on a large terminal)
        self.proof.border_title = tr("why.ui.pane")
        self.detail = Static(id="why-detail", markup=False)  # the cursor's line, whole

    def compose(self) -> ComposeResult:
        yield FittedHeader(show_clock=False)
        yield Static(tr("why.ui.legend"), id="why-legend", markup=False)
        yield self.proof
        yield self.detail
        yield KeyBar(palette=True)  # its keys on two rows where one is not enough

    def on_mount(self) -> None:
        self.title = games_text.title(self.game)
        self.sub_title = ""
        self.proof.root.set_label(tr("why.ui.working"))
        self.proof.focus()
        # the worker after the first paint: its thread would share the interpreter with the
        # paint and put it off (issue 46: the why key's p95, up to twice its median)
        self.call_after_refresh(self._compute, self._first)

    # -- computing off the UI thread -------------------------------------------------------
    def _compute(self, work: Any, *args: Any) -> None:
        """Run ``work(*args)`` in a thread, one at a time; it hands its results to the tree
        with :meth:`_send` as they come."""

        def run() -> None:
            with self._lock:
                if self._gone:
                    return
                try:
                    work(*args)
                except Exception as exc:  # a position beyond reach …: said, never a crash
                    self._send(self._failed, exc)

        self.run_worker(run, thread=True, group="why", exit_on_error=False)

    def _failed(self, exc: Exception) -> None:
        text = error_text(exc) if isinstance(exc, GameError) else str(exc)
        self.proof.root.add_leaf(tr("why.ui.failed", error=text), None)
        self.proof.root.expand()

    def _send(self, fill: Any, *args: Any) -> None:
        """From the worker: ``fill(*args)`` on the UI thread, if the screen is still open."""
        if not self._gone:
            with contextlib.suppress(RuntimeError):  # the app is closing meanwhile
                self.app.call_from_thread(self._deliver, fill, *args)

    def _deliver(self, fill: Any, *args: Any) -> None:
        if self.is_attached and not self._gone:
            fill(*args)

    def _first(self) -> None:
        why = WhyTree(self.game, self.position, moves_per_node=UI_MOVES)
        root = why.root_step()
        self._send(self._fill_root, why, root, why.notes())
        self._stream(self.proof.root, root, 0, why)

    def _stream(self, node: TreeNode[Item], step: Step[Any], start: int, why: WhyTree[Any]) -> None:
        """The lines below ``step`` from the ``start``-th move: each move is valued at once,
        its answer one by one, and the lines sent in batches (a slow game shows them as
        they come)."""
        if not step.opens:
            self._send(self._fill, node, (), 0, True)
            return
        page = why.children(step.cold_end, start)
        batch: list[Step[Any]] = []
        sent = time.monotonic()
        for child in page.nodes:
            if self._gone:
                return
            batch.append(Step(child, why.answer(child)))
            if time.monotonic() - sent > BATCH_SECONDS:
                self._send(self._fill, node, tuple(batch), 0, False)
                batch, sent = [], time.monotonic()
        self._send(self._fill, node, tuple(batch), page.more, True)

    # -- filling the tree ------------------------------------------------------------------
    def _fill_root(self, why: WhyTree[Any], root: Step[Any], notes: tuple[Message, ...]) -> None:
        self.why = why
        self.sub_title = heading(self.game, root.node)
        node = self.proof.root
        node.data = Item(root, loaded=True)  # its lines are on their way
        node.set_label(line_text(self.game, Line(0, root)))
        self.notes = notes
        for note in notes:  # the game's reason first, then the moves
            node.add_leaf(f"· {note_text(self.game, note)}", Item(note=True))
        node.add_leaf(tr("why.ui.working"), None)
        node.expand()
        self._show_detail()

    def _fill(
        self, node: TreeNode[Item], steps: tuple[Step[Any], ...], more: int, final: bool
    ) -> None:
        """Add ``steps`` under ``node`` (before its "working it out…" line, which goes when
        the page is ``final``; then ``more`` moves are still to show)."""
        item = node.data
        assert item is not None
        waiting = [c for c in node.children if c.data is None]
        at = waiting[0] if waiting else None
        for step in steps:
            label = line_text(self.game, Line(1, step))
            if step.opens:
                node.add(label, Item(step), before=at)
            else:
                node.add_leaf(label, Item(step, loaded=True), before=at)
        if not final:
            return
        for child in waiting:
            child.remove()
        if more:
            start = sum(1 for c in node.children if c.data is not None and c.data.step)
            node.add_leaf(tr("why.ui.more", count=more), Item(None, True, start, more))
        item.loaded = True
        self._show_detail()
        self._open_more()

    def _open_more(self) -> None:
        """On a large terminal the proof's first lines open by themselves, the root's then
        theirs, one after another while two thirds of the tree's rows are free: a screenful
        of the proof at once, not a handful of lines (each is worked out as if opened by
        hand: in a thread, one at a time)."""
        tree = self.proof
        if not roomy(*self.app.size) or tree.virtual_size.height * 3 > tree.size.height * 2:
            return
        level = list(tree.root.children)
        for _ in range(AUTO_OPEN):
            for node in level:
                item = node.data
                closed = node.allow_expand and not node.is_expanded
                if closed and item is not None and item.step is not None and not item.loaded:
                    node.expand()
                    return
            level = [child for node in level if node.is_expanded for child in node.children]

    def _load(self, node: TreeNode[Item]) -> None:
        item = node.data
        if item is None or item.step is None or item.loaded or self.why is None:
            return
        item.loaded = True  # asked for once
        node.add_leaf(tr("why.ui.working"), None)
        self._compute(self._stream, node, item.step, 0, self.why)

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[Item]) -> None:
        event.stop()
        self._show_detail()

    def _show_detail(self) -> None:
        """The line under the cursor, whole, below the tree."""
        node = self.proof.cursor_node
        self.detail.update(str(node.label) if node is not None else "")

    def on_tree_node_expanded(self, event: Tree.NodeExpanded[Item]) -> None:
        event.stop()
        self._load(event.node)

    def on_tree_node_selected(self, event: Tree.NodeSelected[Item]) -> None:
        event.stop()
        item, parent = event.node.data, event.node.parent
        if item is None or item.step is not None or parent is None or parent.data is None:
            return
        step = parent.data.step
        if step is None or not item.more:
            return
        event.node.set_label(tr("why.ui.working"))
        item.more = 0  # asked for once
        event.node.data = None
        assert self.why is not None
        self._compute(self._stream, parent, step, item.start, self.why)

    # -- keys ------------------------------------------------------------------------------
    def action_open_line(self) -> None:
        node = self.proof.cursor_node
        if node is not None and node.allow_expand and not node.is_expanded:
            node.expand()

    def action_close_line(self) -> None:
        node = self.proof.cursor_node
        if node is None:
            return
        if node.is_expanded and node is not self.proof.root:
            node.collapse()
        elif node.parent is not None:
            self.proof.move_cursor(node.parent)

    def action_close(self) -> None:
        self._gone = True
        self.dismiss(None)

    def on_unmount(self) -> None:
        self._gone = True

    def action_export(self) -> None:
        """The proof as opened, as Markdown: the application writes it and says where."""
        lines = self.opened_lines()
        if not lines:
            return
        text = render_markdown(self.game, lines)
        self.app.post_message(ExportWhy(text, file_stem(self.game, self.position)))

    def opened_lines(self) -> list[Line[Any]]:
        """The lines shown: the root, and below each opened line its lines, depth first."""
        out: list[Line[Any]] = []

        def walk(node: TreeNode[Item], level: int) -> None:
            item = node.data
            if item is None:
                return
            if item.step is not None:
                out.append(Line(level, item.step, notes=self.notes if level == 0 else ()))
            elif item.more:
                out.append(Line(level, more=item.more))
            if node.is_expanded or node is self.proof.root:
                for child in node.children:
                    walk(child, level + 1)

        if self.proof.root.data is not None and self.proof.root.data.step is not None:
            walk(self.proof.root, 0)
        return out
