"""The nim-sum explanation agrees with the numbers it explains."""

from __future__ import annotations

from functools import reduce
from operator import xor

import pytest
from build import make_game, sum_game
from hypothesis import given
from hypothesis import strategies as st

from squaregame.core.rules import NIM, SQUARES, SetRule
from squaregame.play.nimsum import explain, nimsum_lines
from squaregame.text import set_language, tr

rules = st.sampled_from(
    [SQUARES, NIM, SetRule([1, 3, 7, 8]), SetRule([1, 2, 3, 4]), SetRule([2, 5])]
)


@given(rs=st.lists(rules, min_size=1, max_size=4), data=st.data())
def test_explanation_agrees_with_the_tables(rs: list, data: st.DataObject) -> None:  # type: ignore[type-arg]
    pos = tuple(data.draw(st.integers(0, 40)) for _ in rs)
    game = sum_game(rs)
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


def _last_cells(line: str, k: int) -> list[int]:
    """The columns of the last ``k`` characters that are not spaces."""
    return [i for i, ch in enumerate(line) if ch != " "][-k:]


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
@pytest.mark.parametrize("pos", [(50, 47, 44, 41), (5, 5), (3, 6, 9, 12, 15, 18, 21, 25)])
def test_every_binary_digit_sits_in_one_column(lang: str, pos: tuple[int, ...]) -> None:
    """The issue's "nim-sum (odd → 1)  5  1 0 1" sat five columns right of the binary: every
    row's digits (piles, column counts, the nim-sum) line up, in every language, with two
    piles and with eight; the nim-sum's value sits in the Grundy column."""
    set_language(lang)
    two = [SetRule([1, 3, 7, 8]), SetRule([1, 2, 3, 4])]
    game = sum_game(two if len(pos) == 2 else [SQUARES] * len(pos))
    ex = explain(game, pos)
    assert ex is not None and ex.nim_sum
    lines = nimsum_lines(ex)
    rule = next(i for i, line in enumerate(lines) if line.startswith("─"))
    block = lines[rule + 1 : lines.index("", rule)]
    numeric = [line for line in block if line.rstrip()[-1].isdigit()]
    assert len(numeric) == 2, block  # the counts and the nim-sum (labels may sit above them)
    columns = _last_cells(lines[1], ex.width)
    for line in (*lines[1:rule], *numeric):
        assert _last_cells(line, ex.width) == columns, "\n".join(lines)
    grundy_end = _last_cells(lines[1], ex.width + 1)[0]  # the first pile's Grundy value ends here
    total = numeric[1][: grundy_end + 1]
    assert total.rstrip() == total and total.endswith(str(ex.nim_sum)), "\n".join(lines)
    assert max(len(line) for line in lines[: rule + 3]) <= 34  # the side panel at 80 columns


def test_the_hint_move_is_listed_first_and_marked() -> None:
    """The hint line names the fastest win; the panel lists it first and says so."""
    game = sum_game([SetRule([1, 3, 7, 8]), SetRule([1, 2, 3, 4])])
    ex = explain(game, (5, 5))  # three winning moves, on both piles
    assert ex is not None and len(ex.moves) == 3
    hinted = ex.moves[-1].to
    lines = nimsum_lines(ex, hinted)
    bullets = [line for line in lines if line.startswith("• ")]
    assert len(bullets) == len(ex.moves)
    assert bullets[0].endswith(tr("ui_game.nimsum.hinted"))
    last = ex.moves[-1]
    assert f"pile {last.pile} has Grundy value {last.before}; taking {last.take}" in bullets[0]
    assert not any(tr("ui_game.nimsum.hinted") in b for b in bullets[1:])
    for m in ex.moves:
        said = f"pile {m.pile} has Grundy value {m.before}; taking {m.take} "
        assert any(said in b for b in bullets)


def test_misere_has_no_grundy_explanation() -> None:
    assert explain(sum_game([SQUARES] * 3, misere=True), (5, 7, 10)) is None


def test_a_position_with_nothing_left_is_worked_out_too() -> None:
    """Kayles' last pin taken leaves no row: the panel's nim-sum of nothing is 0 (it raised
    TypeError in the worker that reads the panels, and the app ended)."""
    from squaregame.families.octal.panels import rows_data  # (a family's panel, tested here)
    from squaregame.play.session import Session

    game = make_game("octal", ["kayles"])
    data = rows_data(Session(game, (1,)), game.analyze(()))
    assert data.sizes == () and data.nimsum is not None
    assert data.nimsum[-1] == tr("octal.nimsum.cold")
