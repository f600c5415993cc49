"""The process of one served session: ``python -m squaregame.classroom.child [--lang L]``.

Before anything large is imported it caps its own address space (``RLIMIT_AS``, from
``SQUAREGAME_SESSION_MEMORY`` bytes), so a session that grows past it fails alone with a
MemoryError instead of taking the machine; and (on Linux) it asks to be killed when the
server that started it dies, so no session outlives its server. Then it runs the app
through the entry the command line uses for it (:func:`squaregame.ui.app.run_app` with the
games' registry), in the language the server was given.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

from squaregame.core.files.crash import guarded

DB_ENV = "SQUAREGAME_CLASS_DB"  # the class store's folder (a class's session)
STORE_ENV = "SQUAREGAME_CLASS_STORE"  # its URL, when it is not the folder's SQLite file
STUDENT_ENV = "SQUAREGAME_CLASS_STUDENT"  # the student's id in it
MEMORY_ENV = "SQUAREGAME_SESSION_MEMORY"
PARENT_ENV = "SQUAREGAME_SESSION_PARENT"
_PR_SET_PDEATHSIG = 1
TEXT_FLAG = "--text"


def limit_memory(limit: int) -> bool:
    """Cap this process's address space at ``limit`` bytes; False where that cannot be done."""
    try:
        import resource  # (not on Windows: said by the except below)
    except ImportError:  # Windows
        return False
    try:
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))  # the app cannot raise it
    except (ValueError, OSError):  # e.g. macOS refuses RLIMIT_AS
        return False
    return True


def die_with_parent(parent: int) -> None:
    """Be killed when the server dies (Linux); exit now if it already has."""
    if not sys.platform.startswith("linux") or parent <= 0:
        return
    try:
        import ctypes  # (Linux only)

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the server died before the request took effect
        os._exit(1)


def language(argv: list[str]) -> str | None:
    """``--lang L`` (the server checked it against the catalogs before it started)."""
    args = [a for a in argv if a != TEXT_FLAG]
    return args[1] if len(args) == 2 and args[0] == "--lang" else None


def text_mode(argv: list[str]) -> bool:
    """``--text``: the session is text mode over pipes (the accessible page), not the app."""
    return TEXT_FLAG in argv


def main(argv: list[str] | None = None) -> int:
    memory = os.environ.pop(MEMORY_ENV, "")
    parent = os.environ.pop(PARENT_ENV, "")
    if memory.isdigit() and int(memory) > 0:
        limit_memory(int(memory))
    if parent.isdigit():
        die_with_parent(int(parent))
    args = sys.argv[1:] if argv is None else argv
    lang = language(args)
    folder = os.environ.pop(DB_ENV, "")
    store = os.environ.pop(STORE_ENV, "") or None
    student = os.environ.pop(STUDENT_ENV, "")
    who = int(student) if student.isdigit() else None
    return guarded(lambda: _run(lang, folder, who, text=text_mode(args), store=store))


def _run(
    lang: str | None,
    folder: str,
    student: int | None,
    *,
    text: bool = False,
    store: str | None = None,
) -> int:
    # after the cap: the app and the games are the large part of the process
    from squaregame.families import GAMES
    from squaregame.ui.app import run_app

    link = None
    if folder and student is not None:  # a student of a class: what they do is kept
        from squaregame.classroom.link import StoreLink  # (after the cap, as the app)

        link = StoreLink(Path(folder), student, store)
    if text:  # the accessible page: text mode over the session's pipes
        from squaregame.textmode.run import class_text  # (after the cap, as the app)

        return class_text(GAMES, lang=lang, link=link)
    return run_app(GAMES, None, lang=lang, link=link)


if __name__ == "__main__":
    sys.exit(main())
