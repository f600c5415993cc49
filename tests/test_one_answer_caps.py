"""The cap on listed moves is what docs/command-line.md promises — at most
``MAX_LISTED_MOVES`` (1,000), edges included — for every family, in JSON and in text
(issue 44: ``analyze kayles 1000000000 --json`` listed 1,006)."""

from __future__ import annotations

import json
import re

import pytest
from build import make_spec
from cli_helpers import run

from squaregame.core.moves import MAX_LISTED_MOVES
from squaregame.core.tables import Tables

# One position per family with more legal moves than the cap (several with more winning or
# longest-defence moves than it, so the edges must give way).
MANY_MOVES = {
    "pile": ["nim", "1000000000000"],
    "pile-sum": ["sum", "1000000000000", "5", "--rule", "nim", "--rule", "squares"],
    "pile-sum-cold": ["sum", "5000", "5000", "--rule", "nim"],
    "wythoff": ["wythoff", "3000", "3500"],
    "octal": ["kayles", "1000000000"],
    "octal-rows": ["kayles", "1000000000", "999999999"],
    "parts": ["sum", "nim:5000", "nim:5000", "wythoff:3,5"],
}


@pytest.mark.parametrize("argv", MANY_MOVES.values(), ids=MANY_MOVES.keys())
def test_json_lists_at_most_the_cap(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, "analyze", *argv, "--json")
    assert code == 0, err
    doc = json.loads(out)
    counts = doc["move_counts"]
    assert counts["total"] > MAX_LISTED_MOVES  # (the cap is in play)
    assert len(doc["moves"]) == counts["listed"] <= MAX_LISTED_MOVES
    assert doc["moves_truncated"] is True


@pytest.mark.parametrize("argv", MANY_MOVES.values(), ids=MANY_MOVES.keys())
def test_text_lists_at_most_the_cap(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, "analyze", *argv)
    assert code == 0, err
    said = re.search(r"; ([\d,]+) listed", out)
    assert said is not None, out[-400:]
    assert int(said.group(1).replace(",", "")) <= MAX_LISTED_MOVES


def test_octal_rows_too_long_to_list_keep_a_lowered_cap() -> None:
    """Kayles' row of 10^9 has over 80 million winning moves: a cap of 10 lists 10, the
    winning ones first (the edges only where there is room)."""
    game = make_spec("kayles", (), False).build(Tables())
    pos = game.parse_position([10**9])
    a = game.analyze(pos, cap=10)
    assert len(a.moves) == 10
    assert all(m.wins for m in a.moves)
    assert a.summary is not None and a.summary.total == 10**9
    wide = game.analyze(pos)
    assert len(wide.moves) == MAX_LISTED_MOVES
