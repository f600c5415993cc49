"""Misère sums with Wythoff parts (core/sums/genus.py): the firm/fickle rule against the plain
misère search of sums of queens and piles, the conditions T0–T5 on the boards, and why
Bouton's misère rule on normal values is wrong for (3,5)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from build import KINDS

from squaregame.core.errors import TableLimitError
from squaregame.core.sums.genus import TamePair, label, tame_sum_cold
from squaregame.core.sums.tame import tame_cold
from squaregame.core.tables import Tables
from squaregame.core.types import Outcome
from squaregame.families.sums.mixed_tame import tame_info, tame_pairs
from squaregame.families.wythoff import closed as C
from squaregame.families.wythoff.grundy import wythoff_grundy_numpy

Cell = tuple[int, int]
G = wythoff_grundy_numpy(64)


def queen_moves(q: Cell) -> list[Cell]:
    x, y = q
    out = [(x - d, y) for d in range(1, x + 1)] + [(x, y - d) for d in range(1, y + 1)]
    return out + [(x - d, y - d) for d in range(1, min(x, y) + 1)]


@cache
def misere_cold(queens: tuple[Cell, ...], heaps: tuple[int, ...]) -> bool:
    """The plain misère search: cold when every move leads to a hot sum (terminal: hot)."""
    children = []
    for i, q in enumerate(queens):
        for c in queen_moves(q):
            children.append((tuple(sorted((*queens[:i], c, *queens[i + 1 :]))), heaps))
    for i, h in enumerate(heaps):
        for t in range(h):
            children.append((queens, tuple(sorted((*heaps[:i], t, *heaps[i + 1 :])))))
    return bool(children) and not any(misere_cold(*c) for c in children)


def queen_pair(q: Cell) -> TamePair:
    """Fickle exactly on the corner's six cells (genus.py), its value from the board."""
    return TamePair(int(G[q]), q in {(0, 0), (1, 2), (2, 1), (1, 0), (0, 1), (2, 2)})


def heap_pair(h: int) -> TamePair:
    return TamePair(h, h <= 1)


def check_sums(side: int, heap_top: int) -> int:
    cells = [(x, y) for x in range(side + 1) for y in range(side + 1)]
    checked = 0
    for i, a in enumerate(cells):
        for b in cells[i:]:
            for h in range(heap_top + 1):
                truth = misere_cold((a, b), (h,))
                pairs = [queen_pair(a), queen_pair(b), heap_pair(h)]
                assert tame_sum_cold(pairs) == truth, (a, b, h)
                checked += 1
    return checked


def test_the_rule_is_the_search_on_small_sums() -> None:
    assert check_sums(8, 5) == 3321 * 6  # every pair of queens to 8 (unordered), a heap to 5
    for q in [(x, y) for x in range(9) for y in range(9)]:  # one queen and two heaps
        for h1 in range(4):
            for h2 in range(h1, 4):
                truth = misere_cold((q,), (h1, h2))
                assert tame_sum_cold([queen_pair(q), heap_pair(h1), heap_pair(h2)]) == truth


@pytest.mark.slow
def test_the_rule_is_the_search_for_two_queens_to_12_and_a_heap_to_5() -> None:
    assert check_sums(12, 5) == 14365 * 6


def test_a_part_alone_is_its_misere_outcome() -> None:
    for x in range(40):
        for y in range(40):
            assert queen_pair((x, y)).alone_cold == C.is_cold(x, y, True)
            assert queen_pair((x, y)) == label(int(G[x, y]), C.is_cold(x, y, True))


def test_boutons_rule_on_normal_values_is_wrong_at_3_5() -> None:
    """(3,5) has normal value 0 but is not a Nim heap *0: cold alone, and cold with *1 + *1;
    the misère-Nim rule on normal values calls both hot. Firm of value 0, the rule says cold."""
    assert int(G[3, 5]) == 0
    assert misere_cold(((3, 5),), ()) and not tame_cold([0])
    assert misere_cold(((3, 5),), (1, 1)) and not tame_cold([0, 1, 1])
    assert tame_sum_cold([queen_pair((3, 5))])
    assert tame_sum_cold([queen_pair((3, 5)), heap_pair(1), heap_pair(1)])


