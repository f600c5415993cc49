"""Words for the end of a game and for the hint line, built from the session alone (in the
current language, through the text layer)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from squaregame.core.game import Game
from squaregame.core.types import Analysis, Outcome
from squaregame.play.session import Session, Verdict
from squaregame.text import tr
from squaregame.text.games import move_phrase, verdict_line


def prediction(game: Game[Any], a: Analysis[Any]) -> str:
    """The hint line: who wins from here, how fast, and how (the analysis line's other voice)."""
    return verdict_line(game, a, "player")


def game_over_lines(session: Session[Any]) -> list[str]:
    """Who won, in how many moves, and each of the person's blunders with what would have won."""
    game = session.game
    won = session.winner_is_human()
    n = len(session.plies)
    lines: list[str] = []
    if session.two_humans:
        mover_lost = not game.misere
        first_won = (n % 2 == 1) == mover_lost
        lines.append(tr(f"games.review.{'first' if first_won else 'second'}_won", count=n))
    elif won:
        lines.append(tr("games.review.you_won", count=n))
    else:
        lines.append(tr("games.review.computer_won", count=n))
    if game.misere:
        lines.append(tr("games.review.misere_note"))
    blunders = session.human_blunders()
    slow = [
        (i + 1, p) for i, p in enumerate(session.plies) if p.by_human and p.verdict is Verdict.SLOW
    ]
    if not blunders and not session.two_humans:
        lines.append(tr("games.review.no_blunders" if won else "games.review.lost_from_start"))
    for number, p in blunders:
        better = tr("games.review.alternatives").join(
            move_phrase(game, p.before, b) for b in p.best
        )
        played = move_phrase(game, p.before, p.after)
        lines.append(tr("games.review.blunder", number=number, move=played, better=better))
    if slow:
        lines.append(tr("games.review.slow", moves=", ".join(str(i) for i, _ in slow)))
    return lines


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
    remoteness: int
    mark: str = ""  # "!" a blunder led here, "~" a slow win, "" otherwise


def history_lines(
    session: Session[Any], describe: Callable[[Any, Any], str]
) -> tuple[HistoryLine, ...]:
    """One line per move: number, who, what (via ``describe(before, after)``), verdict."""
    out = []
    for i, p in enumerate(session.plies):
        if session.two_humans:
            who = tr(f"games.review.player_{1 if i % 2 == 0 else 2}")
        else:
            who = tr("games.review.you" if p.by_human else "games.review.computer")
        out.append(HistoryLine(i + 1, who, describe(p.before, p.after), p.verdict.value, p.hints))
    return tuple(out)


def chart_points(session: Session[Any]) -> tuple[ChartPoint, ...]:
    """The value history from the person's side: before each move and at the end."""
    marks = [""] + [
        "!" if p.verdict is Verdict.BLUNDER else "~" if p.verdict is Verdict.SLOW else ""
        for p in session.plies
    ]
    points = []
    for (human, info), mark in zip(session.value_history(), marks, strict=True):
        mover_wins = info.outcome is Outcome.HOT
        you_win = mover_wins if (human or session.two_humans) else not mover_wins
        points.append(ChartPoint(you_win, info.remoteness, mark))
    return tuple(points)
