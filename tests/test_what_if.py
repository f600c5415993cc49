"""Going back to any earlier position of a game to explore a *what-if*, and back to the game:
the session's branch API (what the value-history chart and the moves-so-far list call)."""

from __future__ import annotations

from pathlib import Path

import pytest
from build import KINDS, pile_game
from hypothesis import given, settings
from hypothesis import strategies as st

from squaregame.core.rules import SQUARES
from squaregame.play.saves import SavedGame, load_game, save_game
from squaregame.play.session import Session


def _game(start: int = 40, plies: int = 6) -> Session[int]:
    s = Session(pile_game(SQUARES), start)
    while len(s.plies) < plies and not s.over:
        s.play(s.analysis().best_moves()[0].to)
    return s


def test_jump_explore_and_return() -> None:
    s = _game()
    main = [p.after for p in s.plies]
    s.jump(2)
    assert s.exploring and s.position == main[1] and len(s.plies) == 2
    assert s.on_main_line()  # no new move yet: redo walks the game's own moves
    s.redo()
    assert [p.after for p in s.plies] == main[: len(s.plies)] and s.on_main_line()
    s.jump(2)
    other = next(m.to for m in s.analysis().moves if m.to != main[2])
    s.play(other)  # the what-if begins
    assert not s.on_main_line() and s.position == other and not s.can_redo()
    assert s.back_to_main() == len(main)
    assert [p.after for p in s.plies] == main and not s.exploring


def test_jumping_again_keeps_the_same_main_line() -> None:
    s = _game(plies=6)
    main = [p.after for p in s.plies]
    s.jump(4)
    s.play(next(m.to for m in s.analysis().moves if m.to != main[4]))
    s.jump(1)  # further back, from inside the what-if
    assert s.branch_at == 1 and len(s.plies) == 1
    s.back_to_main()
    assert [p.after for p in s.plies] == main


def test_a_jump_outside_the_game_is_refused() -> None:
    s = _game(plies=2)
    for n in (-1, 3):
        with pytest.raises(ValueError):
            s.jump(n)
    assert not s.exploring


def test_a_what_if_is_never_saved_over_the_game(tmp_path: Path) -> None:
    s = _game(plies=6)
    main = [p.after for p in s.plies]
    s.jump(2)
    s.play(next(m.to for m in s.analysis().moves if m.to != main[2]))
    path = tmp_path / "g.json"
    save_game(SavedGame(s, "perfect", 1), path)
    loaded, msg = load_game(path, KINDS)
    assert msg is None and loaded is not None
    assert [p.after for p in loaded.session.plies] == main and not loaded.session.can_redo()


@settings(max_examples=40, deadline=None)
@given(st.integers(8, 60), st.lists(st.integers(0, 30), min_size=1, max_size=6))
def test_any_jumps_then_back_restore_the_game_exactly(start: int, jumps: list[int]) -> None:
    """Against the plain record: whatever jumps and what-if moves are made, back_to_main
    gives back exactly the plies the game had (moves, verdicts, values)."""
    s = _game(start, plies=8)
    before = list(s.plies)
    for j in jumps:
        s.jump(j % (len(s.plies) + 1))
        if not s.over:
            s.play(s.analysis().moves[-1].to)
    s.back_to_main()
    assert s.plies == before and s.main_line is None and not s.redo_stack


def test_a_record_is_made_of_the_games_own_moves() -> None:
    from squaregame.play.records import record_of

    s = _game(plies=6)
    main = [p.after for p in s.plies]
    s.jump(2)
    s.play(next(m.to for m in s.analysis().moves if m.to != main[2]))
    record = record_of(s.main_game())
    assert [v[0] for v in record.moves] == main
    assert s.exploring and len(s.plies) == 3  # the what-if itself is untouched
