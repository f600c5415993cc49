"""Every kind of every family is playable in the app: the menu lists the families, the
new-game dialog offers each one-pile rule (Cubes and Powers of two too), ``squaregame play
<kind>`` opens its family's screen, and sums mix any rules."""

from __future__ import annotations

import shlex
from typing import Any

import pytest
from build import KINDS, make_spec
from textual.widgets import Input, Select
from ui_helpers import parts_rows, settle

from squaregame.cli.main import make_parser
from squaregame.cli.play import build_request
from squaregame.core.piles.store import TableStore
from squaregame.core.spec import GameSpec
from squaregame.core.tables import Tables
from squaregame.families import GAMES
from squaregame.families.octal.screen import RowsScreen
from squaregame.families.pile.screen import PileScreen
from squaregame.families.sums.screen import SumsScreen
from squaregame.families.sums.side import GrundyTable
from squaregame.families.wythoff.screen import WythoffScreen
from squaregame.text import Catalog, set_language
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.screens.moves import MovesScreen
from squaregame.ui.screens.new_game import NewGameDialog
from squaregame.ui.start import StartRequest

SIZE = (80, 24)
SCREENS = {
    "pile": PileScreen,
    "wythoff": WythoffScreen,
    "sums": SumsScreen,
    "octal": RowsScreen,
}


@pytest.fixture(autouse=True)
def english_afterwards() -> Any:
    yield
    set_language("en")


def text(widget: Any) -> str:
    return str(widget.render())


def game_of(app: SquareGameApp) -> GameScreen[Any]:
    screen = app.screen
    assert isinstance(screen, GameScreen), [type(s).__name__ for s in app.screen_stack]
    return screen


async def open_dialog(pilot: Any, entry: int = 0) -> NewGameDialog:
    """Choose the menu's ``entry``-th game family."""
    await pilot.pause()
    pilot.app.screen.query_one("#menu").highlighted = entry
    await pilot.press("enter")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, NewGameDialog)
    return dialog


# -- the menu ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("take a perfect square", "Wythoff's queen", "Sums of piles")),
        pytest.param(  # (each family's dialog opened: English in the default run)
            "ru", ("точный квадрат", "Ферзь Витхоффа", "Суммы кучек"), marks=pytest.mark.slow
        ),
        pytest.param(
            "es",
            ("cuadrado perfecto", "reina de Wythoff", "Sumas de montones"),
            marks=pytest.mark.slow,
        ),
    ],
)
async def test_the_menu_lists_the_families_of_the_registry(lang: str, words: tuple[str]) -> None:
    app = SquareGameApp(GAMES, ai_delay=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        families = GAMES.families
        options = [menu.get_option_at_index(i) for i in range(len(families))]  # type: ignore[attr-defined]
        catalog = Catalog(lang)
        assert [o.id for o in options] == [f"new-{f.key}" for f in families]
        prompts = [str(o.prompt) for o in options]
        assert prompts == [catalog(f"{f.key}.menu") for f in families]
        for prompt, word in zip(prompts[: len(words)], words, strict=True):  # the first three
            assert word in prompt
        for entry, family in enumerate(families):  # each opens its dialog
            dialog = await open_dialog(pilot, entry)
            assert dialog.kind is family.kinds[0] and dialog.family is family
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)


# -- one-pile games of every rule, from the dialog -----------------------------------------
async def choose(dialog: NewGameDialog, pilot: Any, kind: str, start: str) -> None:
    dialog.query_one("#kind", Select).value = kind
    await pilot.pause()
    dialog.query_one("#start", Input).value = start
    await pilot.press("ctrl+s")
    await settle(pilot)


