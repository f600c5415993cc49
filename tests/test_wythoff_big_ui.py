"""A queen far out in the app (10^12 and 10^17 from the corner): a window around her with
her coordinates, hints, the cold pairs near her, and moves typed, aimed and answered."""

from __future__ import annotations

from typing import Any

from ui_helpers import settle

from squaregame.families import GAMES
from squaregame.families.wythoff import closed as C
from squaregame.families.wythoff.board import WythoffBoard
from squaregame.families.wythoff.board_axis import (
    axis_line,
    far_lines,
    label,
    label_width,
    off_window,
)
from squaregame.families.wythoff.heat import REM_CHARS
from squaregame.families.wythoff.screen import WythoffScreen
from squaregame.families.wythoff.side import ColdPairs
from squaregame.text import tr
from squaregame.ui.app import SquareGameApp
from squaregame.ui.start import StartRequest
from squaregame.ui.widgets.history_log import HistoryLog
from squaregame.ui.widgets.value_chart import ValueChart, short_number
from squaregame.ui.wrap import wrap

FAR = (10**12, 1618033988749)  # hot: its one winning move is (999999999998, 1618033988747)


def app_for(start: tuple[int, int], **kw: Any) -> SquareGameApp:
    return SquareGameApp(GAMES, StartRequest(game="wythoff", start=start, seed=2, **kw), ai_delay=0)


def screen_of(app: SquareGameApp) -> WythoffScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, WythoffScreen))


def text(widget: Any) -> str:
    return str(widget.render())


