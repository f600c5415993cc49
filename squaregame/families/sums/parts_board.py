"""A sum's parts, each drawn by its own family: one row a part — ▶ and its number, its rule
(or its kind of game), the family's picture of its position (counters, a small board with
the queen, rows of pins …: :class:`~squaregame.ui.widgets.part_view.PartView`), and its
position in words with, under hints, its Grundy value.

Renders an immutable :class:`PartsData`; a row is redrawn only when its own data changed
(a key that moves the choice within one part redraws that part alone). The chosen part is
marked ▶ and its chosen move is drawn on its picture before Enter, never by colour alone.
A click on a part's number or rule chooses the part (:class:`PartsBoard.Chosen`); a click
on its picture that picks a move posts :class:`PartsBoard.Picked`.

On the projector (``big``) the rows are spaced, the pictures as large as the room allows:
the parts share its rows, none taking more than its picture would use.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.css.scalar import Scalar
from textual.message import Message
from textual.widgets import Static

from squaregame.families.sums.board_data import PartLine, PartsData
from squaregame.ui.scene import Scene
from squaregame.ui.widgets.part_view import PartView
from squaregame.ui.wrap import wrap_text

LABEL_MOST = 18  # columns of a part's rule at most (a longer one wraps by words)
BIG_GAP = 1  # blank rows between two parts on the projector
ROOMY_ROWS = 24  # … where the board has this many rows or more, whatever it costs


class PartRow(Horizontal):
    DEFAULT_CSS = """
    PartRow {
        height: auto;
    }
    PartRow > .part-label {
        height: auto;
        padding: 0 1 0 0;
    }
    PartRow > .part-words {
        height: auto;
        text-align: right;
    }
    PartRow.-stacked {
        layout: vertical;
    }
    PartRow.-stacked > .part-label {
        width: 100%;
    }
    PartRow.-stacked > .part-words {
        display: none;
    }
    PartRow.-stacked > PartView {
        margin: 0 0 0 4;
    }
    """

    def __init__(self, index: int, view: PartView) -> None:
        super().__init__(id=f"part-{index}-row")
        self.index = index
        self.label = Static(id=f"part-{index}-label", classes="part-label", markup=False)
        self.view = view
        view.id = f"part-{index}"
        self.words = Static(id=f"part-{index}-words", classes="part-words", markup=False)
        self.drawn_label: Any = None  # what each of the three last drew
        self.drawn_words: Any = None
        self.drawn_scene: Scene | None = None
        self.label_lines = 1  # the rows its rule takes, wrapped

    def compose(self) -> ComposeResult:
        yield self.label
        yield self.view
        yield self.words

    def on_click(self, event: events.Click) -> None:
        if event.widget in (self.label, self.words, self):
            self.post_message(PartsBoard.Chosen(self.index))


class PartsBoard(VerticalScroll, can_focus=True, inherit_bindings=False):
    """The parts of a sum, one row each (:class:`PartRow`), made once for the game's parts:
    ``views`` are the families' view classes, one for each part, in order. It takes no keys
    of its own (the screen's arrows choose a part and a move); it scrolls to the chosen part.

    Where a part's rule and words leave its picture too little room beside them (a narrow
    terminal, a long name), its row is *stacked*: the rule and words on a line, the picture
    under them."""

    DEFAULT_CSS = """
    PartsBoard {
        height: auto;
        padding: 1 0 0 0;
        scrollbar-size-vertical: 1;
    }
    PartsBoard.-big {
        height: 1fr;
        max-height: 100%;
        padding: 0 1 0 0;
        scrollbar-size-vertical: 0;
    }
    PartsBoard.-big PartRow {
        margin: 0 0 1 0;
    }
    PartsBoard.-big.-tight PartRow {
        margin: 0;
    }
    """

    @dataclass
    class Chosen(Message):
        part: int  # 0-based

    @dataclass
    class Picked(Message):
        part: int  # 0-based
        target: Any  # the part's own position the move leads to
        play: bool = True  # False: only chosen (shown before Enter)

    def __init__(
        self, views: tuple[type[PartView], ...], *, big: bool = False, id: str | None = None
    ) -> None:
        super().__init__(id=id, classes="-big" if big else "")
        self.big = big
        self.rows = [PartRow(i, view()) for i, view in enumerate(views)]
        self.data: PartsData | None = None

    def compose(self) -> ComposeResult:
        yield from self.rows

    # -- drawing ---------------------------------------------------------------------------
    def show(self, data: PartsData) -> None:
        self.data = data
        self._draw()

    def on_resize(self) -> None:
        self._draw()  # rows stacked or not, the projector's room shared again

    def _draw(self) -> None:
        data = self.data
        if data is None:
            return
        words = [
            self._words(p, data.hints, not row.view.words_inside)
            for p, row in zip(data.parts, self.rows, strict=True)
        ]
        words_w = max((w.cell_len for w in words), default=0)
        stacked = self._stacked(data, words_w)
        label_w = self._label_width(data, stacked)
        width = self._width()
        labels = [  # each rule (and, stacked, its words) wrapped to its room
            self._wrapped(line, data, said if stack else None, width if stack else label_w - 1)
            for line, said, stack in zip(data.parts, words, stacked, strict=True)
        ]
        above = sum(len(lines) for lines, stack in zip(labels, stacked, strict=True) if stack)
        if self.big:
            rooms = self._rooms(data, label_w, words_w, stacked, above)
        else:  # on the game screen each picture fits the rows in sight (the rest scrolls)
            seen = self._rows_in_sight()
            rooms = [
                max(3, seen - (len(lines) if stack else 0))
                for lines, stack in zip(labels, stacked, strict=True)
            ]
        for row, line, said, stack, room, lines in zip(
            self.rows, data.parts, words, stacked, rooms, labels, strict=True
        ):
            scene = replace(line.scene, rows=room) if room else line.scene
            row.set_class(stack, "-stacked")
            if row.drawn_label != (lines, label_w, stack):  # each drawn when it changed
                row.drawn_label = (lines, label_w, stack)
                row.label.styles.width = "100%" if stack else label_w
                row.label.update(Text("\n").join(lines))  # wrapped under its own words
                row.label_lines = len(lines)
            shown = Text() if stack else said
            if row.drawn_words != (shown, words_w):
                row.drawn_words = (shown, words_w)
                row.words.styles.width = words_w + 1 if words_w and not stack else 0
                row.words.update(shown)
            if row.drawn_scene != scene:
                row.drawn_scene = scene
                row.view.show(scene)
        if 0 <= data.selected < len(self.rows) and not self.big:
            self.call_after_refresh(self._keep_in_sight, data.selected)
        if self.big and self.region:
            self._centre(label_w, words_w, rooms)

    def _rows_in_sight(self) -> int:
        """The rows the board shows at once (its greatest height, where one is set)."""
        most = self.styles.max_height
        if most is not None and most.is_cells:
            return max(3, int(most.value) - self.styles.padding.height)
        return max(3, self.app.size.height // 2)

    def _width(self) -> int:
        """The columns a row has (before the board is laid out: a guess from the screen)."""
        width = (self.region.width - 1 if self.big else self.size.width) if self.region else 0
        return width or self.app.size.width // 2

    def _wrapped(
        self, line: PartLine, data: PartsData, said: Text | None, room: int
    ) -> tuple[Text, ...]:
        """A part's number and rule (and, where it is given, its words after them) in lines
        of ``room`` columns, each after the first under the rule's first word."""
        text = self._label(line, line.number - 1 == data.selected)
        if said is not None:
            text.append_text(said)
        return tuple(wrap_text(text, max(4, room), indent=len(str(len(data.parts))) + 3))

    def _centre(self, label_w: int, words_w: int, rooms: list[int]) -> None:
        """On the projector: every picture as wide as the widest would be (so the words
        stand in one column right after them), the block centred both ways."""
        room = self.region.width - 1  # (the right padding)
        free = room - label_w - words_w - 1
        data = self.data
        if data is None or free < 4:
            return
        scenes = [replace(p.scene, rows=r) for p, r in zip(data.parts, rooms, strict=True)]
        widest = max(
            (row.view.wanted_width(s, free) for row, s in zip(self.rows, scenes, strict=True)),
            default=free,
        )
        for row in self.rows:
            if row.view.styles.width != Scalar.from_number(widest):
                row.view.styles.width = widest
        left = max(0, (room - (label_w + widest + words_w + 1)) // 2)
        gaps = 0 if self.has_class("-tight") else BIG_GAP * (len(self.rows) - 1)
        used = gaps + sum(
            row.label_lines + row.view.wanted(s, widest, r)
            if row.has_class("-stacked")
            else max(row.view.wanted(s, widest, r), row.label_lines)
            for row, s, r in zip(self.rows, scenes, rooms, strict=True)
        )
        top = max(0, (self.region.height - used) // 2)
        if (self.styles.padding.left, self.styles.padding.top) != (left, top):
            self.styles.padding = (top, 1, 0, left)

    def _stacked(self, data: PartsData, words_w: int) -> list[bool]:
        """Which rows put their picture under their rule: those whose rule and words would
        leave it fewer columns beside them than it needs (:meth:`PartView.least_width`)."""
        width = self._width()
        number = len(str(len(data.parts)))
        beside = [2 + number + 1 + min(cell_len(p.label), LABEL_MOST) + 1 for p in data.parts]
        return [  # (the words' column is a column wider than its words)
            room + words_w + 1 + row.view.least_width(p.scene) > width
            for room, p, row in zip(beside, data.parts, self.rows, strict=True)
        ]

    def _keep_in_sight(self, index: int) -> None:
        if index < len(self.rows) and self.rows[index].is_mounted:
            self.scroll_to_widget(self.rows[index], animate=False)

    @staticmethod
    def _label_width(data: PartsData, stacked: list[bool]) -> int:
        beside = [p for p, stack in zip(data.parts, stacked, strict=True) if not stack]
        longest = max((cell_len(p.label) for p in beside), default=0)
        number = len(str(len(data.parts)))
        return 2 + number + 1 + min(longest, LABEL_MOST) + 1

    @staticmethod
    def _label(line: PartLine, chosen: bool) -> Text:
        text = Text()
        text.append("▶ " if chosen else "  ", style="bold")
        text.append(f"{line.number} ", style="bold" if chosen else "")
        text.append(line.label, style="bold" if chosen else "dim")
        return text

    @staticmethod
    def _words(line: PartLine, hints: bool, position: bool = True) -> Text:
        """The part's position in words (unless its picture says it: ``position`` False)
        and, with hints, its Grundy value."""
        text = Text(no_wrap=True)
        if position:
            text.append(f" {line.words}", style="bold")
        if hints and line.grundy is not None:
            text.append(f" g={line.grundy}", style="magenta")
        elif hints and line.grundy_missing:
            text.append(" g=—", style="magenta")
        return text

    def _rooms(
        self, data: PartsData, label_w: int, words_w: int, stacked: list[bool], above: int
    ) -> list[int]:
        """On the projector, the rows each part's picture may take: the parts share the
        board's rows (less the ``above`` rows that rules put over their pictures), none
        taking more than it would use (:meth:`PartView.wanted`); a blank row between two
        parts, unless on a small screen that takes a row a part would use."""
        height = (self.size.height or self.app.size.height) - above
        beside = max(8, self._width() - label_w - words_w - 1)
        widths = [max(8, self._width() - 4) if stack else beside for stack in stacked]
        rows = list(zip(self.rows, data.parts, widths, strict=True))
        most = [row.view.wanted(line.scene, w, max(1, height)) for row, line, w in rows]
        least = [min(m, row.view.least_rows(line.scene, w)) for m, (row, line, w) in
                 zip(most, rows, strict=True)]  # fmt: skip
        spaced = _shared(most, least, height - BIG_GAP * (len(most) - 1))
        tight = spaced != most and height < ROOMY_ROWS  # a small screen: every row counts
        self.set_class(tight, "-tight")
        return _shared(most, least, height) if tight else spaced

    # -- input -----------------------------------------------------------------------------
    def on_part_view_picked(self, event: PartView.Picked) -> None:
        event.stop()
        for row in self.rows:
            if row.view is event.view:
                self.post_message(self.Picked(row.index, event.target, event.play))


def _shared(most: list[int], least: list[int], free: int) -> list[int]:
    """``free`` rows shared among pictures that would use ``most`` rows each and are whole in
    ``least``: each its least first (while the rows last), then what is left shared, the
    smallest needs met first and each of the others an equal share."""
    rooms = [min(lo, max(1, free // len(least))) if sum(least) > free else lo for lo in least]
    free -= sum(rooms)
    left = sorted(range(len(most)), key=lambda k: most[k] - rooms[k])
    for n, i in enumerate(left):
        share = max(0, free // (len(left) - n))
        more = max(0, min(most[i] - rooms[i], share))
        rooms[i] += more
        free -= more
    return [max(1, r) for r in rooms]
