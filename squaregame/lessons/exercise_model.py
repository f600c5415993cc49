"""What an exercise is: the item a student answers, the kind that makes it, and the positions
it is drawn from. The kinds themselves live in :mod:`squaregame.lessons.exercises`. Never
imports textual.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from squaregame.core.game import Game, GameKind
from squaregame.lessons.mastery import Answer, choice_bits
from squaregame.lessons.strings import Strings


class NoPosition(ValueError):
    """No position in the range suits the exercise (a lesson file asking the impossible)."""


@dataclass(frozen=True)
class Exercise:
    """One item: ``work`` is what the student reasons from (shown with the question);
    ``notes`` says, for each choice's value, why it is right or wrong."""

    kind: str
    position: Any
    prompt: str
    choices: tuple[tuple[str, Any], ...]  # (label, value), in the order shown
    correct: frozenset[Any]
    answer: str  # the right answer, said in words (answer keys, feedback)
    why: str  # the explanation of the right answer
    work: tuple[str, ...] = ()
    notes: Mapping[Any, str] = field(default_factory=dict)
    line: tuple[Any, ...] = ()  # a game to judge: its positions, the start first

    def is_right(self, value: Any) -> bool:
        return value in self.correct

    def explain(self, value: Any) -> str:
        """Why ``value`` is right or wrong (a wrong answer also gets the right one's why)."""
        note = self.notes.get(value, "")
        if not self.is_right(value):
            return note  # the right answer is kept for the retry (:meth:`reveal`)
        return " ".join(x for x in (note, self.why) if x)

    def reveal(self) -> str:
        """The right answer and its explanation (after giving up)."""
        return self.why

    def first_try(self, step: int, right: bool) -> Answer:
        """A first try at this item of exercise step ``step``, as mastery counts it."""
        where = self.line if self.kind == "blunder" else self.position
        places = frozenset(i for i, (_, v) in enumerate(self.choices) if v in self.correct)
        labels = frozenset(label for label, v in self.choices if v in self.correct)
        bits = choice_bits(len(self.choices), len(places))
        return Answer(f"{step}:{self.kind}:{where}", right, bits, labels, places)


Make = Callable[[Game[Any], Any, random.Random, Strings], Exercise]
Suits = Callable[[Game[Any], Any], bool]


@dataclass(frozen=True)
class ExerciseKind:
    """One kind of exercise. ``general``: it may be asked of any game; otherwise only of
    kinds that declare it (:attr:`~squaregame.core.game.GameKind.exercises`)."""

    key: str
    aliases: tuple[str, ...]
    suits: Suits
    make: Make
    general: bool = True
    answer: Callable[[Game[Any], Any], Any] | None = None  # a two-answer kind's right answer
    answers: tuple[Any, ...] = ("hot", "cold")  # ... and its two answers (drawn in turn)

    def applies(self, kind: GameKind) -> bool:
        return self.general or self.key in kind.exercises


def seeded(seed: int, *parts: object) -> random.Random:
    """A generator for one item: the same seed and parts give the same item."""
    return random.Random(":".join(str(p) for p in (seed, *parts)))


# -- positions --------------------------------------------------------------------------


def positions(game: Game[Any], low: int, high: int) -> Iterator[Any]:
    """Every position with each coordinate (number, x and y, or pile) in ``low..high``."""
    return game.positions(low, high)


def draw_position(game: Game[Any], low: int, high: int, rng: random.Random) -> Any:
    """A position with each coordinate drawn in ``low..high``."""
    return game.random_position(low, high, rng)
