"""The text-mode page's way in and its armour: a stranger sent from ``/text`` to the join
form gets to text mode with Enter in the name field (the form posted with no button's
value), and after a failed join; the page is served with a strict Content-Security-Policy
whose hashes are those of its own style and script, frame protection and nosniff."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from serve_helpers import CLASS, TOKEN, classroom

from squaregame.classroom.room import ClassConfig
from squaregame.classroom.sessionpages import text_page, text_policy
from squaregame.classroom.store import ClassStore
from squaregame.text import Catalog


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


def sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_the_policy_allows_exactly_the_pages_own_style_and_script(lang: str) -> None:
    page = text_page(Catalog(lang))
    policy = dict(d.strip().split(" ", 1) for d in text_policy().split(";"))
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    styles = re.findall(r"<style>(.*?)</style>", page, re.S)
    assert len(scripts) == 1 and len(styles) == 1
    assert policy["script-src"] == sha256(scripts[0])
    assert policy["style-src"] == sha256(styles[0])
    assert policy["default-src"] == "'none'" and policy["base-uri"] == "'none'"
    assert policy["frame-ancestors"] == "'none'" and policy["form-action"] == "'self'"
    assert policy["connect-src"].split()[0] == "'self'"
    data = re.findall(r'<script type="application/json" id="page-data">(.*?)</script>', page)
    assert len(data) == 1 and "<" not in data[0]  # the words: data, never run


def test_the_text_page_is_served_with_its_policy(tmp_path: Path) -> None:
    async def main() -> None:
        async with classroom(tmp_path) as (_server, url, http):
            async with http.get(url + "/text") as r:
                assert r.status == 200
                headers = r.headers
            assert headers["Content-Security-Policy"] == text_policy(url.split("://")[1])
            assert headers["X-Content-Type-Options"] == "nosniff"
            assert headers["X-Frame-Options"] == "DENY"
            assert "ws://127.0.0.1:" in headers["Content-Security-Policy"]

    asyncio.run(main())


def test_a_strange_host_is_left_out_of_the_policy() -> None:
    assert "evil" not in text_policy("evil; script-src *")
    assert "ws://" not in text_policy("a b")
    assert text_policy("[::1]:8000").count("[::1]:8000") == 2  # ws: and wss:
