"""The public Python API (``squaregame.api``): the README's example as written, agreement with
``analyze --json`` and ``why``, the textbook values, positions as values, the picture, bad
input, and an ``import squaregame`` that costs nothing."""

from __future__ import annotations

import contextlib
import dataclasses
import doctest
import html
import inspect
import io
import json
import subprocess
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
import squaregame as sg
import squaregame.api
import squaregame.core.why
from squaregame.cli.main import main
from squaregame.core.tables import Tables
from squaregame.families import GAMES
from squaregame.text import set_language

README = Path(__file__).resolve().parent.parent / "README.md"
Case = tuple[str, tuple[int, ...], tuple[str, ...], bool]  # game, numbers, rules, misère


def readme_section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## Python API")
    return text[start : text.index("\n## ", start + 1)]


# The example, line by line: each must be in the README's doctest as written.
EXAMPLE = (
    "import squaregame as sg",
    'p = sg.position("squares", 22)',
    "p.outcome, p.remoteness, p.grundy",
    "p.remoteness_bounds",
    "[(m.label, m.to.outcome, m.to.remoteness) for m in p.moves()]",
    "p.best_move()",
    "p.why(depth=2)",
    'sg.position("wythoff", (3, 5)); '
    'sg.position("sum", [5, 7, 10], rules=["squares", "nim", "1,3,7,8"])',
    'sg.position("squares", 40, misere=True); sg.games()',
)


def test_the_readme_example_runs_as_written() -> None:
    test = doctest.DocTestParser().get_doctest(
        readme_section(), {}, "README.md, Python API", str(README), 0
    )
    sources = [e.source.partition("  #")[0].strip() for e in test.examples]
    for line in EXAMPLE:
        assert line in sources, line
    said = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=said.write)
    assert runner.failures == 0 and runner.tries >= len(EXAMPLE), said.getvalue()


def test_the_module_docstring_is_a_doctest_too() -> None:
    found = doctest.testmod(squaregame.api, optionflags=doctest.ELLIPSIS)
    assert found.failed == 0 and found.attempted >= 5


# -- agreement with the command line ------------------------------------------------------
def argv(case: Case) -> list[str]:
    game, values, rules, misere = case
    flags = [w for r in rules for w in ("--rule", r)] + (["--misere"] if misere else [])
    return [game, *map(str, values), *flags]


def run(*args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(args)) == 0
    return out.getvalue()


def api(case: Case, tables: Tables | None = None) -> sg.Position:
    game, values, rules, misere = case
    return sg.position(game, values, rules=list(rules) or None, misere=misere, tables=tables)


def as_json(value: Any) -> Any:
    return [as_json(v) for v in value] if isinstance(value, tuple) else value


def bounds_of(d: dict[str, Any]) -> tuple[Any, ...]:
    return d["outcome"], d["remoteness"], (d["remoteness_lower"], d["remoteness_upper"])


RULES = ("squares", "nim", "cubes", "powers-of-two", "1,3,7,8", "2,5")
one_pile = st.tuples(
    st.sampled_from(["squares", "cubes", "powers-of-two", "pow2"]),
    st.tuples(st.integers(0, 5000)),
    st.just(()),
    st.booleans(),
)
big_piles = st.tuples(
    st.sampled_from(["nim", "subtraction"]),
    st.tuples(st.integers(0, 10**18)),
    st.just(()),
    st.booleans(),
).map(lambda c: c if c[0] == "nim" else (c[0], c[1], ("1,3,7,8",), c[3]))
queen = st.tuples(
    st.just("wythoff"),
    st.tuples(st.integers(0, 60), st.integers(0, 60)),
    st.just(()),
    st.booleans(),
)
piles = st.integers(1, 3).flatmap(
    lambda k: st.tuples(
        st.just("sum"),
        st.tuples(*[st.integers(0, 25)] * k),
        st.tuples(*[st.sampled_from(RULES)] * k),
        st.booleans(),
    )
)
CASES = st.one_of(one_pile, big_piles, queen, piles)


