"""Who plays a game, and how each side played it (no words here: see ``play.teach_wording``).

A game has two sides: the one that moves first (side 0) and the other (side 1). Who they
are depends on the session's ``players``:

* ``solo``: you against the computer;
* ``class``: the class (or a name typed for it) against the computer, hints shown once for all;
* ``teams``: two players or two teams at one screen ("Team A"/"Team B", or typed names);
* ``demo``: the computer against itself, at a chosen speed, for a projector.

:func:`side_records` reads, per side, its moves, blunders and slow wins off the session.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from squaregame.core.errors import GameError
from squaregame.play.session import Session, Verdict

PLAYERS = ("solo", "class", "teams", "demo")
SHARED = ("class", "teams", "demo")  # one screen watched by many: sides by name, hints for all
MAX_NAME = 20  # a typed name, in characters
# Who each side is, in a record's machine words (the same in every language): the person's
# (or the class's) side, then the computer's; two sides at one screen, or the computer
# twice: by move order.
ROLES = {
    "solo": ("you", "computer"),
    "class": ("class", "computer"),
    "teams": ("first", "second"),
    "demo": ("first", "second"),
}


def side_roles(players: str, human_first: bool) -> tuple[str, str]:
    """The first and the second mover in :data:`ROLES`' words (teams and demo: always
    "first", "second", whoever the session calls the person)."""
    roles = ROLES[players]
    return roles if human_first or roles == ROLES["teams"] else (roles[1], roles[0])


def names_wanted(players: str) -> int:
    """How many names ``--names`` takes for ``players`` (the class: one; two sides: two)."""
    return {"class": 1, "teams": 2, "demo": 2}.get(players, 0)


def parse_names(text: str, players: str) -> tuple[str, ...]:
    """Names typed as ``A,B`` (the class: one name); a :class:`GameError` says what is wrong."""
    want = names_wanted(players)
    if want == 0:
        raise GameError("ui_teach.errors.names_solo")
    parts = tuple(p.strip() for p in text.split(","))
    if len(parts) != want or not all(parts):
        raise GameError("ui_teach.errors.names_count", count=want)
    if any(len(p) > MAX_NAME or not p.isprintable() for p in parts):
        raise GameError("ui_teach.errors.name_long", limit=MAX_NAME)
    if want == 2 and parts[0].casefold() == parts[1].casefold():
        raise GameError("ui_teach.errors.names_same")
    return parts


# -- the sides' colours (--colors): the projector's turn line, always with the side's name ----
COLORS = ("red", "blue", "green", "yellow", "orange", "purple", "cyan", "magenta")
DEFAULT_COLORS = ("red", "blue")  # side 1 (moves first), side 2
MARKERS = ("■", "●")  # each side's own shape beside its name: it reads without colour


def parse_colors(text: str, players: str) -> tuple[str, str]:
    """``--colors red,blue``: the two sides' colours, from :data:`COLORS`; a
    :class:`GameError` says what is wrong."""
    if players not in SHARED:
        raise GameError("ui_teach.errors.colors_solo")
    parts = tuple(p.strip().casefold() for p in text.split(","))
    if len(parts) != 2 or not all(parts):
        raise GameError("ui_teach.errors.colors_count", text=text[:40])
    for part in parts:
        if part not in COLORS:
            raise GameError(
                "ui_teach.errors.color_unknown", color=part[:24], choices=", ".join(COLORS)
            )
    if parts[0] == parts[1]:
        raise GameError("ui_teach.errors.colors_same")
    return parts[0], parts[1]


def side_colors(session: Session[Any]) -> tuple[str, str]:
    """The sides' colours: as given, else the defaults."""
    c = session.colors
    return (c[0], c[1]) if len(c) == 2 else DEFAULT_COLORS


def shared(session: Session[Any]) -> bool:
    """Is this game watched by many (sides named, hints shown once for everyone)?"""
    return session.players in SHARED


def side_of(index: int) -> int:
    """The side that made move ``index`` (0-based): 0 moved first."""
    return index % 2


def side_to_move(session: Session[Any]) -> int:
    return side_of(len(session.plies))


def human_side(session: Session[Any]) -> int:
    """The person's (or the class's) side against the computer."""
    return 0 if session.human_first else 1


def chart_side(session: Session[Any]) -> int:
    """The side the value history speaks for: the person's (or the class's) against the
    computer; with no one "you" (teams, demo), the side that moved first, for the whole game."""
    return 0 if session.players in ("teams", "demo") else human_side(session)


def winner_side(session: Session[Any]) -> int | None:
    """The side that won (None while the game goes on)."""
    if not session.over:
        return None
    mover = side_to_move(session)  # stuck: loses in normal play, wins in misère
    return mover if session.game.misere else 1 - mover


def play_again(session: Session[Any]) -> Session[Any]:
    """The same game from its start, with the same sides (its analyses kept)."""
    s = session
    return Session(
        s.game,
        s.start,
        s.human_first,
        s.two_humans,
        cache=s.cache,
        players=s.players,
        names=s.names,
        colors=s.colors,
    )


@dataclass(frozen=True)
class SideRecord:
    """How one side played: its moves (numbered from 1), blunders and slow wins."""

    side: int
    moves: tuple[int, ...]
    blunders: tuple[int, ...]
    slow: tuple[int, ...]
    best: int  # perfect moves (a winning side's fastest win, or the longest defence)


def side_records(session: Session[Any]) -> tuple[SideRecord, SideRecord]:
    """Both sides' records, the first mover's first."""

    def record(side: int) -> SideRecord:
        mine = [(i + 1, p) for i, p in enumerate(session.plies) if side_of(i) == side]
        return SideRecord(
            side,
            tuple(n for n, _ in mine),
            tuple(n for n, p in mine if p.verdict is Verdict.BLUNDER),
            tuple(n for n, p in mine if p.verdict is Verdict.SLOW),
            sum(1 for _, p in mine if p.verdict in (Verdict.BEST, Verdict.FORCED)),
        )

    return record(0), record(1)


# -- demo speed: seconds per move ----------------------------------------------------------------
SPEEDS = (0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0)  # what + and - step through
MAX_SPEED = 60.0


def parse_speed(text: str) -> float:
    """``--speed``: seconds per move, 0 to 60 (``0.5``, ``2``); a :class:`GameError` else."""
    try:
        value = float(text.strip().replace(",", "."))
    except ValueError:
        raise GameError("ui_teach.errors.speed", text=text[:24], limit=int(MAX_SPEED)) from None
    if not 0 <= value <= MAX_SPEED:  # NaN fails both
        raise GameError("ui_teach.errors.speed", text=text[:24], limit=int(MAX_SPEED))
    return value


def faster(speed: float) -> float:
    """The next shorter time per move (the shortest stays)."""
    return max((s for s in SPEEDS if s < speed), default=min(speed, SPEEDS[0]))


def slower(speed: float) -> float:
    """The next longer time per move (the longest stays)."""
    return min((s for s in SPEEDS if s > speed), default=max(speed, SPEEDS[-1]))
