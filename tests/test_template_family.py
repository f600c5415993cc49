"""The template family, Moore's Nim (``tests/template_family/``), written from the family
contract alone (``docs/development.md``), driven through every surface a family meets: its
theory against brute force, its words, the menu, the new-game dialog, its game played to
the end, hints, why, the projector, a part of a sum (``analyze`` and the app), the lessons'
exercises, the Python API, the command line (text and JSON) and records. A change to shared
code that breaks a family the contract allows fails here.

The app is given a registry with it (``Games((*FAMILIES, FAMILY))``); the command line and
the API read the program's registry, so those tests register it there and take it away
again (:func:`registered`): no other test sees it.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from functools import cache
from itertools import combinations, product
from math import isqrt
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run
from hypothesis import given, settings
from hypothesis import strategies as st
from template_family.moore import FAMILY
from template_family.moore.game import MooreGame
from template_family.moore.theory import (
    Search,
    balanced,
    check_reach,
    misere_cold,
    search_steps,
)
from textual.containers import VerticalScroll
from textual.widgets import Input, OptionList, Static, Tree
from ui_helpers import newest, picture_text, settle

import squaregame
from squaregame.core.errors import PositionError, TableLimitError
from squaregame.core.game import Game
from squaregame.core.tables import Tables
from squaregame.families import FAMILIES, GAMES, register
from squaregame.families.base import Games
from squaregame.lessons.exercise_model import NoPosition
from squaregame.lessons.exercises import KINDS as EXERCISES
from squaregame.lessons.exercises import generate
from squaregame.lessons.strings import Strings
from squaregame.play import record_io as IO
from squaregame.play import records as R
from squaregame.play.saves import SavedGame, decode, encode
from squaregame.play.session import Session
from squaregame.text import Catalog, error_text, languages
from squaregame.text.catalog import PLACEHOLDER, load_area
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.game_over import GameOverScreen
from squaregame.ui.screens.help import HelpScreen, help_text
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.screens.new_game import NewGameDialog
from squaregame.ui.screens.projector import ProjectorScreen
from squaregame.ui.screens.why import WhyScreen
from squaregame.ui.start import StartRequest
from squaregame.ui.widgets.big_number import BigNumber
from squaregame.ui.widgets.part_view import WordsView

WITH = Games((*FAMILIES, FAMILY))  # the program's families and the template
KIND = FAMILY.kinds[0]
TABLES = Tables()


@pytest.fixture
def registered() -> Iterator[None]:
    """The template in the program's registry (the command line's, the API's) for one test."""
    before = GAMES.families
    register(FAMILY)
    try:
        yield
    finally:
        GAMES.families = before
        for name in ("kinds", "_by_kind"):
            GAMES.__dict__.pop(name, None)


# -- its theory, against brute force ------------------------------------------------------
def _moves(piles: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every move by the rule as stated: one pile or two piles each lose a positive amount."""
    out = set()
    for chosen in (*combinations(range(len(piles)), 1), *combinations(range(len(piles)), 2)):
        for left in product(*(range(piles[i]) for i in chosen)):
            new = list(piles)
            for i, v in zip(chosen, left, strict=True):
                new[i] = v
            out.add(tuple(new))
    return out


def _children(pos: Any) -> set[Any]:
    """Its piles' moves; or, for ``(n, piles)``, a Squares pile of ``n`` beside them (a sum)."""
    if not isinstance(pos[-1], tuple):
        return _moves(pos)
    n, piles = pos
    squares = {(n - k * k, piles) for k in range(1, isqrt(n) + 1)}
    return squares | {(n, c) for c in _moves(piles)}


@cache
def _wins(pos: Any, misere: bool = False) -> bool:
    """Does the player to move win? Plain recursion over the rule."""
    children = _children(pos)
    if not children:
        return misere
    return any(not _wins(c, misere) for c in children)


@cache
def _remoteness(pos: Any, misere: bool = False) -> int:
    children = _children(pos)
    if not children:
        return 0
    if _wins(pos, misere):
        return 1 + min(_remoteness(c, misere) for c in children if not _wins(c, misere))
    return 1 + max(_remoteness(c, misere) for c in children)


@cache
def _grundy(piles: tuple[int, ...]) -> int:
    seen = {_grundy(c) for c in _moves(piles)}
    return next(g for g in range(len(seen) + 1) if g not in seen)


def test_moores_theorem_holds_for_every_small_position() -> None:
    for n in (2, 3, 4):
        for piles in product(range(6 if n < 4 else 4), repeat=n):
            assert balanced(piles) == (not _wins(piles)), piles
            assert misere_cold(piles) == (not _wins(piles, True)), piles


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=2, max_size=4), st.booleans())
def test_the_search_is_the_brute_force(piles: list[int], misere: bool) -> None:
    pos = tuple(piles)
    cold, remoteness, grundy = Search().value(pos, misere)
    assert cold == (not _wins(pos, misere))
    assert remoteness == _remoteness(pos, misere)
    assert grundy == (-1 if misere else _grundy(pos))
    assert cold == (misere_cold(pos) if misere else balanced(pos))