@settings(max_examples=20, deadline=None)  # (60 in the slow run, below)
@given(CASES)
def test_the_api_agrees_with_analyze_json(case: Case) -> None:
    check_agreement(case)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(CASES)
def test_the_api_agrees_with_analyze_json_in_many_cases(case: Case) -> None:
    check_agreement(case)


@pytest.mark.sweep
@pytest.mark.parametrize(
    "case",
    [
        ("nim", (10**12,), (), True),  # moves counted, not listed
        ("sum", (10**12, 5), ("nim", "squares"), False),
        ("sum", (175, 175, 175), ("squares",), False),  # remoteness bounded
        ("squares", (2_000_000,), (), False),  # grundy_known_upto
        ("subtraction", (10**18,), ("4,9,11,17",), False),  # periods
        ("subtraction", (10**18,), ("1,3,7,8",), True),
        ("wythoff", (300, 500), (), True),
        ("sum", (0, 0), ("nim", "1,3,7,8"), True),  # no move left
    ],
)
def test_the_api_agrees_with_analyze_json_where_it_is_hard(case: Case) -> None:
    check_agreement(case)


def check_agreement(case: Case) -> None:
    d = json.loads(run("analyze", *argv(case), "--json"))
    p = api(case)
    assert (p.game, p.misere, as_json(p.position)) == (d["game"], d["misere"], d["position"])
    assert (p.outcome, p.remoteness, p.remoteness_bounds) == bounds_of(d)
    assert (p.grundy, p.remoteness is not None) == (d["grundy"], d["remoteness_exact"])
    moves = p.moves()
    listed = [(as_json(m.to.position), *bounds_of(m.to.to_dict())) for m in moves]
    assert listed == [(m["to"], *bounds_of(m)) for m in d["moves"]]
    assert [as_json(m.to.position) for m in moves if m.wins] == d["winning_moves"]
    best = p.best_move()
    assert (None if best is None else as_json(best.to.position)) == d["ai_move"]
    assert (p.move_count, p.moves_truncated) == (d["move_counts"]["total"], d["moves_truncated"])
    assert p.to_dict() == d  # the whole object, the command line's reading and the API's


@pytest.mark.parametrize(
    "case",
    [
        ("wythoff", (3, 5), (), False),
        ("wythoff", (9, 7), (), True),
        ("sum", (6, 6, 6), ("nim",), False),
        ("squares", (17,), (), True),
        ("nim", (10**12,), (), False),
    ],
)
def test_best_move_is_analyzes_choice_with_and_without_a_seed(case: Case) -> None:
    p = api(case)
    hot = p.outcome == "hot"  # win fastest, or lose slowest (every value here is exact)
    rems = [m.to.remoteness or 0 for m in p.moves() if m.wins or not hot]
    aim = min(rems) if hot else max(rems)
    best = [
        as_json(m.to.position) for m in p.moves() if (m.wins or not hot) and m.to.remoteness == aim
    ]
    drawn = set()
    for seed in range(6):
        d = json.loads(run("analyze", *argv(case), "--json", "--seed", str(seed)))
        chosen = p.best_move(seed=seed)
        assert chosen is not None and as_json(chosen.to.position) == d["ai_move"] in best
        drawn.add(json.dumps(d["ai_move"]))
    assert len(drawn) > 1 or len(best) == 1  # a seed draws among ties
    plain = [json.loads(run("analyze", *argv(case), "--json"))["ai_move"] for _ in range(3)]
    first = p.best_move()
    assert first is not None and plain == [best[0]] * 3  # always the same: the first
    assert first.label in run("analyze", *argv(case)).splitlines()[-1]  # the verdict names it


