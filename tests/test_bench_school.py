"""``squaregame bench --only school``: nodes on one class store, the teacher's view read from
the last, the events read back from the store (every event's lag, the moves lost), and each
session's own memory; the pieces without a server, then (slow) the whole run, tiny."""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from squaregame.bench.nodes import postgres, sessions_of, smaps
from squaregame.bench.run import BenchError
from squaregame.bench.school import Run, Setup, figures, lags_of
from squaregame.cli.main import main


def test_each_event_is_shown_by_the_first_look_at_or_past_it() -> None:
    looks = {"Ann": [(10.0, 9.0), (10.5, 9.0), (11.0, 10.7)], "Bo": [(10.0, 9.5)]}
    events = [("Ann", 8.5, "move", True), ("Ann", 9.0, "move", False),
              ("Ann", 10.2, "move", True), ("Bo", 9.5, "joined", False),
              ("Bo", 12.0, "move", True), ("Cy", 1.0, "move", True)]  # fmt: skip
    lags, unseen = lags_of(events, looks)
    assert lags == pytest.approx([1.5, 1.0, 0.8, 0.5])
    assert unseen == 2  # Bo's last move after the last look; Cy never in the view
    assert lags_of(events, looks, ended=11.5) == (lags, 1)  # (Bo's: after the end)


def _events(moves: dict[str, int]) -> list[tuple[str, float, str, bool]]:
    out = []
    for name, count in moves.items():
        out += [(name, 1.0 + i, "move", True) for i in range(count)]
        out += [(name, 1.5 + i, "move", False) for i in range(count)]  # the computer's
    return out


def _run(made: dict[str, int]) -> Run:
    looks = {name: [(100.0, 99.0)] for name in made}
    return Run(looks=looks, moves_made=made, app_memory=[(12.0, 20.0), (14.0, 22.0)],
               text_memory=[(5.0, 9.0)], nodes_mb=[50.0, 51.0])  # fmt: skip


def test_a_move_the_store_lacks_is_lost_and_the_computers_moves_do_not_stand_in() -> None:
    setup = Setup(2, 2, "sqlite")
    lag, notes, data = figures(setup, _run({"Ann": 5, "Bo": 5}), _events({"Ann": 5, "Bo": 4}))
    assert data["events_lost"] == 1 and data["moves_made"] == 10
    assert "missing from the store: 1" in notes[0]
    assert data["session_uss_mb"] == [12.0, 14.0] and data["text_uss_mb"] == [5.0]
    assert "13.0 MB median" in notes[1] and "14.0 MB at most" in notes[1]
    assert "8.0 MB less" in notes[2]  # the text-mode session against the app's median
    assert lag.key == "teacher-view-lag-2x2-sqlite" and lag.goal is not None
    _, notes, data = figures(setup, _run({"Ann": 5}), _events({"Ann": 5}))
    assert data["events_lost"] == 0 and "missing from the store: 0" in notes[0]


def test_a_forked_sessions_memory_is_split_into_copied_and_new_or_said_unmeasured() -> None:
    setup, run = Setup(1, 2, "sqlite"), _run({"Ann": 5})
    run.app_copied = [(9.0, 3.0), (11.0, 5.0)]
    _, notes, data = figures(setup, run, _events({"Ann": 5}))
    said = next(n for n in notes if "fork-server pages" in n)
    assert "10.0 MB are fork-server pages" in said and "4.0 MB are pages new" in said
    assert data["session_copied_mb"] == [9.0, 11.0] and data["session_new_mb"] == [3.0, 5.0]
    run.app_copied = None  # (page frames unreadable: not root)
    _, notes, data = figures(setup, run, _events({"Ann": 5}))
    assert any("needs root" in n for n in notes) and data["session_copied_mb"] is None


def test_sessions_are_the_leaves_under_a_node_and_their_memory_is_read() -> None:
    shell = subprocess.Popen(["sh", "-c", "sleep 60 & sleep 60 & wait"])
    try:
        for _ in range(200):  # (until the shell has started both)
            leaves, others = sessions_of([os.getpid()])
            mine = [pid for pid in leaves if Path(f"/proc/{pid}/cmdline").read_bytes()
                    .startswith(b"sleep")]  # fmt: skip
            if len(mine) == 2:
                break
            subprocess.run(["sleep", "0.05"])
        assert len(mine) == 2 and shell.pid in others and shell.pid not in leaves
        uss, pss = smaps(mine[0]) or (0.0, 0.0)
        assert 0 < uss <= pss  # its own pages, and its share of what it shares
    finally:
        shell.kill()
        shell.wait()
    assert smaps(shell.pid) is None  # (gone: nothing to read)


def test_postgres_without_the_postgresql_store_is_one_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = importlib.import_module

    def missing(name: str, *args: Any) -> Any:
        if name.endswith("pgserver"):
            raise ImportError(name)
        return real(name, *args)

    monkeypatch.setattr(importlib, "import_module", missing)
    with pytest.raises(BenchError) as caught, postgres():
        pass
    assert caught.value.key == "cli.errors.bench_no_postgres"


