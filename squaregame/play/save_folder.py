"""The folder of saved games: which is the latest, which window has which game open, and
tidying at start (squaregame 1.0's single ``game.json`` moved in; temporary files left by
killed writers swept)."""

from __future__ import annotations

import atexit
import contextlib
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING

from squaregame import paths
from squaregame.core.files.atomic import sweep_stale_temporaries
from squaregame.play.files import new_key
from squaregame.play.saves import SavedGame, SaveSummary, games_dir, peek_game, save_game
from squaregame.text import tr

if TYPE_CHECKING:
    from squaregame.core.kinds import Kinds

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no claims
    fcntl = None  # type: ignore[assignment]

# -- claims: which window has which game open ---------------------------------------------
_claims: dict[Path, int] = {}  # this process's claims: path -> the open lock file
CLAIM_TRIES = 5  # a claim file removed under us (its holder let go) is made again, so often


def _claim_file(path: Path) -> Path:
    return path.with_name(f".{path.name}.claim")


def claim(path: Path) -> bool:
    """Claim the game saved at ``path`` for this process (kept until it exits or
    :func:`release`, which removes the claim's file); False if another running squaregame
    has it open.

    A holder removes the file while it still holds the lock, so a process that opened the
    file just before may get the lock of a file no longer there: it checks that the name
    still leads to the file it locked, and else tries again with the file there now."""
    path = Path(os.path.abspath(path))
    if path in _claims or fcntl is None:
        return True
    lock = _claim_file(path)
    for _ in range(CLAIM_TRIES):
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return True  # no claims in a read-only folder (nothing is written there anyway)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        if _same_file(fd, lock):
            if not _claims:
                atexit.register(release_all)  # a normal exit leaves no claim's file behind
            _claims[path] = fd
            return True
        os.close(fd)  # removed (or replaced) by its last holder meanwhile
    return True  # never steady: the folder is changing under us; save as without claims


def _same_file(fd: int, name: Path) -> bool:
    try:
        mine, there = os.fstat(fd), os.stat(name)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)


def release(path: Path) -> None:
    """Let the game at ``path`` go: its claim's file removed (still locked, so no other
    process claims the file being removed) and the lock released."""
    path = Path(os.path.abspath(path))
    fd = _claims.pop(path, None)
    if fd is not None:
        with contextlib.suppress(OSError):
            if _same_file(fd, _claim_file(path)):
                os.unlink(_claim_file(path))
        os.close(fd)


def release_all() -> None:
    """Every claim of this process let go (at its exit)."""
    for path in list(_claims):
        release(path)


def saved_paths(data: Path | None = None) -> list[Path]:
    """The saved games' files, the most recently saved first (squaregame 1.0's
    ``game.json`` among them if it could not be moved into ``games/``)."""
    found: list[tuple[float, Path]] = []
    entries: list[os.DirEntry[str]] = []
    with contextlib.suppress(OSError):
        entries = list(os.scandir(games_dir(data)))
    with contextlib.suppress(OSError):
        entries += [  # 1.0's save where it could not be moved in (and only if it is one)
            e
            for e in os.scandir(data or paths.data_dir())
            if e.name == LEGACY and _legacy_problem(Path(e.path)) is None
        ]
    for entry in entries:
        if entry.name.endswith(".json") and not entry.name.startswith("."):
            try:
                found.append((entry.stat().st_mtime, Path(entry.path)))
            except OSError:
                continue
    return [p for _, p in sorted(found, key=lambda t: (-t[0], t[1].name))]


LEGACY = "game.json"  # squaregame 1.0's one saved game, in the data folder itself


def _legacy_problem(path: Path) -> str | None:
    """Why 1.0's ``game.json`` cannot be a saved game (a reason key under ``files.reason``),
    or None for a file that may be one: a regular file with something in it, or a link to
    one. A FIFO, a folder, an empty file or a link that leads nowhere (a loop) is not."""
    try:
        info = os.stat(path)  # through a link
    except OSError:
        return "link" if os.path.islink(path) else None  # (gone: nothing to say)
    if not stat.S_ISREG(info.st_mode):
        return "not_file"
    return "empty" if info.st_size == 0 else None


def open_folder(data: Path | None = None) -> list[str]:
    """At start: move squaregame 1.0's ``game.json`` into ``games/`` and sweep temporary
    files left by killed writers; what to tell the person. (Where 1.0's file cannot be
    moved, it is read where it is; a link is read where it is, never moved away from what
    it points to; one that is no saved game — :func:`_legacy_problem` — is left alone and
    said.)"""
    folder = data or paths.data_dir()
    for place in (folder, games_dir(folder)):
        sweep_stale_temporaries(place)
    legacy = folder / LEGACY
    if not os.path.lexists(legacy):
        return []
    problem = _legacy_problem(legacy)
    if problem is not None:
        return [tr("files.game.legacy_left", reason=tr(f"files.reason.{problem}"))]
    if not os.path.islink(legacy):
        try:
            games_dir(folder).mkdir(parents=True, exist_ok=True)
            os.rename(legacy, games_dir(folder) / f"{new_key()}.json")
        except OSError:  # a read-only folder: it is read where it is
            pass
    return []


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
