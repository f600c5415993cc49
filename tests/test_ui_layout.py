"""The game screens use the terminal they have: the position in large digits scaled to the
terminal, a move list only as tall as its moves at 80×24 and a titled pane down to the
bottom on a large terminal (issue 31: no screen half empty), side panels that grow with the
width, and no panel row that wraps or is clipped at 80, 120 or 160 columns."""

from __future__ import annotations

import itertools

import pytest
from ui_helpers import settle

from squaregame.core.rules import SQUARES
from squaregame.families import GAMES
from squaregame.families.pile.strip import PositionStrip
from squaregame.families.sums.side import GrundyTable, NimSumPanel
from squaregame.ui.app import SquareGameApp
from squaregame.ui.room import roomy
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.start import StartRequest
from squaregame.ui.widgets.big_number import BigNumber, best_scale, big_lines, text_height
from squaregame.ui.widgets.move_list import MoveList

SIZES = [(80, 24), (120, 36), (160, 50)]


def _screen(app: SquareGameApp) -> GameScreen[object]:
    screen = app.screen
    assert isinstance(screen, GameScreen), type(screen).__name__
    return screen


def _lines(widget: object) -> list[str]:
    return str(widget.render()).splitlines()  # type: ignore[attr-defined]


def test_the_font_draws_every_digit_distinctly_at_every_scale() -> None:
    for scale in range(1, 5):
        drawings = {d: tuple(big_lines(d, scale)) for d in "0123456789"}
        assert len(set(drawings.values())) == 10  # no two digits look alike
        for lines in drawings.values():
            assert len(lines) == text_height(scale)
            assert len({len(line) for line in lines}) == 1
    assert best_scale("30", 12, 4) == 1 and best_scale("30", 200, 100) == 4
    assert best_scale("1 000 000 000 000", 40, 10) == 0  # too long: plain digits instead


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_position_is_drawn_large_and_the_moves_box_fits_its_moves(
    size: tuple[int, int],
) -> None:
    app = SquareGameApp(GAMES, StartRequest(start=30, seed=1), ai_delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = _screen(app)
        number = screen.query_one("#number", BigNumber)
        scale = number.scale()
        assert scale >= 1
        assert _lines(number) == big_lines("30", scale)
        assert number.size.height == text_height(scale)
        large = roomy(*size)  # a third of the height for the number there, a quarter else
        assert number.size.height <= size[1] // (3 if large else 4) + 1
        moves = screen.query_one(MoveList)
        assert moves.option_count == 5  # take 1, 4, 9, 16, 25
        if large:  # a pane down to the message line
            assert moves.region.bottom == screen.query_one("#message").region.y
        else:
            assert moves.size.height <= 5 + 2  # its moves and its border, no empty box
        side = screen.query_one("#side")
        assert side.outer_size.width >= 34


async def test_the_number_grows_with_the_terminal() -> None:
    scales = []
    for size in SIZES:
        app = SquareGameApp(GAMES, StartRequest(start=30, seed=1), ai_delay=0)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            scales.append(_screen(app).query_one("#number", BigNumber).scale())
    assert scales[0] < scales[1] < scales[2], scales


@pytest.mark.parametrize("size", [(80, 24), (140, 45)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_strip_keeps_its_faces_at_seven_digit_numbers(size: tuple[int, int]) -> None:
    """The issue: at 6–7 digit numbers the strip wrapped and lost its ☺/☹ row."""
    app = SquareGameApp(GAMES, StartRequest(start=1_234_567, hints=True, seed=1), ai_delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = _screen(app)
        if not getattr(screen, "strip", False):
            await pilot.press("s")
            await pilot.pause()
        strip = screen.query_one(PositionStrip)
        numbers, faces = _lines(strip)
        assert len(numbers.split()) == len(faces.split()) >= 3
        assert "1234567" in numbers.split()
        assert max(len(numbers), len(faces)) <= strip.content_region.width
        assert set(faces.split()) <= {"☺H", "☹C"}  # a face and a letter: no colour needed


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_sum_panels_never_wrap_a_row(size: tuple[int, int]) -> None:
    """The Grundy table wrapped its tenth value at 80 columns, the nim-sum's bits and the
    two-pile table at 140: each row now fits the panel it is in."""
    app = SquareGameApp(
        GAMES,
        StartRequest(game="sum", start=(15, 12), rules=(SQUARES, SQUARES), hints=True, seed=1),
        ai_delay=0,
    )
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = _screen(app)
        for view, widget_type in (("v", NimSumPanel), ("v", GrundyTable)):
            await pilot.press(view)
            await pilot.pause()
            widget = screen.query_one(widget_type)
            room = widget.content_region.width
            rows = str(widget.render()).splitlines()
            table = [r for r in rows if "  " in r.strip() or r.strip().startswith("─")]
            assert table, rows
            assert all(len(r) <= room for r in table), (room, table)
            if widget_type is GrundyTable:  # every row of values complete: 0, 10, 20 or 0, 5, 10
                starts = [int(r.split(":")[0]) for r in rows if r[:5].strip().endswith(":")]
                step = starts[1] - starts[0]
                assert step in (5, 10)
                assert all(b - a == step for a, b in itertools.pairwise(starts))


async def test_side_panels_grow_with_the_width() -> None:
    widths = []
    for size in ((80, 24), (160, 50)):
        app = SquareGameApp(GAMES, StartRequest(start=30, seed=1), ai_delay=0)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            widths.append(_screen(app).query_one("#side").outer_size.width)
    assert widths[1] >= widths[0] + 20, widths


async def test_a_seven_digit_number_is_still_large_at_80_columns() -> None:
    """ "1 234 567" is too wide for scale 1 at 80 columns; "1234567" is not."""
    app = SquareGameApp(GAMES, StartRequest(start=1_234_567, seed=1), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        number = _screen(app).query_one("#number", BigNumber)
        assert number.fitted() == ("1234567", 1)
        assert _lines(number) == big_lines("1234567", 1)


@pytest.mark.parametrize(  # (ru and es with the slow tests)
    "lang", ["en", *(pytest.param(lang, marks=pytest.mark.slow) for lang in ("ru", "es"))]
)
@pytest.mark.parametrize("game", ["squares", "wythoff", "sum"])
async def test_every_key_of_the_footer_is_on_screen_at_80_columns(lang: str, game: str) -> None:
    """Textual's one-row Footer cut the last keys off at 80 columns (Russian, Spanish);
    the game screens' KeyBar wraps onto a second row instead, and a click on a key works."""
    from squaregame.ui.widgets.key_bar import KeyBar

    start: object = {"squares": 30, "wythoff": (7, 9), "sum": (5, 7, 10)}[game]
    app = SquareGameApp(GAMES, StartRequest(game=game, start=start, seed=1), ai_delay=0, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1" if game != "wythoff" else "left", "enter")  # undo now possible
        await settle(pilot)
        screen = _screen(app)
        bar = screen.query_one(KeyBar)
        lines = str(bar.render()).splitlines()
        assert all(len(line.rstrip()) <= 80 for line in lines), lines
        assert bar.size.height == len(lines) and bar.region.bottom == 24
        shown = " ".join(lines)
        for b in screen.active_bindings.values():
            if b.binding.show:
                assert b.binding.description in shown, (b.binding.description, lines)
        hint = next(
            i
            for i in bar.items()
            if i.description == screen.active_bindings["h"].binding.description
        )
        row = next(y for y, line in enumerate(lines) if hint.description in line)
        x = lines[row].index(hint.display + " " + hint.description)
        before = screen.hints
        await pilot.click(KeyBar, offset=(x, row))
        await pilot.pause()
        assert screen.hints != before  # the click pressed h