def test_the_budget_is_checked_before_any_work() -> None:
    check_reach((20, 20, 20))
    assert search_steps((20, 20, 20)) < search_steps((30, 30, 30))
    tables = Tables()
    with pytest.raises(TableLimitError) as caught:
        KIND.build((), False, tables).parse_position((30, 30, 30))
    assert not tables.has("moore")  # refused before any search
    said = error_text(caught.value)
    assert said.startswith("Moore's Nim is searched exactly, position by position: from (30,30,30)")
    assert error_text(caught.value, Catalog("ru")).endswith("возьмите кучки поменьше")
    search = Search()
    with pytest.raises(TableLimitError):  # a huge pile is refused at once, not counted
        search.value((0, 10**30), False)
    assert not search.known[False]


# -- its words ----------------------------------------------------------------------------
def test_it_says_every_word_the_contract_asks_in_every_language() -> None:
    assert {"en", "ru", "es"} <= set(languages())
    english = load_area("en", "moore")
    for key in FAMILY.required_words():
        assert key in english, key
    for lang in ("ru", "es"):
        other = load_area(lang, "moore")
        assert set(other) == set(english), lang
        for key, en_raw in english.items():
            raw = other[key]
            names = {n for t in _texts(en_raw) for n in PLACEHOLDER.findall(t)}
            assert all(set(PLACEHOLDER.findall(t)) <= names for t in _texts(raw)), (lang, key)
            if any(c.isalpha() for t in _texts(en_raw) for c in PLACEHOLDER.sub("", t)):
                assert raw != en_raw, (lang, key)  # translated


def _texts(raw: Any) -> list[str]:
    return [str(t) for t in (raw.values() if isinstance(raw, dict) else [raw])]


def test_its_errors_are_catalog_sentences() -> None:
    with pytest.raises(PositionError) as caught:
        WITH.kinds.spec("moores-nim", position=[4])
    assert error_text(caught.value) == "Moore's Nim is played with 2 to 6 piles, not 1 pile"
    assert error_text(caught.value, Catalog("ru")).endswith("дана 1 кучка")
    with pytest.raises(PositionError):
        WITH.kinds.spec("moore", position=[1, 2, 3, 4, 5, 6, 7])
    with pytest.raises(PositionError):
        WITH.kinds.spec("moore", position=[1, -2])


# -- the Python API ---------------------------------------------------------------------------
def test_the_api_gives_its_positions(registered: None) -> None:
    assert "moore" in squaregame.games()
    p = squaregame.position("moore", [3, 5, 6])
    assert (p.outcome, p.remoteness, p.grundy) == ("hot", 7, _grundy((3, 5, 6)))
    best = p.best_move()
    assert best.label == "take 2 from pile 2 and 3 from pile 3"
    assert best.to.values == (3, 3, 3) and best.to.outcome == "cold"
    assert len(p.moves()) == len(_moves((3, 5, 6)))
    assert p.why(depth=1).startswith("(3,5,6) is hot ☺ (remoteness 7)")
    assert squaregame.position("moores-nim", [1, 1, 1], misere=True).outcome == "hot"
    assert squaregame.position("moores-nim", [1, 1, 1]).outcome == "cold"
    with pytest.raises(TableLimitError):
        squaregame.position("moore", [30, 30, 30])


