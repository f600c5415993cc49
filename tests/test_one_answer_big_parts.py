"""Big parts of a normal-play sum are answered from the parts' Grundy values (issue 44:
``analyze sum dawsons-kayles:989045510 wythoff:1105,1170 nim:99`` was refused for "more
than 20000 moves"): the outcome from the nim-sum, every winning move counted and found by
the part itself (a move in part i to value g_i xor x), never more moves listed than the cap.
Checked against the plain listing of every move, with the limit on moves valued one by one
lowered so that the same positions take the counting path."""

from __future__ import annotations

import json
from typing import Any

import pytest
from build import KINDS
from cli_helpers import run

from squaregame.core.moves import MAX_LISTED_MOVES
from squaregame.core.tables import Tables
from squaregame.core.types import Outcome
from squaregame.families.sums import mixed_big

TABLES = Tables()


def build(text: str, misere: bool = False) -> tuple[Any, Any]:
    rules, values = KINDS.read_parts("sum", [text])
    spec = KINDS.spec("sum", rules, misere, values)
    game = spec.build(TABLES)
    return game, spec.start(game)


SUMS = [
    "kayles:600 wythoff:20,30 nim:7",  # hot: the winning move may be in any part
    "dawsons-kayles:500 nim:3 squares:12",
    "kayles:300 dawsons-kayles:300 nim:5",  # cold (4 ^ 1 ^ 5): no winning move
    "kayles:250,340 nim:1000 wythoff:3,5",
]


@pytest.mark.parametrize("text", SUMS)
def test_counted_moves_agree_with_every_move_valued(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, pos = build(text)
    full = game.analyze(pos, cap=10**6)  # every move listed, each sorted by its value
    assert full.summary is None
    monkeypatch.setattr(mixed_big, "PART_MOVES", 100)  # the octal parts now count theirs
    counted = game.analyze(pos)
    assert counted.summary is not None
    assert counted.info.outcome is full.info.outcome
    assert counted.info.grundy == full.info.grundy
    assert counted.summary.total == len(full.moves)
    winners = {m.to for m in full.moves if m.info.outcome is Outcome.COLD}
    assert counted.summary.winning == len(winners)
    listed_winners = {m.to for m in counted.moves if m.wins}
    assert listed_winners == winners  # (all of them: fewer than the cap)
    every = {m.to: m.info.outcome for m in full.moves}
    for m in counted.moves:  # each listed move is one of the position's, its outcome exact
        assert every[m.to] is m.info.outcome
    for k in (0, 1, counted.summary.total // 2, counted.summary.total - 1):
        assert counted.summary.target_at(k) == full.moves[k].to


def test_the_issue_sum_is_answered_with_its_winning_moves(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["sum", "dawsons-kayles:989045510", "wythoff:1105,1170", "nim:99", "--json"]
    code, out, err = run(capsys, "analyze", *argv)
    assert code == 0, err
    doc = json.loads(out)
    game, pos = build("dawsons-kayles:989045510 wythoff:1105,1170 nim:99")
    g = [u.info(p).grundy for u, p in zip(game.units, game.split(pos), strict=True)]
    assert doc["grundy"] == g[0] ^ g[1] ^ g[2] != 0
    assert doc["outcome"] == "hot"
    counts = doc["move_counts"]
    assert counts["total"] > 494_000_000
    assert len(doc["moves"]) == counts["listed"] <= MAX_LISTED_MOVES
    wins = [m for m in doc["moves"] if m["outcome"] == "cold"]
    assert len(wins) == counts["winning"] >= 1
    for m in wins:  # each winning move leaves a sum of Grundy value 0
        child = tuple(m["to"])
        parts = game.split(child)
        values = [u.info(p).grundy for u, p in zip(game.units, parts, strict=True)]
        assert values[0] ^ values[1] ^ values[2] == 0


def test_many_winning_moves_in_a_big_part_keep_the_cap() -> None:
    """A row of 10^9 in Kayles beside a cold pile: over 80 million winning moves, 1,000
    listed, every one winning."""
    game, pos = build("kayles:1000000000 nim:0")
    a = game.analyze(pos)
    assert a.summary is not None and a.summary.winning > 80_000_000
    assert len(a.moves) == MAX_LISTED_MOVES and all(m.wins for m in a.moves)


def test_misere_sums_with_a_big_part_are_still_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "analyze", "sum", "dawsons-kayles:989045510", "nim:99", "--misere")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