def test_bad_school_options_are_refused_before_any_work(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "--only", "school", "--nodes", "0"]) == 2
    err = capsys.readouterr().err
    assert "--nodes" in err and err.count("\n") == 1
    with pytest.raises(SystemExit):
        main(["bench", "--only", "school", "--store", "mysql"])


def _several_nodes() -> bool:
    """Can two ``serve --class`` share one class (the one-server lock gone: issue 45)?"""
    return importlib.util.find_spec("squaregame.classroom.presence") is not None


def _postgres_here() -> bool:
    if importlib.util.find_spec("squaregame.classroom.pgserver") is None:
        return False  # (the PostgreSQL store not in this tree yet)
    pgserver: Any = importlib.import_module("squaregame.classroom.pgserver")
    found = pgserver.find_binaries() is not None
    if not found and os.environ.get("SQUAREGAME_CI") == "1":
        pytest.fail("CI: PostgreSQL's binaries are missing (apt-get install postgresql)")
    return found


def forked_here() -> bool:
    from squaregame.classroom.forked import supported

    return supported()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("store", "nodes"),
    [
        ("sqlite", 1),
        pytest.param("sqlite", 2, marks=pytest.mark.skipif(
            not _several_nodes(), reason="one server per class in this tree")),
        pytest.param("postgres", 2, marks=pytest.mark.skipif(
            not _postgres_here(), reason="no PostgreSQL store or binaries here")),
    ],
)  # fmt: skip
def test_a_tiny_school_reports_its_figures_and_loses_no_event(
    tmp_path: Path, store: str, nodes: int
) -> None:
    report = tmp_path / "school.md"
    argv = [sys.executable, "-m", "squaregame", "bench", "--only", "school", "--nodes",
            str(nodes), "--students", "2", "--store", store, "--pairs", "1",
            "--markdown", str(report)]  # fmt: skip
    env = {**os.environ, "SQUAREGAME_DATA_DIR": str(tmp_path / "data"), "LANG": "C.UTF-8",
           "SQUAREGAME_CACHE_DIR": str(tmp_path / "cache")}  # fmt: skip
    done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    data = json.loads(report.with_suffix(".json").read_text())
    (group,) = data["groups"]
    setups = [f"{nodes}x2-{store}"] + ([] if (nodes, store) == (1, "sqlite") else ["1x2-sqlite"])
    assert list(group["data"]) == setups
    for key in setups:
        run = group["data"][key]
        assert run["events_lost"] == 0 and run["moves_made"] == 2 * 5 + 2  # (2 in text mode)
        assert run["events_stored"] >= run["moves_made"] and run["events_shown"] > 0
        assert len(run["session_uss_mb"]) == 2 and len(run["text_uss_mb"]) == 2
        sizes = zip(run["session_uss_mb"], run["session_pss_mb"], strict=True)
        assert all(0 < uss <= pss for uss, pss in sizes)
        assert len(run["nodes_rss_mb"]) == run["nodes"]
        if os.geteuid() == 0 and forked_here():  # (page frames: root's; CI runs as root)
            copied, new = run["session_copied_mb"], run["session_new_mb"]
            assert len(copied) == len(new) == 2 and all(c > 0 for c in copied), run
    lags = group["latencies"]
    assert [lat["id"] for lat in lags] == [f"teacher-view-lag-{k}" for k in setups]
    assert all(lat["max_s"] >= lat["p95_s"] >= lat["median_s"] >= 0 for lat in lags)
    said = report.read_text()
    assert "missing from the store: 0 (must be 0)" in said and "USS" in said and "PSS" in said
    assert "text-mode session" in said and "latencies, not ratios" in said
    assert f"`squaregame bench --only school --nodes {nodes} --students 2" in said


def test_a_report_without_the_class_says_where_its_figures_are() -> None:
    from squaregame.bench.markdown import markdown

    apart = "## A served class and a school (measured apart)"
    said = markdown({"groups_asked": ["builder"], "groups": []}, "PERFORMANCE.json")
    assert apart in said and "`squaregame bench --only school --nodes 2 --students 40" in said
    assert "`bench-school.md`" in said and "`bench-classroom.md`" in said
    said = markdown({"groups_asked": ["school"], "groups": []}, "bench-school.json")
    assert apart not in said


def test_the_nodes_let_loopback_past_the_limits_per_address_where_serve_has_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from squaregame.bench import nodes as bench_nodes

    def helped(text: str) -> Any:
        return lambda *a, **k: subprocess.CompletedProcess(a, 0, stdout=text, stderr="")

    monkeypatch.setattr(bench_nodes.subprocess, "run", helped("  --sessions-per-address N"))
    assert bench_nodes.loopback_flags({}) == ["--sessions-per-address", "10000"]
    monkeypatch.setattr(bench_nodes.subprocess, "run", helped("  --port PORT"))
    assert bench_nodes.loopback_flags({}) == []
