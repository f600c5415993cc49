"""What a shared game says, by the sides' names (``ui_teach`` catalog): whose move, who
played what, who won, and each side's blunders; the review's best-move column.

A solo game keeps its own words ("Your move", "You won"); a class, teams or demo game names
its sides in every line ("Team A to move", "Team B: take 4", "Winner: the class").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from squaregame.play.review import ChartView, chart_points
from squaregame.play.session import Ply, Session
from squaregame.play.sides import (
    MARKERS,
    SideRecord,
    chart_side,
    human_side,
    shared,
    side_colors,
    side_of,
    side_records,
    side_to_move,
    winner_side,
)
from squaregame.text import games as games_text
from squaregame.text import tr

AB = ("a", "b")


def line(key: str, **values: Any) -> str:
    """A message that may begin with a side's name ("the class to move"): its first letter
    a capital ("The class to move"); names inside a line keep their case."""
    return cap(tr(key, **values))


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def side_name(session: Session[Any], side: int) -> str:
    """The name of side 0 (moved first) or 1: typed, or "Team A", "The class", "You"…"""
    players, names = session.players, session.names
    if players in ("teams", "demo"):
        return names[side] if len(names) == 2 else tr(f"ui_teach.sides.{players}_{AB[side]}")
    if side != human_side(session):
        return tr("ui_teach.sides.computer") if players == "class" else tr("ui_game.who.computer")
    if players == "class":
        return names[0] if names else tr("ui_teach.sides.class")
    return tr("ui_game.who.you")


def ply_side_name(session: Session[Any], index: int) -> str:
    """Who made move ``index`` (0-based), by name."""
    return side_name(session, side_of(index))


def mover_name(session: Session[Any]) -> str:
    """The side to move, by name."""
    return side_name(session, side_to_move(session))


def chart_view(session: Session[Any]) -> ChartView:
    """The value history as the chart draws it, told for one side all game: the person's in
    a solo game (no name), else :func:`chart_side`'s by name ("Reds", who moved first)."""
    points = chart_points(session)
    if not shared(session):
        return ChartView(points)
    side = chart_side(session)
    return ChartView(points, side_name(session, side), side == 0)


# -- lines of the game screen --------------------------------------------------------------
def players_label(session: Session[Any], level: str) -> str:
    """The screen's subtitle: "Team A against Team B", "The class against the computer (Strong)"."""
    a, b = side_name(session, 0), side_name(session, 1)
    if session.players == "teams":
        return line("ui_teach.sub_title.teams", a=a, b=b)
    return line("ui_teach.sub_title.computer", a=a, b=b, level=level)


def turn_line(session: Session[Any], *, thinking: bool = False, paused: bool = False) -> str:
    """Whose move it is, by name (no markup): "Team A to move", "Game over — winner: …"."""
    if session.over:
        return line("ui_teach.turn.over", name=side_name(session, winner_side(session) or 0))
    name = mover_name(session)
    if paused:
        return line("ui_teach.turn.paused", name=name)
    if thinking:
        return line("ui_teach.turn.thinking", name=name)
    return line("ui_teach.turn.to_move", name=name)


def played_line(session: Session[Any], ply: Ply[Any], index: int) -> str:
    """A move just made, by whom: "Team B: take 4 (to 26)."."""
    move = games_text.move_phrase(session.game, ply.before, ply.after)
    return line("ui_teach.say.played", name=ply_side_name(session, index), move=move)


def hint_for(session: Session[Any], hint: str) -> str:
    """The hint line, said once for everyone, addressed to the side to move."""
    return line("ui_teach.hint.for", name=mover_name(session), hint=hint) if hint else ""


def last_move_line(session: Session[Any]) -> str:
    """The last move, by whom, for the projector ("" before the first move)."""
    if not session.plies:
        return line("ui_teach.projector.no_moves")
    i = len(session.plies) - 1
    ply = session.plies[i]
    move = games_text.move_phrase(session.game, ply.before, ply.after)
    return line("ui_teach.projector.last", number=i + 1, name=ply_side_name(session, i), move=move)


# -- the end ----------------------------------------------------------------------------------
def over_title(session: Session[Any]) -> str:
    return line("ui_teach.over.title", name=side_name(session, winner_side(session) or 0))


def side_lines(session: Session[Any], record: SideRecord) -> list[str]:
    """One side's account: its blunders (each with what would have won) and slow wins."""
    name = side_name(session, record.side)
    game = session.game
    if not record.moves:
        return [line("ui_teach.over.no_moves", name=name)]
    if not record.blunders:
        lines = [line("ui_teach.over.no_blunders", name=name, count=len(record.moves))]
    else:
        numbers = ", ".join(map(str, record.blunders))
        count = len(record.blunders)
        lines = [line("ui_teach.over.blunders", name=name, count=count, moves=numbers)]
    for number in record.blunders:
        p = session.plies[number - 1]
        better = tr("ui_dialog.over.or").join(
            games_text.move_phrase(game, p.before, b) for b in p.best
        )
        move = games_text.move_phrase(game, p.before, p.after)
        lines.append("✗ " + line("ui_teach.over.blunder", number=number, move=move, better=better))
    if record.slow:
        numbers = ", ".join(map(str, record.slow))
        lines.append("~ " + line("ui_teach.over.slow", count=len(record.slow), moves=numbers))
    return lines


