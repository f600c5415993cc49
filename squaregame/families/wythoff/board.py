"""The Wythoff board: coordinates on both axes, the corner (0,0) at the bottom left.

Renders an immutable :class:`BoardView`; the visible window pans to keep the cursor and
the queen in sight, so boards far larger than the terminal (e.g. from (300, 500)) work.
A click posts :class:`WythoffBoard.Clicked`; the screen decides whether it is a move.

The squares are shaded as a checker (the theme's colours: component classes, set in
``game.tcss``), with no gap between them. Marks, each a shape of its own *and* a colour
(never colour alone, so they read under NO_COLOR and on a grey projector): ♛ the queen,
● a square she can reach, ✓ a winning target (hints), ☹ with the language's mark for
"cold" (the strip's ``☹C``) any other cold square (hints), · an empty square; a legend
in words under the board says so. The heatmap keeps those marks and writes every other
square's remoteness as a character (0–9, then a–z, + beyond) on a background graded by
remoteness (cold squares in blues, hot in ambers, darker the longer), squares she can reach
underlined, with its own legend.

Cells grow with the terminal: 2×1 characters when the board must pan, up to 8×4 when the
whole board fits that large, so a small board fills the room it has (4×1 at 80×24, 6×3 at
140×45).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from squaregame.families.wythoff.board_axis import axis_line, is_far, label, label_width
from squaregame.families.wythoff.board_notes import heat_legend, note_rows, notes, winning
from squaregame.families.wythoff.heat import rem_char, shade, text_on
from squaregame.text import tr

Cell = tuple[int, int]
CELL_SIZES = ((8, 4), (6, 3), (4, 2), (4, 1), (3, 1), (2, 1))  # (columns, rows), largest first
BIG_SIZES = ((10, 5), *CELL_SIZES)  # on the projector
QUEEN, REACH, WIN, COLD, EMPTY = "♛", "●", "✓", "☹", "·"
PARTS = ("light", "dark", "dot", "queen", "reach", "cold", "win")  # component classes


def cold_mark(width: int) -> str:
    """A cold square's mark: ☹ and, where the square is wide enough, the language's mark
    for "cold" (as on the strip: ☹C, ☹❄, ☹F), so it is told by more than a small face."""
    return tr("ui_widgets.strip.cold") if width >= 3 else COLD


class _Row:
    """One line of segments, neighbours of the same style joined."""

    def __init__(self, indent: str, base: Style) -> None:
        self.parts: list[tuple[str, Style]] = [(indent, base)] if indent else []

    def add(self, text: str, style: Style) -> None:
        if self.parts and self.parts[-1][1] == style:
            self.parts[-1] = (self.parts[-1][0] + text, style)
        else:
            self.parts.append((text, style))

    def done(self) -> list[Segment]:
        return [Segment(text, style) for text, style in self.parts if text]


@dataclass(frozen=True)
class BoardView:
    size: int  # the board is 0..size in both directions
    queen: Cell
    cursor: Cell
    targets: frozenset[Cell]  # where the queen may move (empty when it is not your move)
    hints: bool = False
    heatmap: bool = False
    value: Callable[[int, int], tuple[bool, int]] | None = None  # (cold?, remoteness)
    # where the winning targets are given (the board is a part of a sum: a square's own
    # value does not say whether moving there wins), those alone are marked, with hints
    wins: frozenset[Cell] | None = None


class WythoffBoard(Widget, can_focus=True):
    COMPONENT_CLASSES = {f"board--{n}" for n in PARTS}
    DEFAULT_CSS = """
    WythoffBoard {
        height: 1fr;
        min-height: 6;
    }
    WythoffBoard > .board--light { background: $foreground 4%; }
    WythoffBoard > .board--dark { background: $foreground 12%; }
    WythoffBoard > .board--dot { color: $foreground 45%; }
    WythoffBoard > .board--queen { color: $warning; background: $warning 22%; text-style: bold; }
    WythoffBoard > .board--reach { color: $text-primary; text-style: bold; }
    WythoffBoard > .board--cold { color: $error; text-style: bold; }
    WythoffBoard > .board--win { color: $success; background: $success 22%; text-style: bold; }
    """

    @dataclass
    class Clicked(Message):
        cell: Cell

    def __init__(self, *, id: str | None = None, big: bool = False, legend: bool = True) -> None:
        """``big``: for the projector: larger squares, the queen's filled, centred;
        ``legend``: the marks in words under the board, where there is room."""
        super().__init__(id=id)
        self.view: BoardView | None = None
        self._origin: Cell = (0, 0)
        self.legend_shown = legend
        self.centred = big  # the projector's board in the middle of its room
        self.set_big(big)
        self._drawn: tuple[object, list[list[Segment]]] | None = None
        self._near: int | None = None  # far out on the heatmap: the queen's remoteness

    def set_big(self, big: bool) -> None:
        self.big = big
        self.sizes = BIG_SIZES if big else CELL_SIZES

    def show(self, view: BoardView) -> None:
        self.view = view
        self.refresh()

    # -- geometry ------------------------------------------------------------------------
    def _label_width(self) -> int:
        return label_width(self.view.size) if self.view else 1

    def _legend_rows(self) -> int:
        """The legend under the board: two lines on the heatmap, else one where there is room."""
        if self.view is None or not self.legend_shown:
            return 0
        if self.view.heatmap:
            return len(heat_legend(self.view.size, 0, self.size.width))
        lines = len(self._legend_lines())
        return lines if self.size.height - 1 >= self.view.size + 1 + lines else 0

    def _axis_rows(self) -> int:
        """The x axis under the board: left out where only that lets every row show."""
        if self.view is None:
            return 1
        v = self.view
        short = self.size.height - self._legend_rows() == v.size + 1  # one row of squares each
        far = note_rows(v.size, v.queen, self.size.width)  # (far out: notes)
        return (0 if short and not self.big else 1) + far

    def cell_size(self) -> tuple[int, int]:
        """The largest square size at which the whole board fits; else 2×1, panning."""
        if self.view is None:
            return self.sizes[-1]
        n = self.view.size + 1
        room_x = self.size.width - self._label_width() - 1
        room_y = self.size.height - self._axis_rows() - self._legend_rows()
        for cw, ch in self.sizes:
            if n * cw <= room_x and n * ch <= room_y:
                return cw, ch
        return self.sizes[-1]

    def _left(self) -> int:
        """Columns before the labels: the board centred on the projector, else none."""
        if not (self.big and self.centred) or self.view is None:
            return 0
        cw, _ = self.cell_size()
        cols = min(self._window()[0], self.view.size + 1)
        return max(0, (self.size.width - self._label_width() - 1 - cols * cw) // 2)

    def _window(self) -> tuple[int, int]:
        cw, ch = self.cell_size()
        cols = max(1, (self.size.width - self._label_width() - 1) // cw)
        rows = max(1, (self.size.height - self._axis_rows() - self._legend_rows()) // ch)
        return cols, rows

    def _pan(self) -> Cell:
        """Move the window as little as possible to show the cursor (and the queen if it fits);
        a queen outside it (after a move) goes to its top right: she only moves down and left."""
        assert self.view is not None
        cols, rows = self._window()
        ox, oy = self._origin
        size = self.view.size
        qx, qy = self.view.queen
        if not (ox <= qx < ox + cols and oy <= qy < oy + rows):
            ox, oy = qx - cols + 1, qy - rows + 1
        for cx, cy in (self.view.queen, self.view.cursor):
            if cx < ox:
                ox = cx
            elif cx >= ox + cols:
                ox = cx - cols + 1
            if cy < oy:
                oy = cy
            elif cy >= oy + rows:
                oy = cy - rows + 1
        ox = max(0, min(ox, max(0, size + 1 - cols)))
        oy = max(0, min(oy, max(0, size + 1 - rows)))
        self._origin = (ox, oy)
        return ox, oy

    def cell_at(self, x: int, y: int) -> Cell | None:
        """The board square under widget offset (x, y), if any."""
        if self.view is None:
            return None
        cols, rows = self._window()
        cw, ch = self.cell_size()
        ox, oy = self._origin
        lw = self._left() + self._label_width() + 1
        top = min(oy + rows - 1, self.view.size)  # the row drawn first
        if x < lw or y // ch > top - oy:
            return None
        col = (x - lw) // cw
        cell = (ox + col, top - y // ch)
        if col >= cols or not (0 <= cell[0] <= self.view.size and 0 <= cell[1] <= self.view.size):
            return None
        return cell

    # -- drawing -------------------------------------------------------------------------
    def render(self) -> Text:
        """The board as text (what :meth:`render_line` paints, line by line)."""
        text = Text(no_wrap=True, overflow="crop")
        for i, line in enumerate(self._lines()):
            if i:
                text.append("\n")
            for segment in line:
                text.append(segment.text, style=segment.style)
        return text

    def render_line(self, y: int) -> Strip:
        """One line of the board, from lines built once per view and size (the line API:
        a key that moves the queen repaints in a few milliseconds, not by re-parsing text)."""
        lines = self._lines()
        if y >= len(lines):
            return Strip.blank(self.size.width, self.rich_style)
        return Strip(lines[y]).crop_extend(0, self.size.width, self.rich_style)

    def _lines(self) -> list[list[Segment]]:
        key = (
            self.view,
            self.size,
            self.big,
            id(self.app.current_theme) if self.is_attached else 0,
        )
        if self._drawn is None or self._drawn[0] != key:
            self._drawn = (key, self._draw())
        return self._drawn[1]

    def _draw(self) -> list[list[Segment]]:
        v = self.view
        if v is None:
            return []
        cols, rows = self._window()
        cw, ch = self.cell_size()
        ox, oy = self._pan()
        lw = self._label_width()
        xs = range(ox, min(ox + cols, v.size + 1))
        ys = range(min(oy + rows - 1, v.size), oy - 1, -1)
        top = self._top(v, xs, ys) if v.heatmap else 0
        far_heat = v.heatmap and v.value is not None and is_far(v.size)
        self._near = v.value(*v.queen)[1] if far_heat and v.value else None
        base = self.rich_style
        dim = base + Style(dim=True)
        indent = " " * self._left()
        styles = self._styles()
        looks: dict[tuple[object, ...], Style] = {}  # each look's style, made once a draw
        lines: list[list[Segment]] = []
        for y in ys:
            for line in range(ch):
                middle = line == ch // 2
                row = _Row(indent, base)
                row.add(f"{label(y, v.size):>{lw}} " if middle else " " * (lw + 1), dim)
                for x in xs:  # each square its full width: no gaps, so no stripes
                    mark, style = self._square(v, x, y, top, cw, styles, looks)
                    body = mark if middle else ""
                    left = (cw - len(body)) // 2 if len(body) > 1 else (cw - 1) // 2
                    left = left if body else 0
                    row.add(" " * left + body + " " * (cw - left - len(body)), base + style)
                lines.append(row.done())
        if self._axis_rows():
            width = self.size.width - len(indent)
            axis = axis_line(width, xs, v.queen[0], ox, cw, lw, v.size)
            lines.append([Segment(indent + axis, dim)])
            wins = winning(v.targets, v.wins, v.value) if v.hints else []
            for note in notes(v.size, v.queen, wins, xs, ys, self.size.width):
                lines.append([Segment(indent + note, dim)])
        if v.heatmap:
            for words in heat_legend(v.size, top, self.size.width):
                lines.append([Segment(words, dim)])
        elif self._legend_rows():
            pad = indent + " " * (lw + 1)
            for words in self._legend_lines():  # (past a centred board's edge: centred too)
                fits = len(pad) + cell_len(words) <= self.size.width
                shown = pad + words if fits else words.center(self.size.width).rstrip()
                lines.append([Segment(shown, dim)])
        return lines

    @staticmethod
    def legend(hints: bool) -> list[str]:
        """The marks in words, under the board: each told by its shape, not its colour."""
        words = tr("ui_widgets.board.legend", queen=QUEEN, reach=REACH)
        if hints:
            words += " · " + tr("ui_widgets.board.legend_hints", win=WIN, cold=cold_mark(3))
        return words.split(" · ")

    def _legend_lines(self) -> list[str]:
        """The legend's parts, as many on a line as the board's width holds."""
        room = max(1, self.size.width - self._label_width() - 1)
        lines: list[str] = []
        for part in self.legend(self.view is not None and self.view.hints):
            if lines and len(lines[-1]) + 3 + len(part) <= room:
                lines[-1] += " · " + part
            else:
                lines.append(part)
        return lines

    def _styles(self) -> dict[str, Style]:
        """The board's styles, from its component classes (the theme's colours)."""
        return {n: self.get_component_rich_style(f"board--{n}") for n in PARTS}

    @staticmethod
    def _top(v: BoardView, xs: range, ys: range) -> int:
        """The largest remoteness in view: the heatmap's scale runs from 0 to it."""
        if v.value is None:
            return 1
        value = v.value
        return max((value(x, y)[1] for x in xs for y in ys), default=1)

    def _square(
        self,
        v: BoardView,
        x: int,
        y: int,
        top: int,
        cw: int,
        styles: dict[str, Style],
        looks: dict[tuple[object, ...], Style] | None = None,
    ) -> tuple[str, Style]:
        """A square's mark and style: its background (checker or heatmap shade) under it."""
        mark, part = self._cell(v, x, y, self._near)
        if part == "reach" and self.big:
            mark = "●"
        if mark == COLD:
            mark = cold_mark(cw)
        here = (x, y) == v.cursor and v.cursor != v.queen
        reverse = here or (self.big and part == "queen")
        if v.heatmap and v.value is not None and part not in ("queen",):
            back = shade(*v.value(x, y), top)
            look: tuple[object, ...] = (back, part != "empty", (x, y) in v.targets, reverse)
        else:
            look = (part, (x + y) % 2, reverse)
        known = None if looks is None else looks.get(look)
        if known is not None:
            return mark, known
        if v.heatmap and v.value is not None and part not in ("queen",):
            style = Style.parse(f"{text_on(back)} on {back}")
            if part != "empty":
                style += Style(bold=True)
            if (x, y) in v.targets:
                style += Style(underline=True)  # still reachable: underlined
        else:
            square = styles["dark" if (x + y) % 2 == 0 else "light"]
            ink = styles["dot" if part == "empty" else part]
            if part in ("queen", "win"):  # a square of their own colour
                style = ink
            else:  # the mark's colour on the checker
                style = square + Style(color=ink.color, bold=ink.bold)
        if reverse:
            style += Style(reverse=True)
        if looks is not None:
            looks[look] = style
        return mark, style

    @staticmethod
    def _cell(v: BoardView, x: int, y: int, near: int | None = None) -> tuple[str, str]:
        """A square's mark and which part it is (queen, win, cold, reach, num, empty);
        ``near``: far out, the queen's remoteness (the heatmap counts down from it)."""
        if (x, y) == v.queen:
            return QUEEN, "queen"
        if v.wins is not None:  # a part of a sum: the winning targets alone are marked
            if v.hints and (x, y) in v.wins:
                return WIN, "win"
            return (REACH, "reach") if (x, y) in v.targets else (EMPTY, "empty")
        cold, rem = v.value(x, y) if v.value and (v.hints or v.heatmap) else (False, 0)
        if v.heatmap and v.value is not None:
            if (x, y) in v.targets and cold:
                return WIN, "win"
            if cold:
                return COLD, "cold"
            return rem_char(rem, near), "num"
        if v.hints and (x, y) in v.targets and cold:
            return WIN, "win"
        if v.hints and cold:
            return COLD, "cold"
        if (x, y) in v.targets:
            return REACH, "reach"
        return EMPTY, "empty"

    # -- input ---------------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        at = event.get_content_offset(self)
        cell = None if at is None else self.cell_at(at.x, at.y)
        if cell is not None:
            self.post_message(self.Clicked(cell))
