"""Text mode's input and output: a line read, a line said, and the commands' words.

Every answer is one plain line: no cursor movement, no colour, no escape sequence (a
character that could start one is dropped), no box drawing."""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol, TextIO

from squaregame.core.numbers import is_digits
from squaregame.text import Catalog, tr

if TYPE_CHECKING:
    from squaregame.lessons.progress import LessonProgress
    from squaregame.play.session import Session

COMMANDS = (
    "moves", "hint", "hints", "why", "review", "values", "undo", "redo", "save", "level",
    "help", "quit", "challenge",
)  # fmt: skip
CLASS_ONLY = ("challenge",)  # commands a class's session has (help lists them only there)
# Short English words understood in every language, besides each command's own words.
ALIASES = {"m": "moves", "h": "hint", "u": "undo", "r": "redo", "?": "help", "q": "quit",
           "exit": "quit", "w": "why"}  # fmt: skip


def plain(line: str) -> str:
    """``line`` without control characters (an escape sequence cannot start)."""
    return "".join(c for c in line if unicodedata.category(c) != "Cc" or c == "\t")


class Desk(Protocol):
    """A class's side of text mode (:class:`~squaregame.textmode.challenge.TextDesk`): the
    events recorded, and the teacher's challenge answered wherever a line is read."""

    def run(self) -> None:
        """``challenge`` was typed: the newest waiting one, or the last one's verdict."""

    def game_changed(self, session: Session[Any], level: str) -> None: ...

    def lesson_changed(self, lesson_id: str, progress: LessonProgress) -> None: ...

    def helped(self, challenge: int, what: str) -> None: ...


class Console:
    """Lines in from ``source``, lines out to ``sink`` (flushed: a pipe hears each answer).

    ``say`` may be called from any thread (a class's challenge is said when it comes): each
    call's lines are written whole, never between another's. ``desk``: the student's class,
    if any; then ``challenge``, typed wherever a line is read, answers the teacher's
    challenge, and the student is told again where they were (the innermost :meth:`at`)."""

    def __init__(self, source: TextIO, sink: TextIO) -> None:
        self._lines: Iterator[str] = iter(source)
        self._sink = sink
        self._lock = threading.Lock()
        self.desk: Desk | None = None
        self._here: list[Callable[[], None]] = []

    def say(self, *lines: str) -> None:
        text = "".join(
            plain(line).rstrip() + "\n" for t in lines for line in (t.splitlines() or [""])
        )
        with self._lock:
            self._sink.write(text)
            self._sink.flush()

    def ask(self) -> str | None:
        """The next line typed, stripped (None at the end of input); ``challenge``, in a
        class, is answered here, and the next line read."""
        while True:
            try:
                line = next(self._lines).strip()
            except StopIteration:
                return None
            command = read_command(line) if self.desk is not None else None
            if command is None or command[0] != "challenge" or self.desk is None:
                return line
            self.desk.run()
            if self._here:
                self._here[-1]()

    @contextmanager
    def at(self, where: Callable[[], None]) -> Iterator[None]:
        """While inside: ``where`` says where the student is (after a challenge)."""
        self._here.append(where)
        try:
            yield
        finally:
            self._here.remove(where)

    def prompt(self, text: str) -> str | None:
        """``text`` said, then the line typed (after a challenge, ``text`` again)."""
        self.say(text)
        with self.at(lambda: self.say(text)):
            return self.ask()


def command_words(name: str) -> tuple[str, ...]:
    """The words ``name`` is typed as in the current language, then in English."""
    words = [w.strip().lower() for w in tr(f"textmode.commands.{name}").split(",")]
    english = [w.strip().lower() for w in Catalog("en")(f"textmode.commands.{name}").split(",")]
    return tuple(dict.fromkeys(w for w in [*words, *english] if w))


def read_command(line: str) -> tuple[str, str] | None:
    """``line`` as a command and what follows it (``level strong``), or None."""
    said = " ".join(line.lower().split())
    first, _, rest = said.partition(" ")
    if first in ALIASES:
        return ALIASES[first], rest.strip()
    for name in COMMANDS:
        for word in command_words(name):  # (a word may be two: "por qué")
            if said == word or said.startswith(word + " "):
                return name, said[len(word) :].strip()
    return None


def help_lines(
    in_class: bool = False, only: Sequence[str] | None = None, example: str | None = None
) -> list[str]:
    """``help``: what may be typed, one line each (``in_class``: with the class's commands;
    ``only``: just those commands, nothing else; ``example``: how a move is typed here)."""
    if only is not None:
        return [tr(f"textmode.help.{n}", words=", ".join(command_words(n))) for n in only]
    lines = [tr("textmode.help.intro"), example or tr("textmode.help.move")]
    for name in COMMANDS:
        if name in CLASS_ONLY and not in_class:
            continue
        lines.append(tr(f"textmode.help.{name}", words=", ".join(command_words(name))))
    return lines


def choose(console: Console, entries: Sequence[str], heading: str) -> int | None:
    """The number typed for one of ``entries`` (0-based), or None (quit, end of input)."""

    def listed() -> None:
        console.say(heading, *(f"{i}. {e}" for i, e in enumerate(entries, 1)))

    listed()
    while True:
        with console.at(listed):
            line = console.ask()
        if line is None:
            return None
        command = read_command(line)
        if command is not None and command[0] == "quit":
            return None
        if is_digits(line) and 1 <= int(line) <= len(entries):
            return int(line) - 1
        console.say(tr("textmode.menu.number", count=len(entries)))  # (an empty line too)


Say = Callable[..., None]
