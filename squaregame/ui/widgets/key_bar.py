"""The Footer of the game screens and the menu, on two rows when one is not enough.

A game has a dozen keys; at 80 columns, in Russian or Spanish, Textual's one-row Footer cut
the last ones off. This bar lays the screen's keys out in rows that fit its width (one row
when they fit), each key clickable. It draws itself in one piece from the screen's active
bindings (no child widgets mounted later), so what it shows is never half-drawn, and the
menu's first frame costs less than with Textual's Footer (which mounts a widget per key, then
mounts them again once the bindings are known). A key not available now is dimmed *and* in
parentheses, "(z Undo)": told by shape, under NO_COLOR and on a monochrome screen too.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from textual import events
from textual.binding import ActiveBinding
from textual.content import Content
from textual.geometry import Size
from textual.markup import escape
from textual.widget import Widget


class Item(NamedTuple):  # (not a dataclass: the menu draws one, and a NamedTuple is quicker made)
    key: str  # the key to simulate on a click
    display: str  # as shown ("⏎", "h", "esc")
    description: str
    enabled: bool

    @property
    def width(self) -> int:
        return cell_len(self.words) + 1  # and a space after

    @property
    def words(self) -> str:
        """The key and what it does, in parentheses when it is not available now."""
        words = f"{self.display} {self.description}"
        return words if self.enabled else f"({words})"


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
    """The keys of the screen's active bindings; with ``palette``, the command palette's key
    at the right of the last row, as Textual's Footer shows it."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: auto;
        background: $footer-background;
        color: $footer-foreground;
    }
    """

    def __init__(self, *, palette: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.palette = palette

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen: object) -> None:
        self.refresh(layout=True)

    def _item(self, active: ActiveBinding) -> Item:
        binding = active.binding
        display = self.app.get_key_display(binding)
        return Item(binding.key, display, binding.description, active.enabled)

    def items(self) -> list[Item]:
        seen: set[str] = set()
        out: list[Item] = []
        for active in self.screen.active_bindings.values():
            if not active.binding.show or active.binding.action in seen:
                continue
            seen.add(active.binding.action)
            out.append(self._item(active))
        return out

    def palette_item(self) -> Item | None:
        """The command palette's key, when this bar shows it and the app has the palette."""
        if not (self.palette and self.app.ENABLE_COMMAND_PALETTE):
            return None
        active = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        return None if active is None else self._item(active)

    def placed(self, width: int) -> list[list[tuple[int, Item]]]:
        """Each row's items with the column each starts at: the rows of :func:`rows_of`, and
        the palette's key at the right end of the last row (of a row of its own if the last
        has no room)."""
        out: list[list[tuple[int, Item]]] = []
        at = 0  # where the last row ends
        for row in rows_of(self.items(), width):
            at, placed = 0, []
            for item in row:
                placed.append((at, item))
                at += item.width
            out.append(placed)
        extra = self.palette_item()
        if extra is not None:
            if not out or at + extra.width > width:
                out.append([])
                at = 0
            out[-1].append((max(at, width - extra.width), extra))
        return out

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self.placed(max(10, width))))

    def render(self) -> Content:
        lines = []
        for row in self.placed(max(10, self.size.width)):
            parts, at = [], 0
            for x, item in row:
                parts.append(" " * (x - at))
                key = escape(item.display)
                text = escape(item.description)
                if item.enabled:
                    parts.append(f"[b $footer-key-foreground]{key}[/] {text} ")
                else:
                    parts.append(f"[dim]{escape(item.words)}[/dim] ")
                at = x + item.width
            lines.append("".join(parts))
        return Content.from_markup("\n".join(lines))

    def item_at(self, x: int, y: int) -> Item | None:
        rows = self.placed(max(10, self.size.width))
        if not 0 <= y < len(rows):
            return None
        for at, item in rows[y]:
            if at <= x < at + item.width:
                return item
        return None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        item = None if offset is None else self.item_at(offset.x, offset.y)
        if item is not None and item.enabled:
            event.stop()
            self.app.simulate_key(item.key)
