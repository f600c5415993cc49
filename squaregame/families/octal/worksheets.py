"""The Kayles worksheet: positions of two or three rows, each row's Grundy value to write
(the values of short rows are given on the sheet), the nim-sum, and every winning move."""

from __future__ import annotations

import random
from functools import reduce
from operator import xor
from typing import Any

from squaregame.core.game import Game
from squaregame.core.spec import GameSpec
from squaregame.core.types import Outcome
from squaregame.families.octal.kind import KINDS
from squaregame.lessons import exercises as ex
from squaregame.lessons.strings import Strings
from squaregame.lessons.worksheets import ITEMS, Job, Problem, Sheet, WorksheetKind, verdict
from squaregame.text import Catalog
from squaregame.text.games import move_phrase, position_text

LONGEST = 16  # rows of one to this many pins (their values are printed on the sheet)
KAYLES = KINDS[0]


def _row_values(game: Game[Any], pos: tuple[int, ...]) -> list[int]:
    one = game.kind.position_from_values
    return [game.info(one((n,))).grundy or 0 for n in pos]


def _problem(game: Game[Any], pos: tuple[int, ...], n: int, C: Catalog) -> Problem:
    values = _row_values(game, pos)
    total = reduce(xor, values, 0)
    width = max(1, max([*values, total]).bit_length())
    head = (C("octal.worksheet.row"), C("octal.worksheet.size"), C("octal.worksheet.grundy"),
            C("octal.worksheet.binary"))  # fmt: skip
    rows = [(str(i + 1), str(size), str(g), format(g, f"0{width}b"))
            for i, (size, g) in enumerate(zip(pos, values, strict=True))]  # fmt: skip
    rows.append(("", "", C("octal.worksheet.total"), format(total, f"0{width}b")))
    a = game.analyze(pos)
    assert (a.info.outcome is Outcome.HOT) == bool(total)  # Sprague–Grundy, checked
    answer = [C("octal.worksheet.result", total=total, value=verdict(a.info.outcome, C))]
    targets = dict.fromkeys(m.to for m in a.winning_moves)  # (two rows alike: one move each)
    said = [move_phrase(game, pos, to, C) for to in targets]
    if said:  # every winning move, in one paragraph (a key page holds eight items)
        answer.append(C("octal.worksheet.moves_head") + " " + "; ".join(said))
    else:
        answer.append(C("octal.worksheet.none"))
    fill = (C("octal.worksheet.fill_total"), C("octal.worksheet.fill_move"))
    prompt = C("octal.worksheet.item", n=n, position=position_text(game, pos, C))
    return Problem(prompt, head, tuple(rows), frozenset({2, 3}), fill, tuple(answer),
                   GameSpec.of(game), pos)  # fmt: skip


def make_kayles(job: Job, student: int, rng: random.Random) -> Sheet:
    """Kayles positions of several rows, a quarter of them cold (none has a winning move)."""
    req, C = job.req, job.C
    game = GameSpec(KAYLES).build(job.tables)
    count = req.items or ITEMS[0]
    colds = set(rng.sample(range(count), max(1, count // 4)))
    S = Strings(C.lang)
    problems: list[Problem] = []
    seen: list[Any] = []
    for i in range(count):
        while True:  # the lessons' nim-sum item (two or three rows): cold where one is wanted
            item = ex.generate("nimsum", game, rng, S, 1, LONGEST, seen)
            if (item.correct == {0}) == (i in colds):
                break
            seen.append(item.position)
        seen.append(item.position)
        problems.append(_problem(game, item.position, i + 1, C))
    one = game.kind.position_from_values
    given = ", ".join(
        f"{n}→{game.info(one((n,))).grundy}" for n in range(1, LONGEST + 1)
    )  # the values a row's mex would give: the sheet is about sums, not about the mex
    task = (C("octal.worksheet.task"), C("octal.worksheet.values", values=given),
            C("octal.worksheet.task_move"))  # fmt: skip
    return Sheet("kayles", student, req.seed, C.lang, C("octal.worksheet.title"),
                 C("octal.worksheet.games"), task, problems=tuple(problems))  # fmt: skip


WORKSHEETS: tuple[WorksheetKind, ...] = (
    WorksheetKind("kayles", ("rows", "octal"), make_kayles, counted=True),
)
