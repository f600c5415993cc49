"""The projector of a shared game, driven with Pilot: each family's board there, the last
move said once, the move list from the top and scrolled to the latest, a sum's piles in one
centred block."""

from __future__ import annotations

import pytest
from textual.containers import VerticalScroll
from ui_helpers import game_screen, settle

from squaregame.families import GAMES
from squaregame.families.pile.counters import CountersView
from squaregame.families.sums.parts_board import PartsBoard
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.projector import ProjectorScreen
from squaregame.ui.start import StartRequest

SIZE = (80, 24)
BIG = (140, 45)


def _projector(game: str, start: object, players: str = "teams", **kw: object) -> SquareGameApp:
    """The app for a shared game of ``game`` (its hints as the command line leaves them)."""
    req = StartRequest(game=game, start=start, seed=1, players=players, **kw)  # type: ignore[arg-type]
    return SquareGameApp(GAMES, req, ai_delay=0)


async def test_the_wythoff_projector_shows_the_board_queen_and_her_squares() -> None:
    from squaregame.families.wythoff.board import WythoffBoard

    app = _projector("wythoff", (7, 9), "class")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        board = app.screen.query_one("#projector-board", WythoffBoard)
        view = board.view
        assert view is not None and view.queen == (7, 9)
        assert {(0, 9), (7, 0), (5, 7)} <= view.targets  # left, down, diagonal
        drawn = str(board.render())
        lines = drawn.splitlines()
        axis = next(i for i, line in enumerate(lines) if line.strip().startswith("x "))
        squares = "\n".join(lines[:axis])  # above the x axis: the legend is below it
        assert "♛" in squares and squares.count("●") == len(view.targets)
        assert "● her moves" in drawn  # the legend under it, in words
        assert not view.hints  # a class game: hints off until asked for


async def test_a_sums_projector_shows_its_piles_and_rules() -> None:
    app = _projector("sum", (5, 7, 10))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        screen = app.screen
        board = screen.query_one("#projector-piles", PartsBoard)
        for row, size in zip(board.rows, (5, 7, 10), strict=True):
            view = row.view
            assert isinstance(view, CountersView) and "Squares" in str(row.label.render())
            counter = view.counter()
            assert str(view.render()).count(counter.glyph) == size * counter.rows
        rule = str(screen.query_one("#projector-rule").render())
        assert "A move takes squares {1, 4, 9, 16, …}." in rule
        assert "Whoever cannot move loses." in rule


async def test_a_row_games_projector_shows_its_rows() -> None:
    from squaregame.families.octal.rows import RowsView

    app = _projector("kayles", (5, 7))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        rows = app.screen.query_one("#projector-rows", RowsView)
        assert rows.picture is not None and rows.picture.sizes == (5, 7)
        assert rows.picture.aim is None  # nothing chosen up there


