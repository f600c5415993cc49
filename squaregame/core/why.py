"""Why a position is hot or cold: the proof as a tree, opened one node at a time.

A *hot* position is proved by one move: the winning move a perfect player makes (the cold
child of least remoteness, :meth:`~squaregame.core.types.Analysis.best_moves`, the first of
them in the game's order), and under it, the cold position it leaves. A *cold* position is
proved by every move: each leads to a hot position, whose own proof is its answer. A
terminal position (no move left) is a leaf: cold in normal play, hot in misère play.

Nothing is computed before it is asked for: :meth:`WhyTree.children` opens one node, and a
node with many moves gives them a page at a time (:attr:`WhyTree.moves_per_node`), the rest
counted (:attr:`Page.more`). :func:`outline` walks the tree to a depth for an export, in
*steps*: a line is a move from a cold position together with the answer to it, so each
level down is two moves. Every node carries its value from the tables (the remoteness may
be only a bound: :class:`~squaregame.core.types.PositionInfo`). The root also carries its
game's own reason, if its family gives one (:meth:`WhyTree.notes`: say, the misère quotient
that decided it). No prose here: the words are :mod:`squaregame.play.why_text`'s.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from squaregame.core.budget import WORK_BUDGET, seconds
from squaregame.core.errors import GameError
from squaregame.core.types import Message, Move, Outcome, PositionInfo

if TYPE_CHECKING:
    from squaregame.core.game import Game

P = TypeVar("P")

MAX_DEPTH = 12  # levels of an export (each is a move and its answer)
MAX_MOVES = 200  # moves listed per node at most (the rest are counted)
MAX_LINES = 5000  # lines of an export at most
DEFAULT_DEPTH = 2
DEFAULT_MOVES = 20
DEFAULT_LINES = 1000


@dataclass(frozen=True, slots=True)
class WhyNode(Generic[P]):
    """A position of the proof, its value, and the move that led there (None at the root)."""

    position: P
    info: PositionInfo
    terminal: bool
    move: Move[P] | None = None

    @property
    def hot(self) -> bool:
        return self.info.outcome is Outcome.HOT


@dataclass(frozen=True, slots=True)
class Page(Generic[P]):
    """Some children of a node: those from the ``start``-th on, and how many follow them."""

    nodes: tuple[WhyNode[P], ...]
    start: int = 0
    more: int = 0


@dataclass(frozen=True, slots=True)
class Step(Generic[P]):
    """One line of the proof: a position and, if it is hot and not over, the answer (the
    winning move from it). At the root, ``node`` is the position asked about."""

    node: WhyNode[P]
    answer: WhyNode[P] | None

    @property
    def cold_end(self) -> WhyNode[P]:
        """The position the line ends in, whose moves are the lines below it: the answer's
        (cold) position; the node itself when it is cold or a hot terminal position."""
        return self.answer if self.answer is not None else self.node

    @property
    def opens(self) -> bool:
        """Are there lines below this one (moves from its cold end)?"""
        end = self.cold_end
        return not end.hot and not end.terminal


@dataclass(frozen=True, slots=True)
class Line(Generic[P]):
    """One line of an outline: a step at ``level`` (0 = the root), or (``step`` None)
    a count: ``more`` moves not listed at this level, or — ``cut`` — the export stopped
    at its line budget after ``more`` lines (``slow``: at what the work budget pays for)."""

    level: int
    step: Step[P] | None = None
    more: int = 0
    cut: bool = False
    slow: bool = False  # cut at the work budget (lines_within), before the line budget
    notes: tuple[Message, ...] = ()  # the root's: its game's reason (Game.why_notes)


def check_budget(depth: int, moves: int, lines: int) -> None:
    """Refuse a request beyond the budget before any work starts."""
    if not 0 <= depth <= MAX_DEPTH:
        raise GameError("why.errors.depth", value=depth, limit=MAX_DEPTH)
    if not 1 <= moves <= MAX_MOVES:
        raise GameError("why.errors.moves", value=moves, limit=MAX_MOVES)
    if not 1 <= lines <= MAX_LINES:
        raise GameError("why.errors.lines", value=lines, limit=MAX_LINES)


def line_cost(game: Game[P], position: P) -> int:
    """Work units (:mod:`squaregame.core.budget`) of one line of the proof of ``position``
    or below it: a move valued, and the answer to it found."""
    return game.value_cost(position) + game.answer_cost(position)


def lines_within(game: Game[P], position: P, budget: int = WORK_BUDGET) -> int:
    """How many lines of the proof of ``position`` the work budget pays for, estimated before
    any work (positions below it cost what it does, or less); refused when not even the first
    line, which answers ``position`` itself, fits."""
    cost = line_cost(game, position)
    if cost > budget:
        raise GameError("why.errors.too_slow", seconds=seconds(cost))
    return budget // max(cost, 1)


class WhyTree(Generic[P]):
    """The proof for ``position`` of ``game``, opened on demand."""

    def __init__(self, game: Game[P], position: P, *, moves_per_node: int = DEFAULT_MOVES) -> None:
        check_budget(0, moves_per_node, 1)
        self.game = game
        self.moves_per_node = moves_per_node
        self.root: WhyNode[P] = self.node(position, game.info(position))
        self._answers: dict[P, WhyNode[P] | None] = {}

    def node(self, position: P, info: PositionInfo, move: Move[P] | None = None) -> WhyNode[P]:
        return WhyNode(position, info, self.game.is_terminal(position), move)

    def _child(self, parent: P, to: P) -> WhyNode[P]:
        game = self.game
        return self.node(to, game.child_info(parent, to), game.move(parent, to))

    def answer(self, node: WhyNode[P]) -> WhyNode[P] | None:
        """The winning move from a hot node (the fastest win; the first of equally fast ones
        in the game's order); None for a cold or a terminal node."""
        if not node.hot or node.terminal:
            return None
        pos = node.position
        if pos not in self._answers:
            best = self.game.best_moves(pos)
            self._answers[pos] = self._child(pos, best[0]) if best else None
        return self._answers[pos]

    def move_count(self, node: WhyNode[P]) -> int:
        return 0 if node.terminal else self.game.move_count(node.position)

    def children(self, node: WhyNode[P], start: int = 0, limit: int | None = None) -> Page[P]:
        """A hot node: its answer alone. A cold node: its moves from the ``start``-th, at most
        :attr:`moves_per_node` of them (and at most ``limit``), in the game's order, and how
        many follow."""
        if node.terminal:
            return Page(())
        if node.hot:
            answer = self.answer(node)
            return Page(() if answer is None else (answer,))
        count, pos = self.move_count(node), node.position
        page = self.moves_per_node if limit is None else min(limit, self.moves_per_node)
        end = min(count, start + page)
        targets = (self.game.move_target(pos, k) for k in range(start, end))
        return Page(tuple(self._child(pos, t) for t in targets), start, count - end)

    def root_step(self) -> Step[P]:
        return Step(self.root, self.answer(self.root))

    def notes(self) -> tuple[Message, ...]:
        """What the game's theory says of the root beyond its moves (:meth:`Game.why_notes
        <squaregame.core.game.Game.why_notes>`), given the proof's winning move from it."""
        answer = self.answer(self.root)
        return self.game.why_notes(self.root.position, None if answer is None else answer.position)

    def steps(
        self, step: Step[P], start: int = 0, limit: int | None = None
    ) -> tuple[tuple[Step[P], ...], int]:
        """The lines below ``step``: each move from its cold end with its answer (from the
        ``start``-th move on, a page of them, at most ``limit``), and how many moves follow
        the page."""
        if not step.opens:
            return (), 0
        page = self.children(step.cold_end, start, limit)
        return tuple(Step(n, self.answer(n)) for n in page.nodes), page.more


def outline(
    tree: WhyTree[P],
    depth: int = DEFAULT_DEPTH,
    max_lines: int = DEFAULT_LINES,
    progress: Callable[[float], None] | None = None,
    budget: int = WORK_BUDGET,
) -> list[Line[P]]:
    """The proof to ``depth`` levels below the root, as lines in reading order (each line
    followed by the lines below it). At most ``max_lines`` lines are worked out, level by
    level, so a cut proof still shows every move near the root; then a ``cut`` line. Each
    node is valued when its line is reached: the work is bounded by the lines and the moves
    per node, and the lines are no more than the work budget pays for (:func:`lines_within`,
    checked before the first; a proof cut there says so). ``progress`` hears the share of
    the line budget used."""
    check_budget(depth, tree.moves_per_node, max_lines)
    affordable = lines_within(tree.game, tree.root.position, budget)
    slow = affordable < max_lines
    max_lines = min(max_lines, affordable)
    root = tree.root_step()
    below: dict[int, tuple[tuple[Step[P], ...], int]] = {}  # id(step): its lines, more
    queue: deque[tuple[int, Step[P]]] = deque([(0, root)] if depth > 0 else [])
    count, cut = 1, False
    while queue and not cut:
        level, step = queue.popleft()
        steps, more = tree.steps(step, limit=max_lines - count)  # (no line worked out unsaid)
        if count + len(steps) + (more > 0) > max_lines:  # the budget: the rest is counted
            cut = True
            if count >= max_lines:  # not even room to say so
                break
            room = max_lines - count - 1  # and a line for "… and N more"
            steps, more = steps[:room], more + len(steps) - room
        below[id(step)] = (steps, more)
        count += len(steps) + (more > 0)
        if level + 1 < depth:
            queue.extend((level + 1, child) for child in steps)
        if progress is not None:
            progress(count / max_lines)
    out: list[Line[P]] = []
    _emit(out, 0, root, below, tree.notes())
    if cut:
        out.append(Line(0, more=count, cut=True, slow=slow))
    return out


def _emit(
    out: list[Line[P]],
    level: int,
    step: Step[P],
    below: dict[int, tuple[tuple[Step[P], ...], int]],
    notes: tuple[Message, ...] = (),
) -> None:
    out.append(Line(level, step, notes=notes))
    steps, more = below.get(id(step), ((), 0))
    for child in steps:
        _emit(out, level + 1, child, below)
    if more:
        out.append(Line(level + 1, more=more))
