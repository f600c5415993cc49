"""One view per position: a move and the reply analyse each new position once, and a key that
only moves the selection redraws only the chooser."""

from __future__ import annotations

from typing import Any

import pytest
from build import sum_game
from ui_helpers import settle

from squaregame.core.game import Game
from squaregame.families import GAMES
from squaregame.play.view import build_view
from squaregame.ui.app import SquareGameApp
from squaregame.ui.start import StartRequest

SIZE = (80, 24)


@pytest.fixture
def analyses(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every position ``Game.analyze`` is asked about."""
    calls: list[Any] = []
    analyze = Game.analyze

    def counting(self: Game[Any], pos: Any) -> Any:
        calls.append(pos)
        return analyze(self, pos)

    monkeypatch.setattr(Game, "analyze", counting)
    return calls


CASES = [
    (StartRequest(start=75, seed=1), ["3", "6", "enter"]),
    (StartRequest(game="sum", start=(5, 7, 10), seed=1), ["enter"]),
    (StartRequest(game="wythoff", start=(7, 9), seed=1), ["3", "space", "5", "enter"]),
]


@pytest.mark.parametrize(("request_", "keys"), CASES, ids=["squares", "sum", "wythoff"])
async def test_a_move_and_its_reply_analyse_each_position_once(
    analyses: list[Any], request_: StartRequest, keys: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from squaregame.ui.screens import turns

    monkeypatch.setattr(turns, "AHEAD_AFTER", 3600.0)  # (no look ahead: the start alone)
    before_key, _plies = await _each_position_once(analyses, request_, keys)
    assert len(before_key) == 1


async def test_a_move_looked_ahead_at_before_its_key_is_analysed_once(
    analyses: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a loaded machine does by chance, made sure: the choice rests past AHEAD_AFTER
    before Enter, so the move's position is analysed ahead and not again on the key."""
    from squaregame.ui.screens import turns

    monkeypatch.setattr(turns, "AHEAD_AFTER", 0.001)
    # A pile's move list looks ahead at its highlighted move; Enter plays that move.
    before_key, plies = await _each_position_once(analyses, CASES[0][0], ["enter"], rest=True)
    assert plies[0].after in before_key  # looked ahead at, then played without a second look


async def _each_position_once(
    analyses: list[Any], request_: StartRequest, keys: list[str], rest: bool = False
) -> tuple[list[Any], list[Any]]:
    """The positions analysed before ``keys``, and the game's plies after them; ``rest``:
    the keys wait until the choice was looked ahead at."""
    app = SquareGameApp(GAMES, request_, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        start = screen.session.position  # type: ignore[attr-defined]
        game = screen.session.game  # type: ignore[attr-defined]
        # The position on screen, first and once. Had the choice rested AHEAD_AFTER, the
        # chosen move's position is looked ahead at too (a CI run saw [75, 74] when settling
        # outlasted it): a child of the start, never the start again.
        assert analyses[:1] == [start] and analyses.count(start) == 1
        assert all(p in game.children(start) for p in analyses[1:])
        for _ in range(200 if rest else 0):  # the timer fires, its worker ends (≤ 10 s)
            await pilot.pause(0.05)
            await app.workers.wait_for_complete()
            if len(analyses) > 1:
                break
        await app.workers.wait_for_complete()
        before_key = list(analyses)
        await pilot.press(*keys)
        await settle(pilot)
        plies = screen.session.plies  # type: ignore[attr-defined]
        assert len(plies) == 2
        # 1.0 made five calls (four for Wythoff): the start again, the move's position three
        # times (verdict, screen, opponent), the reply's position once more. Now each once,
        # whether the move was looked ahead at before its key, is being looked at as it is
        # played (the opponent waits for that analysis: PositionCache), or is analysed on
        # it; any other is a move the person's choice rested on (looked ahead at).
        assert analyses.count(plies[0].after) == 1 and analyses.count(plies[1].after) == 1
        assert len(set(map(repr, analyses))) == len(analyses)
        ahead = [p for p in analyses if p not in (start, plies[0].after, plies[1].after)]
        assert all(p in game.children(start) or p in game.children(plies[1].after) for p in ahead)
        return before_key, plies


async def test_undo_and_redo_analyse_nothing_again(analyses: list[Any]) -> None:
    app = SquareGameApp(GAMES, StartRequest(start=75, seed=1), ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3", "6", "enter")
        await settle(pilot)
        analyses.clear()
        await pilot.press("u")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        played = [ply.after for ply in app.screen.session.plies]  # type: ignore[attr-defined]
        assert not set(played) & set(analyses)  # nothing played is analysed again
        game = app.screen.session.game  # type: ignore[attr-defined]
        assert all(p in game.children(75) or p in game.children(played[-1]) for p in analyses)


def _record_draws(app: SquareGameApp, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Which widgets are given new content from now on (by id)."""
    from textual.widget import Widget
    from textual.widgets import Static

    drawn: list[str] = []
    screen = app.screen
    for widget in screen.query(Widget):
        for method in ("show", "update"):
            original = getattr(widget, method, None)
            if original is None or (method == "update" and not isinstance(widget, Static)):
                continue

            def spy(*args: Any, _o: Any = original, _w: Widget = widget, **kw: Any) -> Any:
                drawn.append(_w.id or type(_w).__name__)
                return _o(*args, **kw)

            monkeypatch.setattr(widget, method, spy)
    return drawn


@pytest.mark.parametrize(
    ("request_", "key", "chooser"),
    [
        (StartRequest(start=75, seed=1, hints=True), "down", set()),  # the list moves itself
        (  # pile 1 no longer chosen, pile 2 chosen: their rows, no other
            StartRequest(game="sum", start=(5, 7, 10), seed=1, hints=True),
            "down",
            {"piles", "part-0", "part-0-label", "part-1", "part-1-label"},
        ),
        (StartRequest(game="wythoff", start=(7, 9), seed=1, hints=True), "left", {"board"}),
    ],
    ids=["squares", "sum", "wythoff"],
)
async def test_moving_the_selection_redraws_only_the_chooser(
    monkeypatch: pytest.MonkeyPatch, request_: StartRequest, key: str, chooser: set[str]
) -> None:
    app = SquareGameApp(GAMES, request_, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        drawn = _record_draws(app, monkeypatch)
        await pilot.press(key)
        await pilot.pause()
        assert set(drawn) - {"message"} == chooser  # the message line may say what is aimed at


async def test_the_view_is_what_the_panels_show() -> None:
    """Sum panels get their data from the view: the Grundy sequences, the pair table."""
    from squaregame.core.rules import SetRule
    from squaregame.core.types import Outcome
    from squaregame.families.sums.panels import SumData
    from squaregame.families.sums.screen import SumsScreen
    from squaregame.play.session import Session

    game = sum_game((SetRule([1, 3, 7, 8]), SetRule([1, 2, 3, 4])))
    view = build_view(Session(game, (15, 12)), SumsScreen.panels)
    data = view.panels
    assert isinstance(data, SumData)
    assert [r.label for r in data.rules] == ["{1, 3, 7, 8}", "{1, 2, 3, 4}"]
    assert data.rules[1].period is not None and data.rules[1].period.length == 5
    assert data.pairs is not None and (data.pairs.width, data.pairs.height) == (15, 12)
    assert data.pairs.cold == {
        (x, y) for x in range(16) for y in range(13) if game.info((x, y)).outcome is Outcome.COLD
    }
    assert {m.to for m in view.moves} == set(game.children((15, 12)))
    assert view.prediction.startswith(("Hot:", "Cold:"))
