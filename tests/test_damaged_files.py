"""The damaged-file matrix: every file the person keeps × every way it can be damaged.

For each case the app must start (the menu), say so (a notice about that file), go on to
save everything it keeps (a setting, lesson progress, a new game) and lose nothing: the
original content is still in the data folder, byte for byte (set aside under a
``.corrupt-`` name, or where it was when it could not be read — never overwritten).
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from damaged_files import exercise

from squaregame.text import tr

HERE = Path(__file__).resolve().parent
KEY = "20260101-120000-abcdef"

SOUND_GAME = json.dumps(
    {
        "version": 2,
        "game": {"game": "squares", "rules": [], "misere": False, "position": [20]},
        "human_first": True,
        "moves": [19],
        "hints": [False],
        "redo": [],
        "level": "perfect",
        "seed": None,
    }
)
SOUND = {
    "settings.json": '{"level": "casual", "hints": false, "lang": "en"}',
    "lessons.json": '{"squares-basics": {"step": 2, "done": false, "score": 1, "answered": [1]}}',
    f"games/{KEY}.json": SOUND_GAME,
    "game.json": SOUND_GAME,  # squaregame 1.0's single save
}
WRONG_TYPES = {
    "settings.json": '{"hints": "no", "misere": [1], "lang": 5, "human_first": {}}',
    "lessons.json": '{"squares-basics": {"step": -30}, "why-22": {"step": "x"}}',
    f"games/{KEY}.json": SOUND_GAME.replace('"human_first": true', '"human_first": {}'),
    "game.json": SOUND_GAME.replace('"moves": [19]', '"moves": {"a": 1}'),
}
HUGE = {
    "settings.json": '{"ai_delay": 1e999, "hints": true}',
    "lessons.json": '{"squares-basics": {"step": 1e999}}',
    f"games/{KEY}.json": SOUND_GAME.replace('"position": [20]', '"position": [' + "9" * 5000 + "]"),
    "game.json": SOUND_GAME.replace('"moves": [19]', '"moves": [' + "9" * 400 + "]"),
}
WHAT = {  # the words every notice about that file contains
    "settings.json": "settings file",
    "lessons.json": "Lesson progress",
    f"games/{KEY}.json": "saved game",
    "game.json": "saved game",
}
DAMAGES = [
    "truncated",
    "random",
    "wrong types",
    "deep nesting",
    "huge numbers",
    "directory",
    "unreadable",
    "read-only folder",
]


def _content(name: str, damage: str) -> bytes:
    sound = SOUND[name].encode()
    return {
        "truncated": sound[: len(sound) // 2],
        "random": bytes((i * 193 + 71) % 256 for i in range(300)),  # not UTF-8, not JSON
        "wrong types": WRONG_TYPES[name].encode(),
        "deep nesting": b"[" * 200_000,
        "huge numbers": HUGE[name].encode(),
        "directory": b"",
        "unreadable": sound,
        "read-only folder": b"{damaged",
    }[damage]


def _everything(data: Path) -> Iterator[Path]:
    for root, dirs, files in os.walk(data):
        for f in (*files, *dirs):
            yield Path(root, f)


def _kept(data: Path, name: str, damage: str, content: bytes) -> bool:
    """The original is still in the folder: its bytes in some file, or the folder (with the
    file inside it) under some name."""
    if damage == "directory":
        return any(p.is_dir() and (p / "inside.txt").is_file() for p in _everything(data))
    return any(p.is_file() and p.read_bytes() == content for p in _everything(data))


SETPRIV = shutil.which("setpriv")


def _run_unprivileged(data: Path) -> dict[str, object]:
    """Run the app as root would without the power to ignore file permissions (util-linux's
    ``setpriv`` drops CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH): so that "unreadable" and
    "read-only" mean what they mean for everyone else."""
    if SETPRIV is None:
        pytest.skip("running as root without setpriv: root reads and writes any file")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE), *sys.path]))
    drop = ["--bounding-set", "-dac_override,-dac_read_search"]
    run = subprocess.run(
        [SETPRIV, *drop, sys.executable, str(HERE / "damaged_files.py"), str(data)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    result: dict[str, object] = json.loads(run.stdout.strip().splitlines()[-1])
    return result


@pytest.fixture
def base(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path
    for p in (tmp_path, *_everything(tmp_path)):  # let pytest remove what was made read-only
        if p.is_dir() and not p.is_symlink():
            p.chmod(0o755)


def _needs_someone_stopped(damage: str) -> bool:
    return damage in ("unreadable", "read-only folder")


# every damage to one file each in the default run, taking the files in turn; every other
# pair with the slow tests (CI runs both)
CASES = [
    (name, damage) if i % len(SOUND) == j else pytest.param(name, damage, marks=pytest.mark.slow)
    for i, damage in enumerate(DAMAGES)
    for j, name in enumerate(SOUND)
]


@pytest.mark.parametrize(("name", "damage"), CASES)
def test_a_damaged_file_is_reported_and_nothing_is_lost(name: str, damage: str, base: Path) -> None:
    data = base / "data"
    target = data / name
    target.parent.mkdir(parents=True, exist_ok=True)
    content = _content(name, damage)
    if damage == "directory":
        target.mkdir()
        (target / "inside.txt").write_text("someone's notes")
    else:
        target.write_bytes(content)
    root = os.geteuid() == 0
    if damage == "unreadable":
        target.chmod(0)
    if damage == "read-only folder":
        folder = target.parent
        if name == "game.json":  # squaregame 1.0's save: moved into games/ first
            (data / "games").mkdir()
        folder.chmod(0o555)
    if _needs_someone_stopped(damage) and root:
        result = _run_unprivileged(data)
    else:
        result = asyncio.run(exercise(data))

    assert result["started"], result
    assert result["opened"] == "PileScreen", result  # and then a game opened and was saved
    notes = [str(n) for n in result["notes"]]  # type: ignore[attr-defined]
    about = [n for n in notes if WHAT[name] in n]
    assert about, notes
    assert all("Traceback" not in n for n in notes)
    for p in (data, *_everything(data)):
        if p.is_dir():
            p.chmod(0o755)
        elif p.name.startswith(Path(name).name) and damage == "unreadable":
            p.chmod(0o644)
    assert _kept(data, name, damage, content), sorted(str(p) for p in _everything(data))
    if damage == "unreadable" and name != "game.json":  # (1.0's save is moved into games/)
        assert target.read_bytes() == content  # left where it was, never overwritten


def test_a_sound_file_is_kept_as_it_is(base: Path) -> None:
    data = base / "data"
    for name, text in SOUND.items():
        if name != "game.json":
            (data / name).parent.mkdir(parents=True, exist_ok=True)
            (data / name).write_text(text)
    result = asyncio.run(exercise(data))
    # nothing about the file; only that the game it held is kept (a new one was started)
    kept = tr("ui_menu.notify.kept", game="@").split("@")[0]
    assert [n for n in result["notes"] if not n.startswith(kept)] == [], result
    assert not [p for p in _everything(data) if ".corrupt-" in p.name]
    settings = json.loads((data / "settings.json").read_text())
    assert settings["level"] == "casual" and settings["hints"] is True  # changed, and kept
    lessons = json.loads((data / "lessons.json").read_text())
    assert lessons["squares-basics"]["step"] == 1
    continued = json.loads((data / "games" / f"{KEY}.json").read_text())
    assert continued["game"]["position"] == [20]  # continued (the computer replied), kept
    assert continued["moves"][0] == 19
    assert len(list((data / "games").glob("*.json"))) == 2


@pytest.mark.parametrize(
    "content", ['{"version": 99, "format": "other"}', '{"format": "other"}', '{"version": "2"}']
)
def test_settings_of_another_version_are_kept_as_they_are_and_said(
    base: Path, content: str
) -> None:
    """A later squaregame's settings file: nothing of it is read, it is never overwritten when
    Settings closes (its bytes stay), and the person hears why the settings are not saved."""
    data = base / "data"
    data.mkdir()
    (data / "settings.json").write_text(content)
    result = asyncio.run(exercise(data))  # Settings closed with a change
    assert (data / "settings.json").read_text() == content
    assert sorted(p.name for p in data.iterdir() if p.name.startswith("settings")) == [
        "settings.json"
    ]
    notes = [str(n) for n in result["notes"]]  # type: ignore[attr-defined]
    assert any("settings file is of a version" in n for n in notes), notes
    assert any("settings are not saved this time" in n for n in notes), notes


def test_settings_are_written_with_their_version_and_read_back(tmp_path: Path) -> None:
    from squaregame.play.settings import Settings, load_settings, save_settings

    path = tmp_path / "settings.json"
    save_settings(Settings(level="casual"), path)
    assert json.loads(path.read_text())["version"] == 1
    assert load_settings(path) == (Settings(level="casual"), None)


def _special(target: Path, kind: str) -> None:
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
        (target / "inside.txt").write_text("someone's notes")
    elif kind == "empty":
        target.write_bytes(b"")
    else:  # a link that leads to itself
        target.symlink_to(target.name)


@pytest.mark.parametrize("kind", ["fifo", "folder", "empty", "link loop"])
def test_a_legacy_save_that_is_no_file_is_left_where_it_is_and_said(base: Path, kind: str) -> None:
    """1.0's ``game.json`` as a FIFO, a folder, an empty file or a symlink loop is not moved
    into ``games/`` (a moved loop would become a link to nothing): it stays, and is said."""
    data = base / "data"
    data.mkdir()
    legacy = data / "game.json"
    _special(legacy, kind)
    before = os.lstat(legacy)
    result = asyncio.run(exercise(data))
    assert result["started"] and result["opened"] == "PileScreen", result
    after = os.lstat(legacy)  # the very same thing, where it was
    assert (after.st_ino, after.st_mode, after.st_size) == (
        before.st_ino,
        before.st_mode,
        before.st_size,
    )
    if kind == "link loop":
        assert os.readlink(legacy) == "game.json"
    games = sorted((data / "games").iterdir())
    assert [p for p in games if p.is_symlink() or not p.is_file()] == []
    notes = [str(n) for n in result["notes"]]  # type: ignore[attr-defined]
    assert any("1.0's saved game (game.json) is left where it is" in n for n in notes), notes
