"""What text mode says on request, as lines: the moves, the hints, the review, the value
history and the why proof, read off the session as the screens read it."""

from __future__ import annotations

from typing import Any

from squaregame.core.numbers import is_digits
from squaregame.core.why import DEFAULT_LINES, WhyTree, outline
from squaregame.play.review import chart_points
from squaregame.play.session import Session
from squaregame.play.sides import chart_side, shared
from squaregame.play.view import build_view
from squaregame.play.why_text import render_text
from squaregame.play.wording import describe_move, who
from squaregame.text import tr
from squaregame.text.games import remoteness_span, spoken_position
from squaregame.textmode.typed import move_with_typing

WHY_MOVES = 8  # the why proof's moves per position, as a screen reader can follow them
WHY_DEPTHS = 3  # ``why``, ``why 2``, ``why 3``: how deep the proof goes, at most


def position_line(session: Session[Any], title: str) -> str:
    return tr(
        "textmode.game.position",
        title=title,
        position=spoken_position(session.game, session.position),
    )


def move_lines(session: Session[Any], hints: bool) -> list[str]:
    """Each legal move (``hints``: whether it wins or loses, and how far from the end)."""
    game, pos = session.game, session.position
    view = build_view(session)
    lines = [tr("textmode.moves.heading", position=spoken_position(game, pos))]
    for m in session.analysis().moves:
        move = move_with_typing(game, pos, m.to)
        if hints:
            key = "win" if m.wins else "lose"
            n = remoteness_span(m.info, shift=1)
            lines.append(tr(f"textmode.hint.{key}", move=move, n=n))
        else:
            lines.append(tr("textmode.moves.line", move=move))
    if view.more is not None:
        lines.append(view.more.hinted if hints and view.more.hinted else view.more.plain)
    return lines


def hint_lines(session: Session[Any]) -> list[str]:
    """``hint``: who wins from here and how, then every move's value."""
    view = build_view(session)
    return [view.prediction, *move_lines(session, hints=True)[1:]]


def review_lines(session: Session[Any], hints: bool) -> list[str]:
    """The moves so far; their verdicts only with hints or once the game is over (as the
    screen's list shows them)."""
    if not session.plies:
        return [tr("textmode.review.empty")]
    shown = hints or session.main_game().over
    out = []
    for i, p in enumerate(session.plies):
        values = {"number": i + 1, "who": who(session, i, p),
                  "move": describe_move(session.game, p.before, p.after)}  # fmt: skip
        if shown:
            out.append(
                tr(
                    "textmode.review.line",
                    verdict=tr(f"records.verdict.{p.verdict.value}"),
                    **values,
                )
            )
        else:
            out.append(tr("textmode.review.hidden", **values))
    return out


def value_lines(session: Session[Any], hints: bool) -> list[str]:
    """The value history, for the side the chart speaks for; hidden while hints are off
    and the game goes on (the screen's rule: :func:`~squaregame.play.view.shown_chart`)."""
    if not (hints or session.main_game().over):
        return [tr("textmode.values.hidden")]
    solo = not shared(session) and not session.two_humans
    number = chart_side(session) + 1
    side = tr("textmode.values.you") if solo else tr("ui_game.who.player", number=number)
    out = [tr("textmode.values.heading", side=side)]
    for i, point in enumerate(chart_points(session)):
        label = tr("textmode.values.start") if i == 0 else tr("textmode.values.after", number=i)
        out.append(tr("textmode.values.line", label=label, value=point.signed))
    return out


def why_lines(session: Session[Any], depth: int = 1) -> list[str]:
    """The proof that the position is hot or cold, a line for each step, ``depth`` levels
    deep (1: the verdict, then each move with its answer), and how to go deeper."""
    game, pos = session.game, session.position
    lines = outline(WhyTree(game, pos, moves_per_node=WHY_MOVES), depth, DEFAULT_LINES)
    said = render_text(game, lines).splitlines()
    if depth < WHY_DEPTHS and any(line.level >= depth for line in lines):
        said.append(tr("textmode.why.deeper", n=depth + 1))
    return said


def why_depth(rest: str) -> int | None:
    """How deep ``why`` goes: nothing typed, 1; ``why 2``, 2 … (None: not a depth)."""
    if not rest.strip():
        return 1
    word = rest.strip()
    return int(word) if is_digits(word) and 1 <= int(word) <= WHY_DEPTHS else None
