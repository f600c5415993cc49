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


@dataclass(frozen=True)
class PileRow:
    size: int
    rule: str
    grundy: int | None = None
    grundy_missing: bool = False  # not computed this far: shown as "—" (the side panel says why)


@dataclass(frozen=True)
class PilesData:
    piles: tuple[PileRow, ...]
    selected: int
    amount: int  # counters the chosen move takes from the selected pile (0: none)
    hints: bool


class PilesView(Widget, can_focus=True):
    """``big``: for the projector, each counter two columns wide and a row between piles."""

    DEFAULT_CSS = """
    PilesView {
        height: auto;
        max-height: 10;
        padding: 1 0 0 0;
    }
    """

    @dataclass
    class Clicked(Message):
        pile: int  # 0-based
        amount: int | None  # None: the row but not a counter was clicked

    def __init__(self, *, id: str | None = None, big: bool = False) -> None:
        super().__init__(id=id)
        self.data: PilesData | None = None
        self.cell, self.step = (2, 2) if big else (1, 1)  # columns a counter, rows a pile

    def show(self, data: PilesData) -> None:
        self.data = data
        self.refresh(layout=True)

    def _layout(self) -> tuple[int, int]:
        """(width of the text before the counters, room for counters)."""
        assert self.data is not None
        label = max(len(p.rule) for p in self.data.piles)
        prefix = 2 + 2 + min(label, 16) + 1
        suffix = 5 + (6 if self.data.hints else 0)
        return prefix, max(4, (self.size.width - prefix - suffix) // self.cell)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self.data.piles) * self.step - self.step + 1 if self.data else 1

    def render(self) -> Text:
        d = self.data
        if d is None:
            return Text("")
        prefix, room = self._layout()
        label_w = prefix - 5
        text = Text(no_wrap=True, overflow="crop")
        for i, p in enumerate(d.piles):
            chosen = i == d.selected
            take = d.amount if chosen else 0
            text.append("▶ " if chosen else "  ", style="bold")
            text.append(f"{i + 1} ", style="bold" if chosen else "")
            rule = p.rule if len(p.rule) <= label_w else p.rule[: label_w - 1] + "…"
            text.append(f"{rule:<{label_w}} ", style="dim")
            gap = " " * (self.cell - 1)
            if p.size <= room:
                text.append(f"●{gap}" * (p.size - take), style="cyan" if chosen else "")
                text.append(f"○{gap}" * take, style="bold yellow reverse")
                text.append(" " * (room - p.size) * self.cell)
            else:  # too many to draw: a bar with the size
                shown = room - 1
                kept = shown - min(shown, max(1, round(take * shown / p.size))) if take else shown
                text.append(f"●{gap}" * kept, style="cyan" if chosen else "")
                text.append(f"○{gap}" * (shown - kept), style="bold yellow reverse")
                text.append(f"…{gap}")
            text.append(f" {p.size:>4}", style="bold")
            if d.hints and p.grundy is not None:
                text.append(f" g={p.grundy:<3}", style="magenta")
            elif d.hints and p.grundy_missing:
                text.append(" g=—  ", style="magenta")
            text.append("\n" * (self.step if i < len(d.piles) - 1 else 1))
        return text

    def on_click(self, event: events.Click) -> None:
        d = self.data
        at = event.get_content_offset(self)  # None on the padding; relative to the rows
        if d is None or at is None or at.y % self.step or not 0 <= at.y // self.step < len(d.piles):
            return
        row = at.y // self.step
        pile = d.piles[row]
        prefix, room = self._layout()
        k = (at.x - prefix) // self.cell
        amount = pile.size - k if 0 <= k < pile.size and pile.size <= room else None
        self.post_message(self.Clicked(row, amount))