@pytest.mark.parametrize(
    ("kind", "start", "title", "amount", "illegal", "refusal"),
    [
        ("cubes", "30", "Cubes", 8, "5", "5 is not a perfect cube"),
        ("powers-of-two", "20", "Powers of two", 4, "3", "3 is not a power of two"),
    ],
)
async def test_a_new_rule_is_played_from_the_dialog(
    kind: str, start: str, title: str, amount: int, illegal: str, refusal: str
) -> None:
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        kinds = [value for _, value in dialog.query_one("#kind", Select)._options]
        assert kinds == [k.key for k in GAMES.family("pile").kinds]  # the family's order
        assert not dialog.query_one("#row-rules").display  # a named rule: nothing to type
        await choose(dialog, pilot, kind, start)
        screen = game_of(app)
        assert isinstance(screen, PileScreen) and screen.title == title
        assert screen.session.start == int(start)
        await pilot.press(*illegal, "enter")
        assert refusal in text(screen.message) and not screen.session.plies
        await pilot.press(*str(amount), "enter")
        await settle(pilot)
        plies = screen.session.plies
        assert len(plies) == 2 and plies[0].by_human and not plies[1].by_human  # it replied
        assert plies[0].after == int(start) - amount
        assert app.saved is not None and app.saved.title == title


async def test_a_subtraction_game_asks_for_its_set_and_keeps_it_for_the_next() -> None:
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        dialog.query_one("#kind", Select).value = "subtraction"
        await pilot.pause()
        assert dialog.query_one("#row-rules").display  # the set is typed here
        dialog.query_one("#start", Input).value = "21"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog
        assert "Type the amounts that may be taken" in text(dialog.query_one("#dialog-error"))
        dialog.query_one("#rules", Input).value = "1,3,7,8"
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = game_of(app)
        assert isinstance(screen, PileScreen) and screen.title == "Subtraction {1, 3, 7, 8}"
        await pilot.press("n")  # a new game: the same kind, its set already there
        await pilot.pause()
        again = app.screen
        assert isinstance(again, NewGameDialog) and again.kind.key == "subtraction"
        assert again.query_one("#kind", Select).value == "subtraction"
        assert again.query_one("#rules", Input).value == "1,3,7,8"
        again.query_one("#start", Input).value = "12"
        await pilot.press("ctrl+s")
        await settle(pilot)
        new = game_of(app)
        assert new is not screen and new.session.start == 12
        assert GameSpec.of(new.session.game) == GameSpec.of(screen.session.game)


async def test_a_start_beyond_what_is_built_unasked_is_refused_at_once() -> None:
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        await choose(dialog, pilot, "cubes", "300000000")  # past any table: no worker
        assert app.screen is dialog
        assert "beyond" in text(dialog.query_one("#dialog-error"))


async def test_a_start_found_beyond_reach_in_the_worker_brings_the_dialog_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # believed buildable (so prepared in the worker), then found beyond the budget there
    monkeypatch.setattr(TableStore, "built_unasked", lambda self, rule: 10**9)
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        dialog.query_one("#level", Select).value = "casual"
        await choose(dialog, pilot, "cubes", "300000000")  # checked while it is prepared
        again = app.screen
        assert isinstance(again, NewGameDialog) and again is not dialog
        assert "beyond" in text(again.query_one("#dialog-error"))
        assert again.query_one("#kind", Select).value == "cubes"
        assert again.query_one("#start", Input).value == "300000000"
        assert again.query_one("#level", Select).value == "casual"  # as it was answered
        again.query_one("#start", Input).value = "50"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, PileScreen) and app.screen.session.start == 50


# -- squaregame play <kind> ---------------------------------------------------------------------
PLAY = [
    ("play nim --start 12", PileScreen, "Nim", 12),
    ("play cubes --start 30 --hints", PileScreen, "Cubes", 30),
    ("play powers-of-two --start 20", PileScreen, "Powers of two", 20),
    ("play subtraction --rule 1,3,7,8 --start 21", PileScreen, "Subtraction {1, 3, 7, 8}", 21),
    ("play squares --start 75", PileScreen, "Squares", 75),
    ("play wythoff --start 7 9", WythoffScreen, "Wythoff's queen", (7, 9)),
    ("play sum 5 7 --rule cubes --rule powers-of-two", SumsScreen, "Sum of piles", (5, 7)),
]


