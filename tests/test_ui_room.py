"""No screen leaves half the terminal empty at 140×45 (issue 31): the panels grow with the
terminal — the menu's list and preview down to its key bar, a game's moves and chart, the
lesson table in large cells, the proof opened by itself — in titled, framed panes.

What is measured is the screen as drawn (the compositor's lines), in blocks of 10 columns by
5 rows: a block is *inked* when some character in it is not blank, and *used* when it is
inked or lies inside a framed pane (a widget with a border all round: its inside belongs to
it however little it holds yet). Used blocks must cover well over half of the terminal, and
inked blocks half of it at least."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.widget import Widget
from ui_helpers import played_out_and_reviewed, settle

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.start import StartRequest

SIZE = (140, 45)
BLOCK = (10, 5)
USED = 0.7  # of the blocks, inked or inside a pane: well over half
INKED = 0.5  # of the blocks, inked

Steps = Callable[[Any], Awaitable[None]]


def screen_lines(app: SquareGameApp) -> list[str]:
    strips = app.screen._compositor.render_strips()
    return ["".join(segment.text for segment in strip) for strip in strips]


def framed(widget: Widget) -> bool:
    """A pane: a border drawn on all four sides."""
    edges = widget.styles.border
    return all(kind not in ("", "none", "hidden", "blank") for kind, _ in edges)


def shown_screens(app: SquareGameApp) -> list[Any]:
    """The screen on top and, under a dialog, the screens seen through it."""
    shown = []
    for screen in reversed(app.screen_stack):
        shown.append(screen)
        if not screen.is_modal:
            break
    return shown


def blocks(app: SquareGameApp) -> tuple[float, float]:
    """(used, inked): the share of the screen's blocks in use, and with ink in them."""
    width, height = app.size
    lines = [line.ljust(width) for line in screen_lines(app)]
    inside: set[tuple[int, int]] = set()
    for screen in shown_screens(app):
        for widget in screen.query("*"):
            if widget.display and widget.region and framed(widget):
                r = widget.region
                for y in range(r.y, r.bottom):
                    for x in range(r.x, r.right):
                        inside.add((x // BLOCK[0], y // BLOCK[1]))
    total = inked = used = 0
    for by in range(0, height, BLOCK[1]):
        for bx in range(0, width, BLOCK[0]):
            total += 1
            rows = range(by, min(height, by + BLOCK[1]))
            ink = any(lines[y][bx : bx + BLOCK[0]].strip() for y in rows)
            inked += ink
            used += ink or (bx // BLOCK[0], by // BLOCK[1]) in inside
    return used / total, inked / total


async def nothing(pilot: Any) -> None:
    await settle(pilot)


def keys(*pressed: str) -> Steps:
    async def run(pilot: Any) -> None:
        await settle(pilot)
        await pilot.press(*pressed)
        await settle(pilot)

    return run


async def _reviewed(pilot: Any) -> None:
    await played_out_and_reviewed(pilot)


async def _lesson_list(pilot: Any) -> None:
    await settle(pilot)
    pilot.app.action_lessons()
    await settle(pilot)


async def _new_game(pilot: Any) -> None:
    await settle(pilot)
    pilot.app.new_game("pile")
    await settle(pilot)


CASES: dict[str, tuple[dict[str, Any], Steps]] = {
    "menu": ({}, nothing),
    "squares": ({"request": StartRequest(start=75, hints=True, seed=1)}, nothing),
    "lesson-table": ({"lesson": "hot-cold"}, keys("n", "c", "h", "c", "h", "c", "h")),
    "wythoff": ({"request": StartRequest(game="wythoff", start=(7, 9), seed=1)}, nothing),
    "sum": ({"request": StartRequest(game="sum", start=(5, 7, 10), seed=1)}, nothing),
    "kayles": ({"request": StartRequest(game="kayles", start=(10,), seed=1)}, nothing),
    "review": ({"request": StartRequest(start=22, seed=1)}, _reviewed),
    "why": ({"request": StartRequest(start=22, seed=1)}, keys("w")),
    "lessons": ({}, _lesson_list),
    "lesson-text": ({"lesson": "why-22"}, nothing),
    "new-game": ({}, _new_game),
    "settings": ({}, keys(*["down"] * (len(GAMES.families) + 1), "enter")),
    "help": ({}, keys("question_mark")),
}
DEFAULT = ("menu", "squares", "lesson-table")  # the rest with the slow tests


@pytest.mark.parametrize(
    "case",
    [c if c in DEFAULT else pytest.param(c, marks=pytest.mark.slow) for c in CASES],
)
async def test_the_screen_uses_the_terminal(case: str) -> None:
    options, steps = CASES[case]
    app = SquareGameApp(GAMES, ai_delay=0, **options)
    async with app.run_test(size=SIZE) as pilot:
        await steps(pilot)
        used, inked = blocks(app)
        picture = "\n".join(line.rstrip() for line in screen_lines(app))
        assert used >= USED, f"{case}: {used:.0%} of the screen used\n{picture}"
        assert inked >= INKED, f"{case}: {inked:.0%} of the screen inked\n{picture}"


async def test_the_lesson_table_has_large_cells_at_140x45_and_small_at_80x24() -> None:
    """The table-filling lesson's numbers in framed cells at 140×45, each mark under its
    number; at 80×24 the compact table, four columns a number."""
    from squaregame.ui.widgets.lesson_panels import FillPanel

    for size, framed_cells in (((140, 45), True), ((80, 24), False)):
        app = SquareGameApp(GAMES, ai_delay=0, lesson="hot-cold")
        async with app.run_test(size=size) as pilot:
            await keys("n")(pilot)
            rows = str(app.screen.query_one(FillPanel).render()).splitlines()
            assert ("╭" in rows[0]) is framed_cells, rows
            numbers = next(row for row in rows if "│" in row or "0" in row)
            assert "0" in numbers and "1" in numbers, rows
            if framed_cells:
                assert len(rows) >= 3 * 5, rows  # three rows of cells, five lines each
