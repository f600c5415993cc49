"""Everything fits from 60×20 up (issue 41): the side panel beside the position instead of
running off the screen, its words whole, the message line wrapped rather than cut."""

from __future__ import annotations

import re
from typing import Any

import pytest
from ui_helpers import settle

from squaregame.families import GAMES
from squaregame.text import tr
from squaregame.ui.app import SquareGameApp
from squaregame.ui.start import StartRequest

SMALL = (60, 20)
WORD = re.compile(r"[^\W_]+")
GAMES_TRIED = {
    "squares": StartRequest(start=75, hints=True, seed=1),
    "wythoff": StartRequest(game="wythoff", start=(7, 9), hints=True, seed=1),
    "sum": StartRequest(game="sum", start=(5, 7, 10), hints=True, seed=1),
    "kayles": StartRequest(game="kayles", start=(7, 4), hints=True, seed=1),
}


def screen_lines(app: Any) -> list[str]:
    """The screen as drawn, a string a row (what is off the screen is not in it)."""
    strips = app.screen._compositor.render_strips()
    return ["".join(segment.text for segment in strip) for strip in strips]


def missing_words(text: str, lines: list[str]) -> list[str]:
    """The words of ``text`` (a catalog sentence) not shown whole on any of ``lines``."""
    shown = {w for line in lines for w in WORD.findall(line)}
    return [w for w in WORD.findall(text) if w not in shown]


