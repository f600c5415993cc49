"""Misère Nim in closed form (core/sums/misere_nim.py) against a plain search of every
position up to 4 piles of 12; the game, the command line and the opponent use it for piles
of any size."""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

from build import sum_game
from hypothesis import given
from hypothesis import strategies as st

from reference import box_positions, nim_amounts, solve, sum_children
from squaregame.cli.main import main
from squaregame.core.ai import Opponent
from squaregame.core.rules import NIM
from squaregame.core.sums import misere_nim
from squaregame.core.sums import solver as sums
from squaregame.core.types import Outcome
from squaregame.text import set_language

PILES, TOP = 4, 12
Pos = tuple[int, ...]


@cache
def reference() -> dict[Pos, tuple[str, int]]:
    """Every position of 4 piles up to 12, by the textbook definitions (28,561 of them)."""
    box = (TOP,) * PILES
    got = solve(box_positions(box), sum_children([nim_amounts] * PILES), True)
    return {p: v for p, v in got.items() if isinstance(p, tuple)}


def children(pos: Pos) -> list[Pos]:
    return [(*pos[:i], m, *pos[i + 1 :]) for i, n in enumerate(pos) for m in range(n)]


def padded(pos: Pos) -> Pos:
    """The same position with empty piles added: an empty pile changes nothing."""
    return (*pos, *(0,) * (PILES - len(pos)))


def ref_value(pos: Pos) -> tuple[bool, int]:
    outcome, rem = reference()[padded(pos)]
    return outcome == "cold", rem


def ref_best(pos: Pos) -> set[Pos]:
    """The cold children of least remoteness (hot), the children of greatest (cold)."""
    kids = children(pos)
    values = {k: ref_value(k) for k in kids}
    cold, _ = ref_value(pos)
    if not kids:
        return set()
    if cold:
        most = max(r for _, r in values.values())
        return {k for k, (_, r) in values.items() if r == most}
    least = min(r for c, r in values.values() if c)
    return {k for k, (c, r) in values.items() if c and r == least}


def test_every_position_up_to_four_piles_of_twelve() -> None:
    """All of them, each as a multiset (the order of the piles changes nothing)."""
    for pos in combinations_with_replacement(range(TOP + 1), PILES):
        assert misere_nim.value(pos) == ref_value(pos), pos
        winning = {k for k in children(pos) if ref_value(k)[0]}
        assert set(misere_nim.winning_children(pos)) == winning, pos
        assert set(misere_nim.best_children(pos)) == ref_best(pos), pos


@given(st.lists(st.integers(0, TOP), min_size=1, max_size=PILES))
def test_closed_form_matches_brute_force(piles: list[int]) -> None:
    pos = tuple(piles)
    assert misere_nim.value(pos) == ref_value(pos)
    assert set(misere_nim.winning_children(pos)) == {k for k in children(pos) if ref_value(k)[0]}
    best = misere_nim.best_children(pos)
    assert set(best) == ref_best(pos)
    order = [k for k in children_in_move_order(pos) if k in set(best)]
    assert best == order  # in the order of the moves: pile by pile, smallest amount first


def children_in_move_order(pos: Pos) -> list[Pos]:
    return [(*pos[:i], n - a, *pos[i + 1 :]) for i, n in enumerate(pos) for a in range(1, n + 1)]


@given(st.lists(st.integers(0, TOP), min_size=2, max_size=PILES))
def test_the_game_answers_misere_nim_by_the_closed_form(piles: list[int]) -> None:
    """No search: the game's values, moves and best moves are the closed form's."""
    pos = tuple(piles)
    game = sum_game([NIM] * len(pos), True, solver=sums.SumSolver())
    info = game.info(pos)
    assert (info.outcome is Outcome.COLD, info.remoteness) == ref_value(pos)
    assert info.remoteness_exact and not game.needs_search(pos)
    a = game.analyze(pos)
    assert {m.to for m in a.best_moves()} == ref_best(pos) == set(game.best_moves(pos))
    assert game.knows_best_moves


def test_huge_piles_are_answered_at_once() -> None:
    """Piles far beyond any search: the theorem's values, read off without listing moves."""
    game = sum_game([NIM] * 4, True, solver=sums.SumSolver())
    big = 10**18
    assert misere_nim.value((big, big)) == (True, 2 * big - 1)
    assert misere_nim.value((big, 1)) == (False, 2)  # one big pile: leave it at 0
    assert misere_nim.winning_children((big, 1, 1)) == [(1, 1, 1)]
    pos = (3, big, 1, 0)
    a = game.analyze(pos)
    assert a.truncated and a.info.remoteness_exact
    (win,) = a.winning_moves
    assert win.to == (3, 2, 1, 0) and a.info.remoteness == 6  # 1 + (6 − 1)
    assert game.solver.find(game.rules, True, pos) is None  # nothing was searched


def test_the_command_of_issue_32_answers(capsys: object) -> None:
    set_language("en")
    assert main(["analyze", "sum", "3", "324133", "1", "0", "--rule", "nim", "--misere"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "  outcome     ☺ hot\n" in out and "  remoteness  6\n" in out
    assert "take 324131 from pile 2       3 + 2 + 1 + 0  ☹ cold in 5    ✓ wins" in out
    assert "1 winning, 324,136 losing" in out
    assert "  genus       3^31 + 324133^(324133,324135) + 1^031 + 0^120\n" in out


def test_the_opponent_plays_a_huge_pile_to_the_end() -> None:
    """Perfect play on both sides lasts exactly the remoteness, and the side to move at
    the start wins (it is hot); each move is one of the closed form's best moves."""
    game = sum_game([NIM] * 4, True, solver=sums.SumSolver())
    pos: Pos = (5, 10**12, 3, 1)
    cold, rem = misere_nim.value(pos)
    ai: Opponent[Pos] = Opponent("perfect", seed=5)
    moves = 0
    while not game.is_terminal(pos):
        to = ai.move(game, pos)
        assert to is not None and to in misere_nim.best_children(pos)
        pos, moves = to, moves + 1
    assert moves == rem and not cold
    assert moves % 2 == 0  # the second player made the last move (and lost): misère