async def test_a_window_around_the_queen_typed_move_and_answer() -> None:
    app = app_for(FAR, hints=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        s = screen_of(app)
        board = text(s.query_one(WythoffBoard))
        assert "♛" in board and "✓" in board
        assert "1618033988749" in board and "1000000000000" in board  # her row and column
        assert "(999999999998,1618033988747)" in text(s.query_one("#hint"))
        for ch in "999999999998 1618033988747":
            await pilot.press("space" if ch == " " else ch)
        await pilot.press("enter")
        await settle(pilot)
        plies = s.session.plies
        assert plies[0].after == (999999999998, 1618033988747)
        assert len(plies) == 2 and C.is_cold(*plies[0].after, False)
        k = 1618033988747 - 999999999998
        assert plies[1].after == (C.lower(k - 1), 1618033988747)  # the longest defence
        await pilot.press("v", "v")
        pairs = text(s.query_one(ColdPairs))
        assert f"{k} 999999999998 1618033988747" in pairs.replace("\n", " ")


async def test_aimed_by_keys_at_60_by_20_in_misere_play() -> None:
    start = (123456789012345678, 987654321098765432)
    app = app_for(start, misere=True)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        s = screen_of(app)
        board = text(s.query_one(WythoffBoard))
        assert "987654321098765432" in board and "123456789012345678" in board
        await pilot.press("left", "left", "enter")
        await settle(pilot)
        assert s.session.plies[0].after == (start[0] - 2, start[1])
        assert s.session.plies[0].by_human and len(s.session.plies) == 2


# -- the playtester's findings at 60×20: labels, axis, moves, heatmap, chart, unseen target --


def board_lines(s: WythoffScreen) -> list[str]:
    return text(s.query_one(WythoffBoard)).split("\n")


async def test_short_labels_leave_the_window_its_width_at_60_by_20() -> None:
    app = app_for(FAR, hints=True)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        s = screen_of(app)
        lines = board_lines(s)
        rows = [line for line in lines if "♛" in line or "·" in line][:-1]  # (not the ♛ line)
        assert rows[0].startswith("…8749 ") and all(r[:1] == "…" for r in rows[:4])
        assert lines[0].count("●") + 1 >= 12  # 12+ squares on her row (10 with full labels)
        assert "♛ 1000000000000,1618033988749" in lines  # her coordinates in full, once
        axis = next(line for line in lines if line.lstrip().startswith("x"))
        queen_at = lines[0].index("♛")
        assert axis.index("…0000") + 4 == queen_at  # her column's label ends under her


async def test_after_a_jump_the_queen_is_top_right_and_labelled() -> None:
    app = app_for(FAR)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        s = screen_of(app)
        for ch in "999999999999 1618033988749":
            await pilot.press("space" if ch == " " else ch)
        await pilot.press("enter")
        await settle(pilot)
        queen = s.session.position
        assert queen == (999999999999, 618033988749)  # the answer jumps down her column
        lines = board_lines(s)
        first = lines[0].rstrip()
        assert first.startswith("…8749") and first.endswith("♛")  # top row, last column
        axis = next(line for line in lines if line.lstrip().startswith("x"))
        assert axis.rstrip().endswith("…9999") and len(axis.rstrip()) == len(first)
        assert "♛ 999999999999,618033988749" in lines
        history = text(s.query_one(HistoryLog)).split("\n")
        assert any(line.strip() == "(999999999999," for line in history)  # broken after the
        assert any(line.strip().startswith("618033988749)") for line in history)  # comma


async def test_the_far_heatmap_counts_from_the_queen_and_its_legend_fits() -> None:
    app = app_for(FAR, hints=True)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        s = screen_of(app)
        await pilot.press("m")
        await settle(pilot)
        board = s.query_one(WythoffBoard)
        lines = board_lines(s)
        assert all(len(line) <= board.size.width for line in lines)
        squares = "".join(line[6:] for line in lines if line.startswith("…"))
        assert "0" in squares and squares.count("+") < len(squares) // 4
        q = C.value(*FAR, False).remoteness
        below = C.value(FAR[0] - 2, FAR[1], False).remoteness  # two squares to her left
        assert lines[0][6:].split()[-3] == REM_CHARS[q - below]
        legend = " ".join(lines[lines.index("♛ 1000000000000,1618033988749") + 1 :])
        assert tr("ui_widgets.board.heatmap_scale_far") in legend


async def test_the_chart_axis_is_abbreviated() -> None:
    app = app_for(FAR, hints=True)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        chart = text(screen_of(app).query_one(ValueChart))
        assert "+1.2·10¹² ┤" in chart and "1236067977499" not in chart


async def test_an_unseen_winning_move_is_pointed_to_in_misere_play() -> None:
    app = app_for((10**12, 10**12 + 1), misere=True, hints=True)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        s = screen_of(app)
        assert "(0,1)" in text(s.query_one("#hint"))
        lines = board_lines(s)
        assert "✓" not in "".join(lines[:-2])  # not in the window...
        assert any(
            line.startswith("♛ 1000000000000,1000000000001") and "✓↙" in line for line in lines
        )


def test_short_numbers_and_far_labels() -> None:
    assert [short_number(n) for n in (7, 999999, 1000000, 1236067977499)] == [
        "7", "999999", "1.0·10⁶", "1.2·10¹²",
    ]  # fmt: skip
    assert [label(n, 10**12) for n in (5, 9999, 10000, 1618033988749)] == [
        "5", "9999", "…0000", "…8749",
    ]  # fmt: skip
    assert label(1618, 2000) == "1618" and label_width(2000) == 4 and label_width(10**18) == 5
    assert off_window((0, 1), range(5, 9), range(9, 5, -1)) == "✓ ↙ 0,1"
    assert off_window((6, 7), range(5, 9), range(9, 5, -1)) == ""
    assert far_lines((1, 2), 20, "✓ ↙ 0,1") == ["♛ 1,2   ✓ ↙ 0,1"]
    assert far_lines((10**17, 10**17), 32, "✓ ← 5,5") == [
        f"♛ x {10**17}   ✓ ← 5,5", f"  y {10**17}",
    ]  # fmt: skip
    assert far_lines((10**17, 10**17), 26, "✓ ← 5,5")[-1] == f"  y {10**17}  ✓←"


def test_an_over_wide_word_breaks_after_its_comma_and_only_then() -> None:
    assert wrap("♛ to (999999999999,618033988749) ✓", 20, 2) == [
        "♛ to (999999999999,", "  618033988749) ✓",
    ]  # fmt: skip
    assert wrap("2. ♛ to (999999999999,618033988749)", 16, 2) == [
        "2. ♛ to", "  (999999999999,", "  618033988749)",
    ]  # fmt: skip
    assert wrap("♛ to (3,5) ✓", 8) == ["♛ to", "(3,5) ✓"]  # a word that fits: whole
    assert wrap("(1,2,3)", 3) == ["(1,", "2,", "3)"]
    assert wrap("123456789", 3) == ["123456789"]  # no comma: left whole, as before


def test_an_x_label_the_edge_would_cut_ends_under_its_column_or_is_left_out() -> None:
    xs = range(286, 301)  # the window of (300, 500) at 60×20: 15 columns of 2
    line = axis_line(33, xs, 300, 286, 2, 3, 500)
    assert line.split() == ["x", "286", "290", "295", "300"]  # whole, never "30"
    assert line.endswith("300") and len(line) <= 33
    assert axis_line(40, xs, 300, 286, 2, 3, 500).split()[-1] == "300"
    crowded = axis_line(31, xs, 300, 286, 2, 3, 500)  # no room even ending under it
    assert "30" not in crowded.split() and crowded.split()[-1] in {"295", "300"}
