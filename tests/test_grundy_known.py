"""Grundy values not computed that far (Squares past its tables' Grundy arrays) are said
to be so — CLI text and JSON, the sum screen — never a bare null; a table that has them is
preferred."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from build import pile_game

from squaregame.cli.main import main
from squaregame.core.piles.files import save_table
from squaregame.core.piles.store import TableStore
from squaregame.core.rules import SQUARES
from squaregame.core.tables import Tables
from squaregame.families import GAMES
from squaregame.text import set_language


@pytest.fixture(autouse=True)
def _english() -> None:
    """The language is process-wide, and an earlier test may have left another one."""
    set_language("en")


def counted_builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """From now on, each table built (its ``upto``), in the list returned."""
    from squaregame.core.piles.tabled import TabledTables

    built: list[int] = []
    build = TabledTables.build

    def counted(self: TabledTables, upto: int, progress: object = None) -> object:
        built.append(upto)
        return build(self, upto, progress)  # type: ignore[arg-type]

    monkeypatch.setattr(TabledTables, "build", counted)
    return built


def test_the_reason_is_given_in_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    TableStore().tabled(SQUARES).build(1_100_000)  # remoteness only: no Grundy values past 10^6
    assert main(["analyze", "sum", "1050000", "0"]) == 0
    out = capsys.readouterr().out
    assert "  grundy      not computed beyond 1,000,000\n" in out
    assert main(["analyze", "squares", "1050000", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["grundy"] is None and d["grundy_known_upto"] == 1_000_000
    assert main(["analyze", "squares", "1050000", "--json", "--misere"]) == 0
    assert "grundy_known_upto" not in json.loads(capsys.readouterr().out)  # none in misère
    assert main(["analyze", "squares", "999999", "--json"]) == 0
    assert "grundy_known_upto" not in json.loads(capsys.readouterr().out)


def test_a_table_with_grundy_values_is_preferred(cache_dir: Path) -> None:
    from squaregame.core.build.squares import squares_grundy, squares_remoteness, to_le_bytes

    TableStore().tabled(SQUARES).build(1_030_000)  # the smaller table, without Grundy values
    upto = 1_100_000
    with_grundy = cache_dir / f"squares-normal-{upto}.sgt"
    g = np.zeros(upto + 1, dtype=np.uint8)  # past 4,000 faked: this is about choosing
    g[:4001] = squares_grundy(4000)
    save_table(
        with_grundy, "squares", to_le_bytes(squares_remoteness(upto)), upto, ("B", g.tobytes())
    )
    store = TableStore()
    assert store.tabled(SQUARES).grundy_upto() == upto
    t = store.tabled(SQUARES).normal(1_020_000)
    assert t.upto == upto and t.grundy(1_020_000) == 0
    game = pile_game(SQUARES, tables=Tables(piles=store))
    assert game.info(1_020_000).grundy == 0 and game.grundy_known_upto(1_020_000) is None
    # damaged, it is removed and the other table answers, without Grundy values there
    raw = bytearray(with_grundy.read_bytes())
    raw[-10] ^= 0xFF
    with_grundy.write_bytes(bytes(raw))
    fresh = TableStore()
    assert fresh.tabled(SQUARES).normal(1_020_000).upto == 1_030_000
    assert any(key == "tables.damaged" for key, _ in fresh.messages) and not with_grundy.exists()
    assert pile_game(SQUARES, tables=Tables(piles=fresh)).grundy_known_upto(1_020_000) == 1_000_000


async def test_the_sum_screen_shows_a_dash_and_why() -> None:
    from ui_helpers import parts_rows, settle

    from squaregame.families.sums.screen import SumsScreen
    from squaregame.families.sums.side import NimSumPanel
    from squaregame.ui.app import SquareGameApp
    from squaregame.ui.start import StartRequest

    TableStore().tabled(SQUARES).build(1_100_000)
    req = StartRequest(game="sum", start=(1_050_000, 0), rules=(SQUARES,) * 2, seed=3, hints=True)
    app = SquareGameApp(GAMES, req, ai_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        (s,) = [x for x in app.screen_stack if isinstance(x, SumsScreen)]
        await pilot.press("h", "h")
        await settle(pilot)
        assert "g=—" in parts_rows(s)[0]
        panel = str(s.query_one(NimSumPanel).render())
        assert "not computed beyond 1\u202f000\u202f000" in panel


def test_build_tables_grundy_is_used_and_capped(
    cache_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from squaregame.core.build.squares import squares_grundy

    assert main(["build-tables", "squares", "--upto", "3000", "--grundy"]) == 0
    capsys.readouterr()
    store = TableStore(use_shipped=False)
    assert store.tabled(SQUARES).grundy_upto() == 3000
    t = store.tabled(SQUARES).normal(2999)
    assert [t.grundy(n) for n in range(3001)] == squares_grundy(3000).tolist()
    assert main(["build-tables", "squares", "--upto", "10000001", "--grundy"]) == 2
    assert "--grundy is limited to 10,000,000 positions" in capsys.readouterr().err


def test_past_reach_is_told_without_building_and_agrees_with_building(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Pile.grundy_past_reach(n)`` (asked first: nothing built) agrees with building the
    table and reading ``info(n).grundy is None``: with the shipped table (Grundy values to
    10^6), with only a table built with them to 3,000, and for the rules that have them
    everywhere (a formula: Powers of two; Nim) or never past reach in misère play."""
    from squaregame.core.piles.pile import Pile
    from squaregame.core.rules import NIM, parse_rule

    built = counted_builds(monkeypatch)
    shipped = Tables(piles=TableStore())
    assert main(["build-tables", "squares", "--upto", "3000", "--grundy"]) == 0
    own = Tables(piles=TableStore(use_shipped=False))
    cases = [
        (SQUARES, shipped, [0, 999_999, 1_000_000, 1_000_001, 1_050_000]),
        (SQUARES, own, [2_999, 3_000, 3_001, 5_000]),
        (parse_rule("powers-of-two"), shipped, [10, 5_000]),
        (NIM, shipped, [10**12]),
    ]
    for rule, tables, sizes in cases:
        for n in sizes:
            pile = Pile(rule, False, tables)
            before = len(built)
            past = pile.grundy_past_reach(n)
            assert len(built) == before, (rule, n)  # told without building
            assert past == (pile.info(n).grundy is None), (rule, n, past)
            assert past == (n > (1_000_000 if tables is shipped else 3_000)) or rule != SQUARES
        assert not Pile(rule, True, tables).grundy_past_reach(10**6 + 1)  # (misère: never)
    assert built  # (the tables past reach were built, to check the answer against)


