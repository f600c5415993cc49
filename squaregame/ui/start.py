"""``squaregame play ...``: the game the app opens at once instead of the menu.

Its own module, imported by the command line and the tests, so the menu's start-up does
not build this dataclass (a frozen dataclass costs more to create than any screen).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from squaregame.core.kinds import Kinds
    from squaregame.core.rules import Rule
    from squaregame.core.tables import Tables
    from squaregame.play.session import Session


@dataclass(frozen=True)
class ChallengeTerms:
    """What a class's challenge game is played under: without hints, undo or why, unless
    the teacher allowed them (``helps``: then each use is counted for the scoreboard)."""

    id: int  # the challenge's
    helps: bool = False


@dataclass(frozen=True)
class StartRequest:
    """``squaregame play ...``: open a game directly."""

    game: str | None = None  # a kind's key or alias (None: the first kind of the first family)
    start: Any = None  # a position of the kind (a number, (x, y), piles); None: random
    rules: tuple[Rule, ...] = ()  # the kind's rules given (a sum: one, or one per pile)
    two_humans: bool = False
    players: str = "solo"  # solo, class, teams or demo (squaregame.play.sides)
    names: tuple[str, ...] = ()  # the sides' names (--names)
    colors: tuple[str, ...] = ()  # the sides' colours (--colors; none: the defaults)
    speed: float | None = None  # demo: seconds per move (None: the default)
    misere: bool = False
    human_first: bool = True
    level: str | None = None
    hints: bool = False
    seed: int | None = None
    challenge: ChallengeTerms | None = None  # a class's challenge: played under its terms


def session_of(r: StartRequest, kinds: Kinds, tables: Tables) -> Session[Any]:
    """The game ``r`` asks for, as a session at its start (the app's and text mode's one
    reading of a request: its kind, rules, misère, start or a random one by its seed)."""
    import random  # (a game asked for on the command line only: not on the menu's start-up)

    from squaregame.core.spec import GameSpec
    from squaregame.play.session import Session

    kind = kinds.find(r.game) if r.game else kinds[0]
    given = None if r.start is None else kind.position_values(r.start)
    spec = GameSpec(kind, tuple(r.rules), r.misere, given)
    spec = spec.with_random_position(random.Random(r.seed))
    game = spec.build(tables)
    return Session(
        game,
        spec.start(game),
        r.human_first,
        r.two_humans,
        players=r.players,
        names=r.names,
        colors=r.colors,
    )
