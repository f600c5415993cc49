"""The why proof of a misère position decided by a proven misère quotient
(families/octal/why_quotient.py through Game.why_notes): it names the quotient, each row's
image, the product and its verdict, the winning move or every row's moves — in every front
end (the command line, the API, text mode, the app's Why screen) and language; and the
Kayles lesson's numbers are the computed ones."""

from __future__ import annotations

import io
import json
import re
import tomllib
from functools import cache
from itertools import product
from pathlib import Path

import pytest
from ui_helpers import settle

from squaregame.cli.main import main
from squaregame.core.tables import Tables
from squaregame.core.why import WhyTree, outline
from squaregame.families import GAMES
from squaregame.families.octal import why_quotient
from squaregame.families.octal.code import KAYLES
from squaregame.families.octal.game import RowsGame
from squaregame.families.octal.quotient import Quotient, quotient
from squaregame.play.why_text import notes_text, render_markdown
from squaregame.text import Catalog, set_language
from squaregame.textmode.console import Console
from squaregame.textmode.game import TextGame
from squaregame.textmode.run import session_of
from squaregame.ui.app import SquareGameApp
from squaregame.ui.messages import OpenWhy
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.why import WhyScreen
from squaregame.ui.start import StartRequest

ROOT = Path(__file__).resolve().parent.parent
NAME = re.compile(r"([a-z])([⁰¹²³⁴⁵⁶⁷⁸⁹]*)")
DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


@cache
def kayles() -> Quotient:
    found = quotient(KAYLES)
    assert isinstance(found, Quotient)
    return found


def game() -> RowsGame:
    g = GAMES.kinds.spec("kayles", [], True).build(Tables())
    assert isinstance(g, RowsGame)
    return g


def element_of(q: Quotient, name: str) -> int:
    """The element a name spells, multiplied out from the generators' images."""
    if name == "1":
        return 0
    assert NAME.sub("", name) == "", name
    x = 0
    for char, power in NAME.findall(name):
        g = q.phi[q.generators[ord(char) - ord("a")]]
        for _ in range(int(power.translate(DIGITS) or "1")):
            x = q.monoid.mul[x][g]
    return x


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- the names and the notes, against the quotient -----------------------------------------
def test_every_element_has_a_name_that_spells_it() -> None:
    q = kayles()
    names = why_quotient.names(q)
    assert len(set(names)) == q.monoid.order == 40  # one name each, none by number
    assert all(element_of(q, n) == x for x, n in enumerate(names))


def test_a_row_past_the_first_period_acts_like_its_residues_row() -> None:
    q = kayles()
    assert (q.preperiod, q.period) == (71, 12)
    assert why_quotient.like(q, 100) == 76 and why_quotient.like(q, 82) == 82
    for n in range(1, 400):
        assert q.image(n) == q.image(why_quotient.like(q, n))


@pytest.mark.parametrize("rows", [(40,), (100, 37, 5), (100, 37, 2, 2), (10**12, 71, 3, 3)])
def test_the_notes_say_what_the_quotient_decides(rows: tuple[int, ...]) -> None:
    g, q = game(), kayles()
    pos = g.parse_position(list(rows))
    tree = WhyTree(g, pos)
    notes = {n.key.removeprefix("octal.why."): n.values for n in tree.notes()}
    named = why_quotient.names(q)
    source = notes["source"]
    assert (source["count"], source["cold"], source["upto"]) == (40, 9, q.upto)
    cold = q.cold(rows)
    verdict = notes["product_cold" if cold else "product_hot"]
    assert element_of(q, verdict["element"]) == q.element(rows)
    assert cold == (tree.root.info.outcome.value == "cold")
    if cold:  # each row's moves: the products they leave, none in the P-portion
        moves = [v for k, v in tree.notes() if k == "octal.why.row_moves" or "long" in k]
        assert sum(v["count"] for v in moves) == g.move_count(pos)
        for v in moves:
            left = {element_of(q, p) for p in v["products"].split(", ")}
            assert not any(q.monoid.cold[x] for x in left)
    else:  # the proof's winning move, and its product in the P-portion
        answer = notes["answer"]
        best = tree.answer(tree.root)
        assert best is not None and answer["move"].target == best.position
        assert q.monoid.cold[element_of(q, answer["element"])]
        assert named[q.element(g.sizes(best.position))] == answer["element"]


