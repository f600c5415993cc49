"""The value history: after each move, who was winning and how far from the end.

One column per position reached. Bars above the axis (▲): the person was winning; below
(▼): losing. Bar height is the remoteness (moves left with perfect play); where only bounds
are proven (beyond the exact budget) the bar stands at the lower bound, drawn faintly, and
the legend says so. Marks under the axis: ``!`` a blunder led here, ``~`` a slow win.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from squaregame.play.review import ChartPoint
from squaregame.text import tr

BLOCKS = " ▁▂▃▄▅▆▇█"


class ValueChart(Static):
    def show(self, points: tuple[ChartPoint, ...], width: int = 36) -> None:
        self.update(render_chart(points, width))


def _height(rem: int, top: int, rows: int) -> float:
    # bar height = moves left with perfect play (at least a sliver, so the side shows)
    return max(rows * rem / max(top, 1), 0.2)


def render_chart(points: tuple[ChartPoint, ...], width: int = 36, rows: int = 2) -> Text:
    pts = points[-width:]
    text = Text()
    text.append(tr("ui_widgets.chart.legend") + "\n", style="dim")
    if not pts:
        return text
    if not all(p.exact for p in pts):
        text.append(tr("ui_widgets.chart.bounded") + "\n", style="dim")
    top = max(p.remoteness for p in pts)
    for r in range(rows, 0, -1):  # upper half
        for p in pts:
            h = _height(p.remoteness, top, rows) if p.you_win else 0
            text.append(_cell(h, r), style="green" if p.exact else "dim green")
        text.append("\n")
    text.append("─" * len(pts) + "\n", style="dim")
    for r in range(1, rows + 1):  # lower half, drawn downward
        for p in pts:
            h = _height(p.remoteness, top, rows) if not p.you_win else 0
            text.append(_cell(h, r, down=True), style="red" if p.exact else "dim red")
        text.append("\n")
    text.append("".join(p.mark or " " for p in pts), style="bold yellow")
    return text


def _cell(h: float, row: int, down: bool = False) -> str:
    fill = h - (row - 1)
    if fill <= 0:
        return " "
    if fill >= 1:
        return "█"
    if down:
        return "▀"  # a partial bar hangs from the axis
    return BLOCKS[max(1, round(fill * 8))]
