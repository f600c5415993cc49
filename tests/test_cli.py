"""The command-line contract that teachers and scripts rely on."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest
from cli_helpers import run

from squaregame import __version__
from squaregame.core.rules import SQUARES


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and __version__ in out
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in ("analyze", "table", "build-tables", "bench"):
        assert command in out


def test_python_dash_m_entry_point() -> None:
    res = subprocess.run(
        [sys.executable, "-m", "squaregame", "--version"], capture_output=True, text=True
    )
    assert res.returncode == 0 and __version__ in res.stdout


def test_analyze_squares_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "squares", "75", "--json", "--seed", "1")
    assert code == 0
    d = json.loads(out)
    assert d["game"] == "squares" and d["misere"] is False and d["position"] == 75
    assert (d["outcome"], d["remoteness"], d["remoteness_exact"]) == ("hot", 7, True)
    assert isinstance(d["grundy"], int)
    assert {m["to"] for m in d["moves"]} == {74, 71, 66, 59, 50, 39, 26, 11}
    assert d["winning_moves"] == [39] and d["ai_move"] == 39
    exact_39 = {"remoteness": 6, "remoteness_lower": 6, "remoteness_upper": 6}
    assert {"to": 39, "outcome": "cold", **exact_39} in d["moves"]


def test_analyze_text_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "squares", "75")
    assert code == 0
    assert out.strip().splitlines()[-1] == "hot — the player to move wins in 7: take 36 (to 39)"
    _, out, _ = run(capsys, "analyze", "squares", "17")
    assert "best defence: take 4 (to 13)" in out.strip().splitlines()[-1]


def test_analyze_other_games(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "analyze", "subtraction", "21", "--rule", "1,3,7,8", "--json")
    d = json.loads(out)
    assert d["game"] == "subtraction" and d["rule"] == "1,3,7,8" and d["outcome"] == "cold"
    _, out, _ = run(capsys, "analyze", "wythoff", "3", "5", "--json")
    d = json.loads(out)
    assert d["position"] == [3, 5] and d["outcome"] == "cold" and d["grundy"] == 0
    assert [2, 4] in [m["to"] for m in d["moves"]]
    _, out, _ = run(capsys, "analyze", "sum", "5", "7", "10", "--json")
    d = json.loads(out)
    assert d["position"] == [5, 7, 10] and d["outcome"] == "cold" and d["winning_moves"] == []
    _, out, _ = run(
        capsys, "analyze", "sum", "5", "7", "--rule", "nim", "--rule", "1,2,3", "--json"
    )
    d = json.loads(out)
    assert d["rule"] == ["nim", "1,2,3"] and d["grundy"] == 5 ^ 3
    _, out, _ = run(capsys, "analyze", "nim", "0", "--misere", "--json")
    d = json.loads(out)
    assert (d["outcome"], d["remoteness"], d["ai_move"], d["grundy"]) == ("hot", 0, None, None)


def test_table_json_csv_plain(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "table", "squares", "--upto", "22", "--json")
    d = json.loads(out)
    assert d["game"] == "squares" and len(d["positions"]) == 23
    cold = [p["position"] for p in d["positions"] if p["outcome"] == "cold"]
    assert cold == [0, 2, 5, 7, 10, 12, 15, 17, 20, 22]
    _, out, _ = run(capsys, "table", "squares", "--upto", "5", "--misere", "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["outcome"] for r in rows] == ["hot", "cold", "hot", "cold", "hot", "hot"]
    assert rows[0]["grundy"] == ""
    _, out, _ = run(capsys, "table", "wythoff", "--upto", "5", "--json")
    d = json.loads(out)
    assert len(d["positions"]) == 36
    assert {tuple(p["position"]) for p in d["positions"] if p["outcome"] == "cold"} == {
        (0, 0),
        (1, 2),
        (2, 1),
        (3, 5),
        (5, 3),
    }
    code, out, _ = run(capsys, "table", "squares", "--upto", "30")
    assert code == 0 and "☹" in out and "☺" in out
    code, out, _ = run(capsys, "table", "wythoff", "--upto", "6")
    assert code == 0 and out.count("☹") == 1 + 5  # the legend, then (0,0) (1,2) (2,1) (3,5) (5,3)


@pytest.mark.parametrize(
    "argv",
    [
        ["analyze", "squares", "-5"],
        ["analyze", "squares", "1.5"],
        ["analyze", "squares", "abc"],
        ["analyze", "squares", ""],
        ["analyze", "squares", "1" + "0" * 30],
        ["analyze", "squares", "1" + "0" * 300],
        ["analyze", "squares", "٣"],
        ["analyze", "subtraction", "5", "--rule", ""],
        ["analyze", "subtraction", "5", "--rule", "0"],
        ["analyze", "subtraction", "5", "--rule", "-2"],
        ["analyze", "subtraction", "5", "--rule", "x,y"],
        ["analyze", "subtraction", "5"],
        ["analyze", "chess", "5"],
        ["analyze", "squares"],
        ["analyze", "squares", "5", "6"],
        ["analyze", "wythoff", "5"],
        ["analyze", "wythoff", "1", "2", "3"],
        ["analyze", "sum", *map(str, range(1, 10))],
        ["analyze", "sum", "1", "2", "--rule", "1", "--rule", "2", "--rule", "3"],
        ["analyze", "squares", "5", "--bogus"],
        ["analyze"],
        ["table", "squares"],
        ["table", "squares", "--upto", "-1"],
        ["table", "squares", "--upto", "ten"],
        ["table", "squares", "--upto", "5", "--json", "--csv"],
        ["table", "wythoff", "--upto", "100000"],
        ["build-tables", "squares", "--upto", "0"],
        ["frobnicate"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err


def test_bad_input_in_a_real_process() -> None:
    res = subprocess.run(
        [sys.executable, "-m", "squaregame", "analyze", "squares", "-5"],
        capture_output=True,
        text=True,
    )
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr.strip() == "squaregame: the number cannot be negative (got -5)"


def test_position_beyond_the_table_names_the_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:

    monkeypatch.setattr(
        SQUARES, "tabled", SQUARES.tabled._replace(auto_limit=1_000_000)
    )  # each run has its own tables
    code, _, err = run(capsys, "analyze", "squares", "1500000")
    assert code == 2
    assert "squaregame build-tables squares --upto 1500000" in err


def test_build_tables_then_analyze_uses_the_cache(
    capsys: pytest.CaptureFixture[str], cache_dir
) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, "build-tables", "squares", "--upto", "1200000")
    assert code == 0 and "1,200,000" in out
    assert (cache_dir / "squares-normal-1200000.sgt").is_file()
    code, out, _ = run(capsys, "analyze", "squares", "1100000", "--json")
    assert code == 0 and json.loads(out)["remoteness_exact"] is True


def test_huge_subtraction_position_is_exact(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["analyze", "subtraction", "1000000000000000000", "--rule", "4,9,11,17", "--json"]
    code, out, _ = run(capsys, *argv)
    d = json.loads(out)
    assert code == 0 and d["remoteness_exact"] is True and isinstance(d["grundy"], int)
    assert d["periods"] == {
        "computed_upto": 4095,
        "grundy": {"preperiod": 19, "period": 20, "proven": True},
        "outcome": {"preperiod": 10, "period": 20, "proven": True},
        "remoteness": {"preperiod": 47, "period": 60, "shifts": [8], "proven": True},
    }
    assert d["position"] == 10**18 and len(d["moves"]) == 4
    code, out, _ = run(capsys, "analyze", "subtraction", "100", "--rule", "4,9,11,17")
    assert "Grundy values repeat every 20 from 19 (proven)" in out
    assert "outcomes repeat every 20 from 10 (proven)" in out
    assert "rem(n+60) = rem(n) +8 for n ≥ 47 (proven)" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["play", "sum"], "give the pile sizes"),
        (["play", "sum", *map(str, range(1, 10))], "at most 8 piles"),
        (["play", "sum", "5", "7", "--rule", "0"], "positive"),
        (["play", "sum", "5", "7", "--rule", "1", "--rule", "2", "--rule", "3"], "once per pile"),
        (["play", "sum", "5", "-7"], "negative"),
        (["play", "squares", "--start", "-1"], "negative"),
        (["play", "squares", "--start", "1", "2"], "squares takes --start N"),
        (["play", "wythoff", "--start", "1"], "wythoff takes --start X Y"),
        (["play", "wythoff", "--start", "10000000000000000000", "1"], "up to"),
        (["play", "squares", "--rule", "nim"], "takes no --rule"),
        (["play", "squares", "--seed", "x"], "whole number"),
        (["play", "chess"], "invalid choice"),
    ],
)
def test_play_checks_its_arguments_before_starting(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


def test_play_builds_the_request() -> None:
    from squaregame.cli.main import make_parser
    from squaregame.cli.play import build_request

    args = make_parser().parse_args(
        ["play", "sum", "15", "15", "--rule", "1,3,7,8", "--rule", "1,2,3,4"]
    )
    r = build_request(args)
    assert (
        r.game == "sum"
        and r.start == (15, 15)
        and [x.key for x in r.rules] == ["1,3,7,8", "1,2,3,4"]
    )
    args = make_parser().parse_args(["play", "wythoff", "--start", "7", "9", "--first", "ai"])
    r = build_request(args)
    assert r.start == (7, 9) and r.human_first is False


def test_play_players_option() -> None:
    from squaregame.cli.main import make_parser
    from squaregame.cli.play import build_request

    r = build_request(make_parser().parse_args(["play", "squares", "--players", "teams"]))
    assert r.two_humans and not r.hints  # the whole room would see the winning move
    r = build_request(make_parser().parse_args(["play", "squares", "--players", "class"]))
    assert not r.two_humans and not r.hints
    args = ["play", "squares", "--players", "class", "--hints"]
    assert build_request(make_parser().parse_args(args)).hints  # unless asked


def test_table_stats_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "squares", "--upto", "100000", "--stats", "--json")
    d = json.loads(out)
    assert code == 0
    assert d["upto"] == 100000 and d["cold_ending_in_6"] == [11356]
    from squaregame.core.build.squares import squares_remoteness

    rem = squares_remoteness(99_999)
    assert d["cold_count"] == int((rem % 2 == 0).sum())
    assert d["max_remoteness"] == int(rem.max()) == int(rem[d["max_remoteness_at"]])
    for argv in (["table", "squares", "--upto", "10", "--stats", "--misere"],
                 ["table", "nim", "--upto", "10", "--stats"],
                 ["table", "squares", "--upto", "0", "--stats"]):  # fmt: skip
        code, _, err = run(capsys, *argv)
        assert code == 2 and len(err.strip().splitlines()) == 1
