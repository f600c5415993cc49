"""The value history and the moves so far as data a widget draws (no words here: those come
from the text layer where the view is built)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from squaregame.core.types import Outcome
from squaregame.play.session import Session, Verdict


@dataclass(frozen=True)
class HistoryLine:
    number: int
    who: str
    description: str
    verdict: str
    hints: bool


@dataclass(frozen=True)
class ChartPoint:
    you_win: bool
    remoteness: int  # exact, or a proven lower bound (the bar is then drawn faintly)
    mark: str = ""  # "!" a blunder led here, "~" a slow win, "" otherwise
    exact: bool = True


def chart_speaker(session: Session[Any]) -> str:
    """Whose side the value history is told from: "you" (the person, or the class, against
    the computer), or "mover" (two sides at one screen, or a demo: no one side is "you")."""
    return "mover" if session.two_humans or session.players == "demo" else "you"


def chart_points(session: Session[Any]) -> tuple[ChartPoint, ...]:
    """The value history from the person's side: before each move and at the end."""
    marks = [""] + [
        "!" if p.verdict is Verdict.BLUNDER else "~" if p.verdict is Verdict.SLOW else ""
        for p in session.plies
    ]
    points = []
    both = chart_speaker(session) == "mover"
    for (human, info), mark in zip(session.value_history(), marks, strict=True):
        mover_wins = info.outcome is Outcome.HOT
        you_win = mover_wins if (human or both) else not mover_wins
        points.append(ChartPoint(you_win, info.remoteness, mark, info.remoteness_exact))
    return tuple(points)
