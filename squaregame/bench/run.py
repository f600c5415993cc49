"""Paired whole-process timing: the only way ``squaregame bench`` measures anything.

A *figure* is two commands, ours and a reference, each run as a new process (interpreter
start and imports included). They run in interleaved pairs — ours then the reference, then
the reference then ours, and so on, after one warm-up run of each — and the figure is the
**median of the per-pair ratios** with their minimum and maximum: pairing keeps the ratio
meaningful while the machine's speed drifts, and the spread shows how noisy it was. Each
run's peak memory is the operating system's account of that child alone (``wait4``).

Before any pair, the two warm-up runs' answers are compared (a figure's ``check``; with a
``verify`` command, that command's answer — the same build with its values' hash — stands
for ours): a figure whose answers differ is not timed at all, and its failure is its result.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from squaregame.core.errors import GameError
from squaregame.text import Catalog, error_text, tr

MIN_PAIRS = 7  # fewer pairs give a figure that is not to be quoted
RUN_TIMEOUT = 300.0  # seconds for one run: past it the run is killed and the bench stops


class BenchError(GameError):
    """A measured command failed or disagreed with its reference, or a figure cannot be had
    (its reference or a compiler missing, a report that cannot be written): said in one line
    (the bench stops, exit status 2); ``str()`` is the English sentence, for a log."""

    def __str__(self) -> str:
        return error_text(self, Catalog("en"))


@dataclass(frozen=True)
class Sample:
    seconds: float
    peak_kb: int
    output: str = ""


Measure = Callable[[], Sample]


def run_process(argv: Sequence[str], env: dict[str, str] | None = None) -> Sample:
    """Run ``argv`` to its end: wall seconds from start to exit, its own peak memory, and
    what it printed on stdout."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(
            list(argv), stdout=out, stderr=err, stdin=subprocess.DEVNULL, env=env
        )
        killer = threading.Timer(RUN_TIMEOUT, proc.kill)
        killer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            killer.cancel()
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        out.seek(0)
        err.seek(0)
        text = out.read().decode(errors="replace")
        if proc.returncode != 0:
            said = err.read().decode(errors="replace").strip().splitlines()
            last = said[-1] if said else tr("cli.bench.exit_status", status=proc.returncode)
            raise BenchError("cli.errors.failed", command=" ".join(argv), said=last)
    return Sample(seconds, int(usage.ru_maxrss), text)


@dataclass(frozen=True)
class Side:
    """One command of a figure: shown as ``shown`` — the command a reader can run, or where
    it cannot be typed as it is (``typed`` false: an app in a pseudo-terminal), what it is."""

    shown: str
    measure: Measure
    typed: bool = True


@dataclass(frozen=True)
class Agreement:
    """What the check of a figure's two answers found."""

    problem: str | None = None  # what differs (the figure fails), in the run's language
    proof: str = ""  # what was found the same, as printed (``fnv1a_rem=…``)


@dataclass(frozen=True)
class Figure:
    name: str  # in the run's language
    ours: Side
    ref: Side
    goal: float | None = None  # the ratio to stay at or under
    check: Callable[[str, str], Agreement] | None = None  # (ours, reference) outputs
    min_pairs: int = 1  # at least this many pairs, whatever --pairs says (noisy figures)
    key: str = ""  # its name in the JSON, the same in every language
    seconds_goal: float | None = None  # ours' seconds (the work's, with ``work``) to stay under
    work: bool = False  # the seconds goal is ours less the reference (what the work costs)
    verify: Side | None = None  # an untimed run checked in ours' place (with the values' hash)


@dataclass
class Result:
    figure: Figure
    ours: list[Sample] = field(default_factory=list)
    ref: list[Sample] = field(default_factory=list)
    agreement: Agreement | None = None  # None: nothing was checked

    @property
    def failed(self) -> bool:
        return self.agreement is not None and self.agreement.problem is not None

    @property
    def ratios(self) -> list[float]:
        return [a.seconds / b.seconds for a, b in zip(self.ours, self.ref, strict=True)]

    @property
    def ratio(self) -> float:
        return statistics.median(self.ratios)

    @property
    def work_seconds(self) -> float:
        """What ours costs beyond the reference: the median of the pairs' differences."""
        return statistics.median(
            a.seconds - b.seconds for a, b in zip(self.ours, self.ref, strict=True)
        )

    def _side(self, side: str) -> list[Sample]:
        return self.ours if side == "ours" else self.ref

    def seconds(self, side: str) -> float:
        return statistics.median(s.seconds for s in self._side(side))

    def peak_mb(self, side: str) -> float:
        return statistics.median(s.peak_kb for s in self._side(side)) / 1024

    @property
    def timed_seconds(self) -> float:
        """The seconds its seconds goal is about: ours', or the work's."""
        return self.work_seconds if self.figure.work else self.seconds("ours")

    @property
    def met(self) -> bool | None:
        """Every goal of the figure kept (None: it has none; False too if it failed)."""
        fig = self.figure
        if fig.goal is None and fig.seconds_goal is None:
            return None
        if self.failed or not self.ours:
            return False
        ratio_ok = fig.goal is None or self.ratio <= fig.goal
        return ratio_ok and (fig.seconds_goal is None or self.timed_seconds <= fig.seconds_goal)


def pairs_for(figure: Figure, asked: int) -> int:
    """The pairs a figure runs: those asked for, or its own least number if larger."""
    return max(asked, figure.min_pairs)


def measure_pairs(figure: Figure, pairs: int) -> Result:
    """``pairs`` interleaved pairs after one warm-up run of each side (not counted), once
    their answers agree: a figure whose answers differ is returned untimed, failed."""
    first_ours, first_ref = figure.ours.measure(), figure.ref.measure()
    result = Result(figure)
    if figure.check is not None:
        checked = figure.verify.measure() if figure.verify is not None else first_ours
        result.agreement = figure.check(checked.output, first_ref.output)
        if result.failed:
            return result
    for i in range(pairs):
        if i % 2 == 0:
            a = figure.ours.measure()
            b = figure.ref.measure()
        else:  # the other order every second pair: neither side always goes first
            b = figure.ref.measure()
            a = figure.ours.measure()
        result.ours.append(a)
        result.ref.append(b)
    return result
