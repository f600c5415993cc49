"""The Wythoff worksheet: a board to mark hot and cold from the corner."""

from __future__ import annotations

import random

from squaregame.core.spec import GameSpec
from squaregame.core.types import Outcome
from squaregame.families.wythoff.kind import WYTHOFF
from squaregame.lessons.worksheets import Cells, Job, Sheet, WorksheetKind
from squaregame.text.games import title

SIZE = (13, 5, 20)  # --size: (default, least, most)


def make_wythoff(job: Job, student: int, rng: random.Random) -> Sheet:
    req, C = job.req, job.C
    game = GameSpec(WYTHOFF).build(job.tables)
    side = req.size or SIZE[0]
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
                 spec=GameSpec.of(game))  # fmt: skip


WORKSHEETS: tuple[WorksheetKind, ...] = (
    WorksheetKind(WYTHOFF.key, ("queen", "board"), make_wythoff, SIZE),
)