def test_the_products_a_cold_rows_moves_leave_are_all_of_them() -> None:
    """Every move of every row of small cold positions beyond the search, listed one by one:
    the set of products the notes name (from residues) is exactly theirs."""
    g, q = game(), kayles()
    checked = 0
    for rows in product(range(72, 110, 5), range(1, 13), (1, 2, 4, 12)):
        if not q.cold(rows) or checked == 8:
            continue
        pos = g.parse_position(list(rows))
        notes = [n for n in WhyTree(g, pos).notes() if "row_moves" in n.key]
        for i, note in enumerate(notes):
            said = {element_of(q, p) for p in note.values["products"].split(", ")}
            row_moves = [c for c in g.children(pos) if g.move(pos, c).pile == g.cells(pos)[i][0]]
            assert said == {q.element(g.sizes(c)) for c in row_moves}
            assert note.values["count"] == len(row_moves)
        checked += 1
    assert checked == 8


def test_a_position_the_search_decides_has_no_notes() -> None:
    g = game()
    assert WhyTree(g, g.parse_position([8, 9])).notes() == ()
    normal = GAMES.kinds.spec("kayles", [], False).build(Tables())
    assert WhyTree(normal, normal.parse_position([100, 37, 5])).notes() == ()


# -- the command line and the API, in every language -------------------------------------
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("misère quotient", "Φ(100) = Φ(76)", "is not in the P-portion", "winning move")),
        ("ru", ("мизерное частное", "Φ(100) = Φ(76)", "не лежит в P-части", "выигрывающий ход")),
        ("es", ("cociente misère", "Φ(100) = Φ(76)", "no está en la porción P", "jugada ganadora")),
    ],
)
def test_cli_why_kayles_100_37_5_misere(
    capsys: pytest.CaptureFixture[str], lang: str, words: tuple[str, ...]
) -> None:
    argv = ("why", "kayles", "100", "37", "5", "--misere", "--depth", "1", "--moves", "3")
    code, out, err = run(capsys, "--lang", lang, *argv)
    assert code == 0 and "Traceback" not in err
    lines = out.splitlines()
    notes = [ln for ln in lines if ln.startswith("  · ")]
    assert lines[1 : 1 + len(notes)] == notes  # right under the first line
    text = "\n".join(notes)
    assert all(w in text for w in words), text
    assert "Φ(37) = ab²" in text and "Φ(5) = c" in text
    assert "{" not in text  # every value filled in


