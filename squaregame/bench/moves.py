"""``squaregame bench --only moves``: the perfect opponent's reply, timed inside this process
(latencies, not ratios: there is no reference to pair them with; no goal).

From random starts (a fixed seed), the opponent plays up to twelve moves of each game; each
reply is timed. A table's one-time load or build is made first: it is not a move.
"""

from __future__ import annotations

import random
import time
from typing import Any

from squaregame.bench.games import replies
from squaregame.bench.groups import Latency
from squaregame.core.ai import Opponent
from squaregame.core.game import Game
from squaregame.core.tables import Tables
from squaregame.families import GAMES
from squaregame.text import tr

PLIES = 12  # replies timed from each start


def opponent_latencies(tables: Tables) -> list[Latency]:
    rng = random.Random(7)

    cases: list[tuple[str, Game[Any], list[Any]]] = []
    for r in replies():  # the games of timed-games.toml, in its order (one seed for all)
        game = GAMES.kinds.spec(r.game, r.rules).build(tables)
        starts = [tuple(rng.randrange(b) for b in r.below) for _ in range(r.starts)]
        cases.append((r.key, game, [s[0] if len(s) == 1 else s for s in starts]))
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
