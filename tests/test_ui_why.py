"""In the app: w on every game screen opens why the position is hot or cold; lines open
lazily, a big position's moves come a page at a time, x saves the proof as opened, and Esc
returns to the game untouched."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Tree
from ui_helpers import settle

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.messages import OpenWhy
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.why import UI_MOVES, WhyScreen
from squaregame.ui.start import StartRequest


def _labels(node: Any) -> list[str]:
    return [str(c.label) for c in node.children]


async def _why(pilot: Any) -> WhyScreen:
    await pilot.press("w")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, WhyScreen)
    return screen


async def _why_of(app: Any, pilot: Any, position: Any) -> tuple[WhyScreen, Any]:
    """The why screen of the game open in ``app`` at ``position(game)``, asked for as a
    lesson does (by message); returns it and the game."""
    game = app.screen
    assert isinstance(game, GameScreen)
    g = game.session.game
    app.post_message(OpenWhy(g, position(g)))
    await settle(pilot)
    why = app.screen
    assert isinstance(why, WhyScreen)
    return why, g


def _last_cold(g: Any) -> int:
    return next(k for k in range(999_999, 0, -1) if g.info(k).outcome.value == "cold")


async def test_w_opens_the_proof_lines_open_x_saves_esc_returns(tmp_path: Path) -> None:
    app = SquareGameApp(
        GAMES, StartRequest(game="squares", start=22), ai_delay=0, data_dir=tmp_path
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        before = (game.session.position, len(game.session.plies), game.typing.text, game.hints)
        why = await _why(pilot)
        tree = why.query_one(Tree)
        assert str(tree.root.label).startswith("22 is cold ☹ (remoteness 8)")
        labels = _labels(tree.root)
        assert [lb.split(",")[0] for lb in labels] == [
            "take 1 → 21", "take 4 → 18", "take 9 → 13", "take 16 → 6"
        ]  # fmt: skip
        assert all(": answer " in lb for lb in labels)
        third = tree.root.children[2]  # 13 → 12: not computed before it is opened
        assert not third.children
        tree.move_cursor(third)
        await pilot.press("right")
        await settle(pilot)
        assert third.is_expanded
        assert [lb.split(",")[0] for lb in _labels(third)] == [
            "take 1 → 11", "take 4 → 8", "take 9 → 3"
        ]  # fmt: skip
        await pilot.press("x")
        await settle(pilot)
        saved = tmp_path / "why" / "why-squares-22.md"
        text = saved.read_text()
        assert text.startswith("# Why 22 is cold ☹")
        assert "    - take 4 → 8, hot ☺: answer take 1 → 7, cold ☹ (remoteness 4)" in text
        assert "    - take 1 → 4" not in text  # a line not opened is not in the handout
        assert any(str(saved) in n.message for n in app._notifications)
        await pilot.press("x")  # never over the first one
        await settle(pilot)
        assert (tmp_path / "why" / "why-squares-22-2.md").is_file()
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game
        after = (game.session.position, len(game.session.plies), game.typing.text, game.hints)
        assert after == before


@pytest.mark.parametrize(
    ("request_", "first"),
    [
        (StartRequest(game="wythoff", start=(3, 5)), "(3,5) is cold ☹"),
        (StartRequest(game="sum", start=(5, 7, 10)), "5 + 7 + 10 is cold ☹"),
    ],
)
async def test_w_works_on_the_wythoff_and_sum_screens(
    tmp_path: Path, request_: StartRequest, first: str
) -> None:
    app = SquareGameApp(GAMES, request_, ai_delay=0, data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        why = await _why(pilot)
        assert str(why.query_one(Tree).root.label).startswith(first)


async def test_a_big_cold_position_comes_a_page_at_a_time(tmp_path: Path) -> None:
    app = SquareGameApp(
        GAMES, StartRequest(game="squares", start=40), ai_delay=0, data_dir=tmp_path
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        why, g = await _why_of(app, pilot, _last_cold)
        n = _last_cold(g)
        root = why.query_one(Tree).root
        assert len(root.children) == UI_MOVES + 1
        more = root.children[-1]
        total = g.move_count(n)
        assert str(more.label) == f"… and {total - UI_MOVES} more moves: Enter shows them"
        why.query_one(Tree).move_cursor(more)
        await pilot.press("enter")
        await settle(pilot)
        assert len(root.children) == 2 * UI_MOVES + 1
        assert str(root.children[UI_MOVES].label).startswith(f"take {(UI_MOVES + 1) ** 2} → ")


async def test_the_why_screen_speaks_russian(tmp_path: Path) -> None:
    from text_check import english_words

    request = StartRequest(game="squares", start=22)
    app = SquareGameApp(GAMES, request, ai_delay=0, data_dir=tmp_path, lang="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        why = await _why(pilot)
        assert str(why.query_one(Tree).root.label).startswith("22 — холодная ☹")
        assert not english_words(app, "ru")


async def test_an_ended_game_and_the_unshown_moves_in_the_handout(tmp_path: Path) -> None:
    app = SquareGameApp(
        GAMES, StartRequest(game="squares", start=40), ai_delay=0, data_dir=tmp_path
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        why, g = await _why_of(app, pilot, lambda g: 0)  # no move left: a leaf
        root = why.query_one(Tree).root
        assert str(root.label) == (
            "0 is cold ☹ (remoteness 0): no move is left — the player to move has lost"
        )
        assert not root.children
        await pilot.press("escape")
        await settle(pilot)
        n = _last_cold(g)
        app.post_message(OpenWhy(g, n))
        await settle(pilot)
        await pilot.press("x")
        await settle(pilot)
        text = (tmp_path / "why" / f"why-squares-{n}.md").read_text()
        more = g.move_count(n) - UI_MOVES
        assert f"  - … and {more} more moves, not listed" in text.splitlines()


async def test_the_game_is_only_asked_off_the_ui_thread(tmp_path: Path) -> None:
    """Every value is looked up in the worker: however slow a game is, the screen never
    waits for it (checked by where the calls come from, not by timing)."""
    import threading

    app = SquareGameApp(
        GAMES, StartRequest(game="sum", start=(5, 7, 10)), ai_delay=0, data_dir=tmp_path
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        g = game.session.game
        threads: list[bool] = []
        for name in ("info", "child_info", "best_moves", "move_count", "move_target", "analyze"):
            real = getattr(g, name)

            def spy(*args: Any, _real: Any = real) -> Any:
                threads.append(threading.current_thread() is threading.main_thread())
                return _real(*args)

            setattr(g, name, spy)
        app.post_message(OpenWhy(g, game.session.position))
        await settle(pilot)
        tree = app.screen.query_one(Tree)
        tree.move_cursor(tree.root.children[0])
        await pilot.press("right")
        await settle(pilot)
        await pilot.press("x")
        await settle(pilot)
        assert threads and not any(threads), threads
        assert tree.root.children[0].children  # the line did open


async def test_a_position_beyond_reach_is_said_not_a_crash(tmp_path: Path) -> None:
    app = SquareGameApp(
        GAMES, StartRequest(game="squares", start=40), ai_delay=0, data_dir=tmp_path
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        app.post_message(OpenWhy(game.session.game, 10**30))  # beyond any table
        await settle(pilot)
        why = app.screen
        assert isinstance(why, WhyScreen) and app.is_running
        labels = _labels(why.query_one(Tree).root)
        assert labels and labels[-1].startswith("Could not work this out: "), labels
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game
