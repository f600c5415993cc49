"""Games of any family as the parts of a sum (issue 32, item 4), ``FAMILY:POSITION``:
read by the registry, valued exactly within the search's budget (against the definition,
``parts_reference``), with proven bounds beyond it in normal play, refused beyond it in
misère play unless one part alone can move; and through the command line, the Python API,
saves and records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from build import KINDS
from cli_helpers import run
from hypothesis import given, settings
from hypothesis import strategies as st
from parts_reference import State, children, grundy, value, written

import squaregame as sg
from squaregame.cli.main import main
from squaregame.core.errors import GameError, PositionError, TableLimitError
from squaregame.core.parts import Part, join_values, split_values
from squaregame.core.tables import Tables
from squaregame.core.types import Outcome
from squaregame.families.sums import mixed
from squaregame.families.sums import mixed_search as search
from squaregame.play import record_io as IO
from squaregame.play import records as R
from squaregame.play.saves import SavedGame, load_game, save_game
from squaregame.play.session import Session

TABLES = Tables()


def build(text: str, misere: bool = False) -> tuple[Any, Any]:
    """The sum written ``text`` (``squares:10 wythoff:3,5``): its game and its start."""
    rules, values = KINDS.read_parts("sum", [text])
    spec = KINDS.spec("sum", rules, misere, values)
    game = spec.build(TABLES)
    return game, spec.start(game)


def state_of(game: Any, pos: Any, names: list[str]) -> State:
    """The reference's state for a position of the program's game."""
    out = []
    for name, rule, part in zip(names, game.rules, game.split(pos), strict=True):
        if name == "pile":
            out.append(("pile", (rule.members, part)))
        elif name == "kayles":
            out.append(("kayles", tuple(sorted(part))))
        else:
            out.append((name, part))
    return tuple(out)


# -- the parts, drawn small enough for the definition -----------------------------------------
part_st = st.one_of(
    st.builds(lambda n: ("squares", n), st.integers(0, 14)),
    st.builds(lambda n: ("nim", n), st.integers(0, 7)),
    st.builds(lambda n: ("pile", ((1, 3, 4), n)), st.integers(0, 12)),
    st.builds(lambda x, y: ("wythoff", (x, y)), st.integers(0, 5), st.integers(0, 5)),
    st.builds(
        lambda rows: ("kayles", tuple(sorted(rows))),
        st.lists(st.integers(1, 5), min_size=1, max_size=2).filter(lambda r: sum(r) <= 7),
    ),
)
state_st = (
    st.lists(part_st, min_size=2, max_size=3)
    .filter(
        lambda s: any(name in ("wythoff", "kayles") for name, _ in s)  # a part of another family
    )
    .map(tuple)
)


def names_of(state: State) -> list[str]:
    return [name for name, _ in state]


WHOLE = mixed.MixedSumGame.plan


def no_whole_search(
    self: mixed.MixedSumGame, parts: Any, which: Any = None, budget: int = 0
) -> Any:
    """No search of the whole sum (as past the budget); its sub-sums' as before."""
    return None if which is None else WHOLE(self, parts, which, budget)


# -- writing a position part by part ----------------------------------------------------------
@given(st.lists(st.lists(st.integers(0, 9), min_size=1, max_size=4), min_size=1, max_size=5))
def test_a_sums_numbers_split_back_into_its_parts(parts: list[list[int]]) -> None:
    rules = [KINDS.part("kayles") if len(p) > 2 else KINDS.part("wythoff") for p in parts]
    values = [tuple(p) if len(p) > 2 else (*p, 0)[:2] for p in parts]
    assert split_values(rules, join_values(rules, values)) == tuple(values)


def test_parts_are_named_by_family_and_read_by_the_registry() -> None:
    rules, values = KINDS.read_parts("sum", ["squares:10", "wythoff:3,5", "nim:7"])
    assert rules == ("squares", "wythoff", "nim") and values == (10, 3, 5, 7)
    spec = KINDS.spec("sum", rules, False, values)
    assert isinstance(spec.rules[1], Part) and spec.rules[1].kind.key == "wythoff"
    assert spec.rules[0] == KINDS.find("squares").rule  # a pile kind: that pile's rule
    # the old --rule form, the same game; a spec's JSON reads back to it
    assert KINDS.spec("sum", ("squares", "wythoff", "nim"), False, (10, 3, 5, 7)) == spec
    assert KINDS.spec_from_json(spec.to_json()) == spec
    # rows that vary in number are counted; one row each may be typed short with --rule
    rules, values = KINDS.read_parts("sum", ["kayles:2,4 octal=0.07:5 1,3,7,8:9"])
    assert rules == ("kayles", "octal=0.07", "1,3,7,8") and values == (2, 2, 4, 1, 5, 9)
    short = KINDS.spec("sum", ("kayles", "nim"), False, (7, 3))
    assert short.position == (1, 7, 3)
    # spaces, brackets and any family's own way of writing a position
    assert KINDS.read_parts("sum", ["wythoff:", "(3,", "5)", "nim:1_000"])[1] == (3, 5, 1000)


