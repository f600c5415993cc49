"""The teaching screens as pictures (pytest-textual-snapshot): the projector view of a teams
game, a teams game over with each side's blunders, and a teams game's value chart. Update
with: pytest --snapshot-update"""

from __future__ import annotations

from typing import Any

import pytest
from ui_helpers import footer_drawn

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.start import StartRequest

SIZE = (80, 24)
MOVES = (26, 25, 16, 15, 6, 5, 1, 0)  # Reds blunder at moves 1 and 3, Blues at move 2


def teams() -> SquareGameApp:
    req = StartRequest(start=30, seed=1, players="teams", names=("Reds", "Blues"), hints=True)
    return SquareGameApp(GAMES, req, ai_delay=0)


async def _play(pilot: Any, moves: tuple[int, ...]) -> None:
    await pilot.pause()
    position = 30
    for to in moves:
        await pilot.press(*str(position - to), "enter")
        await pilot.pause()
        position = to


SIZES = [(80, 24), pytest.param((140, 45), marks=pytest.mark.slow)]  # (140×45: slow)


def test_projector(snap_compare: Any) -> None:
    async def one_move_then_projector(pilot: Any) -> None:
        await _play(pilot, MOVES[:1])
        await pilot.press("p")
        await pilot.pause()

    assert snap_compare(teams(), terminal_size=SIZE, run_before=one_move_then_projector)


def test_teams_game_over(snap_compare: Any) -> None:
    async def to_the_end(pilot: Any) -> None:
        await _play(pilot, MOVES)
        await footer_drawn(pilot)
        game = next(s for s in pilot.app.screen_stack if hasattr(s, "history_scroll"))
        moves = game.history_scroll
        steady, seen = 0, None
        for _ in range(200):  # the list behind the dialog scrolled to its last move, and
            await pilot.wait_for_scheduled_animations()  # (a scroll may be under way)
            await pilot.pause()  # staying there: its last rows may still be coming, each
            now = (moves.virtual_size.height, moves.max_scroll_y, moves.scroll_y)  # a refresh
            at_end = moves.max_scroll_y and moves.scroll_y >= moves.max_scroll_y
            steady = steady + 1 if at_end and now == seen else 0
            seen = now
            if steady >= 5:
                break
        game.refresh()  # the dialog's background: the game as it is now, not as the dialog
        pilot.app.screen.refresh()  # found it (under load the last scroll may come after)
        await settled(pilot)

    assert snap_compare(teams(), terminal_size=SIZE, run_before=to_the_end)


def _projected(game: str, start: object, players: str) -> SquareGameApp:
    return SquareGameApp(GAMES, StartRequest(game=game, start=start, seed=1, players=players))


async def _open_projector(pilot: Any) -> None:
    await pilot.pause()
    await pilot.press("p")
    await settled(pilot)


async def settled(pilot: Any) -> None:
    """Until the screen draws the same twice in a row (a stage lays its board out over a
    refresh or two)."""
    last = ""
    for _ in range(20):
        await pilot.pause()
        now = pilot.app.export_screenshot()
        if now == last:
            return
        last = now


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "140x45"])
def test_projector_wythoff(snap_compare: Any, size: tuple[int, int]) -> None:
    """The queen's board, her reachable squares, the class's band."""
    app = _projected("wythoff", (7, 9), "class")
    assert snap_compare(app, terminal_size=size, run_before=_open_projector)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "140x45"])
def test_projector_sum(snap_compare: Any, size: tuple[int, int]) -> None:
    """A sum's piles with their rules, Team A's band."""
    app = _projected("sum", (5, 7, 10), "teams")
    assert snap_compare(app, terminal_size=size, run_before=_open_projector)


def test_teams_value_history(snap_compare: Any) -> None:
    """The chart of a teams game: told for Reds (who moved first) all game, on a signed
    scale, the bar after Blues's blunder chosen."""

    async def three_moves_then_chart(pilot: Any) -> None:
        await _play(pilot, MOVES[:3])
        await pilot.press("c", "left")
        await pilot.pause()

    assert snap_compare(teams(), terminal_size=(120, 36), run_before=three_moves_then_chart)
