"""The Footer of a game screen, on two rows when one is not enough.

A game has a dozen keys; at 80 columns, in Russian or Spanish, Textual's one-row Footer cut
the last ones off. This bar lays the screen's keys out in rows that fit its width (one row
when they fit), each key clickable. It draws itself in one piece from the screen's active
bindings (no child widgets mounted later), so what it shows is never half-drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from textual import events
from textual.content import Content
from textual.geometry import Size
from textual.markup import escape
from textual.widget import Widget


@dataclass(frozen=True)
class Item:
    key: str  # the key to simulate on a click
    display: str  # as shown ("⏎", "h", "esc")
    description: str
    enabled: bool

    @property
    def width(self) -> int:
        return cell_len(f"{self.display} {self.description}") + 1  # and a space after


def rows_of(items: list[Item], width: int) -> list[list[Item]]:
    """The items in rows no wider than ``width`` (an item wider than a row gets its own)."""
    rows: list[list[Item]] = [[]]
    used = 0
    for item in items:
        if rows[-1] and used + item.width > width:
            rows.append([])
            used = 0
        rows[-1].append(item)
        used += item.width
    return rows if rows[0] else []


class KeyBar(Widget):
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: auto;
        background: $footer-background;
        color: $footer-foreground;
    }
    """

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen: object) -> None:
        self.refresh(layout=True)

    def items(self) -> list[Item]:
        seen: set[str] = set()
        out: list[Item] = []
        for active in self.screen.active_bindings.values():
            binding = active.binding
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            display = self.app.get_key_display(binding)
            out.append(Item(binding.key, display, binding.description, active.enabled))
        return out

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(rows_of(self.items(), max(10, width))))

    def render(self) -> Content:
        lines = []
        for row in rows_of(self.items(), max(10, self.size.width)):
            parts = []
            for item in row:
                key = escape(item.display)
                text = escape(item.description)
                if item.enabled:
                    parts.append(f"[b $footer-key-foreground]{key}[/] {text} ")
                else:
                    parts.append(f"[dim]{key} {text}[/dim] ")
            lines.append("".join(parts))
        return Content.from_markup("\n".join(lines))

    def item_at(self, x: int, y: int) -> Item | None:
        rows = rows_of(self.items(), max(10, self.size.width))
        if not 0 <= y < len(rows):
            return None
        at = 0
        for item in rows[y]:
            if at <= x < at + item.width:
                return item
            at += item.width
        return None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        item = None if offset is None else self.item_at(offset.x, offset.y)
        if item is not None and item.enabled:
            event.stop()
            self.app.simulate_key(item.key)
