"""``squaregame bench --markdown FILE``: the run as a report a reader can check.

The raw figures are written as JSON beside the report (``FILE`` with ``.json`` for its
suffix: ``docs/PERFORMANCE.md`` → ``docs/PERFORMANCE.json``): the machine, the commit, the
date, the load, the pairs, and for each group its figures — every pair's seconds, the ratios'
minimum, median and maximum, the goals and verdict, the commands. The Markdown is made from
that JSON alone (:func:`markdown`), in the run's language; its keys stay English.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from squaregame import paths
from squaregame.bench.groups import Group, Latency
from squaregame.bench.run import MIN_PAIRS, BenchError, Result, Side
from squaregame.core.files.atomic import write_atomic
from squaregame.version import __version__

__all__ = ["Report", "figure_json", "write_report"]


def _git(*words: str) -> str | None:
    """``git`` in the package's checkout, or None (an installed package, no git)."""
    try:
        done = subprocess.run(
            ["git", *words], cwd=paths.PACKAGE.parent, capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def _version(package: str) -> str | None:
    from importlib import metadata  # (only for a report)

    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


def _memory_gb() -> float | None:
    try:
        return round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1)
    except (ValueError, OSError, AttributeError):
        return None


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _gcc() -> str | None:
    try:
        done = subprocess.run(["gcc", "-dumpfullversion"], capture_output=True, text=True)
    except OSError:
        return None
    return done.stdout.strip() or None


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    return {
        "system": platform.platform(),
        "cpu": _cpu(),
        "cores": os.cpu_count(),
        "memory_gb": _memory_gb(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "numpy": _version("numpy"),
        "textual": _version("textual"),
        "gcc": _gcc(),
    }


@dataclass
class Report:
    """One run of the bench, from its start to its end."""

    data: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def begin(cls, groups: list[str], pairs: int, command: str, short: int) -> Report:
        commit = _git("rev-parse", "HEAD")
        changed = _git("status", "--porcelain", "--untracked-files=no") if commit else None
        return cls({
            "command": command,
            "squaregame": __version__,
            "commit": commit,
            "uncommitted_changes": bool(changed) if commit else None,
            "date": datetime.now(UTC).isoformat(timespec="seconds"),
            "machine": machine(),
            "load_at_start": [round(x, 2) for x in os.getloadavg()],
            "pairs": pairs,
            "pairs_to_quote": MIN_PAIRS,
            "short_pairs": short,
            "groups_asked": groups,
        })  # fmt: skip

    def end(self, groups: list[Group]) -> None:
        self.data["load_at_end"] = [round(x, 2) for x in os.getloadavg()]
        self.data["groups"] = [group_json(g) for g in groups]
        self.data["failed"] = any(g["verdict"] == "failed" for g in self.data["groups"])


def _side(side: Side | None) -> str | None:
    return None if side is None else side.shown


def figure_json(r: Result, group: str) -> dict[str, Any]:
    fig = r.figure
    said: dict[str, Any] = {
        "id": fig.key, "group": group, "figure": fig.name,
        "ours": fig.ours.shown, "reference": fig.ref.shown, "typed": fig.ours.typed,
        "checked_by": _side(fig.verify), "pairs": len(r.ours),
        "goal": fig.goal, "seconds_goal": fig.seconds_goal, "goal_on_work": fig.work,
        "met": r.met, "failed": r.failed,
        "problem": r.agreement.problem if r.agreement else None,
        "proof": r.agreement.proof if r.agreement else None,
    }  # fmt: skip
    if r.ours:
        ratios = r.ratios
        said.update({
            "ratio_median": round(r.ratio, 4), "ratio_min": round(min(ratios), 4),
            "ratio_max": round(max(ratios), 4),
            "ours_seconds": round(r.seconds("ours"), 4), "ref_seconds": round(r.seconds("ref"), 4),
            "work_seconds": round(r.work_seconds, 4),
            "ours_peak_mb": round(r.peak_mb("ours"), 1), "ref_peak_mb": round(r.peak_mb("ref"), 1),
            "ours_runs": [round(s.seconds, 4) for s in r.ours],
            "ref_runs": [round(s.seconds, 4) for s in r.ref],
        })  # fmt: skip
    return said


def latency_json(lat: Latency) -> dict[str, Any]:
    return {
        "id": lat.key, "name": lat.name, "unit": lat.unit,
        "median_s": round(lat.median, 6), "p95_s": round(lat.p95, 6), "max_s": round(lat.max, 6),
        "goal_s": lat.goal, "goal_on": lat.on, "met": lat.met,
        "seconds": [round(s, 6) for s in lat.seconds],
    }  # fmt: skip


def group_json(g: Group) -> dict[str, Any]:
    return {
        "group": g.key, "title": g.title, "command": g.command, "verdict": g.verdict.value,
        "load_at_start": round(g.load, 2),
        "figures": [figure_json(r, g.key) for r in g.results],
        "latencies": [latency_json(lat) for lat in g.latencies],
        "notes": g.notes, "data": g.data,
    }  # fmt: skip


def write_report(report: Report, path: Path, data_path: Path) -> None:
    """The JSON, then the Markdown made from it (each written whole, atomically)."""
    from squaregame.bench.markdown import markdown  # (the report's words: only here)

    raw = json.dumps(report.data, indent=1, ensure_ascii=False) + "\n"
    try:
        write_atomic(data_path, raw.encode())
        write_atomic(path, markdown(report.data, data_path.name).encode())
    except OSError as exc:
        from squaregame.text import os_reason  # (only on a failure)

        raise BenchError("cli.errors.unusable", option="--markdown", path=str(path),
                         why=os_reason(exc)) from None  # fmt: skip
