"""The folder of saved games: which is the latest, which window has which game open, and
tidying at start (squaregame 1.0's single ``game.json`` moved in; temporary files left by
killed writers swept)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

from squaregame import paths
from squaregame.core.files.atomic import sweep_stale_temporaries
from squaregame.play.files import new_key
from squaregame.play.saves import SavedGame, SaveSummary, games_dir, peek_game, save_game

if TYPE_CHECKING:
    from squaregame.core.kinds import Kinds

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no claims
    fcntl = None  # type: ignore[assignment]

# -- claims: which window has which game open ---------------------------------------------
_claims: dict[Path, int] = {}  # this process's claims: path -> the open lock file


def claim(path: Path) -> bool:
    """Claim the game saved at ``path`` for this process (kept until it exits or
    :func:`release`); False if another running squaregame has it open."""
    path = Path(os.path.abspath(path))
    if path in _claims or fcntl is None:
        return True
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path.with_name(f".{path.name}.claim"), os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return True  # no claims in a read-only folder (nothing is written there anyway)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return False
    _claims[path] = fd
    return True


def release(path: Path) -> None:
    fd = _claims.pop(Path(os.path.abspath(path)), None)
    if fd is not None:
        os.close(fd)


def saved_paths(data: Path | None = None) -> list[Path]:
    """The saved games' files, the most recently saved first (squaregame 1.0's
    ``game.json`` among them if it could not be moved into ``games/``)."""
    found: list[tuple[float, Path]] = []
    entries: list[os.DirEntry[str]] = []
    with contextlib.suppress(OSError):
        entries = list(os.scandir(games_dir(data)))
    with contextlib.suppress(OSError):
        entries += [e for e in os.scandir(data or paths.data_dir()) if e.name == "game.json"]
    for entry in entries:
        if entry.name.endswith(".json") and not entry.name.startswith("."):
            try:
                found.append((entry.stat().st_mtime, Path(entry.path)))
            except OSError:
                continue
    return [p for _, p in sorted(found, key=lambda t: (-t[0], t[1].name))]


def open_folder(data: Path | None = None) -> None:
    """At start: move squaregame 1.0's ``game.json`` into ``games/`` and sweep temporary
    files left by killed writers. (Where 1.0's file cannot be moved, it is read where it
    is.)"""
    folder = data or paths.data_dir()
    for place in (folder, games_dir(folder)):
        sweep_stale_temporaries(place)
    legacy = folder / "game.json"
    if os.path.lexists(legacy):
        try:
            games_dir(folder).mkdir(parents=True, exist_ok=True)
            os.rename(legacy, games_dir(folder) / f"{new_key()}.json")
        except OSError:  # a read-only folder: it is read where it is
            pass


def latest_summary(
    kinds: Kinds, data: Path | None = None
) -> tuple[Path | None, SaveSummary | None, list[str]]:
    """The most recent sound saved game (damaged ones, newer, are set aside on the way),
    its summary, and anything to tell the person."""
    messages: list[str] = []
    for path in saved_paths(data):
        summary, message = peek_game(path, kinds)
        if message:
            messages.append(message)
        if summary is not None:
            return path, summary, messages
    return None, None, messages


def save_in_folder(saved: SavedGame, data: Path | None = None) -> Path:
    """Save ``saved`` in its own file in the folder, claimed for this process."""
    target = games_dir(data) / f"{saved.key}.json"
    claim(target)
    return save_game(saved, target)
