"""Rows of pins fit every screen (issue 41): a row too long for one line goes on over the next
lines with its ✓ marks, never cut with "…"; on the projector the pins are as large as the
screen allows, the rows filling it."""

from __future__ import annotations

import pytest
from ui_helpers import newest, settle

from squaregame.families import GAMES
from squaregame.families.octal.rows import RowsView
from squaregame.families.octal.screen import RowsScreen
from squaregame.ui.app import SquareGameApp
from squaregame.ui.start import StartRequest


def _octal(start: tuple[int, ...], **kw: object) -> SquareGameApp:
    code = GAMES.kinds.find("octal").read_rule("0.07")
    req = StartRequest(game="octal", start=start, rules=(code,), seed=1, **kw)  # type: ignore[arg-type]
    return SquareGameApp(GAMES, req, ai_delay=0)


def _pins(text: str) -> int:
    return sum(text.count(c) for c in ("●", "○", "▐█▌", "▐░▌"))


@pytest.mark.parametrize("size", [(60, 20), (80, 24)], ids=["60x20", "80x24"])
async def test_a_long_row_goes_on_over_lines_with_its_marks(size: tuple[int, int]) -> None:
    app = _octal((20,), hints=True)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        s = newest(app, RowsScreen)
        rows = s.query_one("#rows", RowsView)
        drawn = str(rows.render())
        assert "…" not in drawn and _pins(drawn) == 20  # every pin, none cut
        picture = rows.picture
        assert picture is not None and picture.wins  # the winning moves, with hints
        assert drawn.count("✓") == len(picture.wins)  # each of them marked
        assert all(line.rstrip() == line for line in drawn.splitlines())
        assert max(len(line) for line in drawn.splitlines()) <= rows.size.width


async def test_only_a_row_too_long_to_draw_is_a_bar() -> None:
    app = _octal((100_000,))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        drawn = str(newest(app, RowsScreen).query_one("#rows", RowsView).render())
        assert "…" in drawn and "100000" in drawn and len(drawn.splitlines()) == 1


@pytest.mark.parametrize("size", [(80, 24), (140, 45)], ids=["80x24", "140x45"])
async def test_the_kayles_projector_fills_the_screen(size: tuple[int, int]) -> None:
    req = StartRequest(game="kayles", start=(7, 4), seed=1, players="teams")
    app = SquareGameApp(GAMES, req, ai_delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        rows = app.screen.query_one("#projector-rows", RowsView)
        stage = app.screen.query_one("#projector-stage")
        shape = rows.shape()
        lines = [line for line in str(rows.render()).splitlines() if line.strip()]
        width = max(len(line.strip()) for line in lines)
        assert shape.height >= 2 and shape.width >= 3  # pins of several rows, not dots
        assert width >= stage.region.width // 2  # the longer row across most of the stage
        assert rows.region.height >= stage.region.height // 2  # the rows fill it downward
        assert rows.region.bottom <= stage.region.bottom  # and fit in it
