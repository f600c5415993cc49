"""Contrast, computed: in every theme squaregame offers, each text segment the game screen
draws for the marks (✓/✗, ☺/☹), the hint line and the selected move row reaches WCAG AA
(4.5 : 1) against the background it is drawn on — read from the rendered screen's own
colours, not from a list. Under NO_COLOR the selected row and the winning move are still
told apart (by ▶ and bold, not colour); themes are named for people in the command palette,
a theme chosen there is saved, and Settings agrees."""

from __future__ import annotations

from typing import Any

import pytest
from rich.color import Color
from rich.style import Style
from ui_helpers import settle

from squaregame.families import GAMES
from squaregame.families.pile.strip import PositionStrip
from squaregame.play.settings import THEMES, load_settings
from squaregame.ui.app import SquareGameApp
from squaregame.ui.start import StartRequest
from squaregame.ui.widgets.move_list import MoveList

AA = 4.5


def _luminance(color: Color) -> float:
    r, g, b = (c / 255 for c in color.get_truecolor())
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def ratio(style: Style) -> float:
    assert style.color is not None and style.bgcolor is not None, style
    a, b = _luminance(style.color), _luminance(style.bgcolor)
    hi, lo = max(a, b), min(a, b)
    return (hi + 0.05) / (lo + 0.05)


def _segments(widget: Any, rows: int) -> list[tuple[str, Style]]:
    out = []
    for y in range(rows):
        for seg in widget.render_line(y):
            if seg.text.strip() and seg.style is not None and not seg.style.dim:
                out.append((seg.text, seg.style))
    return out


@pytest.mark.parametrize("theme", THEMES)
async def test_marks_hint_and_selected_row_reach_aa(
    theme: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(tmp_path))
    app = SquareGameApp(GAMES, StartRequest(start=75, seed=1, hints=True), ai_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        app.theme = theme
        await pilot.press("s", "down")  # the strip shown; a second row selected
        await settle(pilot)
        screen = app.screen
        moves = screen.query_one(MoveList)
        checked = {
            "moves": _segments(moves, moves.option_count),
            "hint": _segments(screen.query_one("#hint"), 1),
            "strip": _segments(screen.query_one(PositionStrip), 2),
        }
        assert any("✓" in t for t, _ in checked["moves"]) and any(
            "▶" in t for t, _ in checked["moves"]
        )
        assert any("☹" in t for t, _ in checked["strip"])
        for part, segments in checked.items():
            assert segments, part
            for text, style in segments:
                assert ratio(style) >= AA, (theme, part, text, str(style), round(ratio(style), 2))


async def test_under_no_color_the_selection_and_the_win_are_shapes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = SquareGameApp(GAMES, StartRequest(start=75, seed=1, hints=True), ai_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        moves = app.screen.query_one(MoveList)
        rows = ["".join(s.text for s in moves.render_line(y)) for y in range(moves.option_count)]
        assert rows[0].lstrip().startswith("▶")  # the selected row, by shape
        win = next(y for y, r in enumerate(rows) if "✓" in r)
        assert any(s.style and s.style.bold for s in moves.render_line(win) if "✓" in s.text)


async def test_palette_themes_are_named_for_people_and_saved(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(tmp_path))
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        commands = list(app.get_system_commands(app.screen))
        titles = [c.title for c in commands]
        assert not any("textual-" in t for t in titles)  # no raw theme names
        assert "Theme: light" in titles and "Theme: high contrast" in titles
        assert "Theme" not in titles  # Textual's list of every built-in theme is gone
        next(c for c in commands if c.title == "Theme: light").callback()
        await pilot.pause()
        assert app.theme == "textual-light" and app.settings.theme == "textual-light"
    settings, _ = load_settings(tmp_path / "settings.json")
    assert settings.theme == "textual-light"  # saved: the next start and Settings agree


async def test_a_screenshot_on_a_fresh_home_is_saved_and_said(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # no ~/Downloads there
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(tmp_path / "data"))
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shot = next(c for c in app.get_system_commands(app.screen) if c.title == "Screenshot")
        shot.callback()
        await pilot.pause()
    saved = list((tmp_path / "data" / "screenshots").glob("*.svg"))
    assert len(saved) == 1 and saved[0].read_text().startswith("<svg")


@pytest.mark.parametrize("saved_theme", [None, "textual-light"])
async def test_the_first_screen_is_drawn_in_squaregames_colours_with_one_pass_over_the_css(
    saved_theme: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from textual.css.stylesheet import Stylesheet

    from squaregame.play.settings import Settings, save_settings
    from squaregame.ui.themes import THEME_OBJECTS

    if saved_theme:
        save_settings(Settings(theme=saved_theme))
    reparsed: list[int] = []
    original = Stylesheet.reparse
    monkeypatch.setattr(Stylesheet, "reparse", lambda self: (reparsed.append(1), original(self)))
    app = SquareGameApp(GAMES)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        ours = {t.name: t for t in THEME_OBJECTS}[app.theme]
        assert app.theme == (saved_theme or "textual-dark")
        assert app.theme_variables["error"] == ours.to_color_system().generate()["error"]
        # the default theme: drawn in our colours from the start, the CSS read once
        assert len(reparsed) == (1 if saved_theme else 0)
