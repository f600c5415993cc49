"""Words for the end of a game and for the hint line, built from the session alone."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from squaregame.core.games import Game
from squaregame.core.types import Analysis, Outcome
from squaregame.play.session import Session, Verdict


def prediction(game: Game[Any], a: Analysis[Any], you: str = "you") -> str:
    """The hint line: who wins from here, how fast, and how."""
    info = a.info
    approx = "" if info.remoteness_exact else "about "
    if not a.moves:
        return ""
    how = game.move_phrase(a.position, a.best_moves()[0].to)
    if info.outcome is Outcome.HOT:
        return f"Hot: {you} can win in {approx}{info.remoteness} — {how}"
    return f"Cold: every move loses; best defence lasts {approx}{info.remoteness} — {how}"


def game_over_lines(session: Session[Any]) -> list[str]:
    """Who won, in how many moves, and each of the person's blunders with what would have won."""
    game = session.game
    won = session.winner_is_human()
    n = len(session.plies)
    lines: list[str] = []
    if session.two_humans:
        mover_lost = not game.misere
        first_won = (n % 2 == 1) == mover_lost
        lines.append(f"The {'first' if first_won else 'second'} player won in {n} moves.")
    elif won:
        lines.append(f"You won in {n} moves!")
    else:
        lines.append(f"The computer won in {n} moves.")
    if game.misere:
        lines.append("(Misère: whoever makes the last move loses.)")
    blunders = session.human_blunders()
    slow = [
        (i + 1, p) for i, p in enumerate(session.plies) if p.by_human and p.verdict is Verdict.SLOW
    ]
    if not blunders and not session.two_humans:
        lines.append(
            "You made no blunders." if won else "You were lost from the start: no blunders."
        )
    for number, p in blunders:
        better = " or ".join(game.move_phrase(p.before, b) for b in p.best)
        lines.append(
            f"Move {number}: {game.move_phrase(p.before, p.after)} handed over the win; "
            f"{better} would have won."
        )
    if slow:
        lines.append(
            f"Slow wins (not the fastest route): move {', '.join(str(i) for i, _ in slow)}."
        )
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
            who = "Player 1" if i % 2 == 0 else "Player 2"
        else:
            who = "You" if p.by_human else "Computer"
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
