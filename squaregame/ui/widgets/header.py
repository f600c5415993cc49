"""The title bar: Textual's Header, its subtitle shortened rather than cut off.

A screen's subtitle is made of parts joined by `` · `` (a game's: who plays, then the
position), the one that matters most last. Where "title — subtitle" is wider than the bar
has room for, the first parts are left out, one at a time, then the whole subtitle: no
word ends in "…" at 60 columns."""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.content import Content
from textual.widgets import Header

SEPARATOR = " · "
SIDES = 8 + 10  # Textual's icon on the left and the clock's place on the right


def fitted_sub_title(title: str, sub_title: str, room: int) -> str:
    """``sub_title`` without its first parts until "title — sub_title" fits ``room``
    columns (0: any width fits); "" where not even its last part fits."""
    parts = sub_title.split(SEPARATOR) if sub_title else []
    while parts and room and cell_len(f"{title} — {SEPARATOR.join(parts)}") > room:
        parts.pop(0)
    return SEPARATOR.join(parts)


class FittedHeader(Header):
    """A Header whose subtitle is shortened to the bar's width (see the module)."""

    def format_title(self) -> Content:
        title = self.screen_title
        room = max(0, self.size.width - SIDES)
        return self.app.format_title(title, fitted_sub_title(title, self.screen_sub_title, room))

    def on_resize(self, event: events.Resize) -> None:
        for bar in self.query("HeaderTitle"):
            bar.update(self.format_title())  # type: ignore[attr-defined]
