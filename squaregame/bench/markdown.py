"""The bench's Markdown report, made from its JSON alone (:mod:`squaregame.bench.report`),
in the run's language: what was measured where, then each group — its verdict, a table of
its figures (each ratio as minimum – median – maximum of its pairs), the commands that give
each figure and the command that reproduces the group."""

from __future__ import annotations

from typing import Any

from squaregame.bench.lines import goal_words, latency_goal_words, shown_time
from squaregame.text import tr

VERDICT_KEYS = {"failed": "failed", "not_met": "not_met", "met": "met", "no_goal": "no_goal"}


def _cell(text: Any) -> str:
    """Text in a table's cell: a ``|`` would end it."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def _code(text: str) -> str:
    return f"`{text}`" if "`" not in text else f"`` {text} ``"


def _load(values: list[float] | None) -> str:
    return f"{values[0]:.2f}" if values else "?"


def _label(key: str) -> str:
    return tr(f"cli.bench.md.{key}")


def _heading(data: dict[str, Any], json_name: str) -> list[str]:
    m = data.get("machine", {})
    commit = data.get("commit")
    if commit:
        changed = tr("cli.bench.md.changed") if data.get("uncommitted_changes") else ""
        commit_said = _code(commit[:12]) + changed
    else:
        commit_said = tr("cli.bench.md.no_commit")
    tools = ", ".join(f"{name} {m[name]}" for name in ("numpy", "textual", "gcc") if m.get(name))
    memory = tr("cli.bench.md.memory", gb=m["memory_gb"]) if m.get("memory_gb") else ""
    rows = [
        ("date", data.get("date", "?")),
        ("commit", commit_said + f" (squaregame {data.get('squaregame', '?')})"),
        ("machine", tr("cli.bench.md.machine_is", system=m.get("system", "?"),
                       cpu=m.get("cpu", "?"), cores=m.get("cores") or 0) + memory),
        ("python", f"{m.get('python', '?')}; {tools}"),
        ("load", tr("cli.bench.md.load_is", start=_load(data.get("load_at_start")),
                    end=_load(data.get("load_at_end")), cores=m.get("cores") or 0)),
        ("pairs", tr("cli.bench.md.pairs_are", pairs=data.get("pairs", 0),
                     quote=data.get("pairs_to_quote", 0), short=data.get("short_pairs", 0))),
        ("groups", ", ".join(_code(g["group"]) for g in data.get("groups", []))),
    ]  # fmt: skip
    lines = [
        f"# {tr('cli.bench.md.title')}",
        "",
        tr("cli.bench.md.generated", command=_code(data.get("command", "squaregame bench")),
           json=f"[{json_name}]({json_name})"),
        "",
        "| | |",
        "|---|---|",
        *(f"| {_label(key)} | {_cell(value)} |" for key, value in rows),
        "",
        tr("cli.bench.md.how"),
    ]  # fmt: skip
    if data.get("pairs", 0) < data.get("pairs_to_quote", 0):
        lines += ["", tr("cli.bench.md.quick_look", least=data.get("pairs_to_quote", 0))]
    return lines


def _figure_row(f: dict[str, Any]) -> str:
    goal = goal_words(f.get("goal"), f.get("seconds_goal"), bool(f.get("goal_on_work")))
    if goal:
        goal += ": " + (tr("cli.bench.met") if f.get("met") else tr("cli.bench.not_met"))
    if f.get("failed"):
        said = tr("cli.bench.md.failed", problem=f.get("problem") or "?")
        return f"| {_cell(f['figure'])} | {_cell(said)} | – | {_cell(goal)} | – | – |"
    ratio = f"{f['ratio_min']:.2f} – **{f['ratio_median']:.2f}** – {f['ratio_max']:.2f}×"
    ours, ref = (
        tr("cli.bench.md.side", seconds=f"{f[f'{s}_seconds']:.3f}", mb=f"{f[f'{s}_peak_mb']:.0f}")
        for s in ("ours", "ref")
    )
    if f.get("seconds_goal") is not None:
        spent = f["work_seconds"] if f.get("goal_on_work") else f["ours_seconds"]
        goal += " " + tr("cli.bench.seconds_were", seconds=f"{spent:.3f}")
    cells = [f["figure"], ratio, f["pairs"], goal or "–", ours, ref]
    return "| " + " | ".join(_cell(c) for c in cells) + " |"


def _commands_in(note: str) -> str:
    """A note's command (``$ …``, to its end) as code."""
    head, dollar, command = note.partition("$ ")
    return head + _code(command) if dollar else note


def _commands(f: dict[str, Any]) -> str:
    def shown(text: str) -> str:
        return _code(text) if f.get("typed", True) else text

    said = tr("cli.bench.md.gives", figure=f["figure"], ours=shown(f["ours"]),
              reference=shown(f["reference"]))  # fmt: skip
    if f.get("checked_by"):
        said += " " + tr("cli.bench.md.checked", command=_code(f["checked_by"]))
        if f.get("proof"):
            said += f" → {_code(f['proof'])}"
    return f"- {said}"


