"""The hot and cold marks (a face and a sign, ☺H ☹C): told apart by shape in every language,
never read as the ✓ and ✗ of a winning or losing move, and two cells wide, as the strip,
the Wythoff board's squares, the lessons' tables and the review's values draw them."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from squaregame.text import set_language, tr

# What a reader could take for the ✗ of a losing move (or the ✓ of a winning one)
LOOKALIKES = set("XxХх×✗✘✕✖╳✓✔√Vv")


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_the_marks_are_two_cells_and_cannot_be_read_as_a_tick_or_a_cross(lang: str) -> None:
    set_language(lang)
    hot, cold = tr("ui_widgets.strip.hot"), tr("ui_widgets.strip.cold")
    assert hot[0] == "☺" and cold[0] == "☹"
    assert cell_len(hot) == cell_len(cold) == 2
    assert hot[1] != cold[1]  # the sign tells them apart without colour, not the face alone
    assert not {hot[1], cold[1]} & LOOKALIKES, (hot, cold)


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_the_worksheets_write_the_screens_cold_mark(lang: str) -> None:
    """On paper too: the Russian worksheets wrote ☹ Х, a cross to a reader, after the screen
    had moved to ☹❄."""
    from squaregame.text.catalog import load_catalog

    set_language(lang)
    sign = tr("ui_widgets.strip.cold")[1]
    written = {k: v for k, v in load_catalog(lang).items() if k.startswith("worksheet.")}
    with_cold = [str(v) for v in written.values() if "☹" in str(v)]
    assert with_cold and all(f"☹ {sign}" in v for v in with_cold), [
        v for v in with_cold if f"☹ {sign}" not in v
    ]
