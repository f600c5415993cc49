"""What counts as a large terminal: from 110 columns and 34 rows (a laptop's full screen;
140×45 is the size the layouts are checked at) the screens give their panes the room — the
menu its big title and preview, a game its taller moves and chart, a lesson its large table
cells. The app hands these to Textual as breakpoints (every screen gets ``-wide`` and
``-tall``), so the stylesheets and the widgets that size themselves agree."""

from __future__ import annotations

WIDE_COLUMNS = 110
TALL_ROWS = 34
# Below 80×24 (down to 60×20, the smallest size the layouts are checked at) a game screen
# makes its side panel narrower (-small) and its chart lower (-low): game.tcss. These are
# its breakpoints, the app's own with those two added.
SMALL_COLUMNS = 80
LOW_ROWS = 24
GAME_BREAKPOINTS = (
    [(0, "-small"), (SMALL_COLUMNS, "-narrow"), (WIDE_COLUMNS, "-wide")],
    [(0, "-low"), (LOW_ROWS, "-short"), (TALL_ROWS, "-tall")],
)


def roomy(width: int, height: int) -> bool:
    """A terminal large enough for the roomy layouts (``Screen.-wide.-tall`` in the CSS)."""
    return width >= WIDE_COLUMNS and height >= TALL_ROWS


def spaced(prompt: str, airy: bool) -> str:
    """An option list's entry with a blank row above and below it where ``airy`` (a large
    terminal with the rows for it): Textual's OptionList measures an entry's height by its
    text, not by the padding of its entries' style, so the blank rows are in the text."""
    return f"\n{prompt}\n" if airy else prompt
