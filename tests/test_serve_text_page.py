"""The text-mode page's way in: a stranger sent from ``/text`` to the join form gets to
text mode with Enter in the name field (the form posted with no button's value), and
after a failed join."""

from __future__ import annotations

import asyncio
from html.parser import HTMLParser
from pathlib import Path

import pytest
from serve_helpers import classroom
from test_serve_text import CLASS, TOKEN

from squaregame.classroom.room import ClassConfig
from squaregame.classroom.store import ClassStore


@pytest.fixture
def room(tmp_path: Path) -> ClassConfig:
    (tmp_path / "s").mkdir()  # the sessions' folders
    store = ClassStore.open(tmp_path / "data")
    store.create_class(CLASS)
    store.join(CLASS, "Bea")  # (a name taken)
    store.close()
    return ClassConfig(tmp_path / "data", CLASS, TOKEN)


class Form(HTMLParser):
    """A page's form as a browser reads it: the fields it posts whatever is pressed (not
    its buttons), and its buttons' ``to`` values in order (the first: what Enter presses)."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.fields: list[tuple[str, str]] = []
        self.buttons: list[str] = []
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "input" and a.get("name"):
            self.fields.append((a["name"], a.get("value", "")))
        elif tag == "button":
            self.buttons.append(a.get("value", ""))


def test_enter_on_the_join_form_from_text_mode_goes_to_text_mode(
    tmp_path: Path, room: ClassConfig
) -> None:
    async def main() -> None:
        async with classroom(tmp_path / "s", room) as (_server, url, http):
            async with http.get(url + "/text") as r:
                form = Form(await r.text())
            assert form.buttons == ["text", "app"]  # text mode's button first: the default
            # a name taken: the form again, still going to text mode
            typed = [(k, "Bea" if k == "name" else v) for k, v in form.fields]
            async with http.post(f"{url}/join", data=typed, allow_redirects=False) as r:
                assert r.status == 400
                again = Form(await r.text())
            assert again.buttons == ["text", "app"] and ("to", "text") in again.fields
            typed = [(k, "Ana" if k == "name" else v) for k, v in again.fields]
            async with http.post(f"{url}/join", data=typed, allow_redirects=False) as r:
                assert r.status == 303 and r.headers["Location"] == "/text"

    asyncio.run(main())


@pytest.mark.parametrize(
    ("start", "pressed", "lands"),
    [
        ("/", None, "/"),  # Enter on the app's form
        ("/", "text", "/text"),
        ("/text", "app", "/"),  # the app's button on the text-mode form
        ("/text", "text", "/text"),
    ],
)
def test_each_button_of_each_join_form_goes_where_it_says(
    tmp_path: Path, room: ClassConfig, start: str, pressed: str | None, lands: str
) -> None:
    async def main() -> None:
        async with classroom(tmp_path / "s", room) as (_server, url, http):
            async with http.get(url + start) as r:
                form = Form(await r.text())
            typed = [(k, "Ana" if k == "name" else v) for k, v in form.fields]
            if pressed is not None:
                typed.append(("to", pressed))
            async with http.post(f"{url}/join", data=typed, allow_redirects=False) as r:
                assert r.status == 303 and r.headers["Location"] == lands

    asyncio.run(main())
