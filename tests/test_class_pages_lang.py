"""A class's pages speak the server's language, chosen as the command line chooses it:
``--lang``, else the saved setting, else the locale (``LANG``, ``LC_ALL``, …) — the join
page, the teacher's page (its words and the words its JavaScript shows), the scoreboard
and its exports, and the student's app page; checked on served pages, in this test's event
loop and in a real ``squaregame serve`` process."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from serve_helpers import classroom, free_port, wait_listening

from squaregame.classroom import challenges
from squaregame.classroom.pages import TEACHER_WORDS
from squaregame.classroom.room import ClassConfig
from squaregame.classroom.store import ClassStore
from squaregame.play.settings import Settings, save_settings
from squaregame.text import Catalog, set_language

TOKEN = "t" * 32
CLASS = "Clase 1"
ENGLISH = ("Join the class", "the class, live", "No challenges yet", "the scoreboard", "not yet")


def _class(folder: Path) -> ClassConfig:
    store = ClassStore.open(folder)
    store.create_class(CLASS)
    ana = store.join(CLASS, "Ana")
    store.add_challenge(CLASS, challenges.make("nim", 5, ask="grundy"), None)
    store.record(ana, "challenge", {"challenge": 1, "ask": "grundy", "solved": True})
    store.close()
    return ClassConfig(folder, CLASS, TOKEN)


def _lang(page: str) -> str:
    found = re.search(r'<html lang="([a-z]+)"', page)
    return found.group(1) if found else ""


def _words(page: str) -> dict[str, str]:
    """The words the teacher's page hands its JavaScript."""
    found = re.search(r"const T=(\{.*?\});const KINDS=", page)
    assert found, page[:300]
    words: dict[str, str] = json.loads(found.group(1))
    return words


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_every_page_of_a_class_speaks_the_servers_language(tmp_path: Path, lang: str) -> None:
    set_language(lang)  # (as ``squaregame --lang``, the settings or the locale chose it)
    room = _class(tmp_path / "data")
    (tmp_path / "s").mkdir()
    cat = Catalog(lang)

    async def main() -> None:
        async with classroom(tmp_path / "s", room) as (_server, url, http):
            async with http.get(url + "/") as r:  # the join page
                join = await r.text()
            async with http.post(f"{url}/join", data={"name": "<x>"}) as r:
                refused = await r.text()
            async with http.get(f"{url}/teacher?token={TOKEN}") as r:
                teacher = await r.text()
            async with http.get(f"{url}/teacher/state") as r:
                state = await r.json()
            async with http.get(f"{url}/teacher/scoreboard.md") as r:
                board = await r.text()
            async with http.get(f"{url}/teacher/scoreboard.csv") as r:
                board_csv = await r.text()
            async with http.post(f"{url}/join", data={"name": "Bo"}) as r:
                app = await r.text()  # (joined: the app's own page)
        assert _lang(join) == _lang(refused) == _lang(teacher) == _lang(app) == lang
        assert cat("serve.join.title", name=CLASS) in join and cat("serve.join.button") in join
        assert cat("serve.join.note") in join
        assert cat("serve.join.title", name=CLASS) in refused
        assert cat("serve.teacher.title", name=CLASS) in teacher
        words = _words(teacher)
        assert set(words) == {k.split(".", 2)[2] for k in TEACHER_WORDS}
        for key in TEACHER_WORDS:  # everything the page's script says
            assert words[key.split(".", 2)[2]] == cat.raw(key)
        solved = cat("serve.teacher.result.solved")
        assert state["scoreboard"][0]["result"].startswith("✓ " + solved)
        assert state["challenges"][0]["text"] == challenges.describe(
            challenges.make("nim", 5, ask="grundy"), cat
        )
        assert state["rows"][0]["now"] == cat("serve.teacher.act.challenge_solved", challenge="#1")
        assert board.startswith("# " + cat("serve.teacher.scoreboard_title", name=CLASS))
        assert f"| {cat('serve.teacher.col.student')} |" in board and solved in board
        question = challenges.describe(challenges.make("nim", 5, ask="grundy"), cat)
        assert board_csv.splitlines()[-1].endswith(question)
        assert cat("serve.page.session_ended") in app
        if lang != "en":
            for english in ENGLISH:
                assert english not in join + teacher + board, english

    asyncio.run(main())


def _serve(tmp_path: Path, env: dict[str, str], *args: str) -> dict[str, str]:
    """``squaregame [args] serve --class "Clase 1"`` in a process of its own: its join page,
    teacher's page and Markdown scoreboard."""
    port = free_port()
    token = tmp_path / "token"
    if not token.exists():
        token.write_text(TOKEN + "\n")
    log = tmp_path / f"serve-{port}.log"
    more = ("--class", CLASS, "--teacher-token", str(token))
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "squaregame", *args, "serve", "--port", str(port), *more],
            env={**clean, "SQUAREGAME_DATA_DIR": str(tmp_path / "data"), **env},
            stdout=out,
            stderr=out,
        )
    try:
        wait_listening(port, proc, log)
        base = f"http://127.0.0.1:{port}"
        pages = {}
        for name, path in (
            ("join", "/"),
            ("teacher", "/teacher"),
            ("md", "/teacher/scoreboard.md"),
        ):
            asked = urllib.request.Request(base + path, headers={"X-Teacher-Token": TOKEN})
            with urllib.request.urlopen(asked, timeout=30) as r:
                pages[name] = r.read().decode("utf-8")
        return pages
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_a_served_class_follows_lang_then_the_setting_then_the_locale(tmp_path: Path) -> None:
    """``LANG=es_ES.UTF-8 squaregame serve --class "Clase 1"``: Spanish pages; a saved
    setting comes before the locale, ``--lang`` before both."""
    es, ru = Catalog("es"), Catalog("ru")
    pages = _serve(tmp_path, {"LANG": "es_ES.UTF-8"})
    assert _lang(pages["join"]) == _lang(pages["teacher"]) == "es"
    assert es("serve.join.title", name=CLASS) in pages["join"]
    assert es("serve.teacher.title", name=CLASS) in pages["teacher"]
    assert _words(pages["teacher"])["live"] == es.raw("serve.teacher.live")
    assert pages["md"].startswith("# " + es("serve.teacher.scoreboard_title", name=CLASS))
    save_settings(Settings(lang="ru"), tmp_path / "data" / "settings.json")
    pages = _serve(tmp_path, {"LC_ALL": "es_ES.UTF-8"})
    assert _lang(pages["join"]) == _lang(pages["teacher"]) == "ru"
    assert ru("serve.join.title", name=CLASS) in pages["join"]
    assert pages["md"].startswith("# " + ru("serve.teacher.scoreboard_title", name=CLASS))
    pages = _serve(tmp_path, {"LANG": "es_ES.UTF-8"}, "--lang", "en")
    assert _lang(pages["join"]) == _lang(pages["teacher"]) == "en"
    assert "Join the class Clase 1" in pages["join"]


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_the_students_apps_speak_the_pages_language(lang: str) -> None:
    """A student's app runs in a folder of its own, with no saved settings and the server's
    locale: it is told the language the pages chose, not left to guess."""
    from squaregame.classroom.server import ClassroomServer

    set_language(lang)  # (the saved setting or the locale, as ``squaregame`` chose it)
    server = ClassroomServer(None)
    assert server.command.split()[-2:] == ["--lang", lang]
    assert server.lang == lang
