"""The person's own files (settings, saved games, lesson progress): nothing is ever lost.

Every such file is JSON, read by :func:`read_json` and checked against a typed schema by
its owner (``parse``). What can happen to it, and what the program does:

- *missing*: the defaults; the file is written when there is something to keep;
- *damaged* (not UTF-8, not JSON, nested too deeply, too large, a number too large, wrong
  types or values, or not a regular file): it is **set aside** (renamed
  ``NAME.corrupt-YYYYmmdd-HHMMSS``), never deleted, and the person is told; a file whose
  fields are partly right (settings) keeps the right ones;
- *unreadable* (no permission, an I/O error): it is left exactly as it is and **never
  overwritten** this run (:attr:`UserFile.writable` is false; saving says so);
- damaged but it cannot be set aside (a read-only folder): the defaults are used, nothing
  is written, and the person is told;
- *of another version* (its ``version`` one this program does not know: a later
  squaregame wrote it): like an unreadable one, it is left exactly as it is, never
  overwritten this run, and the person is told.

Writes go through :func:`~squaregame.core.files.atomic.write_atomic` and, for files two running
copies of the program share (settings, lesson progress), are *read-modify-write under an
advisory lock* (:meth:`UserFile.update`): each copy changes only what it changed, so two
windows never undo each other's progress.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from squaregame.core.files.atomic import NotRegularFileError, open_regular, write_atomic
from squaregame.text import os_reason, tr

try:  # advisory locks: POSIX; elsewhere the program runs without them
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

T = TypeVar("T")

LOCK_WAIT = 3.0  # seconds to wait for another copy of the program to finish its write


class Damaged(Exception):
    """The content is not what the file should hold: ``reason`` is a key under
    ``files.reason`` in the catalogs, with its parameters."""

    def __init__(self, reason: str, **params: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.params = params

    def text(self) -> str:
        return tr(f"files.reason.{self.reason}", **self.params)


class Salvaged(Damaged, Generic[T]):
    """Damaged, but ``value`` keeps what was right in it (the file is still set aside)."""

    def __init__(self, value: T, reason: str, **params: Any) -> None:
        super().__init__(reason, **params)
        self.value = value


class Unreadable(Exception):
    """The file is there but cannot be read (permissions, I/O): it is left untouched."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


class Foreign(Exception):
    """The file is of a version this program does not read (a later one wrote it): it is
    left as it is and never written this run (``version``: what it says it is)."""

    def __init__(self, version: Any) -> None:
        super().__init__(f"version {version!r}")
        self.version = version


class NotSaved(OSError):
    """This file is not written this run (it could not be read, or set aside)."""


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise Damaged("number")
    return value


def _constant(text: str) -> Any:
    raise Damaged("number")


def read_json(path: Path, limit: int) -> Any:
    """The JSON document in ``path``. Raises ``FileNotFoundError``, :class:`Unreadable` or
    :class:`Damaged`; never blocks on a FIFO (opened non-blocking, its type checked)."""
    try:
        fd, info = open_regular(path)
    except FileNotFoundError:
        raise
    except (NotRegularFileError, IsADirectoryError) as exc:  # a folder, FIFO, socket, device
        raise Damaged("not_file") from exc
    except OSError as exc:
        raise Unreadable(exc) from exc
    try:
        if info.st_size > limit:
            raise Damaged("too_large", size=info.st_size, limit=limit)
        with os.fdopen(os.dup(fd), "rb") as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise Unreadable(exc) from exc
    finally:
        os.close(fd)
    if len(data) > limit:
        raise Damaged("too_large", size=len(data), limit=limit)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Damaged("encoding") from exc
    try:
        return json.loads(text, parse_float=_finite, parse_constant=_constant)
    except RecursionError as exc:
        raise Damaged("depth") from exc
    except ValueError as exc:  # includes integers of thousands of digits
        raise Damaged("json") from exc


