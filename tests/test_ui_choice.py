"""The dialogs' choices (:class:`squaregame.ui.widgets.choice.Choice`, issue 46): two widgets
until opened, their list made when first opened — by a key, a click or ``expanded`` set — and
otherwise a Textual ``Select``: its value, its ``Changed``, its keys."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import Input, Select
from textual.widgets._select import SelectOverlay

from squaregame.ui.widgets.choice import Choice, Shown

OPTIONS = [("Perfect", "perfect"), ("Strong", "strong"), ("Casual", "casual")]


class Host(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.changes: list[Any] = []

    def compose(self) -> ComposeResult:
        yield Input(id="before")
        yield Choice(OPTIONS, "strong", id="level")

    def on_select_changed(self, event: Select.Changed) -> None:
        self.changes.append(event.value)


def _run(body: Any) -> None:
    async def run() -> None:
        app = Host()
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            await body(app, pilot, app.query_one("#level", Choice))

    asyncio.run(run())


def test_two_widgets_showing_the_value_until_opened() -> None:
    async def body(app: Host, pilot: Any, choice: Choice) -> None:
        assert [type(w) for w in choice.walk_children(with_self=True)] == [Choice, Shown]
        shown = choice.query_one(Shown)
        line = str(shown.render())
        assert line.startswith("Strong") and line.rstrip().endswith("▼")
        assert shown.has_class("-has-value") and choice.value == "strong"
        assert app.changes == []  # the value given is no change (a Select says it)

    _run(body)


def test_a_key_opens_the_list_made_then_with_the_value_highlighted() -> None:
    async def body(app: Host, pilot: Any, choice: Choice) -> None:
        choice.focus()
        await pilot.press("enter")
        await pilot.pause()
        overlay = choice.query_one(SelectOverlay)
        assert choice.expanded and overlay.has_focus
        assert [str(o.prompt) for o in overlay.options] == ["Perfect", "Strong", "Casual"]
        assert overlay.highlighted == 1  # the value's
        assert str(choice.query_one(Shown).render()).rstrip().endswith("▲")
        await pilot.press("down", "enter")
        await pilot.pause()
        assert choice.value == "casual" and not choice.expanded and choice.has_focus
        assert app.changes == ["casual"]
        assert str(choice.query_one(Shown).render()).startswith("Casual")
        await pilot.press("enter")  # opened again: the same list, not a second
        await pilot.pause()
        assert len(choice.query(SelectOverlay)) == 1
        assert choice.query_one(SelectOverlay).highlighted == 2

    _run(body)


def test_a_click_or_expanded_set_opens_it_too() -> None:
    async def body(app: Host, pilot: Any, choice: Choice) -> None:
        await pilot.click(Shown)
        await pilot.pause()
        assert choice.expanded and choice.query_one(SelectOverlay).has_focus
        await pilot.press("escape")
        await pilot.pause()
        assert not choice.expanded and choice.has_focus
        await pilot.click(Shown)  # a second click: the list made is opened again
        await pilot.pause()
        assert choice.expanded
        choice.expanded = False
        await pilot.pause()
        assert not choice.query_one(SelectOverlay).display

    _run(body)


def test_expanded_set_before_the_list_is_made() -> None:
    async def body(app: Host, pilot: Any, choice: Choice) -> None:
        choice.expanded = True  # as the walk of every screen opens each list
        await pilot.pause()
        overlay = choice.query_one(SelectOverlay)
        assert overlay.display and overlay.has_focus and overlay.highlighted == 1

    _run(body)


def test_a_value_set_in_code_is_shown_and_said() -> None:
    async def body(app: Host, pilot: Any, choice: Choice) -> None:
        choice.value = "perfect"
        await pilot.pause()
        assert str(choice.query_one(Shown).render()).startswith("Perfect")
        assert app.changes == ["perfect"]

    _run(body)


def test_long_words_wrap_keeping_the_arrow_on_the_first_line() -> None:
    async def body(app: Host, pilot: Any, choice: Choice) -> None:
        shown = choice.query_one(Shown)
        words = ("a very long option " * 6).strip()
        shown.update(words)
        await pilot.pause()
        lines = str(shown.render()).split("\n")
        width = shown.content_size.width
        assert len(lines) == shown.size.height > 1  # as tall as its words
        assert lines[0].endswith("▼") and len(lines[0]) == width
        assert (
            " ".join(" ".join(lines).replace("▼", "").split())
            == ("a very long option " * 6).strip()
        )
        shown.update("Casual")
        await pilot.pause()
        assert shown.size.height == 1

    _run(body)
