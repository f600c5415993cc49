"""Rows of pins: each row numbered, its pins, its size (and, with hints, its Grundy value).
Renders an immutable :class:`RowsPicture`, on the game screen, as a part of a sum and on the
projector.

The pins are as large as the room allows (:data:`PANEL_PINS`; on the projector
:func:`big_pin`, several rows high, within the widget's height, the rows centred). A row
too long for one line at the smallest size goes on over the next lines (each line of pins
with its marks under it), so no pin and no mark is ever dropped; only a row of more than
:data:`DRAWN_MOST` pins is a bar of pins ending in ``…`` (its size beside it).

The chosen move is drawn on the pins: its row is marked ▶ and the pins it knocks down are
drawn hollow (``▐░▌`` or ``○``, not ``▐█▌`` or ``●``), a split without taking (Grundy's
game) as a cut ``│`` between two pins — never by colour alone. With hints on, each winning
move is marked under the pins it knocks down: a ✓ under one pin (a cut: under the pin after
it), a bracket ``└─✓─┘`` under several. A click on a pin posts :class:`RowsView.Clicked`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from squaregame.families.octal.aim import Aim


@dataclass(frozen=True)
class PinShape:
    """A pin ``width`` columns wide (``gap`` more after it) and ``height`` rows high."""

    width: int
    height: int
    gap: int

    @property
    def step(self) -> int:
        return self.width + self.gap

    def glyph(self, taken: bool, row: int = 0) -> str:
        """Row ``row`` of a pin (``width`` columns): a dot, a block ``▐█▌``, or on the
        projector a pin's outline — a rounded head, a neck, a body —, hollow when taken."""
        if self.width == 1:
            return "○" if taken else "●"
        ink = "░" if taken else "█"
        if self.width < 5 or self.height < 4:
            return "▐" + ink * (self.width - 2) + "▌"
        at = row / (self.height - 1)
        share = 0.55 if at < 0.34 else 0.35 if at < 0.5 else 1.0
        inked = max(1, round(self.width * share))
        inked -= (self.width - inked) % 2  # centred: as many blank columns on each side
        side = (self.width - inked) // 2
        top, bottom = row == 0, row == self.height - 1
        middle = ("▄" if top and not taken else "▀" if bottom and not taken else ink) * inked
        return " " * side + middle + " " * (self.width - inked - side)


SMALL = PinShape(1, 1, 1)
PANEL_PINS = (PinShape(3, 1, 1), SMALL)  # "▐█▌ ", then "● "
BIG_MOST = 15  # columns of a pin on the projector at most (a pin at most as many rows high)


