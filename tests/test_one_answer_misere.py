"""One answer for one game past the octal rows' search (issue 44, item 4): the same rows
written as octal rows, as one sum part, as one part per row, with parts that cannot move,
and (subtraction codes) as a sum of piles get the same outcome, remoteness (or the same
bounds) and winning moves — with rows of 40 to 200 tokens, so that the misère quotient
(Kayles), the genus (piles) and the values' period (normal play) decide them — or every
form is refused.

Each form's answer is compared as games: its outcome, remoteness or bounds, Grundy value,
the quotient it reports, and its winning moves as the multiset of rows they leave. The
misère answers themselves are checked against the plain search of
:mod:`squaregame.families.octal.search` where that reaches (at most 30 tokens), in
``tests/test_octal_quotient.py``; here it is the forms that must agree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import squaregame as sg
from squaregame.core.errors import GameError

CODE = {"kayles": "0.77", "squares": "squares", "nim": "nim"}


def rows_of(p: Any) -> tuple[int, ...]:
    """The rows a position leaves, in order of size (separators and empty parts left out)."""
    at = p._at
    game = p._game
    if hasattr(game, "split"):  # a sum of parts: each part's rows
        out: list[int] = []
        for part in game.split(at):
            out += part if isinstance(part, tuple) else [part]
        return tuple(sorted(n for n in out if n))
    return tuple(sorted(n for n in at if n))


def said(make: Callable[[], Any]) -> Any:
    """What one form says (or that it refuses)."""
    try:
        p = make()
        wins = frozenset(rows_of(m.to) for m in p.moves() if m.wins)
        quotient = p._game.misere_quotient()
        return (p.outcome, p.remoteness, p.remoteness_bounds, p.grundy, quotient, wins)
    except GameError as e:
        return f"refused: {e.key}"  # (the same line in every form: the same key)


def forms(game: str, rows: list[int], misere: bool) -> dict[str, Callable[[], Any]]:
    """The one game of ``rows`` under ``game``'s rule, written every way the program reads."""
    code = CODE[game]
    out: dict[str, Callable[[], Any]] = {
        "rows": lambda: sg.position("octal", rows, rules=[code], misere=misere),
        "part per row": lambda: sg.position(
            "sum", " ".join(f"{game}:{n}" for n in rows), misere=misere
        ),
        "with a part that cannot move": lambda: sg.position(
            "sum", " ".join(f"{game}:{n}" for n in rows) + " wythoff:0,0", misere=misere
        ),
    }
    if game == "kayles" or len(rows) == 1:  # (a pile is one number: no comma in it)
        out["one part"] = lambda: sg.position(
            "sum", f"{game}:{','.join(map(str, rows))}", misere=misere
        )
    if len(rows) > 1:  # one code per row, the same code every time
        out["rows per code"] = lambda: sg.position(
            "octal", rows, rules=[code] * len(rows), misere=misere
        )
    if game != "kayles":
        out["piles"] = lambda: sg.position("sum", rows, rules=[game] * len(rows), misere=misere)
    return out


def answers(game: str, rows: list[int], misere: bool) -> dict[str, Any]:
    return {name: said(make) for name, make in forms(game, rows, misere).items()}


def one_answer(found: dict[str, Any]) -> bool:
    first = next(iter(found.values()))
    # the quotient is a fact of the code, reported by a form that used it (the others: none)
    strip = {k: v if isinstance(v, str) else v[:4] + v[5:] for k, v in found.items()}
    return all(v == strip[next(iter(strip))] for v in strip.values()) and first is not None


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
@pytest.mark.parametrize(
    ("game", "rows"),
    [
        ("kayles", [40, 37]),  # the issue's: the quotient (misère), the period (normal)
        ("kayles", [100, 37, 5]),
        ("kayles", [8, 9]),  # within the search
        ("kayles", [0]),  # no row: the empty game
        ("squares", [100, 200]),
    ],
)
def test_the_issue_games_get_one_answer(game: str, rows: list[int], misere: bool) -> None:
    found = answers(game, rows, misere)
    assert one_answer(found), found
    assert not any(isinstance(v, str) for v in found.values()), found


def test_kayles_beyond_the_search_reports_its_quotient_every_way() -> None:
    found = answers("kayles", [40, 37], True)
    assert {v[4][0]["order"] for v in found.values()} == {40}, found  # Sibert–Conway: 40
    assert {v[0] for v in found.values()} == {"cold"}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rows=st.lists(
        st.one_of(st.integers(1, 12), st.integers(40, 200)), min_size=1, max_size=3
    ).filter(lambda r: sum(r) > 30),
    misere=st.booleans(),
)
def test_kayles_rows_past_the_search_get_one_answer(rows: list[int], misere: bool) -> None:
    found = answers("kayles", rows, misere)
    assert one_answer(found), found


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["squares", "nim"]),
    rows=st.lists(st.integers(1, 200), min_size=2, max_size=2),
    misere=st.booleans(),
)
def test_piles_written_as_rows_get_one_answer(game: str, rows: list[int], misere: bool) -> None:
    found = answers(game, rows, misere)
    assert one_answer(found), found


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
@pytest.mark.parametrize(
    ("codes", "rows", "parts"),
    [
        (["kayles", "nim"], [40, 0, 5], "kayles:40 nim:5"),  # misère: refused alike
        (["kayles", "squares", "kayles"], [6, 6, 0, 8, 0, 5, 6], "kayles:6,6 squares:8 kayles:5,6"),
        (["0.77", "0.77"], [40, 0, 37], "kayles:40 kayles:37"),  # one game: the quotient
        (["squares", "nim"], [100, 200], "squares:100 nim:200"),
    ],
)
def test_rows_under_several_codes_are_the_sum_of_parts(
    codes: list[str], rows: list[int], parts: str, misere: bool
) -> None:
    found = {
        "rows": said(lambda: sg.position("octal", rows, rules=codes, misere=misere)),
        "parts": said(lambda: sg.position("sum", parts, misere=misere)),
    }
    assert one_answer(found), found
