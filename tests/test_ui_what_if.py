"""The value-history chart as GamesmanUni has it: move numbers, a remoteness scale, winning
and losing halves, blunder and slow-move marks on the bars, a legend in words; choose a bar
with the keys or a click (or click a move in the moves so far) to go back there, explore a
what-if, and return to the game."""

from __future__ import annotations

from typing import Any

import pytest
from build import KINDS
from ui_helpers import settle

from squaregame.families import GAMES
from squaregame.play.review import ChartPoint
from squaregame.text import set_language, tr
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.start import StartRequest
from squaregame.ui.widgets.history_log import HistoryLog
from squaregame.ui.widgets.value_chart import ValueChart, chart_geometry, render_chart

POINTS = (
    ChartPoint(True, 7),
    ChartPoint(False, 6, "~"),
    ChartPoint(True, 5),
    ChartPoint(False, 4, "!"),
    ChartPoint(True, 3),
    ChartPoint(False, 2),
    ChartPoint(True, 1),
    ChartPoint(False, 0),
)


def _rows(points: tuple[ChartPoint, ...], width: int = 31, height: int = 20) -> list[str]:
    return render_chart(points, width, height, selected=3).plain.splitlines()


def test_the_chart_has_a_scale_move_numbers_halves_and_marks_on_the_bars() -> None:
    rows = _rows(POINTS)
    _, _, lay = chart_geometry(POINTS, 31, 20, 3)
    axis = next(i for i, r in enumerate(rows) if "┼" in r)
    assert rows[axis].startswith(" 0 ┼")  # the scale: 0 on the axis, signed above and below
    assert rows[axis - lay.half].startswith("+7 ┤") and rows[axis + lay.half].startswith("−7 ┤")
    numbers = rows[axis + lay.half + 1]
    for i in range(len(POINTS)):  # every move number under its own bar
        assert numbers[lay.axis + i * lay.cell] == str(i)
    upper, lower = rows[axis - lay.half : axis], rows[axis + 1 : axis + lay.half + 1]

    def column(i: int, block: list[str]) -> str:
        x = lay.axis + i * lay.cell
        return "".join(r[x] if x < len(r) else " " for r in block)

    assert column(0, upper).strip("█▁▂▃▄▅▆▇") == "" and column(0, lower).strip() == ""
    assert "~" in column(1, lower) and "!" in column(3, lower)  # on the bars, not under them
    assert "!" not in rows[axis + lay.half + 1] and "~" not in rows[axis + lay.half + 1]
    assert column(3, [rows[axis]]) == "◆"  # the chosen bar on the axis
    assert column(7, lower).strip() == "▀"  # remoteness 0: a sliver, so the side shows


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_the_legend_is_in_words_and_fits(lang: str) -> None:
    set_language(lang)
    text = render_chart(POINTS, 31, 24).plain
    assert tr("ui_widgets.chart.legend_you").split()[0] in text
    assert all(len(line) <= 31 for line in text.splitlines())
    short = render_chart(POINTS, 31, 11).plain  # little room: the short legend
    assert tr("ui_widgets.chart.legend_short").split()[0] in short


def _game(app: SquareGameApp) -> GameScreen[Any]:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def _play_three(pilot: Any, app: SquareGameApp) -> list[Any]:
    for _ in range(3):  # take 1 each time; the perfect opponent replies
        await pilot.press("1", "enter")
        await settle(pilot)
    return [p.after for p in _game(app).session.plies]


async def test_choose_a_bar_with_the_keys_explore_and_come_back() -> None:
    app = SquareGameApp(GAMES, StartRequest(start=40, seed=1), ai_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        main = await _play_three(pilot, app)
        screen = _game(app)
        assert len(main) == 6
        await pilot.press("c", "left", "left", "enter")  # from the last bar (6) to 4
        await settle(pilot)
        s = screen.session
        assert s.exploring and len(s.plies) == 4 and s.position == main[3]
        assert tr("ui_game.what_if.tag") in str(screen.turn_line.render())
        other = next(m.to for m in s.analysis().moves if m.to != main[4])
        screen.turns.request_move(other)
        await settle(pilot)
        assert not s.on_main_line()
        await pilot.press("b")
        await settle(pilot)
        assert [p.after for p in s.plies] == main and not s.exploring


async def test_a_click_on_a_bar_or_a_move_goes_back_there() -> None:
    app = SquareGameApp(GAMES, StartRequest(start=40, seed=1), ai_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        main = await _play_three(pilot, app)
        screen = _game(app)
        chart = screen.query_one(ValueChart)
        size = chart.content_size
        v = chart.view
        _, _, lay = chart_geometry(v.points, size.width, size.height, None, v.side, v.first)
        x = lay.axis + (2 - lay.first) * lay.cell  # the bar after move 2
        await pilot.click(ValueChart, offset=(x + chart.styles.padding.left, 1))
        await settle(pilot)
        s = screen.session
        assert s.exploring and len(s.plies) == 2 and s.position == main[1]
        await pilot.press("b")
        await settle(pilot)
        assert [p.after for p in s.plies] == main
        # the moves so far: a click on move 5 goes back to before it (after move 4)
        await pilot.click(HistoryLog, offset=(2, 4))
        await settle(pilot)
        assert s.exploring and len(s.plies) == 4


async def test_a_what_if_is_not_saved_over_the_game(tmp_path: Any, monkeypatch: Any) -> None:
    from squaregame.play.save_folder import saved_paths
    from squaregame.play.saves import load_game

    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(tmp_path))
    app = SquareGameApp(GAMES, StartRequest(start=40, seed=1), ai_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        main = await _play_three(pilot, app)
        screen = _game(app)
        await pilot.press("c", "home", "enter")
        await settle(pilot)
        s = screen.session
        assert s.exploring and len(s.plies) == 0
        other = next(m.to for m in s.analysis().moves if m.to != main[0])
        screen.turns.request_move(other)
        await settle(pilot)
    (path,) = saved_paths(tmp_path)
    loaded, msg = load_game(path, KINDS)
    assert msg is None and loaded is not None
    assert [p.after for p in loaded.session.plies] == main
