"""Wythoff's queen at any size (families/wythoff/closed.py, big.py): the integer formula
against OEIS and a high-precision reference, the closed form against the plain reference
board and the program's boards, and exact answers at 10^12..10^18."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from decimal import Decimal, localcontext
from pathlib import Path

import numpy as np
import pytest
from build import wythoff_game
from wythoff_reference import reference_wythoff

from squaregame.core.ai import Opponent
from squaregame.core.types import Outcome
from squaregame.families.wythoff import big
from squaregame.families.wythoff import closed as C
from squaregame.families.wythoff.table import build_wythoff

# OEIS A000201 (lower Wythoff, ⌊nφ⌋) and A001950 (upper Wythoff, ⌊nφ²⌋), n = 1..40
A000201 = [1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32, 33, 35, 37,
           38, 40, 42, 43, 45, 46, 48, 50, 51, 53, 55, 56, 58, 59, 61, 63, 64]  # fmt: skip
A001950 = [2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52, 54, 57,
           60, 62, 65, 68, 70, 73, 75, 78, 81, 83, 86, 89, 91, 94, 96, 99, 102, 104]  # fmt: skip


def phi_floor(k: int, square: bool = False) -> int:
    """⌊kφ⌋ (or ⌊kφ²⌋) with 100 significant digits: exact for k ≤ 10^20 (kφ is never
    within 10^-70 of an integer there)."""
    with localcontext() as ctx:  # (the test process's own context left as it was)
        ctx.prec = 100
        phi = (1 + Decimal(5).sqrt()) / 2
        return int((k * (phi * phi if square else phi)).to_integral_value(rounding="ROUND_FLOOR"))


def test_formula_is_oeis_a000201_and_a001950() -> None:
    assert [C.lower(k) for k in range(1, 41)] == A000201
    assert [C.upper(k) for k in range(1, 41)] == A001950


def test_formula_is_wythoffs_mex_construction() -> None:
    """a_k is the least number not yet used, b_k = a_k + k (Wythoff 1907)."""
    used: set[int] = set()
    a = 0
    for k in range(1, 20_000):
        while a in used or a == 0:
            a += 1
        assert C.lower(k) == a and C.upper(k) == a + k
        used |= {a, a + k}


def test_formula_exact_at_every_size_where_floats_are_not() -> None:
    rng = random.Random(44)
    ks = [10**e + rng.randrange(10**e) for e in range(12, 19) for _ in range(30)]
    for k in ks:
        assert C.lower(k) == phi_floor(k)
        assert C.upper(k) == phi_floor(k, square=True)
    phi = (1 + 5**0.5) / 2
    far = [k for k in ks if k >= 10**16]
    wrong = [k for k in far if int(k * phi) != C.lower(k)]
    assert len(wrong) > len(far) // 2  # floating point is wrong for most of these


def test_inverse_covers_every_number_once() -> None:
    """Every n ≥ 1 is exactly one of a_k, b_k (Beatty): index_of finds which, also far out."""
    seen = {C.lower(k) for k in range(1, 5000)} | {C.upper(k) for k in range(1, 5000)}
    for n in range(1, C.lower(5000)):
        k, is_lower = C.index_of(n)
        assert (C.lower(k) if is_lower else C.upper(k)) == n
        assert n in seen
    rng = random.Random(7)
    for _ in range(2000):
        n = rng.randrange(1, 10**18)
        k, is_lower = C.index_of(n)
        assert (C.lower(k) if is_lower else C.upper(k)) == n
        assert C.partner(C.partner(n)) == n


@pytest.mark.parametrize("misere", [False, True])
def test_closed_form_equals_the_plain_reference_board(misere: bool) -> None:
    size = 150
    rem, cold = reference_wythoff(size, misere)
    for x in range(size + 1):
        for y in range(size + 1):
            v = C.value(x, y, misere)
            assert (v.cold, v.remoteness) == (bool(cold[x, y]), int(rem[x, y])), (x, y)


@pytest.mark.parametrize("misere", [False, True])
def test_winning_moves_and_defences_are_the_boards_best(misere: bool) -> None:
    size = 80
    t = build_wythoff(size, misere)
    for x in range(size + 1):
        for y in range(size + 1):
            best = sorted(t.best_moves(x, y))
            if C.is_cold(x, y, misere):
                assert set(C.delay_moves(x, y, misere)) <= set(best)
            else:
                assert sorted(big.best_moves((x, y), misere)) == best


def test_misere_changes_only_the_corner() -> None:
    changed = {
        (x, y)
        for x in range(300)
        for y in range(300)
        if C.is_cold(x, y, False) != C.is_cold(x, y, True)
    }
    assert changed == {(0, 0), (1, 2), (2, 1), (1, 0), (0, 1), (2, 2)}


@pytest.mark.parametrize("misere", [False, True])
def test_runs_are_the_moves_in_order(misere: bool) -> None:
    """The runs big.move_runs gives list exactly the children, with their values."""
    game = wythoff_game(misere)
    for pos in [(30, 47), (47, 30), (29, 29), (40, 3), (0, 17), (5, 0), (3, 5), (2, 2)]:
        runs = big.move_runs(pos, misere)
        targets = [r.target(k) for r in runs for k in range(r.count)]
        infos = [r.info(k) for r in runs for k in range(r.count)]
        assert targets == game.children(pos)
        assert [i[:3] for i in infos] == [game.info(c)[:3] for c in targets]
        assert all(
            i.grundy == (0 if i.outcome is Outcome.COLD and not misere else None) for i in infos
        )
        assert [game.move_target(pos, k) for k in range(len(targets))] == targets
        for r in runs:  # a run's bounds hold every target's value
            for k in range(r.count):
                i = r.info(k)
                assert i.outcome is r.value.outcome
                assert r.value.remoteness_lower <= i.remoteness <= (r.value.upper or 10**30)


@pytest.mark.parametrize("misere", [False, True])
def test_exact_answers_at_ten_to_the_twelve_to_eighteen(misere: bool) -> None:
    """The k-th cold pair has remoteness 2k (misère 2k + 1); a step away, the one winning
    move goes back to a cold cell, found by its defining property (b − a = k, a = ⌊kφ⌋)."""
    game = wythoff_game(misere)
    rng = random.Random(18)
    for e in range(12, 19):
        k = rng.randrange(10**e // 4, 10**e // 3)  # b_k ≈ 2.618·k < 10^e
        a, b = phi_floor(k), phi_floor(k, square=True)
        assert b - a == k
        info = game.info(game.parse_position([a, b]))
        assert info.outcome is Outcome.COLD and info.remoteness == 2 * k + misere
        assert info.remoteness_exact and info.grundy == (None if misere else 0)  # cold: 0
        for pos in [(a + 1, b), (a, b + 5), (a + 3, b + 3), (b, b)]:
            a_ = game.analyze(pos)
            assert a_.info.outcome is Outcome.HOT
            wins = [m.to for m in a_.winning_moves]
            assert wins and all(C.is_cold(*w, misere) for w in wins)
            for w in wins:  # cold by the definition: b − a = j and a = ⌊jφ⌋
                j = abs(w[1] - w[0])
                assert min(w) == phi_floor(j) or (misere and max(w) <= 2)
            assert Opponent("perfect", seed=e).move(game, pos) in wins
        cold = game.analyze((a, b))
        best = cold.best_moves()
        assert best and all(m.info.remoteness == 2 * k - 1 + misere for m in best)
        assert cold.move_count == a + b + a


def test_analysis_lists_at_most_the_cap_and_every_win() -> None:
    game = wythoff_game()
    pos = (10**12, 1618033988749)
    a = game.analyze(pos)
    assert len(a.moves) <= 1000 and a.move_count == 10**12 + 1618033988749 + 10**12
    assert [m.to for m in a.winning_moves] == [(999999999998, 1618033988747)]
    assert a.info.remoteness == 2 * C.index_of(999999999998)[0] + 1


@pytest.mark.slow
@pytest.mark.parametrize("misere", [False, True])
def test_closed_form_equals_the_board_to_4000(misere: bool) -> None:
    """Every square of the 4000 board: cold cells, and remoteness as 1 + the least of the
    row's, column's and diagonal's cold cell within reach (vectorised from the closed form)."""
    n = 4001
    t = build_wythoff(n - 1, misere)
    i32 = np.int32
    row_x = np.array([C.cold_in_row(y, misere) for y in range(n)], dtype=i32)
    row_rem = np.array([C.value(int(row_x[y]), y, misere).remoteness for y in range(n)], i32)
    xs, ys = np.meshgrid(np.arange(n, dtype=i32), np.arange(n, dtype=i32), indexing="ij")
    cold = row_x[ys] == xs
    assert (cold == t.cold_array).all()
    inf = i32(1 << 30)
    by_row = np.where(row_x[ys] < xs, row_rem[ys], inf)
    by_col = np.where(row_x[xs] < ys, row_rem[xs], inf)
    diags = {d: C.cold_on_diagonal(d, misere) for d in range(-n, n)}
    dx = np.array([diags[d][0] for d in range(-n, n)], dtype=i32)
    dr = np.array([C.value(*diags[d], misere).remoteness for d in range(-n, n)], dtype=i32)
    d = ys - xs + n
    by_dia = np.where(dx[d] < xs, dr[d], inf)
    hot = 1 + np.minimum(np.minimum(by_row, by_col), by_dia)
    if misere:
        hot[0, 0] = 0
    rem = np.where(cold, 0, hot)
    cells = np.argwhere(cold).tolist()
    cold_rem = np.array([C.value(x, y, misere).remoteness for x, y in cells])
    rem[cold] = cold_rem
    assert (rem == t.remoteness_array).all()


def test_analyze_json_far_out_and_one_line_beyond(tmp_path: Path) -> None:
    env = dict(os.environ, SQUAREGAME_DATA_DIR=str(tmp_path), SQUAREGAME_CACHE_DIR=str(tmp_path))

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        cmd = [sys.executable, "-m", "squaregame", "analyze", "wythoff", *args]
        return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)

    done = run("1000000000000", "1618033988749", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["outcome"] == "hot" and out["remoteness_exact"]
    wins = [m["to"] for m in out["moves"] if m["outcome"] == "cold"]
    assert wins == [[999999999998, 1618033988747]]
    done = run(str(10**18 + 1), "3", "--misere")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "answered up to" in done.stderr
