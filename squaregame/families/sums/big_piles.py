"""A sum's piles on the projector: one compact block, centred, each pile a row of counters
with its number and rule before them and its size right after them.

The counters are as large as the room allows (:data:`COUNTERS`, largest first): square
blocks ``██`` several rows high, then spaced ``●``. Every counter is a character, never only
a colour, so the piles read the same without colour (``NO_COLOR``). A pile too long for the
room is cut, ``…`` after its last counter shown, its size still beside it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget

from squaregame.families.sums.piles import PilesData

RULE_ROOM = 4  # rows kept under the piles for the rules in words and a blank row
LABEL_MAX = 16  # columns of a pile's rule at most (longer: cut, "…")


@dataclass(frozen=True)
class Counter:
    """How one counter is drawn: ``glyph`` columns wide, ``rows`` high, ``gap`` columns
    after it; ``between`` blank rows between two piles."""

    glyph: str
    rows: int
    gap: int
    between: int

    @property
    def width(self) -> int:
        return cell_len(self.glyph) + self.gap


COUNTERS = (
    Counter("██████", 3, 2, 1),
    Counter("████", 2, 2, 1),
    Counter("██", 1, 1, 1),
    Counter("●", 1, 1, 1),
    Counter("●", 1, 0, 0),
)


class BigPiles(Widget):
    """The piles of a :class:`PilesData`, no pile chosen (the class types its move)."""

    DEFAULT_CSS = """
    BigPiles {
        width: 100%;
        height: auto;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.data: PilesData | None = None
        self._room_y = 0  # rows the stage gives the piles (set when laid out)

    def show(self, data: PilesData) -> None:
        self.data = data
        self.refresh(layout=True)

    # -- geometry ------------------------------------------------------------------------
    def _label_width(self) -> int:
        assert self.data is not None
        rules = max(cell_len(p.rule) for p in self.data.piles)
        return len(str(len(self.data.piles))) + 1 + min(rules, LABEL_MAX)

    def _tail_width(self) -> int:
        """Columns after a pile's counters: its size (and, with hints, its Grundy value)."""
        assert self.data is not None
        size = max(len(str(p.size)) for p in self.data.piles)
        return 2 + size + (6 if self.data.hints else 0)

    def _height(self, counter: Counter) -> int:
        n = len(self.data.piles) if self.data else 1
        return n * counter.rows + (n - 1) * counter.between

    def counter(self, width: int | None = None) -> Counter:
        """The largest counter at which every pile fits whole; else the smallest (cut)."""
        if self.data is None:
            return COUNTERS[-1]
        room_x = (self.size.width if width is None else width) - self._label_width() - 1
        room_x -= self._tail_width()
        most = max(p.size for p in self.data.piles)
        for c in COUNTERS:
            if most * c.width - c.gap <= room_x and self._height(c) <= self._room_y:
                return c
        return COUNTERS[-1]

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        self._room_y = max(1, getattr(container, "height", 0) - RULE_ROOM)
        return self._height(self.counter(width))

    # -- drawing -------------------------------------------------------------------------
    def render(self) -> Text:
        d = self.data
        if d is None:
            return Text("")
        c = self.counter()
        label_w = self._label_width()
        room = max(1, (self.size.width - label_w - 1 - self._tail_width() + c.gap) // c.width)
        rows = [self._pile(i, c, label_w, room) for i in range(len(d.piles))]
        block = max(line.cell_len for pile in rows for line in pile)
        left = " " * max(0, (self.size.width - block) // 2)
        text = Text(no_wrap=True, overflow="crop")
        for i, pile in enumerate(rows):
            for line in pile:
                text.append(left)
                text.append_text(line)
                text.append("\n")
            text.append("\n" * (c.between if i < len(rows) - 1 else 0))
        text.rstrip()
        return text

    def _pile(self, i: int, c: Counter, label_w: int, room: int) -> list[Text]:
        """The rows of pile ``i``: its number and rule, the counters, its size, the label and
        size on the middle row."""
        assert self.data is not None
        p = self.data.piles[i]
        rule = p.rule if cell_len(p.rule) <= LABEL_MAX else p.rule[: LABEL_MAX - 1] + "…"
        cut = p.size > room and not p.shown
        shown = room - 1 if cut else p.size
        counters = p.shown or ((c.glyph + " " * c.gap) * shown).rstrip()
        lines = []
        for row in range(c.rows):
            line = Text()
            if row == (c.rows - 1) // 2:
                line.append(f"{i + 1} ", style="bold")
                line.append(f"{rule:<{label_w - len(str(i + 1)) - 1}} ", style="dim")
                line.append(counters)
                line.append(" …" if cut else "")
                line.append("" if p.shown else f"  {p.size}", style="bold")
                if self.data.hints and p.grundy is not None:
                    line.append(f"  g={p.grundy}", style="magenta")
                elif self.data.hints and p.grundy_missing:
                    line.append("  g=—", style="magenta")
            else:
                line.append(" " * (label_w + 1) + ("" if p.shown else counters))
            lines.append(line)
        return lines
