"""A lesson's text in each front end (:mod:`squaregame.lessons.modes`): the app says what it
always said (its keys), text mode says the commands a student types. Every lesson's every
step is said through text mode in en, ru and es, and no line of it names an app key."""

from __future__ import annotations

import io
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from squaregame.families import GAMES
from squaregame.lessons.model import load_lesson, load_lessons
from squaregame.lessons.modes import APP, TEXT, for_mode, marks, marks_error
from squaregame.lessons.schema import LessonError
from squaregame.lessons.strings import Strings, lessons_root
from squaregame.text import set_language
from squaregame.textmode.console import Console
from squaregame.textmode.lesson import TextLesson
from squaregame.textmode.markdown import plain_lines

LANGS = ("en", "ru", "es")
SOME_LANGS = ["en", "ru", pytest.param("es", marks=pytest.mark.slow)]  # (es: the slow run)

# What names a key of the app (or its colours) in a lesson's words: what the text-mode
# alternatives replaced. Read on plain lines (Markdown marks dropped).
APP_KEYS = {
    "en": [r"\bpress", r"\bspace\b", r"\besc\b", r"\benter\b", r"\(h\)", r"\ba gives\b",
           r"\(a:", r"\bs shows\b", r"\bw opens\b", r"\(press t\)", r"\bnext t\b",
           r"\bred in the classic\b", r"\(green\)"],
    "ru": [r"нажм", r"нажим", r"пробел", r"клавиш", r"\besc\b", r"\benter\b", r"\(h\)",
           r"\(a —", r"\bs покажет\b", r"\bh — горячее", r"\bt — с другого",
           r"красный", r"\(зелёный\)"],
    "es": [r"\bpulsa", r"\bespacio\b", r"\besc\b", r"\benter\b", r"\(h\)", r"\ba da\b",
           r"\(a:", r"\bs lo muestra\b", r"\bw lo abre\b", r"\bh si es caliente",
           r"\bc si es frío", r"\bcada t\b", r"\brojo\b", r"\(verde\)"],
}  # fmt: skip


def keys(lang: str) -> re.Pattern[str]:
    return re.compile("|".join(APP_KEYS[lang]), re.I)


def plain(markdown: str) -> str:
    return "\n".join(plain_lines(markdown))


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language("en")


def test_a_mark_says_one_thing_in_the_app_and_another_in_text_mode() -> None:
    text = "Go on. {app: Press **Space**. | text: Type **next**.} Then {text: (typed)}{app: (key)}."
    assert for_mode(text, APP) == "Go on. Press **Space**. Then (key)."
    assert for_mode(text, TEXT) == "Go on. Type **next**. Then (typed)."
    assert for_mode(text) == for_mode(text, APP)


def test_a_mark_spans_lines_and_holds_braces_of_its_own() -> None:
    text = "# For {1, 3}\n\n{app: Press **t** to play {1,3}\nfrom 4. |\n  text: Type play; {1,3}.}"
    assert for_mode(text, APP) == "# For {1, 3}\n\nPress **t** to play {1,3}\nfrom 4."
    assert for_mode(text, TEXT) == "# For {1, 3}\n\nType play; {1,3}."
    assert marks(text) == [{APP: "Press **t** to play {1,3}\nfrom 4.", TEXT: "Type play; {1,3}."}]


def test_text_without_marks_is_kept_as_it_is() -> None:
    for text in ("", "S = {1, 2} | T", "a {b} c\n", "{application: x}"):
        assert for_mode(text, APP) == for_mode(text, TEXT) == text
    with pytest.raises(ValueError, match="no mode"):
        for_mode("x", "screen")


@pytest.mark.parametrize(
    "text, error",
    [("{app: Press **t**", "“{app:” is never closed by }"),
     ("{text: a {b}", "“{text:” is never closed by }"),
     ("{app: a | text: b | text: c}", "a mark has two “| text:” parts")],
)  # fmt: skip
def test_a_mark_that_does_not_read_is_refused_when_the_lesson_loads(
    tmp_path: Path, text: str, error: str
) -> None:
    assert marks_error(text) == error
    path = tmp_path / "01-x.toml"
    path.write_text(f'title = "X"\n[[step]]\ntext = """\n{text}\n"""\n')
    with pytest.raises(LessonError, match=re.escape(error)):
        load_lesson(path, "en", GAMES)


