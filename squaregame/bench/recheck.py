"""``squaregame bench --check FILE``: a committed run checked by a second one.

``FILE`` is a run's JSON (``docs/PERFORMANCE.json``, written by ``--markdown``). The bench runs
the same groups again and sets each figure beside its committed self: the ratio's median (a
latency's 95th percentile), now against then, and its goal's verdict in both runs. A goal the
committed run met and this one does not is **lost**: the committed figure did not hold, and
the run's exit status is 1. A figure without a goal is shown with how far it moved (the
machine is noisy: up to ±30 % is "within noise"). What is compared lives in the report's
JSON (``recheck``), and its Markdown shows it first.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from squaregame.bench.run import BenchError
from squaregame.text import tr

NOISE = 0.30  # how far a figure without a goal may move between two runs and still agree


@dataclass(frozen=True)
class Seen:
    """One figure as one run saw it."""

    id: str
    name: str
    value: float  # the ratio's median, or a latency's 95th percentile (seconds)
    unit: str  # "x" (a ratio) or "s"
    met: bool | None  # its goal's verdict (None: no goal)


@dataclass(frozen=True)
class Row:
    id: str
    name: str
    unit: str
    then: float
    now: float
    met_then: bool | None
    met_now: bool | None
    verdict: str  # held, lost, gained, missed, within_noise, moved

    @property
    def change(self) -> float:
        return self.now / self.then - 1 if self.then else 0.0


def seen_in(data: dict[str, Any]) -> dict[str, Seen]:
    """Every figure of a run's JSON."""
    out: dict[str, Seen] = {}
    for group in data.get("groups", []):
        for f in group.get("figures", []):
            if f.get("ratio_median") is not None:
                out[f["id"]] = Seen(f["id"], f["figure"], float(f["ratio_median"]), "x", f["met"])
        for lat in group.get("latencies", []):
            out[lat["id"]] = Seen(lat["id"], lat["name"], float(lat["p95_s"]), "s", lat["met"])
    return out


def read_run(path: Path) -> dict[str, Any]:
    """A committed run's JSON; a :class:`BenchError` (one line) if it is not one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise BenchError("cli.errors.check_unreadable", path=str(path), error=str(exc)) from None
    if not isinstance(data, dict) or not isinstance(data.get("groups"), list):
        raise BenchError("cli.errors.check_not_a_run", path=str(path))
    try:
        seen_in(data)
    except (KeyError, TypeError, ValueError):
        raise BenchError("cli.errors.check_not_a_run", path=str(path)) from None
    return data


def verdict(then: Seen, now: Seen) -> str:
    if then.met is not None or now.met is not None:
        if then.met and now.met:
            return "held"
        if then.met:
            return "lost"
        return "gained" if now.met else "missed"
    moved = abs(now.value / then.value - 1) if then.value else 0.0
    return "within_noise" if moved <= NOISE else "moved"


def compare(then: dict[str, Any], now: dict[str, Any], against: str) -> dict[str, Any]:
    """The re-check of run ``then`` by run ``now`` (both as their JSON), as JSON."""
    before, after = seen_in(then), seen_in(now)
    rows = [
        Row(key, a.name, a.unit, b.value, a.value, b.met, a.met, verdict(b, a))
        for key, a in after.items()
        if (b := before.get(key)) is not None
    ]
    return {
        "against": against,
        "then_date": then.get("date"),
        "then_commit": then.get("commit"),
        "rows": [asdict(r) for r in rows],
        "not_in_then": sorted(set(after) - set(before)),
        "not_run_now": sorted(set(before) - set(after)),
        "lost": [r.id for r in rows if r.verdict == "lost"],
    }


def rows_of(check: dict[str, Any]) -> list[Row]:
    return [Row(**r) for r in check.get("rows", [])]


def shown(value: float, unit: str) -> str:
    return f"{value:.2f}×" if unit == "x" else f"{value * 1000:.1f} ms"


def check_lines(check: dict[str, Any]) -> list[str]:
    """The re-check, as the terminal says it."""
    lines = [tr("cli.bench.check.title", against=check["against"],
                date=check.get("then_date") or "?",
                commit=(check.get("then_commit") or "?")[:12])]  # fmt: skip
    for r in rows_of(check):
        lines.append("  " + tr("cli.bench.check.row", name=r.name, then=shown(r.then, r.unit),
                               now=shown(r.now, r.unit), change=f"{r.change:+.0%}",
                               verdict=tr(f"cli.bench.check.verdict.{r.verdict}")))  # fmt: skip
    if check.get("not_run_now"):
        lines.append("  " + tr("cli.bench.check.not_run", figures=", ".join(check["not_run_now"])))
    return lines
