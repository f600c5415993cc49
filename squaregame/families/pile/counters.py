"""A pile drawn as counters: the pile family's picture of a position at the panel scale (a
pile of a sum, on the game screen and, larger, on the projector).

Its scene's position is the pile's size. The counters the chosen move would take are drawn
hollow — ``○`` for ``●``, ``░░`` for ``██`` — so the choice never relies on colour; with
hints a ✓ under a counter says that taking it and every counter after it wins. The
counters are as large as the room allows (:data:`PANEL` on the game screen, where every
pile drawn alike fits so; :data:`PROJECTOR` on the projector, within the rows it is
given); a pile too long for the room is a bar of counters ending in ``…``, the share the
move takes still drawn hollow. A click on a counter chooses the move that takes it and every
counter after it (shown before Enter); a second click on it plays it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.cells import cell_len
from rich.text import Text
from textual import events

from squaregame.ui.room import roomy
from squaregame.ui.widgets.part_view import LEAST_WIDTH, PartView, Scene


@dataclass(frozen=True)
class Counter:
    """How one counter is drawn: ``glyph`` (and ``taken``, the same counter hollow),
    ``rows`` high, ``gap`` columns after it."""

    glyph: str
    taken: str
    rows: int
    gap: int

    @property
    def width(self) -> int:
        return cell_len(self.glyph) + self.gap


SMALL = Counter("●", "○", 1, 0)
PANEL = (Counter("██", "░░", 2, 1), SMALL)  # on a large terminal, where every pile fits so
PROJECTOR = (
    Counter("██████", "░░░░░░", 3, 2),
    Counter("████", "░░░░", 2, 2),
    Counter("███", "░░░", 2, 1),
    Counter("██", "░░", 2, 1),
    Counter("██", "░░", 1, 1),
    Counter("●", "○", 1, 1),
    SMALL,
)


def counter_for(scene: Scene, room: int, large: bool) -> Counter:
    """The largest counter at which every pile drawn alike (the scene's ``span``) fits whole
    in ``room`` columns (on the projector, in its rows too; on the game screen, large only
    on a ``large`` terminal); else the smallest."""
    most = max(scene.span, max(0, int(scene.position)))
    if scene.big:
        rows = scene.rows or 3
        fits = (c for c in PROJECTOR if most * c.width - c.gap <= room and c.rows <= rows)
        return next(fits, SMALL)
    return PANEL[0] if large and most * PANEL[0].width <= room else SMALL


class CountersView(PartView):
    """One pile, its counters in a row (several rows high when they are large)."""

    def _count(self) -> int:
        s = self.scene
        return 0 if s is None else max(0, int(s.position))

    def _taken(self) -> int:
        s = self.scene
        if s is None or s.chosen is None:
            return 0
        return max(0, self._count() - int(s.chosen))

    def counter(self, width: int | None = None) -> Counter:
        """The counter its scene is drawn with, in ``width`` columns (its own width)."""
        if self.scene is None:
            return SMALL
        large = self.is_attached and roomy(*self.app.size)
        return counter_for(self.scene, self.size.width if width is None else width, large)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return self.counter(width).rows + self._marked()

    def _marked(self) -> int:
        """A row of ✓ marks under the counters: with hints, where a move here wins."""
        s = self.scene
        return 1 if s is not None and s.hints and s.wins else 0

    def least_width(self, scene: Scene) -> int:
        """A counter a column: the largest pile drawn alike, up to the usual least."""
        return max(4, min(LEAST_WIDTH, max(scene.span, int(scene.position))))

    def wanted_width(self, scene: Scene, width: int) -> int:
        c = counter_for(scene, width, self.is_attached and roomy(*self.app.size))
        most = max(scene.span, int(scene.position))
        return min(width, most * c.width - c.gap) if most * c.width <= width + c.gap else width

    def wanted(self, scene: Scene, width: int, most: int) -> int:
        large = self.is_attached and roomy(*self.app.size)
        marks = 1 if scene.hints and scene.wins else 0
        return min(most, counter_for(replace(scene, rows=most - marks), width, large).rows + marks)

    def render(self) -> Text:
        s = self.scene
        if s is None:
            return Text("")
        c = self.counter()
        size, take = self._count(), self._taken()
        room = max(1, (self.size.width + c.gap) // c.width)
        ink = "cyan" if s.active and s.chosen is not None else ""
        line = Text(no_wrap=True, overflow="crop")
        if size <= room:
            line.append((c.glyph + " " * c.gap) * (size - take), style=ink)
            line.append((c.taken + " " * c.gap) * take, style="bold yellow")
        else:  # too many to draw: a bar, the share the move takes hollow
            shown = room - 1
            hollow = min(shown, max(1, round(take * shown / size))) if take else 0
            line.append((c.glyph + " " * c.gap) * (shown - hollow), style=ink)
            line.append((c.taken + " " * c.gap) * hollow, style="bold yellow")
            line.append("…")
        line.rstrip()
        text = Text(no_wrap=True, overflow="crop")
        for row in range(c.rows):
            if row:
                text.append("\n")
            text.append_text(line)
        if self._marked():
            text.append("\n")
            text.append(self._marks(c, size, room), style="bold")
        return text

    def _marks(self, c: Counter, size: int, room: int) -> str:
        """A ✓ under the first counter each winning move takes (it and every one after it;
        a pile drawn as a bar: where that counter would be)."""
        s = self.scene
        assert s is not None
        cells = [" "] * (room * c.width)
        for left in s.wins:
            k = int(left) if size <= room else int(left) * (room - 1) // max(1, size)
            at = k * c.width + (cell_len(c.glyph) - 1) // 2
            if 0 <= at < len(cells):
                cells[at] = "✓"
        return "".join(cells).rstrip()

    def on_click(self, event: events.Click) -> None:
        at = event.get_content_offset(self)
        if self.scene is None or at is None:
            return
        c = self.counter()
        size = self._count()
        k = at.x // c.width
        if size * c.width - c.gap <= self.size.width and 0 <= k < size:
            # what is left: the counters before the one clicked; chosen, then played
            self.pick(k, play=self.scene.chosen == k)