# -- the command line -------------------------------------------------------------------------
def test_analyze_in_text_and_json(registered: None, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "moore", "3", "5", "6")
    assert code == 0
    assert "Moore's Nim: position (3,5,6)" in out
    assert "take 2 from pile 2 and 3 from pile 3        (3,3,3)  ☹ cold in 6    ✓ wins" in out
    assert out.rstrip().endswith(
        "hot — the player to move wins in 7: take 2 from pile 2 and 3 from pile 3 (leaves (3,3,3))"
    )
    code, out, _ = run(capsys, "analyze", "moore", "3", "5", "6", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["position"] == [3, 5, 6] and doc["outcome"] == "hot"
    assert doc["remoteness"] == 7 and doc["ai_move"] == [3, 3, 3]
    code, out, _ = run(capsys, "--lang", "ru", "analyze", "moore", "3", "5", "6")
    assert code == 0 and out.rstrip().endswith(
        "взять 2 из кучки 2 и 3 из кучки 3 (остаётся (3,3,3))"
    )
    code, out, _ = run(capsys, "why", "moore", "3", "5", "6")
    assert code == 0 and out.startswith(
        "(3,5,6) is hot ☺ (remoteness 7): take 2 from pile 2 and 3 from pile 3 → (3,3,3)"
    )
    code, out, err = run(capsys, "analyze", "moore", "30", "30", "30")
    assert code == 2 and not out and "Moore's Nim is searched exactly" in err
    code, out, err = run(capsys, "--lang", "es", "analyze", "moore", "7")
    assert code == 2 and "el Nim de Moore se juega con 2 a 6 montones" in err


def test_a_part_of_a_sum_in_analyze(registered: None, capsys: pytest.CaptureFixture[str]) -> None:
    """Normal play: its Grundy value in the nim-sum; with its ``reach`` the sum is searched
    exactly, in misère play too."""
    total = squaregame.position("squares", 5).grundy ^ _grundy((3, 2))  # Sprague–Grundy
    code, out, _ = run(capsys, "analyze", "sum", "squares:5", "moore:3,2")
    assert code == 0, out
    assert "5 + (3,2)" in out and "part 2: take 2 from pile 1 and 1 from pile 2" in out
    assert out.splitlines()[-1].startswith("hot" if total else "cold")
    for misere in (False, True):
        flag = ("--misere",) if misere else ()
        code, out, _ = run(capsys, "analyze", "sum", "squares:5", "moore:3,2", "--json", *flag)
        doc = json.loads(out)
        wins = _wins((5, (3, 2)), misere)
        assert (doc["outcome"], doc["remoteness_exact"]) == ("hot" if wins else "cold", True)
        assert doc["remoteness"] == _remoteness((5, (3, 2)), misere)
        assert doc["grundy"] == (None if misere else total)


# -- records ------------------------------------------------------------------------------------
def _finished() -> Session[Any]:
    spec = WITH.kinds.spec("moore", position=[3, 5, 6])
    game = spec.build(TABLES)
    session: Session[Any] = Session(game, spec.start(game))
    while not session.over:
        session.play(game.best_moves(session.position)[0])
    return session


def test_a_finished_games_record_is_written_and_read_back() -> None:
    session = _finished()
    assert session.position == (0, 0, 0) and len(session.plies) == 7
    for fmt in (R.Format.TEXT, R.Format.JSON, R.Format.CSV):
        written = IO.write_record(session, fmt)
        record = IO.parse_record(written, WITH.kinds)
        assert record == R.record_of(session)
        again = R.replay(record, TABLES).session
        assert [p.after for p in again.plies] == [p.after for p in session.plies]
        assert again.over
    text = IO.write_record(session, R.Format.TEXT)
    assert "3+5+6 → 3+3+3" in text


def test_a_game_in_progress_is_saved_and_loaded() -> None:
    spec = WITH.kinds.spec("moore", misere=True, position=[2, 4, 6])
    game = spec.build(TABLES)
    session: Session[Any] = Session(game, spec.start(game))
    session.play((2, 1, 6))
    again = decode(encode(SavedGame(session, "perfect", 3)), WITH.kinds, TABLES).session
    assert again.game.kind is KIND and again.game.misere
    assert again.position == (2, 1, 6) and again.start == (2, 4, 6)


def test_the_record_command_exports_it(
    registered: None, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "game.json"
    source.write_text(IO.write_record(_finished(), R.Format.JSON))
    code, out, err = run(capsys, "record", "import", str(source))
    assert code == 0, err
    code, out, _ = run(capsys, "record", "export")
    assert code == 0 and "3+5+6 → 3+3+3" in out


# -- the lessons' exercises -----------------------------------------------------------------
def test_an_exercise_of_every_kind_that_applies() -> None:
    game = WITH.kinds.spec("moore").build(TABLES)
    applying = [e.key for e in EXERCISES if e.applies(KIND)]
    assert {"hot", "moves", "remoteness", "blunder", "grundy"} <= set(applying)
    for key in applying:
        if key in ("nimsum", "pile"):
            continue  # a sum's (its piles are not a sum: a move may take from two)
        item = generate(key, game, random.Random(5), Strings("en"), 1, 4)
        assert item.choices and item.correct and item.why, key
        assert len(item.position) == 3 and all(1 <= v <= 4 for v in item.position), key
        said = "({})".format(",".join(map(str, item.position)))  # the position in its words
        assert said in item.prompt, (key, item.prompt)


def test_a_game_that_draws_no_position_has_no_exercise(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without positions of its own (the defaults: none for a game whose count of numbers
    varies) an exercise is refused as impossible, not a crash."""
    monkeypatch.setattr(MooreGame, "positions", Game.positions)
    monkeypatch.setattr(MooreGame, "random_position", Game.random_position)
    game = WITH.kinds.spec("moore").build(TABLES)
    with pytest.raises(NoPosition):
        generate("hot", game, random.Random(5), Strings("en"), 1, 4)


# -- the app ---------------------------------------------------------------------------------
def _app(**kw: Any) -> SquareGameApp:
    req = StartRequest(game="moore", seed=3, **kw) if kw else None
    return SquareGameApp(WITH, req, ai_delay=0)


async def _highlight(pilot: Any, entry: str) -> None:
    """The menu's entry ``entry`` highlighted with the arrow keys, as a person does."""
    menu = pilot.app.screen.query_one("#menu", OptionList)
    ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
    assert entry in ids
    for _ in range(len(ids)):
        if menu.highlighted_option is not None and menu.highlighted_option.id == entry:
            break
        await pilot.press("down")
    await pilot.pause()
    assert menu.highlighted_option is not None and menu.highlighted_option.id == entry


async def test_the_menu_entry_previews_its_rule_and_example() -> None:
    app = _app()
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await _highlight(pilot, "new-moore")
        preview = str(app.screen.query_one("#menu-preview", Static).render())
        assert "Moore's Nim — take from one pile or from two" in preview
        assert "whoever takes the last counter wins" in preview
        assert "3, 5, 6 → take 2 from the 5 and 3 from the 6 → 3, 3, 3" in preview


async def test_the_dialog_opens_and_starts_a_game() -> None:
    app = _app()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await _highlight(pilot, "new-moore")
        await pilot.press("enter")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, NewGameDialog) and dialog.kind is KIND
        assert "New game of Moore's Nim" in str(dialog.query_one("#dialog-title").render())
        assert "Piles" in picture_text(dialog.query_one("#row-start"))  # its parameter's words
        dialog.query_one("#start", Input).value = "7"
        await pilot.press("ctrl+s")
        await pilot.pause()
        said = str(dialog.query_one("#dialog-error").render())
        assert "2 to 6 piles" in said
        dialog.query_one("#start", Input).value = "2 4 6"
        await pilot.press("ctrl+s")
        await settle(pilot)
        game = newest(app, GameScreen)
        assert game.session.start == (2, 4, 6) and game.session.game.kind is KIND


async def test_the_game_is_played_to_the_end_with_hints_and_why() -> None:
    app = _app(start=(3, 5, 6))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        game = newest(app, GameScreen)
        assert "position (3,5,6)" in picture_text(app.screen)  # the header
        await pilot.press("h")
        await settle(pilot)
        rows = [str(o.prompt) for o in game.query_one("#moves", OptionList).options]
        winning = [r for r in rows if "✓" in r]
        assert len(winning) == 1 and "take 2 from pile 2 and 3 from pile 3" in winning[0]
        assert sum("✗" in r for r in rows) == len(rows) - 1
        await pilot.press("w")
        await settle(pilot)
        why = app.screen
        assert isinstance(why, WhyScreen)
        root = str(why.query_one(Tree).root.label)
        assert root.startswith("(3,5,6) is hot ☺ (remoteness 7)")
        await pilot.press("escape")
        await settle(pilot)
        for _ in range(10):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.press("enter")
            await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert game.session.position == (0, 0, 0) and game.session.over


@pytest.mark.parametrize("size", [(140, 45), (80, 24)])
async def test_the_projector_shows_its_position(size: tuple[int, int]) -> None:
    app = _app(start=(3, 5, 6), players="class")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ProjectorScreen)
        assert "Moore's Nim" in str(screen.query_one("#projector-title", Static).render())
        stage = screen.stage.widget  # the default stage: the position in large digits
        assert isinstance(stage, BigNumber) and stage.text == "(3,5,6)"
        assert stage.scale() >= 1 and "█" in str(stage.render())
        await pilot.press("3", " ", "3", " ", "3", "enter")  # the class plays from up there
        await settle(pilot)
        assert newest(app, GameScreen).session.plies[0].after == (3, 3, 3)
        assert app.screen is screen and stage.text != "(3,5,6)"


async def test_its_help_section_opens_from_its_game() -> None:
    app = _app(start=(3, 5, 6))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        helps = app.screen
        assert isinstance(helps, HelpScreen) and helps.section == "moore"
        text = help_text("en", helps.families)
        assert "## Moore's Nim" in text and "divisible by **3**" in text
        assert helps.query_one("#help-box", VerticalScroll).scroll_y > 0  # at its section


def _sum_app(parts: str, **kw: Any) -> SquareGameApp:
    rules, values = WITH.kinds.read_parts("sum", [parts])
    spec = WITH.kinds.spec("sum", rules, False, values)
    req = StartRequest(game="sum", start=spec.position, rules=spec.rules, seed=3, **kw)
    return SquareGameApp(WITH, req, ai_delay=0)


async def test_a_part_of_a_sum_is_drawn_by_its_family_and_played() -> None:
    app = _sum_app("squares:5 moore:3,2")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        game = newest(app, GameScreen)
        views = list(game.query(WordsView))  # its family's picture: the default, its words
        assert len(views) == 1 and str(views[0].render()) == "(3,2)"
        await pilot.press("down", "right")  # one of its moves, chosen by the arrows
        said = str(game.query_one("#message").render())
        assert re.fullmatch(r"part 2: take \d from pile \d\. Enter to play\.", said), said
        await pilot.press("2", " ", "1", " ", "1", "enter")  # typed: part 2 leaves (1,1)
        await settle(pilot)
        assert game.session.plies[0].after == (5, 2, 1, 1)  # (its count of numbers first)
        assert str(views[0].render()) != "(3,2)"


async def test_a_parts_grundy_value_is_shown_with_hints() -> None:
    app = _sum_app("squares:5 moore:3,2", hints=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        drawn = picture_text(newest(app, GameScreen))
        assert "5 g=0" in drawn  # the Squares pile's
        assert f"g={_grundy((3, 2))}" in drawn  # the Moore part's
