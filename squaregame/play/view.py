"""Everything a game screen shows about one position, built once: :class:`GameView`.

A screen holds the view of the current position and hands each widget its slice: the move
list its :class:`MoveLine` rows, the history log its lines, the chart its points, the
game's own panels their data (:mod:`squaregame.play.panels`). No widget asks a game or a
table anything, and nothing is analysed twice: analyses and panel data are kept per
position in the session's cache, so the opponent's worker can prepare the next position
before the screen draws it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

from squaregame.core.errors import GameError
from squaregame.core.games import Game, SumGame
from squaregame.core.kinds import Notation
from squaregame.core.piles.store import COMPUTED_MAX, SQUARES_AUTO_LIMIT
from squaregame.core.rules import Rule
from squaregame.core.types import Analysis, MoveInfo, PositionInfo
from squaregame.core.wythoff import WYTHOFF_AUTO_LIMIT
from squaregame.play.panels import panel_data
from squaregame.play.review import ChartPoint, HistoryLine, chart_points
from squaregame.play.session import Session
from squaregame.play.sides import shared
from squaregame.play.wording import history_text, more_moves, move_label, prediction, who

P = TypeVar("P")
QUICK_BOARD = 64  # Wythoff boards up to here are built in a moment
QUICK_TABLE = 1 << 13  # a pile's table built from its rule's amounts this far: a moment
BOARD_TARGETS = 50_000  # a board marks every square the queen may reach (at most 12,003)
# Nothing past this is built without asking (``squaregame build-tables``): a larger pile is
# answered at once from what is at hand (a formula, a period, a table), or refused at once.
BUILT_UNASKED = max(SQUARES_AUTO_LIMIT, COMPUTED_MAX)


@dataclass(frozen=True)
class MoveLine(Generic[P]):
    """One legal move: its label, where it leads, and its value (shown with hints).

    ``plain``: shown without hints too. When a position has more moves than are listed
    (:data:`~squaregame.core.moves.MAX_LISTED_MOVES`), the list without hints shows only the
    first and last moves of each pile, so that it does not single out the winning ones.
    """

    label: str
    to: P
    wins: bool
    remoteness: int  # exact, or a proven lower bound
    exact: bool = True
    plain: bool = True
    upper: int | None = None  # a proven upper bound when not exact (None: none known)


@dataclass(frozen=True)
class MoreMoves:
    """The line under a move list that is not complete: how many moves are not shown, and
    (with hints) what they lead to."""

    plain: str
    hinted: str


@dataclass(frozen=True)
class GameView(Generic[P]):
    """One position of one game as the screen shows it (independent of hints and turns)."""

    position: P
    info: PositionInfo
    moves: tuple[MoveLine[P], ...]
    prediction: str  # the hint line: who wins from here, how fast, and how
    history: tuple[HistoryLine, ...]
    chart: tuple[ChartPoint, ...]
    panels: Any  # the game's own panels: StripData, BoardData or SumData (play.panels)
    targets: frozenset[P] = field(default=frozenset(), compare=False)  # see legal_targets
    more: MoreMoves | None = None  # moves not listed (None: every move is)
    value_of: Callable[[P], MoveLine[P] | None] | None = field(default=None, compare=False)

    def move_to(self, to: P) -> MoveLine[P] | None:
        """The move to ``to``, listed or not (None if it is no legal move)."""
        found = next((m for m in self.moves if m.to == to), None)
        if found is None and self.more is not None and self.value_of is not None:
            return self.value_of(to)
        return found


def build_view(session: Session[P], board: int = 0) -> GameView[P]:
    """The view of ``session``'s current position (``board``: Wythoff's board size)."""
    game = session.game
    a = session.analysis()
    pos = a.position
    edges = None if a.summary is None else frozenset(a.summary.edges)

    def line(m: MoveInfo[P]) -> MoveLine[P]:
        label = move_label(game, pos, m.to)
        plain = edges is None or m.to in edges
        info = m.info
        return MoveLine(
            label, m.to, m.wins, info.remoteness, info.remoteness_exact, plain, info.upper
        )

    def value_of(to: P) -> MoveLine[P] | None:
        try:
            return line(session.move_info(to, pos))
        except GameError:
            return None

    moves = tuple(line(m) for m in a.moves)
    hints_for_all = shared(session)
    history = tuple(
        HistoryLine(
            i + 1,
            who(session, i, p),
            history_text(game, p.before, p.after),
            p.verdict.value,
            p.hints and not hints_for_all,  # a shared game's hints are for all: no tags
        )
        for i, p in enumerate(session.plies)
    )
    return GameView(
        position=pos,
        info=a.info,
        moves=moves,
        prediction=prediction(game, a),
        history=history,
        chart=chart_points(session),
        panels=panels(session, pos, board),
        targets=legal_targets(game, a),
        more=None if a.summary is None else MoreMoves(*more_moves(a.summary, moves)),
        value_of=value_of,
    )


def legal_targets(game: Game[P], a: Analysis[P]) -> frozenset[P]:
    """Where a move may lead, for a board that marks them (Wythoff's queen): every legal
    target when the analysis lists them all or there are at most :data:`BOARD_TARGETS`,
    else the listed ones (a pile of 10^12 is never listed)."""
    if a.summary is not None and a.summary.total <= BOARD_TARGETS:
        return frozenset(game.children(a.position))
    return frozenset(m.to for m in a.moves)


def panels(session: Session[P], pos: P, board: int = 0) -> Any:
    """The game's panel data at ``pos`` (computed once per position)."""
    return session.cache.get(
        ("panels", pos), lambda: panel_data(session, session.analysis(pos), board)
    )


def prepare(session: Session[P], pos: P, board: int = 0) -> None:
    """Analyse ``pos`` and read its panel data now (in a worker), so drawing it is instant."""
    session.analysis(pos)
    panels(session, pos, board)


def slow_to_open(game: Game[Any], pos: Any) -> bool:
    """Might opening ``game`` at ``pos`` take long enough to notice (an exact search, a table
    to build, a great many moves)? Such a start is prepared in a worker; a wrong "yes" costs
    nothing visible. A "no" is checked at once, so an unreachable start is said at once."""
    kind = game.kind
    values = kind.position_values(pos)
    if kind.notation is Notation.PAIR:
        return QUICK_BOARD < max(values) <= WYTHOFF_AUTO_LIMIT
    piles = zip(game.rule_objects(), values, strict=False)  # a pair has no rule: no piles
    if any(_slow_pile(game, rule, n) for rule, n in piles):
        return True
    return kind.notation is Notation.PILES and cast(SumGame, game).needs_search(pos)


def _slow_pile(game: Game[Any], rule: Rule, n: int) -> bool:
    """Would a pile of ``n`` under ``rule`` take a while: its table built?"""
    misere = game.misere
    if rule.is_finite:  # its periods are searched first: a moment, or seconds for a large set
        return not game.tables.store.has_finite(rule, misere)
    if rule.closed_form(misere) is not None:  # Nim: a formula, its moves counted in runs
        return False
    return QUICK_TABLE < n <= BUILT_UNASKED
