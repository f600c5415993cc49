"""A class written out: times as ISO 8601 local time with the offset, counts with the
catalogs' plurals in every language, and Markdown that escapes only what Markdown reads —
a name reads as typed yet never breaks a table, makes a link or emphasis."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import datetime
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from squaregame.classroom import challenges
from squaregame.classroom.export import class_markdown, md, scoreboard_markdown, when
from squaregame.classroom.store import ClassStore
from squaregame.classroom.views import ClassLive
from squaregame.cli.main import main
from squaregame.text import Catalog

ISO = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d")
AT = 1_790_000_000.0  # a moment (2026-09-21)


def _class(folder: Path) -> tuple[int, int]:
    store = ClassStore.open(folder)
    store.create_class("7B")
    ana, bo = store.join("7B", "Ana"), store.join("7B", "Bo")
    store.record(ana, "game_started", {"key": "g", "game": "Squares", "start": "30"})
    store.record(ana, "move", {"key": "g", "human": True, "verdict": "blunder"})
    store.record(bo, "game_started", {"key": "h", "game": "Squares", "start": "30"})
    store.record(bo, "game_started", {"key": "i", "game": "Squares", "start": "31"})
    for n in range(3):
        store.record(bo, "move", {"key": "i", "human": True, "verdict": "blunder", "n": n})
    store.record(bo, "lesson_step", {"lesson": "hot-cold", "step": 1})
    store.close()
    return ana, bo


def test_when_is_iso_8601_local_time_with_its_offset() -> None:
    said = when(AT)
    assert ISO.fullmatch(said), said
    assert datetime.fromisoformat(said).timestamp() == AT
    assert said == datetime.fromtimestamp(AT).astimezone().isoformat(timespec="seconds")
    assert when(None) == ""


def test_every_export_writes_its_times_as_iso_8601(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(tmp_path))
    _class(tmp_path)
    store = ClassStore.open(tmp_path)
    store.add_challenge("7B", challenges.make("nim", 5, ask="grundy"), None)
    store.close()
    for argv in (["class", "export", "7B", "--format", "csv"], ["class", "report", "7B", "--csv"]):
        assert main(argv) == 0
        rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
        assert [r["name"] for r in rows] == ["Ana", "Bo"]
        for r in rows:
            assert ISO.fullmatch(r["last_active"]), r["last_active"]
        assert rows[1]["games_started"] == "2" and rows[1]["lessons"] == "hot-cold"
    assert main(["class", "report", "7B", "--json"]) == 0
    for r in json.loads(capsys.readouterr().out):
        assert ISO.fullmatch(r["joined"]) and ISO.fullmatch(r["last_active"])
    assert main(["class", "export", "7B"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert ISO.fullmatch(doc["challenges"][0]["created"])
    for s in doc["students"]:
        assert ISO.fullmatch(s["joined"])
        assert s["events"] and all(ISO.fullmatch(e["at"]) for e in s["events"])


@pytest.mark.parametrize(
    ("lang", "head", "ana", "bo"),
    [
        (
            "en",
            "Class '7B': 2 students",
            "  Ana: 1 game, 1 move, 1 blunder, exercises 0/0, 0 lessons",
            "  Bo: 2 games, 3 moves, 3 blunders, exercises 0/0, 1 lesson",
        ),
        (
            "ru",
            "Класс «7B»: 2 ученика",
            "  Ana: 1 партия, 1 ход, 1 зевок, упражнения 0/0, 0 уроков",
            "  Bo: 2 партии, 3 хода, 3 зевка, упражнения 0/0, 1 урок",
        ),
        (
            "es",
            "Clase «7B»: 2 alumnos",
            "  Ana: 1 partida, 1 jugada, 1 error grave, ejercicios 0/0, 0 lecciones",
            "  Bo: 2 partidas, 3 jugadas, 3 errores graves, ejercicios 0/0, 1 lección",
        ),
    ],
)
def test_the_report_counts_in_each_languages_plurals(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lang: str,
    head: str,
    ana: str,
    bo: str,
) -> None:
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(tmp_path))
    _class(tmp_path)
    assert main(["--lang", lang, "class", "report", "7B"]) == 0
    assert capsys.readouterr().out.splitlines() == [head, ana, bo]


def test_the_report_of_one_student_says_one() -> None:
    for lang, said in (("en", "1 student"), ("ru", "1 ученик"), ("es", "1 alumno")):
        assert Catalog(lang)("serve.class.report.head", name="7B", count=1).endswith(said)
    assert Catalog("ru")("serve.class.report.moves", count=21) == "21 ход"
    assert Catalog("ru")("serve.class.report.moves", count=11) == "11 ходов"


def _gfm() -> MarkdownIt:
    """A renderer close to GitHub's: tables, strikethrough, autolinks of ``scheme://`` and
    e-mail addresses (GitHub's ``www.`` links are checked on the text)."""
    parser = MarkdownIt("gfm-like")
    parser.linkify.set({"fuzzy_link": False})
    return parser


NAMES = [
    "Ann (7B). ", "ann_k", "_ann_", "*Bo*", "x | y", "`c`", "[x](http://e.com)", "![i](y)",
    "http://evil.com", "ann@evil.com", "<b>hi</b>", "AT&T", "&amp;", "a \\ b", "a\\*", "~~d~~",
    "Ann #", "1. x", "- x", "# x", "> x", "{1, 4, 9, …}", "Wythoff (7, 9)", "O'Neil-Smith",
]  # fmt: skip


@pytest.mark.parametrize("name", NAMES)
def test_markdown_shows_a_name_as_typed_in_a_table_cell(name: str) -> None:
    said = md(name)
    table = f"| a | b |\n|---|---|\n| {said} | z |\n"
    html = _gfm().render(table)
    cells = re.findall(r"<td>(.*?)</td>", html, re.S)
    assert len(cells) == 2 and cells[1] == "z", html  # the row keeps its two cells
    assert "<a " not in html and "<em>" not in html and "<s>" not in html and "<code>" not in html
    plain = " ".join(name.split())
    assert _text(cells[0]) == plain, (said, cells[0])
    alone = _gfm().render(md(name, start=True) + "\n")  # (a line of its own: no block begins)
    assert alone.startswith("<p>") and _text(alone.strip()[3:-4]) == plain, alone


def _text(html: str) -> str:
    return (
        html.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&amp;", "&")
    )


def test_markdown_escapes_only_what_markdown_reads() -> None:
    assert md("Ann (7B). ") == "Ann (7B)."
    assert md("O'Neil-Smith 2.0") == "O'Neil-Smith 2.0"
    assert md("ann_k") == "ann_k" and md("_ann_") == "\\_ann\\_"
    assert (
        md("Wythoff (7, 9): {1, 4, 9, …} → 3 + 4 = 7!")
        == "Wythoff (7, 9): {1, 4, 9, …} → 3 + 4 = 7!"
    )
    assert md("x | y") == "x \\| y" and md("[x](y)") == "\\[x](y)"
    assert md("www.evil.com") == "www\\.evil.com"  # (GitHub would make it a link)
    assert md("a\nb") == "a b"  # one line: a name cannot start a row


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_the_markdown_exports_read_naturally(tmp_path: Path, lang: str) -> None:
    cat = Catalog(lang)
    store = ClassStore.open(tmp_path)
    store.create_class("7B. maths")
    ana = store.join("7B. maths", "Ann K.")
    store.join("7B. maths", "_Bo_")
    store.add_challenge("7B. maths", challenges.make("wythoff", [7, 9], ask="moves"), None)
    store.record(ana, "challenge", {"challenge": 1, "ask": "moves", "solved": True, "seconds": 3})
    try:
        live = ClassLive(store, "7B. maths")
        live.refresh()
        board = scoreboard_markdown(live, cat)
        report = class_markdown(store, "7B. maths", cat)
    finally:
        store.close()
    title = cat("serve.teacher.scoreboard_title", name="7B. maths")
    assert board.startswith(f"# {title}\n")  # nothing in it needed escaping
    assert "| Ann K. | ✓ " + cat("serve.teacher.result.solved") in board
    assert "| \\_Bo\\_ | " + cat("serve.teacher.result.waiting") in board
    html = _gfm().render(report)
    assert html.count("<table>") == 2 and "<em>" not in html and "\\" not in html
    assert "<td>Ann K.</td>" in html and "<td>_Bo_</td>" in html
