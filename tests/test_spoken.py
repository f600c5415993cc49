"""Positions in plain words (text mode's turn line, a screen reader's): each family declares
its words (:meth:`~squaregame.core.writing.Writing.spoken`), shared code only says them —
no notation, every number named, the plural each language needs."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from squaregame.core.game import GameKind
from squaregame.core.params import Values
from squaregame.core.spec import GameSpec
from squaregame.core.tables import Tables
from squaregame.core.writing import Writing
from squaregame.families import GAMES
from squaregame.text import Catalog
from squaregame.text.games import position_text, say_spoken, spoken_position
from squaregame.text.lists import spoken_list

LANGS = ("en", "ru", "es")
NOTATION = re.compile(r"[+()│∅\[\]{}]")
# Each kind with the rules it is played under (None: its own) and positions to say.
CASES: dict[str, tuple[str | None, list[Values]]] = {
    "squares": (None, [(20,), (1,), (0,), (21,)]),
    "nim": (None, [(5,), (2,)]),
    "cubes": (None, [(9,)]),
    "powers-of-two": (None, [(12,)]),
    "subtraction": ("1,3,7,8", [(21,), (0,)]),
    "wythoff": (None, [(3, 5), (0, 0), (0, 7), (4, 0), (1, 1)]),
    "sum": (None, [(5, 3, 1), (7,), (0, 0, 0), (10, 0, 4)]),
    "kayles": (None, [(7, 4), (9,), (), (1,), (6, 2, 11)]),
    "dawsons-kayles": (None, [(8,), (3, 3)]),
    "dawsons-chess": (None, [(5, 2)]),
    "grundys-game": (None, [(12,)]),
    "octal": ("0.07", [(10, 3), ()]),
}


def spec(key: str, rules: Sequence[str] = ()) -> GameSpec:
    kind = GAMES.kinds.find(key)
    read = tuple(GAMES.kinds.read_rule(kind, r) for r in rules)
    normal, _ = kind.normalize(read, None)
    return GameSpec(kind, normal, False)


def parts_spec(written: str) -> tuple[GameSpec, Values]:
    """A sum of parts as the command line writes it, ``squares:10 wythoff:3,5 kayles:5``."""
    rules, values = GAMES.kinds.read_parts("sum", [written])
    kind = GAMES.kinds.find("sum")
    read = tuple(GAMES.kinds.read_rule(kind, r) for r in rules)
    return GameSpec(kind, read, False), values


def said(game: GameSpec, values: Values, lang: str) -> str:
    return spoken_position(game, game.kind.position_from_values(values), Catalog(lang))


def numbers(text: str) -> Counter[int]:
    return Counter(int(n) for n in re.findall(r"\d+", text))


def test_every_kind_has_cases() -> None:
    assert {k.key for k in GAMES.kinds} == set(CASES)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", sorted(CASES))
def test_every_position_is_said_in_words_with_every_number(key: str, lang: str) -> None:
    rule, positions = CASES[key]
    game = spec(key, [rule] if rule else [])
    for values in positions:
        text = said(game, values, lang)
        assert text and not NOTATION.search(text), (values, text)
        assert text != position_text(game, game.kind.position_from_values(values), Catalog(lang))
        wanted = Counter(v for v in values if v)
        assert not wanted - numbers(text), (values, text)  # each number named
        assert re.search(r"[^\W\d_]{3}", text), text  # words, not only numbers


@pytest.mark.parametrize(
    ("key", "n", "text"),
    [
        ("squares", 1, "в кучке 1 фишка"),
        ("squares", 2, "в кучке 2 фишки"),
        ("squares", 5, "в кучке 5 фишек"),
        ("squares", 21, "в кучке 21 фишка"),
        ("kayles", 1, "в ряду 1 кегля"),
        ("kayles", 2, "в ряду 2 кегли"),
        ("kayles", 5, "в ряду 5 кеглей"),
        ("kayles", 21, "в ряду 21 кегля"),
    ],
)
def test_russian_says_one_number_with_its_plural(key: str, n: int, text: str) -> None:
    assert said(spec(key), (n,), "ru") == text


@pytest.mark.parametrize(
    ("last", "pile_word", "pin_word", "square_word"),
    [(1, "фишке", "кегле", "клетке"), (2, "фишки", "кегли", "клетках"),
     (5, "фишек", "кеглей", "клетках"), (21, "фишке", "кегле", "клетке")],
)  # fmt: skip
def test_russian_agrees_a_list_with_its_last_number(
    last: int, pile_word: str, pin_word: str, square_word: str
) -> None:
    assert said(spec("sum"), (7, 3, last), "ru") == f"кучки по 7, 3 и {last} {pile_word}"
    assert said(spec("kayles"), (4, last), "ru") == f"ряды по 4 и {last} {pin_word}"
    queen = said(spec("wythoff"), (last, 3), "ru")
    assert queen == f"ферзь в {last} {square_word} от левого края и в 3 от нижнего"


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [("en", "a pile of 1 counter", "a pile of 5 counters"),
     ("es", "un montón de 1 ficha", "un montón de 5 fichas")],
)  # fmt: skip
def test_english_and_spanish_say_one_in_the_singular(lang: str, one: str, many: str) -> None:
    assert said(spec("squares"), (1,), lang) == one
    assert said(spec("squares"), (5,), lang) == many


@pytest.mark.parametrize(
    ("lang", "texts"),
    [
        ("en", ["no counters left", "rows of 7 and 4 pins", "no pins left",
                "the queen 3 squares from the left edge and 5 from the bottom edge",
                "the queen in the corner", "piles of 5, 3 and 1 counters"]),
        ("ru", ["фишек не осталось", "ряды по 7 и 4 кегли", "кеглей не осталось",
                "ферзь в 3 клетках от левого края и в 5 от нижнего",
                "ферзь в углу", "кучки по 5, 3 и 1 фишке"]),
        ("es", ["no quedan fichas", "filas de 7 y 4 bolos", "no quedan bolos",
                "la reina a 3 casillas del borde izquierdo y a 5 del inferior",
                "la reina en la esquina", "montones de 5, 3 y 1 fichas"]),
    ],
)  # fmt: skip
def test_exact_words(lang: str, texts: list[str]) -> None:
    cases = [("squares", (0,)), ("kayles", (7, 4)), ("kayles", ()), ("wythoff", (3, 5)),
             ("wythoff", (0, 0)), ("sum", (5, 3, 1))]  # fmt: skip
    assert [said(spec(key), values, lang) for key, values in cases] == texts


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "3 games — Squares, a pile of 10 counters; Wythoff's queen, the queen 3 squares "
               "from the left edge and 5 from the bottom edge; Kayles, rows of 2 and 4 pins"),
        ("ru", "3 игры — Квадраты, в кучке 10 фишек; Ферзь Витхоффа, ферзь в 3 клетках от "
               "левого края и в 5 от нижнего; Кегли, ряды по 2 и 4 кегли"),
        ("es", "3 juegos — Cuadrados, un montón de 10 fichas; La reina de Wythoff, la reina a 3 "
               "casillas del borde izquierdo y a 5 del inferior; Kayles, filas de 2 y 4 bolos"),
    ],
)  # fmt: skip
def test_a_sum_of_three_families_says_each_part_in_its_own_words(lang: str, text: str) -> None:
    game, values = parts_spec("squares:10 wythoff:3,5 kayles:2,4")
    assert said(game, values, lang) == text


def test_an_empty_part_and_one_game_of_parts_are_said() -> None:
    game, values = parts_spec("nim:0 wythoff:0,0")
    assert said(game, values, "en") == (
        "2 games — Nim, no counters left; Wythoff's queen, the queen in the corner"
    )
    assert said(game, values, "ru").startswith("2 игры — ")
    five, values = parts_spec("nim:1 nim:2 nim:3 kayles:4 wythoff:5,6")
    assert said(five, values, "ru").startswith("5 игр — ")


def test_games_side_by_side_say_each_group_by_its_rule_without_separators() -> None:
    kind = GAMES.kinds.find("octal")
    rules = tuple(GAMES.kinds.read_rule(kind, r) for r in ("kayles", "0.33", "kayles"))
    game = GameSpec(kind, rules, False)
    values = (7, 0, 4, 2, 0)  # the last group has no row left
    assert "│" in position_text(game, kind.position_from_values(values))
    for lang in LANGS:
        text = said(game, values, lang)
        assert not NOTATION.search(text) and "∅" not in text, text
        assert not Counter({7: 1, 4: 1, 2: 1}) - numbers(text), text
    assert said(game, values, "en") == (
        "kayles, a row of 7 pins; 0.33, rows of 4 and 2 pins; kayles, no pins left"
    )
    # without the rules (a kind asked alone), each group by its number
    alone = spoken_position(kind, kind.position_from_values(values), Catalog("en"))
    assert alone.startswith("game 1, a row of 7 pins; game 2, rows of 4 and 2 pins; game 3")


@pytest.mark.parametrize(
    ("lang", "lists"),
    [("en", ["7", "7 and 4", "5, 3 and 1", "1, 2, 3 and 4"]),
     ("ru", ["7", "7 и 4", "5, 3 и 1", "1, 2, 3 и 4"]),
     ("es", ["7", "7 y 4", "5, 3 y 1", "1, 2, 3 y 4"])],
)  # fmt: skip
def test_lists_are_joined_in_the_language(lang: str, lists: list[str]) -> None:
    items: list[Sequence[int]] = [(7,), (7, 4), (5, 3, 1), (1, 2, 3, 4)]
    assert [spoken_list(i, Catalog(lang)) for i in items] == lists
    assert spoken_list(["a, b", "c"], Catalog(lang), "phrases") == "a, b; c"


class Bare(Writing):
    """A kind's writing with no words of its own for positions."""

    def position_values(self, pos: Any) -> Values:
        return tuple(pos)

    def position_from_values(self, values: Values) -> Any:
        return values


def test_a_kind_without_words_of_its_own_says_its_numbers() -> None:
    assert say_spoken(Bare().spoken((3, 8)), Catalog("en")) == "the numbers 3 and 8"
    assert say_spoken(Bare().spoken_in((), (3, 8)), Catalog("ru")) == "числа 3 и 8"


def test_spoken_position_takes_a_kind_a_spec_or_a_game() -> None:
    kind: GameKind = GAMES.kinds.find("kayles")
    game = spec("kayles").build(Tables())
    for which in (kind, spec("kayles"), game):
        assert spoken_position(which, (7, 4), Catalog("en")) == "rows of 7 and 4 pins"


@pytest.mark.parametrize(
    ("lang", "line"),
    [("en", "Kayles: rows of 7 and 4 pins."), ("ru", "Кегли: ряды по 7 и 4 кегли."),
     ("es", "Kayles: filas de 7 y 4 bolos.")],
)  # fmt: skip
def test_the_turn_line_says_the_position_in_words(lang: str, line: str, tmp_path: Path) -> None:
    env = {**os.environ, "SQUAREGAME_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run(
        [sys.executable, "-m", "squaregame", "--lang", lang, "play", "kayles", "7", "4", "--text"],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1] == line
