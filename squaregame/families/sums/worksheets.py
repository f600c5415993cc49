"""The nim-sum worksheet: sums of three piles (Nim, and Squares with its Grundy values) to
work out in binary, and the winning moves."""

from __future__ import annotations

import random
from typing import Any

from squaregame.core.game import Game
from squaregame.core.rules import NIM, SQUARES
from squaregame.core.spec import GameSpec
from squaregame.core.types import Outcome
from squaregame.families.sums.kind import SUM
from squaregame.lessons import exercises as ex
from squaregame.lessons.strings import Strings
from squaregame.lessons.worksheets import ITEMS, Job, Problem, Sheet, WorksheetKind, verdict
from squaregame.play.nimsum import explain
from squaregame.text import Catalog
from squaregame.text.games import position_text


def _nim_problem(game: Game[Any], pos: tuple[int, ...], n: int, C: Catalog) -> Problem:
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
                   tuple(rows), frozenset({3}), fill, tuple(answer), GameSpec.of(game),
                   pos)  # fmt: skip


def make_nimsum(job: Job, student: int, rng: random.Random) -> Sheet:
    req, C = job.req, job.C
    nim = GameSpec(SUM, (NIM,) * 3).build(job.tables)
    squares = GameSpec(SUM, (SQUARES,) * 3).build(job.tables)
    count = req.items or ITEMS[0]
    colds = set(rng.sample(range(count), max(1, count // 4)))
    S = Strings(C.lang)
    problems: list[Problem] = []
    seen: list[Any] = []
    for i in range(count):
        game = nim if i % 2 == 0 else squares
        high = 15 if game is nim else 30
        while True:  # the lessons' nim-sum item, then: cold where a cold one is wanted
            item = ex.generate("nimsum", game, rng, S, 1, high, seen)
            if (item.correct == {0}) == (i in colds):
                break
            seen.append(item.position)
        seen.append(item.position)
        problems.append(_nim_problem(game, item.position, i + 1, C))
    task = (C("worksheet.nimsum.task"), C("worksheet.nimsum.task_grundy"))
    return Sheet("nimsum", student, req.seed, C.lang, C("worksheet.nimsum.title"),
                 C("worksheet.nimsum.games"), task, problems=tuple(problems))  # fmt: skip


WORKSHEETS: tuple[WorksheetKind, ...] = (
    WorksheetKind("nimsum", ("nim-sum", "xor"), make_nimsum, counted=True),
)
