"""``squaregame bench --check FILE``: a committed run re-checked by a second one — every
figure beside its committed self, a goal met then and not now failing the run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from squaregame.bench.markdown import markdown
from squaregame.bench.recheck import Seen, compare, read_run, verdict
from squaregame.bench.run import BenchError
from squaregame.cli.main import main


def run_json(ratio: float, met: bool | None, p95: float, p95_met: bool) -> dict[str, Any]:
    """A run's JSON as --markdown writes it: one ratio figure, one latency."""
    return {
        "command": "squaregame bench --only cli,keys", "date": "2026-11-29T00:00:00+00:00",
        "commit": "0123456789abcdef", "machine": {}, "groups_asked": ["cli", "keys"],
        "groups": [
            {"group": "cli", "figures": [{"id": "cli-analyze", "figure": "analyze vs import",
                                          "ratio_median": ratio, "met": met}], "latencies": []},
            {"group": "keys", "figures": [], "latencies": [
                {"id": "keys-all", "name": "every key", "p95_s": p95, "met": p95_met}]},
        ],
    }  # fmt: skip


def test_a_goal_met_then_must_be_met_now() -> None:
    then = run_json(0.48, True, 0.090, True)
    now = run_json(0.52, False, 0.095, True)
    check = compare(then, now, "docs/PERFORMANCE.json")
    rows = {r["id"]: r for r in check["rows"]}
    assert rows["cli-analyze"]["verdict"] == "lost" and check["lost"] == ["cli-analyze"]
    assert rows["keys-all"]["verdict"] == "held"
    assert rows["cli-analyze"]["then"] == 0.48 and rows["cli-analyze"]["now"] == 0.52
    assert compare(then, then, "x")["lost"] == []


def test_the_verdicts() -> None:
    def seen(value: float, met: bool | None) -> Seen:
        return Seen("f", "f", value, "x", met)

    assert verdict(seen(1, False), seen(1, True)) == "gained"
    assert verdict(seen(1, False), seen(1, False)) == "missed"
    assert verdict(seen(1.0, None), seen(1.25, None)) == "within_noise"  # (±30 %: noise)
    assert verdict(seen(1.0, None), seen(1.5, None)) == "moved"


def test_figures_in_one_run_only_are_named_not_compared() -> None:
    then = run_json(0.48, True, 0.090, True)
    now = run_json(0.48, True, 0.090, True)
    now["groups"] = now["groups"][:1]  # (keys not run again)
    check = compare(then, now, "x")
    assert [r["id"] for r in check["rows"]] == ["cli-analyze"]
    assert check["not_run_now"] == ["keys-all"]


def test_the_report_shows_the_recheck_first() -> None:
    now = run_json(0.52, False, 0.095, True)
    now["recheck"] = compare(run_json(0.48, True, 0.090, True), now, "docs/PERFORMANCE.json")
    text = markdown({**now, "groups": []}, "r.json")  # (the groups' own sections: elsewhere)
    assert text.index("## Re-checked by a second run") < text.index("| figure | then | now")
    assert "| analyze vs import | 0.48× | 0.52× | +8% | goal LOST: met then, not now |" in text
    assert "| every key | 90.0 ms | 95.0 ms | +6% | goal met in both runs |" in text


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (None, "cannot read"),
        ("{not json", "cannot read"),
        ('{"groups": 3}', "is not a bench run's JSON"),
        (
            '{"groups": [{"figures": [{"id": "x", "ratio_median": "fast"}]}]}',
            "is not a bench run's JSON",
        ),
    ],
)
def test_a_bad_check_file_is_one_line_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, said: str
) -> None:
    path = tmp_path / "run.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(BenchError):
        read_run(path)
    assert main(["bench", "--check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert said in err and len(err.splitlines()) == 1 and "Traceback" not in err


@pytest.mark.slow
def test_a_run_rechecked_by_another(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """End to end: a run of ``--only cli`` written, then checked by a second run; a goal the
    first is made to have met (and the second cannot meet) fails the second."""
    monkeypatch.chdir(tmp_path)
    assert main(["bench", "--only", "cli", "--pairs", "1", "--markdown", "one.md"]) in (0, 1)
    first = json.loads(Path("one.json").read_text())
    assert main(["bench", "--check", "one.json", "--pairs", "1", "--markdown", "two.md"]) in (0, 1)
    second = json.loads(Path("two.json").read_text())
    assert second["groups_asked"] == ["cli"]  # (the committed run's groups)
    ids = {f["id"] for g in first["groups"] for f in g["figures"]}
    assert {r["id"] for r in second["recheck"]["rows"]} == ids
    assert "## Re-checked by a second run" in Path("two.md").read_text()
    for g in first["groups"]:  # a goal the first met, then one nobody meets
        for f in g["figures"]:
            f["met"], f["goal"] = True, 1e-9
    Path("one.json").write_text(json.dumps(first))
    assert main(["bench", "--check", "one.json", "--pairs", "1"]) == 1
