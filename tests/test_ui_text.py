"""The app speaks the chosen language: Settings, Help, the lesson list and a lesson, read off
the rendered screen (``text_check``); the Language setting is saved and switches the running
app, ``--lang`` holds for one run only; letter keys work under the Russian layout."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from text_check import english_words, foreign_words, visible_lines
from textual.pilot import Pilot
from textual.widgets import OptionList, Select
from ui_helpers import settle

from squaregame.cli.main import main, make_parser
from squaregame.families import GAMES
from squaregame.lessons.strings import LESSON_FILES, Strings, lessons_root, template_languages
from squaregame.text import Catalog, language, set_language
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.help import help_text
from squaregame.ui.screens.lesson import LessonScreen
from squaregame.ui.screens.lessons import LessonListScreen
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.screens.settings import SettingsScreen

LANGS = ["en", "ru", "es"]
FOOTER_WORD = {"en": "Next", "ru": "Дальше", "es": "Siguiente"}


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    set_language("en")  # the language is process-wide: leave the next test as it expects


def settings_file() -> Path:
    return Path(os.environ["SQUAREGAME_DATA_DIR"]) / "settings.json"


def saved_lang() -> str:
    return str(json.loads(settings_file().read_text(encoding="utf-8"))["lang"])


def check(app: SquareGameApp, lang: str, where: str) -> None:
    bad = foreign_words(app, lang)
    screen = "\n".join(visible_lines(app))
    assert not bad, f"{where} ({lang}) shows {sorted(set(bad))}:\n{screen}"


# -- every screen of this area speaks the language --------------------------------------


@pytest.mark.slow  # (a walk of each language; test_ui_walk's Russian one is in the default run)
@pytest.mark.parametrize("lang", LANGS)
async def test_settings_help_lessons_and_a_lesson_speak_the_language(lang: str) -> None:
    # Settings and Help are opened over the lesson list: the menu behind them is not this
    # area's to translate (text_check.foreign_words can walk it once it is).
    app = SquareGameApp(GAMES, ai_delay=0, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.action_lessons()
        await pilot.pause()
        assert isinstance(app.screen, LessonListScreen)
        check(app, lang, "lesson list")
        await pilot.press("question_mark")
        await pilot.pause()
        check(app, lang, "help")
        await pilot.press("escape")
        app.action_settings()
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        check(app, lang, "settings")
        await pilot.press("escape")
        await pilot.pause()
        for lesson_number in (1, 2):  # every kind of panel but the sieve and the board
            await walk_lesson(pilot, app, lang, lesson_number)


async def walk_lesson(pilot: Pilot[None], app: SquareGameApp, lang: str, number: int) -> None:
    assert isinstance(app.screen, LessonListScreen)
    app.screen.query_one("#lesson-list", OptionList).highlighted = number - 1
    await pilot.press("enter")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, LessonScreen) and screen.lesson.lang == lang
    assert FOOTER_WORD[lang] in visible_lines(app)[-1]  # the Footer is translated
    for i, step in enumerate(screen.lesson.steps):
        for keys in ((), ("space",), ("h",), ("enter",)):  # more lines, a mark, an answer
            await pilot.press(*keys)
            await pilot.pause()
            check(app, lang, f"lesson {number}, step {i + 1} ({step.kind}) after {keys}")
        if step.kind == "try":
            await pilot.press("t")
            await settle(pilot)
            assert isinstance(app.screen, GameScreen)
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("pagedown")
        await pilot.pause()
    await pilot.press("escape")
    await pilot.pause()


def test_the_check_catches_english() -> None:
    """The helper itself: English on a Russian or Spanish screen is found."""
    import asyncio

    async def words() -> tuple[list[str], list[str]]:
        app = SquareGameApp(GAMES, ai_delay=0, lang="en")
        async with app.run_test(size=(80, 24)) as pilot:
            app.action_lessons()
            await pilot.pause()
            return english_words(app, "ru"), english_words(app, "es")

    ru, es = asyncio.run(words())
    assert "Menu" in ru and "Choose" in ru
    assert "lesson" in es and "Help" in es


# -- the Language setting, and --lang -----------------------------------------------------


async def test_language_setting_is_saved_and_switches_the_app_but_lang_is_not_saved() -> None:
    app = SquareGameApp(GAMES, ai_delay=0, lang="ru")  # saved: English (nothing saved yet)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert language() == "ru"
        app.action_lessons()
        await pilot.pause()
        await pilot.press("down", "enter")  # lesson 2, below the dialog
        await pilot.pause()
        app.action_settings()
        await pilot.pause()
        assert app.screen.query_one("#lang", Select).value == "ru"  # what is spoken now
        await pilot.press("escape")  # settings saved at once, the run's language not
        await pilot.pause()
        assert saved_lang() == "en" and language() == "ru"

        app.action_settings()
        await pilot.pause()
        app.screen.query_one("#lang", Select).value = "es"
        await pilot.click("#done")
        await pilot.pause()
        assert saved_lang() == "es" and language() == "es"
        lesson = app.screen
        assert isinstance(lesson, LessonScreen)  # redrawn beneath the dialog
        assert "Paso 1 de 5" in "\n".join(visible_lines(app))
        assert FOOTER_WORD["es"] in visible_lines(app)[-1]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LessonListScreen)
        assert app.screen.title == "Lecciones"
        assert app.screen.lessons[0].lang == "es"  # the list now offers the Spanish lessons
        check(app, "es", "lesson list after the switch")
        await pilot.press("escape")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MenuScreen)  # recomposed, and still ready for a key
        assert menu.query_one("#menu").has_focus

    again = SquareGameApp(GAMES, ai_delay=0)  # the next run speaks the saved language
    assert language() == "es" and again.settings.lang == "es"
    once = SquareGameApp(GAMES, ai_delay=0, lang="en")
    async with once.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert language() == "en"
        once.action_settings()
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    assert saved_lang() == "es"


def test_lang_accepts_every_language_and_refuses_others(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--lang", "xx"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'xx'" in err and "en, es, ru" in err
    assert main(["--lang", "de", "lesson", "--list"]) == 2
    capsys.readouterr()
    assert main(["--lang", "es", "lesson", "--list"]) == 0
    assert "Números calientes y fríos" in capsys.readouterr().out
    assert main(["--lang", "ru", "lesson", "--list"]) == 0
    assert "Почему 22" in capsys.readouterr().out
    assert "en, es, ru" in make_parser().format_help()
    assert not settings_file().exists()  # --lang is never saved


# -- the Russian keyboard layout ----------------------------------------------------------


async def test_lesson_letter_keys_work_under_the_russian_layout() -> None:
    app = SquareGameApp(GAMES, ai_delay=0, lang="ru", lesson="hot-cold")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await pilot.press("т")  # n: next step, the table to fill
        assert screen.index == 1 and screen.step.kind == "fill"
        await pilot.press("р")  # h: 0 is hot? — wrong, explained
        assert screen.state().marks[0] == (True, False)
        await pilot.press("с")  # c: cold — right, on to 1
        assert screen.state().marks[0] == (False, False) and screen.state().cursor == 1
        await pilot.press("и")  # b: back
        assert screen.index == 0
    app = SquareGameApp(GAMES, ai_delay=0, lang="ru", lesson="squares")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("т", "т")  # past the sample game
        assert isinstance(app.screen, LessonScreen) and app.screen.step.kind == "try"
        await pilot.press("е")  # t: try it
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


# -- catalogs, templates, help --------------------------------------------------------------


def test_counted_nouns_use_each_languages_plural_forms() -> None:
    ru, es = Catalog("ru"), Catalog("es")
    assert [ru("ui_widgets.reveal.more", count=n) for n in (1, 3, 5, 21)] == [
        "… ещё 1 строка — Пробел",
        "… ещё 3 строки — Пробел",
        "… ещё 5 строк — Пробел",
        "… ещё 21 строка — Пробел",
    ]
    assert [es("ui_widgets.reveal.more", count=n) for n in (1, 2)] == [
        "… 1 línea más — Espacio",
        "… 2 líneas más — Espacio",
    ]
    period = [ru("ui_widgets.sums.period", count=n, start=0) for n in (1, 2, 5)]
    assert ["значение повторяется" in period[0], "значения повторяются" in period[1],
            "значений повторяются" in period[2]] == [True] * 3  # fmt: skip
    after = [Strings("ru")("period", count=n, start=n, length=4) for n in (1, 2, 5)]
    assert ["после 1 позиции" in after[0], "после 2 позиций" in after[1],
            "после 5 позиций" in after[2]] == [True] * 3  # fmt: skip
    assert "tras 1 posición," in Strings("es")("period", count=1, start=1, length=4)
    assert "after 2 positions," in Strings("en")("period", count=2, start=2, length=4)


def test_every_generator_template_is_in_every_language() -> None:
    import tomllib

    def keys(lang: str) -> dict[str, object]:
        with open(lessons_root() / lang / "strings.toml", "rb") as f:
            return tomllib.load(f)

    english = keys("en")
    assert set(template_languages()) >= {"en", "ru", "es"}
    for lang in template_languages():
        table = keys(lang)
        assert set(table) == set(english), lang  # the screens' texts live in the catalogs
        assert any((lessons_root() / lang).glob(LESSON_FILES)), lang
        for key, value in table.items():
            if isinstance(value, dict):
                needed = {"ru": {"one", "few", "many"}, "es": {"one", "other"}}.get(lang, {"one"})
                assert needed <= set(value), (lang, key)


def test_help_in_the_apps_language_with_english_behind_it() -> None:
    set_language("es")
    assert help_text().startswith("# Ayuda")
    set_language("ru")
    assert help_text().startswith("# Справка")
    assert help_text("xx") == help_text("en")
