"""The lesson file format: one typed definition per step kind, and the checks made on loading.

A lesson file (``assets/lessons/<lang>/NN-name.toml``)::

    id = "hot-cold"
    title = "Hot and cold numbers"
    summary = "..."

    [[step]]
    text = "Markdown shown on the left."
    kind = "fill"            # text (default) | worked | explain | fill | sieve | quiz |
    game = ...               # board | pairs | grundy | sumtable | try  (a game kind)
    upto = 21

Each ``[[step]]`` table is read into the dataclass of its kind below: a key the kind does not
have, a value of the wrong type and a missing required key are all refused with a
``LessonError`` naming the file, the step and the key. Defaults live here, nowhere else.

Game fields, where a step kind takes a game: ``game`` (squares, subtraction, nim, wythoff or
sum), ``rule`` (subtraction's set, such as "1,3,7,8"), ``rules`` (for sum, one per pile),
``misere``, and for some kinds ``position`` (a number, [x, y] for wythoff, or the piles of a
sum). Quiz steps are exercises generated from the tables (``squaregame.lessons.exercises``):
``ask`` names the kind, and a fresh position is drawn for each attempt with every coordinate
in ``low..high``, never one of ``avoid`` (the positions the lesson's text already answers).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from squaregame.core.kinds import KINDS as GAME_KINDS
from squaregame.core.kinds import SUM, Notation, find_kind, kind_for_rule
from squaregame.core.rules import SQUARES
from squaregame.lessons.fields import (
    CHECKS,
    GAMES,
    Ask,
    GameName,
    LessonError,
    Line,
    Position,
    Positions,
    Rules,
    RuleText,
    Size,
    StepTables,
    Text,
    Whole,
    check_of,
    read_fields,
    show,
    suggest,
)

DEFAULT_GAME = kind_for_rule(SQUARES).key
ANY_GAME = frozenset(Notation)
PILE_GAMES = frozenset({Notation.NUMBER})  # one pile: the position is a number

__all__ = [
    "ANY_GAME",
    "CHECKS",
    "DEFAULT_GAME",
    "GAMES",
    "KINDS",
    "PILE_GAMES",
    "SPECS",
    "LessonError",
    "LessonFile",
    "parse_step",
    "read_fields",
]


# -- the step kinds ------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class StepSpec:
    """A step that only shows its text."""

    kind: ClassVar[str] = "text"
    text: Text = ""


@dataclass(frozen=True, kw_only=True)
class GameStep(StepSpec):
    """A step about a game. ``games`` are the games the step kind can show."""

    games: ClassVar[frozenset[Notation]] = ANY_GAME
    game: GameName = DEFAULT_GAME
    rule: RuleText | None = None
    rules: Rules | None = None
    misere: bool = False


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
    plain: bool = False


@dataclass(frozen=True, kw_only=True)
class SampleStep(PositionStep):
    """A game played from ``position`` through ``line``, first player ● and second ○, one
    move more per Space; with ``judge`` each move is marked as keeping or throwing a win."""

    kind: ClassVar[str] = "sample"
    line: Line
    judge: bool = False


@dataclass(frozen=True, kw_only=True)
class MexStep(PositionStep):
    """The Grundy value of ``position`` worked out: its moves' values, then the mex."""

    kind: ClassVar[str] = "mex"
    games: ClassVar[frozenset[Notation]] = PILE_GAMES


@dataclass(frozen=True, kw_only=True)
class DigitsStep(GameStep):
    """How many cold numbers below ``upto`` end in each digit, one more power of ten per
    Space, from 100 to ``upto`` (at most the shipped table's size)."""

    kind: ClassVar[str] = "digits"
    games: ClassVar[frozenset[Notation]] = PILE_GAMES
    upto: Size = 1_000_000


@dataclass(frozen=True, kw_only=True)
class StrategyStep(PositionStep):
    """The proof that ``position`` is hot or cold as a tree: the winning move and every
    reply answered (or every move and its refutation), ``depth`` moves deep."""

    kind: ClassVar[str] = "strategy"
    depth: Size = 12


@dataclass(frozen=True, kw_only=True)
class ExplainStep(PositionStep):
    """Every move from ``position`` and what it leads to."""

    kind: ClassVar[str] = "explain"


@dataclass(frozen=True, kw_only=True)
class FillStep(GameStep):
    """The student marks 0..upto hot or cold."""

    kind: ClassVar[str] = "fill"
    games: ClassVar[frozenset[Notation]] = PILE_GAMES
    upto: Size = 21


@dataclass(frozen=True, kw_only=True)
class SieveStep(GameStep):
    """The sieve over 0..upto (two piles: 0..upto each way); the first ``auto`` frames are
    shown, then the student names each next cold position (a wrong guess is explained and
    can be tried again)."""

    kind: ClassVar[str] = "sieve"
    games: ClassVar[frozenset[Notation]] = frozenset({Notation.NUMBER, Notation.PILES})
    upto: Size = 40
    auto: Size = 2


