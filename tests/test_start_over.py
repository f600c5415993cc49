"""A start with no move (Squares 0, the queen in the corner, empty piles) is refused with one
clear message everywhere — the CLI (one line, status 2) and the new-game dialog (the message,
the form kept) — instead of opening a game that is over before it began ("The computer won
in 0 moves", and the second time no game-over dialog at all)."""

from __future__ import annotations

import pytest
from textual.widgets import Input
from ui_helpers import new_game_dialog, settle

from squaregame.cli.main import main
from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.game_base import GameScreen

OVER = [
    ["play", "squares", "--start", "0"],
    ["play", "nim", "--start", "0"],
    ["play", "wythoff", "--start", "0", "0"],
    ["play", "wythoff", "--start", "0", "0", "--misere"],
    ["play", "sum", "0", "0"],
    ["play", "sum", "0", "0", "0", "--misere"],
    ["play", "subtraction", "--rule", "3,5", "--start", "2"],  # no amount fits: no move either
]


@pytest.mark.parametrize("argv", OVER, ids=" ".join)
def test_the_cli_refuses_a_start_with_no_move(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    (line,) = err.strip().splitlines()
    assert "nobody can move from" in line and "at least one move" in line


def test_analysis_of_the_end_is_still_allowed(capsys: pytest.CaptureFixture[str]) -> None:
    """Only a *game* from there is refused: the position itself can still be analysed."""
    assert main(["analyze", "squares", "0"]) == 0
    assert "cold" in capsys.readouterr().out.lower()


@pytest.mark.parametrize(("kind", "start"), [("squares", "0"), ("wythoff", "0 0"), ("sum", "0 0")])
async def test_the_dialog_refuses_it_and_keeps_the_form(kind: str, start: str) -> None:
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await new_game_dialog(pilot, kind)
        dialog.query_one("#start", Input).value = start
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is dialog  # still asking, nothing opened
        message = str(dialog.query_one("#dialog-error").render())
        assert "nobody can move from" in message
        assert dialog.query_one("#start", Input).value == start
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
