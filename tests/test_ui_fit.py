"""Everything fits at 80×24 in English, Russian and Spanish (issue 31): no horizontal
scrollbar, no word cut at the edge, the nim-sum panel's columns aligned; and the key bar and
the buttons of the game-over dialog say the same words."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Button
from ui_helpers import footer_drawn, played_out_and_reviewed, settle

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.game_over import GameOverScreen
from squaregame.ui.start import StartRequest

SIZE = (80, 24)
LANGS = ["en", "ru", "es"]
# The default run checks English and Russian (the longest words); Spanish with the slow tests
SOME_LANGS = ["en", "ru", pytest.param("es", marks=pytest.mark.slow)]
# Fitting the widest words: Russian in the default run, the others with the slow tests
WIDEST = [pytest.param(lang, marks=pytest.mark.slow) if lang != "ru" else lang for lang in LANGS]


async def _play_out(pilot: Any) -> None:
    for _ in range(8):
        if isinstance(pilot.app.screen, GameOverScreen):
            await footer_drawn(pilot)
            return
        await pilot.press("enter")
        await settle(pilot)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", SOME_LANGS)
async def test_game_over_keys_and_buttons_say_the_same(lang: str) -> None:
    app = SquareGameApp(GAMES, StartRequest(start=10, seed=1), ai_delay=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await _play_out(pilot)
        screen = app.screen
        bar = {str(k.action): str(k.description) for k in screen.query("FooterKey")}  # type: ignore[attr-defined]
        for button in screen.query(Button):
            words = bar[f"choose('{button.id}')"]
            assert str(button.label).startswith(words + " ("), (button.label, words)


def screen_lines(app: Any) -> list[str]:
    """The screen as drawn, a string a row."""
    strips = app.screen._compositor.render_strips()
    return ["".join(segment.text for segment in strip) for strip in strips]


def lines_of(widget: Any) -> list[str]:
    """The rows the widget draws (padding off, trailing spaces dropped)."""
    from textual.geometry import Region

    strips = widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))
    gutter = widget.styles.padding.left
    return ["".join(seg.text for seg in strip)[gutter:].rstrip() for strip in strips]


def overflowing(app: Any) -> list[str]:
    """Every shown widget that scrolls sideways or whose content is wider than it."""
    from textual.scroll_view import ScrollView

    bad = []
    for widget in app.screen.query("*"):
        if not widget.display or not widget.size.width:
            continue
        wide = isinstance(widget, ScrollView) and widget.virtual_size.width > widget.size.width
        if wide or (widget.is_scrollable and widget.show_horizontal_scrollbar):
            bad.append(f"{widget!r}: {widget.virtual_size.width} > {widget.size.width}")
    return bad


def digit_columns(line: str, count: int) -> list[int]:
    return [i for i, ch in enumerate(line) if ch != " "][-count:]


@pytest.mark.parametrize("lang", WIDEST)
@pytest.mark.parametrize("start", [(5, 7, 10), (50, 47, 44, 41)])
async def test_the_nim_sum_panel_fits_and_its_columns_align(
    lang: str, start: tuple[int, ...]
) -> None:
    """Every row of the panel's table on one line, each binary digit in its column; the
    label "ним-сумма (нечёт → 1)" once pushed its digits to the next line (issue 31)."""
    from squaregame.families.sums.side import NimSumPanel
    from squaregame.play.nimsum import explain

    req = StartRequest(game="sum", start=start, hints=True, seed=1)
    app = SquareGameApp(GAMES, req, ai_delay=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("h", "h")  # hints off and on again: the nim-sum beside the piles
        await settle(pilot)
        panel = app.screen.query_one(NimSumPanel)
        ex = explain(app.screen.session.game, start)  # type: ignore[attr-defined]
        assert ex is not None
        rows = lines_of(panel)
        rule = next(i for i, row in enumerate(rows) if row.startswith("─"))
        table = [*rows[1:rule], *rows[rule + 1 : rule + 3]]  # heading, piles, ones, nim-sum
        assert len(table) == len(ex.piles) + 3, "\n".join(rows)
        columns = digit_columns(table[1], ex.width)
        for row in table[1:]:
            assert digit_columns(row, ex.width) == columns, "\n".join(rows)
            assert row[columns[0] - 2 : columns[0]] == "  ", "\n".join(rows)
        heading = table[0]
        assert heading[columns[0] - 2 : columns[0]] == "  " and heading[columns[0]] != " "
        grundy_end = digit_columns(table[1], ex.width + 1)[0]
        for row, value in zip(table[1:], [p.grundy for p in ex.piles], strict=False):
            assert row[: grundy_end + 1].endswith(str(value)) and heading[grundy_end] != " "
        assert table[-1][: grundy_end + 1].endswith(str(ex.nim_sum)), "\n".join(rows)
        assert not overflowing(app)


async def _reviewed(pilot: Any) -> None:
    """The game played out (Enter: the chosen move) and its review opened."""
    from squaregame.ui.screens.move_review import MoveReviewScreen

    await played_out_and_reviewed(pilot)
    assert isinstance(pilot.app.screen, MoveReviewScreen)


def _no_position_cut(rows: list[str]) -> None:
    """No row ends inside a position ("→ 0 + 6 / + 6") nor begins one's second half."""
    for row in rows:
        text = row.strip(" █▏▕│")
        assert not text.endswith(("+", "→")) and not text.startswith("+"), "\n".join(rows)