@pytest.mark.parametrize(
    ("case", "depth", "extra"),
    [
        (("squares", (22,), (), False), 2, {}),
        (("squares", (75,), (), True), 3, {"moves": 2}),
        (("wythoff", (3, 4), (), False), 1, {}),
        (("subtraction", (21,), ("1,3,7,8",), False), 3, {"max_lines": 7}),
        (("sum", (5, 7, 10), ("squares", "nim", "1,3,7,8"), False), 1, {}),
        (("nim", (10**12,), (), False), 2, {"moves": 3}),
        (("nim", (0,), (), True), 2, {}),
    ],
)
def test_why_is_the_why_command(case: Case, depth: int, extra: dict[str, int]) -> None:
    flags = [f"--{k.replace('_', '-')}={v}" for k, v in extra.items()]
    printed = run("why", *argv(case), f"--depth={depth}", *flags)
    assert api(case).why(depth=depth, **extra) + "\n" == printed


def test_why_has_the_commands_defaults() -> None:
    params = inspect.signature(sg.Position.why).parameters
    defaults = {name: params[name].default for name in ("depth", "moves", "max_lines")}
    why = squaregame.core.why
    assert defaults == {
        "depth": why.DEFAULT_DEPTH,
        "moves": why.DEFAULT_MOVES,
        "max_lines": why.DEFAULT_LINES,
    }


# -- the textbook -------------------------------------------------------------------------
def check_textbook(
    game: str,
    rules: tuple[str, ...],
    positions: list[Any],
    children: Callable[[Any], list[Any]],
    tables: Tables,
) -> None:
    for misere in (False, True):
        values = reference.solve(positions, children, misere)
        grundy = reference.grundy(positions, children)
        for pos in positions:
            numbers = pos if isinstance(pos, tuple) else (pos,)
            p = api((game, numbers, rules, misere), tables)
            assert (p.outcome, p.remoteness) == values[pos], (game, pos, misere)
            assert p.grundy == (None if misere else grundy[pos]), (game, pos)
            kids = {c if isinstance(c, tuple) else (c,) for c in children(pos)}
            assert {m.to.values for m in p.moves()} == kids
            for m in p.moves():  # a move's target is the position itself, value and all
                fresh = api((game, m.to.values, rules, misere), tables)
                assert m.to == fresh and hash(m.to) == hash(fresh)
                assert value_of(m.to) == value_of(fresh), (game, pos, m)


def value_of(p: sg.Position) -> tuple[Any, ...]:
    return p.outcome, p.remoteness, p.remoteness_bounds, p.grundy


def test_every_kind_gives_the_textbook_values() -> None:
    tables = Tables()
    squares = reference.pile_children(reference.squares_amounts)
    check_textbook("squares", (), list(range(60)), squares, tables)
    sub = reference.pile_children(reference.set_amounts({1, 3, 7, 8}))
    check_textbook("subtraction", ("1,3,7,8",), list(range(60)), sub, tables)
    board = sorted(((x, y) for x in range(10) for y in range(10)), key=sum)
    check_textbook("wythoff", (), board, reference.wythoff_children, tables)
    amounts = [reference.squares_amounts, reference.nim_amounts]
    box = reference.box_positions((7, 6))
    check_textbook("sum", ("squares", "nim"), box, reference.sum_children(amounts), tables)


