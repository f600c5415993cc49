"""``squaregame bench --only moves``: the perfect opponent's reply, timed inside this process
(latencies, not ratios: there is no reference to pair them with; no goal).

From random starts (a fixed seed), the opponent plays up to twelve moves of each game; each
reply is timed. A table's one-time load or build is made first: it is not a move.
"""

from __future__ import annotations

import random
import time
from typing import Any

from squaregame.bench.groups import Latency
from squaregame.core.ai import Opponent
from squaregame.core.game import Game
from squaregame.core.rules import NIM, SQUARES
from squaregame.core.tables import Tables
from squaregame.families import GAMES
from squaregame.text import tr

PLIES = 12  # replies timed from each start


def opponent_latencies(tables: Tables) -> list[Latency]:
    rng = random.Random(7)

    def build(kind: str, *rules: str) -> Game[Any]:
        return GAMES.kinds.spec(kind, rules).build(tables)

    cases: list[tuple[str, Game[Any], list[Any]]] = [
        ("squares", build(SQUARES.key), [rng.randrange(10**6) for _ in range(40)]),
        ("subtraction", build("subtraction", "1,3,7,8"),
         [rng.randrange(10**18) for _ in range(20)]),
        ("nim", build(NIM.key), [rng.randrange(10**6) for _ in range(20)]),
        ("wythoff", build("wythoff"),
         [(rng.randrange(2000), rng.randrange(2000)) for _ in range(20)]),
    ]  # fmt: skip
    found: list[Latency] = []
    for key, game, starts in cases:
        game.best_moves(max(starts))  # a one-time table load or build is not a move
        ai: Opponent[Any] = Opponent("perfect", seed=1)
        times: list[float] = []
        for start in starts:
            pos = start
            for _ in range(PLIES):
                t = time.perf_counter()
                nxt = ai.move(game, pos)
                times.append(time.perf_counter() - t)
                if nxt is None:
                    break
                pos = nxt
        found.append(Latency(f"reply-{key}", tr(f"cli.bench.moves.{key}"), tuple(times)))
    return found
