"""The games the bench times, read from ``assets/bench/timed-games.toml``: its code names none (a
game is the registry's to know, :mod:`squaregame.families`); it types the words given there
on the command line, or asks the registry for the game they name."""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from typing import Any

from squaregame import paths

GAMES_FILE = ("bench", "timed-games.toml")


@dataclass(frozen=True)
class Answer:
    """One figure of a group of answers: ``analyze <words> --json`` within ``seconds``."""

    key: str  # the figure's key (docs/PERFORMANCE.json)
    name: str  # cli.bench.<figure>.<name>
    words: tuple[str, ...]
    seconds: float


@dataclass(frozen=True)
class Answers:
    """A group of answers, each against the same reference: ``python -c "<python>"``, or
    our own command ``<ours>``; with ``work``, each goal is ours less the reference."""

    figure: str  # cli.bench.figure.<figure>
    figures: tuple[Answer, ...]
    python: str = ""
    ours: tuple[str, ...] = ()
    work: bool = False


@dataclass(frozen=True)
class Replies:
    """The opponent's replies in one game: ``starts`` random starts, each number below its
    ``below`` (one number: a pile; more: a position of that many)."""

    key: str
    game: str
    rules: tuple[str, ...]
    starts: int
    below: tuple[int, ...]


@dataclass(frozen=True)
class Start:
    """A game as the app starts it: its name and its start."""

    game: str
    start: tuple[int, ...]


@dataclass(frozen=True)
class Board:
    """The Wythoff builders' game, and the two answers timed on its board."""

    game: str
    far: tuple[str, ...]
    near: tuple[str, ...]


@functools.cache
def _read() -> dict[str, Any]:
    with paths.asset(*GAMES_FILE).open("rb") as f:
        return tomllib.load(f)


def board() -> Board:
    b = _read()["board"]
    return Board(b["game"], tuple(b["far"]), tuple(b["near"]))


def answers() -> dict[str, Answers]:
    """The groups of answers, by their ``--only`` word, in the file's order."""
    found: dict[str, Answers] = {}
    for key, g in _read()["answers"].items():
        figures = tuple(
            Answer(f["key"], f["name"], tuple(f["words"]), float(f["seconds"]))
            for f in g["figures"]
        )
        found[key] = Answers(
            g["figure"], figures, g.get("python", ""), tuple(g.get("ours", ())), g["work"]
        )
    return found


def replies() -> list[Replies]:
    return [
        Replies(m["key"], m["game"], tuple(m["rules"]), m["starts"], tuple(m["below"]))
        for m in _read()["moves"]
    ]


def key_starts() -> dict[str, Start]:
    """The games the keys are timed in: ``big`` (a move in a sum, its why view) and
    ``board`` (a queen's move)."""
    return {k: Start(v["game"], tuple(v["start"])) for k, v in _read()["keys"].items()}
