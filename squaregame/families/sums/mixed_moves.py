"""The moves of a sum of parts of several kinds as runs (:mod:`squaregame.core.moves`),
part by part in each part's own order.

* Searched exactly (or within the budget): every move valued from the search.
* One part left that can move: that part's own moves and values, placed in the sum.
* Beyond the search (normal play): a move is winning exactly when it gives its part the
  Grundy value the nim-sum asks for, so the moves are grouped into runs of one outcome from
  the parts' values alone; each listed move is valued with the sum's proven bounds. A pile
  from which any amount may be taken (Nim) is never listed: its one winning size is the
  nim-sum of the others, as :mod:`.moves` says.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import reduce
from operator import xor
from typing import Any, Protocol

from squaregame.core.errors import PositionError, TableLimitError
from squaregame.core.moves import Run, runs_of
from squaregame.core.numbers import split_values as words_of
from squaregame.core.types import Outcome, PositionInfo
from squaregame.families.sums.mixed_tame import COLD_AT_LEAST, HOT_AT_LEAST, tame_wins
from squaregame.families.sums.units import PileUnit, Unit

Flat = tuple[int, ...]


class MixedSumGame(Protocol):
    """What the moves need of a sum of parts (:class:`.mixed.MixedSumGame`)."""

    @property
    def units(self) -> tuple[Unit, ...]: ...
    @property
    def misere(self) -> bool: ...
    def split(self, pos: Flat) -> tuple[Any, ...]: ...
    def replaced(self, pos: Flat, index: int, part: Any) -> Flat: ...
    def solution(self, parts: Sequence[Any]) -> tuple[bool, int] | None: ...
    def lone(self, parts: Sequence[Any]) -> int | None: ...
    def grundy_values(self, parts: Sequence[Any]) -> list[int]: ...
    def child_info(self, parent: Flat, child: Flat) -> PositionInfo: ...


AXIS_FROM = 64  # an any-amount pile larger than this is valued along its axis
PART_MOVES = 20_000  # moves of one part sorted by outcome one by one, at most
HOT_SOME = PositionInfo(Outcome.HOT, 1, False, None, None)  # hot: at least one move left
COLD_SOME = PositionInfo(Outcome.COLD, 0, False, None, None)


def mixed_runs(game: MixedSumGame, pos: Flat) -> list[Run[Flat]]:
    parts = game.split(pos)
    if game.solution(parts) is not None:
        return runs_of((i, c, game.child_info(pos, c)) for i, c in _children(game, pos, parts))
    lone = game.lone(parts)
    if lone is not None:
        unit = game.units[lone]
        return [_placed(game, pos, lone, r) for r in unit.own_runs(parts[lone])]
    misere = game.misere  # misère: tame parts only, each move sorted by genus.py's rule
    g = [] if misere else game.grundy_values(parts)
    x = reduce(xor, g, 0)
    runs: list[Run[Flat]] = []
    for i, (u, p) in enumerate(zip(game.units, parts, strict=True)):
        if not misere and isinstance(u, PileUnit) and u.rule.is_any_amount and p > AXIS_FROM:
            runs += _axis(game, pos, i, p, g[i] ^ x)
            continue
        if u.move_count(p) > PART_MOVES:
            raise TableLimitError("sums.errors.part_moves", part=i + 1, limit=PART_MOVES)
        kids = u.children(p)
        if misere:
            wins = tame_wins(game.units, parts, i, kids)
        else:
            wins = [u.info(c).grundy == g[i] ^ x for c in kids]
        start = 0
        for k in range(1, len(kids) + 1):
            if k == len(kids) or wins[k] != wins[start]:
                runs.append(_run(game, pos, i, kids[start:k], wins[start]))
                start = k
    return runs


def _children(game: MixedSumGame, pos: Flat, parts: tuple[Any, ...]) -> Iterator[tuple[int, Flat]]:
    for i, u in enumerate(game.units):
        for c in u.children(parts[i]):
            yield i, game.replaced(pos, i, c)


def _placed(game: MixedSumGame, pos: Flat, index: int, run: Run[Any]) -> Run[Flat]:
    """A run of one part's moves as moves of the sum (the other parts unchanged)."""
    target = run.target

    def placed(k: int) -> Flat:
        return game.replaced(pos, index, target(k))

    return Run(index, run.count, placed, run.value, run.each)


def _valued(game: MixedSumGame, pos: Flat, target: Callable[[int], Flat]) -> Any:
    return lambda k: game.child_info(pos, target(k))


def _run(game: MixedSumGame, pos: Flat, index: int, kids: list[Any], wins: bool) -> Run[Flat]:
    def target(k: int) -> Flat:
        return game.replaced(pos, index, kids[k])

    value = COLD_SOME if wins else HOT_SOME
    if game.misere:  # (misère: a cold sum's remoteness is odd, a hot one's even, not over)
        value = COLD_AT_LEAST if wins else HOT_AT_LEAST
    return Run(index, len(kids), target, value, _valued(game, pos, target))


def _axis(game: MixedSumGame, pos: Flat, index: int, n: int, rest: int) -> list[Run[Flat]]:
    """A Nim pile of ``n``: its children n − 1, …, 0; the one of size ``rest`` wins."""

    def down(top: int, count: int) -> Run[Flat]:
        def target(k: int) -> Flat:
            return game.replaced(pos, index, top - k)

        return Run(index, count, target, HOT_SOME, _valued(game, pos, target))

    if rest >= n:
        return [down(n - 1, n)]
    win = game.replaced(pos, index, rest)
    return [
        down(n - 1, n - 1 - rest),
        Run(index, 1, lambda k: win, game.child_info(pos, win)),
        down(rest - 1, rest),
    ]


def typed_target(game: MixedSumGame, pos: Flat, text: str, pile: int | None) -> Flat:
    """``"2 …"``: a move in part 2, typed as that part takes one (``2 4``: take 4 from
    pile 2; ``2 1 5``: the queen of part 2 to (1,5)); one number alone: a move in the
    chosen part ``pile`` (0-based)."""
    words = words_of(text.replace("(", " ").replace(")", " "))
    if not words:
        raise PositionError("sums.params.sum_move.type")
    if len(words) == 1:
        index, rest = pile or 0, words[0]
    else:
        index, rest = _part_number(words[0], len(game.units)), " ".join(words[1:])
    u = game.units[index]
    return game.replaced(pos, index, u.move_from_text(game.split(pos)[index], rest))


def _part_number(word: str, count: int) -> int:
    if not word.isdigit() or not 1 <= int(word) <= count:
        raise PositionError("sums.errors.no_such_pile", pile=word[:8])
    return int(word) - 1
