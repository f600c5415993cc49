"""Inside a part of a sum a comma separates the part's numbers (a queen's coordinates, a
take-and-break game's rows), never groups a number's digits — wherever a part is read: the
command line, the Python API and the new-game dialog (all through ``Kinds.read_parts``)."""

from __future__ import annotations

import json

import pytest
from build import KINDS
from cli_helpers import run

import squaregame as sg
from squaregame.core.errors import GameError
from squaregame.play.setup import spec_from_fields

READ = {
    "wythoff:300,500 squares:4": (300, 500, 4),
    "kayles:250,340 nim:3": (2, 250, 340, 3),
    "kayles:1,100,200 nim:3": (3, 1, 100, 200, 3),
    "squares:10 wythoff:3,500": (10, 3, 500),
    "nim:1_000 kayles:2,4": (1000, 2, 2, 4),
}


@pytest.mark.parametrize(("text", "values"), READ.items(), ids=READ.keys())
def test_a_comma_in_a_part_separates_everywhere(
    capsys: pytest.CaptureFixture[str], text: str, values: tuple[int, ...]
) -> None:
    assert KINDS.read_parts("sum", [text])[1] == values
    assert sg.position("sum", text).values == values
    sum_kind = KINDS.find("sum")
    assert spec_from_fields(sum_kind, {"position": text}, KINDS).position == values
    code, out, err = run(capsys, "analyze", "sum", *text.split(), "--json")
    assert code == 0, err
    assert tuple(json.loads(out)["position"]) == values


@pytest.mark.parametrize("text", ["nim:1,000", "squares:12,500", "kayles:1,000"])
def test_a_pile_or_rows_written_with_thousands_are_refused(text: str) -> None:
    """One number where a pile takes one: two numbers, or a row "000" that could be read
    either way — refused with a reason, never read as 1000."""
    with pytest.raises(GameError) as info:
        KINDS.read_parts("sum", [text])
    assert info.value.key in {"errors.part_numbers", "errors.number_ambiguous"}
