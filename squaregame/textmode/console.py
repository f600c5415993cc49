"""Text mode's input and output: a line read, a line said, and the commands' words.

Every answer is one plain line: no cursor movement, no colour, no escape sequence (a
character that could start one is dropped), no box drawing."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator, Sequence
from typing import TextIO

from squaregame.text import Catalog, tr

COMMANDS = (
    "moves", "hint", "hints", "why", "review", "values", "undo", "redo", "save", "level",
    "help", "quit",
)  # fmt: skip
# Short English words understood in every language, besides each command's own words.
ALIASES = {"m": "moves", "h": "hint", "u": "undo", "r": "redo", "?": "help", "q": "quit",
           "exit": "quit", "w": "why"}  # fmt: skip


def plain(line: str) -> str:
    """``line`` without control characters (an escape sequence cannot start)."""
    return "".join(c for c in line if unicodedata.category(c) != "Cc" or c == "\t")


class Console:
    """Lines in from ``source``, lines out to ``sink`` (flushed: a pipe hears each answer)."""

    def __init__(self, source: TextIO, sink: TextIO) -> None:
        self._lines: Iterator[str] = iter(source)
        self._sink = sink

    def say(self, *lines: str) -> None:
        for text in lines:
            for line in text.splitlines() or [""]:
                self._sink.write(plain(line).rstrip() + "\n")
        self._sink.flush()

    def ask(self) -> str | None:
        """The next line typed, stripped (None at the end of input)."""
        try:
            return next(self._lines).strip()
        except StopIteration:
            return None


def command_words(name: str) -> tuple[str, ...]:
    """The words ``name`` is typed as in the current language, then in English."""
    words = [w.strip().lower() for w in tr(f"textmode.commands.{name}").split(",")]
    english = [w.strip().lower() for w in Catalog("en")(f"textmode.commands.{name}").split(",")]
    return tuple(dict.fromkeys(w for w in [*words, *english] if w))


def read_command(line: str) -> tuple[str, str] | None:
    """``line`` as a command and what follows it (``level strong``), or None."""
    first, _, rest = line.strip().partition(" ")
    word = first.lower()
    if word in ALIASES:
        return ALIASES[word], rest.strip()
    for name in COMMANDS:
        if word in command_words(name):
            return name, rest.strip()
    return None


def help_lines() -> list[str]:
    """``help``: what may be typed, one line each."""
    lines = [tr("textmode.help.intro"), tr("textmode.help.move")]
    for name in COMMANDS:
        lines.append(tr(f"textmode.help.{name}", words=", ".join(command_words(name))))
    return lines


def choose(console: Console, entries: Sequence[str], heading: str) -> int | None:
    """The number typed for one of ``entries`` (0-based), or None (quit, end of input)."""
    console.say(heading, *(f"{i}. {e}" for i, e in enumerate(entries, 1)))
    while True:
        line = console.ask()
        if line is None:
            return None
        command = read_command(line)
        if command is not None and command[0] == "quit":
            return None
        if line.isdigit() and 1 <= int(line) <= len(entries):
            return int(line) - 1
        if line:
            console.say(tr("textmode.menu.number", count=len(entries)))


Say = Callable[..., None]
