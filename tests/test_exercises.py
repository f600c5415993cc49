"""Exercises generated from the tables: each kind makes 100 fresh items, every one checked
against the slow reference (tests/reference.py), never against the package's own tables."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable
from functools import cache
from typing import Any

import pytest
from build import KINDS

from reference import (
    grundy,
    pile_children,
    set_amounts,
    solve,
    squares_amounts,
    sum_children,
    wythoff_children,
)
from squaregame.lessons import exercise_model as em
from squaregame.lessons import exercises as ex
from squaregame.lessons.model import game_of
from squaregame.lessons.strings import Strings

ITEMS = 100
S = Strings("en")


@cache
def ref_squares(misere: bool) -> dict[Hashable, tuple[str, int]]:
    return solve(range(101), pile_children(squares_amounts), misere)


@cache
def ref_squares_grundy() -> dict[Hashable, int]:
    return grundy(range(101), pile_children(squares_amounts))


@cache
def ref_set_grundy() -> dict[Hashable, int]:
    return grundy(range(101), pile_children(set_amounts({1, 3, 7, 8})))


@cache
def ref_wythoff(misere: bool) -> dict[Hashable, tuple[str, int]]:
    cells = sorted(itertools.product(range(25), repeat=2), key=sum)
    return solve(cells, wythoff_children, misere)  # type: ignore[arg-type]


def squares_kids(n: Any) -> list[Any]:
    return pile_children(squares_amounts)(n)


def ref_sum3() -> tuple[Callable[[Any], list[Any]], Callable[[Any], int]]:
    g = ref_squares_grundy()
    kids = sum_children([squares_amounts] * 3)

    def nim(pos: Any) -> int:
        out = 0
        for n in pos:
            out ^= g[n]
        return out

    return kids, nim


def items(kind: str, game: Any, low: int, high: int) -> list[em.Exercise]:
    """100 items as a student asking for one more each time gets them."""
    out: list[em.Exercise] = []
    seen: list[Any] = []
    for i in range(ITEMS):
        rng = em.seeded(7, kind, i)
        try:
            item = ex.generate(kind, game, rng, S, low, high, seen)
        except em.NoPosition:
            seen.clear()
            item = ex.generate(kind, game, rng, S, low, high, seen)
        seen.append(item.position)
        out.append(item)
    return out


def common(batch: list[em.Exercise]) -> None:
    """Every item offers a right answer, a note for each wrong one, and differs from the
    one before it (a fresh position each attempt)."""
    for a, b in itertools.pairwise(batch):
        assert a.position != b.position or a.kind == "blunder"
    for item in batch:
        offered = {v for _, v in item.choices}
        assert item.correct & offered, item
        assert item.prompt and item.why and item.answer
        for value in offered - item.correct:
            assert item.explain(value), (item.prompt, value)
            assert item.explain(value) != item.why  # a wrong answer does not give it away
        for value in item.correct & offered:
            assert item.why in item.explain(value)


@pytest.mark.parametrize("misere", [False, True])
def test_is_n_hot(misere: bool) -> None:
    game = game_of({"game": "squares", "misere": misere}, KINDS)
    batch = items("hot", game, 1, 100)
    common(batch)
    for item in batch:
        assert item.correct == {ref_squares(misere)[item.position][0]}


def test_is_the_queen_hot() -> None:
    batch = items("hot", game_of({"game": "wythoff"}, KINDS), 0, 24)
    common(batch)
    for item in batch:
        assert item.correct == {ref_wythoff(False)[item.position][0]}


@pytest.mark.parametrize("misere", [False, True])
def test_which_moves_win(misere: bool) -> None:
    batch = items("moves", game_of({"game": "squares", "misere": misere}, KINDS), 2, 100)
    common(batch)
    ref = ref_squares(misere)
    for item in batch:
        n = item.position
        assert ref[n][0] == "hot"
        assert item.correct == {c for c in squares_kids(n) if ref[c][0] == "cold"}
        assert any(ref[v][0] == "hot" for _, v in item.choices)  # a losing move is offered


def test_which_queen_moves_win() -> None:
    batch = items("moves", game_of({"game": "wythoff"}, KINDS), 1, 24)
    common(batch)
    ref = ref_wythoff(False)
    for item in batch:
        kids = wythoff_children(item.position)
        assert item.correct == {c for c in kids if ref[c][0] == "cold"}


def test_what_is_the_remoteness() -> None:
    batch = items("remoteness", game_of({"game": "squares"}, KINDS), 1, 100)
    common(batch)
    for item in batch:
        assert item.correct == {ref_squares(False)[item.position][1]}


def test_find_the_blunder() -> None:
    batch = items("blunder", game_of({"game": "squares"}, KINDS), 5, 100)
    common(batch)
    ref = ref_squares(False)
    for item in batch:
        line = item.line
        assert line[0] == item.position and not squares_kids(line[-1])  # played to the end
        for a, b in itertools.pairwise(line):
            assert b in squares_kids(a)
        blunders = [
            i for i, (a, b) in enumerate(itertools.pairwise(line))
            if ref[a][0] == "hot" and ref[b][0] == "hot"
        ]  # fmt: skip
        assert item.correct == set(blunders) and len(blunders) == 1
        assert len(item.work) == len(line) - 1


def test_find_the_blunder_on_the_board() -> None:
    batch = items("blunder", game_of({"game": "wythoff"}, KINDS), 2, 24)
    ref = ref_wythoff(False)
    for item in batch:
        pairs = list(itertools.pairwise(item.line))
        blunders = [i for i, (a, b) in enumerate(pairs) if ref[a][0] == ref[b][0] == "hot"]
        assert item.correct == set(blunders) and len(blunders) == 1


@pytest.mark.parametrize(
    "rule, ref", [("squares", ref_squares_grundy), ("1,3,7,8", ref_set_grundy)]
)
def test_what_is_the_grundy_value(rule: str, ref: Callable[[], dict[Hashable, int]]) -> None:
    spec = {"game": "squares"} if rule == "squares" else {"game": "subtraction", "rule": rule}
    batch = items("grundy", game_of(spec, KINDS), 1, 100)
    common(batch)
    for item in batch:
        assert item.correct == {ref()[item.position]}
        amounts = squares_amounts if rule == "squares" else set_amounts({1, 3, 7, 8})
        assert len(item.work) == len(pile_children(amounts)(item.position))  # the mex table


def test_what_is_the_nim_sum() -> None:
    game = game_of({"game": "sum", "rules": ["squares"] * 3}, KINDS)
    batch = items("nimsum", game, 1, 30)
    common(batch)
    _, nim = ref_sum3()
    for item in batch:
        assert item.correct == {nim(item.position)}
        assert len(item.work) == 3  # each pile's Grundy value
        sizes = item.position[0] ^ item.position[1] ^ item.position[2]
        offered = {value for _, value in item.choices}
        assert sizes in item.correct or sizes not in offered  # never the piles' own nim-sum
        assert "Grundy values" in item.prompt  # whose nim-sum: the Grundy values'


def test_which_pile_and_how_much() -> None:
    game = game_of({"game": "sum", "rules": ["squares"] * 3}, KINDS)
    batch = items("pile", game, 1, 30)
    common(batch)
    kids, nim = ref_sum3()
    for item in batch:
        assert nim(item.position) != 0
        assert item.correct == {c for c in kids(item.position) if nim(c) == 0}


def test_a_seed_gives_a_class_the_same_items() -> None:
    game = game_of({"game": "squares"}, KINDS)
    first = [ex.generate("moves", game, em.seeded(42, "x", i), S, 2, 100) for i in range(20)]
    again = [ex.generate("moves", game, em.seeded(42, "x", i), S, 2, 100) for i in range(20)]
    other = [ex.generate("moves", game, em.seeded(43, "x", i), S, 2, 100) for i in range(20)]
    assert [x.position for x in first] == [x.position for x in again]
    assert [x.position for x in first] != [x.position for x in other]


def test_avoid_keeps_the_lessons_own_examples_out() -> None:
    game = game_of({"game": "squares"}, KINDS)
    for i in range(50):
        item = ex.generate("hot", game, em.seeded(1, i), S, 20, 24, [22, 23])
        assert item.position not in (22, 23)
    with pytest.raises(em.NoPosition):
        ex.generate("moves", game, em.seeded(1), S, 22, 22)  # 22 is cold: no winning move


def test_every_kind_is_found_by_name_or_alias() -> None:
    for kind in ex.KINDS:
        assert ex.find_exercise(kind.key) is kind
        for alias in kind.aliases:
            assert ex.find_exercise(alias) is kind
    with pytest.raises(ValueError, match="no exercise"):
        ex.find_exercise("chess")


@pytest.mark.parametrize("lang", ["ru", "es"])
def test_items_speak_the_lessons_language(lang: str) -> None:
    game = game_of({"game": "sum", "rules": ["squares"] * 3}, KINDS)
    for kind in ("nimsum", "pile"):
        en = ex.generate(kind, game, em.seeded(3), S, 1, 20)
        other = ex.generate(kind, game, em.seeded(3), Strings(lang), 1, 20)
        assert en.position == other.position and en.correct == other.correct
        assert en.prompt != other.prompt and en.why != other.why