def test_past_reach_reads_no_headers_when_the_values_in_hand_cover_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Asked once a Grundy value (misère bounds ask ~200,000 times a move), it answered
    from the cache folder's headers each time: a misère sum of four Squares piles took
    ~6× as long. With the values in hand covering ``n``, nothing is read."""
    from squaregame.core.piles.pile import Pile
    from squaregame.core.piles.tabled import TabledTables

    read: list[int] = []
    headers = TabledTables._headers

    def counted(self: TabledTables) -> object:
        read.append(1)
        return headers(self)

    monkeypatch.setattr(TabledTables, "_headers", counted)
    pile = Pile(SQUARES, False, Tables(piles=TableStore()))
    assert pile.info(400_000).grundy is not None  # (the shipped table, read once)
    read.clear()
    for n in (0, 99_999, 400_000):
        assert not pile.grundy_past_reach(n)
    assert pile.grundy_known_upto(400_000) is None and read == []


def test_a_sum_of_several_kinds_past_reach_builds_no_table_to_refuse(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``squares:10000000 wythoff:3,5`` built the pile's table (~5 s) only to refuse for want
    of its Grundy value. With a table holding Grundy values to 3,000 only: a pile of 20,000
    (too large to search) beside a queen is refused with nothing built, and so is it beside
    another pile with the queen over (the piles left, as a sum of piles). A pile that is
    the lone part is answered from its table (built), and a pile past reach small enough
    to search is answered as with the values known."""
    from squaregame.core.errors import TableLimitError
    from squaregame.core.types import Outcome

    assert main(["build-tables", "squares", "--upto", "3000", "--grundy"]) == 0
    built = counted_builds(monkeypatch)

    def start(text: str, tables: Tables) -> tuple[Any, Any]:
        rules, values = GAMES.kinds.read_parts("sum", [text])
        spec = GAMES.kinds.spec("sum", rules, False, values)
        game = spec.build(tables)
        return game, spec.start(game)

    for text in ("squares:20000 wythoff:3,5", "squares:20000 squares:3 wythoff:0,0"):
        with pytest.raises(TableLimitError) as refused:
            start(text, Tables(piles=TableStore(use_shipped=False)))
        assert refused.value.key == "sums.errors.grundy_unknown" and built == [], text
    game, pos = start("squares:5000 wythoff:0,0", Tables(piles=TableStore(use_shipped=False)))
    assert built  # (the lone pile's table)
    lone = pile_game(SQUARES, store=TableStore(use_shipped=False))
    assert game.info(pos).outcome is lone.info(5000).outcome
    game, pos = start("squares:5000 wythoff:3,5", Tables(piles=TableStore(use_shipped=False)))
    known, at = start("squares:5000 wythoff:3,5", Tables(piles=TableStore()))
    assert pos == at and game.grundy(pos) is None and known.grundy(at) is not None
    mine, theirs = game.info(pos), known.info(at)
    assert (mine.outcome, mine.remoteness) == (theirs.outcome, theirs.remoteness)
    assert mine.outcome is (Outcome.COLD if known.grundy(at) == 0 else Outcome.HOT)
