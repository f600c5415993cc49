"""Piles of counters, one row each: the rule, the counters, the size (and Grundy value).

Renders an immutable :class:`PilesData`. The chosen pile is marked ▶ and the counters the
chosen move would take are drawn ○ (not ●), so the choice never relies on colour. A click
on a counter posts :class:`PilesView.Clicked` with the amount that takes it and every
counter after it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from squaregame.ui.room import roomy


@dataclass(frozen=True)
class PileRow:
    size: int
    rule: str
    grundy: int | None = None
    grundy_missing: bool = False  # not computed this far: shown as "—" (the side panel says why)
    shown: str = ""  # a part that is no pile (a queen, rows): its position in words, no counters


@dataclass(frozen=True)
class PilesData:
    piles: tuple[PileRow, ...]
    selected: int
    amount: int  # counters the chosen move takes from the selected pile (0: none)
    hints: bool


BIG = (3, 2)  # a large counter: columns (with the space after it) and rows


class PilesView(Widget, can_focus=True):
    DEFAULT_CSS = """
    PilesView {
        height: auto;
        max-height: 10;
        padding: 1 0 0 0;
    }
    Screen.-wide.-tall PilesView {
        max-height: 20;
    }
    """

    @dataclass
    class Clicked(Message):
        pile: int  # 0-based
        amount: int | None  # None: the row but not a counter was clicked

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.data: PilesData | None = None

    def show(self, data: PilesData) -> None:
        self.data = data
        self.refresh(layout=True)

    def _layout(self) -> tuple[int, int]:
        """(width of the text before the counters, room for counters)."""
        assert self.data is not None
        label = max(len(p.rule) for p in self.data.piles)
        prefix = 2 + 2 + min(label, 16) + 1
        suffix = 5 + (6 if self.data.hints else 0)
        return prefix, max(4, self.size.width - prefix - suffix)

    def _roomy(self) -> bool:
        return self.is_attached and roomy(*self.app.size)

    def _cell(self) -> tuple[int, int]:
        """(columns, rows) of a counter: on a large terminal, where every pile fits so, a
        block two columns wide and two rows high with a space after it; else one "●"."""
        d = self.data
        sizes = [p.size for p in d.piles if not p.shown] if d is not None else []
        fits = bool(sizes) and max(sizes) * BIG[0] <= self._layout()[1]
        return BIG if fits and self._roomy() else (1, 1)

    def _spacing(self) -> int:
        """Rows from one pile to the next: a blank row between them on a large terminal."""
        return self._cell()[1] + (1 if self._roomy() else 0)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        if not self.data:
            return 1
        return len(self.data.piles) * self._spacing() - self._spacing() + self._cell()[1]

    def render(self) -> Text:
        d = self.data
        if d is None:
            return Text("")
        prefix, room = self._layout()
        label_w = prefix - 5
        width, rows = self._cell()
        text = Text(no_wrap=True, overflow="crop")
        for i, p in enumerate(d.piles):
            if i:
                text.append("\n" * (self._spacing() - rows))
            chosen = i == d.selected
            take = d.amount if chosen else 0
            text.append("▶ " if chosen else "  ", style="bold")
            text.append(f"{i + 1} ", style="bold" if chosen else "")
            rule = p.rule if len(p.rule) <= label_w else p.rule[: label_w - 1] + "…"
            text.append(f"{rule:<{label_w}} ", style="dim")
            if p.shown:  # a part that is no pile: its position in words
                said = p.shown if len(p.shown) <= room else p.shown[: room - 1] + "…"
                text.append(f"{said:<{room}}", style="cyan" if chosen else "")
            elif width > 1:  # large counters (where every pile fits so): ░ the move takes them
                counters = Text()
                counters.append("██ " * (p.size - take), style="cyan" if chosen else "")
                counters.append("░░ " * take, style="bold yellow")  # (a shape, not a colour)
                counters.append(" " * (room - p.size * width))
                text.append_text(counters)
            elif p.size <= room:
                text.append("●" * (p.size - take), style="cyan" if chosen else "")
                text.append("○" * take, style="bold yellow reverse")
                text.append(" " * (room - p.size))
            else:  # too many to draw: a bar with the size
                shown = room - 1
                kept = shown - min(shown, max(1, round(take * shown / p.size))) if take else shown
                text.append("●" * kept, style="cyan" if chosen else "")
                text.append("○" * (shown - kept), style="bold yellow reverse")
                text.append("…")
            text.append(f" {'' if p.shown else p.size:>4}", style="bold")
            if d.hints and p.grundy is not None:
                text.append(f" g={p.grundy:<3}", style="magenta")
            elif d.hints and p.grundy_missing:
                text.append(" g=—  ", style="magenta")
            text.append("\n")
            for _ in range(rows - 1):  # the counters' lower rows
                text.append(" " * prefix)
                text.append_text(counters)
                text.append("\n")
        return text

    def on_click(self, event: events.Click) -> None:
        d = self.data
        at = event.get_content_offset(self)  # None on the padding; relative to the rows
        if d is None or at is None:
            return
        width, rows = self._cell()
        row, within = divmod(at.y, self._spacing())  # (a blank row between piles: nothing)
        if within >= rows or not 0 <= row < len(d.piles):
            return
        pile = d.piles[row]
        prefix, room = self._layout()
        k = (at.x - prefix) // width if at.x >= prefix else -1
        fits = pile.size * width <= room and not pile.shown
        amount = pile.size - k if 0 <= k < pile.size and fits else None
        self.post_message(self.Clicked(row, amount))
