"""Games of any kind as the parts of a sum, and a sum's position as one row of numbers.

A sum (a kind whose :attr:`~squaregame.core.game.GameKind.traits` say ``parts``) plays several games
side by side: a move is made in one of them. Its rules are one entry per part: a pile's
:class:`~squaregame.core.rules.Rule` (Squares, Nim, a set …), or a :class:`Part` — a game
of any other kind (Wythoff's queen, Kayles …) in normal play, the sum deciding normal or
misère. A part is written by its kind's name, ``wythoff``, or with its rule,
``octal=0.137``; :class:`~squaregame.core.kinds.Kinds` reads these names (it alone knows
the kinds), and a position written part by part, ``squares:10 wythoff:3,5 nim:7``.

Saves, records and specs keep a position as one row of whole numbers, so a sum's is its
parts' numbers one after the other (:func:`join_values`): a pile's size, the numbers of a
part of a fixed count (the queen's two), and for a part whose count varies (the rows of a
take-and-break game, which split) how many numbers follow, then those numbers.
``squares:10 wythoff:3,5 kayles:7`` is ``10 3 5 1 7``. :func:`split_values` reads that back,
and also the shorter form typed with ``--rule``, one number for a part whose count varies
where that is all there are (``10 3 5 7``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeGuard

from squaregame.core.errors import PositionError
from squaregame.core.spec import GameSpec

if TYPE_CHECKING:
    from squaregame.core.game import GameKind

Values = tuple[int, ...]


@dataclass(frozen=True)
class Part:
    """A game of ``kind`` with its ``rules`` as the kind plays them, standing as one part of
    a sum; ``given``: its rule was written after its name (``octal=0.137``), not implied by
    the kind (``kayles``)."""

    kind: GameKind
    rules: tuple[Any, ...] = ()
    given: bool = False

    @property
    def key(self) -> str:
        """How the sum's list of rules writes it (saves, JSON): ``wythoff``, ``octal=0.137``."""
        if not self.given or not self.rules:
            return self.kind.key
        return f"{self.kind.key}={self.rules[0].key}"

    @property
    def count(self) -> int | None:
        """How many numbers its positions have (None: it varies)."""
        lo, hi = self.kind.position_param.count
        return lo if lo == hi else None

    def spec(self, misere: bool = False) -> GameSpec:
        """The part played alone (``misere``: under misère play)."""
        return GameSpec(self.kind, self.rules, misere)

    def __str__(self) -> str:
        return self.key


def is_part(rule: Any) -> TypeGuard[Part]:
    """Is this entry of a sum's rules a game of another kind (not a pile's rule)?"""
    return isinstance(rule, Part)


def has_parts(rules: Sequence[Any]) -> bool:
    return any(isinstance(r, Part) for r in rules)


def count_of(rule: Any) -> int | None:
    """How many numbers the part ``rule`` stands for: a pile one, a :class:`Part` its own."""
    return rule.count if isinstance(rule, Part) else 1


def split_values(rules: Sequence[Any], values: Sequence[int]) -> tuple[Values, ...]:
    """Each part's numbers in ``values`` (as :func:`join_values` writes them, or typed with
    one number for each part whose count varies where the numbers are just that many); a
    :class:`PositionError` where they do not fit."""
    out: list[Values] = []
    at = 0
    for j, rule in enumerate(rules):
        count = count_of(rule)
        if count is None:
            least = sum(count_of(r) or 1 for r in rules[j:])
            if len(values) - at == least:  # the short form: one number for this part
                count = 1
            else:
                if at >= len(values) or not 0 <= values[at] <= len(values) - at - 1:
                    raise _misfit(rules, values)
                count = values[at]
                at += 1
        if at + count > len(values):
            raise _misfit(rules, values)
        out.append(tuple(values[at : at + count]))
        at += count
    if at != len(values):
        raise _misfit(rules, values)
    return tuple(out)


def join_values(rules: Sequence[Any], parts: Sequence[Sequence[int]]) -> Values:
    """The numbers of a sum's position from each part's (how many first, for a part whose
    count varies)."""
    out: list[int] = []
    for rule, values in zip(rules, parts, strict=True):
        if count_of(rule) is None:
            out.append(len(values))
        out.extend(values)
    return tuple(out)


def _misfit(rules: Sequence[Any], values: Sequence[int]) -> PositionError:
    names = " ".join(f"{r.key}:…" for r in rules)
    return PositionError("errors.parts_misfit", parts=names[:60], count=len(values))


def written(rules: Sequence[Any], values: Sequence[int]) -> str:
    """A sum's position part by part, as :meth:`~squaregame.core.kinds.Kinds.read_parts`
    reads it: ``squares:10 wythoff:3,5 kayles:2,4``."""
    parts = split_values(rules, values)
    return " ".join(f"{r.key}:{','.join(map(str, v))}" for r, v in zip(rules, parts, strict=True))
