"""A part that cannot move is dropped before deciding (issue 44, item 4): a sum whose other
parts are piles is that sum of piles, in normal and misère play — the same outcome,
remoteness, Grundy value and moves as written with the piles alone (``sum 1000 1000 --rule
squares --rule nim --misere``), while the moves and the JSON still show the whole position.
Small positions are checked against the exact search of the parts, which drops nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from build import KINDS
from cli_helpers import run
from hypothesis import given, settings
from hypothesis import strategies as st

from squaregame.core.tables import Tables
from squaregame.families.sums import mixed_search as search

TABLES = Tables()
DEAD = ["grundys-game:2,1,2", "wythoff:0,0", "kayles:0", "dawsons-kayles:1"]


def build(text: str, misere: bool) -> tuple[Any, Any]:
    rules, values = KINDS.read_parts("sum", [text])
    spec = KINDS.spec("sum", rules, misere, values)
    game = spec.build(TABLES)
    return game, spec.start(game)


def said(game: Any, pos: Any) -> tuple[Any, ...]:
    a = game.analyze(pos)
    info = a.info
    moves = [(m.info.outcome, m.info.remoteness_lower, m.info.upper) for m in a.moves]
    return info.outcome, info.remoteness_lower, info.upper, info.grundy, moves


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
@pytest.mark.parametrize("dead", DEAD)
def test_a_dead_part_beside_large_piles_answers_as_the_piles(dead: str, misere: bool) -> None:
    game, pos = build(f"{dead} squares:1000 nim:1000", misere)
    piles, at = build("squares:1000 nim:1000", misere)
    assert said(game, pos) == said(piles, at)
    a = game.analyze(pos)
    dead_values = game.split(pos)[0]
    assert all(game.split(m.to)[0] == dead_values for m in a.moves)  # the whole position
    assert {game.move(pos, m.to).pile for m in a.moves} == {1, 2}  # each pile its own part


def test_the_issue_sum_is_answered_in_misere_play(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "analyze", "sum", "grundys-game:2,1,2", "squares:1000", "nim:1000", "--misere",
        "--json",
    )  # fmt: skip
    assert code == 0, err
    doc = json.loads(out)
    code, out, err = run(
        capsys, "analyze", "sum", "1000", "1000", "--rule", "squares", "--rule", "nim",
        "--misere", "--json",
    )  # fmt: skip
    assert code == 0, err
    alone = json.loads(out)
    assert doc["position"][:4] == [3, 2, 1, 2] and doc["position"][4:] == alone["position"]
    for key in ("outcome", "remoteness", "grundy", "move_counts"):
        assert doc[key] == alone[key], key


@settings(max_examples=40, deadline=None)
@given(
    dead=st.sampled_from(DEAD),
    a=st.integers(0, 12),
    b=st.integers(0, 12),
    rules=st.sampled_from([("squares", "nim"), ("1,3,4", "squares"), ("nim", "nim")]),
    misere=st.booleans(),
)
def test_dropping_agrees_with_the_search_of_every_part(
    dead: str, a: int, b: int, rules: tuple[str, str], misere: bool
) -> None:
    game, pos = build(f"{dead} {rules[0]}:{a} {rules[1]}:{b}", misere)
    parts = game.split(pos)
    plan = game.plan(parts)
    assert plan is not None  # (small: within the search)
    cold, rem = search.solve(plan, misere).lookup(parts) or (None, None)
    info = game.info(pos)
    assert info.remoteness_exact and info.remoteness == rem
    assert (info.outcome.value == "cold") == cold


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
@pytest.mark.parametrize("text", ["grundys-game:4 squares:9 nim:6", "kayles:3 nim:7 squares:8"])
def test_plays_in_which_a_part_ends_keep_the_searched_values(text: str, misere: bool) -> None:
    """Random plays from a start the search covers: at every position (before and after a
    part has no move left) the position and each of its moves are valued as the search of
    every part values them."""
    game, pos = build(text, misere)
    solved = search.solve(game.plan(game.split(pos)), misere)

    def truth(at: Any) -> tuple[bool, int] | None:
        return solved.lookup(game.split(at))

    rng = random.Random(5)
    for _ in range(10):
        at = pos
        while not game.is_terminal(at):
            a = game.analyze(at)
            for got, where in [(a.info, at), *((m.info, m.to) for m in a.moves)]:
                assert ((got.outcome.value == "cold"), got.remoteness) == truth(where)
            at = rng.choice(game.children(at))
