"""``squaregame build-tables octal --code C --upto N``: G(0..N) of one rule built ahead into the
cache (:mod:`squaregame.families.octal.files`), so that heaps up to N answer at once, and a period
whose proof needs more than the :data:`~squaregame.families.octal.values.MAX_ON_DEMAND` values
computed on demand is proven from the file (0.354: period 1,180 from 10,061,916, proven on
20,123,836 values; 0.376: period 4 from 2,268,248).

**Budget, before the work.** The cost is the pairs of heaps the C kernel examines. The first
:data:`PROBE` values are computed (a bounded cost: at most PROBE²/4 pairs a split digit), the
pairs a heap in their last two quarters, r3 and r4, measured (quarters centred on heaps
5P/8 and 7P/8), the rate taken to grow as a power α of the heap, and the whole estimated as

    r4 · N · (N / (7P/8))^α / (1 + α),    α = ln(r4 / r3) / ln(7/5) clamped to [0, 1]

(α = 0: a sparse code, the rare values few, about r4 pairs a heap: 0.354, 0.6; α = 1:
dense, the pairs growing with the heap, n²/4 in all; 0.376 grows as about n^0.5). A build
whose estimate passes :data:`BUILD_PAIR_BUDGET` is refused then, with the estimate; the
kernel checks again before each chunk (twice the budget, on its measured rate), so a code
whose values thicken late is stopped, not run for hours.
Memory: 4·(N + 1) bytes while building, 2·(N + 1) in the file (every value below 2^16).
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import TableLimitError
from squaregame.families.octal import files
from squaregame.families.octal.code import HeapRule, PileRule, parse_rule
from squaregame.families.octal.native import values_native
from squaregame.families.octal.period import find_period
from squaregame.families.octal.values import Kept, Progress

if TYPE_CHECKING:
    from squaregame.core.tables import Tables

PROBE = 1 << 15  # values computed first, to estimate the rest
BUILD_PAIR_BUDGET = 2 * 10**11  # pairs of heaps one build may examine (about 10 minutes)


def estimate(upto: int, third: int, fourth: int, probe: int) -> int:
    """The pairs G(0..upto) should cost, from the pairs of the probe's last two quarters."""
    quarter = max(probe // 4, 1)
    r3, r4 = max(third / quarter, 1.0), max(fourth / quarter, 1.0)
    alpha = min(max(math.log(r4 / r3) / math.log(7 / 5), 0.0), 1.0)
    grow = (upto / (0.875 * probe)) ** alpha if upto > probe else 1.0
    return int(r4 * upto * grow / (1 + alpha))


def build(
    text: str,
    upto: int,
    tables: Tables,
    progress: Progress,
    budget: int = BUILD_PAIR_BUDGET,
    kept: Kept | None = None,
) -> tuple[str, dict[str, Any]]:
    """Build, check the budget (pairs of heaps) first, write, and say what was built
    (``octal.build.wrote``); ``kept``: the program's values, told to read the new file."""
    # (numpy: only when values are built)
    import numpy as np

    from squaregame.core.piles.store import TableStore

    rule = parse_rule(text)
    if isinstance(rule, PileRule):  # its tables are the rule registry's own
        raise TableLimitError("octal.errors.build_rule", rule=rule.text)
    began = time.perf_counter()
    probe = min(upto, PROBE)
    stats: list[int] = []
    try:
        head = values_native(rule, probe // 2, stats=stats)
        head = values_native(rule, 3 * probe // 4, start=head, stats=stats)
        third = stats[2]
        head = values_native(rule, probe, start=head, stats=stats)
    except OSError:
        raise TableLimitError("octal.errors.build_kernel") from None
    need = estimate(upto, third, stats[2], probe)
    if need > budget:
        raise TableLimitError(
            "octal.errors.build_budget",
            rule=rule.text,
            upto=f"{upto:,}",
            pairs=f"{need:.1e}",
            budget=f"{budget:.0e}",
        )
    try:
        raw = values_native(rule, upto, progress, head, budget=2 * budget)
    except OSError:
        raise TableLimitError("octal.errors.build_kernel") from None
    g = np.frombuffer(raw, dtype=np.uint32)
    folder = TableStore.of(tables).cache
    path = files.cache_path(folder, rule, upto)
    files.save(path, rule, g)
    files.drop_smaller(folder, rule, path)
    if kept is not None:
        with kept.lock:
            kept.cached.pop(rule.key, None)
            kept.periods.pop(rule.key, None)
    said: dict[str, Any] = {
        "path": str(path),
        "rule": rule.text,
        "upto": f"{upto:,}",
        "largest": int(g.max(initial=0)),
    }
    k = rule.last_place
    found = find_period(g, k) if k is not None else None
    key = "octal.build.wrote"
    if found is not None and found.proven:
        key = "octal.build.wrote_period"
        said.update(period=f"{found.period:,}", preperiod=f"{found.preperiod:,}")
    said["seconds"] = f"{time.perf_counter() - began:.1f}"
    return key, said


# Codes whose least preperiod is known to lie past the values computed on demand, with the
# values the theorem's proof of it needs (2·n0 + 2p + k + 1): where to look, not an answer —
# the values are computed here and the period proven from them by the theorem, as any other.
# 0.354: period 1,180 from 10,061,916 (Gangolli and Plambeck 1989); 0.376: period 4 from
# 2,268,248 (Flammenkamp's tables, via tczajka/octal-games SolvedGames.md).
LONG_PREPERIODS = {"0.354": 2 * 10_061_916 + 2 * 1_180 + 3, "0.376": 2 * 2_268_248 + 2 * 4 + 4}
ON_DEMAND_BUDGET = 2 * 10**10  # pairs one build on demand may examine (about 40 s)


def on_demand(rule: HeapRule, tables: Tables, progress: Progress | None, kept: Kept) -> bool:
    """Build the values a known long preperiod's proof needs into the cache, when the one
    estimate puts them within :data:`ON_DEMAND_BUDGET` (refused otherwise, before the work).
    False: no such code, or its values are in the cache already."""
    upto = LONG_PREPERIODS.get(rule.key)
    if upto is None or files.cached_upto(kept.folder(), rule) >= upto:
        return False
    build(rule.text, upto, tables, progress or (lambda done: None), ON_DEMAND_BUDGET, kept)
    return True