async def test_teams_start_without_hints_and_h_shows_them_on_the_projector() -> None:
    app = _projector("squares", 30, names=("Reds", "Blues"), colors=("green", "purple"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.hints is False
        await pilot.press("p")
        await settle(pilot)
        projector = app.screen
        assert isinstance(projector, ProjectorScreen)
        banner = projector.banner.banner
        assert banner is not None and (banner.text, banner.color) == ("Reds to move", "green")
        hint = projector.query_one("#projector-hint")
        assert str(hint.render()) == "Hints are off (h shows them)."
        await pilot.press("h")
        await settle(pilot)
        assert screen.hints is True and app.screen is projector
        assert str(hint.render()).startswith("For Reds: ")
        await pilot.press("4", "enter")  # Reds take 4: Blues' band, in their colour
        await settle(pilot)
        banner = projector.banner.banner
        assert banner is not None and (banner.text, banner.color, banner.marker) == (
            "Blues to move",
            "purple",
            "●",
        )
        await pilot.press("h")
        await settle(pilot)
        assert screen.hints is False


async def test_the_last_move_is_said_once_and_listed_short() -> None:
    app = _projector("squares", 30, names=("Reds", "Blues"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        projector = app.screen
        assert isinstance(projector, ProjectorScreen)
        await pilot.press("4", "enter")
        await settle(pilot)
        text = {name: str(line.render()) for name, line in projector.lines.items()}
        assert text["last"] == "■ Move 1: Reds — take 4 (to 26)"  # once, large
        assert text["message"] == ""  # not again under it (the game screen still says it)
        assert game_screen(app).said == "Reds: take 4 (to 26)."
        assert text["moves"] == "1. ■ Reds  take 4 → 26"
        await pilot.press("2", "enter")  # not a square: that is said
        await settle(pilot)
        assert str(projector.lines["message"].render()).startswith("✗ ")


@pytest.mark.parametrize(
    "size", [SIZE, pytest.param(BIG, marks=pytest.mark.slow)], ids=["80x24", "140x45"]
)  # (the larger screen takes twice as long: the default run keeps the small one)
async def test_the_move_list_starts_at_the_top_and_follows_the_latest(
    size: tuple[int, int],
) -> None:
    app = _projector("squares", 200, names=("Reds", "Blues"))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        projector = app.screen
        assert isinstance(projector, ProjectorScreen)
        moves = projector.lines["moves"]
        scroll = projector.query_one("#projector-list", VerticalScroll)
        await pilot.press("1", "enter")
        await settle(pilot)
        assert moves.region.y == scroll.region.y  # the first move at the top, not the bottom
        for _ in range(size[1]):  # more moves than rows
            await pilot.press("1", "enter")
            await pilot.pause()
        await settle(pilot)
        rows = str(moves.render()).splitlines()
        n = size[1] + 1
        side_name = "■ Reds" if n % 2 else "● Blues"
        latest = f"{n}. {side_name}  take 1 → {200 - n}"
        assert rows[-1] == latest  # one row a move, not cut
        assert scroll.max_scroll_y > 0 and scroll.scroll_y == scroll.max_scroll_y
        side = projector.query_one("#projector-side")
        assert side.region.right <= size[0] and side.region.width > len(latest)
        stage = projector.query_one("#projector-stage")
        assert stage.region.width >= size[0] // 2  # the board keeps most of the room


@pytest.mark.parametrize("size", [SIZE, BIG], ids=["80x24", "140x45"])
async def test_a_sums_piles_are_one_centred_block_with_their_sizes(
    size: tuple[int, int],
) -> None:
    app = _projector("sum", (5, 7, 10))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        board = app.screen.query_one("#projector-piles", PartsBoard)
        for number, (row, pile) in enumerate(zip(board.rows, (5, 7, 10), strict=True), 1):
            view = row.view
            assert isinstance(view, CountersView)
            counter = view.counter()
            assert counter.glyph.startswith("█")  # larger than a dot: blocks, readable in mono
            drawn = str(view.render()).splitlines()
            assert drawn[0].count(counter.glyph) == pile and len(drawn) == counter.rows
            assert str(row.label.render()).strip() == f"{number} Squares"
            assert str(row.words.render()).strip() == str(pile)  # its size beside them
        left = board.rows[0].label.region.x - board.region.x
        right = board.region.right - board.rows[0].words.region.right
        assert abs(left - right) <= 2 and left > 0  # centred, no gap to the far edge


async def test_a_long_move_goes_on_over_lines_in_the_list_never_cut() -> None:
    """At 80×24 the list is narrow: a sum's move ("part 2: move to (0,2) → …") was cut with
    "…" mid-word; it goes on over the next lines, indented."""
    from ui_helpers import sum_app

    app = sum_app("squares:10 wythoff:3,5 kayles:7", players="class")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("2", " ", "0", " ", "2", "enter")
        await settle(pilot)
        projector = app.screen
        assert isinstance(projector, ProjectorScreen)
        drawn = str(projector.lines["moves"].render())
        assert "…" not in drawn and "(0,2)" in drawn and drawn.count("\n") >= 2
        side = projector.query_one("#projector-side")
        assert all(len(line) <= side.region.width for line in drawn.splitlines())
