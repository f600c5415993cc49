"""The lesson file format: a file read into its steps (:mod:`squaregame.lessons.steps`),
and the checks made on loading.

A lesson file (``assets/lessons/<lang>/NN-name.toml``)::

    id = "hot-cold"
    title = "Hot and cold numbers"
    summary = "..."

    [[step]]
    text = "Markdown shown on the left."
    kind = "fill"            # text (default) | worked | explain | fill | sieve | quiz | …
    game = ...               # a game kind (the first that the step applies to, if left out)
    upto = 21

Each ``[[step]]`` table is read into the dataclass of its kind (or of a kind a family
brings: :meth:`LessonGames.lesson_steps`): a key the kind does not have, a value of the wrong
type and a missing required key are all refused with a ``LessonError`` naming the file, the
step and the key.

Game fields, where a step kind takes a game: ``game`` (a kind's key or alias), ``rule``
(subtraction's set, such as "1,3,7,8"), ``rules`` (for sum, one per pile), ``misere``, and
for some kinds ``position`` (a number, [x, y] for wythoff, or the piles of a sum). A step
kind is either *general* (any game) or applies to the kinds that declare it
(:attr:`~squaregame.core.game.GameKind.lesson_steps`). Quiz steps are exercises generated
from the tables (``squaregame.lessons.exercises``): ``ask`` names the kind, and a fresh
position is drawn for each attempt with every coordinate in ``low..high``, never one of
``avoid`` (the positions the lesson's text already answers).

What a step shows (:attr:`StepSpec.shows`) names the lesson panel that draws it: its own
text only; ``lines`` (all at once), ``stepped`` (one more per Space) or ``latest`` (only the
last of them) from :meth:`StepSpec.lines`; the interactive ``fill``, ``sieve``, ``quiz`` and
``try``; or what a family's own panel shows (Wythoff's ``board``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Protocol

from squaregame.core.errors import GameError
from squaregame.lessons.exercises import find_exercise
from squaregame.lessons.fields import (
    CHECKS,
    LessonError,
    Size,
    StepTables,
    Text,
    check_of,
    read_fields,
    show,
    suggest,
)
from squaregame.lessons.steps import (
    SPECS,
    GameStep,
    PositionStep,
    QuizStep,
    StepSpec,
)

if TYPE_CHECKING:
    from squaregame.core.game import GameKind
    from squaregame.core.kinds import Kinds

__all__ = [
    "CHECKS",
    "SPECS",
    "LessonError",
    "LessonFile",
    "LessonGames",
    "parse_step",
    "read_fields",
]


class LessonGames(Protocol):
    """What lessons need of the program's games (the registry, ``squaregame.families``)."""

    @property
    def kinds(self) -> Kinds: ...

    def lesson_steps(self) -> tuple[type[StepSpec], ...]:
        """The step kinds the families bring besides the ones below."""
        ...


@dataclass(frozen=True, kw_only=True)
class LessonFile:
    """The top level of a lesson file (id and title default to the file's name)."""

    id: Text | None = None
    title: Text | None = None
    summary: Text = ""
    mastery: Size = 3  # the fewest answers in the run that masters it (lessons.mastery)
    step: StepTables


for _cls in (*SPECS.values(), LessonFile):  # every field type has a check
    for _f in fields(_cls):
        check_of(_f.type)


def step_kinds(games: LessonGames) -> dict[str, type[StepSpec]]:
    """Every step kind a lesson may use: these, and those the families bring."""
    extra = {cls.kind: cls for cls in games.lesson_steps()}
    for cls in extra.values():  # every field type has a check
        for f in fields(cls):
            check_of(f.type)
    return SPECS | extra


def parse_step(
    raw: dict[str, Any], where: str, kinds: Kinds, specs: dict[str, type[StepSpec]]
) -> StepSpec:
    """One ``[[step]]`` table as the dataclass of its kind (``specs``: :func:`step_kinds`)."""
    kind = raw.get("kind", "text")
    if not isinstance(kind, str) or kind not in specs:
        raise LessonError(f"{where}: unknown kind {show(kind)}" + suggest(kind, specs))
    params = {k: v for k, v in raw.items() if k != "kind"}
    spec = read_fields(specs[kind], params, where, f"a {kind} step")
    if isinstance(spec, GameStep):
        spec = _check_game(spec, where, kinds)
    return spec


