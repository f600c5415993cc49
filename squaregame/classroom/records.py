"""What the class store keeps, as the rest of the classroom sees it: a student, an event, a
challenge, and how names are checked and compared (:mod:`squaregame.classroom.store`
reads and writes them)."""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass
from typing import Any

from squaregame.core.errors import GameError

NAME_LENGTH = (1, 24)  # characters of a class's or a student's name


def check_name(name: str, what: str = "student") -> str:
    """A display name as it is kept: trimmed, within :data:`NAME_LENGTH`, letters, digits,
    spaces and ``- _ . '`` only (no control or markup characters); else a GameError."""
    text = unicodedata.normalize("NFC", " ".join(name.split()))
    lo, hi = NAME_LENGTH
    if not lo <= len(text) <= hi:
        raise GameError("serve.class.errors.name_length", what=what, low=lo, high=hi)
    for ch in text:
        if not (ch.isalnum() or ch in " -_.'"):
            raise GameError("serve.class.errors.name_character", what=what, char=repr(ch)[1:-1])
    if not any(ch.isalnum() for ch in text):
        raise GameError("serve.class.errors.name_no_letter", what=what)
    scripts = sorted({_script(ch) for ch in text if ch.isalpha()})
    if what == "student" and len(scripts) > 1:  # ("Аna" with a Cyrillic А beside "Ana")
        raise GameError("serve.class.errors.name_scripts", scripts=" + ".join(scripts).title())
    return text


_ONE_WRITING = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "HANGUL": "CJK"}  # (written together)


def _script(ch: str) -> str:
    """A letter's alphabet, from its Unicode name: LATIN, CYRILLIC, GREEK …"""
    first = unicodedata.name(ch, "?").split(" ", 1)[0]
    return _ONE_WRITING.get(first, first)


def folded(name: str) -> str:
    """The form two names are compared in: "Ana" and "ana" are the same student."""
    return name.casefold()


@dataclass(frozen=True)
class Student:
    id: int
    name: str
    joined: float


@dataclass(frozen=True)
class Event:
    id: int
    student: int
    at: float
    kind: str
    data: dict[str, Any]


@dataclass(frozen=True)
class Challenge:
    id: int
    student: int | None  # None: the whole class
    created: float
    spec: dict[str, Any]  # what is asked (:mod:`squaregame.classroom.challenges`)
    closed: float | None = None  # when the teacher closed it (no answer counts after)


def token_hash(token: str) -> str:
    """What is kept of a student's secret: its SHA-256 (a copy of the database gives no
    cookie away, and a lookup by it leaks nothing of the secret through its timing)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()