def step_sources(lang: str) -> Iterator[tuple[str, str]]:
    """(where, the step's text as its file has it) for every step of ``lang``'s lessons."""
    for path in sorted((lessons_root() / lang).glob("[0-9][0-9]-*.toml")):
        with open(path, "rb") as f:
            for i, step in enumerate(tomllib.load(f)["step"], 1):
                yield f"{path.name}, step {i}", step.get("text", "").strip()


ALTERNATIVE = re.compile(r"\{app: (.*?) \| text: .*?\}", re.S)  # (how the shipped marks read)


@pytest.mark.parametrize("lang", LANGS)
def test_the_app_says_what_it_said_and_text_mode_names_no_key(lang: str) -> None:
    """The app's text of each step is its file's text with each mark's app part in place
    (no mark left); each mark's app part names a key and its text part none."""
    lessons = load_lessons(GAMES, lang)
    steps = [s for lesson in lessons for s in lesson.steps]
    sources = list(step_sources(lang))
    assert len(steps) == len(sources)
    found = 0
    for step, (where, source) in zip(steps, sources, strict=True):
        assert step.text == ALTERNATIVE.sub(r"\1", source), where
        assert "{app:" not in step.text and "{text:" not in step.text_in(TEXT), where
        for mark in marks(source):
            found += 1
            assert keys(lang).search(plain(mark[APP])), (where, mark[APP])
            assert not keys(lang).search(plain(mark.get(TEXT, ""))), (where, mark.get(TEXT))
    assert found >= 16  # (every lesson's keys: about 16 places a language)


@pytest.mark.parametrize("lang", SOME_LANGS)
def test_no_line_of_a_text_mode_lesson_names_an_app_key(lang: str) -> None:
    set_language(lang)
    for each in load_lessons(GAMES, lang):
        out = io.StringIO()
        source = io.StringIO("next\n" * len(each.steps))
        TextLesson(Console(source, out), each, 7, level="perfect").run()
        said = out.getvalue()
        for step in each.steps:  # every step was said
            for line in plain_lines(step.text_in(TEXT))[:1]:
                assert line in said, (each.id, line)
        bad = [line for line in said.splitlines() if keys(lang).search(line)]
        assert not bad, (each.id, bad)


GRID = re.compile(r"[☹☺].*[☹☺].*[☹☺]")  # a row of marks, to be seen, not heard


def said_in_text_mode(lang: str, number: int) -> str:
    set_language(lang)
    each = next(x for x in load_lessons(GAMES, lang) if x.number == number)
    out = io.StringIO()
    TextLesson(Console(io.StringIO("next\n" * len(each.steps)), out), each, 7).run()
    return out.getvalue()


@pytest.mark.parametrize("lang", SOME_LANGS)
def test_text_mode_says_tables_as_lists_in_words(lang: str) -> None:
    sums, kayles, digits, pairs = (said_in_text_mode(lang, n) for n in (9, 11, 5, 7))
    for said in (sums, kayles, digits):
        assert not [line for line in said.splitlines() if GRID.search(line)]
    pair = {"en": "the pair", "ru": "пара", "es": "el par"}[lang]
    assert f"k = 5: {pair} (8, 13); ⌊k·φ⌋ = 8" in pairs.splitlines()
    row = {"en": "pile 2 at 4: cold when pile 1 is 4, 9, 14",
           "ru": "во второй кучке 4: холодно, когда в первой 4, 9, 14",
           "es": "montón 2 con 4: fría cuando el montón 1 tiene 4, 9, 14"}  # fmt: skip
    assert row[lang] in sums.splitlines()  # (Squares: G(4) = G(9) = G(14) = 2)
    ten = {"en": "10 to 19: ", "ru": "от 10 до 19: ", "es": "de 10 a 19: "}[lang]
    assert ten + "2, 6, 4, 1, 2, 7, 1, 4, 3, 2" in kayles.splitlines()  # (Kayles' values)
    assert {"en": "ending in 6: 0, 0, 0, 1, 1", "ru": "оканчиваются на 6: 0, 0, 0, 1, 1",
            "es": "terminan en 6: 0, 0, 0, 1, 1"}[lang] in digits.splitlines()  # fmt: skip


def test_the_app_still_shows_the_tables_as_grids() -> None:
    steps = [s for each in load_lessons(GAMES, "en") for s in each.steps]
    kinds = {s.kind: s for s in steps if s.kind in ("sumtable", "grundy", "digits", "pairs")}
    assert len(kinds) == 4
    for step in kinds.values():
        game = step.game_or_none()
        seen, heard = step.spec.lines(game, Strings("en")), step.spec.spoken(game, Strings("en"))
        assert seen != heard and any(GRID.search(line) or "  " in line for line in seen)
