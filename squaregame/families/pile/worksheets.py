"""The worksheets of one pile: the hot/cold table to fill, and the sieve."""

from __future__ import annotations

import random
from typing import Any

from squaregame.core.game import Game
from squaregame.core.rules import SQUARES, parse_rule
from squaregame.core.spec import GameSpec
from squaregame.core.types import Outcome
from squaregame.families.pile.kinds import kind_for
from squaregame.lessons.worksheets import Cells, Job, Problem, Sheet, WorksheetKind
from squaregame.text import Catalog
from squaregame.text.games import position_text, title

TABLE_SIZE = (30, 5, 99)  # --size: (default, least, most)
SIEVE_SIZE = (49, 9, 99)
SIEVE_RULES = ("1,2", "1,3", "2,3", "1,4", "1,2,4", "1,3,4", "2,3,5", "1,2,5", "1,4,5", "2,5")


def pile_spec(rule: str | None) -> GameSpec:
    """One pile under ``rule`` (Squares when none is given)."""
    found = SQUARES if rule is None else parse_rule(rule)
    return GameSpec(kind_for(found), (found,))


def _strip(game: Game[Any], upto: int) -> dict[Any, bool]:
    return {n: game.info(n).outcome is Outcome.HOT for n in range(upto + 1)}


def _cold_line(hot: dict[Any, bool], game: Game[Any], C: Catalog) -> str:
    cold = [position_text(game, p, C) for p, h in hot.items() if not h]
    return C("worksheet.key.cold_list", positions=", ".join(cold))


def _amounts(game: Game[Any], upto: int, C: Catalog) -> str:
    """What a move may take, as far as the sheet goes."""
    amounts = [a for a in game.rules[0].amounts(upto) if a <= upto]
    return C("worksheet.amounts", amounts=", ".join(map(str, amounts)))


def make_table(job: Job, student: int, rng: random.Random) -> Sheet:
    req, C = job.req, job.C
    game = pile_spec(req.rule).build(job.tables)
    upto = req.size or TABLE_SIZE[0]
    hot = _strip(game, upto)
    # the start (0) and two checkpoints further on, different for each student
    checks = rng.sample(range(max(1, upto // 3), upto + 1), min(2, upto - upto // 3))
    given = frozenset({0, *checks})
    task = (C("worksheet.table.task", upto=upto), _amounts(game, upto, C),
            C("worksheet.table.given"))  # fmt: skip
    return Sheet("table", student, req.seed, C.lang, C("worksheet.table.title"),
                 title(game, C), task, Cells("strip", tuple(hot), hot, given, upto),
                 key_lines=(_cold_line(hot, game, C),), spec=GameSpec.of(game))  # fmt: skip


def make_sieve(job: Job, student: int, rng: random.Random) -> Sheet:
    req, C = job.req, job.C
    rule = req.rule or rng.choice(SIEVE_RULES)  # a rule each, unless the class shares one
    game = pile_spec(rule).build(job.tables)
    upto = req.size or SIEVE_SIZE[0]
    if req.rule is not None:  # one rule for all: each student's sieve ends elsewhere
        upto = rng.randint(max(SIEVE_SIZE[1], upto - 9), upto)
    hot = _strip(game, upto)
    amounts = game.rules[0].amounts(upto)
    given = frozenset({0, *(a for a in amounts if a <= upto)})  # the first step, done
    task = (C("worksheet.sieve.task", upto=upto), _amounts(game, upto, C),
            C("worksheet.sieve.given"))  # fmt: skip
    fill = Problem(C("worksheet.sieve.cold_fill"), answer=(_cold_line(hot, game, C),))
    return Sheet("sieve", student, req.seed, C.lang, C("worksheet.sieve.title"),
                 title(game, C), task, Cells("strip", tuple(hot), hot, given, upto),
                 problems=(fill,), spec=GameSpec.of(game))  # fmt: skip


WORKSHEETS: tuple[WorksheetKind, ...] = (
    WorksheetKind("table", ("hot-cold", "fill"), make_table, TABLE_SIZE, read_rule=pile_spec),
    WorksheetKind("sieve", ("p-to-n", "p-n"), make_sieve, SIEVE_SIZE, read_rule=pile_spec),
)
