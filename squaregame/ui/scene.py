"""What a family's picture of a position draws (:class:`Scene`), and who draws each part of
a sum (:class:`Drawings`): plain data on the interface's bottom floor, read by the screens
that compose the parts and by the families' views
(:mod:`squaregame.ui.widgets.part_view`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class Scene:
    """One position as a part view draws it.

    ``game`` is the part's game in normal play where it has one of its own (``None`` for a
    pile of a sum of piles: its size is all there is to draw); ``kind`` the kind whose
    family draws it. ``chosen`` is where the chosen move leads (the part's own position),
    shown before Enter; ``wins`` (with hints) the targets whose move wins. ``active``: it is
    the player's move in this part (where a move can go is shown). ``big``: on the
    projector, as large as the room allows; ``rows``: at most this many rows (0: as the
    view likes). ``span``: the largest number among the parts drawn by the same view, so
    parts drawn alike are drawn at one scale (counters of one size). ``origin``: the part's
    position when the game began (a board keeps its size as the queen nears the corner)."""

    kind: Any
    position: Any
    game: Any = None
    chosen: Any = None
    wins: frozenset[Any] = frozenset()
    hints: bool = False
    active: bool = False
    big: bool = False
    rows: int = 0
    span: int = 0
    origin: Any = None


class Drawings(Protocol):
    """Who draws each part of a sum (the families' registry, handed to a screen): the kind
    that plays ``part`` (a pile's rule, or a game of any kind), and the view class of its
    family."""

    def part_view(self, part: Any) -> type[Any]: ...  # a PartView

    def part_kind(self, part: Any) -> Any: ...
