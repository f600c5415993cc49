"""The game screen's two lines of words: whose turn it is (with what is being typed), and
the hint. Each is made from what the screen's controllers hold at the moment, by a function
of its inputs (:class:`TurnState`) alone."""

from __future__ import annotations

from typing import Any, NamedTuple

from rich.markup import escape

from squaregame.play.session import Session
from squaregame.play.sides import shared
from squaregame.play.teach_wording import hint_for, players_label, turn_line
from squaregame.play.view import GameView
from squaregame.play.wording import level_name
from squaregame.text import tr
from squaregame.text.games import position_text


class TurnState(NamedTuple):
    """What the turn line says besides the session: the opponent thinking, a demo paused,
    what is typed, and the family's catalog area (how a move is chosen)."""

    thinking: bool
    paused: bool
    typed: str
    area: str


def turn_text(s: Session[Any], t: TurnState) -> str:
    """Whose move (by name in a shared game), or how the game ended; on the person's turn,
    how to move and what is typed. A what-if says so first, in words (not by colour)."""
    text = _shared_turn(s, t) if shared(s) else _turn(s, t)
    if s.exploring:
        text = f"[reverse] {escape(tr('ui_game.what_if.tag'))} [/] {text}"
    return text


def _turn(s: Session[Any], t: TurnState) -> str:
    if s.over:
        if s.two_humans:
            return _bold(tr("ui_game.turn.game_over"))
        won = s.winner_is_human()
        return _bold(tr("ui_game.turn.you_won" if won else "ui_game.turn.computer_won"))
    if s.two_humans:
        first = len(s.plies) % 2 == 0
        return _bold(tr("ui_game.turn.first_to_move" if first else "ui_game.turn.second_to_move"))
    if t.thinking:
        return _bold(tr("ui_game.turn.thinking"))
    if s.human_to_move:
        return f"{_bold(tr('ui_game.turn.your_move'))} — {_how(t)}"
    return _bold(tr("ui_game.turn.computer_move"))


def _shared_turn(s: Session[Any], t: TurnState) -> str:
    line = _bold(turn_line(s, thinking=t.thinking, paused=t.paused))
    if s.over or not s.human_to_move:
        return line
    return f"{line} — {_how(t)}"


def _how(t: TurnState) -> str:
    how = escape(tr(f"{t.area}.screen.choose"))
    if not t.typed:
        return how
    return f"{how}   {escape(tr('ui_game.turn.typed'))} [reverse]{t.typed}[/]"


def level_label(s: Session[Any], level: str) -> str:
    """The screen's subtitle: who plays (the sides of a shared game), or the opponent's level."""
    if shared(s):
        return players_label(s, level_name(level))
    if s.two_humans:
        return tr("ui_game.sub_title.two_players")
    return tr("ui_game.sub_title.opponent", level=level_name(level))


def header_text(s: Session[Any], level: str, position: Any) -> str:
    """The header's subtitle: who plays (:func:`level_label`), and the position in its
    family's words (its kind's ``position_words`` in ``<area>.position``: ``21``, ``(7,9)``,
    ``5 + 7 + 10``), so it is also text, for a copy and a screen reader, not a picture only."""
    words = position_text(s.game, position)
    return tr("ui_game.sub_title.position", who=level_label(s, level), position=words)


def hint_text(s: Session[Any], view: GameView[Any], hints: bool) -> str:
    """The hint line: the position's prediction on the person's turn (in a shared game, once
    for everyone watching); "hints on" while the opponent moves; nothing without hints."""
    if not hints or s.over:
        return ""
    if shared(s) and (s.human_to_move or s.players == "demo"):
        return escape(hint_for(s, view.prediction))
    if s.human_to_move:
        return escape(view.prediction)
    return tr("ui_game.hint.hints_on")


def _bold(text: str) -> str:
    return f"[b]{escape(text)}[/b]"