@pytest.mark.parametrize("lang", WIDEST)
@pytest.mark.parametrize("game", ["squares", "sum"])
async def test_the_review_fits(lang: str, game: str) -> None:
    """Every column of the move review in view at 80×24: none behind a scrollbar (issue 31)."""
    from textual.widgets import DataTable

    req = (
        StartRequest(start=22, seed=1)
        if game == "squares"
        else StartRequest(game="sum", start=(5, 7, 10), seed=1)
    )
    app = SquareGameApp(GAMES, req, ai_delay=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await _reviewed(pilot)
        table = app.screen.query_one(DataTable)
        assert table.row_count == len(app.screen.session.plies)  # type: ignore[attr-defined]
        assert not overflowing(app), overflowing(app)
        _no_position_cut(lines_of(table))


@pytest.mark.parametrize(
    "lang", ["en", *(pytest.param(lang, marks=pytest.mark.slow) for lang in LANGS[1:])]
)  # (a demo plays its whole game: the other languages with the slow tests)
@pytest.mark.parametrize("players", ["", "demo"])
async def test_the_move_list_breaks_between_words_never_in_a_position(
    lang: str, players: str
) -> None:
    """The sums' moves ("Компьютер Б взять 4 из кучки 2 → 0 + 2 + 2 ✓") are wider than the
    side panel at 80×24: a move goes on below its number, never "→ 0 + 6 / + 6 ✓"."""
    from squaregame.ui.widgets.history_log import HistoryLog

    if players:
        req = StartRequest(game="sum", start=(5, 7, 10), seed=1, players=players)
    else:
        req = StartRequest(game="sum", start=(5, 7, 10), seed=1)
    app = SquareGameApp(GAMES, req, ai_delay=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        log = app.screen.query_one(HistoryLog)
        for _ in range(100):
            if len(app.screen.session.plies) >= 3:  # type: ignore[attr-defined]
                break
            if players:  # the demo plays by itself (its workers end, cancelled, as it goes)
                await pilot.pause(0.1)
            else:
                await pilot.press("enter")
                await settle(pilot)
        await pilot.pause()
        rows = [row for row in lines_of(log) if row.strip()]
        assert len(rows) > len(app.screen.session.plies), rows  # type: ignore[attr-defined]
        _no_position_cut(rows)
        for row in rows:
            assert not row.endswith("…") and len(row) <= log.content_region.width
        continued = [row for row in rows if not row[:5].strip()]
        assert continued and all(row[5] != " " for row in continued), rows  # hanging indent
        assert not overflowing(app)


@pytest.mark.parametrize("lang", SOME_LANGS)
async def test_the_why_tree_wraps_its_lines(lang: str) -> None:
    """The proof that 22 is cold, 13 → 12 opened: every line whole in the tree at 80×24,
    a long one wrapped over more rows with a hanging indent; no sideways scrolling (the
    Russian root line ran off the edge, issue 31). The cursor still goes line by line."""
    from textual.widgets import Tree

    from squaregame.ui.screens.why import WhyScreen

    app = SquareGameApp(GAMES, StartRequest(start=22, seed=1), ai_delay=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, WhyScreen)
        tree = app.screen.query_one(Tree)
        tree.move_cursor(tree.root.children[2])
        await pilot.press("right")
        await settle(pilot)
        assert not overflowing(app), overflowing(app)
        rows = lines_of(tree)
        width = tree.scrollable_content_region.width
        assert all(len(row) <= width and not row.endswith("…") for row in rows), rows
        text = " ".join(row.lstrip(" │├└─▶+-") for row in rows)
        shown = [tree.root, *tree.root.children, *tree.root.children[2].children]
        for node in shown:
            assert " ".join(str(node.label).split()) in " ".join(text.split()), rows
        _no_position_cut(rows)
        if lang == "ru":  # its root line is wider than 80: on below, indented
            assert not rows[1].startswith(("├", "└")) and rows[1].startswith("    "), rows
        await pilot.press("down")  # from 13 → 12 to its first line, whatever the rows
        assert tree.cursor_node is tree.root.children[2].children[0]
        await pilot.press("up", "up")
        assert tree.cursor_node is tree.root.children[1]