def applies(spec: GameStep | type[GameStep], kind: GameKind) -> bool:
    """Does a step of this kind apply to games of ``kind``?"""
    return spec.general or spec.kind in kind.lesson_steps


def _check_game(spec: GameStep, where: str, kinds: Kinds) -> GameStep:
    """The game the step names (the first it applies to, if none), and what one field of a
    game step needs of another, as the kind says."""
    step = spec.kind
    fit = [k for k in kinds if applies(spec, k)]
    if spec.game is None:
        spec = replace(spec, game=fit[0].key)
    game = str(spec.game)
    try:
        found = kinds.find(game)
    except GameError:
        choices = ", ".join(kinds.keys())
        raise LessonError(
            f"{where}: 'game' must be one of {choices}, not {show(game)}"
            + suggest(game, kinds.keys())
        ) from None
    if found not in fit:
        choices = ", ".join(k.key for k in fit)
        raise LessonError(
            f"{where}: 'game' of a {step} step must be one of {choices}, not '{game}'"
        )
    rule_param = found.param("rule")
    takes_one = rule_param is not None and rule_param.count == (1, 1)
    takes_many = rule_param is not None and rule_param.count[1] > 1
    if takes_one and spec.rule is None:
        raise LessonError(f"{where}: missing key 'rule' (game '{game}' needs it)")
    if takes_many and spec.rules is None:
        raise LessonError(f"{where}: missing key 'rules' (game '{game}' needs one per pile)")
    if spec.rule is not None and not takes_one:
        raise LessonError(f"{where}: key 'rule' is not for game '{game}'")
    if spec.rules is not None and not takes_many:
        raise LessonError(f"{where}: key 'rules' is not for game '{game}'")
    if (wrong := spec.mismatch()) is not None:
        raise LessonError(f"{where}: {wrong}")
    if isinstance(spec, QuizStep):
        _check_quiz(spec, found, where)
    if isinstance(spec, PositionStep):
        _check_position(spec, found, where)
    return spec


def _check_position(spec: PositionStep, kind: GameKind, where: str) -> None:
    """The position has the kind's shape: a number, [x, y], as many piles as rules, or a
    list of as many rows as the kind allows."""
    param = kind.position_param
    lo, hi = param.count
    pos = spec.position
    values = pos if isinstance(pos, tuple) else (pos,)
    if lo == hi == 1:
        ok, expected = isinstance(pos, int), "a number"
    elif lo == hi:
        ok, expected = isinstance(pos, tuple) and len(pos) == lo, _shape(param.metavar)
    elif spec.rules is not None:  # a sum: one pile per rule
        count = len(spec.rules)
        noun = param.metavar.lower() + ("s" if count != 1 else "")
        ok, expected = isinstance(pos, tuple) and len(values) == count, f"a list of {count} {noun}"
    else:  # heaps that split: a list of lo..hi of them
        ok = isinstance(pos, tuple) and lo <= len(values) <= hi
        expected = f"a list of {lo} to {hi} {param.metavar.lower()}s"
    if not ok:
        shown = list(pos) if isinstance(pos, tuple) else pos
        raise LessonError(
            f"{where}: 'position' must be {expected} for game '{spec.game}', not {shown}"
        )


def _shape(metavar: str) -> str:
    """``X Y`` as a lesson file writes it: ``[x, y]``."""
    return "[" + ", ".join(metavar.lower().split()) + "]"


def _check_quiz(spec: QuizStep, kind: GameKind, where: str) -> None:
    if not find_exercise(spec.ask).applies(kind):
        raise LessonError(f"{where}: a '{spec.ask}' exercise cannot be asked of game '{spec.game}'")
    if spec.low > spec.high:
        raise LessonError(f"{where}: 'low' ({spec.low}) must not be above 'high' ({spec.high})")
