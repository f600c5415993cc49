"""Printable worksheets: one variant per student, each with its answer key, from the tables.

A worksheet *kind* (:class:`WorksheetKind`: :data:`KINDS` here, and those the families
bring, :meth:`WorksheetGames.worksheets`; found by :func:`find_worksheet`) makes a :class:`Sheet`
for one student: the title and task, and either a table of positions to mark hot or cold
(:class:`Cells`: a strip of numbers or a Wythoff board) or a list of :class:`Problem` s.
The same :class:`Sheet` is drawn twice by the renderers (:mod:`worksheet_html`,
:mod:`worksheet_svg`): blank for the student, filled for the key. Every answer comes from
the game's tables (``Game.info`` / ``Game.analyze``, :func:`squaregame.play.nimsum.explain`);
the positions of the move and nim-sum sets are drawn as the lesson exercises draw theirs
(:mod:`squaregame.lessons.exercises`). The words are the catalogs' (``worksheet.*``) in
the sheet's language. Never imports textual.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from squaregame.core.errors import GameError
from squaregame.core.game import Game
from squaregame.core.spec import GameSpec
from squaregame.core.tables import Tables
from squaregame.core.types import Outcome
from squaregame.lessons import exercise_model as em
from squaregame.lessons import exercises as ex
from squaregame.lessons.strings import Strings
from squaregame.text import Catalog
from squaregame.text.games import move_phrase, position_text, title
from squaregame.text.rules import rule_label

if TYPE_CHECKING:
    from squaregame.core.kinds import Kinds

MAX_STUDENTS = 200
ITEMS = (8, 1, 8)  # (default, least, most) of --items: eight fill one page
STRIP = 10  # numbers per row of a strip


class WorksheetError(GameError):
    """A request no worksheet can be made for (a catalog key): one line, exit status 2."""


@dataclass(frozen=True)
class Cells:
    """Positions to mark: ``strip`` numbers in rows of :data:`STRIP`, or a ``board`` of
    (x, y) with x across and y up. ``given`` are marked on the student's copy too."""

    layout: str  # "strip" or "board"
    positions: tuple[Any, ...]
    hot: dict[Any, bool]
    given: frozenset[Any]
    side: int  # the largest number (strip) or coordinate (board)


@dataclass(frozen=True)
class Problem:
    """One item: ``prompt``; an optional table (``head`` and ``rows``; the columns in
    ``blank`` are left empty on the student's copy); the lines the student fills in
    (``fill``); and the key's worked answer (``answer``)."""

    prompt: str
    head: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    blank: frozenset[int] = frozenset()
    fill: tuple[str, ...] = ()
    answer: tuple[str, ...] = ()
    game: GameSpec | None = None  # the item's game and position (for checking)
    position: Any = None


@dataclass(frozen=True)
class Sheet:
    kind: str
    student: int  # 1-based
    seed: int
    lang: str
    title: str
    game: str  # which game, in words
    task: tuple[str, ...]
    cells: Cells | None = None
    problems: tuple[Problem, ...] = ()
    key_lines: tuple[str, ...] = ()  # a summary the key adds (the cold positions in order)
    spec: GameSpec | None = None  # the game of the table or board


@dataclass(frozen=True)
class Request:
    kind: str
    seed: int = 0
    students: int = 1
    lang: str = "en"
    size: int | None = None
    items: int | None = None
    rule: str | None = None


@dataclass(frozen=True)
class Sample:
    """A game the "winning moves" sheet asks about, its positions drawn in ``low..high``."""

    spec: GameSpec
    low: int
    high: int


class WorksheetGames(Protocol):
    """What worksheets need of the program's games (the registry, ``squaregame.families``)."""

    @property
    def kinds(self) -> Kinds: ...

    def worksheets(self) -> tuple[WorksheetKind, ...]:
        """The worksheet kinds the families bring besides the ones here."""
        ...

    def samples(self) -> tuple[Sample, ...]:
        """A game of each family for the sheets that mix them."""
        ...


@dataclass(frozen=True)
class Job:
    """What every sheet of one request is made with."""

    req: Request
    C: Catalog  # the sheet's language
    tables: Tables
    games: WorksheetGames


Make = Callable[[Job, int, random.Random], Sheet]


@dataclass(frozen=True)
class WorksheetKind:
    key: str
    aliases: tuple[str, ...]
    make: Make
    size: tuple[int, int, int] | None = None  # --size: (default, least, most); None: no --size
    counted: bool = False  # takes --items
    read_rule: Callable[[str], Any] | None = None  # takes --rule, read (and checked) by this


def mark(hot: bool, C: Catalog) -> str:
    """A cell's mark: the face and a letter, so a black-and-white print still says it."""
    return C("worksheet.mark.hot" if hot else "worksheet.mark.cold")


def verdict(outcome: Outcome, C: Catalog) -> str:
    return C("worksheet.value.hot" if outcome is Outcome.HOT else "worksheet.value.cold")