@pytest.mark.parametrize("game", list(GAMES_TRIED))
async def test_the_side_panel_fits_beside_the_position_at_60x20(game: str) -> None:
    app = SquareGameApp(GAMES, GAMES_TRIED[game], ai_delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.has_class("-small") and screen.has_class("-low")
        side, play = screen.query_one("#side"), screen.query_one("#play")
        assert side.region.right <= SMALL[0], side.region
        assert play.region.right <= side.region.x, (play.region, side.region)
        chart = screen.query_one("#chart")
        assert chart.region.bottom <= screen.query_one("#message").region.y, chart.region
        lines = screen_lines(app)
        assert not missing_words(tr("ui_game.pane.chart"), lines), "\n".join(lines)


@pytest.mark.parametrize("lang", ["en", "ru", pytest.param("es", marks=pytest.mark.slow)])
async def test_a_long_message_wraps_whole_at_60x20(lang: str) -> None:
    """ "Side panel: the same game as two piles (v for the next view)." is longer than the
    screen is wide: it wraps, every word shown."""
    app = SquareGameApp(GAMES, GAMES_TRIED["wythoff"], ai_delay=0, lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("v")
        await settle(pilot)
        said = tr("ui_game.side.shown", title=tr("wythoff.screen.side_piles"))
        assert len(said) > SMALL[0]
        lines = screen_lines(app)
        assert not missing_words(said, lines), "\n".join(lines)


async def test_the_moves_box_scrolls_within_the_screen() -> None:
    """Eleven Kayles moves at 80×24: the box once ran past the message line, its last
    moves (and their ✓) out of sight and out of reach; now it scrolls above that line."""
    from squaregame.ui.widgets.move_list import MoveList

    app = SquareGameApp(GAMES, GAMES_TRIED["kayles"], ai_delay=0, lang="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        moves = app.screen.query_one(MoveList)
        assert moves.region.bottom <= app.screen.query_one("#message").region.y, moves.region
        assert moves.option_count > moves.scrollable_content_region.height  # it scrolls


def test_a_move_row_too_long_is_said_short_then_wrapped_between_words() -> None:
    from textual.content import Content

    from squaregame.ui.widgets.move_list import MoveView, fit_row, too_long

    move = MoveView("row 1: take 2 → 1 + 17", None, False, 7)
    full = Content.from_markup(fit_row(move, True, False)).plain
    assert full == "  ✗ row 1: take 2 → 1 + 17  lose 8"
    assert not too_long((move,), True, len(full)) and too_long((move,), True, len(full) - 1)
    short = Content.from_markup(fit_row(move, True, True, 30, short=True)).plain
    assert short == "▶ ✗ row 1: take 2 → 1 + 17  in\n    8"  # between words, set in
    rows = Content.from_markup(fit_row(move, True, False, 20, short=True)).plain.split("\n")
    assert all(len(r) <= 20 for r in rows), rows
    assert " ".join(rows).split() == ["✗", *move.label.split(), "in", "8"]


@pytest.mark.parametrize("lang", ["ru", pytest.param("es", marks=pytest.mark.slow)])
async def test_no_move_row_wraps_at_80x24(lang: str) -> None:
    """ "✗ ряд 1: взять 1 → 1 + 5  проигрыш за 10" once wrapped its "10" to a line of its
    own: the values are said short ("за 10") where a row would not fit."""
    from squaregame.ui.widgets.move_list import MoveList

    app = SquareGameApp(GAMES, GAMES_TRIED["kayles"], ai_delay=0, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        moves = app.screen.query_one(MoveList)
        shown = moves.scrollable_content_region.height
        assert moves.option_count > shown  # (it scrolls)
        assert moves.virtual_size.height == moves.option_count  # a line a move
        for y in range(shown):
            row = "".join(s.text for s in moves.render_line(y))
            assert "✓" in row or "✗" in row, row
            assert tr("ui_widgets.moves.within", n=8).split()[0] in row, row


@pytest.mark.parametrize("lang", ["en", "ru", pytest.param("es", marks=pytest.mark.slow)])
async def test_the_menu_title_bar_is_whole_at_60x20(lang: str) -> None:
    """ "squaregame — беспристрастные игры против безупречного соперника" is 62 columns:
    at 60 the bar says only the tagline (the logo under it names the app), every word."""
    app = SquareGameApp(GAMES, ai_delay=0, lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        top = screen_lines(app)[0]
        assert not missing_words(tr("ui_menu.sub_title"), [top]), top


def test_the_header_leaves_out_the_first_parts_of_its_subtitle_not_the_end_of_a_word() -> None:
    from squaregame.ui.widgets.header import fitted_sub_title

    sub = "opponent: Perfect · position (7,9)"
    assert fitted_sub_title("Wythoff's queen", sub, 0) == sub
    assert fitted_sub_title("Wythoff's queen", sub, 52) == sub
    assert fitted_sub_title("Wythoff's queen", sub, 51) == "position (7,9)"
    assert fitted_sub_title("Wythoff's queen", sub, 20) == ""


@pytest.mark.parametrize("lang", ["en", "ru", pytest.param("es", marks=pytest.mark.slow)])
async def test_the_game_header_is_whole_at_60x20(lang: str) -> None:
    app = SquareGameApp(GAMES, GAMES_TRIED["wythoff"], ai_delay=0, lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        top = screen_lines(app)[0]
        assert "…" not in top and "(7,9)" in top, top
        assert not missing_words(app.screen.title or "", [top]), top


@pytest.mark.parametrize("lang", ["en", "ru", pytest.param("es", marks=pytest.mark.slow)])
async def test_the_why_views_keys_are_whole_at_60x20(lang: str) -> None:
    """ "x Сохранить в Markdown" ran into the palette's key ("Сохранить в Mar▏^p"): the why
    view's keys now wrap to a second row where one is not enough, as a game's do."""
    app = SquareGameApp(GAMES, GAMES_TRIED["squares"], ai_delay=0, lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("w")
        await settle(pilot)
        lines = screen_lines(app)
        assert not missing_words(tr("why.ui.keys.export"), lines[-2:]), lines[-2:]


@pytest.mark.parametrize("lang", ["en", "ru", pytest.param("es", marks=pytest.mark.slow)])
@pytest.mark.parametrize("size", [(60, 24), (70, 30)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_charts_legend_is_whole_in_a_narrow_side_panel(
    lang: str, size: tuple[int, int]
) -> None:
    """ "Above: winning · bel": the side panel ran off the screen at 60 columns and its
    legend with it; each word of the legend it shows is now on the screen whole."""
    from squaregame.ui.widgets.value_chart import ValueChart, chart_geometry

    app = SquareGameApp(GAMES, GAMES_TRIED["squares"], ai_delay=0, lang=lang)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        chart = app.screen.query_one(ValueChart)
        box = chart.content_size
        legend, _, _ = chart_geometry(chart.points, box.width, box.height)
        assert legend  # there is room for it at these sizes
        shown = [line[chart.region.x : chart.region.right] for line in screen_lines(app)]
        assert not missing_words(" ".join(legend), shown), "\n".join(shown)


@pytest.mark.parametrize("lang", ["en", "ru", pytest.param("es", marks=pytest.mark.slow)])
async def test_the_game_over_buttons_fit_at_60x20(lang: str) -> None:
    """ "Меню (m" and "Menú": the fourth button ran past the dialog's edge at 60 columns."""
    from textual.widgets import Button

    from squaregame.ui.screens.game_over import GameOverScreen

    app = SquareGameApp(GAMES, StartRequest(start=10, seed=1), ai_delay=0, lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        for _ in range(5):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.press("enter")
            await settle(pilot)
        dialog = app.screen.query_one("#dialog")
        buttons = list(app.screen.query(Button))
        assert len(buttons) == 4
        inside = dialog.content_region
        for button in buttons:
            assert inside.contains_region(button.region), (button.label, button.region, inside)


@pytest.mark.parametrize("lang", ["en", "ru", pytest.param("es", marks=pytest.mark.slow)])
async def test_the_new_game_dialog_is_whole_and_reaches_its_buttons_at_60x20(lang: str) -> None:
    """At 60×20 Kayles' choice ("… knock down one pin or") and the rules one may type
    ("… powers of two ·") were cut at the dialog's edge, the rules' example ran past its
    field, and the dialog, taller than the screen, hid its buttons: now the choice and the
    note wrap, the example is short, and the dialog scrolls to its buttons."""
    from textual.widgets import Button, Input
    from ui_helpers import new_game_dialog

    from squaregame.play.setup import rule_names
    from squaregame.ui.screens.new_game import kind_choice

    app = SquareGameApp(GAMES, ai_delay=0, lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        dialog = await new_game_dialog(pilot, "kayles")
        await pilot.pause()
        kind = kind_choice(GAMES.kinds.find("kayles"))
        assert not missing_words(kind, screen_lines(app)), "\n".join(screen_lines(app))
        await pilot.press("escape")
        dialog = await new_game_dialog(pilot, "sum")
        for _ in range(3):
            await pilot.pause()
        lines = screen_lines(app)
        assert not missing_words(rule_names(), lines), "\n".join(lines)
        rules = dialog.query_one("#rules", Input)
        assert len(rules.placeholder) <= rules.content_region.width, rules.placeholder
        go = dialog.query_one("#go", Button)
        dialog.query_one("#dialog").scroll_to_widget(go, animate=False)
        await pilot.pause()
        assert dialog.query_one("#dialog").content_region.contains_region(go.region)


@pytest.mark.parametrize("lang", ["en", "ru", pytest.param("es", marks=pytest.mark.slow)])
async def test_the_lesson_list_keeps_its_help_whole_and_scrolls_its_list_at_60x20(
    lang: str,
) -> None:
    """The list and the help above it were taller than 60×20 together: the screen scrolled
    and the help began mid-sentence ("освоен · … начат · новый."); now the list scrolls."""
    from textual.widgets import OptionList

    from squaregame.ui.messages import OpenLessons
    from squaregame.ui.screens.lessons import LessonListScreen, help_text

    app = SquareGameApp(GAMES, ai_delay=0, lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        app.post_message(OpenLessons())
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, LessonListScreen)
        lines = screen_lines(app)
        assert not missing_words(help_text(), lines), "\n".join(lines)
        listed = app.screen.query_one("#lesson-list", OptionList)
        assert listed.region.bottom <= SMALL[1] - 1, listed.region  # above the key bar


@pytest.mark.parametrize("lang", ["en", "ru", pytest.param("es", marks=pytest.mark.slow)])
async def test_the_sums_side_views_titles_are_whole_at_60x20(lang: str) -> None:
    """ "Grun": the side panel ran off the screen at 60 columns and cut its titles."""
    from squaregame.core.rules import SQUARES
    from squaregame.text import rule_label

    app = SquareGameApp(GAMES, GAMES_TRIED["sum"], ai_delay=0, lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        side = app.screen.query_one("#side")
        titles = [
            tr("ui_widgets.sums.title"),
            tr("ui_widgets.sums.rule", label=rule_label(SQUARES)),
        ]
        for title in titles:
            await pilot.press("v")
            await settle(pilot)
            shown = [line[side.region.x : side.region.right] for line in screen_lines(app)]
            assert not missing_words(title, shown), "\n".join(shown)
