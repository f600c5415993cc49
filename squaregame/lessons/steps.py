"""The step kinds of a lesson: one typed definition each (:mod:`squaregame.lessons.schema`
reads a ``[[step]]`` table into one of them and checks it). Families add kinds of their own
(``Family.lesson_steps``).

A step kind is either *general* (any game) or applies to the kinds that declare it
(:attr:`~squaregame.core.game.GameKind.lesson_steps`). What a step shows
(:attr:`StepSpec.shows`) names the lesson panel that draws it (``squaregame.ui.lesson``):
its own text only; ``lines`` (all at once), ``stepped`` (one more per Space) or ``latest``
(only the last of them) from :meth:`StepSpec.lines`; the interactive ``fill``, ``sieve``,
``quiz`` and ``try``; or what a family's own panel shows (Wythoff's ``board``). Defaults
live here, nowhere else.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from squaregame.lessons.fields import (
    Ask,
    GameName,
    Line,
    Position,
    Positions,
    Rules,
    RuleText,
    Size,
    Text,
    Whole,
)

if TYPE_CHECKING:
    from squaregame.core.game import Game
    from squaregame.lessons.strings import Strings

DIGITS_MOST = 1_000_000  # a digits step counts what the shipped Squares table holds


# -- the step kinds ------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class StepSpec:
    """A step that only shows its text."""

    kind: ClassVar[str] = "text"
    shows: ClassVar[str] = "text"
    text: Text = ""

    def lines(self, game: Game[Any] | None, S: Strings) -> list[str]:
        """What a ``lines``, ``stepped`` or ``latest`` step shows, in the lesson's language."""
        return []

    def spoken(self, game: Game[Any] | None, S: Strings) -> list[str]:
        """What text mode says instead of :meth:`lines`, line by line for a listener: the
        same lines, unless a kind whose lines are a table to look at says it in words."""
        return self.lines(game, S)


@dataclass(frozen=True, kw_only=True)
class GameStep(StepSpec):
    """A step about a game. ``general``: it applies to any game; otherwise only to kinds
    that declare it."""

    general: ClassVar[bool] = True
    game: GameName | None = None
    rule: RuleText | None = None
    rules: Rules | None = None
    misere: bool = False

    def mismatch(self) -> str | None:
        """What one of its fields needs of another beyond what its game needs, if that is
        wrong (the schema refuses the step, saying so); by default nothing."""
        return None


@dataclass(frozen=True, kw_only=True)
class PositionStep(GameStep):
    """A step about one position of a game."""

    position: Position


@dataclass(frozen=True, kw_only=True)
class TextStep(StepSpec):
    kind: ClassVar[str] = "text"


@dataclass(frozen=True, kw_only=True)
class WorkedStep(PositionStep):
    """Perfect play from ``position``, one move more per Space. ``plain``: say only who
    moves where (for the first lesson, before hot and cold are defined)."""

    kind: ClassVar[str] = "worked"
    shows: ClassVar[str] = "stepped"
    plain: bool = False

    def lines(self, game: Game[Any] | None, S: Strings) -> list[str]:
        # (generated when shown: reading a lesson needs none)
        from squaregame.lessons.generate import worked_game

        assert game is not None
        return worked_game(game, self.position, S, plain=self.plain)


@dataclass(frozen=True, kw_only=True)
class SampleStep(PositionStep):
    """A game played from ``position`` through ``line``, first player ● and second ○, one
    move more per Space; with ``judge`` each move is marked as keeping or throwing a win."""

    kind: ClassVar[str] = "sample"
    shows: ClassVar[str] = "stepped"
    line: Line
    judge: bool = False

    def lines(self, game: Game[Any] | None, S: Strings) -> list[str]:
        from squaregame.lessons.generate import played_game  # (generated when shown)

        assert game is not None
        return played_game(game, [self.position, *self.line], S, judge=self.judge)


@dataclass(frozen=True, kw_only=True)
class MexStep(PositionStep):
    """The Grundy value of ``position`` worked out: its moves' values, then the mex."""

    kind: ClassVar[str] = "mex"
    shows: ClassVar[str] = "lines"
    general: ClassVar[bool] = False

    def lines(self, game: Game[Any] | None, S: Strings) -> list[str]:
        from squaregame.lessons.generate import mex_lines  # (generated when shown)

        assert game is not None
        return mex_lines(game, self.position, S)


