"""The value history: after each move, who was winning and how far from the end.

One bar per position reached (0: the start, then after each move), labelled with its move
number underneath. Above the axis: the side the chart speaks for was winning; below:
losing (:class:`~squaregame.play.review.ChartView`: the person in a solo game; in a shared
one the side it names, for the whole game, said in the legend and the caption). Bar
height is the remoteness (moves to the end with perfect play) on the signed scale at the
left (+ winning, − losing); where only bounds are proven (beyond the exact budget) the bar
stands at the lower bound, drawn faintly, and the legend says so. A blunder (``!``) or a
slow win (``~``) is marked on the tip of the bar it led to. The legend says all this in
words. With hints off the game screen keeps the values back until the game is over
(:func:`~squaregame.play.view.shown_chart`): the chart then says so instead.

← → (or a click) choose a bar; Enter or a click posts :class:`ValueChart.Jump`, and the
game screen goes back there to explore a what-if. The drawing is pure
(:func:`layout_chart`, :func:`render_chart`), so tests read it without a terminal.
"""

from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import var
from textual.widget import Widget

from squaregame.play.review import MINUS, ChartPoint, ChartView
from squaregame.text import tr

BLOCKS = " ▁▂▃▄▅▆▇█"
MARK_STYLE = {"!": "bold reverse red", "~": "bold reverse yellow"}


@dataclass(frozen=True)
class ChartLayout:
    """Where the bars go: the points ``first``..``first + count - 1`` shown, each ``cell``
    columns wide, after a scale ``axis`` columns wide; ``half`` rows above and below."""

    first: int
    count: int
    cell: int
    axis: int
    half: int
    top: int  # the remoteness at the top of the scale

    def index_at(self, x: int) -> int | None:
        """The point under column ``x`` (None: the scale, or past the last bar)."""
        if x < self.axis:
            return None
        k = (x - self.axis) // self.cell
        return self.first + k if k < self.count else None


def _legend(side: str, first: bool, width: int) -> list[str]:
    """The legend in words, wrapped to ``width``: whose side the chart speaks for."""
    if side:
        says = tr(f"ui_widgets.chart.legend_{'first' if first else 'second'}", name=side)
    else:
        says = tr("ui_widgets.chart.legend_you")
    lines: list[str] = []
    for line in (says, tr("ui_widgets.chart.legend_marks")):
        lines += textwrap.wrap(line, max(10, width)) or [""]
    return lines


def layout_chart(
    points: tuple[ChartPoint, ...],
    width: int,
    height: int,
    selected: int | None = None,
    reserved: int = 0,
) -> ChartLayout:
    """Where the bars go in a ``width`` × ``height`` box, ``reserved`` rows of it taken by
    other lines (the legend); the axis, the move numbers and the caption (three) take five."""
    top = max((p.remoteness for p in points), default=1) or 1
    return _layout(len(points), top, width, height, selected, reserved)