@pytest.mark.parametrize(
    ("words", "key"),
    [
        (["10", "wythoff:3,5"], "errors.parts_written"),
        (["chess:3"], "errors.unknown_part"),
        (["sum:3"], "errors.part_is_sum"),
        (["wythoff:3"], "errors.part_numbers"),
        (["nim:1 2"], "errors.part_numbers"),
        (["nim:1,2"], "errors.part_numbers"),  # a comma in a part separates: two numbers
        (["octal:7"], "octal.errors.needs_code"),
        (["squares=nim:7"], "errors.takes_no_option"),
    ],
)
def test_parts_badly_written_are_refused_with_a_reason(words: list[str], key: str) -> None:
    with pytest.raises(GameError) as info:
        KINDS.read_parts("sum", words)
    assert info.value.key == key


def test_numbers_that_do_not_fit_the_parts_are_refused() -> None:
    for values in ((10, 3), (10, 3, 5, 7, 1), (10, 3, 5, 9, 7)):
        with pytest.raises(PositionError) as info:
            KINDS.spec("sum", ("squares", "wythoff", "kayles"), False, values)
        assert info.value.key == "errors.parts_misfit"
    with pytest.raises(PositionError):
        KINDS.spec("sum", ("squares", "wythoff"), False, (-1, 3, 5))


# -- the values -------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(state=state_st, misere=st.booleans())
def test_exact_values_are_the_definitions(state: State, misere: bool) -> None:
    """Within the budget: outcome and remoteness as defined, in either convention; the
    Grundy value (normal play) the mex over the sum's own positions: Sprague–Grundy holds."""
    game, pos = build(written(state), misere)
    info = game.info(pos)
    cold, rem = value(state, misere)
    assert info.remoteness_exact and info.remoteness == rem
    assert (info.outcome is Outcome.COLD) == cold
    assert info.grundy == (None if misere else grundy(state))
    a = game.analyze(pos)
    names = names_of(state)
    assert {state_of(game, m.to, names) for m in a.moves} == set(children(state))
    for m in a.moves:
        child = state_of(game, m.to, names)
        assert (m.info.outcome is Outcome.COLD, m.info.remoteness) == value(child, misere)


@settings(max_examples=40, deadline=None)
@given(state=state_st)
def test_bounds_beyond_the_search_are_proven(state: State) -> None:
    """Past the budget (here: no search of the whole sum; sub-sums still searched for D):
    the outcome is exact, the bounds hold around the true remoteness with its parity, and
    every move's outcome is the definition's."""
    game, pos = build(written(state))
    with pytest.MonkeyPatch.context() as m:
        m.setattr(mixed.MixedSumGame, "plan", no_whole_search)
        game = KINDS.spec("sum", [r.key for r in game.rules]).build(Tables())
        info = game.info(pos)
        a = game.analyze(pos)
    cold, rem = value(state, False)
    assert (info.outcome is Outcome.COLD) == cold and info.grundy == grundy(state)
    lo, hi = info.remoteness_lower, info.upper
    assert lo <= rem and (hi is None or rem <= hi)
    assert lo % 2 == (0 if cold else 1) and (hi is None or hi % 2 == lo % 2)
    assert not info.remoteness_exact or lo == rem
    names = names_of(state)
    for mv in a.moves:
        assert (mv.info.outcome is Outcome.COLD) == value(state_of(game, mv.to, names), False)[0]