def over_lines(session: Session[Any]) -> list[str]:
    """Who won in how many moves, then each side's blunders and slow wins."""
    winner = side_name(session, winner_side(session) or 0)
    lines = [line("ui_teach.over.won_in", name=winner, count=len(session.plies))]
    if session.game.misere:
        lines.append(tr("ui_dialog.over.misere"))
    for record in side_records(session):
        lines.extend(side_lines(session, record))
    return lines


# -- the review ---------------------------------------------------------------------------------
def best_text(session: Session[Any], ply: Ply[Any]) -> str:
    """The review's best-move column: the perfect move from where this one was made ("=" when
    the move played was one of them; "+2" more when several are equally good)."""
    if not ply.best:
        return ""
    if ply.after in ply.best:
        return line("ui_teach.review.played_best")
    first = games_text.describe_move(session.game, ply.before, ply.best[0])
    more = len(ply.best) - 1
    return tr("ui_teach.review.best_more", move=first, count=more) if more else first


def review_summary(session: Session[Any]) -> str:
    """One line per game: each side's blunders at a glance ("Team A: 2 blunders (3, 7) · …")."""
    parts = []
    for record in side_records(session):
        name = side_name(session, record.side)
        if record.blunders:
            numbers = ", ".join(map(str, record.blunders))
            key, count = "ui_teach.review.blunders", len(record.blunders)
            parts.append(line(key, name=name, count=count, moves=numbers))
        else:
            parts.append(line("ui_teach.review.clean", name=name))
    return " · ".join(parts)


# -- the projector -----------------------------------------------------------------------------
@dataclass(frozen=True)
class ProjectorView:
    """What the projector shows: the game's board (its family's data, drawn by the widget the
    game screen gives), whose move in that side's colour and by name, the last move, the
    moves so far, the hint."""

    title: str
    sides: str
    board: Any  # the stage's data: "1 000 000" (big digits), a board, piles, rows
    turn: str
    side: int  # the side to move (the game over: the winner), 0 or 1
    color: str  # its colour (a name of play.sides.COLORS): never shown without its name
    last: str
    moves: tuple[str, ...]  # every move so far, short: "3. ■ Reds  take 4 → 26"
    hint: str
    message: str = ""  # what the game screen said last (an error, "hints on"), not a move

    @property
    def marker(self) -> str:
        """The side's own shape, beside its name: the turn reads without colour."""
        return MARKERS[self.side]


def rule_lines(rules: tuple[str, ...], misere: bool, games: tuple[str, ...] = ()) -> str:
    """What the projector says under a board: the moves each rule allows (``rules``: their
    labels, once each), that a part which is a game of its own (``games``: their names) is
    played as that game, and who wins."""
    said = [line("ui_teach.projector.rule", rule=r) for r in dict.fromkeys(rules)]
    if games:
        said.append(line("ui_teach.projector.parts", games=", ".join(dict.fromkeys(games))))
    said.append(tr(f"ui_teach.projector.{'misere' if misere else 'normal'}"))
    return "\n".join(said)


def move_lines(session: Session[Any]) -> tuple[str, ...]:
    """The moves so far, one short row each: "3. ■ Reds  take 4 → 26" (its number, its
    side's marker and name, the move in its family's short form)."""
    return tuple(
        tr(
            "ui_teach.projector.move_row",
            number=i + 1,
            marker=MARKERS[side_of(i)],
            name=cap(ply_side_name(session, i)),  # a column of names: each a capital
            move=games_text.history_text(session.game, ply.before, ply.after),
        )
        for i, ply in enumerate(session.plies)
    )


def not_the_last_move(session: Session[Any], message: str) -> str:
    """The message line for the projector: "" where it only says the last move again (the
    projector says that once, large, above it); any other message as it is."""
    if not session.plies:
        return message
    i = len(session.plies) - 1
    return "" if message == played_line(session, session.plies[i], i) else message


def projector_view(
    session: Session[Any],
    *,
    sides: str,
    hint: str,
    board: Any = None,
    thinking: bool = False,
    paused: bool = False,
    typed: str = "",
    message: str = "",
) -> ProjectorView:
    game = session.game
    if board is None:
        board = grouped(games_text.position_text(game, session.position))
    turn = turn_line(session, thinking=thinking, paused=paused)
    if typed:
        turn = f"{turn} — {tr('ui_game.turn.typed')} {typed}"
    side = winner_side(session) if session.over else side_to_move(session)
    last = last_move_line(session)
    if session.plies:
        last = f"{MARKERS[side_of(len(session.plies) - 1)]} {last}"
    return ProjectorView(
        title=games_text.title(game),
        sides=sides,
        board=board,
        turn=turn,
        side=side or 0,
        color=side_colors(session)[side or 0],
        last=last,
        moves=move_lines(session),
        hint=hint,
        message=not_the_last_move(session, message),
    )


def grouped(text: str) -> str:
    """A position that is one number, in groups of three digits (``1 000 000``), as the
    projector shows it from the back of the room; any other position as it is."""
    return f"{int(text):,}".replace(",", " ") if text.isascii() and text.isdigit() else text
