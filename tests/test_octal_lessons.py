"""The take-and-break family in the lessons: the Kayles lesson in every language, every
exercise its kinds take checked against a plain reference (tests/reference.py), and its
worksheet with an answer key."""

from __future__ import annotations

import subprocess
import sys
from functools import reduce
from operator import xor
from typing import Any

import pytest

from reference import kayles_children, kayles_cold, kayles_grundy
from squaregame.core.tables import Tables
from squaregame.families import GAMES
from squaregame.lessons import exercise_model as em
from squaregame.lessons import exercises as ex
from squaregame.lessons import worksheets as ws
from squaregame.lessons.model import find_lesson, game_of
from squaregame.lessons.strings import Strings
from squaregame.lessons.worksheet_html import document
from squaregame.lessons.worksheet_svg import page_svg
from squaregame.text import Catalog

LANGS = ("en", "ru", "es")
OCTAL = [k for k in GAMES.family("octal").kinds if k.param("rule") is None]  # named kinds
ITEMS = 40
TABLES = Tables()


def kayles() -> Any:
    return game_of({"game": "kayles"}, GAMES.kinds, TABLES)


def items(kind: str, game: Any, low: int, high: int, lang: str = "en") -> list[em.Exercise]:
    S, out, seen = Strings(lang), [], []
    for i in range(ITEMS):
        rng = em.seeded(5, kind, i)
        try:
            item = ex.generate(kind, game, rng, S, low, high, seen)
        except em.NoPosition:  # every position was asked: start again (as the lesson does)
            seen.clear()
            item = ex.generate(kind, game, rng, S, low, high, seen)
        seen.append(item.position)
        out.append(item)
    return out


# -- the lesson -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_kayles_lesson_loads_and_every_step_draws(lang: str) -> None:
    lesson = find_lesson("kayles", GAMES, lang)
    assert lesson.number == 11 and lesson.lang == lang
    kinds = [s.kind for s in lesson.steps]
    assert {"quiz", "mex", "grundy", "explain", "try"} <= set(kinds)
    S = Strings(lang)
    for step in lesson.steps:
        game = step.game_or_none(TABLES)
        step.spec.lines(game, S)  # every generated step draws
        if step.kind == "quiz":
            spec = step.spec
            for i in range(5):
                rng = em.seeded(1, lesson.id, i)
                item = ex.generate(spec.ask, game, rng, S, spec.low, spec.high, spec.avoid)  # type: ignore[attr-defined]
                assert item.correct and item.prompt


def test_the_three_languages_have_the_same_steps() -> None:
    shapes = {
        lang: [(s.kind, s.params) for s in find_lesson("kayles", GAMES, lang).steps]
        for lang in LANGS
    }
    assert shapes["ru"] == shapes["en"] == shapes["es"]


def test_the_kayles_values_shown_are_the_reference_and_the_period_is_said() -> None:
    lesson = find_lesson("kayles", GAMES, "en")
    step = next(s for s in lesson.steps if s.kind == "grundy" and s.game_spec.kind.key == "kayles")  # type: ignore[union-attr]
    lines = step.spec.lines(step.game(TABLES), Strings("en"))
    row70 = next(line for line in lines if line.startswith(" 70:"))
    assert row70.split()[1:] == [
        ("☹" if g == 0 else "☺") + str(g) for g in map(kayles_grundy, range(70, 80))
    ]
    assert "after 71 positions, a period of 12" in lines[-1]


def test_the_lesson_is_listed_by_the_cli() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "squaregame", "lesson", "--list"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert "kayles" in out.splitlines()[-1]


# -- the exercises ------------------------------------------------------------------------


