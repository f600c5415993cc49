"""Sums of piles in the app, driven with Textual's Pilot."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input, Select
from ui_helpers import newest, parts_rows, settle

from squaregame.core.rules import NIM, SQUARES, SetRule
from squaregame.core.sums import solver as sums
from squaregame.families import GAMES
from squaregame.families.pile.counters import CountersView
from squaregame.families.sums.parts_board import PartsBoard
from squaregame.families.sums.screen import SumsScreen
from squaregame.families.sums.side import GrundyTable, NimSumPanel
from squaregame.play.nimsum import explain
from squaregame.play.setup import position_text
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.screens.new_game import NewGameDialog
from squaregame.ui.start import StartRequest

PRESETS = GAMES.family("sums").presets()  # the sums dialog's ready-made games
SIZE = (80, 24)


def app_for(piles: tuple[int, ...], rules: tuple[Any, ...], **kw: Any) -> SquareGameApp:
    req = StartRequest(game="sum", start=piles, rules=rules, seed=3, **kw)
    return SquareGameApp(GAMES, req, ai_delay=0)


def screen_of(app: SquareGameApp) -> SumsScreen:
    return newest(app, SumsScreen)


def text(w: Any) -> str:
    return str(w.render())


async def test_keys_choose_pile_and_amount() -> None:
    app = app_for((5, 7, 10), (SQUARES,) * 3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = screen_of(app)
        assert "Sum of piles" in s.title
        piles = parts_rows(s)
        assert "▶ 1 Squares" in piles[0] and "○" in piles[0]  # pile 1 chosen, taking 1: ○
        assert "○" not in piles[1] + piles[2]
        await pilot.press("down", "down", "right")  # pile 3, second amount (4)
        await pilot.press("enter")
        await settle(pilot)
        assert s.session.plies[0].after == (5, 7, 6) and s.session.plies[0].by_human


async def test_typed_moves_and_illegal_ones() -> None:
    app = app_for((15, 15), (SetRule([1, 3, 7, 8]), SetRule([1, 2, 3, 4])))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = screen_of(app)
        for keys, message in (
            (["5"], "not allowed by pile 1's rule {1, 3, 7, 8}"),
            (["3", " ", "1"], "there is no pile 3"),
            (["2", " ", "9"], "not allowed by pile 2's rule {1, 2, 3, 4}"),
        ):
            await pilot.press(*keys, "enter")
            assert message in text(s.query_one("#message"))
            assert not s.session.plies
        await pilot.press("2", " ", "4", "enter")  # pile 2, take 4
        await settle(pilot)
        assert s.session.plies[0].after == (15, 11)


async def test_clicking_a_counter_takes_it_and_those_after_it() -> None:
    app = app_for((5, 7, 10), (SQUARES,) * 3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = screen_of(app)
        views = [row.view for row in s.query_one(PartsBoard).rows]
        await pilot.click(views[1], offset=(0, 0))  # pile 2's first counter: all 7
        assert "pile 2: 7 is not a perfect square" in text(s.query_one("#message"))
        assert not s.session.plies
        await pilot.click(views[2], offset=(6, 0))  # pile 3, counter 7: take 4, chosen
        await settle(pilot)
        assert not s.session.plies and s.pile == 2 and "○○○○" in text(views[2])
        assert "Take 4 from pile 3" in text(s.query_one("#message"))
        await pilot.click(views[2], offset=(6, 0))  # again: played
        await settle(pilot)
        assert s.session.plies[0].after == (5, 7, 6)  # counters 7..10 taken


async def test_on_a_large_terminal_the_counters_are_large_and_a_click_still_takes() -> None:
    """At 140×45 each counter is a block two rows high ("██"); a click on either row of a
    counter takes it and those after it, a click on a pile's rule chooses the pile."""
    app = app_for((5, 7, 10), (SQUARES,) * 3)
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        s = screen_of(app)
        rows = s.query_one(PartsBoard).rows
        first = text(rows[0].view).splitlines()
        assert len(first) == 2 and first[0].count("██") == 4 and first[0].count("░░") == 1
        assert text(rows[2].view).splitlines()[1].count("██") == 10
        await pilot.click(rows[2].label, offset=(3, 0))  # pile 3 chosen, nothing taken
        await settle(pilot)
        assert not s.session.plies and s.pile == 2
        await pilot.click(rows[2].view, offset=(6 * 3 + 1, 1))  # pile 3, counter 7: chosen
        await pilot.click(rows[2].view, offset=(6 * 3 + 1, 0))  # and played
        await settle(pilot)
        assert s.session.plies[0].after == (5, 7, 6)  # counters 7..10 taken
        assert isinstance(rows[2].view, CountersView)


