"""Wythoff aiming that a person can predict: the cursor walks only over squares the queen
can reach (← → along the row, ↓ ↑ down and up the column, crossing to the diagonal where the
row or column has no more); the issue's sequences work. The board's squares grow on large
terminals, the last x label is whole, and the heatmap keeps its ✓/☹ marks on a remoteness
gradient with a legend."""

from __future__ import annotations

from typing import Any

import pytest
from build import wythoff_game
from hypothesis import given, settings
from hypothesis import strategies as st
from ui_helpers import settle

from squaregame.families import GAMES
from squaregame.families.wythoff.board import WythoffBoard
from squaregame.families.wythoff.heat import shade
from squaregame.families.wythoff.screen import AXES, WythoffScreen, next_cell
from squaregame.ui.app import SquareGameApp
from squaregame.ui.start import StartRequest


def _targets(q: tuple[int, int]) -> frozenset[tuple[int, int]]:
    return frozenset(wythoff_game().children(q))


def test_the_issues_sequences() -> None:
    q = (7, 9)
    cells = _targets(q) | {q}
    c = q
    for _ in range(4):
        c = next_cell(c, "left", cells)
    assert c == (3, 9)
    assert next_cell(c, "down", cells) == (3, 5)  # ↓ works: down that column, the diagonal
    right = next_cell(c, "right", cells)
    assert right == (4, 9) and next_cell(right, "left", cells) == c  # → then ← returns
    assert next_cell(q, "down", cells) == (7, 8)
    assert next_cell(q, "right", cells) == q and next_cell(q, "up", cells) == q  # nowhere


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 30), st.integers(1, 30), st.lists(st.sampled_from(list(AXES)), max_size=40))
def test_the_cursor_rests_only_on_legal_targets(x: int, y: int, keys: list[str]) -> None:
    q = (x, y)
    cells = _targets(q) | {q}
    c = q
    for key in keys:
        nxt = next_cell(c, key, cells)
        assert nxt in cells
        dx, dy = AXES[key]
        assert nxt == c or (nxt[0] - c[0]) * dx + (nxt[1] - c[1]) * dy > 0  # always that way
        c = nxt


async def test_keys_aim_in_the_app_and_enter_plays_there() -> None:
    app = SquareGameApp(GAMES, StartRequest(game="wythoff", start=(7, 9), seed=1), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, WythoffScreen)
        await pilot.press("left", "left", "left", "left", "down")
        assert screen.cursor == (3, 5)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.session.plies[0].after == (3, 5)


@pytest.mark.parametrize(("size", "cell"), [((80, 24), (2, 1)), ((160, 50), (4, 2))])
async def test_squares_grow_on_a_large_terminal(size: tuple[int, int], cell: Any) -> None:
    app = SquareGameApp(GAMES, StartRequest(game="wythoff", start=(7, 9), seed=1), ai_delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        board = app.screen.query_one(WythoffBoard)
        assert board.cell_size() >= cell


async def test_the_last_x_label_is_whole() -> None:
    app = SquareGameApp(GAMES, StartRequest(game="wythoff", start=(300, 297), seed=1), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.app.workers.wait_for_complete()
        await settle(pilot)
        board = app.screen.query_one(WythoffBoard)
        axis = str(board.render()).splitlines()[-1]
        assert "300" in axis.split(), axis


async def test_the_heatmap_keeps_the_marks_and_has_a_legend() -> None:
    req = StartRequest(game="wythoff", start=(7, 9), hints=True, seed=1)
    app = SquareGameApp(GAMES, req, ai_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("m")
        await pilot.pause()
        board = app.screen.query_one(WythoffBoard)
        text = board.render()
        plain = str(text)
        assert "✓" in plain and "☹" in plain  # kept on the heatmap
        assert "remoteness" in plain and "darker" in plain  # the legend, in words
        backgrounds = {str(span.style) for span in text.spans if " on #" in str(span.style)}
        assert len(backgrounds) >= 6  # a gradient, not two colours
    assert shade(True, 0, 10) != shade(True, 10, 10) != shade(False, 10, 10)
