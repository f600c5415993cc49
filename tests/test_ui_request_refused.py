"""A game asked for without a start (the command line's request, a class's challenge) that
cannot be opened: its random start is beyond the tables (misère Kayles of more than 30
tokens is solved only by an exact search), or its kind needs a rule. The app says why in a
notice and stays on its menu."""

from __future__ import annotations

import random

import pytest
from ui_helpers import settle

from squaregame.core.errors import TableLimitError
from squaregame.core.spec import GameSpec
from squaregame.core.tables import Tables
from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.start import StartRequest

TOO_LARGE = "is solved only by an exact search, at most 30 pins"


def test_the_seed_draws_a_misere_start_beyond_the_search() -> None:
    """(Dawson's Kayles: no misère quotient proven, so past the search it is refused.)"""
    dawsons = GAMES.kinds.find("dawsons-kayles")
    spec = GameSpec(dawsons, (), True, None).with_random_position(random.Random(5))
    assert spec.position is not None and sum(spec.position) > 30
    with pytest.raises(TableLimitError):
        spec.start(spec.build(Tables()))


@pytest.mark.parametrize(
    ("request_", "said"),
    [
        (StartRequest(game="dawsons-kayles", misere=True, seed=5), TOO_LARGE),
        (StartRequest(game="subtraction", seed=1), "subtraction needs one --rule"),
    ],
    ids=["misere-dawsons-kayles-too-large", "subtraction-without-rule"],
)
async def test_a_request_that_cannot_open_is_a_notice_on_the_menu(
    request_: StartRequest, said: str
) -> None:
    app = SquareGameApp(GAMES, request_, ai_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert app.is_running and isinstance(app.screen, MenuScreen)
        notes = [n for n in app._notifications if said in str(n.message)]
        assert notes and notes[0].severity == "error", [n.message for n in app._notifications]