# -- positions as values ------------------------------------------------------------------
def test_positions_are_immutable_hashable_values() -> None:
    p = sg.position("squares", 22)
    same = [sg.position("sq", [22]), sg.position("SQUARES", (22,), tables=Tables())]
    assert all(q == p and hash(q) == hash(p) for q in same)
    assert len({p, *same, sg.position("squares", 22, misere=True), sg.position("nim", 22)}) == 3
    s = sg.position("sum", [5, 7, 10])  # one rule for all piles, as played
    assert (
        s
        == sg.position("piles", [5, 7, 10], rules="squares")
        == sg.position("sum", (5, 7, 10), rules=["squares"] * 3)
    )
    assert s.rules == ("squares",) * 3 and s.values == (5, 7, 10) and s.position == (5, 7, 10)
    assert s != sg.position("sum", [5, 7, 10], rules=["squares", "nim", "squares"])
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.values = (23,)
    move = p.moves()[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.to = p
    assert move == p.moves()[0] and hash(move) == hash(p.moves()[0]) and move.source == p
    assert {m.label for m in p.moves()} == {"take 1", "take 4", "take 9", "take 16"}
    assert p.moves() is not p.moves()  # a fresh list: changing it changes nothing
    assert repr(p) == "<Position squares 22: cold, remoteness 8>"
    assert repr(move) == "<Move take 1 → 21: hot, remoteness 3>"
    bounded = sg.position("sum", [175, 175, 175])
    assert repr(bounded) == "<Position sum [squares] 175 + 175 + 175: hot, remoteness 49–57>"
    assert (bounded.remoteness, bounded.remoteness_bounds) == (None, (49, 57))
    assert sg.position("nim", 0).best_move() is None and sg.position("nim", 0).moves() == []
    np = pytest.importorskip("numpy")
    assert sg.position("wythoff", np.array([3, 5])) == sg.position("wythoff", (3, 5))
    assert sg.position("nim", np.int64(7)).values == (7,)


def test_every_kind_through_the_registry() -> None:
    """Whatever the family: a position, its moves, the choice, the proof and the picture."""
    for key in sg.games():
        kind = GAMES.kinds.find(key)
        rule = kind.param("rule")
        rules = [rule.example] if rule is not None else None
        count = kind.position_param.count[0]
        for misere in (False, True):
            p = sg.position(key, [5] * count, rules=rules, misere=misere)
            assert repr(p).startswith(f"<Position {key}") and p.outcome in ("hot", "cold")
            assert p.moves() and p.best_move() in p.moves()
            assert p.why(depth=1).startswith(p._text())
            assert html.escape(p.title) in p._repr_html_()


# -- the picture --------------------------------------------------------------------------
def test_the_picture_shows_the_value_and_the_winning_moves() -> None:
    html = sg.position("squares", 75)._repr_html_()
    for said in ("hot ☺", "remoteness 7", "Grundy value", "Winning move:", "take 36 (to 39)"):
        assert said in html
    assert "<svg" in html and "</svg>" in html
    cold = sg.position("wythoff", (3, 5))._repr_html_()
    assert "cold ☹" in cold and "Winning" not in cold and "Wythoff&#x27;s queen" in cold
    many = sg.position("nim", 10**12, misere=True)._repr_html_()
    assert "≈10^12" in many and "Winning move:" in many
    for page in (html, cold, many):
        lower = page.lower()
        for banned in ("<script", "src=", "href=", "<link", "<style", "onload", "url("):
            assert banned not in lower


def test_the_picture_escapes_what_it_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    import squaregame.api.picture as picture

    monkeypatch.setattr(picture, "title", lambda *_: "<b>Tom & 'Jerry'</b>")
    html = sg.position("squares", 76)._repr_html_()
    assert "&lt;b&gt;Tom &amp; &#x27;Jerry&#x27;&lt;/b&gt;" in html and "<b>Tom" not in html


# -- bad input ----------------------------------------------------------------------------
BAD: list[tuple[Callable[[], object], type[sg.GameError], str]] = [
    (lambda: sg.position("chess", 3), sg.GameError, "unknown game 'chess' (choose squares, nim"),
    (lambda: sg.position("squares", -1), sg.GameError, "the number cannot be negative (got -1)"),
    (lambda: sg.position("wythoff", 3), sg.GameError, "wythoff takes X Y, got 1 number"),
    (lambda: sg.position("wythoff", (3, 5), rules=["nim"]), sg.GameError, "wythoff takes no rules"),
    (
        lambda: sg.position("subtraction", 21),
        sg.GameError,
        'subtraction needs one rule, e.g. rules="1,3,7,8"',
    ),
    (
        lambda: sg.position("sum", [1, 2, 3], rules=["nim", "nim"]),
        sg.GameError,
        "give one rule for all piles, or one per pile (3), not 2",
    ),
    (lambda: sg.position("sum", [1], rules=["chess"]), sg.GameError, "unknown rule 'chess'"),
    (
        lambda: sg.position("squares", 3, rules="nim", rule="nim"),
        sg.GameError,
        "give rules= or rule=, not both",
    ),
    (lambda: sg.position("squares", "3"), sg.GameError, "bad 'position'"),
    (lambda: sg.position("squares", 2.5), sg.GameError, "bad 'position'"),
    (lambda: sg.position(3, 3), sg.GameError, "bad 'game'"),
    (lambda: sg.position("squares", 3, misere="yes"), sg.GameError, "bad 'misere'"),
    (lambda: sg.position("squares", 3, rules=[1]), sg.GameError, "bad 'rules'"),
    (lambda: sg.position("nim", 10**60), sg.GameError, "(61 digits) is far too large"),
    (lambda: sg.position("squares", 10**9), sg.TableLimitError, "beyond what squaregame can"),
    (lambda: sg.position("wythoff", (10**19, 3)), sg.TableLimitError, "answered up to 1,000"),
    (lambda: sg.position("sum", [10**7, 10**7, 3]), sg.TableLimitError, "Grundy values"),
    (
        lambda: sg.position("squares", 22).why(depth=13),
        sg.GameError,
        "depth=13: give a depth from 0 to 12",
    ),
    (lambda: sg.position("squares", 22).why(depth="2"), sg.GameError, "depth='2'"),
    (lambda: sg.position("squares", 22).why(moves=0), sg.GameError, "moves=0: give from 1"),
    (
        lambda: sg.position("squares", 22).best_move(seed="x"),
        sg.GameError,
        "seed= takes a whole number from 0 to 2^63−1, not 'x'",
    ),
]


@pytest.mark.parametrize(("call", "cls", "message"), BAD)
def test_bad_input_is_one_game_error_with_the_english_message(
    call: Callable[[], object],
    cls: type[sg.GameError],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from squaregame.core.piles.tabled import TabledTables

    def build(*_args: object, **_kw: object) -> None:
        raise AssertionError("a table was built")  # (a sum of 10^7 piles built one: ~5 s)

    monkeypatch.setattr(TabledTables, "build", build)  # refused, not computed
    set_language("ru")  # the text layer's language is not the API's
    with pytest.raises(cls) as info:
        call()
    exc = info.value
    assert isinstance(exc, ValueError) and message in str(exc)
    assert str(exc) == exc.args[0] == exc.key and not exc.params  # the sentence itself
    assert exc.__suppress_context__  # raised from None: not the error from deep inside
    frames = traceback.extract_tb(exc.__traceback__)
    assert all("squaregame/api" in f.filename or f.filename == __file__ for f in frames)
    assert len(frames) <= 4


# -- what an import costs -----------------------------------------------------------------
def test_import_squaregame_imports_neither_the_registry_nor_numpy() -> None:
    code = (
        "import sys\n"
        "import squaregame as sg\n"
        "import squaregame.core.spec\n"
        "late = ('squaregame.api', 'squaregame.families', 'squaregame.core.kinds', 'numpy',\n"
        "        'textual', 'squaregame.core.tables')\n"
        "print([m for m in late if m in sys.modules])\n"
        "print(sg.position('squares', 22).outcome, sg.games()[0])\n"
        "print('squaregame.api' in sys.modules, 'numpy' in sys.modules, 'textual' in sys.modules)\n"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert res.stdout.splitlines() == ["[]", "cold squares", "True False False"], res.stderr


def test_a_seed_and_tables_out_of_shape_are_said_not_crashed() -> None:
    p = sg.position("squares", 22)
    for seed in (-1, 2**63, 1.5, True):
        with pytest.raises(sg.GameError, match="seed= takes a whole number"):
            p.best_move(seed=seed)
    with pytest.raises(sg.GameError, match="tables= takes"):
        sg.position("squares", 22, tables=5)  # type: ignore[arg-type]
