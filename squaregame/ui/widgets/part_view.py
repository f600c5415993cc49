"""A game's picture of one of its positions, drawn by the game's own family.

Every family draws its positions at three scales (the family contract,
:class:`squaregame.families.base.Family`):

* **line**: the position in its family's words (``<area>.position``: ``10``, ``(3,5)``),
  in move lists, records, the header and beside a part of a sum;
* **panel**: a few rows of its own picture, in the room it is given: a part of a sum (its
  piles as counters, a small board with the queen, rows of pins), larger on the projector;
  a :class:`PartView` (:meth:`Family.part_view`), by default :class:`WordsView` (the line
  scale in bold: a family without a picture of its own draws none);
* **full**: its own game screen and its board on the projector (:meth:`Family.screen`).

A part view renders an immutable :class:`Scene` (compared, so an unchanged part is not
redrawn) and posts :class:`PartView.Picked` when a click chooses a move; the screen that
holds it decides whether that move is legal. It never knows which sum, screen or lesson it
is in, nor any other family's picture.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from squaregame.core.parts import is_part
from squaregame.text.games import position_text
from squaregame.ui.scene import Drawings, Scene

__all__ = ["Drawings", "PartView", "Scene", "WordsOnly", "WordsView"]
LEAST_WIDTH = 16  # columns a picture needs beside its rule, unless it says fewer


class PartView(Widget):
    """The picture of one position, at the panel scale. Subclasses draw :attr:`scene`.

    ``words_inside``: the picture already says the position in words (the holder then does
    not repeat the line scale beside it). On the projector the holder shares its rows among
    its parts by what each says it would take (:meth:`wanted`)."""

    DEFAULT_CSS = """
    PartView {
        height: auto;
        width: 1fr;
    }
    """
    words_inside: ClassVar[bool] = False

    @dataclass
    class Picked(Message):
        """A click chose a move: ``target`` is where it leads (the part's own position);
        ``play``: play it at once (the click named it whole), else only choose it (shown,
        for Enter or a second click)."""

        view: PartView
        target: Any
        play: bool = True

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.scene: Scene | None = None

    def show(self, scene: Scene) -> None:
        """Draw ``scene`` (the holder skips an unchanged one)."""
        self.scene = scene
        self.refresh(layout=True)

    def wanted(self, scene: Scene, width: int, most: int) -> int:
        """The rows its picture of ``scene`` takes ``width`` columns wide with at most
        ``most`` rows: as large as that allows (by default one row)."""
        return min(1, most)

    def least_width(self, scene: Scene) -> int:
        """The columns it needs beside its part's rule to be worth drawing there (else its
        holder puts it under the rule): by default :data:`LEAST_WIDTH`."""
        return LEAST_WIDTH

    def least_rows(self, scene: Scene, width: int) -> int:
        """The fewest rows its picture of ``scene`` is whole in (else it pans or is cut):
        by default what it takes with one row."""
        return self.wanted(scene, width, 1)

    def wanted_width(self, scene: Scene, width: int) -> int:
        """The columns its picture of ``scene`` takes where it may take ``width`` (and the
        rows the scene allows): by default all of them."""
        return width

    def pick(self, target: Any, play: bool = True) -> None:
        self.post_message(self.Picked(self, target, play))


class WordsView(PartView):
    """A position with no picture of its own: its family's words, in bold."""

    words_inside = True

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return 1

    def render(self) -> Text:
        s = self.scene
        if s is None:
            return Text("")
        return Text(position_text(s.kind, s.position), style="bold", no_wrap=True, overflow="fold")


class WordsOnly:
    """Drawings where no family is known (a screen made without the registry)."""

    def part_view(self, part: Any) -> type[PartView]:
        return WordsView

    def part_kind(self, part: Any) -> Any:
        return part.kind if is_part(part) else None
