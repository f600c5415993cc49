"""A group of ``squaregame bench`` figures, and its verdict.

A group (``--only builder``, ``board`` …) holds its paired figures (:class:`Result`), its
latencies (measured inside a process: no reference to pair them with) and notes, and the
bench command that reproduces it. Its verdict is one of four, in this order of precedence:

* **failed** — a figure's answer differed from its reference's (a builder's bytes, by their
  hash): the figure was not timed, and the bench exits with status 1;
* **not met** — a figure with a goal missed it;
* **met** — every figure with a goal kept it;
* **no goal** — none of its figures has one (figures to read, not to pass).
"""

from __future__ import annotations

import math
import os
import statistics
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from squaregame.bench.run import Result


class Verdict(Enum):
    FAILED = "failed"
    NOT_MET = "not_met"
    MET = "met"
    NO_GOAL = "no_goal"


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0–100), nearest rank: the smallest value with at least q% of
    the values at or below it (the 95th of 20 values is the 19th)."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(q * len(ordered) / 100)))
    return ordered[rank - 1]


@dataclass(frozen=True)
class Latency:
    """A latency figure: ``seconds`` measured, with a goal on their ``on`` statistic."""

    key: str  # its name in the JSON, the same in every language
    name: str  # in the run's language
    seconds: tuple[float, ...]
    goal: float | None = None  # seconds
    on: str = "p95"  # the statistic the goal is about: "p95" or "max"
    unit: str = "ms"  # how it is shown: "ms" or "s"

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def p95(self) -> float:
        return percentile(list(self.seconds), 95)

    @property
    def max(self) -> float:
        return max(self.seconds)

    @property
    def judged(self) -> float:
        return self.p95 if self.on == "p95" else self.max

    @property
    def met(self) -> bool | None:
        return None if self.goal is None else self.judged <= self.goal


@dataclass
class Group:
    key: str  # builder, board, sums …: what --only takes
    title: str  # in the run's language
    command: str  # the bench command that reproduces it
    results: list[Result] = field(default_factory=list)
    latencies: list[Latency] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # lines under it, in the run's language
    data: dict[str, Any] = field(default_factory=dict)  # more raw figures, for the JSON
    load: float = field(default_factory=lambda: os.getloadavg()[0])  # as it started (1 min)

    @property
    def verdict(self) -> Verdict:
        if any(r.failed for r in self.results):
            return Verdict.FAILED
        judged = [r.met for r in self.results] + [lat.met for lat in self.latencies]
        if any(m is False for m in judged):
            return Verdict.NOT_MET
        return Verdict.MET if any(m for m in judged) else Verdict.NO_GOAL

    def missed(self) -> list[str]:
        """The names of the figures that missed their goal (failed ones included)."""
        return [r.figure.name for r in self.results if r.met is False] + [
            lat.name for lat in self.latencies if lat.met is False
        ]

    def failures(self) -> list[str]:
        return [r.figure.name for r in self.results if r.failed]
