"""The value history and the moves so far as data a widget draws (no words here: those come
from the text layer where the view is built)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from squaregame.core.types import Outcome
from squaregame.play.session import Session, Verdict
from squaregame.play.sides import chart_side

MINUS = "−"  # a losing value on the chart's scale and in the review (not a hyphen)


@dataclass(frozen=True)
class HistoryLine:
    number: int
    who: str
    description: str
    verdict: str
    hints: bool


HIDDEN = "hidden"  # a HistoryLine's verdict kept back (hints off, the game not over)


@dataclass(frozen=True)
class ChartPoint:
    you_win: bool  # the side the chart speaks for was winning (above the axis)
    remoteness: int  # exact, or a proven lower bound (the bar is then drawn faintly)
    mark: str = ""  # "!" a blunder led here, "~" a slow win, "" otherwise
    exact: bool = True

    @property
    def signed(self) -> str:
        """The value as the chart's scale reads it: "+5" winning, five moves from the end;
        "−4" losing (0: "+0" or "−0", the side still shows)."""
        return f"{'+' if self.you_win else MINUS}{self.remoteness}"


@dataclass(frozen=True)
class ChartView:
    """The value history as the chart draws it: its points, and the side they are told
    for: ``side`` its name ("" in a solo game: the person, "you"), ``first`` whether it
    moved first. ``hidden``: how many positions' values are kept back (hints off, the game
    not over: :func:`~squaregame.play.view.shown_chart`; then ``points`` is empty): the chart
    shows only their move numbers, to go back to, and says when the values appear."""

    points: tuple[ChartPoint, ...]
    side: str = ""
    first: bool = True
    hidden: int = 0

    @property
    def count(self) -> int:
        """How many positions the chart has a place for (shown or kept back)."""
        return len(self.points) or self.hidden


def chart_points(session: Session[Any]) -> tuple[ChartPoint, ...]:
    """The value history from one side's view for the whole game (:func:`chart_side`: the
    person's, the class's, or in teams and demo the first mover's): before each move and
    at the end."""
    marks = [""] + [
        "!" if p.verdict is Verdict.BLUNDER else "~" if p.verdict is Verdict.SLOW else ""
        for p in session.plies
    ]
    side = chart_side(session)
    points = []
    for i, ((_, info), mark) in enumerate(zip(session.value_history(), marks, strict=True)):
        mover_wins = info.outcome is Outcome.HOT  # after i moves, side i % 2 is to move
        you_win = mover_wins if i % 2 == side else not mover_wins
        points.append(ChartPoint(you_win, info.remoteness, mark, info.remoteness_exact))
    return tuple(points)