@pytest.mark.parametrize("kind", OCTAL, ids=lambda k: k.key)
def test_every_exercise_the_kinds_take_generates(kind: Any) -> None:
    game = game_of({"game": kind.key}, GAMES.kinds, TABLES)
    for name in ex.NAMES:
        if not ex.find_exercise(name).applies(kind):
            continue
        if name in kind.exercises or ex.find_exercise(name).general:
            for item in items(name, game, 1, 8)[:10]:
                shown = {v for _, v in item.choices}
                assert item.correct & shown, (name, item.position)  # a right choice offered
    assert {"grundy", "nimsum"} <= kind.exercises
    assert not ex.find_exercise("pile").applies(kind)  # piles of a sum only


def test_the_nimsum_answer_is_the_xor_of_the_rows_grundy_values() -> None:
    for lang in LANGS:
        for item in items("nimsum", kayles(), 1, 95, lang):
            rows = item.position
            assert len(rows) >= 2
            values = [kayles_grundy(n) for n in rows]
            assert item.correct == {reduce(xor, values, 0)}
            assert len(item.work) == len(rows)
            for i, (n, g) in enumerate(zip(rows, values, strict=True)):
                assert f" {n}, " in item.work[i] and f" {g} = " in item.work[i]
            assert " + ".join(map(str, rows)) in item.prompt
    en = items("nimsum", kayles(), 1, 20)[0]
    assert "rows' Grundy values" in en.prompt and en.work[0].startswith("row 1:")


def test_the_grundy_exercise_asks_one_row_and_is_the_mex() -> None:
    for item in items("grundy", kayles(), 1, 12):
        assert len(item.position) == 1
        assert item.correct == {kayles_grundy(item.position[0])}
        assert len(item.work) == len(kayles_children(item.position))


@pytest.mark.parametrize("kind", ["hot", "moves"])
def test_hot_and_winning_moves_agree_with_a_search(kind: str) -> None:
    for item in items(kind, kayles(), 1, 9):
        pos = item.position
        if kind == "hot":
            assert item.correct == {"cold" if kayles_cold(pos) else "hot"}
        else:
            wins = {k for k in kayles_children(pos) if kayles_cold(k)}
            assert item.correct == wins
            shown = [v for _, v in item.choices]
            assert len(shown) == len(set(shown))  # one move to each position


def test_a_lone_row_of_kayles_is_always_hot() -> None:
    assert not any(kayles_cold((n,)) for n in range(1, 30))  # the mirror strategy


# -- the worksheet --------------------------------------------------------------------------


@pytest.mark.sweep
@pytest.mark.parametrize("lang", LANGS)
def test_the_kayles_worksheet_has_a_key_agreeing_with_the_reference(lang: str) -> None:
    sheets = ws.sheets(ws.Request("kayles", seed=2, students=6, lang=lang), GAMES, TABLES)
    C = Catalog(lang)
    cold = 0
    for sheet in sheets:
        assert sheet.title == C("octal.worksheet.title") and len(sheet.problems) == ws.ITEMS[0]
        for p in sheet.problems:
            rows = p.position
            values = [kayles_grundy(n) for n in rows]
            total = reduce(xor, values, 0)
            assert [r[2] for r in p.rows[:-1]] == [str(g) for g in values]
            assert p.rows[-1][3] == format(total, f"0{len(p.rows[-1][3])}b")
            assert p.answer[0].startswith(C("octal.worksheet.result", total=total, value="")[:8])
            if total == 0:
                cold += 1
                assert kayles_cold(rows) and p.answer[1] == C("octal.worksheet.none")
            else:
                assert not kayles_cold(rows)
                assert p.answer[1].startswith(C("octal.worksheet.moves_head"))
    assert cold >= 2 * len(sheets)
    key, blank = document(sheets, True), document(sheets, False)
    assert C("octal.worksheet.moves_head") in key and C("octal.worksheet.moves_head") not in blank
    assert page_svg(sheets[0], True)


def test_the_worksheet_words_are_in_every_language() -> None:
    en = Catalog("en")
    for lang in ("ru", "es"):
        C = Catalog(lang)
        for key in ("title", "games", "task", "task_move", "none", "fill_move"):
            assert C(f"octal.worksheet.{key}") != en(f"octal.worksheet.{key}")
