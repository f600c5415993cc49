"""The bench measures whole processes in interleaved pairs and reports the paired median."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from squaregame.bench import figures as bench_figures
from squaregame.bench.lines import figure_lines
from squaregame.bench.run import (
    Agreement,
    BenchError,
    Figure,
    Sample,
    Side,
    measure_pairs,
    pairs_for,
    run_process,
)
from squaregame.cli.main import main


def _fake(order: list[str], name: str, seconds: list[float]) -> Side:
    times = iter(seconds)

    def measure() -> Sample:
        order.append(name)
        return Sample(next(times), 1024, "out")

    return Side(name, measure)


def test_pairs_are_interleaved_after_a_warm_up_and_the_ratio_is_the_paired_median() -> None:
    order: list[str] = []
    ours = _fake(order, "A", [9.0, 2.0, 3.0, 8.0, 4.0])  # first: the warm-up
    ref = _fake(order, "B", [9.0, 1.0, 1.0, 2.0, 1.0])
    r = measure_pairs(Figure("f", ours, ref, goal=3.0), 4)
    assert order == ["A", "B", "A", "B", "B", "A", "A", "B", "B", "A"]
    assert r.ratios == [2.0, 3.0, 4.0, 4.0]
    assert r.ratio == 3.5 and r.met is False
    first, second, ours, ref = figure_lines(r)
    assert "3.50×" in first and "(2.00–4.00, 4 pairs)" in first and "goal ≤ 3×: NOT met" in first
    assert "1 MB" in second
    assert ours.endswith("$ A") and ref.endswith("$ B")  # the commands that give it


def test_a_disagreeing_reference_fails_the_figure_untimed_and_loudly() -> None:
    order: list[str] = []
    fig = Figure(
        "f", _fake(order, "A", [1.0]), _fake(order, "B", [1.0]),
        check=lambda a, b: Agreement("they differ"), goal=2.0,
    )  # fmt: skip
    r = measure_pairs(fig, 7)
    assert order == ["A", "B"] and r.failed and r.met is False  # the warm-ups only
    said = "\n".join(figure_lines(r))
    assert "FAILED" in said and "they differ" in said


def test_a_process_is_timed_whole_with_its_own_output() -> None:
    s = run_process([sys.executable, "-c", "print('hello')"])
    assert s.output == "hello\n" and 0 < s.seconds < 30 and s.peak_kb > 0
    with pytest.raises(BenchError, match="failed: boom"):
        run_process([sys.executable, "-c", "import sys; sys.exit('boom')"])


def test_the_c_reference_must_agree_on_cold_count_and_remoteness() -> None:
    check = bench_figures.agree
    assert check('{"cold_count": 5, "max_remoteness": 8}', "N=10 cold=5 maxrem=8 x") == Agreement()
    said = check('{"cold_count": 5, "max_remoteness": 8}', "cold=5 maxrem=9").problem
    assert said and "reference" in said


def test_the_c_reference_must_agree_on_every_value_by_its_hash() -> None:
    ref = "N=10 cold=5 maxrem=8 fnv1a_rem=00000000000000aa"
    good = '{"cold_count": 5, "max_remoteness": 8, "fnv1a_rem": "00000000000000aa"}'
    assert bench_figures.agree(good, ref) == Agreement(proof="fnv1a_rem=00000000000000aa")
    bad = bench_figures.agree(good.replace("aa", "ab"), ref).problem
    assert bad and "fnv1a_rem=00000000000000ab" in bad and "fnv1a_rem=00000000000000aa" in bad


@pytest.mark.slow
def test_bench_runs_end_to_end(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--only", "cli", "--pairs", "1", "--json"]) == 0
    out = capsys.readouterr().out
    assert "analyze squares 1000 vs import textual" in out
    assert "not a figure to quote" in out  # fewer than 7 pairs
    assert '"ratio_median"' in out and "$ squaregame analyze squares 1000" in out
    assert "verdict: goal" in out and "reproduce: $ squaregame bench --only cli --pairs 1" in out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--only", "everything"], "--only takes some of"),
        (["--pairs", "0"], "--pairs must be between 1 and 50"),
        (["--pairs", "51"], "--pairs must be between 1 and 50"),
    ],
)
def test_bad_bench_options_are_one_line(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bench", *args]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1


def test_the_figures_name_each_builder_and_the_floors(monkeypatch: pytest.MonkeyPatch) -> None:
    # Nothing runs here: a figure's sides run only when the bench measures them, and the C
    # reference is taken as compiled.
    env = dict(os.environ)
    monkeypatch.setattr(bench_figures, "installed_builders", lambda: ["numpy", "native"])
    board = [f.name for f in bench_figures.wythoff_figures(env, Path("wythoff_ref"))]
    assert "Wythoff table 2000×2000, native builder vs C" in board
    assert "Wythoff table 5000×5000, numpy builder vs C" in board
    assert any(name.endswith("native vs numpy builder") for name in board)
    assert any("vs import numpy" in name for name in board)
    app = [f.name for f in bench_figures.app_figures(env)]
    assert app[-1] == "app: the menu's widgets alone vs a bare Textual app" and len(app) == 3
    squares = [f.name for f in bench_figures.squares_figures([10**7], Path("ref"), env)]
    assert squares == [f"Squares table 0..10^7, {b} builder vs C" for b in ("numpy", "native")]


def test_the_short_figures_run_at_least_21_pairs_whatever_is_asked() -> None:
    """A launch or an answer of a tenth of a second is moved ±30% by the machine: 7 pairs
    let the median land on either side of a goal (1.15×, 0.5×) by luck."""
    env = dict(os.environ)
    figures = [*bench_figures.app_figures(env), *bench_figures.cli_figures(env)]
    assert len(figures) == 5 and {f.goal for f in figures} == {1.15, 0.5, None}
    assert all(pairs_for(f, 7) == bench_figures.SHORT_PAIRS == 21 for f in figures)
    assert all(pairs_for(f, 30) == 30 for f in figures)
    sums = bench_figures.games.answers()["sums"]
    other = next(bench_figures.answer_figures(sums, env))  # half a second to two: usual pairs
    assert pairs_for(other, 7) == 7


def test_the_bench_gives_a_figure_its_least_number_of_pairs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from squaregame.bench import main as bench

    order: list[str] = []
    fake = Figure(
        "app: fake", _fake(order, "ours", [2.0] * 9), _fake(order, "ref", [1.0] * 9), min_pairs=4
    )
    monkeypatch.setattr(bench, "app_figures", lambda env: iter([fake]))
    assert main(["bench", "--only", "app", "--pairs", "1", "--json"]) == 0
    assert len(order) == 10 and order.count("ours") == 5  # a warm-up, then 4 pairs, not 1
    assert "2.00×  (2.00–2.00, 4 pairs)" in capsys.readouterr().out


def test_the_keys_group_times_a_key_in_the_app(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """One real step (a move in a small sum, one key after a warm-up), as the group prints it."""
    from squaregame.bench import keys as bench_keys
    from squaregame.ui.start import StartRequest

    small = StartRequest(game="sum", start=(3, 4, 5))
    quick = [("sum_move", lambda: bench_keys._moves(small, ("enter",), 1))]
    monkeypatch.setattr(bench_keys, "steps", lambda rounds: quick)
    assert main(["bench", "--only", "keys", "--pairs", "1"]) == 0
    out = capsys.readouterr().out
    assert "a move in sum 70 70 70 71 (Enter)" in out and "median" in out and "p95" in out
    assert "latencies, not ratios" in out and "goal p95 ≤ 100 ms" in out
    assert "every key" in out and "verdict: goal" in out
    assert "reproduce: $ squaregame bench --only keys --pairs 1" in out
    assert bench_keys.percentile([1.0, 2.0, 3.0, 4.0], 95) == 4.0


def test_the_games_the_bench_times_are_the_registrys() -> None:
    """The bench names no game in its code (tests/test_registry_only.py): the games of
    assets/bench/timed-games.toml are each one the registry knows, with their words in the
    catalogs."""
    from squaregame.bench import games
    from squaregame.families import GAMES
    from squaregame.text import tr

    assert GAMES.kinds.find(games.board().game).key == games.board().game
    for r in games.replies():
        GAMES.kinds.spec(r.game, r.rules)  # a GameError if it were not a game
        assert not tr(f"cli.bench.moves.{r.key}").startswith("cli.")
    for start in games.key_starts().values():
        GAMES.kinds.spec(start.game, position=start.start)
    for key, group in games.answers().items():
        assert not tr(f"cli.bench.title.{key}").startswith("cli.")
        for f in group.figures:
            GAMES.kinds.find(f.words[0])
            assert not tr(f"cli.bench.{group.figure}.{f.name}").startswith("cli.")
