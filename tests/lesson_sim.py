"""A student worked through a lesson at the model level (no UI): every step that asks
something answered by a strategy, each first try recorded as the lesson screen records it
(the same items, marks, sieve guesses and try-it games, the same :class:`LessonProgress`).

A strategy is told what is asked and answers it: an exercise's item (the index of a choice),
a mark in a table (hot?), the sieve's next cold position (a position), a move in a try-it
game (the position moved to)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from squaregame.core.types import Outcome
from squaregame.lessons import items, mastery
from squaregame.lessons import sieve as sv
from squaregame.lessons.exercise_model import Exercise
from squaregame.lessons.model import Lesson
from squaregame.lessons.progress import LessonProgress
from squaregame.lessons.steps import FillStep, QuizStep, SieveStep, TryStep
from squaregame.lessons.strings import Strings


@dataclass
class Strategy:
    """How a student answers. Each function gets what is asked and the student's ``rng``."""

    choose: Callable[[Exercise, random.Random], int]  # an item: the index of a choice
    mark: Callable[[int, random.Random], bool]  # a number in the table: hot?
    guess: Callable[[list[Any], random.Random], Any]  # the sieve: among the unmarked
    move: Callable[[list[Any], random.Random], Any]  # a game: among the moves' positions
    knows: bool = False  # a student who knows: always right (the functions unused)


def constant(index: int, hot: bool = True) -> Strategy:
    """Always the same reply: choice ``index`` (or the last, if fewer), the same mark, the
    same place among the sieve's unmarked positions and among the moves."""

    def pick(options: list[Any], _: random.Random) -> Any:
        return options[min(index, len(options) - 1)]

    return Strategy(
        choose=lambda item, _: min(index, len(item.choices) - 1),
        mark=lambda _n, _r: hot,
        guess=pick,
        move=pick,
    )


def same_number(value: int) -> Strategy:
    """Always the choice that reads ``value`` (the first, if none does), ``value`` in the
    sieve, and the move that takes ``value`` (or the first move)."""

    def choose(item: Exercise, _: random.Random) -> int:
        return next((i for i, (label, _v) in enumerate(item.choices) if label == str(value)), 0)

    def guess(options: list[Any], _: random.Random) -> Any:
        return next((o for o in options if o == value), options[0])

    return Strategy(choose=choose, mark=lambda _n, _r: True, guess=guess,
                    move=lambda options, _: options[0])  # fmt: skip


KNOWING = Strategy(
    choose=lambda _i, _r: 0, mark=lambda _n, _r: True, guess=lambda o, _: o[0],
    move=lambda o, _: o[0], knows=True,
)  # fmt: skip

RANDOM = Strategy(
    choose=lambda item, rng: rng.randrange(len(item.choices)),
    mark=lambda _n, rng: rng.random() < 0.5,
    guess=lambda options, rng: rng.choice(options),
    move=lambda options, rng: rng.choice(options),
)


@dataclass
class Walk:
    """What a lesson asks, once through in order, for one class seed (the same for every
    student of the class: only their answers differ). Each entry: (step index, kind, what
    is asked)."""

    lesson: Lesson
    seed: int
    asks: list[tuple[int, str, Any]]
    games: int
    known: dict[Any, tuple[list[Any], list[Any]]] = field(default_factory=dict)  # (moves, wins)

    @classmethod
    def of(cls, lesson: Lesson, seed: int, per_step: int = 8, games: int = 3) -> Walk:
        """``per_step`` items at each exercise step, every mark of a table, every guess of a
        sieve, ``games`` try-it games (each from the start the step gives it)."""
        S = Strings(lesson.lang)
        asks: list[tuple[int, str, Any]] = []
        for index, step in enumerate(lesson.steps):
            spec = step.spec
            if isinstance(spec, QuizStep):
                game, seen = step.game(), []
                for attempt in range(per_step):
                    item = items.draw_item(spec, game, S, seed, lesson.id, index, attempt, seen)
                    seen.append(item.position)
                    asks.append((index, "item", item))
            elif isinstance(spec, FillStep):
                game = step.game()
                for n in range(spec.upto + 1):
                    asks.append((index, "mark", (n, game.info(n).outcome is Outcome.HOT)))
            elif isinstance(spec, SieveStep):
                game = step.game()
                frames = sv.sieve(game, spec.upto, S)
                every = sv.order(game, spec.upto)
                for k in range(spec.auto, len(frames)):
                    if frames[k].new_cold is None:
                        break
                    unmarked = [p for p in every if p not in frames[k - 1].marks]
                    asks.append((index, "guess", (frames[k].new_cold, unmarked)))
            elif isinstance(spec, TryStep):
                game, last = step.game(), None
                for k in range(games):
                    last = spec.start(k, random.Random(f"{seed}:{index}:{k}"), last)
                    asks.append((index, "game", (game, last)))
        return cls(lesson, seed, asks, games)


def work_through(walk: Walk, strategy: Strategy, student: int) -> LessonProgress:
    """One student through ``walk``, answering as ``strategy`` says (``student`` seeds its
    choices). Returns the progress as the lesson screen would have saved it."""
    lesson = walk.lesson
    rng = random.Random(f"student:{student}")
    progress = LessonProgress()
    for index, kind, asked in walk.asks:
        if kind == "item":
            value = asked.choices[strategy.choose(asked, rng)][1]
            answer = asked.first_try(index, strategy.knows or asked.is_right(value))
        elif kind == "mark":
            n, hot = asked
            right = strategy.knows or strategy.mark(n, rng) == hot
            answer = mastery.mark_answer(index, n, right, hot)
        elif kind == "guess":
            expected, unmarked = asked
            right = strategy.knows or strategy.guess(unmarked, rng) == expected
            answer = mastery.guess_answer(index, expected, right)
        else:
            game, start = asked
            answer = play(game, index, start, strategy, rng, walk.known)
        progress.record(answer, exercise=kind in ("item", "game"), mastery=lesson.mastery,
                        step=index, steps=lesson.exercise_steps)  # fmt: skip
        if progress.mastered:
            break
    return progress


def play(
    game: Any,
    index: int,
    start: Any,
    strategy: Strategy,
    rng: random.Random,
    known: dict[Any, tuple[list[Any], list[Any]]],
) -> mastery.Answer:
    """A try-it game against the perfect computer, the student moving first (judged as the
    try-it panel judges it: right with no move from a hot position to a hot one). ``known``:
    each position's moves and winning moves, kept between games."""
    pos, human, blunders, decisions = start, True, 0, []
    while not game.is_terminal(pos):
        if pos not in known:
            moves = game.children(pos)
            known[pos] = (moves, [c for c in moves if game.info(c).outcome is Outcome.COLD])
        moves, wins = known[pos]
        if human:
            to = rng.choice(wins) if strategy.knows and wins else strategy.move(moves, rng)
            if wins:
                decisions.append((len(moves), len(wins)))
                blunders += to not in wins
            pos = to
        else:  # the computer: a winning move if it has one (the perfect one wins too)
            pos = rng.choice(wins) if wins else rng.choice(moves)
        human = not human
    return mastery.game_answer(index, start, blunders == 0, decisions)