@dataclass(frozen=True, kw_only=True)
class QuizStep(GameStep):
    """An exercise of kind ``ask``, a fresh position in ``low..high`` for each attempt."""

    kind: ClassVar[str] = "quiz"
    ask: Ask
    low: Whole = 1
    high: Size = 40
    avoid: Positions = ()


@dataclass(frozen=True, kw_only=True)
class BoardStep(StepSpec):
    """Wythoff's board, 0..size each way, coloured from the corner."""

    kind: ClassVar[str] = "board"
    size: Size = 13


@dataclass(frozen=True, kw_only=True)
class PairsStep(StepSpec):
    """The first ``count`` cold pairs of Wythoff's game."""

    kind: ClassVar[str] = "pairs"
    count: Size = 8


@dataclass(frozen=True, kw_only=True)
class GrundyStep(GameStep):
    """Grundy values of 0..upto, and the period if there is one."""

    kind: ClassVar[str] = "grundy"
    games: ClassVar[frozenset[Notation]] = PILE_GAMES
    upto: Size = 39


@dataclass(frozen=True, kw_only=True)
class SumTableStep(GameStep):
    """Hot and cold of a two-pile sum, 0..width by 0..height."""

    kind: ClassVar[str] = "sumtable"
    games: ClassVar[frozenset[Notation]] = frozenset({Notation.PILES})
    game: GameName = SUM.key
    width: Size = 12
    height: Size = 10


@dataclass(frozen=True, kw_only=True)
class TryStep(PositionStep):
    """Play the game from ``position`` (key t)."""

    kind: ClassVar[str] = "try"


SPECS: dict[str, type[StepSpec]] = {
    cls.kind: cls
    for cls in (TextStep, WorkedStep, ExplainStep, FillStep, SieveStep, QuizStep, BoardStep,
                PairsStep, GrundyStep, SumTableStep, TryStep, SampleStep, MexStep, DigitsStep,
                StrategyStep)
}  # fmt: skip
KINDS = frozenset(SPECS)


@dataclass(frozen=True, kw_only=True)
class LessonFile:
    """The top level of a lesson file (id and title default to the file's name)."""

    id: Text | None = None
    title: Text | None = None
    summary: Text = ""
    mastery: Size = 3  # exercises right in a row (at the first try) to master the lesson
    step: StepTables


for _cls in (*SPECS.values(), LessonFile):  # every field type has a check
    for _f in fields(_cls):
        check_of(_f.type)


def parse_step(raw: dict[str, Any], where: str) -> StepSpec:
    """One ``[[step]]`` table as the dataclass of its kind."""
    kind = raw.get("kind", "text")
    if not isinstance(kind, str) or kind not in SPECS:
        raise LessonError(f"{where}: unknown kind {show(kind)}" + suggest(kind, KINDS))
    params = {k: v for k, v in raw.items() if k != "kind"}
    spec = read_fields(SPECS[kind], params, where, f"a {kind} step")
    if isinstance(spec, GameStep):
        _check_game(spec, where)
    return spec


def _check_game(spec: GameStep, where: str) -> None:
    """What one field of a game step needs of another, as the game-kind registry says."""
    game, kind = spec.game, spec.kind
    found = find_kind(game)
    if found.notation not in spec.games:
        choices = ", ".join(k.key for k in GAME_KINDS if k.notation in spec.games)
        raise LessonError(
            f"{where}: 'game' of a {kind} step must be one of {choices}, not '{game}'"
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
    if isinstance(spec, SumTableStep) and spec.rules is not None and len(spec.rules) != 2:
        raise LessonError(f"{where}: 'rules' of a sumtable step must name 2 piles")
    if isinstance(spec, QuizStep):
        _check_quiz(spec, found.notation, where)
    if isinstance(spec, PositionStep):
        pos = spec.position
        if found.notation is Notation.PAIR:
            ok, expected = isinstance(pos, tuple) and len(pos) == 2, "[x, y]"
        elif found.notation is Notation.PILES:
            piles = len(spec.rules or ())
            expected = f"a list of {piles} pile" + ("s" if piles != 1 else "")
            ok = isinstance(pos, tuple) and len(pos) == piles
        else:
            ok, expected = isinstance(pos, int), "a number"
        if not ok:
            shown = list(pos) if isinstance(pos, tuple) else pos
            raise LessonError(
                f"{where}: 'position' must be {expected} for game '{game}', not {shown}"
            )


ASK_GAMES: dict[str, frozenset[Notation]] = {
    "grundy": PILE_GAMES,
    "nimsum": frozenset({Notation.PILES}),
    "pile": frozenset({Notation.PILES}),
}


def _check_quiz(spec: QuizStep, notation: Notation, where: str) -> None:
    allowed = ASK_GAMES.get(spec.ask, ANY_GAME)
    if notation not in allowed:
        raise LessonError(f"{where}: a '{spec.ask}' exercise cannot be asked of game '{spec.game}'")
    if spec.low > spec.high:
        raise LessonError(f"{where}: 'low' ({spec.low}) must not be above 'high' ({spec.high})")