def _move_answer(game: Game[Any], pos: Any, C: Catalog) -> tuple[str, ...]:
    a = game.analyze(pos)
    if a.info.outcome is Outcome.COLD:
        kids = ", ".join(position_text(game, m.to, C) for m in a.moves)
        return (C("worksheet.moves.none", position=position_text(game, pos, C), children=kids),)
    targets = dict.fromkeys(m.to for m in a.winning_moves)  # (two rows alike: one move each)
    return tuple(move_phrase(game, pos, to, C) for to in targets)


def _cold_position(
    game: Game[Any], low: int, high: int, seen: list[Any], rng: random.Random
) -> Any:
    """A cold position in the exercises' range that has a move and was not asked yet: drawn
    at random (as the exercises draw theirs), else chosen from all of them."""

    def ok(p: Any) -> bool:
        return p not in seen and not game.is_terminal(p) and game.info(p).outcome is Outcome.COLD

    for _ in range(ex.TRIES):
        pos = game.random_position(low, high, rng)
        if ok(pos):
            return pos
    return rng.choice([p for p in em.positions(game, low, high) if ok(p)])


def make_moves(job: Job, student: int, rng: random.Random) -> Sheet:
    """Find the winning move, in a game of each family in turn (some positions have none)."""
    req, C = job.req, job.C
    games = [(s.spec.build(job.tables), s.low, s.high) for s in job.games.samples()]
    count = req.items or ITEMS[0]
    colds = set(rng.sample(range(count), max(1, count // 4)))
    S = Strings(C.lang)
    problems: list[Problem] = []
    seen: list[Any] = []
    for i in range(count):
        game, low, high = games[i % len(games)]
        if i in colds:  # "no winning move" is an answer too
            pos = _cold_position(game, low, high, seen, rng)
        else:
            pos = ex.generate("moves", game, rng, S, low, high, seen).position
        seen.append(pos)
        name = title(game, C)
        if game.traits.sum_of_piles:  # which piles: "Sum of piles (squares {1, 4, …})"
            name += f" ({rule_label(game.rules[0], C)})"
        prompt = f"{i + 1}. {name}: {position_text(game, pos, C)}"
        problems.append(Problem(prompt, fill=(C("worksheet.moves.fill"),),
                                answer=_move_answer(game, pos, C), game=GameSpec.of(game),
                                position=pos))  # fmt: skip
    return Sheet("moves", student, req.seed, C.lang, C("worksheet.moves.title"),
                 C("worksheet.moves.games"), (C("worksheet.moves.task"),),
                 problems=tuple(problems))  # fmt: skip


KINDS: tuple[WorksheetKind, ...] = (
    WorksheetKind("moves", ("winning-moves", "move"), make_moves, counted=True),
)


def worksheet_kinds(games: WorksheetGames) -> tuple[WorksheetKind, ...]:
    """Every worksheet kind: the families' own, then those that mix them."""
    return (*games.worksheets(), *KINDS)


def names(games: WorksheetGames) -> tuple[str, ...]:
    return tuple(k.key for k in worksheet_kinds(games))


def find_worksheet(name: str, games: WorksheetGames) -> WorksheetKind:
    key = name.strip().lower()
    kinds = worksheet_kinds(games)
    for kind in kinds:
        if key == kind.key or key in kind.aliases:
            return kind
    raise WorksheetError("worksheet.errors.kind", kind=name, kinds=", ".join(names(games)))


def check(req: Request, games: WorksheetGames) -> WorksheetKind:
    """The kind asked for, every number within its budget (before any work)."""
    kind = find_worksheet(req.kind, games)
    if not 1 <= req.students <= MAX_STUDENTS:
        raise WorksheetError("worksheet.errors.students", value=req.students, most=MAX_STUDENTS)
    if req.size is not None:
        if kind.size is None:
            raise WorksheetError("worksheet.errors.no_option", option="--size", kind=kind.key)
        _, low, high = kind.size
        if not low <= req.size <= high:
            raise WorksheetError("worksheet.errors.size", value=req.size, low=low, high=high)
    if req.items is not None:
        if not kind.counted:
            raise WorksheetError("worksheet.errors.no_option", option="--items", kind=kind.key)
        if not ITEMS[1] <= req.items <= ITEMS[2]:
            raise WorksheetError("worksheet.errors.items", value=req.items, low=ITEMS[1],
                                 high=ITEMS[2])  # fmt: skip
    if req.rule is not None:
        if kind.read_rule is None:
            raise WorksheetError("worksheet.errors.no_option", option="--rule", kind=kind.key)
        kind.read_rule(req.rule)  # a rule that parses (its own error otherwise)
    return kind


def sheets(req: Request, games: WorksheetGames, tables: Tables | None = None) -> list[Sheet]:
    """One sheet per student, each drawn from its own seeded generator."""
    kind = check(req, games)
    job = Job(req, Catalog(req.lang), tables or Tables(), games)
    return [
        kind.make(job, k, em.seeded(req.seed, "worksheet", kind.key, k))
        for k in range(1, req.students + 1)
    ]