def _layout(
    n: int, top: int, width: int, height: int, selected: int | None, reserved: int
) -> ChartLayout:
    axis = len(short_number(top)) + 3  # "+12 ┤", "−12 ┤", "+1.2·10¹² ┤"
    room = max(1, width - axis)
    cell = 3 if n * 3 <= room else 2 if n * 2 <= room else 1
    count = min(n, room // cell)
    first = n - count  # the latest moves
    if selected is not None and selected < first:  # keep the chosen bar in view
        first = selected
    half = max(1, (height - reserved - 5) // 2)
    return ChartLayout(first, count, cell, axis, half, top)


SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def short_number(n: int) -> str:
    """``n`` for the axis: as written up to six digits, else two figures and a power of ten
    (1236067977499 → "1.2·10¹²", rounded down), so a far-out queen's labels stay narrow."""
    digits = str(n)
    if len(digits) <= 6:
        return digits
    power = str(len(digits) - 1).translate(SUPERSCRIPT)
    return f"{digits[0]}.{digits[1]}·10{power}"


def _fill(rem: int, top: int, rows: int) -> float:
    return max(rows * rem / top, 0.3)  # at least a sliver, so the side shows


def chart_geometry(
    points: tuple[ChartPoint, ...],
    width: int,
    height: int,
    selected: int | None = None,
    side: str = "",
    first: bool = True,
) -> tuple[list[str], bool, ChartLayout]:
    """The legend's lines (none where the bars need the room), whether a "bounds only" line
    is shown, and where the bars go: what is drawn and what a click hits agree."""
    legend = _legend(side, first, width)
    bounded = not all(p.exact for p in points)
    if height - len(legend) - bounded - 5 < 4:  # too little room: the short legend
        legend = textwrap.wrap(tr("ui_widgets.chart.legend_short"), max(10, width))
        if height - len(legend) - bounded - 5 < 2:  # and none at all: the bars first
            legend = []
    return legend, bounded, layout_chart(points, width, height, selected, len(legend) + bounded)


def render_chart(
    points: tuple[ChartPoint, ...],
    width: int = 36,
    height: int = 12,
    selected: int | None = None,
    side: str = "",
    first: bool = True,
) -> Text:
    """The chart as text for a ``width`` × ``height`` box (see the module's docstring);
    ``side``, ``first``: the side it speaks for (:class:`ChartView`; "": the person)."""
    legend, bounded, lay = chart_geometry(points, width, height, selected, side, first)
    if not points:
        return Text("\n".join(legend), style="dim")
    text = Text()
    shown = points[lay.first : lay.first + lay.count]
    label_w = lay.axis - 2
    bar_w = max(1, lay.cell - 1)
    for row in range(lay.half, 0, -1):  # the upper half, top row first
        label = f"+{short_number(lay.top)}" if row == lay.half else ""
        text.append(f"{label:>{label_w}} " + ("┤" if label else "│"), style="dim")
        for i, p in enumerate(shown, lay.first):
            text.append_text(_cell(p, i == selected, row, lay, bar_w, up=True))
        text.append("\n")
    text.append(f"{'0':>{label_w}} ┼", style="dim")
    for i, _p in enumerate(shown, lay.first):
        here = i == selected
        text.append(("◆" if here else "─") * bar_w, style="bold" if here else "dim")
        text.append("─" * (lay.cell - bar_w), style="dim")
    text.append("\n")
    for row in range(1, lay.half + 1):  # the lower half, hanging from the axis
        label = f"{MINUS}{short_number(lay.top)}" if row == lay.half else ""
        text.append(f"{label:>{label_w}} " + ("┤" if label else "│"), style="dim")
        for i, p in enumerate(shown, lay.first):
            text.append_text(_cell(p, i == selected, row, lay, bar_w, up=False))
        text.append("\n")
    text.append(_numbers(lay) + "\n", style="dim")
    if selected is not None and 0 <= selected < len(points):
        p = points[selected]
        key = "caption_win" if p.you_win else "caption_lose"
        where = (
            tr("ui_widgets.chart.at_start")
            if selected == 0
            else tr("ui_widgets.chart.after_move", move=selected)
        )
        if side:
            where = tr("ui_widgets.chart.where_for", where=where, name=side)
        caption = tr(f"ui_widgets.chart.{key}", where=where, count=p.remoteness)
        lines = textwrap.wrap(caption, max(10, width))
        if len(lines) > 3:
            rest = textwrap.shorten(" ".join(lines[2:]), max(10, width), placeholder="…")
            lines = [*lines[:2], rest]
        text.append("\n".join(lines), style="bold")
    text.append("\n")
    if bounded:
        text.append(tr("ui_widgets.chart.bounded") + "\n", style="dim")
    text.append("\n".join(legend), style="dim")
    return text


def hidden_layout(count: int, width: int, height: int, selected: int | None) -> ChartLayout:
    """Where the marks of ``count`` positions whose values are kept back go (one row)."""
    return _layout(count, 1, width, height, selected, 0)


def render_hidden(count: int, width: int, height: int, selected: int | None = None) -> Text:
    """The chart with its values kept back (hints off, the game not over): a line with a
    mark per position reached and their move numbers, to choose one and go back there as
    on the bars, and in words when the values appear. Nothing about any value."""
    lay = hidden_layout(count, width, height, selected)
    text = Text(" " * lay.axis, style="dim")
    for i in range(lay.first, lay.first + lay.count):
        here = i == selected
        text.append("◆" if here else "·", style="bold" if here else "dim")
        text.append(" " * (lay.cell - 1))
    text.append("\n" + _numbers(lay) + "\n", style="dim")
    room = max(10, width)
    caption: list[str] = []
    if selected is not None and 0 <= selected < count:
        where = (
            tr("ui_widgets.chart.at_start")
            if selected == 0
            else tr("ui_widgets.chart.after_move", move=selected)
        )
        caption = textwrap.wrap(tr("ui_game.values.go_back", where=where), room)
        text.append("\n".join(caption) + "\n", style="bold")
    said = textwrap.wrap(tr("ui_game.values.hidden"), room)
    if 2 + len(caption) + len(said) > height:  # a low pane: the short words
        said = textwrap.wrap(tr("ui_game.values.hidden_short"), room)
    text.append("\n".join(said), style="dim")
    return text


def _cell(p: ChartPoint, here: bool, row: int, lay: ChartLayout, bar_w: int, up: bool) -> Text:
    gap = " " * (lay.cell - bar_w)
    if p.you_win != up:
        return Text(" " * bar_w + gap)
    fill = _fill(p.remoteness, lay.top, lay.half)
    tip = min(lay.half, max(1, math.ceil(fill - 1e-9)))  # the row holding the bar's end
    part = fill - (row - 1)
    colour = ("green" if up else "red") + ("" if p.exact else " dim")
    style = f"{colour} bold" if here else colour
    if row == tip and p.mark:
        return Text(p.mark * bar_w, style=MARK_STYLE.get(p.mark, "bold reverse")) + Text(gap)
    if part <= 0:
        return Text(" " * bar_w + gap)
    if part >= 1:
        ch = "█"
    elif up:
        ch = BLOCKS[max(1, round(part * 8))]
    else:
        ch = "▀"
    return Text(ch * bar_w, style=style) + Text(gap)


def _numbers(lay: ChartLayout) -> str:
    """Move numbers under the bars, as many as fit without touching."""
    last = lay.first + lay.count - 1
    need = len(str(last)) + 1
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000) if s * lay.cell >= need)
    line = [" "] * (lay.axis + lay.count * lay.cell + need)
    for i in range(lay.first, last + 1):
        if i % step == 0:
            x = lay.axis + (i - lay.first) * lay.cell
            for k, ch in enumerate(str(i)):
                line[x + k] = ch
    return "".join(line).rstrip()


