"""A position in digits as big as the space allows, for a projector at the back of a room.

Each character is drawn from a 3×5 pixel font, a pixel being ``█`` two columns wide and one
row high (terminal cells are about twice as tall as wide), scaled by a whole number until
the text fills its box. Blocks, not colour: it reads the same on a monochrome projector
and under NO_COLOR. Text the font cannot draw, or that does not fit even at scale 1, is
shown as it is, in bold.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

FONT: dict[str, tuple[str, ...]] = {
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"),
    "3": ("###", "..#", ".##", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", "..#", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "###"),
    " ": ("..", "..", "..", "..", ".."),
    "(": (".#", "#.", "#.", "#.", ".#"),
    ")": ("#.", ".#", ".#", ".#", "#."),
    ",": ("..", "..", "..", ".#", "#."),
    "+": ("...", ".#.", "###", ".#.", "..."),
    "-": ("...", "...", "###", "...", "..."),
}
ROWS = 5  # pixel rows of a glyph
MAX_SCALE = 12


def drawable(text: str) -> bool:
    return bool(text) and all(c in FONT for c in text)


def pixel_width(text: str) -> int:
    """The text's width in pixels: its glyphs and one blank pixel between each two."""
    return sum(len(FONT[c][0]) for c in text) + len(text) - 1


def fit_scale(text: str, width: int, height: int) -> int:
    """The largest scale at which ``text`` fits ``width`` × ``height`` cells (0: none)."""
    if not drawable(text):
        return 0
    px = pixel_width(text)
    by_width = width // (2 * px) if px else 0
    return max(0, min(by_width, height // ROWS, MAX_SCALE))


def render_rows(text: str, scale: int) -> list[str]:
    """``text`` in the block font at ``scale`` (each pixel 2·scale columns, scale rows)."""
    on, off = "█" * (2 * scale), " " * (2 * scale)
    rows: list[str] = []
    for r in range(ROWS):
        line = off.join("".join(on if p == "#" else off for p in FONT[c][r]) for c in text)
        rows.extend([line.rstrip()] * scale)
    return rows


class BigText(Widget):
    """Draws :attr:`text` as large as its box allows (centred by its CSS)."""

    DEFAULT_CSS = "BigText { width: 1fr; height: 1fr; content-align: center middle; }"
    text: reactive[str] = reactive("", layout=False)

    def render(self) -> Text:
        width, height = self.content_size.width, self.content_size.height
        scale = fit_scale(self.text, width, height)
        if scale == 0:
            return Text(self.text, style="bold", justify="center")
        rows = render_rows(self.text, scale)
        block = max(len(r) for r in rows)  # every row as wide: the block is centred as one
        return Text("\n".join(r.ljust(block) for r in rows), justify="left", no_wrap=True)
