"""Worksheets: every answer key checked against the slow reference (tests/reference.py) for a
class of 100; the same seed gives the same bytes; every language renders; nothing external."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Hashable, Iterable
from functools import cache, reduce
from operator import xor
from typing import Any

import pytest

from reference import (
    box_positions,
    grundy,
    kayles_children,
    kayles_cold,
    pile_children,
    set_amounts,
    solve,
    squares_amounts,
    sum_children,
    wythoff_children,
)
from squaregame.core.tables import Tables
from squaregame.families import GAMES
from squaregame.lessons import worksheets as ws
from squaregame.lessons.worksheet_html import document
from squaregame.lessons.worksheet_svg import page_svg
from squaregame.text import Catalog
from squaregame.text.catalog import load_catalog
from squaregame.text.games import move_phrase

CLASS = 100
TABLES = Tables()


@cache
def class_of(kind: str, lang: str = "en", seed: int = 11, rule: str | None = None) -> list[Any]:
    return ws.sheets(
        ws.Request(kind, seed=seed, students=CLASS, lang=lang, rule=rule), GAMES, TABLES
    )


def amounts_of(rule: str) -> Callable[[int], Iterable[int]]:
    return squares_amounts if rule == "squares" else set_amounts(map(int, rule.split(",")))


@cache
def ref_pile(rule: str, upto: int = 99) -> dict[Hashable, tuple[str, int]]:
    return solve(range(upto + 1), pile_children(amounts_of(rule)), False)


@cache
def ref_wythoff(side: int = 20) -> dict[Hashable, tuple[str, int]]:
    cells = sorted(itertools.product(range(side + 1), repeat=2), key=sum)
    return solve(cells, wythoff_children, False)  # type: ignore[arg-type]


@cache
def ref_squares_grundy() -> dict[Hashable, int]:
    return grundy(range(31), pile_children(squares_amounts))


@cache
def ref_sum() -> dict[Hashable, tuple[str, int]]:
    kids = sum_children([squares_amounts] * 3)
    return solve(box_positions((20, 20, 20)), kids, False)  # type: ignore[arg-type]


def check_strip(sheet: Any, rule: str) -> None:
    ref = ref_pile(rule)
    cells = sheet.cells
    assert list(cells.positions) == list(range(cells.side + 1))
    assert {n: ref[n][0] == "hot" for n in cells.positions} == cells.hot
    assert 0 in cells.given


@pytest.mark.parametrize("rule", [None, "1,3,7,8"])
def test_table_keys_match_brute_force(rule: str | None) -> None:
    for sheet in class_of("table", rule=rule):
        assert sheet.spec.rule_keys == ((rule or "squares"),)
        check_strip(sheet, rule or "squares")
        cold = [str(n) for n, hot in sheet.cells.hot.items() if not hot]
        assert sheet.key_lines == (Catalog("en")("worksheet.key.cold_list",
                                                 positions=", ".join(cold)),)  # fmt: skip


def test_sieve_keys_match_brute_force_and_start_is_given() -> None:
    rules = set()
    for sheet in class_of("sieve"):
        rule = sheet.spec.rule_keys[0]
        rules.add(rule)
        check_strip(sheet, rule)
        step = {0, *(a for a in amounts_of(rule)(sheet.cells.side) if a <= sheet.cells.side)}
        assert sheet.cells.given == step  # the first step of the sieve, nothing more
        cold = [n for n in sheet.cells.positions if ref_pile(rule)[n][0] == "cold"]
        assert sheet.problems[0].answer[0].endswith(", ".join(map(str, cold)))
    assert len(rules) > 3  # the class gets different rules
    shared = ws.sheets(ws.Request("sieve", students=20, rule="1,3,4", size=30), GAMES, TABLES)
    assert {s.spec.rule_keys for s in shared} == {("1,3,4",)}
    assert len({s.cells.side for s in shared}) > 3 and max(s.cells.side for s in shared) <= 30
    for sheet in shared:
        check_strip(sheet, "1,3,4")


def test_wythoff_keys_match_brute_force() -> None:
    ref = ref_wythoff()
    for sheet in class_of("wythoff"):
        cells = sheet.cells
        assert len(cells.positions) == (cells.side + 1) ** 2
        for c in cells.positions:
            assert cells.hot[c] == (ref[c][0] == "hot"), c
        assert all(not cells.hot[c] for c in cells.given) and (0, 0) in cells.given


def test_nimsum_keys_match_brute_force() -> None:
    C = Catalog("en")
    g_sq = ref_squares_grundy()
    colds = 0
    for sheet in class_of("nimsum"):
        assert len(sheet.problems) == 8
        for p in sheet.problems:
            nim = p.game.rule_keys[0] == "nim"
            values = [n if nim else g_sq[n] for n in p.position]
            total = reduce(xor, values, 0)
            width = max(1, max([*values, total]).bit_length())
            rows = [r[2:] for r in p.rows]
            assert rows[:-1] == [(str(v), format(v, f"0{width}b")) for v in values]
            assert p.rows[-1][3] == format(total, f"0{width}b")
            value = C("worksheet.value.hot" if total else "worksheet.value.cold")
            assert p.answer[0] == C("worksheet.nimsum.result", total=total, value=value)
            expected = []  # every move to a nim-sum of 0, from the definitions
            for i, n in enumerate(p.position):
                takes = range(1, n + 1) if nim else squares_amounts(n)
                for a in takes:
                    after = n - a if nim else g_sq[n - a]
                    if total and reduce(xor, [*values[:i], after, *values[i + 1 :]], 0) == 0:
                        expected.append(C("worksheet.nimsum.move", pile=i + 1, take=a,
                                          before=values[i], after=after))  # fmt: skip
            if total:
                head = C("worksheet.nimsum.moves_head")
                assert p.answer[1:] == (head + " " + "; ".join(expected),)
            else:
                colds += 1
                assert p.answer[1:] == (C("worksheet.nimsum.none"),)
    assert colds >= CLASS * 2  # at least two cold sums a sheet


def cold_in(ref: dict[Hashable, tuple[str, int]]) -> Callable[[Any], bool]:
    return lambda k: ref[k][0] == "cold"


def test_moves_keys_list_every_winning_move() -> None:
    C = Catalog("en")
    refs = {"squares": ref_pile("squares"), "wythoff": ref_wythoff(), "sum": ref_sum()}
    kids = {
        "squares": pile_children(squares_amounts),
        "wythoff": wythoff_children,
        "sum": sum_children([squares_amounts] * 3),
    }
    cold_items = 0
    for sheet in class_of("moves"):
        for p in sheet.problems:
            if p.game.kind.key == "kayles":  # rows: searched, not tabled
                children, cold = kayles_children, kayles_cold
            else:
                children, cold = kids[p.game.kind.key], cold_in(refs[p.game.kind.key])
            game = p.game.build(TABLES)
            wins = [k for k in children(p.position) if cold(k)]
            if cold(p.position):
                cold_items += 1
                assert not wins and children(p.position)
                assert len(p.answer) == 1 and "☹" in p.answer[0]
            else:
                said = {move_phrase(game, p.position, k, C) for k in wins}
                assert set(p.answer) == said and len(p.answer) == len(said)
    assert cold_items >= CLASS * 2


@pytest.mark.parametrize("kind", ws.names(GAMES))
def test_same_seed_same_bytes_and_students_differ(kind: str) -> None:
    req = ws.Request(kind, seed=4, students=5, lang="ru")
    a, b = ws.sheets(req, GAMES, TABLES), ws.sheets(req, GAMES, Tables())
    for key in (False, True):
        assert document(a, key).encode() == document(b, key).encode()
    assert [page_svg(s, True) for s in a] == [page_svg(s, True) for s in b]

    def items(s: Any) -> Any:
        cells = None if s.cells is None else (sorted(map(str, s.cells.given)), s.spec)
        return cells, [p.position for p in s.problems]

    assert len({repr(items(s)) for s in a}) == len(a)  # five students, five variants
    other = ws.sheets(ws.Request(kind, seed=5, students=5, lang="ru"), GAMES, TABLES)
    assert [items(s) for s in other] != [items(s) for s in a]


def test_worksheet_catalogs_are_complete_and_translated() -> None:
    keys = {lang: {k for k in load_catalog(lang) if k.startswith("worksheet.")}
            for lang in ("en", "ru", "es")}  # fmt: skip
    assert keys["en"] and keys["en"] == keys["ru"] == keys["es"]
    for lang in ("ru", "es"):
        same = [k for k in keys["en"] if load_catalog(lang)[k] == load_catalog("en")[k]]
        words = [k for k in same if re.search(r"[a-z]{4}", str(load_catalog("en")[k]))]
        assert not [k for k in words if load_catalog("en")[k] not in ("Grundy",)], same


@pytest.mark.parametrize("kind", ws.names(GAMES))
def test_every_language_renders_and_nothing_is_fetched(kind: str) -> None:
    shown: dict[str, str] = {}
    for lang in ("en", "ru", "es"):
        sheets = ws.sheets(ws.Request(kind, seed=2, students=2, lang=lang), GAMES, TABLES)
        html = document(sheets, False) + document(sheets, True)
        svg = "".join(page_svg(s, k) for s in sheets for k in (False, True))
        assert html.count('<section class="page">') == 4
        assert "@media print" in html and "break-after: page" in html  # a page per sheet
        assert f'<html lang="{lang}">' in html
        for text in (html, svg):
            assert "<script" not in text and "@import" not in text and "url(" not in text
            hosts = set(re.findall(r"https?://[^\s\"'<>]+", text))
            assert hosts <= {"http://www.w3.org/2000/svg"}, hosts
            assert not re.search(r"\{[a-z_]+\}", text)  # no placeholder left unfilled
        # a mark is never a face alone: every face has its letter beside it
        marks = Catalog(lang)
        for face in ("☺", "☹"):
            for m in re.finditer(face, html):
                assert html[m.end() : m.end() + 1] == " ", html[m.start() - 20 : m.end() + 20]
        assert marks("worksheet.mark.cold") in html + svg
        shown[lang] = html
    assert shown["ru"] != shown["en"] and shown["es"] != shown["en"]
    assert re.search(r"[а-яё]{4}", shown["ru"])


def test_budgets_are_checked_before_any_work() -> None:
    bad = [
        ws.Request("nope"),
        ws.Request("table", students=0),
        ws.Request("table", students=ws.MAX_STUDENTS + 1),
        ws.Request("table", size=4),
        ws.Request("wythoff", size=21),
        ws.Request("nimsum", items=9),
        ws.Request("nimsum", size=10),
        ws.Request("wythoff", rule="1,2"),
    ]
    for req in bad:
        with pytest.raises(ws.WorksheetError):
            ws.check(req, GAMES)
    assert ws.find_worksheet("P-to-N", GAMES).key == "sieve"
    assert ws.find_worksheet("xor", GAMES).key == "nimsum"


def test_a_sheet_names_its_variant_not_a_seed() -> None:
    """A student reads "variant 7" on the sheet: a seed means nothing to them (issue 31)."""
    words = {"en": "variant 7", "ru": "вариант 7", "es": "variante 7"}
    for lang, word in words.items():
        sheets = ws.sheets(ws.Request("table", seed=7, students=1, lang=lang), GAMES, TABLES)
        html, svg = document(sheets, False), page_svg(sheets[0], False)
        for text in (html, svg):
            assert word in text
            assert not re.search(r"\b(seed|зерно|semilla)\b", text.lower())
