"""A slow, independent reference for sums of games of several kinds: each part's moves
written out here from the rules of the game (not the program's), and every value of the sum
straight from its definition over the sum's own positions — outcome and remoteness by
recursion, the Grundy value as the mex of the children's (no Sprague–Grundy theorem used).

A part is (name, position): ``("pile", (amounts, n))`` a pile under a finite set of amounts
or ``("squares", n)`` / ``("nim", n)``; ``("wythoff", (x, y))`` the queen; ``("kayles",
rows)`` rows of pins (a move knocks down one pin or two adjacent ones). Kayles' rows are
kept sorted: the same rows in another order are the same game.
"""

from __future__ import annotations

from functools import cache
from itertools import count
from typing import Any

Part = tuple[str, Any]
State = tuple[Part, ...]


def amounts(name: str, pos: Any) -> tuple[int, ...]:
    if name == "squares":
        return tuple(k * k for k in range(1, pos + 1) if k * k <= pos)
    if name == "nim":
        return tuple(range(1, pos + 1))
    raise ValueError(name)


def part_children(part: Part) -> list[Part]:
    name, pos = part
    if name in ("squares", "nim"):
        return [(name, pos - a) for a in amounts(name, pos)]
    if name == "pile":
        allowed, n = pos
        return [("pile", (allowed, n - a)) for a in allowed if a <= n]
    if name == "wythoff":
        x, y = pos
        out = [(x - d, y) for d in range(1, x + 1)]
        out += [(x, y - d) for d in range(1, y + 1)]
        out += [(x - d, y - d) for d in range(1, min(x, y) + 1)]
        return [("wythoff", c) for c in out]
    if name == "kayles":
        rows: tuple[int, ...] = pos
        found = set()
        for i, n in enumerate(rows):
            rest = rows[:i] + rows[i + 1 :]
            for take in (1, 2):
                for left in range(0, n - take + 1):
                    right = n - take - left
                    new = tuple(sorted(rest + tuple(r for r in (left, right) if r)))
                    found.add(new)
        return [("kayles", r) for r in sorted(found)]
    raise ValueError(name)


def children(state: State) -> list[State]:
    return [
        (*state[:i], c, *state[i + 1 :])
        for i, part in enumerate(state)
        for c in part_children(part)
    ]


@cache
def value(state: State, misere: bool) -> tuple[bool, int]:
    """(cold, remoteness) by definition."""
    kids = [value(c, misere) for c in children(state)]
    if not kids:
        return (not misere, 0)  # no move: lost in normal play, won in misère play
    cold = [r for c, r in kids if c]
    if cold:
        return (False, 1 + min(cold))
    return (True, 1 + max(r for _, r in kids))


@cache
def grundy(state: State) -> int:
    """The mex of the children's values, over the sum's own positions."""
    seen = {grundy(c) for c in children(state)}
    return next(g for g in count() if g not in seen)


def written(state: State) -> str:
    """The state as ``analyze sum`` takes it: ``squares:10 wythoff:3,5 kayles:2,4``."""
    words = []
    for name, pos in state:
        if name == "pile":
            allowed, n = pos
            words.append(f"{','.join(map(str, allowed))}:{n}")
        elif name == "kayles":
            words.append(f"kayles:{','.join(map(str, pos)) or 0}")
        elif name == "wythoff":
            words.append(f"wythoff:{pos[0]},{pos[1]}")
        else:
            words.append(f"{name}:{pos}")
    return " ".join(words)