def set_aside(path: Path) -> Path:
    """Rename ``path`` to ``NAME.corrupt-STAMP`` beside it (never over another file)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    os.rename(path, target)
    return target


@contextlib.contextmanager
def locked(path: Path, wait: float = LOCK_WAIT) -> Iterator[None]:
    """Hold an advisory lock on ``.NAME.lock`` beside ``path`` (best effort: where no lock
    file can be made, e.g. a read-only folder, the body runs unlocked and its write fails
    on its own). Raises ``TimeoutError`` if another process holds it for ``wait`` seconds."""
    if fcntl is None:  # pragma: no cover - Windows
        yield
        return
    lock_path = path.with_name(f".{path.name}.lock")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        yield
        return
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"{path.name} is locked by another squaregame") from None
                time.sleep(0.02)
        yield
    finally:
        os.close(fd)  # closing releases the lock


@dataclass
class UserFile(Generic[T]):
    """One of the person's files: ``what`` names its catalog section (``files.<what>``),
    ``parse`` turns a JSON document into ``T`` (raising :class:`Damaged`), ``encode`` the
    reverse; ``limit`` is the largest size in bytes a sound file can have."""

    path: Path
    what: str
    parse: Callable[[Any], T]
    encode: Callable[[T], bytes]
    limit: int
    writable: bool = True  # false: could not be read or set aside; never written this run
    foreign: bool = False  # … because another version wrote it (said so when not saved)

    def load(self) -> tuple[T | None, str | None]:
        """The file's value (None when missing or damaged) and what to tell the person."""
        try:
            return self.parse(read_json(self.path, self.limit)), None
        except FileNotFoundError:
            return None, None
        except Unreadable as exc:
            self.writable = False
            return None, tr(f"files.{self.what}.unreadable", error=_short(exc.error))
        except Foreign as exc:
            self.writable, self.foreign = False, True
            return None, tr(f"files.{self.what}.foreign", version=_shown(exc.version))
        except Salvaged as damage:
            return damage.value, self._set_aside(damage)
        except Damaged as damage:
            return None, self._set_aside(damage)

    def _set_aside(self, damage: Damaged) -> str:
        try:
            moved = set_aside(self.path)
        except OSError as exc:
            self.writable = False
            return tr(f"files.{self.what}.stuck", reason=damage.text(), error=_short(exc))
        return tr(f"files.{self.what}.set_aside", reason=damage.text(), file=moved.name)

    def write(self, value: T) -> None:
        """Replace the file (raises :class:`NotSaved` when it must not be written)."""
        if not self.writable:
            raise NotSaved(tr(f"files.{self.what}.{'kept' if self.foreign else 'not_saved'}"))
        write_atomic(self.path, self.encode(value))

    def update(self, change: Callable[[T | None], T]) -> tuple[T, str | None]:
        """Read what is there now (another copy of the program may have written it), apply
        ``change`` and write the result, all under the file's lock. Returns the value
        written and anything to tell the person (the file was found damaged meanwhile)."""
        with locked(self.path):
            current, message = self.load()
            value = change(current)
            self.write(value)
        return value, message


def _shown(value: Any) -> str:
    """A value read from a file, as a message quotes it: JSON, at most 20 characters."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 20 else text[:20] + "…"


def _short(exc: BaseException) -> str:
    """An OS error in a few words (no path: the person knows which file it is)."""
    return os_reason(exc)  # in the person's language


def expect(value: Any, kind: type | tuple[type, ...], field: str) -> Any:
    """``value`` if it has the JSON type ``kind`` (a bool is not an int), else :class:`Damaged`."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise Damaged("field", field=field)
    if not isinstance(value, kinds):
        raise Damaged("field", field=field)
    return value


def expect_int(value: Any, field: str, low: int, high: int) -> int:
    """An integer (not a bool) with ``low <= value <= high``, else :class:`Damaged`."""
    number = expect(value, int, field)
    if not low <= number <= high:
        raise Damaged("field", field=field)
    return int(number)


def new_key() -> str:
    """A fresh name for a game's save: when it began, and a random part."""
    import secrets  # (only when a game is saved: it brings hashlib, hmac and random)

    return f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"
