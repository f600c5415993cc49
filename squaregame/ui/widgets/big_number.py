"""The position in large digits, as large as the terminal allows.

Each character is drawn from a 5×7 dot font with half blocks (two dots to a cell, so a
digit is 5 cells wide and 4 high at scale 1) and scaled by a whole factor: at 80×24 the
number is 4 rows high, on a projector-sized terminal 11 or 14. The scale is the largest
whose text fits the widget's width and a share of the screen's height; a number too long
for even scale 1 is shown in bold plain digits. The shapes, not colour, carry the number,
so it reads the same under NO_COLOR and on a monochrome projector.
"""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from squaregame.ui.room import roomy

# 5 columns × 7 rows of dots per character ('#' = ink); narrow characters have fewer columns.
_FONT: dict[str, tuple[str, ...]] = {
    "0": (" ### ", "#   #", "#  ##", "# # #", "##  #", "#   #", " ### "),
    "1": ("  #  ", " ##  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### "),
    "2": (" ### ", "#   #", "    #", "   # ", "  #  ", " #   ", "#####"),
    "3": ("#####", "   # ", "  #  ", "   # ", "    #", "#   #", " ### "),
    "4": ("   # ", "  ## ", " # # ", "#  # ", "#####", "   # ", "   # "),
    "5": ("#####", "#    ", "#### ", "    #", "    #", "#   #", " ### "),
    "6": ("  ## ", " #   ", "#    ", "#### ", "#   #", "#   #", " ### "),
    "7": ("#####", "    #", "   # ", "   # ", "  #  ", "  #  ", "  #  "),
    "8": (" ### ", "#   #", "#   #", " ### ", "#   #", "#   #", " ### "),
    "9": (" ### ", "#   #", "#   #", " ####", "    #", "   # ", " ##  "),
    " ": (" ", " ", " ", " ", " ", " ", " "),  # a thin space between digit groups
    ",": ("  ", "  ", "  ", "  ", "  ", " #", "# "),
    "(": ("  #", " # ", "#  ", "#  ", "#  ", " # ", "  #"),
    ")": ("#  ", " # ", "  #", "  #", "  #", " # ", "#  "),
    "+": ("   ", "   ", " # ", "###", " # ", "   ", "   "),
    "-": ("     ", "     ", "     ", "#####", "     ", "     ", "     "),
    # the letters of the menu's title ("squaregame"), lower case, on the same grid
    "s": ("     ", "     ", " ####", "#    ", " ### ", "    #", "#### "),
    "q": ("     ", "     ", " ####", "#   #", " ####", "    #", "    #"),
    "u": ("     ", "     ", "#   #", "#   #", "#   #", "#  ##", " ## #"),
    "a": ("     ", "     ", " ### ", "    #", " ####", "#   #", " ####"),
    "r": ("     ", "     ", "# ## ", "##  #", "#    ", "#    ", "#    "),
    "e": ("     ", "     ", " ### ", "#   #", "#####", "#    ", " ### "),
    "g": ("     ", "     ", " ####", "#   #", " ####", "    #", " ### "),
    "m": ("     ", "     ", "## # ", "# # #", "# # #", "# # #", "#   #"),
}
ROWS = 7
MAX_SCALE = 4
_HALF = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def can_draw(text: str) -> bool:
    return all(ch in _FONT for ch in text)


def text_width(text: str, scale: int) -> int:
    """Cells across: each character's dots, scaled, with one scaled dot between characters."""
    if not text:
        return 0
    dots = sum(len(_FONT[ch][0]) for ch in text) + len(text) - 1
    return dots * scale


def text_height(scale: int) -> int:
    return -(-ROWS * scale // 2)  # two rows of dots to a cell


def big_lines(text: str, scale: int) -> list[str]:
    """``text`` drawn at ``scale`` as lines of half blocks (every line the same width)."""
    dots: list[str] = []
    for row in range(ROWS):
        line = " ".join(_FONT[ch][row] for ch in text)
        scaled = "".join(c * scale for c in line)
        dots.extend([scaled] * scale)
    if len(dots) % 2:
        dots.append(" " * len(dots[0]))
    return [
        "".join(_HALF[(a == "#", b == "#")] for a, b in zip(top, bottom, strict=True))
        for top, bottom in zip(dots[::2], dots[1::2], strict=True)
    ]


def best_scale(text: str, width: int, height: int, top: int = MAX_SCALE) -> int:
    """The largest scale up to ``top`` (0: too big for any) whose drawing fits ``width`` ×
    ``height``."""
    if not can_draw(text):
        return 0
    for scale in range(top, 0, -1):
        if text_width(text, scale) <= width and text_height(scale) <= height:
            return scale
    return 0


class BigNumber(Widget):
    """Shows :attr:`text` (digits, spaces, commas, brackets) as large as fits.

    ``share`` is the part of the screen's height the number may take; ``tall_share`` (if
    given), the part on a large terminal (:mod:`squaregame.ui.room`), where the panels
    around it have the rows they need. ``optional``: where even scale 1 does not fit, show
    nothing (another widget shows the position too) rather than the plain digits.
    ``max_scale``: larger for the projector's whole screen."""

    DEFAULT_CSS = """
    BigNumber { height: auto; width: 1fr; }
    """

    def __init__(
        self,
        text: str = "",
        *,
        share: float = 0.25,
        tall_share: float | None = None,
        optional: bool = False,
        max_scale: int = MAX_SCALE,
        **kw: object,
    ) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self._text = text
        self.share = share
        self.tall_share = share if tall_share is None else tall_share
        self.optional = optional
        self.max_scale = max_scale

    @property
    def text(self) -> str:
        return self._text

    def update(self, text: str) -> None:
        if text != self._text:
            self._text = text
            self._content_height_cache = (None, 0)
            self.refresh(layout=True)

    def fitted(self, width: int | None = None) -> tuple[str, int]:
        """The text to draw and its scale (0: none fits): the digit groups' thin spaces are
        dropped before the digits are given up for plain text."""
        screen_width, screen_height = self.app.size if self.is_attached else (80, 24)
        share = self.tall_share if roomy(screen_width, screen_height) else self.share
        budget = max(text_height(1), int(screen_height * share))
        room = width if width is not None else self.size.width
        text = self._text
        scale = best_scale(text, room, budget, self.max_scale)
        if not scale and " " in text and text.replace(" ", "").isdigit():
            text = text.replace(" ", "")
            scale = best_scale(text, room, budget, self.max_scale)
        return (text, scale) if scale else (self._text, 0)

    def scale(self, width: int | None = None) -> int:
        return self.fitted(width)[1]

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return container.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        scale = self.scale(width)
        return text_height(scale) if scale else 0 if self.optional else 1

    def render(self) -> Text:
        text, scale = self.fitted()
        if not scale:
            if self.optional:
                return Text()
            return Text(self._text, style="bold", no_wrap=True, overflow="ellipsis")
        return Text("\n".join(big_lines(text, scale)), style="bold", no_wrap=True)
