"""Bad input everywhere: empty, huge (10^30), negative, non-numeric, other scripts' digits and
pasted multi-line text. Every one gets a clear message; nothing crashes; games are untouched."""

from __future__ import annotations

import pytest
from textual.widgets import Input
from ui_helpers import game_screen, new_game_dialog, settle

from squaregame.cli.main import main
from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.start import StartRequest

BAD = ["", "1" + "0" * 30, "-5", "abc", "٣", "五", "1\n2", "4.5", " "]
# In fields that take several numbers, "1⏎2" is a fair way to give two: paste junk instead.
BAD_FIELD = [b if b != "1\n2" else "12\nfoo bar" for b in BAD]

CLI_SLOTS = [
    ["analyze", "squares", "{}"],
    ["analyze", "wythoff", "3", "{}"],
    ["analyze", "sum", "5", "{}", "10"],
    ["analyze", "subtraction", "21", "--rule", "{}"],
    ["table", "squares", "--upto", "{}"],
    ["table", "squares", "--upto", "{}", "--stats"],
    ["build-tables", "squares", "--upto", "{}"],
    ["play", "squares", "--start", "{}"],
    ["play", "sum", "5", "{}"],
    ["play", "squares", "--seed", "{}"],
    ["serve", "--port", "{}"],
    ["lesson", "{}"],
]


@pytest.mark.parametrize("slot", CLI_SLOTS, ids=[" ".join(s) for s in CLI_SLOTS])
@pytest.mark.parametrize("bad", BAD, ids=repr)
def test_every_cli_argument(capsys: pytest.CaptureFixture[str], slot: list[str], bad: str) -> None:
    argv = [bad if a == "{}" else a for a in slot]
    if slot[0] == "lesson" and bad.strip() == "":
        pytest.skip("an empty lesson name means 'the list'")  # not an error
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    assert code == 2, (argv, out, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("kind", ["squares", "wythoff", "sum"])
async def test_every_new_game_field(kind: str) -> None:
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await new_game_dialog(pilot, kind)
        fields = ["#start", "#rules"] if kind == "sum" else ["#start"]
        for field in fields:
            for bad in BAD_FIELD:
                if field == "#rules" and bad.strip() == "":
                    continue  # an empty rule means squares for every pile
                dialog.query_one("#start", Input).value = "5 7" if field == "#rules" else bad
                if kind == "sum":
                    dialog.query_one("#rules", Input).value = bad if field == "#rules" else ""
                await pilot.press("ctrl+s")
                await pilot.pause()
                assert app.screen is dialog, (field, bad)  # refused: still asking
                message = str(dialog.query_one("#dialog-error").render())
                assert message.startswith("✗ ") and len(message) < 200, (field, bad, message)


async def test_typed_and_pasted_junk_leaves_the_game_untouched() -> None:
    from textual import events

    app = SquareGameApp(GAMES, StartRequest(start=75, seed=1), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        for bad in BAD:
            screen.post_message(events.Paste(bad))
            await pilot.pause()
            assert screen.session.position == 75 and not screen.session.plies, bad
        await pilot.press(*"1000000000000000000000000000000", "enter")  # typed 10^30
        assert screen.session.position == 75 and not screen.session.plies
        screen.post_message(events.Paste("36"))  # a good paste is a move
        await settle(pilot)
        assert screen.session.plies[0].after == 39