def test_wythoff_meets_t0_to_t5_on_the_board() -> None:
    side = 48
    for x in range(side + 1):
        for y in range(side + 1):
            p = queen_pair((x, y))
            kids = [queen_pair(c) for c in queen_moves((x, y))]
            if p.grundy >= 2:  # T0
                assert not C.is_cold(x, y, True)
            if p.fickle:
                assert p.grundy <= 1
                assert not any(not k.fickle and k.grundy == p.grundy ^ 1 for k in kids)  # T1
                if p.grundy == 1:  # T2
                    assert TamePair(0, True) in kids
                elif kids:  # T3
                    assert TamePair(1, True) in kids
            elif p.grundy <= 1:  # T4
                assert TamePair(p.grundy ^ 1, True) not in kids
            else:  # T5
                assert TamePair(0, True) in kids or TamePair(1, False) in kids


def test_the_rule_is_the_search_with_a_squares_pile() -> None:
    """A subtraction pile (take a square) is tame with fickle ⇔ g ≤ 1 (genus.py)."""
    top = 30
    squares = [k * k for k in range(1, 6)]
    g: list[int] = []
    for n in range(top + 1):
        seen = {g[n - s] for s in squares if s <= n}
        g.append(min(set(range(len(seen) + 1)) - seen))

    @cache
    def cold(q: Cell, n: int, h: int) -> bool:
        kids = [(c, n, h) for c in queen_moves(q)] + [(q, n - s, h) for s in squares if s <= n]
        kids += [(q, n, t) for t in range(h)]
        return bool(kids) and not any(cold(*k) for k in kids)

    for x in range(8):
        for y in range(8):
            for n in range(top + 1):
                for h in range(3):
                    pairs = [queen_pair((x, y)), TamePair(g[n], g[n] <= 1), heap_pair(h)]
                    assert tame_sum_cold(pairs) == cold((x, y), n, h), ((x, y), n, h)


def sum_of(text: str) -> tuple[Any, Any]:
    rules, values = KINDS.read_parts("sum", [text])
    spec = KINDS.spec("sum", rules, True, values)
    game = spec.build(Tables())
    return game, spec.start(game)


def test_a_sum_within_the_search_agrees_with_the_rule() -> None:
    """The program's own exact misère search of sums of queens and piles, position by
    position, against the rule on the parts' pairs (mixed_tame)."""
    game, pos = sum_of("wythoff:6,9 wythoff:4,4 nim:3 squares:6")
    a = game.analyze(pos)
    for p in [pos, *(m.to for m in a.moves)]:
        parts = game.split(p)
        assert a.info.remoteness_exact
        cold = game.info(p).outcome is Outcome.COLD
        assert tame_info(game.units, parts).outcome is game.info(p).outcome, p
        assert tame_sum_cold(tame_pairs(game.units, parts)) == cold


def test_a_misere_sum_beyond_the_search_is_decided_with_its_moves() -> None:
    game, pos = sum_of("wythoff:300,500 wythoff:20,21 nim:7")
    a = game.analyze(pos)
    assert a.info.outcome is Outcome.HOT and not a.info.remoteness_exact
    wins = [m.to for m in a.winning_moves]
    assert wins and a.summary is not None and a.summary.winning == len(wins)
    for w in wins:  # each leaves a sum cold by the parts' own pairs, found apart from the game
        q, r, n = game.split(w)
        assert tame_sum_cold([queen_pair_big(q), queen_pair(r), heap_pair(n)])
        assert game.info(w).outcome is Outcome.COLD


def queen_pair_big(q: Cell) -> TamePair:
    g = wythoff_grundy_numpy(max(q))
    return TamePair(int(g[q]), False)


def test_a_part_not_proven_tame_is_still_refused() -> None:
    game, _ = sum_of("wythoff:3,5 kayles:4")
    with pytest.raises(TableLimitError):
        game.check_answered(game.join([(100, 100), (30,)]))
