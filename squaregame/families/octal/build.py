"""``squaregame build-tables octal --code C --upto N``: G(0..N) of one rule built ahead into the
cache (:mod:`squaregame.families.octal.files`), so that heaps up to N answer at once, and a period
whose proof needs more than the :data:`~squaregame.families.octal.values.MAX_ON_DEMAND` values
computed on demand is proven from the file (0.354: period 1,180 from 10,061,916, proven on
20,123,836 values; 0.376: period 4 from 2,268,248).

**Budget, before the work.** The one estimate every entry point uses
(:func:`~squaregame.families.octal.cost.estimate`: a bound from the code, then a short probe
whose values are kept and continued), against :data:`BUILD_PAIR_BUDGET`; a build over it is
refused then, with the estimate and the largest heap within it. The kernel checks again before
each chunk (twice the budget, on its measured rate), so a code whose values thicken late is
stopped, not run for hours.
Memory: 4·(N + 1) bytes while building, 2·(N + 1) in the file (every value below 2^16).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import TableLimitError
from squaregame.families.octal import cost, files
from squaregame.families.octal.code import PileRule, parse_rule
from squaregame.families.octal.native import values_native
from squaregame.families.octal.period import find_period
from squaregame.families.octal.values import Progress

if TYPE_CHECKING:
    from squaregame.core.tables import Tables

BUILD_PAIR_BUDGET = 2 * 10**11  # pairs of heaps one build may examine (about 10 minutes)


def build(text: str, upto: int, tables: Tables, progress: Progress) -> tuple[str, dict[str, Any]]:
    """Build, check the budget first, write, and say what was built (``octal.build.wrote``)."""
    # (numpy: only when values are built)
    import numpy as np

    from squaregame.core.piles.store import TableStore
    from squaregame.families.octal.store import OctalStore

    rule = parse_rule(text)
    if isinstance(rule, PileRule):  # its tables are the rule registry's own
        raise TableLimitError("octal.errors.build_rule", rule=rule.text)
    began = time.perf_counter()
    kept = OctalStore.of(tables).kept
    need = cost.estimate(rule, upto, BUILD_PAIR_BUDGET, kept, progress)
    if need is None:  # (no C kernel: nothing measured, and nothing a build could use)
        raise TableLimitError("octal.errors.build_kernel")
    if need > BUILD_PAIR_BUDGET:
        raise TableLimitError(
            "octal.errors.build_budget",
            rule=rule.text,
            upto=f"{upto:,}",
            pairs=f"{need:.1e}",
            budget=f"{BUILD_PAIR_BUDGET:.0e}",
            most=f"{cost.affordable(rule, upto, BUILD_PAIR_BUDGET, kept):,}",
        )
    with kept.lock:
        have = kept.values.get(rule.key)
    head = None if have is None else bytearray(np.asarray(have, dtype=np.uint32).tobytes())
    try:
        raw = values_native(rule, upto, progress, head, budget=2 * BUILD_PAIR_BUDGET)
    except OSError:
        raise TableLimitError("octal.errors.build_kernel") from None
    g = np.frombuffer(raw, dtype=np.uint32)
    folder = TableStore.of(tables).cache
    path = files.cache_path(folder, rule, upto)
    files.save(path, rule, g)
    files.drop_smaller(folder, rule, path)
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