class ValueChart(Widget, can_focus=True):
    """The value history, drawn for the box it has; a bar can be chosen and gone back to."""

    BINDINGS = [
        Binding("left", "select(-1)", "ui_widgets.chart.keys.choose", key_display="←→"),
        Binding("right", "select(1)", "ui_widgets.chart.keys.choose", show=False),
        Binding("home", "select_end(0)", "ui_widgets.chart.keys.choose", show=False),
        Binding("end", "select_end(1)", "ui_widgets.chart.keys.choose", show=False),
    ]

    @dataclass
    class Jump(Message):
        """Go back to the position after ``moves`` moves (0: the start)."""

        moves: int

    selected: var[int | None] = var(None)

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.view = ChartView(())

    @property
    def points(self) -> tuple[ChartPoint, ...]:
        return self.view.points

    @property
    def count(self) -> int:
        """How many positions can be chosen (their values shown or kept back)."""
        return self.view.count

    def show(self, view: ChartView) -> None:
        self.view = view
        if self.selected is not None and self.selected >= view.count:
            self.selected = None
        self.refresh()

    def render(self) -> Text:
        v = self.view
        chosen = self.selected if self.has_focus else None
        if v.hidden:  # hints off, the game not over: the positions, no values
            return render_hidden(
                v.hidden, self.content_size.width, self.content_size.height, chosen
            )
        return render_chart(
            v.points, self.content_size.width, self.content_size.height,
            chosen, v.side, v.first,
        )  # fmt: skip

    def watch_selected(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        if self.selected is None and self.count:
            self.selected = self.count - 1
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_select(self, step: int) -> None:
        if not self.count:
            return
        at = self.count - 1 if self.selected is None else self.selected
        self.selected = max(0, min(self.count - 1, at + step))

    def action_select_end(self, end: int) -> None:
        if self.count:
            self.selected = (self.count - 1) * end

    def jump(self) -> None:
        """Go back to the chosen bar (Enter, sent here by the game screen)."""
        if self.selected is not None:
            self.post_message(self.Jump(self.selected))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not self.count:
            return
        size = self.content_size
        v = self.view
        if v.hidden:
            lay = hidden_layout(v.hidden, size.width, size.height, self.selected)
        else:
            _, _, lay = chart_geometry(
                v.points, size.width, size.height, self.selected, v.side, v.first
            )
        index = lay.index_at(offset.x)
        if index is None:
            return
        self.focus()
        self.selected = index
        self.post_message(self.Jump(index))
