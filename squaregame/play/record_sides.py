"""Who played a recorded game, in words: each side's name, who won, the opponent's level.

A solo game keeps its record's own words ("you", "computer"); a class, teams or demo game
names its sides as its screen does (:func:`squaregame.play.teach_wording.side_name`): the
names typed for them (``--names Reds,Blues``), else "Team A"/"Team B", "the class" and
"the computer", "Computer A"/"Computer B". JSON and CSV keep the solo sides' machine
names; the names of a shared game's sides are the same in every format.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from squaregame.play.sides import human_side, shared, side_roles, winner_side
from squaregame.play.teach_wording import line, side_name
from squaregame.play.wording import level_name
from squaregame.text import tr

if TYPE_CHECKING:
    from squaregame.play.session import Session


def side_word(name: str) -> str:
    """A solo record's side in words: "you", "computer", "first player"."""
    return tr(f"records.side.{name}")


def roles(session: Session[Any]) -> tuple[str, str]:
    """The first and second mover in a record's machine words ("you", "computer"…)."""
    return side_roles(session.players, session.human_first)


def side_labels(session: Session[Any], *, words: bool) -> tuple[str, str]:
    """The first and second mover as the record names them: a shared game's sides by name;
    a solo game's by its machine names, or (``words``) in the language of the moment."""
    if shared(session):
        return side_name(session, 0), side_name(session, 1)
    first, second = roles(session)
    return (side_word(first), side_word(second)) if words else (first, second)


def winner_label(session: Session[Any], *, words: bool) -> str | None:
    """Who won, as :func:`side_labels` names them (None while the game goes on)."""
    won = winner_side(session)
    return None if won is None else side_labels(session, words=words)[won]


def side_levels(session: Session[Any], level: str) -> tuple[str | None, str | None]:
    """The computer's level on each side, first mover first (None: people play that side)."""
    if session.players == "teams":
        return None, None
    if session.players == "demo":
        return level, level
    return (None, level) if human_side(session) == 0 else (level, None)


def players_line(session: Session[Any], level: str) -> str:
    """Who played, first mover first, for a record's heading: "Reds (moved first) against
    Blues", "The computer (moved first) against 7B · Strong" ("" for a solo game)."""
    if not shared(session):
        return ""
    a, b = side_name(session, 0), side_name(session, 1)
    if session.players == "teams":
        return line("records.players.teams", a=a, b=b)
    return line("records.players.computer", a=a, b=b, level=level_name(level))


def result_sentence(session: Session[Any]) -> str:
    """ "You won after 5 moves.", "Reds won after 7 moves.", "Not finished: 3 moves so far."."""
    count = len(session.plies)
    won = winner_side(session)
    if won is None:
        return tr("records.result.going", count=count)
    if shared(session):
        return line("records.result.named", name=side_name(session, won), count=count)
    return tr(f"records.result.{roles(session)[won]}", count=count)