@pytest.mark.parametrize(
    ("command", "screen_class", "title", "start"), PLAY, ids=[p[0] for p in PLAY]
)
async def test_play_opens_the_screen_of_the_kinds_family(
    command: str, screen_class: type, title: str, start: Any
) -> None:
    request = build_request(make_parser().parse_args(shlex.split(command)))
    app = SquareGameApp(GAMES, request, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_of(app)
        assert type(screen) is screen_class
        assert screen.title == title and screen.session.start == start
        assert screen.hints == ("--hints" in command)


def test_every_kind_has_its_familys_screen_and_the_default_request_is_the_first() -> None:
    for kind in KINDS:
        assert GAMES.family_of(kind).screen() is SCREENS.get(kind.area, MovesScreen)
    assert StartRequest().game is None  # the first kind of the first family: squares
    assert GAMES.families[0].kinds[0] is KINDS[0] and KINDS[0].key == "squares"


# -- sums of any rules ---------------------------------------------------------------------------
async def test_a_sum_of_cubes_and_powers_of_two_shows_both_rules() -> None:
    request = build_request(
        make_parser().parse_args(shlex.split("play sum 5 7 --rule cubes --rule powers-of-two"))
    )
    app = SquareGameApp(GAMES, request, ai_delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        screen = game_of(app)
        assert isinstance(screen, SumsScreen)
        piles = parts_rows(screen)
        assert "1 Cubes" in piles[0] and "2 Powers of two" in piles[1]
        await pilot.press("v", "v")  # the Grundy tables
        table = text(screen.query_one(GrundyTable))
        assert "cubes {1, 8, 27, 64, …}" in table and "powers of two {1, 2, 4, 8, …}" in table
        await pilot.press("2", " ", "4", "enter")  # 4 is a power of two
        await settle(pilot)
        assert screen.session.plies[0].after == (5, 3) and len(screen.session.plies) == 2


async def test_sum_rules_may_be_typed_in_the_apps_language() -> None:
    app = SquareGameApp(GAMES, ai_delay=0, lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot, 2)
        note = text(dialog.query_one("#row-rule-names").query("Static").last())
        assert "кубы" in note and "степени двойки" in note
        dialog.query_one("#start", Input).value = "5 7"
        dialog.query_one("#rules", Input).value = "Кубы; степени двойки"
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = game_of(app)
        assert isinstance(screen, SumsScreen)
        assert [r.key for r in screen.session.game.rules] == ["cubes", "powers-of-two"]


# -- opening quickly ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kind", "rules", "start", "slow"),
    [
        ("cubes", (), 30, False),
        ("cubes", (), 500_000, True),  # a table to build: in a worker
        ("powers-of-two", (), 10**6, True),
        ("nim", (), 10**18, False),  # a formula: its moves are counted in runs, never listed
        ("nim", (), 500, False),
        ("squares", (), 75, False),
        ("squares", (), 10**12, False),  # beyond any table: refused at once, in the dialog
        ("subtraction", ("1,3,7,8",), 21, True),  # its periods searched first: in a worker
        ("wythoff", (), (7, 9), False),
        ("wythoff", (), (300, 500), True),
        ("sum", ("cubes", "powers-of-two"), (5, 7), False),
        ("sum", ("squares",) * 4, (50, 47, 44, 41), True),  # the exact search
    ],
)
def test_slow_starts_are_found_by_capability(
    kind: str, rules: tuple[str, ...], start: Any, slow: bool
) -> None:
    game = make_spec(kind, rules).build(Tables())
    assert game.slow_to_open(start) is slow


def test_a_finite_set_searched_once_opens_at_once() -> None:
    game = make_spec("subtraction", ("1,3,7,8",)).build(Tables())
    assert game.slow_to_open(21)
    game.prepare(21)
    assert not game.slow_to_open(21) and not game.slow_to_open(10**18)