@dataclass(frozen=True, kw_only=True)
class DigitsStep(GameStep):
    """How many cold numbers below ``upto`` end in each digit, one more power of ten per
    Space, from 100 to ``upto`` (at most the shipped table's size, :data:`DIGITS_MOST`)."""

    kind: ClassVar[str] = "digits"
    shows: ClassVar[str] = "latest"
    general: ClassVar[bool] = False
    upto: Size = DIGITS_MOST

    def lines(self, game: Game[Any] | None, S: Strings) -> list[str]:
        """The table of last digits, one more bound (10², 10³, …, ``upto``) per Space: each
        entry is the whole table so far."""
        return self._tables(game, S, spoken=False)

    def spoken(self, game: Game[Any] | None, S: Strings) -> list[str]:
        return self._tables(game, S, spoken=True)

    def _tables(self, game: Game[Any] | None, S: Strings, spoken: bool) -> list[str]:
        from squaregame.lessons.generate import digits_table  # (generated when shown)

        assert game is not None
        upto = min(self.upto, DIGITS_MOST)
        cold = game.cold_below(upto)
        bounds = [10**k for k in range(2, len(str(upto))) if 10**k < upto] + [upto]
        tables = (digits_table(cold, bounds[: i + 1], S, spoken) for i in range(len(bounds)))
        return ["\n".join(table) for table in tables]


@dataclass(frozen=True, kw_only=True)
class StrategyStep(PositionStep):
    """The proof that ``position`` is hot or cold as a tree: the winning move and every
    reply answered (or every move and its refutation), ``depth`` moves deep."""

    kind: ClassVar[str] = "strategy"
    shows: ClassVar[str] = "lines"
    depth: Size = 12

    def lines(self, game: Game[Any] | None, S: Strings) -> list[str]:
        from squaregame.core.why import WhyTree, outline  # (the proof: only when shown)
        from squaregame.play.why_text import render_text
        from squaregame.text import Catalog

        assert game is not None
        tree = outline(WhyTree(game, self.position), depth=self.depth)
        return render_text(game, tree, Catalog(S.lang)).rstrip("\n").split("\n")


@dataclass(frozen=True, kw_only=True)
class ExplainStep(PositionStep):
    """Every move from ``position`` and what it leads to."""

    kind: ClassVar[str] = "explain"
    shows: ClassVar[str] = "lines"

    def lines(self, game: Game[Any] | None, S: Strings) -> list[str]:
        from squaregame.lessons.generate import explain_position  # (generated when shown)

        assert game is not None
        return explain_position(game, self.position, S)


@dataclass(frozen=True, kw_only=True)
class FillStep(GameStep):
    """The student marks 0..upto hot or cold."""

    kind: ClassVar[str] = "fill"
    shows: ClassVar[str] = "fill"
    general: ClassVar[bool] = False
    upto: Size = 21


@dataclass(frozen=True, kw_only=True)
class SieveStep(GameStep):
    """The sieve over 0..upto (two piles: 0..upto each way); the first ``auto`` frames are
    shown, then the student names each next cold position (a wrong guess is explained and
    can be tried again)."""

    kind: ClassVar[str] = "sieve"
    shows: ClassVar[str] = "sieve"
    general: ClassVar[bool] = False
    upto: Size = 40
    auto: Size = 2


@dataclass(frozen=True, kw_only=True)
class QuizStep(GameStep):
    """An exercise of kind ``ask``, a fresh position in ``low..high`` for each attempt."""

    kind: ClassVar[str] = "quiz"
    shows: ClassVar[str] = "quiz"
    ask: Ask
    low: Whole = 1
    high: Size = 40
    avoid: Positions = ()


@dataclass(frozen=True, kw_only=True)
class GrundyStep(GameStep):
    """Grundy values of 0..upto, and the period if there is one."""

    kind: ClassVar[str] = "grundy"
    shows: ClassVar[str] = "lines"
    general: ClassVar[bool] = False
    upto: Size = 39

    def lines(self, game: Game[Any] | None, S: Strings) -> list[str]:
        from squaregame.lessons.generate import grundy_lines  # (generated when shown)

        assert game is not None
        return grundy_lines(game, self.upto, S)

    def spoken(self, game: Game[Any] | None, S: Strings) -> list[str]:
        from squaregame.lessons.generate import grundy_lines  # (generated when shown)

        assert game is not None
        return grundy_lines(game, self.upto, S, spoken=True)


@dataclass(frozen=True, kw_only=True)
class TryStep(PositionStep):
    """Play the game from ``position`` (key t); each later t from another of ``starts``, if
    any (so no one remembered line wins every game)."""

    kind: ClassVar[str] = "try"
    shows: ClassVar[str] = "try"
    starts: Positions = ()

    def start(self, game: int, rng: random.Random, last: Any = None) -> Any:
        """The start of the student's ``game``-th game here (0: the first, ``position``)."""
        others = [p for p in (self.position, *self.starts) if p != last]
        return self.position if game == 0 or not others else rng.choice(others)


SPECS: dict[str, type[StepSpec]] = {
    cls.kind: cls
    for cls in (TextStep, WorkedStep, ExplainStep, FillStep, SieveStep, QuizStep, GrundyStep,
                TryStep, SampleStep, MexStep, DigitsStep, StrategyStep)
}  # fmt: skip
