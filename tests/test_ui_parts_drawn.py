"""Every part of a sum drawn by its own family (issue 41): the sums screen composes the
families' own pictures — counters, the queen's board, rows of pins — each labelled with its
rule, the chosen part and move shown before Enter; and the crashes of mixed sums whose parts
were drawn as piles."""

from __future__ import annotations

import pytest
from ui_helpers import newest, parts_rows, picture_text, settle, sum_app

from squaregame.families import GAMES
from squaregame.families.octal.part import PinsPart
from squaregame.families.pile.counters import CountersView
from squaregame.families.sums.parts_board import PartsBoard
from squaregame.families.sums.screen import SumsScreen
from squaregame.families.wythoff.part import BoardPart
from squaregame.ui.widgets.part_view import WordsView

README_SUM = "squares:10 wythoff:3,5 kayles:7"  # the README's own example
OWN_VIEW = {"pile": CountersView, "wythoff": BoardPart, "octal": PinsPart}  # each family's


app_for = sum_app


def counters(text: str) -> int:
    """Counters drawn on a pile's first line (whole or hollow, small or large)."""
    first = text.splitlines()[0]
    return sum(first.count(c) for c in ("●", "○")) + first.count("██") + first.count("░░")


SIZES = [(80, 24), (120, 36), (140, 45)]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36", "140x45"])
async def test_the_readme_sum_shows_the_board_the_pins_and_the_counters(
    size: tuple[int, int],
) -> None:
    app = app_for(README_SUM)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        s = newest(app, SumsScreen)
        rows = s.query_one(PartsBoard).rows
        views = [row.view for row in rows]
        assert [type(v) for v in views] == [CountersView, BoardPart, PinsPart]
        labels = [str(row.label.render()) for row in rows]
        assert "Squares" in labels[0] and "Wythoff" in labels[1] and "Kayles" in labels[2]
        assert counters(picture_text(views[0])) == 10
        board = picture_text(views[1])
        assert "♛" in board and "x" in board.splitlines()[-1]  # the queen, the board's axis
        assert "●●" not in board and "██" not in board  # no counters under the queen
        pins = picture_text(views[2]).splitlines()[0]
        assert pins.count("▐█▌") + pins.count("●") == 7 and "(3,5)" in parts_rows(s)[1]
        for view in views:  # each picture inside the board, none cut off at the side
            assert view.region.right <= s.query_one(PartsBoard).region.right


ONE_OF_EACH = ("squares", "wythoff", "kayles")  # a kind of each part family: the default run


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param(k.key, marks=[] if k.key in ONE_OF_EACH else [pytest.mark.slow])
        for k in GAMES.kinds
        if not k.traits.parts
    ],
)
async def test_every_kind_as_a_part_is_drawn_by_its_own_family(kind: str) -> None:
    example = GAMES.kinds.find(kind).position_param.example or "5"
    named = {"subtraction": "subtraction=1,3,7,8", "octal": "octal=0.07"}.get(kind, kind)
    part = f"{named}:{example.replace(' ', ',')}"
    app = app_for(f"nim:3 {part}")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        s = newest(app, SumsScreen)
        rule = s.game.rules[1]
        view = s.query_one(PartsBoard).rows[1].view
        family = GAMES.family_of(GAMES.kinds.kind_of_part(rule)).key
        assert type(view) is OWN_VIEW[family], (kind, family, type(view))
        assert type(s.query_one(PartsBoard).rows[0].view) is CountersView
        drawn = picture_text(view)
        assert drawn.strip(), part
        if not isinstance(view, (CountersView, WordsView)):
            assert "●●●" not in drawn  # no counters for a part that has none


@pytest.mark.parametrize("text", ["wythoff:3,5 squares:5", "kayles:7 nim:3"])
async def test_a_sum_whose_first_part_is_no_pile_opens(text: str) -> None:
    """Crashed on its first draw (an unbound name in the old piles' drawing)."""
    app = app_for(text)
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        s = newest(app, SumsScreen)
        assert len(s.query_one(PartsBoard).rows) == 2
        await pilot.press("right", "enter")
        await settle(pilot)
        assert s.session.plies  # a move was played in the first part


async def test_up_then_a_typed_move_chooses_among_the_parts_not_the_numbers() -> None:
    """Up from part 1 went to "part 5" of a three-part sum (the position has five numbers)
    and a typed move then crashed."""
    app = app_for(README_SUM)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        s = newest(app, SumsScreen)
        await pilot.press("up")
        assert s.pile == 2 and "▶ 3" in parts_rows(s)[2]
        await pilot.press("5", "enter")
        await settle(pilot)
        said = str(s.query_one("#message").render())
        assert s.session.plies or said  # played, or said why not: never a crash


async def test_the_chosen_move_is_drawn_in_its_part_before_enter() -> None:
    app = app_for(README_SUM, hints=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        s = newest(app, SumsScreen)
        await pilot.press("down", "down", "right")  # Kayles, its second move
        pins = s.query_one(PinsPart).rows.picture
        assert pins is not None and pins.aim is not None  # the pins it knocks down, marked
        assert "░" in picture_text(s.query_one(PinsPart)) or "○" in picture_text(
            s.query_one(PinsPart)
        )
        assert not s.session.plies  # nothing played yet
        assert pins.wins  # with hints: each winning move marked under its pins
        assert "✓" in picture_text(s.query_one(PinsPart))


async def test_a_click_on_the_queens_square_chooses_a_second_plays() -> None:
    app = app_for(README_SUM)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        s = newest(app, SumsScreen)
        await pilot.press("1", " ", "1")  # typed, then left aside for the click
        board = s.query_one(BoardPart).board
        x, y = next(
            (x, y)
            for y in range(board.size.height)
            for x in range(board.size.width)
            if board.cell_at(x, y) == (0, 2)
        )
        await pilot.click(board, offset=(x, y))
        await settle(pilot)
        assert not s.session.plies and board.view is not None and board.view.cursor == (0, 2)
        await pilot.click(board, offset=(x, y))  # a second click on it plays it
        await settle(pilot)
        assert s.session.plies[0].after == (10, 0, 2, 1, 7)  # the queen of part 2 to (0,2)
        assert s.typing.text == ""  # what was typed is gone, not played by the next Enter


async def test_a_click_on_a_pin_chooses_and_a_second_click_plays() -> None:
    app = app_for(README_SUM, hints=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        s = newest(app, SumsScreen)
        pins = s.query_one(PinsPart).rows
        assert pins.picture is not None
        step = pins.shape().step
        x = pins._prefix() + 0 * step  # the first pin (a take from the row's start: mirrored)
        await pilot.click(pins, offset=(x, 0))
        await settle(pilot)
        assert not s.session.plies and s.pile == 2  # chosen, not played
        assert pins.picture.aim is not None and (0, 0) in pins_of_chosen(s)
        await pilot.click(pins, offset=(x, 0))
        await settle(pilot)
        assert s.session.plies and s.session.plies[0].after[:3] == (10, 3, 5)  # Kayles moved


def pins_of_chosen(s: SumsScreen) -> set[tuple[int, int]]:
    from squaregame.families.octal.aim import pins_of

    part = s.query_one(PinsPart)
    scene = part.scene
    assert scene is not None and scene.chosen is not None
    return pins_of(scene.game, scene.position, scene.chosen)
