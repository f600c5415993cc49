"""``squaregame worksheet``: a class of 30 in each language, one-line errors, never overwrites."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from squaregame.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.sweep
@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_a_class_of_30_in_each_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    code, out, err = run(capsys, "--lang", lang, "worksheet", "moves", "--students", "30",
                         "--seed", "9", "--out", str(tmp_path))  # fmt: skip
    assert code == 0, err
    html = tmp_path / "worksheet-moves-seed9.html"
    key = tmp_path / "worksheet-moves-seed9-key.html"
    svg = tmp_path / "worksheet-moves-seed9-svg"
    assert out.splitlines() and all(str(p) in out for p in (html, key, svg))
    assert html.read_text().count('<section class="page">') == 30
    assert key.read_text().count('<section class="page">') == 30
    names = sorted(p.name for p in svg.iterdir())
    assert names == sorted([f"{k:02d}.svg" for k in range(1, 31)]
                           + [f"{k:02d}-key.svg" for k in range(1, 31)])  # fmt: skip
    assert f'<html lang="{lang}">' in html.read_text()


def test_lang_after_the_command_and_every_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for kind in ("table", "sieve", "wythoff", "nimsum", "hot-cold"):
        code, out, err = run(capsys, "worksheet", kind, "--lang", "ru", "--students", "3",
                             "--format", "html", "--out", str(tmp_path))  # fmt: skip
        assert code == 0, err
        assert out.startswith("записано:")
    assert (tmp_path / "worksheet-table-seed0-2.html").exists()  # hot-cold is table
    assert "Горячая или холодная" in (tmp_path / "worksheet-table-seed0.html").read_text()


def test_same_seed_same_bytes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for d in ("a", "b"):
        (tmp_path / d).mkdir()
        assert run(capsys, "worksheet", "nimsum", "--students", "4", "--seed", "3",
                   "--out", str(tmp_path / d))[0] == 0  # fmt: skip
    a = tmp_path / "a"
    files = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert len(files) == 2 + 8
    for f in files:
        assert (tmp_path / "a" / f).read_bytes() == (tmp_path / "b" / f).read_bytes()


def test_never_overwrites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "worksheet-wythoff-seed1-key.html"
    mine.write_text("the teacher's own file")
    code, out, _ = run(capsys, "worksheet", "wythoff", "--seed", "1", "--out", str(tmp_path))
    assert code == 0
    assert mine.read_text() == "the teacher's own file"
    assert not (tmp_path / "worksheet-wythoff-seed1.html").exists()  # the set stays together
    first = (tmp_path / "worksheet-wythoff-seed1-2.html").read_bytes()
    code, out, _ = run(capsys, "worksheet", "wythoff", "--seed", "1", "--out", str(tmp_path))
    assert code == 0 and "seed1-3" in out
    assert (tmp_path / "worksheet-wythoff-seed1-2.html").read_bytes() == first
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


@pytest.mark.parametrize(
    "args",
    [
        ["worksheet", "nope"],
        ["worksheet", "table", "--students", "0"],
        ["worksheet", "table", "--students", "201"],
        ["worksheet", "table", "--students", "x" * 5000],
        ["worksheet", "table", "--seed", "-1"],
        ["worksheet", "table", "--size", "100"],
        ["worksheet", "wythoff", "--size", "4"],
        ["worksheet", "nimsum", "--items", "0"],
        ["worksheet", "moves", "--rule", "1,2"],
        ["worksheet", "table", "--rule", "1,zz"],
        ["worksheet", "table", "--lang", "xx"],
        ["worksheet", "table", "--format", "pdf"],
        ["--lang", "ru", "worksheet", "таблица"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    with pytest.raises(SystemExit) if "--format" in args else _nothing():
        code, _, err = run(capsys, *args, "--out", str(tmp_path))
        assert code == 2
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not list(tmp_path.iterdir())


def test_out_must_be_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "worksheet", "table", "--out", str(tmp_path / "none"))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "not a folder" in err


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return False
