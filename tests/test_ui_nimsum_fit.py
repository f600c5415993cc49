"""The nim-sum worked out in a narrow side panel (60×20): its table narrows (no sizes, the
counts and the nim-sum under their labels) so no row wraps and every binary digit stays on
its row, in English, Russian and Spanish, for a sum of piles and for rows of pins."""

from __future__ import annotations

import pytest
from ui_helpers import settle

from squaregame.families import GAMES
from squaregame.families.sums.side import NimSumPanel
from squaregame.ui.app import SquareGameApp
from squaregame.ui.start import StartRequest
from squaregame.ui.widgets.fitted_lines import FittedLines

SMALL = (60, 20)


def _rows_fit(widget: NimSumPanel | FittedLines) -> None:
    width = widget.content_region.width
    drawn = str(widget.render()).splitlines()
    table = drawn[: drawn.index("")] if "" in drawn else drawn
    assert width and all(len(line) <= width for line in table), (width, table)
    digits = [line for line in table if line[:1].isdigit()]  # a row of a pile or a row of pins
    assert digits and all(line.rstrip()[-1] in "01" for line in digits)  # its bits beside it


@pytest.mark.parametrize("lang", ["en", "ru", pytest.param("es", marks=pytest.mark.slow)])
async def test_a_sums_nim_sum_narrows_in_a_narrow_panel(lang: str) -> None:
    req = StartRequest(game="sum", start=(5, 8, 10), seed=1, hints=True)
    app = SquareGameApp(GAMES, req, ai_delay=0, lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("v")
        await settle(pilot)
        _rows_fit(app.screen.query_one(NimSumPanel))


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_the_rows_nim_sum_narrows_in_a_narrow_panel(lang: str) -> None:
    req = StartRequest(game="kayles", start=(7, 4), seed=1, hints=True)
    app = SquareGameApp(GAMES, req, ai_delay=0, lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("v")
        await settle(pilot)
        _rows_fit(app.screen.query_one("#nimsum", FittedLines))