async def test_hints_explain_the_nim_sum_with_the_right_numbers() -> None:
    rules = (SQUARES, NIM, SetRule([1, 3, 7, 8]))
    app = app_for((29, 6, 12), rules, hints=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        s = screen_of(app)
        await pilot.press("h", "h")  # toggling on shows the nim-sum view
        panel = text(s.query_one(NimSumPanel))
        ex = explain(s.game, (29, 6, 12))
        assert ex is not None and ex.nim_sum == 1
        for m in ex.moves:
            assert f"pile {m.pile} has Grundy value {m.before}; taking {m.take}" in panel
        assert (
            "pile 1 has Grundy value 5; taking 1 leaves value 4, so the nim-sum becomes 0" in panel
        )
        assert "g=5" in parts_rows(s)[0]
        assert text(s.query_one("#hint")).startswith("Hot: you can win in")


async def test_misere_hints_come_from_the_exact_search() -> None:
    app = app_for((3, 4), (SQUARES, SQUARES), misere=True, hints=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        s = screen_of(app)
        await pilot.press("h", "h")
        panel = text(s.query_one(NimSumPanel))
        assert "exact search" in panel
        assert not any("g=" in row for row in parts_rows(s))


async def test_beyond_the_budget_the_screen_shows_proven_bounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sums, "SEARCH_BUDGET", 1000)  # the app's own tables: nothing solved yet
    app = app_for((40, 50, 60), (SQUARES,) * 3, human_first=False, hints=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        s = screen_of(app)
        assert "remoteness as proven bounds" in text(s.query_one("#exactness"))
        info = s.session.info()
        assert not info.remoteness_exact and info.upper is not None
        hint = text(s.query_one("#hint"))  # cold for the person: the defence's bounds
        assert f"at least {info.remoteness_lower} moves (at most {info.upper})" in hint
        # the computer moved first from a hot sum: it left a nim-sum of zero
        assert s.game.grundy(s.session.position) == 0


async def test_grundy_table_marks_the_period() -> None:
    app = app_for((15, 15), (SetRule([1, 3, 7, 8]), SetRule([1, 2, 3, 4])))
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        s = screen_of(app)
        await pilot.press("v", "v")
        table = text(s.query_one(GrundyTable))
        assert "Rule {1, 3, 7, 8}" in table and "15 values repeat from 0" in table
        assert "Rule {1, 2, 3, 4}" in table and "5 values repeat from 0" in table
        assert "Outcome of the sum" in table


async def test_new_sum_from_the_menu_presets_and_rule_validation() -> None:
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewGameDialog) and dialog.kind.key == "sum"
        dialog.query_one("#preset", Select).value = 1
        await pilot.pause()
        assert dialog.query_one("#start", Input).value == "15 15" == position_text(PRESETS[1][1])
        assert dialog.query_one("#rules", Input).value == "1,3,7,8; 1,2,3,4"
        for rule, message in (
            ("0", "positive"),
            ("-3", "positive"),
            ("1,1", "twice"),
            ("a,b", "not a whole number"),
            (";", "empty"),
            ("1; 2; 3", "one per pile"),
        ):
            dialog.query_one("#rules", Input).value = rule
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert message in text(dialog.query_one("#dialog-error")), rule
        dialog.query_one("#rules", Input).value = "1,3,7,8; 1,2,3,4"
        await pilot.press("ctrl+s")
        await settle(pilot)
        s = screen_of(app)
        assert s.session.start == (15, 15) and s.game.rules[1].key == "1,2,3,4"


async def test_a_large_sum_is_solved_in_a_worker_before_the_screen_opens() -> None:
    app = app_for((50, 47, 44, 41), (SQUARES,) * 4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = screen_of(app)
        assert s.session.info().remoteness_exact


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_the_rules_field_shows_rules_in_the_language_and_reads_them_back(lang: str) -> None:
    """A preset's rules, or a dialog brought back as it was answered, fill the rules field
    with each named rule's name in the session's language (not ``squares`` in Russian); what
    is shown reads back as the same rules."""
    from squaregame.play.setup import rules_text, typed_rules
    from squaregame.text import set_language, tr

    set_language(lang)
    for _, spec in PRESETS:
        if not spec.rules:
            continue
        shown = rules_text(spec)
        if lang != "en":
            assert not any(key in shown for key in ("squares", "cubes", "powers-of-two"))
        keys = [k.strip() for k in typed_rules(shown).split(";")]
        rules = spec.rule_keys
        assert tuple(keys) == rules or (len(set(rules)) == 1 and keys == [rules[0]])
    assert rules_text(PRESETS[-1][1]) == "2,5,7"  # a set reads the same in every language
    assert tr("rules.squares.name").lower() in rules_text(
        next(s for _, s in PRESETS if s.rules and set(s.rule_keys) == {"squares"})
    )