def big_pin(room: int, rows: int, longest: int, count: int, marks: int) -> PinShape | None:
    """The projector's pin: as wide as the longest row allows in ``room`` columns (a gap
    of a quarter of a pin between two pins), as high as ``count`` rows of pins (each with
    its ``marks`` row, a blank row between them) allow in ``rows`` rows, never higher than
    wide; None where no pin three columns wide and two rows high fits."""
    step = room // max(1, longest)
    gap = max(1, step // 4)
    width = min(BIG_MOST, step - gap)
    height = min(width, (rows + 1) // max(1, count) - marks - 1)
    if width < 3 or height < 2:
        return None
    return PinShape(width, height, gap)


DRAWN_MOST = 600  # pins of one row drawn one by one (a longer row: a bar and its size)
PREFIX = 4  # "▶ " before a row's number, two spaces after it


@dataclass(frozen=True)
class RowsPicture:
    sizes: tuple[int, ...]
    labels: tuple[str, ...] | None  # each row's rule (games side by side), shown before it
    grundy: tuple[int, ...] | None  # shown with hints
    aim: Aim | None  # the chosen move
    wins: tuple[Aim, ...]  # the winning moves, as the pins each knocks down (hints on)
    hints: bool
    big: bool = False  # the projector's: as large as the widget's room allows
    centred: bool = False  # in the middle of the widget's width (the game's own projector)
    numbers: bool = True  # each row's number and size (a part of a sum: its holder says them)
    rows: int = 0  # big: at most this many rows (0: the widget's own height)


@dataclass(frozen=True)
class Line:
    """One line of pins: row ``row``'s pins ``first`` … ``first + count - 1`` (the row's
    first line carries its number; ``bar``: a row too long to draw, shown cut)."""

    row: int
    first: int
    count: int
    top: int  # its first screen row, from the widget's top
    bar: bool = False


class RowsView(Widget, can_focus=False):
    DEFAULT_CSS = """
    RowsView {
        height: auto;
        padding: 1 0 0 0;
    }
    """

    @dataclass
    class Clicked(Message):
        row: int  # 0-based
        pin: int | None  # 0-based; None: the row but not a pin

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.picture: RowsPicture | None = None

    def show(self, picture: RowsPicture) -> None:
        self.picture = picture
        self.refresh(layout=True)

    # -- geometry ----------------------------------------------------------------------------
    def _label_width(self) -> int:
        p = self.picture
        return max((len(x) for x in p.labels), default=0) if p and p.labels else 0

    def _prefix(self) -> int:
        """Columns before the first pin: the row's mark and number, and its rule's label."""
        width = self._label_width()
        head = PREFIX + self._number_width() if self.picture is None or self.picture.numbers else 2
        return head + (width + 1 if width else 0)

    def _number_width(self) -> int:
        """Columns of a row's number (rows split: there may be a hundred and more)."""
        return max(2, len(str(len(self.picture.sizes)))) if self.picture else 2

    def _suffix(self) -> int:
        """Columns after the pins: the size (and, with hints, the Grundy value)."""
        p = self.picture
        if p is None or not p.numbers:
            return 0
        size = len(str(max(p.sizes, default=0)))
        grundy = len(str(max(p.grundy, default=0))) + 4 if p.hints and p.grundy else 0
        return 2 + size + grundy

    def _room(self, width: int) -> int:
        return max(width - self._prefix() - self._suffix(), 4)

    def _marks(self) -> int:
        return 1 if self.picture is not None and self.picture.hints else 0

    def shape(self, width: int | None = None, height: int | None = None) -> PinShape:
        """The largest pin at which every row fits on one line (on the projector, and in the
        widget's height too); else the smallest, long rows going on over several lines."""
        p = self.picture
        if p is None:
            return SMALL
        room = self._room(self.size.width if width is None else width)
        longest = max(p.sizes, default=0)
        if p.big:
            rows = p.rows or (self.size.height if height is None else height) or 0
            shape = big_pin(room, rows, longest, len(p.sizes), self._marks())
            if shape is not None:
                return shape
        return next((s for s in PANEL_PINS if longest * s.step - s.gap <= room), SMALL)

    def lines(self, width: int | None = None, height: int | None = None) -> list[Line]:
        """Where each row's pins go: line by line, from the top."""
        p = self.picture
        if p is None:
            return []
        s = self.shape(width, height)
        per = max(1, (self._room(self.size.width if width is None else width) + s.gap) // s.step)
        out: list[Line] = []
        top = 0
        for i, n in enumerate(p.sizes):
            if n > DRAWN_MOST:
                out.append(Line(i, 0, per - 1, top, bar=True))
                top += s.height + self._marks()
            else:
                for first in range(0, max(n, 1), per):
                    out.append(Line(i, first, min(per, n - first), top))
                    top += s.height + self._marks()
            top += 1 if p.big else 0  # a blank row between two rows of pins, up there
        return out

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        height = getattr(container, "height", 0) or None
        return self._height(width, height)

    def _height(self, width: int, height: int | None) -> int:
        lines = self.lines(width, height)
        if not lines:
            return 1
        return lines[-1].top + self.shape(width, height).height + self._marks()

    def width_for(self, picture: RowsPicture, width: int) -> int:
        """The columns ``picture`` takes where it may take ``width`` (its rows' room)."""
        kept, self.picture = self.picture, picture
        try:
            pad = self.styles.padding.width
            s = self.shape(width + pad, picture.rows or None)
            per = max(1, (self._room(width + pad) + s.gap) // s.step)
            longest = min(max(picture.sizes, default=0), per)
            return min(width, self._prefix() + longest * s.step - s.gap + self._suffix())
        finally:
            self.picture = kept

    def height_for(self, picture: RowsPicture, width: int, most: int) -> int:
        """The rows ``picture`` takes ``width`` columns wide with at most ``most`` rows."""
        kept, self.picture = self.picture, picture
        try:
            return self._height(width + self.styles.padding.width, most)
        finally:
            self.picture = kept

    # -- drawing -----------------------------------------------------------------------------
    def render(self) -> Text:
        p = self.picture
        if p is None:
            return Text("")
        s = self.shape()
        lines = self.lines()
        body = [self._line(line, s) for line in lines]
        text = Text(no_wrap=True, overflow="crop")
        widest = max((row.cell_len for block in body for row in block), default=0)
        left = " " * max(0, (self.size.width - widest) // 2) if p.centred else ""
        at = 0
        for line, block in zip(lines, body, strict=True):
            text.append("\n" * (line.top - at))
            for row in block:
                text.append(left)
                text.append_text(row)
                text.append("\n")
            at = line.top + len(block)
        text.rstrip()
        return text

    def _line(self, line: Line, s: PinShape) -> list[Text]:
        """The screen rows of one line of pins: its pins ``s.height`` rows high (the row's
        number, label and size on the middle one), then its marks."""
        p = self.picture
        assert p is not None
        i = line.row
        aim = p.aim if p.aim is not None and p.aim.row == i else None
        cut = aim.first if aim is not None and aim.count == 0 else None
        marks = Text("".join(self._marks_of(line, s)), style="bold")
        first = line.first == 0
        rows: list[Text] = []
        for r in range(s.height):
            row = Text()
            middle = r == (s.height - 1) // 2
            if p.numbers:
                mark = "▶ " if aim and first and middle else "  "
                row.append(mark, style="bold")
                digits = self._number_width()
                number = f"{i + 1:>{digits}}" if first and middle else " " * digits
                row.append(f"{number}  ", style="bold" if aim else "")
            else:
                row.append("▶ " if aim and first and middle else "  ", style="bold")
            if p.labels is not None:
                label = p.labels[i] if i < len(p.labels) and first and middle else ""
                row.append(f"{label:<{self._label_width()}} ", style="dim")
            row.append_text(self._pins(line, s, aim, cut, r))
            last = line.bar or line.first + line.count >= p.sizes[i]
            if p.numbers and last and middle:
                row.append(f"  {p.sizes[i]}", style="bold")
                if p.hints and p.grundy is not None and i < len(p.grundy):
                    row.append(f"  g={p.grundy[i]}", style="magenta")
            rows.append(row)
        if p.hints:
            row = Text(" " * self._prefix())
            row.append_text(marks)
            row.rstrip()
            rows.append(row)
        return rows

    def _marks_of(self, line: Line, s: PinShape) -> list[str]:
        """The row under a line of pins: each winning move of its row marked under the pins
        it knocks down — a ✓ under one pin (a cut: under the pin after it), a bracket
        └─✓─┘ under several — where no mark drawn before covers them."""
        p = self.picture
        cells = [" "] * (line.count * s.step)
        if p is None or line.bar:
            return cells
        taken = [False] * len(cells)

        def centre(k: int) -> int:  # the column under pin k (of the row)
            return (k - line.first) * s.step + (s.width - 1) // 2

        last = line.first + line.count - 1
        for aim in p.wins:
            lo, hi = aim.first, aim.first + max(aim.count, 1) - 1
            if aim.row != line.row or hi < line.first or lo > last:
                continue
            starts, ends = lo >= line.first, hi <= last  # (a move may go on over two lines)
            a = centre(lo) if starts else 0
            b = centre(hi) if ends else len(cells) - 1
            if any(taken[a : b + 1]):
                continue
            for c in range(a, b + 1):
                cells[c] = "─"
                taken[c] = True
            if starts and b > a:
                cells[a] = "└"
            if ends and b > a:
                cells[b] = "┘"
            if starts:  # its ✓ once, on the line where it begins
                cells[(a + b) // 2] = "✓"
        return cells

    @staticmethod
    def _pins(line: Line, s: PinShape, aim: Aim | None, cut: int | None, r: int) -> Text:
        """Screen row ``r`` of a line's pins: those the chosen move knocks down hollow (and
        reversed), a split without taking as a cut │ between two pins."""
        pins = Text()
        for k in range(line.first, line.first + line.count):
            taken = aim is not None and aim.first <= k < aim.first + aim.count
            pins.append(s.glyph(taken, r), style="bold reverse" if taken else "")
            gap = s.gap
            if cut is not None and k + 1 == cut and gap:  # a split between this pin and the next
                pins.append("│", style="bold")
                gap -= 1
            pins.append(" " * gap)
        if line.bar:
            pins.append("…")
        pins.rstrip()
        return pins

    def pin_at(self, x: int, y: int) -> tuple[int, int | None] | None:
        """The (row, pin) under content offset (x, y): pin None on a row but not a pin."""
        p = self.picture
        if p is None:
            return None
        s = self.shape()
        for line in self.lines():
            if line.top <= y < line.top + s.height + self._marks():
                k = (x - self._prefix()) // s.step if x >= self._prefix() else -1
                inside = 0 <= k < line.count and not line.bar
                return line.row, line.first + k if inside else None
        return None

    def on_click(self, event: events.Click) -> None:
        at = event.get_content_offset(self)
        if at is None or self.picture is None or self.picture.centred:
            return
        found = self.pin_at(at.x, at.y)
        if found is not None:
            self.post_message(self.Clicked(*found))
