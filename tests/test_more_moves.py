"""The line under a move list that is not complete (``more_moves``): truthful whether the
summary's ranges describe every unlisted move, some of them, or none (rows of a million are
counted and their winning moves found, never valued one by one: no ranges)."""

from __future__ import annotations

from squaregame.core.types import MoveRange, MoveSummary
from squaregame.play.view import MoveLine
from squaregame.play.wording import more_moves
from squaregame.text import set_language


def summary(total: int, winning: int, *ranges: MoveRange[int]) -> MoveSummary[int]:
    return MoveSummary(total, winning, ranges, (), target_at=lambda k: k)


def line(to: int, wins: bool, plain: bool = True) -> MoveLine[int]:
    return MoveLine(f"take {to}", to, wins, 1, plain=plain)


def losing_range(count: int, lower: int = 1, upper: int | None = 1) -> MoveRange[int]:
    return MoveRange(0, 10, 10 + count, count, 0, lower, upper, upper == lower)


SHOWN = (line(1, True), line(2, True), line(3, False), line(4, False, plain=False))


def test_no_ranges_counts_the_unlisted_winners_from_the_summary_and_the_listed() -> None:
    without, hinted = more_moves(summary(1_000_000, 10_000), SHOWN)
    assert without == "… and 999 997 more moves"  # three of the listed are shown without hints
    assert hinted == "… and 999 996 more moves: 9 998 of them win"


def test_no_ranges_and_every_winner_listed_says_the_rest_lose_without_a_span() -> None:
    _, hinted = more_moves(summary(1_000_000, 2), SHOWN)
    assert hinted == "… and 999 996 more moves, all losing"


def test_no_ranges_and_only_winners_left_says_they_all_win() -> None:
    shown = (line(1, True),)
    assert more_moves(summary(5, 5), shown)[1] == "… and 4 more moves, all winning"
    assert more_moves(summary(2, 2), shown)[1] == "… and 1 more move, winning"


def test_ranges_for_some_unlisted_moves_give_no_span() -> None:
    _, hinted = more_moves(summary(1_000, 2, losing_range(10)), SHOWN)
    assert hinted == "… and 996 more moves, all losing"  # not "lose 2": 986 were not valued


def test_ranges_for_every_unlisted_move_give_the_span() -> None:
    ranges = (losing_range(990, 1, 1), losing_range(6, 3, None))
    _, hinted = more_moves(summary(1_000, 2, *ranges), SHOWN)
    assert hinted == "… and 996 more moves, all losing: lose ≥2"
    _, hinted = more_moves(summary(1_000, 2, losing_range(996, 1, 4)), SHOWN)
    assert hinted == "… and 996 more moves, all losing: lose 2–5"


def test_every_move_listed_has_no_hinted_line() -> None:
    assert more_moves(summary(4, 2), SHOWN) == ("… and 1 more move", "")


def test_the_new_lines_in_russian_and_spanish() -> None:
    set_language("ru")
    assert more_moves(summary(29, 2), SHOWN)[1] == "… и ещё 25 ходов, все проигрышные"
    assert more_moves(summary(25, 2), SHOWN)[1] == "… и ещё 21 ход, проигрышный"
    set_language("es")
    assert more_moves(summary(1_000_004, 2), SHOWN)[1] == (
        "… y 1 000 000 de jugadas más, todas perdedoras"
    )
