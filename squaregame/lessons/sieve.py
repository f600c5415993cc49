"""The P-to-N sieve, on one pile (0..upto) or on two piles (0..upto each way), as frames a
lesson shows one at a time, and the check of a student's guess of the next cold position.

The sieve takes positions in order — on one pile the numbers upwards, on two piles the
squares nearest the corner first (fewest counters in all, then the smaller first pile) —
so every child of a position comes before it. (In misère play an end position is hot — the
opponent made the last move — so it is marked hot first.) The first position not yet
marked has only hot children, so it is cold; every position one move *above* it (it is
their child) gets a move to it, so they are hot. Each mark is final when it is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from squaregame.core.game import Game
from squaregame.core.numbers import is_digits
from squaregame.core.types import Outcome
from squaregame.lessons.generate import fmt
from squaregame.lessons.strings import Strings

Pos = Any  # a number, or (x, y)


@dataclass(frozen=True)
class SieveFrame:
    marks: dict[Pos, bool]  # position -> hot?
    text: str
    new_cold: Pos | None


def order(game: Game[Any], upto: int) -> list[Pos]:
    """The positions the sieve looks at, children before parents: every position whose
    numbers lie in 0..upto, fewest counters first (then the smaller first number)."""
    return sorted(game.positions(0, upto), key=_size)


def _size(pos: Pos) -> tuple[int, Any]:
    values = pos if isinstance(pos, tuple) else (pos,)
    return (sum(values), values[0])


def parents(game: Game[Any], pos: Pos, upto: int) -> list[Pos]:
    """Every position within the sieve from which one move reaches ``pos``: those a move on
    its first pile reaches it from, nearest first, then its second pile's."""
    return _parents(game, upto).get(pos, [])


def _parents(game: Game[Any], upto: int) -> dict[Pos, list[Pos]]:
    """Each position of the sieve's box, with the positions of the box one move above it
    (in :func:`parents`' order)."""
    found: dict[Pos, list[Pos]] = {}
    for p in order(game, upto):
        for child in game.children(p):
            found.setdefault(child, []).append(p)
    return {c: sorted(ps, key=lambda p: _changed(c, p)) for c, ps in found.items()}


def _changed(child: Pos, parent: Pos) -> tuple[int, Any]:
    """Which number a move from ``parent`` to ``child`` changed, then the parent."""
    if not isinstance(parent, tuple):
        return (0, parent)
    return (next(i for i, (a, b) in enumerate(zip(parent, child, strict=True)) if a != b), parent)


def sieve(game: Game[Any], upto: int, S: Strings) -> list[SieveFrame]:
    """One frame per cold position found, then the finished sieve. The text of a frame names
    every position one move above the cold one, saying which were marked already."""
    marks: dict[Pos, bool] = {}
    frames = []
    above_of = _parents(game, upto)
    if game.misere:  # the last mover loses: an end position is hot
        ends = [p for p in order(game, upto) if game.is_terminal(p)]
        marks.update(dict.fromkeys(ends, True))
        said = ", ".join(fmt(game, p) for p in ends)
        frames.append(SieveFrame(dict(marks), S("sieve_misere_start", ends=said), None))
    for pos in order(game, upto):
        if pos in marks:
            continue
        marks[pos] = False
        above = above_of.get(pos, [])
        already = [p for p in above if p in marks]
        for p in above:
            marks.setdefault(p, True)
        shown = ", ".join(fmt(game, p) for p in above) or "—"
        text = S("sieve_step", n=fmt(game, pos), targets=shown)
        if already:
            text += " " + S("sieve_already", marked=", ".join(fmt(game, p) for p in already))
        frames.append(SieveFrame(dict(marks), text, pos))
    frames.append(SieveFrame(dict(marks), S("sieve_done", upto=upto), None))
    return frames


def parse_guess(game: Game[Any], text: str) -> Pos | None:
    """A typed position: a number, or two numbers for two piles (``3 5`` or ``3,5``)."""
    parts = text.replace(",", " ").split()
    if not parts or not all(is_digits(p) and len(p) <= 6 for p in parts):
        return None
    values = tuple(int(p) for p in parts)
    if len(values) != game.dimensions:
        return None
    return game.kind.position_from_values(values)


def judge_guess(
    game: Game[Any], frame: SieveFrame, expected: Pos, guess: Pos, upto: int, S: Strings
) -> tuple[bool, str]:
    """Is ``guess`` the next cold position, and if not, why not (nothing is given away)."""
    g = fmt(game, guess)
    if guess == expected:
        return True, S("sieve_right", n=g)
    coords = guess if isinstance(guess, tuple) else (guess,)
    if any(c > upto for c in coords):
        return False, S("sieve_outside", n=g, upto=upto)
    if guess in frame.marks:
        key = "sieve_marked_hot" if frame.marks[guess] else "sieve_marked_cold"
        return False, S(key, n=g)
    if game.info(guess).outcome is Outcome.HOT:
        return False, S("sieve_guess_hot", n=g)
    return False, S("sieve_not_first", n=g)
