"""Printable worksheets: one variant per student, each with its answer key, from the tables.

A worksheet *kind* (:data:`KINDS`, found by :func:`find_worksheet`) makes a :class:`Sheet`
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
from typing import Any

from squaregame.core.errors import GameError
from squaregame.core.game import Game
from squaregame.core.kinds import SUBTRACTION, SUM, WYTHOFF, kind_for_rule
from squaregame.core.rules import NIM, SQUARES
from squaregame.core.spec import GameSpec
from squaregame.core.sum_game import SumGame
from squaregame.core.tables import Tables
from squaregame.core.types import Outcome
from squaregame.lessons import exercises as ex
from squaregame.lessons.strings import Strings
from squaregame.play.nimsum import explain
from squaregame.text import Catalog
from squaregame.text.games import move_phrase, position_text, title
from squaregame.text.rules import rule_label

SQUARES_KIND = kind_for_rule(SQUARES).key
MAX_STUDENTS = 200
# (default, least, most) of --size for each kind that has one, and of --items
SIZES = {"table": (30, 5, 99), "sieve": (49, 9, 99), WYTHOFF.key: (13, 5, 20)}
ITEMS = (8, 1, 8)  # eight fill one page
STRIP = 10  # numbers per row of a strip
SIEVE_RULES = ("1,2", "1,3", "2,3", "1,4", "1,2,4", "1,3,4", "2,3,5", "1,2,5", "1,4,5", "2,5")


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


Make = Callable[[Request, int, random.Random, Catalog, Tables], Sheet]


@dataclass(frozen=True)
class WorksheetKind:
    key: str
    aliases: tuple[str, ...]
    make: Make
    sized: bool  # takes --size
    counted: bool  # takes --items
    ruled: bool  # takes --rule


def mark(hot: bool, C: Catalog) -> str:
    """A cell's mark: the face and a letter, so a black-and-white print still says it."""
    return C("worksheet.mark.hot" if hot else "worksheet.mark.cold")


def verdict(outcome: Outcome, C: Catalog) -> str:
    return C("worksheet.value.hot" if outcome is Outcome.HOT else "worksheet.value.cold")


def _game(spec: GameSpec, tables: Tables) -> Game[Any]:
    return spec.build(tables)


def _pile_spec(rule: str | None) -> GameSpec:
    if rule is None or rule.strip().lower() == SQUARES.key:
        return GameSpec(SQUARES_KIND)
    return GameSpec(SUBTRACTION.key, (rule,))


# -- the kinds ---------------------------------------------------------------------------


def _strip(game: Game[Any], upto: int) -> dict[Any, bool]:
    return {n: game.info(n).outcome is Outcome.HOT for n in range(upto + 1)}


def _cold_line(hot: dict[Any, bool], game: Game[Any], C: Catalog) -> str:
    cold = [position_text(game, p, C) for p, h in hot.items() if not h]
    return C("worksheet.key.cold_list", positions=", ".join(cold))


def _amounts(game: Game[Any], upto: int, C: Catalog) -> str:
    """What a move may take, as far as the sheet goes."""
    amounts = [a for a in game.rule_objects()[0].amounts(upto) if a <= upto]
    return C("worksheet.amounts", amounts=", ".join(map(str, amounts)))


