"""The "why" proof tree against brute force, its words in en/ru/es, and ``squaregame why``."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pytest
from build import KINDS
from cli_helpers import run
from hypothesis import given
from hypothesis import strategies as st

from reference import (
    box_positions,
    pile_children,
    set_amounts,
    solve,
    squares_amounts,
    sum_children,
    wythoff_children,
)
from squaregame.core.errors import GameError
from squaregame.core.game import Game
from squaregame.core.tables import Tables
from squaregame.core.types import Outcome
from squaregame.core.why import MAX_DEPTH, Step, WhyNode, WhyTree, outline
from squaregame.play.why_text import render_markdown, render_text
from squaregame.text import Catalog

TABLES = Tables()


def build(kind: str, pos: list[int], rule: list[str] | None = None, misere: bool = False) -> Any:
    spec = KINDS.spec_from_options(kind, {"rule": rule, "misere": misere}, pos)
    game = spec.build(TABLES)
    return game, spec.start(game)


def check_tree(
    game: Game[Any], root: Any, children: Callable[[Any], list[Any]], truth: dict[Hashable, Any]
) -> int:
    """Walk the whole proof of ``root`` and check every node against brute force; returns
    how many nodes were checked."""
    why = WhyTree(game, root, moves_per_node=200)
    seen = 0
    todo: list[WhyNode[Any]] = [why.root]
    while todo:
        node = todo.pop()
        seen += 1
        outcome, rem = truth[node.position]
        assert node.info.outcome.value == outcome, node
        assert node.info.remoteness_exact and node.info.remoteness == rem, node
        assert node.terminal == (not children(node.position))
        page = why.children(node)
        assert page.more == 0
        kids = [c.position for c in page.nodes]
        if node.terminal:
            assert kids == []
        elif node.hot:  # one child: the fastest win, a cold position
            assert len(kids) == 1 and kids[0] in children(node.position)
            assert truth[kids[0]] == ("cold", rem - 1)
        else:  # every move, each to a hot position whose answer is cold
            assert sorted(kids) == sorted(children(node.position))
            for child in page.nodes:
                assert truth[child.position][0] == "hot"
                answer = why.answer(child)
                if not child.terminal:
                    assert answer is not None and truth[answer.position][0] == "cold"
        todo.extend(page.nodes)
    return seen


@given(n=st.integers(0, 60), misere=st.booleans())
def test_squares_tree_matches_brute_force(n: int, misere: bool) -> None:
    kids = pile_children(squares_amounts)
    truth = solve(range(n + 1), kids, misere)
    game, pos = build("squares", [n], misere=misere)
    assert check_tree(game, pos, kids, truth) >= 1


@given(
    s=st.sets(st.integers(1, 9), min_size=1, max_size=4),
    n=st.integers(0, 40),
    misere=st.booleans(),
)
def test_subtraction_tree_matches_brute_force(s: set[int], n: int, misere: bool) -> None:
    kids = pile_children(set_amounts(s))
    truth = solve(range(n + 1), kids, misere)
    game, pos = build("subtraction", [n], [",".join(map(str, sorted(s)))], misere)
    check_tree(game, pos, kids, truth)


@given(x=st.integers(0, 9), y=st.integers(0, 9), misere=st.booleans())
def test_wythoff_tree_matches_brute_force(x: int, y: int, misere: bool) -> None:
    cells = sorted(((i, j) for i in range(x + 1) for j in range(y + 1)), key=sum)
    truth = solve(cells, wythoff_children, misere)  # type: ignore[arg-type]
    game, pos = build("wythoff", [x, y], misere=misere)
    check_tree(game, pos, wythoff_children, truth)


@given(box=st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(0, 5)), misere=st.booleans())
def test_sum_tree_matches_brute_force(box: tuple[int, int, int], misere: bool) -> None:
    kids = sum_children([squares_amounts, set_amounts({1, 2}), squares_amounts])
    truth = solve(box_positions(box), kids, misere)  # type: ignore[arg-type]
    game, pos = build("sum", list(box), ["squares", "1,2", "squares"], misere)
    check_tree(game, pos, kids, truth)  # type: ignore[arg-type]


def test_a_cold_node_with_a_thousand_moves_values_only_one_page() -> None:
    game, _ = build("squares", [1_000_000])
    n = next(k for k in range(1_000_000, 0, -1) if game.info(k).outcome is Outcome.COLD)
    valued: list[Any] = []
    real = game.child_info
    game.child_info = lambda p, c: valued.append(c) or real(p, c)  # type: ignore[method-assign]
    why = WhyTree(game, n, moves_per_node=20)
    page = why.children(why.root)
    assert len(page.nodes) == 20 and page.more == game.move_count(n) - 20 > 900
    assert len(valued) == 20
    nxt = why.children(why.root, start=20)
    assert nxt.start == 20 and nxt.nodes[0].position == game.move_target(n, 20)
    text = render_text(game, outline(why, depth=1, max_lines=100))
    assert f"… and {page.more} more moves, not listed" in text


def test_budget_is_checked_before_any_work() -> None:
    game, pos = build("squares", [22])
    with pytest.raises(GameError) as exc:
        outline(WhyTree(game, pos), depth=MAX_DEPTH + 1)
    assert exc.value.key == "why.errors.depth"
    lines = outline(WhyTree(game, 200, moves_per_node=50), depth=6, max_lines=10)
    assert len(lines) == 11 and lines[-1].cut and lines[-1].more == 10
    assert "stopped after 10 lines" in render_text(game, lines)


def test_a_cut_proof_still_shows_every_move_near_the_root() -> None:
    game, _ = build("squares", [1_000_000])
    n = next(k for k in range(1_000_000, 0, -1) if game.info(k).outcome is Outcome.COLD)
    heard: list[float] = []
    lines = outline(WhyTree(game, n, moves_per_node=20), 3, 30, heard.append)
    top = [ln for ln in lines if ln.level == 1]
    assert len(top) == 21 and top[-1].more == game.move_count(n) - 20  # 20 moves, the rest
    assert lines[-1].cut and len(lines) == 31
    assert heard and heard[-1] == 1.0
    deeper = [ln for ln in lines if ln.level == 2]
    assert deeper and all(ln.level <= 2 for ln in lines)


def test_a_bound_is_said_as_a_bound() -> None:
    game, pos = build("sum", [5000, 7000, 10000], ["squares"])
    why = WhyTree(game, pos, moves_per_node=3)
    assert not why.root.info.remoteness_exact
    text = render_text(game, outline(why, depth=1))
    first = text.splitlines()[0]
    assert "remoteness between" in first or "remoteness at least" in first
    ru = render_text(game, outline(why, depth=1), Catalog("ru"))
    assert "отдалённость от" in ru or "отдалённость не меньше" in ru


def _seed_lines(lang: str) -> list[str]:
    game, pos = build("squares", [22])
    return render_text(game, outline(WhyTree(game, pos), depth=1), Catalog(lang)).splitlines()


@pytest.mark.parametrize(
    ("lang", "cold", "hot", "answer"),
    [
        ("en", "is cold ☹", "hot ☺", "answer"),
        ("ru", "холодная ☹, то есть проигрышная", "горячая ☺", "ответ"),
        ("es", "es fría ☹", "caliente ☺", "respuesta"),
    ],
)
def test_seed_example_22_is_cold_because_21_18_13_6_are_hot(
    lang: str, cold: str, hot: str, answer: str
) -> None:
    lines = _seed_lines(lang)
    assert lines[0].startswith(f"22 {'— ' if lang == 'ru' else ''}{cold}"), lines[0]
    assert len(lines) == 5
    game, _ = build("squares", [22])
    for line, target in zip(lines[1:], (21, 18, 13, 6), strict=True):
        assert f"→ {target}, {hot}: {answer} " in line, line
        answered = int(line.split("→ ")[2].split(",")[0])  # the answer's target ...
        assert game.info(answered).outcome is Outcome.COLD  # ... is cold


def test_hot_root_shows_the_fastest_win_and_a_misere_end() -> None:
    game, pos = build("squares", [21])
    step: Step[Any] = WhyTree(game, pos).root_step()
    assert step.answer is not None and step.answer.position == 5  # 21 → 5 (remoteness 2)
    game, pos = build("squares", [2], misere=True)
    text = render_text(game, outline(WhyTree(game, pos), depth=1))
    assert text.splitlines() == [
        "2 is hot ☺ (remoteness 2): take 1 → 1 leaves a cold position (remoteness 1)",
        "  - take 1 → 0, hot ☺ (remoteness 0): no move is left — the player who moved last "
        "has lost",
    ]


def test_a_move_that_ends_the_game_says_so() -> None:
    game, pos = build("nim", [10**18])
    text = render_text(game, outline(WhyTree(game, pos), depth=2))
    assert text == (
        "1000000000000000000 is hot ☺ (remoteness 1): take 1000000000000000000 → 0 wins at "
        "once — no move is left\n"
    )


def test_markdown_is_a_nested_list_with_a_title() -> None:
    game, pos = build("wythoff", [3, 5])
    md = render_markdown(game, outline(WhyTree(game, pos), depth=2))
    lines = md.splitlines()
    assert lines[0] == "# Why (3,5) is cold ☹"
    assert "- **(3,5) is cold ☹ (remoteness 4): every move leaves a hot position**" in lines
    assert any(ln.startswith("  - move to (2,5), hot ☺: answer move to (2,1)") for ln in lines)
    assert any(ln.startswith("    - move to ") for ln in lines)  # the second level


# -- the command line -------------------------------------------------------------------------
def test_cli_why_squares_22(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "why", "squares", "22", "--depth", "1")
    assert code == 0 and err == ""
    assert out.splitlines()[0] == ("22 is cold ☹ (remoteness 8): every move leaves a hot position")
    assert "  - take 1 → 21, hot ☺: answer take 16 → 5, cold ☹ (remoteness 2)" in out
    code, out, _ = run(capsys, "--lang", "ru", "why", "squares", "22", "--depth", "1")
    assert code == 0 and "взять 9 → 13, горячая ☺: ответ взять 1 → 12" in out
    code, out, _ = run(capsys, "--lang", "es", "why", "squares", "22", "--markdown")
    assert code == 0 and out.startswith("# Por qué 22 es fría ☹\n")


def test_cli_why_out_never_replaces_a_file_without_force(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    out = tmp_path / "handout.md"
    code, said, _ = run(capsys, "why", "squares", "22", "--markdown", "--out", str(out))
    assert code == 0 and str(out) in said
    assert out.read_text().startswith("# Why 22 is cold ☹")
    out.write_text("my notes")
    code, _, err = run(capsys, "why", "squares", "23", "--out", str(out))
    assert code == 2 and "already exists" in err and err.count("\n") == 1
    assert out.read_text() == "my notes"
    code, _, _ = run(capsys, "why", "squares", "23", "--out", str(out), "--force")
    assert code == 0 and out.read_text().startswith("23 is hot ☺")


def test_cli_why_out_dash_is_standard_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, said, err = run(capsys, "why", "squares", "22", "--markdown", "--out", "-")
    assert code == 0 and err == "" and said.startswith("# Why 22 is cold ☹")
    assert list(tmp_path.iterdir()) == []  # no file named "-"


@pytest.mark.parametrize(
    "argv",
    [
        ["why", "squares", "x"],
        ["why", "squares", "22", "--depth", "99"],
        ["why", "squares", "22", "--depth", "two"],
        ["why", "squares", "22", "--moves", "0"],
        ["why", "squares", "22", "--max-lines", "100000"],
        ["why", "wythoff", "3"],
        ["why", "squares", "-4"],
        ["why", "squares", "10000000000000"],
        ["why", "squares", "22", "--out", "/"],
        ["why", "nonsense", "1"],
    ],
)
def test_cli_why_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err, err
