"""Whose move, for the back of the room: a band across the screen in the side's colour, the
side's name in capitals and spaced out when there is room, its marker (■ or ●) on both
sides. Renders an immutable :class:`Banner`.

The name and the marker carry the turn; the colour only repeats them, so under NO_COLOR or
on a monochrome projector the band still reads ("■  T E A M   A   T O   M O V E  ■").
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.widget import Widget

# each colour --colors takes (play.sides.COLORS), as the band's background, dark enough
# for white capitals except yellow and cyan (black on those)
SIDE_COLORS = {
    "red": "#c62828",
    "blue": "#1565c0",
    "green": "#2e7d32",
    "yellow": "#f9d71c",
    "orange": "#e65100",
    "purple": "#6a1b9a",
    "cyan": "#4dd0e1",
    "magenta": "#ad1457",
}
DARK_INK = ("yellow", "cyan")


@dataclass(frozen=True)
class Banner:
    text: str  # "Reds to move", "Game over — winner: Blues"
    marker: str  # the side's shape: ■ or ●
    color: str  # a name of SIDE_COLORS


def spaced(text: str) -> str:
    """Capitals with a space between letters: larger to the eye, the same words."""
    return " ".join(text.upper())


def banner_style(color: str) -> str:
    back = SIDE_COLORS.get(color, SIDE_COLORS["red"])
    ink = "#000000" if color in DARK_INK else "#ffffff"
    return f"bold {ink} on {back}"


class TurnBanner(Widget):
    DEFAULT_CSS = """
    TurnBanner { height: 3; width: 100%; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.banner: Banner | None = None

    def show(self, banner: Banner) -> None:
        self.banner = banner
        self.refresh()

    def line(self, width: int) -> str:
        """The band's words: spaced capitals if they fit ``width``, else as they are."""
        b = self.banner
        if b is None:
            return ""
        for words in (spaced(b.text), b.text.upper(), b.text):
            shown = f"{b.marker}  {words}  {b.marker}"
            if len(shown) <= width - 2:
                return shown
        return f"{b.marker} {b.text}"

    def render(self) -> Text:
        b = self.banner
        if b is None:
            return Text("")
        width, height = self.size.width, max(1, self.size.height)
        style = banner_style(b.color)
        words = self.line(width)
        text = Text(no_wrap=True, overflow="ellipsis", style=style)
        for row in range(height):
            if row == height // 2:
                left = max(0, (width - len(words)) // 2)
                text.append(" " * left + words + " " * max(0, width - left - len(words)))
            else:
                text.append(" " * width)
            if row < height - 1:
                text.append("\n")
        return text
