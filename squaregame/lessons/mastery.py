"""What masters a lesson, in one place: the rule, and what the counter shows of it.

Every first try a student makes in a lesson — an exercise's item, a mark in a table, a guess
in the sieve, a try-it game — is an :class:`Answer`: which item it was, whether it was right,
how hard it is to guess (:attr:`Answer.bits`: a right guess of a two-choice item has chance
1 in 2, one bit; an item of eight choices, three bits; a try-it game, the bits of each choice
the person made where they had a win to keep; a sieve guess none, as the step's text gives
its answer), and which replies would have been right (the labels and the places in the list
of choices).

The *run* is the answers right at the first try since the last wrong one, each on an item
not already in it. A lesson is mastered when

* every exercise step of the lesson was answered right at least once,
* the run holds at least the lesson's ``mastery`` answers,
* a guesser would have made the whole run with a chance of at most 1 in 2^:data:`GUESS_BITS`
  (the run's bits add up to :data:`GUESS_BITS`), and
* no one reply answers the whole run (not one label, such as "hot", nor one place in the
  list, such as the first choice, is right for every item in it).

:func:`needed` says how many right answers in a row that takes, counting on answers like
the one being asked; the counter shows it ("In a row: 4/9"). Never imports textual.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

GUESS_BITS = 14  # a run a guesser makes with a chance of at most 1 in 16,384
MAX_RUN = 200  # answers kept in a run (a longer run has long mastered its lesson)
T = TypeVar("T")


@dataclass(frozen=True)
class Answer:
    """One first try, as the rule sees it."""

    item: str  # the item: its step and position (the same item twice is one item)
    right: bool
    bits: float  # -log2 of a guesser's chance of getting it right
    labels: frozenset[str] = frozenset()  # the replies that were right, as said
    places: frozenset[int] = frozenset()  # ... and their places among the choices


def choice_bits(choices: int, right: int = 1) -> float:
    """The bits of an item of ``choices`` choices, ``right`` of them right."""
    if choices <= 0 or right <= 0 or right >= choices:
        return 0.0
    return math.log2(choices / right)


@dataclass
class Run:
    """The answers right in a row (each item once), as kept with the lesson's progress."""

    items: list[str] = field(default_factory=list)
    bits: float = 0.0
    labels: list[str] | None = None  # the labels right for every item so far (None: no item)
    places: list[int] | None = None

    def add(self, answer: Answer) -> None:
        if not answer.right:
            self.items, self.bits, self.labels, self.places = [], 0.0, None, None
            return
        if answer.item in self.items:  # the same item again: no new evidence
            return
        self.items = [*self.items, answer.item][-MAX_RUN:]
        self.bits = round(self.bits + answer.bits, 3)
        self.labels = sorted(_common(self.labels, answer.labels))
        self.places = sorted(_common(self.places, answer.places))

    @property
    def length(self) -> int:
        return len(self.items)

    @property
    def one_reply(self) -> bool:
        """Would one reply (one label, or one place) have answered the whole run?"""
        return bool(self.labels) or bool(self.places)


def _common(kept: Sequence[T] | None, new: Iterable[T]) -> set[T]:
    return set(new) if kept is None else set(kept) & set(new)


def run_done(run: Run, mastery: int) -> bool:
    """Does the run master a lesson that asks ``mastery`` in a row (its steps aside)?"""
    return run.length >= mastery and run.bits >= GUESS_BITS - 1e-9 and not run.one_reply


def needed(run: Run, mastery: int, next_bits: float) -> int:
    """How many right answers in a row the run needs in all (the counter's second number),
    counting on answers of ``next_bits`` each from now on."""
    if run_done(run, mastery):
        return run.length
    short = max(0.0, GUESS_BITS - run.bits)
    per = max(next_bits, 0.5)  # (an answer of no bits: as if a half)
    more = max(mastery - run.length, math.ceil(short / per - 1e-9), 1 if run.one_reply else 0)
    return run.length + max(more, 1)


# -- the answers of each kind of step ----------------------------------------------------


def mark_answer(step: int, n: object, right: bool, hot: bool) -> Answer:
    """A mark in a table: ``hot`` is whether ``n`` is hot (h is the first choice, c the
    second)."""
    label = "hot" if hot else "cold"
    return Answer(f"{step}:mark:{n}", right, 1.0, frozenset({label}), frozenset({0 if hot else 1}))


def guess_answer(step: int, expected: object, right: bool) -> Answer:
    """A guess of the sieve's next cold position. It keeps the run going (or breaks it) but
    is no evidence: the step's own text gives the answer (the first position not marked)."""
    return Answer(f"{step}:sieve:{expected}", right, 0.0, frozenset({f"sieve {expected}"}))


def game_answer(
    step: int, start: object, right: bool, decisions: Iterable[tuple[int, int]]
) -> Answer:
    """A try-it game from ``start``: right when no win was thrown away; its bits are those of
    the person's ``decisions`` (at each position they had a win to keep: how many moves,
    how many of them winning). Two games from one start are one item."""
    bits = sum(choice_bits(moves, wins) for moves, wins in decisions)
    return Answer(f"{step}:try:{start}", right, bits, frozenset({f"try {step} {start}"}))