def test_cli_why_kayles_40_misere_and_the_analysis_agree(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "analyze", "kayles", "40", "--misere", "--json")
    doc = json.loads(out)["misere_quotient"]
    code, said, _ = run(capsys, "why", "kayles", "40", "--misere", "--depth", "0")
    assert code == 0
    lines = said.splitlines()
    assert lines[0].startswith("40 is hot ☺") and len(lines) == 5
    assert f"a monoid of {doc['order']} elements" in lines[1]
    assert f"P-portion (the products of cold positions) of {doc['p_portion_size']}:" in lines[1]
    assert f"proven from rows up to {doc['proven_from_heaps']}" in lines[1]
    assert lines[2] == "  · Φ(40) = ab²"
    assert "is not in the P-portion: the position is hot" in lines[3]
    assert "the winning move take 2 from row 1, leaving 1 + 37 → 1 + 37" in lines[4]
    code, md, _ = run(capsys, "--lang", "ru", "why", "kayles", "40", "--misere", "--markdown")
    assert code == 0 and "  - *Φ(40) = ab²*" in md


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_a_cold_position_says_every_rows_moves(
    capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    code, out, _ = run(
        capsys, "--lang", lang, "why", "kayles", "100", "37", "2", "2", "--misere", "--depth", "0"
    )
    cat = Catalog(lang)
    moves = [ln for ln in out.splitlines() if ln.startswith("  · ") and "(" in ln[:20]]
    assert code == 0 and len(out.splitlines()) == 1 + 1 + 3 + 1 + 4
    long = cat(
        "octal.why.row_moves_long", row=1, n=100, count=100, period=12, preperiod=71, products="@"
    ).split("@")[0]
    assert any(ln.startswith(f"  · {long}") for ln in moves), moves


def test_the_python_api_says_the_notes_too() -> None:
    from squaregame import api

    said = api.position("kayles", [100, 37, 5], misere=True).why(depth=0)
    assert "  · Φ(100) = Φ(76) = ab²: the images repeat every 12 rows from a row of 71" in said


# -- text mode ------------------------------------------------------------------------------
def test_text_mode_why_says_the_quotient() -> None:
    set_language("en")
    out = io.StringIO()
    request = StartRequest(game="kayles", start=(100, 37, 5), misere=True, seed=1)
    session = session_of(request, GAMES.kinds, Tables())
    text = TextGame(Console(io.StringIO("why\nquit\n"), out), session, seed=1)
    assert text.run() == 0
    lines = out.getvalue().splitlines()
    assert "  · Φ(5) = c" in lines
    assert any(ln.startswith("  · This game's misère quotient decides it") for ln in lines)


# -- the app --------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_the_why_screen_shows_the_notes_before_the_moves(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    request = StartRequest(game="kayles", start=(100, 37, 5), misere=True, seed=1)
    app = SquareGameApp(GAMES, request, ai_delay=0, data_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        g = screen.session.game
        app.post_message(OpenWhy(g, screen.session.position))
        await settle(pilot)
        why = app.screen
        assert isinstance(why, WhyScreen)
        for _ in range(200):  # (a hang guard of 10 s, not a timing)
            if any(c.data is not None and c.data.step for c in why.proof.root.children):
                break
            await pilot.pause(0.05)
        labels = [str(c.label) for c in why.proof.root.children]
        notes = [lb for lb in labels if lb.startswith("· ")]
        assert labels[: len(notes)] == notes and len(notes) == 6
        assert "· Φ(100) = Φ(76) = ab²: the images repeat every 12 rows from a row of 71" in notes
        assert why.proof.root.children[-1].data is not None  # the moves follow
        md = render_markdown(g, why.opened_lines())  # x exports them with the proof
        assert "*Φ(5) = c*" in md
        await pilot.press("down", "enter")  # a note opens nothing, and nothing breaks
        await settle(pilot)
        assert app.screen is why


# -- the lesson ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_the_kayles_lessons_quotient_numbers_are_the_computed_ones(lang: str) -> None:
    q = kayles()
    doc = tomllib.loads((ROOT / "assets" / "lessons" / lang / "11-kayles.toml").read_text())
    step = next(s["text"] for s in doc["step"] if "Φ(n)" in s.get("text", ""))
    said = next(p for p in step.split("\n\n") if "Φ(n)" in p)  # the quotient's paragraph
    numbers = [int(n) for n in re.findall(r"\d+", said)]
    assert numbers == [q.monoid.order, len(q.cold_elements), q.period, q.preperiod]


def test_notes_text_is_empty_without_notes() -> None:
    g = game()
    lines = outline(WhyTree(g, g.parse_position([3])), 0)
    assert notes_text(g, lines[0]) == []


def test_many_row_lengths_are_counted_past_the_shown_ones() -> None:
    g = game()
    rows = [10**18, 100, 37, 2, 1, 3, 4, 6, 7, 8, 9, 10]
    notes = WhyTree(g, g.parse_position(rows)).notes()
    said = [n.values["n"] for n in notes if n.key in ("octal.why.row", "octal.why.row_like")]
    assert said == rows[: why_quotient.SHOWN_ROWS]
    more = [n for n in notes if n.key == "octal.why.more_rows"]
    assert [m.values["count"] for m in more] == [len(rows) - why_quotient.SHOWN_ROWS]
    for lang in ("en", "ru", "es"):
        assert "{" not in Catalog(lang)("octal.why.more_rows", count=4)