def _latency_row(lat: dict[str, Any]) -> str:
    unit = lat.get("unit", "ms")
    goal = latency_goal_words(lat.get("goal_s"), lat.get("goal_on", "p95"), unit)
    if goal:
        goal += ": " + (tr("cli.bench.met") if lat.get("met") else tr("cli.bench.not_met"))
    cells = [lat["name"], *(shown_time(lat[k], unit) for k in ("median_s", "p95_s", "max_s"))]
    return "| " + " | ".join(_cell(c) for c in [*cells, goal or "–"]) + " |"


def _verdict(g: dict[str, Any]) -> str:
    goals = [goal_words(f.get("goal"), f.get("seconds_goal"), bool(f.get("goal_on_work")))
             for f in g.get("figures", [])]  # fmt: skip
    goals += [latency_goal_words(x.get("goal_s"), x.get("goal_on", "p95"), x.get("unit", "ms"))
              for x in g.get("latencies", [])]  # fmt: skip
    unique = "; ".join(dict.fromkeys(x for x in goals if x))
    verdict = VERDICT_KEYS.get(g.get("verdict", ""), "no_goal")
    missed = [f["figure"] for f in g.get("figures", []) if f.get("met") is False]
    missed += [x["name"] for x in g.get("latencies", []) if x.get("met") is False]
    failed = [f["figure"] for f in g.get("figures", []) if f.get("failed")]
    return tr(f"cli.bench.verdict.{verdict}", goals=unique, missed="; ".join(missed),
              figures="; ".join(failed))  # fmt: skip


def _group(g: dict[str, Any]) -> list[str]:
    lines = ["", f"## {g['title']}", "", f"**{_verdict(g)}**", ""]
    lines.append(tr("cli.bench.md.group_load", load=f"{g.get('load_at_start', 0):.2f}"))
    if g.get("figures"):
        lines += ["", "| " + " | ".join(tr(f"cli.bench.md.col.{c}") for c in
                                        ("figure", "ratio", "pairs", "goal", "ours", "reference"))
                  + " |", "|---|---|---|---|---|---|"]  # fmt: skip
        lines += [_figure_row(f) for f in g["figures"]]
    if g.get("latencies"):
        lines += ["", "| " + " | ".join(tr(f"cli.bench.md.col.{c}") for c in
                                        ("figure", "median", "p95", "max", "goal"))
                  + " |", "|---|---|---|---|---|"]  # fmt: skip
        lines += [_latency_row(x) for x in g["latencies"]]
    if g.get("notes"):
        lines += [""] + [f"- {_commands_in(note)}" for note in g["notes"]]
    if g.get("figures"):
        lines += ["", tr("cli.bench.md.commands"), ""] + [_commands(f) for f in g["figures"]]
    lines += ["", tr("cli.bench.reproduce", command=_code(g["command"]))]
    return lines


def markdown(data: dict[str, Any], json_name: str) -> str:
    """The report of a run whose JSON is ``data`` (written beside it as ``json_name``)."""
    lines = _heading(data, json_name)
    if data.get("recheck"):
        lines += _recheck(data["recheck"])
    for g in data.get("groups", []):
        lines += _group(g)
    if not {"class", "school"} & set(data.get("groups_asked", [])):
        lines += _apart()
    return "\n".join(lines) + "\n"


def _apart() -> list[str]:
    """Where the served class's and the school's figures are (a run of their own)."""
    school = "squaregame bench --only school --nodes 2 --students 40 --store postgres"
    said = tr("cli.bench.md.apart", school_command=_code(school),
              class_command=_code("squaregame bench --only class --students 60"),
              class_report=_code("bench-classroom.md"),
              school_report=_code("bench-school.md"))  # fmt: skip
    return ["", f"## {tr('cli.bench.md.apart_title')}", "", said]


def _recheck(check: dict[str, Any]) -> list[str]:
    """``--check``: each figure beside its committed self, first (what the run was for)."""
    from squaregame.bench.recheck import rows_of, shown  # (only for a re-check)

    lines = ["", f"## {tr('cli.bench.md.check_title')}", "",
             tr("cli.bench.md.check_intro", against=_code(check["against"]),
                date=check.get("then_date") or "?",
                commit=_code((check.get("then_commit") or "?")[:12])),
             "", tr("cli.bench.md.check_head"), "|---|---|---|---|---|"]  # fmt: skip
    for r in rows_of(check):
        lines.append("| " + " | ".join(_cell(c) for c in (
            r.name, shown(r.then, r.unit), shown(r.now, r.unit), f"{r.change:+.0%}",
            tr(f"cli.bench.check.verdict.{r.verdict}"))) + " |")  # fmt: skip
    if check.get("not_run_now"):
        lines += ["", tr("cli.bench.check.not_run", figures=", ".join(check["not_run_now"]))]
    return lines
