"""How ``squaregame bench`` says what it measured, in the run's language: each figure with
its goal and the commands that give it, each latency, each group's verdict and the command
that reproduces the group. A command a reader can type is shown after ``$ ``, as typed."""

from __future__ import annotations

from squaregame.bench.groups import Group, Latency, Verdict
from squaregame.bench.run import Figure, Result, Side
from squaregame.text import tr

NAME_WIDTH = 52


def command(side: Side) -> str:
    """A side as a reader runs it: ``$ command``, or what it is where it cannot be typed."""
    return f"$ {side.shown}" if side.typed else side.shown


def pairs(count: int) -> str:
    return tr("cli.bench.pairs", count=count)


def goal_words(ratio: float | None, seconds: float | None, work: bool) -> str:
    """Goals as said (``≤ 2×``, ``ours ≤ 2 s``, ``ours − reference ≤ 0.1 s``), or ""."""
    goals = []
    if ratio is not None:
        goals.append(tr("cli.bench.goal.ratio", most=f"{ratio:g}"))
    if seconds is not None:
        key = "cli.bench.goal.work" if work else "cli.bench.goal.seconds"
        goals.append(tr(key, most=f"{seconds:g}"))
    return ", ".join(goals)


def goal_text(figure: Figure) -> str:
    return goal_words(figure.goal, figure.seconds_goal, figure.work)


def latency_goal_words(goal: float | None, on: str, unit: str) -> str:
    if goal is None:
        return ""
    most = goal * 1000 if unit == "ms" else goal
    return tr(f"cli.bench.goal.{on}_{unit}", most=f"{most:g}")


def latency_goal(lat: Latency) -> str:
    return latency_goal_words(lat.goal, lat.on, lat.unit)


def _met(met: bool | None) -> str:
    return tr("cli.bench.met") if met else tr("cli.bench.not_met")


def figure_lines(r: Result) -> list[str]:
    """The figure's ratio with its spread and goal, each side's medians, what its answers
    were checked against, then the two commands that give it."""
    fig = r.figure
    lines: list[str] = []
    if r.failed:
        assert r.agreement is not None and r.agreement.problem is not None
        lines.append(f"  {fig.name:<{NAME_WIDTH}} {tr('cli.bench.failed_figure')}")
        lines.append("      " + tr("cli.bench.differs", problem=r.agreement.problem))
    else:
        lo, hi = min(r.ratios), max(r.ratios)
        said = f"{r.ratio:5.2f}×  ({lo:.2f}–{hi:.2f}, {pairs(len(r.ratios))})"
        goal = goal_text(fig)
        if goal:
            judged = ""
            if fig.seconds_goal is not None:
                judged = " " + tr("cli.bench.seconds_were", seconds=f"{r.timed_seconds:.3f}")
            said += "   " + tr("cli.bench.goal_is", goal=goal, met=_met(r.met)) + judged
        lines.append(f"  {fig.name:<{NAME_WIDTH}} {said}")
        ours, ref = f"{r.seconds('ours'):7.3f}", f"{r.seconds('ref'):7.3f}"
        ours_mb, ref_mb = f"{r.peak_mb('ours'):6.0f}", f"{r.peak_mb('ref'):6.0f}"
        sides = tr("cli.bench.sides", ours=ours, ours_mb=ours_mb, ref=ref, ref_mb=ref_mb)
        lines.append("      " + sides)
        if r.agreement is not None and r.agreement.proof:
            lines.append("      " + tr("cli.bench.same", proof=r.agreement.proof))
    if fig.verify is not None:
        lines.append("      " + tr("cli.bench.checked_by", command=command(fig.verify)))
    lines.append("      " + tr("cli.bench.ours", command=command(fig.ours)))
    lines.append("      " + tr("cli.bench.reference", command=command(fig.ref)))
    return lines


def shown_time(seconds: float, unit: str) -> str:
    """A latency in its unit: ``96.3 ms``, ``0.042 ms``, ``1.66 s``."""
    if unit == "s":
        return tr("cli.bench.in_s", value=f"{seconds:.2f}")
    value = seconds * 1000
    return tr("cli.bench.in_ms", value=f"{value:.3f}" if value < 10 else f"{value:.1f}")


def latency_line(lat: Latency, width: int = 46) -> str:
    said = tr(
        "cli.bench.latency",
        median=shown_time(lat.median, lat.unit), p95=shown_time(lat.p95, lat.unit),
        max=shown_time(lat.max, lat.unit),
    )  # fmt: skip
    if lat.goal is not None:
        said += "   " + tr("cli.bench.goal_is", goal=latency_goal(lat), met=_met(lat.met))
    return f"  {lat.name:<{width}} {said}"


def goals_of(group: Group) -> list[str]:
    """The group's goals, each once, in the order of its figures."""
    said: list[str] = []
    for goal in [goal_text(r.figure) for r in group.results] + [
        latency_goal(lat) for lat in group.latencies
    ]:
        if goal and goal not in said:
            said.append(goal)
    return said


def verdict_line(group: Group) -> str:
    verdict = group.verdict
    goals = "; ".join(goals_of(group))
    if verdict is Verdict.FAILED:
        return "  " + tr("cli.bench.verdict.failed", figures="; ".join(group.failures()))
    if verdict is Verdict.NOT_MET:
        missed = "; ".join(group.missed())
        return "  " + tr("cli.bench.verdict.not_met", goals=goals, missed=missed)
    if verdict is Verdict.MET:
        return "  " + tr("cli.bench.verdict.met", goals=goals)
    return "  " + tr("cli.bench.verdict.no_goal")


def group_end(group: Group) -> list[str]:
    """The lines that close a group: its verdict, and the command that reproduces it."""
    return [verdict_line(group), "  " + tr("cli.bench.reproduce", command=f"$ {group.command}")]
