"""The opponent: never loses from hot, lasts exactly the remoteness from cold."""

from __future__ import annotations

import random
from typing import Any

import pytest
from build import pile_game, sum_game, wythoff_game
from said import raises_saying

from squaregame.core.ai import LEVELS, Opponent, get_level
from squaregame.core.errors import GameError
from squaregame.core.game import Game
from squaregame.core.rules import SQUARES, SetRule
from squaregame.core.types import Outcome

CASES: list[tuple[str, Game[Any], Any]] = [
    ("squares", pile_game(SQUARES), lambda r: r.randrange(0, 3000)),
    ("squares-misere", pile_game(SQUARES, True), lambda r: r.randrange(0, 3000)),
    ("set", pile_game(SetRule([1, 3, 7, 8])), lambda r: r.randrange(0, 500)),
    ("wythoff", wythoff_game(), lambda r: (r.randrange(60), r.randrange(60))),
    ("wythoff-misere", wythoff_game(True), lambda r: (r.randrange(60), r.randrange(60))),
    ("sum", sum_game([SQUARES, SetRule([1, 2, 3])]), lambda r: (r.randrange(30), r.randrange(30))),
]


def play(
    game: Game[Any], start: Any, first: Opponent[Any], second: Opponent[Any]
) -> tuple[int, int]:
    """Plays out a game; returns (index of the winner, number of moves made)."""
    pos, players, moves = start, (first, second), 0
    while True:
        a = game.analyze(pos)
        nxt = players[moves % 2].choose(a)
        if nxt is None:
            mover = moves % 2  # the player to move now cannot move
            return (1 - mover, moves) if not game.misere else (mover, moves)
        pos = nxt
        moves += 1


class RandomPlayer(Opponent[Any]):
    def choose(self, analysis):  # type: ignore[no-untyped-def]
        return self.rng.choice(analysis.moves).to if analysis.moves else None


@pytest.mark.parametrize("name, game, start_fn", CASES, ids=[g[0] for g in CASES])
def test_never_loses_from_hot_and_delays_from_cold(
    name: str, game: Game[Any], start_fn: Any
) -> None:
    rng = random.Random(name)
    for trial in range(25):
        start = start_fn(rng)
        info = game.info(start)
        perfect: Opponent[Any] = Opponent("perfect", seed=trial)
        for rival in (RandomPlayer(seed=trial), Opponent("perfect", seed=trial + 99)):
            winner, moves = play(game, start, perfect, rival)
            if info.outcome is Outcome.HOT:
                assert winner == 0, (start, moves)
            if isinstance(rival, Opponent) and not isinstance(rival, RandomPlayer):
                assert moves == info.remoteness  # both perfect: exactly the remoteness
                assert winner == (0 if info.outcome is Outcome.HOT else 1)
            elif info.outcome is Outcome.COLD:
                # against a random rival the game lasts at least as long, unless it slips
                assert winner == 0 or moves >= info.remoteness


def test_from_hot_it_takes_the_fastest_win() -> None:
    game = pile_game(SQUARES)
    a = game.analyze(75)
    assert Opponent(seed=1).choose(a) == 39


def test_seed_makes_choices_reproducible() -> None:
    game = pile_game(SQUARES)
    a = game.analyze(1000)
    picks = [Opponent("casual", seed=5).choose(a) for _ in range(3)]
    assert len(set(picks)) == 1


def test_fallible_levels_slip_sometimes() -> None:
    game = pile_game(SQUARES)
    a = game.analyze(75)  # exactly one winning move
    for key, level in LEVELS.items():
        ai: Opponent[int] = Opponent(key, seed=0)
        wrong = sum(ai.choose(a) != 39 for _ in range(400))
        if level.slip == 0:
            assert wrong == 0
        else:
            assert 0 < wrong < 400


def test_unknown_level() -> None:
    with raises_saying(GameError, "unknown level"):
        get_level("godlike")


@pytest.mark.parametrize("name, game, start_fn", CASES, ids=[g[0] for g in CASES])
def test_the_opponents_shortcut_agrees_with_the_full_analysis(
    name: str, game: Game[Any], start_fn: Any
) -> None:
    rng = random.Random(name + "shortcut")
    for _ in range(60):
        pos = start_fn(rng)
        assert sorted(game.best_moves(pos)) == sorted(m.to for m in game.analyze(pos).best_moves())
        ai: Opponent[Any] = Opponent(seed=1)
        to = ai.move(game, pos)
        assert (to is None) == game.is_terminal(pos)