def test_some_bounds_beyond_the_search_meet(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cold parts alone, the rest a sub-sum searched: D's bound meets E's (both proven)."""
    monkeypatch.setattr(mixed.MixedSumGame, "plan", no_whole_search)
    game, pos = build("wythoff:1,2 nim:3 squares:3")  # each part cold alone but Nim 3
    state = (("wythoff", (1, 2)), ("nim", 3), ("squares", 3))
    info = game.info(pos)
    assert info.upper is not None and info.remoteness_lower <= value(state, False)[1] <= info.upper


def test_misere_beyond_the_search_is_refused_unless_one_part_can_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(mixed.MixedSumGame, "plan", no_whole_search)
    with pytest.raises(TableLimitError) as info:  # Kayles is not proven tame (genus.py)
        build("squares:10 kayles:5", misere=True)
    assert info.value.key == "sums.errors.misere_parts_too_large"
    game, pos = build("squares:10 wythoff:3,5", misere=True)  # tame parts: the rule decides
    state = (("squares", 10), ("wythoff", (3, 5)))
    assert (game.info(pos).outcome is Outcome.COLD) == value(state, True)[0]
    game, pos = build("squares:0 wythoff:3,5 kayles:0", misere=True)  # the queen alone
    state = (("squares", 0), ("wythoff", (3, 5)), ("kayles", ()))
    got = game.info(pos)
    assert got.remoteness_exact
    assert (got.outcome is Outcome.COLD, got.remoteness) == value(state, True)


def test_the_search_is_refused_before_it_starts_past_its_budget() -> None:
    game, pos = build("squares:1000 wythoff:300 500 nim:1000000")
    parts = game.split(pos)
    assert not search.listable(game.units, parts)  # from what the parts declare: not listed
    assert not game._listed  # nor any part listed
    info = game.info(pos)
    assert info.outcome is Outcome.HOT and not info.remoteness_exact and info.grundy is not None
    assert not game._solved  # no search was made


# -- published sequences ----------------------------------------------------------------------
KAYLES_A002186 = (0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7)
LOWER_WYTHOFF_A000201 = (1, 3, 4, 6, 8, 9, 11, 12, 14, 16)
UPPER_WYTHOFF_A001950 = (2, 5, 7, 10, 13, 15, 18, 20, 23, 26)


def test_a_kayles_row_beside_nim_is_cold_exactly_at_its_grundy_value() -> None:
    """Kayles' Grundy values, OEIS A002186: kayles:n + nim:m is cold exactly when m is one."""
    for n, g in enumerate(KAYLES_A002186[1:], start=1):
        cold = []
        for m in range(9):
            game, pos = build(f"kayles:{n} nim:{m}")
            if game.info(pos).outcome is Outcome.COLD:
                cold.append(m)
        assert cold == [g], n


def test_the_queen_beside_an_empty_pile_is_cold_at_wythoffs_pairs() -> None:
    """Wythoff's cold squares (OEIS A000201, A001950), through a sum that is the queen's."""
    pairs = set(zip(LOWER_WYTHOFF_A000201, UPPER_WYTHOFF_A001950, strict=True))
    for x in range(1, 12):
        for y in range(x, 27):
            game, pos = build(f"nim:0 wythoff:{x},{y}")
            assert (game.info(pos).outcome is Outcome.COLD) == ((x, y) in pairs), (x, y)


# -- the command line -------------------------------------------------------------------------
def test_analyze_a_sum_of_several_families(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "analyze", "sum", "squares:10", "wythoff:3,5", "nim:7")
    assert code == 0 and not err
    assert "position 10 + (3,5) + 7" in out and "remoteness  9" in out
    assert "part 2: move to (1,5)" in out and "take 7 from pile 3" in out
    code, same, _ = run(
        capsys, "analyze", "sum", "10", "3", "5", "7", "--rule", "squares", "--rule", "wythoff",
        "--rule", "nim",
    )  # fmt: skip
    assert code == 0 and same == out
    code, out, _ = run(capsys, "analyze", "sum", "squares:10", "wythoff:3,5", "nim:7", "--json")
    doc = json.loads(out)
    assert doc["rule"] == ["squares", "wythoff", "nim"] and doc["position"] == [10, 3, 5, 7]
    assert doc["remoteness"] == 9 and doc["grundy"] == 7
    code, out, _ = run(capsys, "analyze", "sum", "kayles:7", "nim:3", "--misere")
    assert code == 0 and "(misère)" in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["squares:10", "wythoff:3"], "does not give that part's position"),
        (["squares:10", "chess:3"], "'chess' is neither a game nor a rule"),
        (["squares:10", "wythoff:3,5", "--rule", "nim"], "or give --rule, not both"),
        (["squares:-1", "nim:3"], "cannot be negative"),
        (["squares:99", "wythoff:60,60", "kayles:20", "--misere"], "too large to solve exactly"),
    ],
)
def test_bad_parts_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    code, out, err = run(capsys, "analyze", "sum", *argv)
    assert code == 2 and not out and said in err and err.count("\n") == 1


