"""A misère sum with a huge pile in the app and in ``why``: misère Nim's closed form plays
it (core/sums/misere_nim.py), other rules beside a huge Nim pile follow Bouton's misère rule
(core/sums/tame.py) with proven bounds."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Static
from ui_helpers import settle

from squaregame.cli.main import main
from squaregame.core.rules import NIM, SQUARES
from squaregame.core.sums import misere_nim
from squaregame.core.sums import solver as sums
from squaregame.families import GAMES
from squaregame.families.sums.screen import SumsScreen
from squaregame.families.sums.side import NimSumPanel
from squaregame.text import set_language
from squaregame.ui.app import SquareGameApp
from squaregame.ui.start import StartRequest

BIG = 10**15


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")


def app_for(piles: tuple[int, ...], rules: tuple[Any, ...], **kw: Any) -> SquareGameApp:
    req = StartRequest(game="sum", start=piles, rules=rules, seed=3, misere=True, **kw)
    return SquareGameApp(GAMES, req, ai_delay=0)


def screen_of(app: SquareGameApp) -> SumsScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, SumsScreen))


async def test_misere_nim_with_a_huge_pile_is_played_by_the_closed_form() -> None:
    app = app_for((3, BIG, 1, 0), (NIM,) * 4, human_first=False, hints=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        s = screen_of(app)
        assert s.session.position == (3, 2, 1, 0)  # the one winning move, taken at once
        info = s.session.info()
        assert info.remoteness_exact and info.remoteness == 5  # cold: N − 1
        assert str(s.query_one("#exactness", Static).render()) == ""
        await pilot.press("h", "h")
        assert "exact search" in str(s.query_one(NimSumPanel).render())
        await pilot.press("1", " ", "1", "enter")  # take 1 from pile 1: 2 + 2 + 1 + 0
        await settle(pilot)
        after = s.session.plies[-1].after
        assert after in misere_nim.best_children((2, 2, 1, 0))
        assert s.game.solver.find(s.game.rules, True, s.session.position) is None  # no search


async def test_squares_beside_a_huge_nim_pile_is_answered_with_bounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sums, "SEARCH_BUDGET", 1000)
    app = app_for((40, BIG, 30), (SQUARES, NIM, SQUARES), human_first=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        s = screen_of(app)
        ply = s.session.plies[0]
        assert not ply.by_human and ply.after == (40, 2, 30)  # values 1 ^ 2 ^ 3: nim-sum 0
        info = s.session.info()
        assert info.outcome.value == "cold" and info.upper is not None and info.upper < 200
        assert "proven bounds" in str(s.query_one("#exactness", Static).render())


def test_why_of_a_huge_misere_nim_sum(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["why", "sum", "3", str(BIG), "1", "0", "--rule", "nim", "--misere"]) == 0
    out = capsys.readouterr().out
    assert f"take {BIG - 2} from pile 2" in out and "3 + 2 + 1 + 0" in out
