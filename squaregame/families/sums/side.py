"""Side views for sums: the nim-sum worked out, and the Grundy table of each rule.

Both draw data read once per position (:mod:`squaregame.families.sums.panels`); neither
asks the game.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from squaregame.families.sums.panels import GrundyRule, NimSumData, PairTable
from squaregame.text import tr
from squaregame.ui.wrap import fitted


class NimSumPanel(Static):
    """The nim-sum worked out: its table narrowed where the panel is (no word cut, every
    binary digit in its column)."""

    shown: tuple[NimSumData, bool] | None = None

    def on_resize(self) -> None:
        if self.shown is not None:
            self.show(*self.shown)

    def show(self, data: NimSumData, hints: bool) -> None:
        self.shown = (data, hints)
        t = Text()
        t.append(tr("ui_widgets.sums.title") + "\n", style="bold")
        if not hints:
            t.append(tr("ui_widgets.sums.hints_off"), style="dim")
        elif data.misere:
            t.append(tr("ui_widgets.sums.misere") + "\n\n", style="dim")
            heading = (
                "ui_widgets.sums.all_lose"
                if not data.winning
                else "ui_widgets.sums.winning_one"
                if len(data.winning) == 1
                else "ui_widgets.sums.winning"
            )
            t.append(tr(heading) + "\n")
            for w in data.winning:
                t.append(f"• {w}\n")
        else:
            if data.lines is None and data.grundy_known_upto is not None:
                limit = f"{data.grundy_known_upto:,}".replace(",", "\u202f")  # a thin space
                t.append(tr("ui_widgets.sums.not_computed", limit=limit), style="dim")
            elif data.lines is None:
                t.append(tr("ui_widgets.sums.beyond"), style="dim")
            else:
                width = self.content_region.width
                t.append("\n".join(fitted(data.lines, data.narrow, width)))
        self.update(t)


def _sequence(rule: GrundyRule, per_row: int) -> Text:
    period = rule.period
    upto = len(rule.values) - 1
    t = Text()
    for base in range(0, upto + 1, per_row):
        t.append(f"{base:>4}:", style="dim")
        for n in range(base, min(base + per_row, upto + 1)):
            g = rule.values[n]
            starts_period = (
                period is not None and n >= period.start and (n - period.start) % period.length == 0
            )
            t.append("|" if starts_period else " ", style="bold yellow")
            t.append(f"{g if g is not None else '?':>2}", style="bold" if g == 0 else "")
        t.append("\n")
    return t


def values_per_row(width: int) -> int:
    """Ten values to a row (decimal rows: 0, 10, 20 …) where they fit, else five."""
    return 10 if width >= 5 + 3 * 10 else 5


class GrundyTable(Static):
    """Each rule's Grundy sequence with its period marked; for two piles, their sum's table.

    Drawn for the width it has (redrawn when that changes): rows of ten values where they
    fit, else five, and as many columns of the pair table as fit, so no row ever wraps."""

    _data: tuple[tuple[GrundyRule, ...], PairTable | None] | None = None

    def show(self, rules: tuple[GrundyRule, ...], pairs: PairTable | None) -> None:
        self._data = (rules, pairs)
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if self._data is None:
            return
        rules, pairs = self._data
        width = self.content_region.width or 33
        t = Text()
        for rule in rules:
            period = rule.period
            t.append(tr("ui_widgets.sums.rule", label=rule.label) + "\n", style="bold")
            t.append(_sequence(rule, values_per_row(width)))
            if period is not None:
                repeat = tr("ui_widgets.sums.period", count=period.length, start=period.start)
                t.append(repeat + "\n\n", style="dim")
            else:
                t.append("\n")
        if pairs is not None:
            t.append(self._pair_table(pairs, width))
        self.update(t)

    @staticmethod
    def _pair_table(pairs: PairTable, room: int) -> Text:
        t = Text()
        w, h = min(pairs.width, (room - 4) // 2 - 1), pairs.height
        title = (
            "ui_widgets.sums.pair_title_misere" if pairs.misere else "ui_widgets.sums.pair_title"
        )
        t.append(tr(title) + "\n", style="bold")
        for y in range(h, -1, -1):
            t.append(f"{y:>3} ", style="dim")
            for x in range(w + 1):
                cold = (x, y) in pairs.cold
                t.append("☹ " if cold else "· ", style="red" if cold else "dim")
            t.append("\n")
        t.append(
            "    " + "".join(f"{x:<2}" if x % 5 == 0 else "  " for x in range(w + 1)) + "\n",
            style="dim",
        )
        t.append("    " + tr("ui_widgets.sums.axes"), style="dim")
        return t
