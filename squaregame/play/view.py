"""Everything a game screen shows about one position, built once: :class:`GameView`.

A screen holds the view of the current position and hands each widget its slice: the move
list its :class:`MoveLine` rows, the history log its lines, the chart its points, the
game's own panels their data (:mod:`squaregame.play.panels`). No widget asks a game or a
table anything, and nothing is analysed twice: analyses and panel data are kept per
position in the session's cache, so the opponent's worker can prepare the next position
before the screen draws it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

from squaregame.core.games import Game, SumGame
from squaregame.core.kinds import Notation
from squaregame.core.rules import Rule
from squaregame.core.store import COMPUTED_MAX, SQUARES_AUTO_LIMIT
from squaregame.core.types import PositionInfo
from squaregame.core.wythoff import WYTHOFF_AUTO_LIMIT
from squaregame.play.panels import panel_data
from squaregame.play.review import ChartPoint, HistoryLine, chart_points
from squaregame.play.session import Session
from squaregame.play.wording import history_text, move_label, prediction, who

P = TypeVar("P")
QUICK_BOARD = 64  # Wythoff boards up to here are built in a moment
QUICK_TABLE = 1 << 13  # a pile's table built from its rule's amounts this far: a moment
QUICK_MOVES = 20_000  # a pile from which every amount may be taken: moves listed in a moment
# Nothing past this is built without asking (``squaregame build-tables``): a larger pile is
# answered at once from what is at hand (a formula, a period, a table), or refused at once.
BUILT_UNASKED = max(SQUARES_AUTO_LIMIT, COMPUTED_MAX)


@dataclass(frozen=True)
class MoveLine(Generic[P]):
    """One legal move: its label, where it leads, and its value (shown with hints)."""

    label: str
    to: P
    wins: bool
    remoteness: int
    exact: bool = True


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
    targets: frozenset[P] = field(default=frozenset(), compare=False)

    def move_to(self, to: P) -> MoveLine[P] | None:
        return next((m for m in self.moves if m.to == to), None)


def build_view(session: Session[P], board: int = 0) -> GameView[P]:
    """The view of ``session``'s current position (``board``: Wythoff's board size)."""
    game = session.game
    a = session.analysis()
    pos = a.position
    moves = tuple(
        MoveLine(
            move_label(game, pos, m.to),
            m.to,
            m.wins,
            m.info.remoteness,
            m.info.remoteness_exact,
        )
        for m in a.moves
    )
    history = tuple(
        HistoryLine(
            i + 1,
            who(session, i, p),
            history_text(game, p.before, p.after),
            p.verdict.value,
            p.hints,
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
        targets=frozenset(m.to for m in a.moves),
    )


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
    if kind.notation is Notation.PILES and cast(SumGame, game).needs_search(pos):
        return True
    piles = zip(game.rule_objects(), values, strict=False)  # a pair has no rule: no piles
    return any(_slow_pile(game, rule, n) for rule, n in piles)


def _slow_pile(game: Game[Any], rule: Rule, n: int) -> bool:
    """Would a pile of ``n`` under ``rule`` take a while: its moves listed, its table built?"""
    misere = game.misere
    if rule.is_any_amount:
        return n > QUICK_MOVES
    if rule.is_finite:  # its periods are searched first: a moment, or seconds for a large set
        return not game.tables.store.has_finite(rule, misere)
    if rule.closed_form(misere) is not None:
        return False
    return QUICK_TABLE < n <= BUILT_UNASKED
