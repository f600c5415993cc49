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
from typing import Any, cast

from squaregame.core.game import Game
from squaregame.core.kinds import Notation
from squaregame.core.sum_game import SumGame
from squaregame.core.types import Outcome
from squaregame.lessons.generate import fmt
from squaregame.lessons.strings import Strings

Pos = Any  # a number, or (x, y)


@dataclass(frozen=True)
class SieveFrame:
    marks: dict[Pos, bool]  # position -> hot?
    text: str
    new_cold: Pos | None


def two_piles(game: Game[Any]) -> SumGame | None:
    """The game as two piles, if it is a sum (the registry's notation says)."""
    return cast(SumGame, game) if game.kind.notation is Notation.PILES else None


def order(game: Game[Any], upto: int) -> list[Pos]:
    """The positions the sieve looks at, children before parents."""
    if two_piles(game) is not None:
        cells = [(x, y) for x in range(upto + 1) for y in range(upto + 1)]
        return sorted(cells, key=lambda c: (c[0] + c[1], c[0]))
    return list(range(upto + 1))


def parents(game: Game[Any], pos: Pos, upto: int) -> list[Pos]:
    """Every position within the sieve from which one move reaches ``pos``."""
    piles = two_piles(game)
    if piles is not None:
        x, y = pos
        out = [(x + a, y) for a in piles.rules[0].amounts(upto) if x + a <= upto]
        return out + [(x, y + a) for a in piles.rules[1].amounts(upto) if y + a <= upto]
    rule = game.rule_objects()[0]
    return [pos + a for a in rule.amounts(upto) if pos + a <= upto]


def sieve(game: Game[Any], upto: int, S: Strings) -> list[SieveFrame]:
    """One frame per cold position found, then the finished sieve. The text of a frame names
    every position one move above the cold one, saying which were marked already."""
    marks: dict[Pos, bool] = {}
    frames = []
    if getattr(game, "misere", False):  # the last mover loses: an end position is hot
        ends = [p for p in order(game, upto) if game.is_terminal(p)]
        marks.update(dict.fromkeys(ends, True))
        said = ", ".join(fmt(game, p) for p in ends)
        frames.append(SieveFrame(dict(marks), S("sieve_misere_start", ends=said), None))
    for pos in order(game, upto):
        if pos in marks:
            continue
        marks[pos] = False
        above = parents(game, pos, upto)
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
    if not parts or not all(p.isdigit() and len(p) <= 6 for p in parts):
        return None
    values = tuple(int(p) for p in parts)
    if two_piles(game) is not None:
        return values if len(values) == 2 else None
    return values[0] if len(values) == 1 else None


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
