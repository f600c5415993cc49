"""A class's student keeps their games and lessons across sessions (issue 43): every session
of theirs uses their own lasting data folder (``<class folder>/students/<id>-<joined>/``,
0700), so a reload offers "Continue"; another student never sees it; plain ``serve`` keeps
its temporary folders; deleting the class deletes its students' folders."""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path

import aiohttp
import pytest
from serve_helpers import Lines, class_room, classroom, eventually, text_socket

from squaregame.classroom.folders import STUDENTS, remove_student_folders, student_folder
from squaregame.classroom.room import ClassConfig
from squaregame.classroom.store import ClassStore
from squaregame.classroom.textsession import TextSession
from squaregame.cli.main import main

MENU = "squaregame in text mode. Type a number, or quit."
SQUARES = ["1", "1"]  # the menu: one-pile games, then Squares


@pytest.fixture
def room(tmp_path: Path) -> ClassConfig:
    return class_room(tmp_path)


async def joined(http: aiohttp.ClientSession, url: str, name: str) -> Lines:
    async with http.post(f"{url}/join", data={"name": name, "to": "text"}) as r:
        assert r.status == 200
    page = Lines(await http.ws_connect(text_socket(url)))
    await page.until(". Quit")
    return page


def test_a_students_game_survives_the_end_of_the_session_and_is_theirs_alone(
    tmp_path: Path, room: ClassConfig
) -> None:
    async def main_() -> None:
        async with classroom(tmp_path / "s", room) as (server, url, http):
            page = await joined(http, url, "Ana")
            await page.type(*SQUARES, "20")
            await page.until("Squares: a pile of 20 counters.")
            await page.type("1")  # 20 → 19, and the computer answers
            await page.until("Computer: ")
            lines = await page.until("Your move")
            [now] = [line for line in lines if "a pile of" in line]
            await page.ws.close()  # a reload: the socket closes, the session ends
            await eventually(lambda: not server.sessions, what="the session ended")

            again = Lines(await http.ws_connect(text_socket(url)))
            menu = await again.until(". Quit")
            assert menu[1].startswith("1. Continue: Squares from 20 — 2 moves"), menu
            await again.type("1")
            assert now in await again.until("Your move")
            [ana] = room.folder.joinpath(STUDENTS).iterdir()
            assert stat.S_IMODE(ana.stat().st_mode) == 0o700
            assert stat.S_IMODE(ana.parent.stat().st_mode) == 0o700
            [session] = server.sessions
            assert isinstance(session, TextSession)
            assert session.extra_env["SQUAREGAME_DATA_DIR"] == str(ana)
            assert not any(session.folder.data.iterdir())  # (its own temp folder: unused)

            async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as bo:
                other = await joined(bo, url, "Bo")
                assert not any("Continue" in line for line in other.said), other.said
                await other.ws.close()
            await again.ws.close()

    asyncio.run(main_())


def test_plain_serve_still_gives_each_session_a_temporary_folder(tmp_path: Path) -> None:
    async def main_() -> None:
        async with classroom(tmp_path) as (server, url, http):
            page = Lines(await http.ws_connect(text_socket(url)))
            await page.until(". Quit")
            await page.type(*SQUARES, "20", "1")
            await page.until("Computer: ")
            [session] = server.sessions
            assert isinstance(session, TextSession)
            assert "SQUAREGAME_DATA_DIR" not in session.extra_env
            assert any(session.folder.data.rglob("*"))  # the game is saved there
            folder = session.folder.path
            await page.ws.close()
            await eventually(lambda: not server.sessions, what="the session ended")
            assert not folder.exists()
        assert not (tmp_path / STUDENTS).exists()

    asyncio.run(main_())


def test_a_students_folder_is_private_and_never_a_link(tmp_path: Path) -> None:
    made = student_folder(tmp_path, 3, 1700000000.5)
    assert made == tmp_path / STUDENTS / "3-1700000000" and made.is_dir()
    assert student_folder(tmp_path, 3, 1700000000.5) == made  # the same, kept
    os.chmod(made, 0o755)
    student_folder(tmp_path, 3, 1700000000.5)
    assert stat.S_IMODE(made.stat().st_mode) == 0o700
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / STUDENTS / "4-1").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(NotADirectoryError):
        student_folder(tmp_path, 4, 1.0)
    remove_student_folders(tmp_path, [3, 4])
    assert not made.exists() and (tmp_path / "elsewhere").is_dir()


def test_deleting_a_class_deletes_its_students_folders_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(tmp_path))
    store = ClassStore.open(tmp_path)
    try:
        store.create_class("7B")
        store.create_class("8A")
        store.join("7B", "Ana")
        store.join("8A", "Cy")
        [ana], [cy] = store.students("7B"), store.students("8A")
    finally:
        store.close()
    kept = student_folder(tmp_path, cy.id, cy.joined)
    gone = student_folder(tmp_path, ana.id, ana.joined)
    (gone / "settings.json").write_text("{}")
    assert main(["class", "delete", "7B"]) == 0
    assert "deleted" in capsys.readouterr().out
    assert not gone.exists() and kept.is_dir()