def test_why_and_play_take_parts(capsys: pytest.CaptureFixture[str]) -> None:
    from squaregame.cli.main import make_parser
    from squaregame.cli.play import build_request

    code, out, _ = run(capsys, "why", "sum", "squares:3", "wythoff:1,2", "--depth", "1")
    assert code == 0 and "(1,2)" in out
    argv = ["play", "sum", "squares:10", "wythoff:3,5", "nim:7"]
    args = make_parser(argv).parse_args(argv)
    req = build_request(args, TABLES)
    assert req.start == (10, 3, 5, 7) and [r.key for r in req.rules] == [
        "squares", "wythoff", "nim"
    ]  # fmt: skip


# -- the Python API ---------------------------------------------------------------------------
def test_the_api_takes_parts_written_by_name() -> None:
    p = sg.position("sum", "squares:10 wythoff:3,5 nim:7")
    assert (p.rules, p.values, p.remoteness, p.grundy) == (
        ("squares", "wythoff", "nim"), (10, 3, 5, 7), 9, 7
    )  # fmt: skip
    assert p == sg.position("sum", ["squares:10", "wythoff:3,5", "nim:7"])
    assert p == sg.position("sum", [10, 3, 5, 7], rules=["squares", "wythoff", "nim"])
    best = p.best_move()
    assert best.wins and best.to.values == (10, 3, 5, 0)
    with pytest.raises(sg.GameError, match="or give rules, not both"):
        sg.position("sum", "squares:10 wythoff:3,5", rules="nim")
    with pytest.raises(sg.GameError, match="squares is not a sum"):
        sg.position("squares", "squares:10")


# -- saves and records ------------------------------------------------------------------------
def test_a_game_of_parts_is_saved_and_recorded(tmp_path: Path) -> None:
    game, start = build("squares:6 wythoff:2,3 kayles:4")
    s = Session(game, start, human_first=True)
    for _ in range(3):
        s.play(game.children(s.position)[-1])
    path = tmp_path / "game.json"
    save_game(SavedGame(s, "perfect", None), path)
    doc = json.loads(path.read_text())
    assert doc["game"]["rules"] == ["squares", "wythoff", "kayles"]
    restored, msg = load_game(path, KINDS)
    assert msg is None and restored is not None
    assert restored.session.position == s.position and restored.session.start == start
    for fmt in (R.Format.TEXT, R.Format.JSON, R.Format.CSV):
        text = IO.write_record(s, fmt, "perfect")
        again = R.replay(IO.parse_record(text, KINDS), TABLES)
        assert [p.after for p in again.session.plies] == [p.after for p in s.plies]


PART_NAMES = ["squares", "nim", "wythoff", "kayles", "octal=0.07", "1,3,7,8", "sum", "chess",
              "", "=", "octal=", "squares=nim", "квадраты", "x" * 50, "subtraction"]  # fmt: skip
PART_VALUES = ["0", "3", "2,1", "3 4", "(1, 2)", "-1", "", "1e9", "٣", "1,000", "9" * 60, ":"]


@settings(max_examples=40, deadline=None)
@given(
    words=st.lists(
        st.builds(
            lambda n, v: f"{n}:{v}", st.sampled_from(PART_NAMES), st.sampled_from(PART_VALUES)
        )
        | st.sampled_from(PART_VALUES),
        min_size=1,
        max_size=4,
    ),
    misere=st.booleans(),
)
def test_any_parts_typed_answer_or_are_refused_in_one_line(words: list[str], misere: bool) -> None:
    """Parts written any way at all: an answer (status 0) or one line on stderr (2)."""
    import contextlib
    import io

    if not any(":" in w for w in words):
        words = ["nim:1", *words]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(["analyze", "sum", *words, *(["--misere"] if misere else [])])
        except SystemExit as exc:
            code = int(exc.code or 0)
    assert code in (0, 2), (words, err.getvalue())
    assert code == 0 or err.getvalue().count("\n") == 1, err.getvalue()
