"""A screen's widgets are styled as they are mounted, and not all again as it is first shown
(issue 46: key latency; the fixes are in squaregame/ui/textual_fixes.py and the dialog)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import textual.css.stylesheet as stylesheet
from textual.screen import Screen
from textual.widgets._footer import FooterKey

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.new_game import NewGameDialog
from squaregame.ui.screens.why import WhyScreen
from squaregame.ui.start import StartRequest


def _restyles(monkeypatch: Any) -> list[list[Any]]:
    """Each batch of nodes Textual restyles from now on (a class or pseudo-class changed)."""
    batches: list[list[Any]] = []
    original = stylesheet.Stylesheet.update_nodes

    def update_nodes(self: Any, nodes: Any, animate: bool = False) -> None:
        nodes = list(nodes)
        batches.append(nodes)
        original(self, nodes, animate)

    monkeypatch.setattr(stylesheet.Stylesheet, "update_nodes", update_nodes)
    return batches


def _of(screen: Screen[Any], batches: list[list[Any]]) -> list[list[Any]]:
    widgets = set(screen.walk_children(with_self=True))
    assert len(widgets) > 5  # (what is counted: a whole screen)
    return [mine for batch in batches if (mine := [n for n in batch if n in widgets])]


@pytest.mark.parametrize(
    ("request_", "key", "kind"),
    [
        (None, "enter", NewGameDialog),  # the menu's first entry: the new-game dialog
        (StartRequest(game="sum", start=(7, 8, 9)), "w", WhyScreen),
    ],
)
def test_a_screen_opened_restyles_no_group_of_its_widgets(
    tmp_path: Any, monkeypatch: Any, request_: Any, key: str, kind: type
) -> None:
    """No class set on a screen once its widgets are mounted restyles them all again (its
    first showing, its size classes, the rows' spacing, a choice's value, the Footer's
    keys): what is restyled is a widget at a time (the focused one, its row …)."""

    async def run() -> None:
        app = SquareGameApp(GAMES, request_, ai_delay=0, data_dir=tmp_path)
        async with app.run_test(size=(100, 32)) as pilot:
            for _ in range(3):
                await pilot.pause()
                await app.workers.wait_for_complete()
            batches = _restyles(monkeypatch)
            await pilot.press(key)
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, kind)
            ours = _of(screen, batches)
            assert max(map(len, ours), default=0) <= 2, ours
            assert sum(map(len, ours)) < 12, ours
            assert screen.styles.align == ("center", "middle") or kind is not NewGameDialog

    asyncio.run(run())


def test_the_footer_makes_its_keys_again_only_when_they_change(tmp_path: Any) -> None:
    """Textual's Footer remade its keys each time the screen said they might have changed:
    ten times as the dialog opened, for the same four keys."""
    made: list[str] = []
    original = FooterKey.__init__

    def init(self: FooterKey, *args: Any, **kwargs: Any) -> None:
        made.append(args[0])
        original(self, *args, **kwargs)

    async def run() -> None:
        app = SquareGameApp(GAMES, ai_delay=0, data_dir=tmp_path)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            FooterKey.__init__ = init  # type: ignore[method-assign]
            try:
                await pilot.press("enter")
                for _ in range(3):
                    await pilot.pause()
                dialog = app.screen
                assert isinstance(dialog, NewGameDialog)
                keys = len(dialog.query(FooterKey))
                assert keys >= 3  # (Esc, Ctrl+R, Ctrl+T, Ctrl+S: a Footer showing them)
                assert len(made) <= keys, made  # made once
                await pilot.press("tab")  # the focus moved: the same keys, not remade
                await pilot.pause()
                assert len(made) <= keys, made
            finally:
                FooterKey.__init__ = original  # type: ignore[method-assign]

    asyncio.run(run())


def test_a_screen_pushed_is_not_laid_out_again_at_the_same_size(tmp_path: Any) -> None:
    """A screen pushed is laid out as it is first shown; the ``Resize`` that first layout sends
    it laid it out again, and every screen under it, at the same size (textual_fixes). A
    layout asked for meanwhile, or a real resize, still lays them out."""
    laid: list[Any] = []
    original = Screen._refresh_layout

    def refresh_layout(self: Screen[Any], size: Any = None, scroll: bool = False) -> None:
        laid.append(self)
        original(self, size, scroll)

    async def run() -> None:
        app = SquareGameApp(GAMES, ai_delay=0, data_dir=tmp_path)
        async with app.run_test(size=(100, 32)) as pilot:
            for _ in range(3):
                await pilot.pause()
            menu = app.screen
            await pilot.press("enter")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, NewGameDialog)
            Screen._refresh_layout = refresh_layout  # type: ignore[method-assign]
            try:
                for screen in (dialog, menu):  # as the dialog's first Resize did
                    screen._screen_resized(app.size)
                assert laid == []
                dialog._layout_required = True  # a widget asked for a layout meanwhile
                dialog._screen_resized(app.size)
                assert laid == [dialog]
                laid.clear()
                await pilot.resize_terminal(90, 30)
                await pilot.pause()
                assert menu in laid and dialog in laid  # a resize: both
                assert dialog.size == (90, 30) and menu.size == (90, 30)
            finally:
                Screen._refresh_layout = original  # type: ignore[method-assign]

    asyncio.run(run())


def test_the_why_view_starts_its_worker_after_its_first_paint(tmp_path: Any) -> None:
    """The why view's worker thread shared the interpreter with the view's first layout
    and paint, putting them off (issue 46: the why key's p95 up to twice its median)."""
    seen: list[bool] = []
    original = WhyScreen._compute

    def compute(self: WhyScreen, work: Any, *args: Any) -> None:
        seen.append(bool(self._compositor.widgets))  # laid out and drawn already?
        original(self, work, *args)

    async def run() -> None:
        app = SquareGameApp(
            GAMES, StartRequest(game="sum", start=(7, 8, 9)), ai_delay=0, data_dir=tmp_path
        )
        async with app.run_test(size=(100, 32)) as pilot:
            for _ in range(3):
                await pilot.pause()
                await app.workers.wait_for_complete()
            WhyScreen._compute = compute  # type: ignore[method-assign]
            try:
                await pilot.press("w")
                for _ in range(3):
                    await pilot.pause()
                    await app.workers.wait_for_complete()
            finally:
                WhyScreen._compute = original  # type: ignore[method-assign]
            assert isinstance(app.screen, WhyScreen) and seen[:1] == [True], seen
            assert len(app.screen.proof.root.children) > 0  # and the proof came all the same

    asyncio.run(run())


async def test_a_value_given_as_the_app_closes_clears_no_selection() -> None:
    """A CI run ended on ScreenStackError: a new-game dialog mounted as the app closed gave
    its Input a value, which clears the app's selection through the (empty) screen stack."""
    from textual.widgets import Input

    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        field = Input()
        await app.screen.mount(field)
        stack = app._screen_stack[:]
        app._screen_stack.clear()  # (as the app closes: no screen left)
        try:
            field.value = "12"  # Textual: app.clear_selection() → app.screen → raised
        finally:
            app._screen_stack[:] = stack
        assert field.value == "12" and app.is_running