def make_table(req: Request, student: int, rng: random.Random, C: Catalog, t: Tables) -> Sheet:
    game = _game(_pile_spec(req.rule), t)
    upto = req.size or SIZES["table"][0]
    hot = _strip(game, upto)
    # the start (0) and two checkpoints further on, different for each student
    checks = rng.sample(range(max(1, upto // 3), upto + 1), min(2, upto - upto // 3))
    given = frozenset({0, *checks})
    task = (C("worksheet.table.task", upto=upto), _amounts(game, upto, C),
            C("worksheet.table.given"))  # fmt: skip
    return Sheet("table", student, req.seed, C.lang, C("worksheet.table.title"),
                 title(game, C), task, Cells("strip", tuple(hot), hot, given, upto),
                 key_lines=(_cold_line(hot, game, C),), spec=game.spec)  # fmt: skip


def make_sieve(req: Request, student: int, rng: random.Random, C: Catalog, t: Tables) -> Sheet:
    rule = req.rule or rng.choice(SIEVE_RULES)  # a rule each, unless the class shares one
    game = _game(_pile_spec(rule), t)
    upto = req.size or SIZES["sieve"][0]
    if req.rule is not None:  # one rule for all: each student's sieve ends elsewhere
        upto = rng.randint(max(SIZES["sieve"][1], upto - 9), upto)
    hot = _strip(game, upto)
    amounts = game.rule_objects()[0].amounts(upto)
    given = frozenset({0, *(a for a in amounts if a <= upto)})  # the first step, done
    task = (C("worksheet.sieve.task", upto=upto), _amounts(game, upto, C),
            C("worksheet.sieve.given"))  # fmt: skip
    fill = Problem(C("worksheet.sieve.cold_fill"), answer=(_cold_line(hot, game, C),))
    return Sheet("sieve", student, req.seed, C.lang, C("worksheet.sieve.title"),
                 title(game, C), task, Cells("strip", tuple(hot), hot, given, upto),
                 problems=(fill,), spec=game.spec)  # fmt: skip


def make_wythoff(req: Request, student: int, rng: random.Random, C: Catalog, t: Tables) -> Sheet:
    game = _game(GameSpec(WYTHOFF.key), t)
    side = req.size or SIZES[WYTHOFF.key][0]
    cells = tuple((x, y) for y in range(side + 1) for x in range(side + 1))
    hot = {c: game.info(c).outcome is Outcome.HOT for c in cells}
    cold = [c for c in cells if not hot[c] and c != (0, 0)]
    given = frozenset({(0, 0), *rng.sample(cold, min(2, len(cold)))})
    task = (C("worksheet.wythoff.task", side=side), C("worksheet.wythoff.given"))
    pairs = sorted({(min(c), max(c)) for c in cells if not hot[c]})
    said = ", ".join(f"({a},{b})" for a, b in pairs)
    return Sheet(WYTHOFF.key, student, req.seed, C.lang, C("worksheet.wythoff.title"),
                 title(game, C), task, Cells("board", cells, hot, given, side),
                 key_lines=(C("worksheet.key.cold_pairs", pairs=said),),
                 spec=game.spec)  # fmt: skip


def _nim_problem(game: SumGame, pos: tuple[int, ...], n: int, C: Catalog) -> Problem:
    e = explain(game, pos)
    assert e is not None  # a normal-play sum of piles with Grundy values
    head = (C("worksheet.nimsum.pile"), C("worksheet.nimsum.size"),
            C("worksheet.nimsum.grundy"), C("worksheet.nimsum.binary"))  # fmt: skip
    rows = [(str(p.pile), str(p.size), str(p.grundy), format(p.grundy, f"0{e.width}b"))
            for p in e.piles]  # fmt: skip
    rows.append(("", "", C("worksheet.nimsum.total"), format(e.nim_sum, f"0{e.width}b")))
    outcome = Outcome.HOT if e.nim_sum else Outcome.COLD
    answer = [C("worksheet.nimsum.result", total=e.nim_sum, value=verdict(outcome, C))]
    said = [C("worksheet.nimsum.move", pile=m.pile, take=m.take, before=m.before,
              after=m.after) for m in e.moves]  # fmt: skip
    if said:  # every winning move, in one paragraph (a key page holds eight items)
        answer.append(C("worksheet.nimsum.moves_head") + " " + "; ".join(said))
    else:
        answer.append(C("worksheet.nimsum.none"))
    fill = (C("worksheet.nimsum.fill_total"), C("worksheet.nimsum.fill_move"))
    return Problem(C("worksheet.nimsum.sum", n=n, position=position_text(game, pos, C)), head,
                   tuple(rows), frozenset({3}), fill, tuple(answer), game.spec, pos)  # fmt: skip


def make_nimsum(req: Request, student: int, rng: random.Random, C: Catalog, t: Tables) -> Sheet:
    nim = _game(GameSpec(SUM.key, (NIM.key,) * 3), t)
    squares = _game(GameSpec(SUM.key, (SQUARES.key,) * 3), t)
    count = req.items or ITEMS[0]
    colds = set(rng.sample(range(count), max(1, count // 4)))
    S = Strings(C.lang)
    problems: list[Problem] = []
    seen: list[Any] = []
    for i in range(count):
        game = nim if i % 2 == 0 else squares
        piles = ex.as_sum(game)
        assert piles is not None
        high = 15 if game is nim else 30
        while True:  # the lessons' nim-sum item, then: cold where a cold one is wanted
            item = ex.generate("nimsum", game, rng, S, 1, high, seen)
            if (item.correct == {0}) == (i in colds):
                break
            seen.append(item.position)
        seen.append(item.position)
        problems.append(_nim_problem(piles, item.position, i + 1, C))
    task = (C("worksheet.nimsum.task"), C("worksheet.nimsum.task_grundy"))
    return Sheet("nimsum", student, req.seed, C.lang, C("worksheet.nimsum.title"),
                 C("worksheet.nimsum.games"), task, problems=tuple(problems))  # fmt: skip


def _move_answer(game: Game[Any], pos: Any, C: Catalog) -> tuple[str, ...]:
    a = game.analyze(pos)
    if a.info.outcome is Outcome.COLD:
        kids = ", ".join(position_text(game, m.to, C) for m in a.moves)
        return (C("worksheet.moves.none", position=position_text(game, pos, C), children=kids),)
    return tuple(move_phrase(game, pos, m.to, C) for m in a.winning_moves)


def _cold_position(
    game: Game[Any], low: int, high: int, seen: list[Any], rng: random.Random
) -> Any:
    """A cold position in the exercises' range that has a move and was not asked yet: drawn
    at random (as the exercises draw theirs), else chosen from all of them."""

    def ok(p: Any) -> bool:
        return p not in seen and not game.is_terminal(p) and game.info(p).outcome is Outcome.COLD

    shape = next(iter(ex.positions(game, low, low)))  # a number, or a tuple of them
    count = 1 if isinstance(shape, int) else len(shape)
    for _ in range(ex.TRIES):
        values = tuple(rng.randint(low, high) for _ in range(count))
        pos = values[0] if isinstance(shape, int) else values
        if ok(pos):
            return pos
    return rng.choice([p for p in ex.positions(game, low, high) if ok(p)])


def make_moves(req: Request, student: int, rng: random.Random, C: Catalog, t: Tables) -> Sheet:
    games = (
        (_game(GameSpec(SQUARES_KIND), t), 10, 99),
        (_game(GameSpec(WYTHOFF.key), t), 1, 12),
        (_game(GameSpec(SUM.key, (SQUARES.key,) * 3), t), 1, 20),
    )
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
        if ex.as_sum(game) is not None:  # which piles: "Sum of piles (squares {1, 4, 9, …})"
            name += f" ({rule_label(game.rule_objects()[0], C)})"
        prompt = f"{i + 1}. {name}: {position_text(game, pos, C)}"
        problems.append(Problem(prompt, fill=(C("worksheet.moves.fill"),),
                                answer=_move_answer(game, pos, C), game=game.spec,
                                position=pos))  # fmt: skip
    return Sheet("moves", student, req.seed, C.lang, C("worksheet.moves.title"),
                 C("worksheet.moves.games"), (C("worksheet.moves.task"),),
                 problems=tuple(problems))  # fmt: skip


KINDS: tuple[WorksheetKind, ...] = (
    WorksheetKind("table", ("hot-cold", "fill"), make_table, True, False, True),
    WorksheetKind("sieve", ("p-to-n", "p-n"), make_sieve, True, False, True),
    WorksheetKind(WYTHOFF.key, ("queen", "board"), make_wythoff, True, False, False),
    WorksheetKind("nimsum", ("nim-sum", "xor"), make_nimsum, False, True, False),
    WorksheetKind("moves", ("winning-moves", "move"), make_moves, False, True, False),
)
NAMES: tuple[str, ...] = tuple(k.key for k in KINDS)


def find_worksheet(name: str) -> WorksheetKind:
    key = name.strip().lower()
    for kind in KINDS:
        if key == kind.key or key in kind.aliases:
            return kind
    raise WorksheetError("worksheet.errors.kind", kind=name, kinds=", ".join(NAMES))


def check(req: Request) -> WorksheetKind:
    """The kind asked for, every number within its budget (before any work)."""
    kind = find_worksheet(req.kind)
    if not 1 <= req.students <= MAX_STUDENTS:
        raise WorksheetError("worksheet.errors.students", value=req.students, most=MAX_STUDENTS)
    if req.size is not None:
        if not kind.sized:
            raise WorksheetError("worksheet.errors.no_option", option="--size", kind=kind.key)
        _, low, high = SIZES[kind.key]
        if not low <= req.size <= high:
            raise WorksheetError("worksheet.errors.size", value=req.size, low=low, high=high)
    if req.items is not None:
        if not kind.counted:
            raise WorksheetError("worksheet.errors.no_option", option="--items", kind=kind.key)
        if not ITEMS[1] <= req.items <= ITEMS[2]:
            raise WorksheetError("worksheet.errors.items", value=req.items, low=ITEMS[1],
                                 high=ITEMS[2])  # fmt: skip
    if req.rule is not None:
        if not kind.ruled:
            raise WorksheetError("worksheet.errors.no_option", option="--rule", kind=kind.key)
        _pile_spec(req.rule)  # a rule that parses (its own error otherwise)
    return kind


def sheets(req: Request, tables: Tables | None = None) -> list[Sheet]:
    """One sheet per student, each drawn from its own seeded generator."""
    kind = check(req)
    C = Catalog(req.lang)
    t = tables or Tables()
    return [
        kind.make(req, k, ex.seeded(req.seed, "worksheet", kind.key, k), C, t)
        for k in range(1, req.students + 1)
    ]
