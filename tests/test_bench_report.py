"""The bench checks every builder's values by their hash, gives every group a verdict, shows
the commands behind every figure, speaks the run's language, and writes its report as
Markdown with the raw JSON beside it. Nothing here asserts a time: the figures are fakes or
are only read for their shape."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_cli_language import english_in
from test_table_hash import slow_fnv1a

from reference import pile_children, solve, squares_amounts
from squaregame.bench import figures as bench_figures
from squaregame.bench import main as bench
from squaregame.bench.groups import Group, Latency, Verdict
from squaregame.bench.markdown import markdown
from squaregame.bench.report import Report
from squaregame.bench.run import Agreement, Figure, Result, Sample, Side
from squaregame.cli.main import main
from squaregame.core.files import digest
from squaregame.families import GAMES
from squaregame.text import tr

# -- verdicts


def _result(goal: float | None, ratio: float, **kw: Any) -> Result:
    fig = Figure("f", Side("a", lambda: Sample(1, 1)), Side("b", lambda: Sample(1, 1)), goal, **kw)
    return Result(fig, [Sample(ratio, 1024)], [Sample(1.0, 1024)])


def test_a_group_is_met_not_met_without_goal_or_failed_in_that_order() -> None:
    def group(*results: Result, latencies: tuple[Latency, ...] = ()) -> Group:
        return Group("g", "G", "squaregame bench --only g", list(results), list(latencies))

    assert group(_result(None, 3.0)).verdict is Verdict.NO_GOAL
    assert group(_result(2.0, 1.5), _result(None, 9.0)).verdict is Verdict.MET
    missed = group(_result(2.0, 1.5), _result(2.0, 2.5))
    assert missed.verdict is Verdict.NOT_MET and missed.missed() == ["f"]
    failed = _result(2.0, 1.0)
    failed.agreement = Agreement("the bytes differ")
    assert group(_result(2.0, 9.0), failed).verdict is Verdict.FAILED
    # a seconds goal: on ours, or on ours less the reference (the work)
    assert _result(None, 1.5, seconds_goal=2.0).met is True
    assert _result(None, 2.5, seconds_goal=2.0).met is False
    assert _result(None, 2.5, seconds_goal=2.0, work=True).met is True  # 2.5 − 1.0
    # latencies: a goal on their p95 or on their largest
    keys = Latency("k", "keys", (0.05,) * 19 + (0.3,), goal=0.1)
    assert keys.met is True and group(latencies=(keys,)).verdict is Verdict.MET
    worst = Latency("c", "class", (0.5, 2.5), goal=2.0, on="max", unit="s")
    assert group(latencies=(keys, worst)).verdict is Verdict.NOT_MET
    assert group(latencies=(Latency("m", "moves", (0.1,)),)).verdict is Verdict.NO_GOAL


# -- a bench run with the builder's figures made in this process


def _reference_line(n: int) -> str:
    """What ``squares_ref n`` prints, from the textbook definition (positions 0..n−1)."""
    rems = [r for _, r in solve(range(n), pile_children(squares_amounts), False).values()]
    cold = sum(1 for r in rems if r % 2 == 0)
    return f"N={n} cold={cold} maxrem={max(rems)} fnv1a_rem={slow_fnv1a(rems):016x}"


def _in_process(n: int, digest_too: bool) -> Side:
    def measure() -> Sample:
        stats, _ = GAMES.kinds.find("squares").table_stats(n, digest=digest_too)
        return Sample(0.02, 1024, json.dumps(stats))

    return Side("squaregame table squares --stats --json" + " --hash" * digest_too, measure)


@pytest.fixture
def one_builder_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    """The builder group as one figure: our table of 0..999 built here, the reference's line
    from the definition."""
    line = _reference_line(1000)
    ref = Side("squares_ref 1000", lambda: Sample(0.01, 1024, line))

    def figures(sizes: list[int], exe: Path | None, env: dict[str, str]) -> Iterator[Figure]:
        yield Figure(
            tr("cli.bench.figure.squares", size="999", builder="numpy"), _in_process(1000, False),
            ref, 2.0, bench_figures.agree, key="squares-1000-numpy",
            verify=_in_process(1000, True),
        )  # fmt: skip

    monkeypatch.setattr(bench, "compile_c", lambda *_, **__: Path("squares_ref"))
    monkeypatch.setattr(bench, "squares_figures", figures)
    monkeypatch.setattr(bench, "first_use", lambda env: iter([]))


@pytest.mark.usefixtures("one_builder_figure")
def test_a_builder_figure_shows_its_checked_values_its_commands_and_its_verdict(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "--only", "builder", "--pairs", "1"]) == 0
    out = capsys.readouterr().out
    assert f"✓ the same values as the reference: {_reference_line(1000).split()[-1]}" in out
    assert "values checked by:  $ squaregame table squares --stats --json --hash" in out
    assert "ours:       $ squaregame table squares --stats --json" in out
    assert "reference:  $ squares_ref 1000" in out
    assert "verdict: goal met — ≤ 2×" in out
    assert "reproduce: $ squaregame bench --only builder --pairs 1" in out


@pytest.mark.usefixtures("one_builder_figure")
def test_a_wrong_hash_fails_the_figure_loudly_and_the_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(digest, "FNV_PRIME", 1099511628213)  # one wrong step in every value
    report = tmp_path / "perf.md"
    assert main(["bench", "--only", "builder", "--pairs", "1", "--markdown", str(report)]) == 1
    out, err = capsys.readouterr()
    assert "✗ FAILED — not timed" in out and "the values differ: ours hash to" in out
    assert "verdict: FAILED — answers differ from the reference's" in out
    assert "FAILED" in err and err.count("\n") == 1
    data = json.loads(report.with_suffix(".json").read_text())
    assert data["failed"] and data["groups"][0]["verdict"] == "failed"
    assert "✗ FAILED, not timed" in report.read_text()


# -- the report


def _fake_report() -> dict[str, Any]:
    timed = _result(2.0, 2.5)
    timed.ours.append(Sample(1.8, 2048))
    timed.ref.append(Sample(1.0, 2048))
    keys = Latency("key-every", tr("cli.bench.keys.every"), (0.05, 0.08, 0.2), goal=0.1)
    command = "squaregame bench --only {} --pairs 2"
    groups = [
        Group("builder", tr("cli.bench.title.builder"), command.format("builder"), [timed],
              notes=[tr("cli.bench.quick_look", least=7)]),
        Group("keys", tr("cli.bench.title.keys", rounds=2), command.format("keys"),
              latencies=[keys]),
    ]  # fmt: skip
    report = Report.begin(["builder", "keys"], 2, "squaregame bench --pairs 2", 21)
    report.end(groups)
    return report.data


def test_the_markdown_report_gives_the_run_its_figures_verdicts_and_commands() -> None:
    data = json.loads(json.dumps(_fake_report()))  # as read back from its file
    said = markdown(data, "PERFORMANCE.json")
    assert said.startswith("# Performance\n")
    assert "`squaregame bench --pairs 2`" in said and "[PERFORMANCE.json](PERFORMANCE.json)" in said
    for row in ("| Date |", "| Commit |", "| Machine |", "| Python |", "| Load |", "| Pairs |"):
        assert row in said
    assert "Fewer than 7 pairs a figure: a quick look" in said
    assert "## Squares table builder (goals:" in said and "## Key → repaint, in" in said
    assert "| f | 1.80 – **2.15** – 2.50× | 2 | ≤ 2×: NOT met |" in said  # min – median – max
    assert "**verdict: goal NOT met — ≤ 2×; missed by: f**" in said
    assert "- f: `a` against `b`" in said and "- (fewer than 7 pairs" in said
    assert "| every key | 80.0 ms | 200.0 ms | 200.0 ms | p95 ≤ 100 ms: NOT met |" in said
    assert "reproduce: `squaregame bench --only keys --pairs 2`" in said
    assert data["groups"][0]["figures"][0]["ours_runs"] == [2.5, 1.8]  # every run, raw
    assert data["machine"]["cores"] and len(data["load_at_start"]) == 3


def test_bench_markdown_writes_the_report_and_its_json_beside_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fake = Figure("app: fake", Side("ours", lambda: Sample(2.0, 1024)),
                  Side("ref", lambda: Sample(1.0, 1024)), 1.15)  # fmt: skip
    monkeypatch.setattr(bench, "app_figures", lambda env: iter([fake]))
    monkeypatch.chdir(tmp_path)
    assert main(["bench", "--only", "app", "--pairs", "1", "--markdown"]) == 0
    assert "wrote PERFORMANCE.md and PERFORMANCE.json" in capsys.readouterr().out
    data = json.loads((tmp_path / "PERFORMANCE.json").read_text())
    assert data["command"] == "squaregame bench --only app --pairs 1 --markdown PERFORMANCE.md"
    assert [g["verdict"] for g in data["groups"]] == ["not_met"]
    said = (tmp_path / "PERFORMANCE.md").read_text()
    assert "| app: fake | 2.00 – **2.00** – 2.00× | 1 | ≤ 1.15×: NOT met |" in said


def test_a_report_that_cannot_be_written_is_refused_before_any_work(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(bench, "compile_package", lambda: pytest.fail("work started"))
    assert main(["bench", "--markdown", str(tmp_path / "no" / "such" / "x.md")]) == 2
    err = capsys.readouterr().err
    assert "--markdown" in err and err.count("\n") == 1


# -- the run's language


@pytest.mark.parametrize("lang", ["ru", "es"])
@pytest.mark.usefixtures("one_builder_figure")
def test_a_builder_group_speaks_the_language(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", lang, "bench", "--only", "builder", "--pairs", "1"]) == 0
    out = capsys.readouterr().out
    assert "$ squaregame bench --only builder --pairs 1" in out
    assert not english_in(out, lang), out


@pytest.mark.parametrize("lang", ["ru", "es"])
def test_a_report_speaks_the_language(lang: str) -> None:
    from squaregame.text import set_language

    set_language(lang)
    said = markdown(json.loads(json.dumps(_fake_report())), "PERFORMANCE.json")
    prose = re.sub(r"`[^`]*`|\[[^]]*\]\([^)]*\)", " ", said)  # commands and the link, typed
    prose = re.sub(r"^\| (Python|Commit) \|.*$", " ", prose, flags=re.MULTILINE)  # names
    prose = re.sub(r"^\| [^|]+ \| (\S+ ){0,2}(Linux|Darwin)\S*.*$", " ", prose, flags=re.M)
    assert not english_in(prose.replace("| f |", "|"), lang), said


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ru", "es"])
def test_a_real_bench_group_speaks_the_language(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The cheapest real group (two sum searches against ``import textual``, one pair each:
    about 5 s under load, hence slow)."""
    assert main(["--lang", lang, "bench", "--only", "sums", "--pairs", "1"]) == 0
    out = capsys.readouterr().out
    assert "$ squaregame analyze sum 50 50 50 50 --json" in out
    assert not english_in(out, lang), out
