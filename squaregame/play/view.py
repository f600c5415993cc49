"""Everything a game screen shows about one position, built once: :class:`GameView`.

A screen holds the view of the current position and hands each widget its slice: the move
list its :class:`MoveLine` rows, the history log its lines, the chart its view, the
game's own panels their data (read by its family, kept by :func:`panels`). No widget asks a
game or a table anything, and nothing is analysed twice: analyses and panel data are kept
per position in the session's cache, so the opponent's worker can prepare the next
position before the screen draws it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from squaregame.core.errors import GameError
from squaregame.core.game import Game
from squaregame.core.types import Analysis, MoveInfo, PositionInfo
from squaregame.play.review import HIDDEN, ChartView, HistoryLine
from squaregame.play.session import Session
from squaregame.play.sides import shared
from squaregame.play.teach_wording import chart_view
from squaregame.play.wording import history_text, more_moves, move_label, prediction, who

P = TypeVar("P")
BOARD_TARGETS = 50_000  # a board marks every square the queen may reach (at most 12,003)
# A game's own panels (the strip, a board's values, the nim-sum …), read from the tables:
# each family's screen gives its own (squaregame/families/<family>/panels.py).
Panels = Callable[[Session[Any], Analysis[Any]], Any]


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
    chart: ChartView  # the value history, and whose side it is told for
    panels: Any  # the game's own panels, made by its family's Panels (None: it has none)
    targets: frozenset[P] = field(default=frozenset(), compare=False)  # see legal_targets
    more: MoreMoves | None = None  # moves not listed (None: every move is)
    value_of: Callable[[P], MoveLine[P] | None] | None = field(default=None, compare=False)

    def move_to(self, to: P) -> MoveLine[P] | None:
        """The move to ``to``, listed or not (None if it is no legal move)."""
        found = next((m for m in self.moves if m.to == to), None)
        if found is None and self.more is not None and self.value_of is not None:
            return self.value_of(to)
        return found


def build_view(
    session: Session[P], own: Panels | None = None, *, waiting: bool = False
) -> GameView[P]:
    """The view of ``session``'s current position (``own``: the game's own panels).

    ``waiting``: the position is about to be analysed in a worker (the person's move, the
    opponent to reply): if it is not analysed yet, a view of it without its moves, its hint
    line or its panels, built from what the move already said of it — drawn at once, so the
    person's move is on the screen before the slow analysis (up to a second in a big sum)."""
    game = session.game
    a = waiting_analysis(session) if waiting else None
    if a is None:
        a = session.analysis()
    else:
        own = None  # its panels need the analysis: drawn with the reply
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
        chart=chart_view(session),
        panels=panels(session, pos, own),
        targets=legal_targets(game, a),
        more=None if a.summary is None else MoreMoves(*more_moves(a.summary, moves)),
        value_of=value_of,
    )


def shown_chart(chart: ChartView, hints: bool, session: Session[Any]) -> ChartView:
    """The value history as the screen may show it: with hints, or once the game is over
    (its own moves, not a what-if's), every point; with hints off during the game, none.
    Not even the points of positions already left: against a perfect reply, the value of
    the position the person left gives the value of the one now on the board."""
    if hints or session.main_game().over:
        return chart
    return replace(chart, points=(), hidden=len(chart.points))


def shown_history(
    lines: tuple[HistoryLine, ...], hints: bool, session: Session[Any]
) -> tuple[HistoryLine, ...]:
    """The moves so far as the screen may show them: by :func:`shown_chart`'s rule, their
    verdicts (✓ best, ✗ blunder, …) only with hints or once the game is over. A ✓ on the
    opponent's last move would say the position now on the board is lost."""
    if hints or session.main_game().over:
        return lines
    return tuple(replace(line, verdict=HIDDEN) for line in lines)


def waiting_analysis(session: Session[P]) -> Analysis[P] | None:
    """The current position as the last move valued it, with no moves listed, while its
    analysis is not yet worked out (None when it is, or no move led here)."""
    pos = session.position
    if session.cache.peek(("analysis", pos)) is not None or not session.plies:
        return None
    last = session.plies[-1]
    return Analysis(pos, last.value_after, ()) if last.after == pos else None


def legal_targets(game: Game[P], a: Analysis[P]) -> frozenset[P]:
    """Where a move may lead, for a board that marks them (Wythoff's queen): every legal
    target when the analysis lists them all or there are at most :data:`BOARD_TARGETS`,
    else the listed ones (a pile of 10^12 is never listed; nor are the moves of a game that
    counts them rather than list them, as rows of 10^5 tokens with 50,000 moves)."""
    if a.summary is not None and a.summary.total <= BOARD_TARGETS:
        try:
            return frozenset(game.children(a.position))
        except GameError:  # too many moves to list for this game: the listed ones
            pass
    return frozenset(m.to for m in a.moves)


def panels(session: Session[P], pos: P, own: Panels | None) -> Any:
    """The game's own panel data at ``pos`` (computed once per position; None where a table
    limit stops them: the panels stay empty, the game goes on)."""
    if own is None:
        return None

    def read() -> Any:
        try:
            return own(session, session.analysis(pos))
        except GameError:
            return None

    return session.cache.get(("panels", pos), read)


def prepare(session: Session[P], pos: P, own: Panels | None = None) -> None:
    """Analyse ``pos`` and read its panel data now (in a worker), so drawing it is instant."""
    session.analysis(pos)
    panels(session, pos, own)
