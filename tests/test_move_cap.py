"""Nim's closed form at any size, and the cap on listed moves (``core/moves.py``).

A position with more legal moves than ``MAX_LISTED_MOVES`` lists its best and winning moves
and each line's first and last moves, and counts the rest; nothing ever lists the moves of
a pile of 10^12. The cap is checked against full enumeration with the cap lowered."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from functools import reduce
from operator import xor
from typing import Any

import pytest
from build import make_spec
from listing import count_listed

from reference import box_positions, grundy, pile_children, solve, squares_amounts, sum_children
from squaregame.cli.main import main
from squaregame.core import moves as move_cap
from squaregame.core.ai import Opponent
from squaregame.core.errors import PositionError
from squaregame.core.game import Game
from squaregame.core.tables import Tables
from squaregame.core.types import Analysis, Outcome
from squaregame.play.session import Session, Verdict

BIG = [10**12, 10**18, 10**18 + 1, 10**30, 10**39 + 7]


def build(kind: str, rules: tuple[str, ...] = (), misere: bool = False) -> Game[Any]:
    return make_spec(kind, rules, misere).build(Tables())


def nim_truth(n: int, misere: bool) -> tuple[Outcome, int, int | None, int]:
    """(outcome, remoteness, Grundy, the winning move's target) from Nim's theory."""
    if not misere:
        return Outcome.HOT, 1, n, 0
    return Outcome.HOT, 2, None, 1  # n ≥ 2: leave the last counter


# -- Nim at any size ------------------------------------------------------------------------
@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
@pytest.mark.parametrize("n", BIG)
def test_nim_of_any_size_is_answered_at_once(
    n: int, misere: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = build("nim", misere=misere)
    listed = count_listed(monkeypatch)  # at once: its moves never listed one by one
    pos = game.parse_position([n])
    info = game.info(pos)
    a = game.analyze(pos)
    perfect = Opponent("perfect", seed=3).choose(a)
    direct = Opponent("perfect", seed=3).move(game, pos)
    slips = [Opponent("beginner", seed=s).move(game, pos) for s in range(5)]
    chosen = [Opponent("beginner", seed=s).choose(a) for s in range(5)]
    listed.check()
    outcome, rem, g, win = nim_truth(n, misere)
    assert (info.outcome, info.remoteness, info.remoteness_exact, info.grundy) == (
        outcome,
        rem,
        True,
        g,
    )
    assert [m.to for m in a.winning_moves] == [win] and [m.to for m in a.best_moves()] == [win]
    assert perfect == direct == win
    for to in [*slips, *chosen]:
        assert to is not None and 0 <= to < n  # a legal move, drawn without listing
    s = a.summary
    assert s is not None and a.truncated and s.total == a.move_count == n
    assert (s.winning, s.losing) == (1, n - 1)
    assert len(a.moves) == 6  # take 1, 2, 3 and the last three
    [r] = s.ranges
    assert (r.first, r.last, r.count, r.winning) == (n - 4, 3, n - 6, 0)
    assert (r.outcome, r.remoteness, r.lower, r.upper) == (Outcome.HOT, rem, rem, rem)


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
def test_small_nim_lists_every_move_with_the_theorys_values(misere: bool) -> None:
    game = build("nim", misere=misere)
    for n in range(0, 40):
        a = game.analyze(n)
        assert not a.truncated and [m.to for m in a.moves] == list(range(n - 1, -1, -1))
        for m in a.moves:
            k = m.to
            if misere:
                want = (
                    (Outcome.HOT, 0)
                    if k == 0
                    else (Outcome.COLD, 1)
                    if k == 1
                    else (Outcome.HOT, 2)
                )
            else:
                want = (Outcome.COLD, 0) if k == 0 else (Outcome.HOT, 1)
            assert (m.info.outcome, m.info.remoteness) == want
            assert m.info.grundy == (None if misere else k)


def test_a_typed_move_from_a_huge_pile_is_checked_without_listing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = build("nim")
    listed = count_listed(monkeypatch)
    n = 10**18
    assert game.check_move(n, n - 5).amount == 5
    assert game.move_from_text(n, "999999999999999999") == 1
    with pytest.raises(PositionError):
        game.check_move(n, n + 1)
    with pytest.raises(PositionError):
        game.move_from_text(n, str(n + 1))
    session: Session[int] = Session(game, n)
    ply = session.play(n - 5)  # not among the listed moves
    assert ply.verdict is Verdict.BLUNDER and ply.best == (0,)
    assert ply.value_after.outcome is Outcome.HOT
    listed.check()
    assert session.play(0).verdict is Verdict.BEST  # the opponent's side, listed


# -- the command line --------------------------------------------------------------------------
def analyze_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["analyze", *argv, "--json", "--seed", "1"]) == 0
    doc: dict[str, Any] = json.loads(capsys.readouterr().out)
    return doc


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
def test_analyze_huge_nim_json_has_the_documented_truncated_shape(
    capsys: pytest.CaptureFixture[str], misere: bool
) -> None:
    n = 10**12
    d = analyze_json(capsys, "nim", str(n), *(["--misere"] if misere else []))
    rem = 2 if misere else 1
    win = 1 if misere else 0
    assert d["moves_truncated"] is True
    assert d["move_counts"] == {"total": n, "listed": 6, "winning": 1, "losing": n - 1}
    assert [m["to"] for m in d["moves"]] == [n - 1, n - 2, n - 3, 2, 1, 0]
    assert d["winning_moves"] == [win] and d["ai_move"] == win
    assert (d["outcome"], d["remoteness"], d["grundy"]) == ("hot", rem, None if misere else n)
    assert d["move_ranges"] == [
        {
            "pile": None,
            "take": [4, n - 3],
            "to": [n - 4, 3],
            "count": n - 6,
            "winning": 0,
            "outcome": "hot",
            "remoteness": rem,
            "remoteness_lower": rem,
            "remoteness_upper": rem,
        }
    ]


def test_analyze_says_unlisted_queen_moves_by_their_squares(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A queen takes nothing: a range of her moves is said by its squares (``take`` is
    null in the JSON), never as amounts taken (as 1.0 and README have it)."""
    monkeypatch.setattr(move_cap, "MAX_LISTED_MOVES", 12)
    d = analyze_json(capsys, "wythoff", "30", "40")
    assert d["moves_truncated"] is True and d["move_ranges"]
    assert all(r["take"] is None and r["pile"] is None for r in d["move_ranges"])
    first = d["move_ranges"][0]
    assert first["to"][0][1] == 40 and first["to"][1][1] == 40  # along the row, leftwards
    assert main(["analyze", "wythoff", "30", "40", "--seed", "1"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if "…" in line]
    assert lines and all(line.lstrip().startswith("… to (") for line in lines), lines


def test_analyze_lists_every_move_below_the_cap(capsys: pytest.CaptureFixture[str]) -> None:
    d = analyze_json(capsys, "nim", "12")
    assert d["moves_truncated"] is False and d["move_ranges"] == []
    assert d["move_counts"] == {"total": 12, "listed": 12, "winning": 1, "losing": 11}
    assert len(d["moves"]) == 12


def test_analyze_huge_nim_through_a_subprocess_is_instant() -> None:
    argv = [sys.executable, "-m", "squaregame", "analyze", "nim", str(10**18)]
    res = subprocess.run(argv, capture_output=True, text=True, timeout=60)  # (never: a hang)
    assert res.returncode == 0, res.stderr
    assert "… take 4..999999999999999997 (999,999,999,999,999,994 more moves)" in res.stdout
    assert "☺ hot in 1  ✗ all lose" in res.stdout
    assert "opponent would play: take 1000000000000000000" in res.stdout


def test_analyze_a_sum_with_a_huge_nim_pile(capsys: pytest.CaptureFixture[str]) -> None:
    n = 10**12
    d = analyze_json(capsys, "sum", str(n), "5", "--rule", "nim", "--rule", "squares")
    assert d["moves_truncated"] is True and d["outcome"] == "hot"
    assert d["winning_moves"] == [[0, 5]] and d["ai_move"] == [0, 5]  # g(5) = 0 under squares
    assert d["move_counts"] == {"total": n + 2, "listed": 8, "winning": 1, "losing": n + 1}
    [r] = d["move_ranges"]
    assert (r["pile"], r["take"], r["count"], r["outcome"]) == (1, [4, n - 3], n - 6, "hot")
    assert r["remoteness"] is None and r["remoteness_lower"] == 1  # proven, no more claimed


# -- sums with a Nim pile: the winning moves are the nim-sum's ---------------------------------
SQUARES_G = grundy(range(61), pile_children(squares_amounts))


def brute_force_winners(rules: tuple[str, ...], pos: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every move, one by one, after which the nim-sum is 0 (Grundy values: Nim's m at size
    m, Squares' from the plain reference)."""
    g = {"nim": lambda m: m, "squares": SQUARES_G.__getitem__}
    values = [g[r](n) for r, n in zip(rules, pos, strict=True)]
    out = set()
    for i, (rule, n) in enumerate(zip(rules, pos, strict=True)):
        others = reduce(xor, values[:i] + values[i + 1 :], 0)
        value = g[rule]
        amounts = range(1, n + 1) if rule == "nim" else squares_amounts(n)
        out |= {(*pos[:i], n - a, *pos[i + 1 :]) for a in amounts if value(n - a) == others}
    return out


@pytest.mark.sweep
@pytest.mark.parametrize("seed", range(6))
def test_sum_beyond_the_search_finds_the_nim_sums_winning_moves(seed: int) -> None:
    rng = random.Random(seed)
    rules = ("nim", "squares", "nim")
    game = build("sum", rules)
    for _ in range(8):
        a, b = rng.randint(200_000, 300_000), rng.randint(0, 60)  # beyond the search's budget
        pos = (a, b, a ^ rng.randint(0, 7))  # often a small nim-sum: winners in every pile
        an = game.analyze(game.parse_position(list(pos)))
        assert not an.info.remoteness_exact  # beyond the exact search: the nim-sum path
        assert an.truncated and an.move_count == a + pos[2] + len(squares_amounts(b))
        want = brute_force_winners(rules, pos)
        assert {m.to for m in an.winning_moves} == want
        assert an.summary is not None and an.summary.winning == len(want)
        assert (an.info.outcome is Outcome.HOT) == bool(want)


def test_sum_with_a_pile_of_a_trillion_finds_its_winning_moves_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    listed = count_listed(monkeypatch)
    rules = ("nim", "squares", "nim")
    game = build("sum", rules)
    n = 10**12
    for b in range(0, 40, 3):
        for delta in (0, 1, 2, 5):
            pos = (n, b, n ^ delta)
            an = game.analyze(game.parse_position(list(pos)))
            listed.check()
            g = SQUARES_G[b]
            want = {(n, b - s, pos[2]) for s in squares_amounts(b) if SQUARES_G[b - s] == delta}
            if pos[2] ^ g < n:  # pile 1 down to the nim-sum of the others
                want.add((pos[2] ^ g, b, pos[2]))
            if n ^ g < pos[2]:
                want.add((n, b, n ^ g))
            assert {m.to for m in an.winning_moves} == want, pos


def test_sum_inside_the_search_agrees_with_the_reference_along_a_nim_axis() -> None:
    """A Nim pile of 150 (past AXIS_FROM: read as one slice of the solved box) and a squares
    pile, both conventions: every move's value, listed or in a range, as the reference says."""
    fns = [lambda n: range(1, n + 1), squares_amounts]
    for misere in (False, True):
        game = build("sum", ("nim", "squares"), misere)
        box = (150, 12)
        ref = solve(box_positions(box), sum_children(fns), misere)
        for pos in [(150, 12), (150, 4), (120, 9), (100, 0)]:
            full = game.analyze(pos, cap=10**9)
            for m in full.moves:
                assert (m.info.outcome.value, m.info.remoteness) == ref[m.to]
            check_against_full(game, pos, cap=9)


# -- the cap, against full enumeration ------------------------------------------------------------
def check_against_full(game: Game[Any], pos: Any, cap: int) -> Analysis[Any]:
    """The capped analysis says of every move what the full one says."""
    full = game.analyze(pos, cap=10**9)
    a = game.analyze(pos, cap=cap)
    every = [m.to for m in full.moves]
    value = {m.to: m.info for m in full.moves}
    assert a.info == full.info and a.move_count == len(every)
    assert [a.target_at(k) for k in range(len(every))] == every
    if len(every) <= cap:
        assert a.moves == full.moves and not a.truncated
        return a
    s = a.summary
    assert s is not None and len(a.moves) <= cap
    assert s.winning == len(full.winning_moves) and s.losing == len(every) - s.winning
    order = {to: k for k, to in enumerate(every)}
    assert [order[m.to] for m in a.moves] == sorted(order[m.to] for m in a.moves)
    for m in a.moves:
        assert m.info == value[m.to]
    if len(full.winning_moves) <= cap:
        assert set(a.winning_moves) == set(full.winning_moves)
    assert set(a.best_moves()) <= set(full.best_moves())
    if len(full.best_moves()) <= cap:
        assert set(a.best_moves()) == set(full.best_moves())
    listed = {m.to for m in a.moves}
    covered = set(listed)
    for r in s.ranges:
        lo, hi = order[r.first], order[r.last]
        inside = [to for to in every[lo : hi + 1] if to not in listed]
        assert inside[0] == r.first and inside[-1] == r.last and len(inside) == r.count
        assert all(game.move_line(pos, to) == r.line for to in inside)
        infos = [value[to] for to in inside]
        assert r.winning == sum(i.outcome is Outcome.COLD for i in infos)
        assert r.lower == min(i.remoteness for i in infos)
        assert r.upper == max(i.remoteness for i in infos)
        covered |= set(inside)
    assert covered == set(every) and sum(r.count for r in s.ranges) + len(listed) == len(every)
    lines: dict[int, list[Any]] = {}
    for to in every:
        lines.setdefault(game.move_line(pos, to), []).append(to)
    if len(full.winning_moves) + len(full.best_moves()) + 6 * len(lines) <= cap:
        for line in lines.values():  # each line's first and last three moves are listed
            assert set(line[:3] + line[-3:]) <= listed
            assert set(line[:3] + line[-3:]) <= set(s.edges)
    return a


CASES = [
    ("squares", (), False, 2000),
    ("squares", (), True, 2000),
    ("squares", (), False, 4995),
    ("nim", (), False, 300),
    ("nim", (), True, 300),
    ("subtraction", ("1,2,5,9,11,12,20",), False, 500),
    ("wythoff", (), False, (30, 41)),
    ("wythoff", (), True, (33, 20)),
    ("sum", ("squares", "squares"), False, (40, 37)),
    ("sum", ("squares", "squares"), True, (45, 17)),
    ("sum", ("nim", "squares"), False, (200, 30)),
    ("sum", ("nim", "squares"), True, (200, 30)),
    ("sum", ("nim", "nim"), False, (120, 90)),
    ("sum", ("nim", "nim", "squares"), True, (70, 70, 20)),
]


@pytest.mark.parametrize("cap", [1, 5, 12, 40])
@pytest.mark.parametrize(("kind", "rules", "misere", "pos"), CASES)
def test_a_lowered_cap_says_what_full_enumeration_says(
    kind: str, rules: tuple[str, ...], misere: bool, pos: Any, cap: int
) -> None:
    game = build(kind, rules, misere)
    check_against_full(game, pos, cap)


def test_the_cap_is_the_documented_constant(monkeypatch: pytest.MonkeyPatch) -> None:
    assert move_cap.MAX_LISTED_MOVES == 1000
    game = build("squares")
    assert not game.analyze(999_999).truncated  # 999 moves: all listed
    monkeypatch.setattr(move_cap, "MAX_LISTED_MOVES", 20)
    a = game.analyze(2000)  # 44 moves
    assert a.truncated and len(a.moves) <= 20 and a.move_count == 44


def test_a_slip_draws_as_random_choice_did() -> None:
    """The opponent's random move is drawn by index, as ``rng.choice`` of every move was: a
    seed replays the same game as before the cap."""
    game = build("squares")
    a = game.analyze(500)
    for seed in range(20):
        rng = random.Random(seed)
        before = rng.choice(a.moves).to if rng.random() < 0.75 else None
        opponent = Opponent("beginner", seed=seed)
        chosen = opponent.choose(a)
        if before is not None:
            assert chosen == before
