"""A class's side of a student's app: the teacher's challenge as the app shows it, and the
link events go through (:mod:`squaregame.ui.services.activity` uses both, the challenge's
screen shows an offer; the classroom makes them). On the interface's bottom floor, beside
:mod:`squaregame.ui.start`: what the app is handed from outside. Its own module: the menu's
start-up builds no dataclass it does not need."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from squaregame.ui.start import StartRequest

ASKS = ("win", "moves", "grundy")


@dataclass(frozen=True)
class ChallengeOffer:
    """A teacher's challenge, ready to show: ``ask`` is ``win`` (win from the position
    against the perfect opponent), ``moves`` (choose every winning move among ``moves``)
    or ``grundy`` (the position's Grundy value)."""

    id: int
    ask: str
    title: str  # the game and the position, in the app's language
    request: StartRequest  # the game itself (``win``: played from here)
    moves: tuple[str, ...] = ()  # ``moves``: every legal move, as words
    winning: frozenset[str] = frozenset()  # ``moves``: the winning ones among them
    grundy: int | None = None  # ``grundy``: the answer
    remoteness: int | None = None  # ``win``: the fewest moves a win takes (exact), or None
    helps: bool = False  # ``win``: the teacher allows hints, undo and why (each use counted)
    closed: bool = False  # the teacher closed it: no answer counts now, the answer is shown


class ClassLink(Protocol):
    """Where the events go and the challenges come from (the classroom's store)."""

    def record(self, kind: str, data: dict[str, Any]) -> None:
        """Keep one event; returns at once (the writing is done elsewhere)."""

    def listen(self, offered: Callable[[ChallengeOffer], None]) -> None:
        """Call ``offered`` (from any thread) with each challenge not answered yet."""

    def close(self) -> None:
        """Write what is left, then stop."""
