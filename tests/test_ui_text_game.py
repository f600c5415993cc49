"""The interface speaks the run's language: screens, dialogs and the Footer; letter keys work
under the Russian layout; ``--lang`` is for one run and never saved by itself."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from textual.widgets._footer import FooterKey
from ui_helpers import game_screen, settle, text_of

import squaregame
from squaregame.core.ai import LEVELS
from squaregame.families import GAMES
from squaregame.text import set_language
from squaregame.text.catalog import load_catalog
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.start import StartRequest
from squaregame.ui.widgets.key_bar import KeyBar

SIZE = (80, 24)
PACKAGE = Path(squaregame.__file__).parent
FAMILIES = [f.key for f in GAMES.families]  # pile, wythoff, sums: each its own words
AREAS = "|".join(["ui_game", "ui_dialog", "ui_menu", *FAMILIES])
KEY = re.compile(rf"""["']((?:{AREAS})\.[a-z0-9_.]+)["']""")
# Catalog tables the code names as the area of words it builds keys in (the ``words`` of
# squaregame.play.nimsum.nimsum_lines: sums/panels.py's PARTS_WORDS, octal/panels.py's):
# no keys themselves, each must hold the keys built in it (below).
WORD_AREAS = ("sums.parts", "octal")
NIMSUM_WORDS = ("pile", "size", "grundy", "binary", "ones", "total", "cold", "hot", "hot_one")
NIMSUM_WORDS += ("why", "hinted")
# Keys the code builds from parts (f-strings), spelled out.
BUILT = [
    *(f"{f}.screen.{w}" for f in FAMILIES for w in ("choose", "hints_on")),
    *(
        f"{f}.{w}"
        for f in FAMILIES
        for w in ("menu", "dialog_title", "command.title", "command.help")
    ),
    *(f"wythoff.screen.heatmap_{w}" for w in ("on", "off")),
    *(f"ui_dialog.levels.{k}.{w}" for k in LEVELS for w in ("name", "blurb")),
    *(f"ui_dialog.new.players_{p}" for p in ("solo", "class", "teams")),
    *(f"ui_dialog.flags.misere.{w}" for w in ("label", "on", "off")),
    *(f"ui_dialog.over.keys.{c}" for c in ("again", "new", "review", "menu", "lesson")),
    *(f"ui_dialog.over.{w}" for w in ("first_won", "second_won")),
    *(
        f"ui_dialog.review.columns.{c}"
        for c in ("number", "who", "move", "values", "verdict", "best")
    ),
    *(f"ui_dialog.review.verdicts.{v}" for v in ("best", "slow", "blunder", "forced", "stall")),
    *(f"{area}.nimsum.{k}" for area in ("ui_game", *WORD_AREAS) for k in NIMSUM_WORDS),
    *(f"ui_menu.state.{s}" for s in ("your_move", "computer_to_move", "finished")),
    *(f"ui_menu.entries.{e}" for e in ("lessons", "settings", "help", "quit")),
    *(
        f"ui_menu.commands.{c}.{w}"
        for c in ("settings", "lessons", "help")
        for w in ("title", "help")
    ),
    *(
        f"ui_menu.commands.{c}.{w}"
        for c in ("hints", "undo", "review", "redo", "menu")
        for w in ("title", "help")
    ),
]


@pytest.fixture(autouse=True)
def english_afterwards() -> Any:
    yield
    set_language("en")


def test_every_key_the_interface_uses_is_in_the_english_catalog() -> None:
    english = load_catalog("en")
    used = set(BUILT)
    folders = [PACKAGE / d for d in ("ui", "play", "families")]  # every family's package
    assert [d for d in folders if not d.is_dir()] == []  # a folder moved: scan its new place
    for f in [f for d in folders for f in d.rglob("*.py")]:
        used.update(KEY.findall(f.read_text(encoding="utf-8")))
    assert len(used) > 150
    assert sorted(k for k in used if k not in english and k not in WORD_AREAS) == []


def footer(screen: Any) -> dict[str, str]:
    """The keys a screen's Footer shows, with their words (a game screen's is its KeyBar)."""
    if not screen.query(KeyBar):
        return {k.key: k.description for k in screen.query(FooterKey)}
    bar = screen.query_one(KeyBar)
    shown = str(bar.render())
    return {i.key: i.description for i in bar.items() if f"{i.display} {i.description}" in shown}


async def test_a_game_in_russian_with_plurals_and_a_russian_footer() -> None:
    app = SquareGameApp(GAMES, StartRequest(start=75, seed=1, hints=True), ai_delay=0, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.title == "Квадраты"
        assert (
            text_of(screen, "#hint")
            == "Горячая: можно выиграть за 7 ходов — взять 36 (остаётся 39)"
        )
        assert "Ваш ход" in text_of(screen, "#turn")
        keys = footer(screen)
        assert keys["h"] == "Подсказки" and keys["u"] == "Отмена" and keys["escape"] == "Меню"
        assert "р" not in keys  # the Russian-layout twin is not listed a second time
        await pilot.press("3", "6", "enter")
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert text_of(screen, "#message") == "Отменены 2 хода."
        panes = (screen.query_one("#history-scroll"), screen.query_one("#chart"))
        assert [str(pane.border_title) for pane in panes] == ["Ходы партии", "История оценки"]


async def test_russian_layout_letters_work() -> None:
    app = SquareGameApp(GAMES, StartRequest(start=19, seed=1), ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert text_of(screen, "#hint") == ""
        await pilot.press("р")  # the H key under the Russian layout
        assert screen.hints and text_of(screen, "#hint").startswith("Hot: you can win in")
        await pilot.press("р")
        assert not screen.hints and text_of(screen, "#hint") == ""


async def test_the_menu_in_spanish() -> None:
    app = SquareGameApp(GAMES, ai_delay=0, lang="es")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        options = menu.query_one("#menu")
        first = str(options.get_option_at_index(0).prompt)  # type: ignore[attr-defined]
        assert first == "Un montón — quita un cuadrado perfecto, un cubo…"
        assert footer(menu)["q"] == "Salir"


async def test_lang_is_for_one_run_and_settings_keep_the_saved_language(tmp_path: Path) -> None:
    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps({"lang": "en", "level": "strong"}))
    app = SquareGameApp(GAMES, ai_delay=0, data_dir=tmp_path, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.lang == "ru" and app.settings.lang == "en"
        assert str(app.screen.query_one("#menu").get_option_at_index(0).prompt).startswith(  # type: ignore[attr-defined]
            "Одна кучка"
        )
        app.action_settings()
        await pilot.pause()
        await pilot.click("#done")  # nothing changed
        await pilot.pause()
        assert app.lang == "ru" and not app.screen.query("#done")
    saved = json.loads(settings.read_text())
    assert saved["lang"] == "en" and saved["level"] == "strong"
    again = SquareGameApp(GAMES, ai_delay=0, data_dir=tmp_path)
    assert again.lang == "en"  # the next start speaks the saved language


async def test_choosing_a_language_in_settings_is_saved(tmp_path: Path) -> None:
    from textual.widgets import Select

    app = SquareGameApp(GAMES, ai_delay=0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.lang == "en"
        app.action_settings()
        await pilot.pause()
        app.screen.query_one("#lang", Select).value = "ru"
        await pilot.press("escape")
        await pilot.pause()
        assert app.lang == "ru"
    assert json.loads((tmp_path / "settings.json").read_text())["lang"] == "ru"


async def test_a_russian_lesson_answers_the_russian_layout() -> None:
    from squaregame.ui.screens.lesson import LessonScreen

    app = SquareGameApp(GAMES, ai_delay=0, lang="ru", lesson="hot-cold")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await pilot.press("т")  # N: the next step, the table to fill
        assert screen.index == 1
        await pilot.press("с")  # C: 0 is cold
        assert screen.state().marks[0] == (False, True)
