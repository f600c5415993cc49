"""The nim-sum explanation agrees with the numbers it explains."""

from __future__ import annotations

from functools import reduce
from operator import xor

from hypothesis import given
from hypothesis import strategies as st

from squaregame.core.games import SumGame
from squaregame.core.rules import NIM, SQUARES, SetRule
from squaregame.play.nimsum import explain

rules = st.sampled_from(
    [SQUARES, NIM, SetRule([1, 3, 7, 8]), SetRule([1, 2, 3, 4]), SetRule([2, 5])]
)


@given(rs=st.lists(rules, min_size=1, max_size=4), data=st.data())
def test_explanation_agrees_with_the_tables(rs: list, data: st.DataObject) -> None:  # type: ignore[type-arg]
    pos = tuple(data.draw(st.integers(0, 40)) for _ in rs)
    game = SumGame(rs)
    ex = explain(game, pos)
    assert ex is not None
    a = game.analyze(pos)
    assert [p.grundy for p in ex.piles] == [
        game.normal_piles[i].info(n).grundy for i, n in enumerate(pos)
    ]
    assert ex.nim_sum == reduce(xor, (p.grundy for p in ex.piles), 0) == a.info.grundy
    # column counts really are the number of ones, and their parities give the nim-sum
    bits = "".join(str(c % 2) for c in ex.column_parities())
    assert int(bits, 2) == ex.nim_sum
    # the explained moves are exactly the winning moves, and each explanation is true
    assert sorted(m.to for m in ex.moves) == sorted(m.to for m in a.winning_moves)
    for m in ex.moves:
        i = m.pile - 1
        assert m.before == game.normal_piles[i].info(pos[i]).grundy
        assert m.after == game.normal_piles[i].info(pos[i] - m.take).grundy
        assert reduce(xor, (p.grundy for p in ex.piles if p.pile != m.pile), m.after) == 0


def test_explanation_text() -> None:
    game = SumGame([SetRule([1, 3, 7, 8]), SetRule([1, 2, 3, 4])])
    ex = explain(game, (15, 15))
    assert ex is not None
    g1, g2 = (p.grundy for p in ex.piles)
    text = "\n".join(ex.lines())
    assert f"{g1 ^ g2}" in text
    for m in ex.moves:
        assert m.explain() in text
        assert m.explain().startswith(f"pile {m.pile} has Grundy value {m.before}; taking {m.take}")


def test_misere_has_no_grundy_explanation() -> None:
    assert explain(SumGame([SQUARES] * 3, misere=True), (5, 7, 10)) is None
