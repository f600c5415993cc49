"""The bench's C references ship with the package and are found from it, wherever the bench
is run; a figure whose reference cannot be had fails the run in one line, never skipped."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path

import pytest

from squaregame import paths
from squaregame.bench import figures as bench_figures
from squaregame.bench import main as bench
from squaregame.bench.run import Figure
from squaregame.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
needs_gcc = pytest.mark.skipif(shutil.which("gcc") is None, reason="no gcc here")


def test_the_references_are_the_packages_own_wherever_the_bench_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "shared" / "bench").mkdir(parents=True)  # where the bench once looked
    (tmp_path / "shared" / "bench" / "squares_ref.c").write_text("not C\n")
    monkeypatch.chdir(tmp_path)
    asked = bench.Asked(groups=["builder", "board"], sizes=[1000], pairs=1)
    found = bench.references(asked)
    assert set(found) == {"builder", "board"}
    for source, explicit in found.values():
        assert source.is_file() and not explicit
        assert source.parent == paths.assets_dir() / "bench" and tmp_path not in source.parents
    named = bench.Asked(groups=["cli"], sizes=[1000], pairs=1, reference="mine.c")
    assert bench.references(named) == {"builder": (Path("mine.c"), True)}  # it still overrides


@needs_gcc
def test_the_builders_reference_is_compiled_from_the_package_in_another_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The group as the bench runs it, its figures left out: the shipped reference compiles,
    and the group says which file it compiled (by its whole path, from a folder elsewhere)."""
    compiled: list[Path] = []

    def no_figures(sizes: list[int], exe: Path, env: dict[str, str]) -> Iterator[Figure]:
        compiled.append(exe)
        return iter([])

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(bench, "squares_figures", no_figures)
    monkeypatch.setattr(bench, "first_use", lambda env: iter([]))
    assert main(["bench", "--only", "builder", "--sizes", "1000", "--pairs", "1"]) == 0
    out = capsys.readouterr().out
    source = paths.asset("bench", "squares_ref.c")
    assert f"the C reference, compiled here: $ gcc -O2 -o squares_ref {source}" in out
    assert len(compiled) == 1 and compiled[0].is_file()  # the program, built
    assert "skipped" not in out


@pytest.mark.parametrize(("group", "name"), [("builder", "SQUARES_REF"), ("board", "WYTHOFF_REF")])
def test_a_missing_reference_fails_the_run_in_one_line(
    group: str, name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    module = bench_figures if name == "SQUARES_REF" else bench
    monkeypatch.setattr(module, name, ("bench", "gone.c"))
    assert main(["bench", "--only", group, "--pairs", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # refused before any work
    said = f"the '{group}' figures need their C reference, and it is missing"
    assert said in captured.err and "gone.c" in captured.err and captured.err.count("\n") == 1


def test_a_long_path_in_a_message_keeps_the_file_it_names() -> None:
    """(A reference missing from a venv's site-packages: the message's path is cut by its
    start, never its end — the file's name is what tells the reader which one.)"""
    from squaregame.cli.common import ECHO_LIMIT, one_line

    path = "/tmp/ci/.venv/lib/python3.11/site-packages/squaregame/assets/bench/gone.c"
    said = one_line(f"it is missing: {path} (reinstall)")
    assert said.startswith("it is missing: …") and said.endswith("bench/gone.c (reinstall)")
    assert len(said.split()[3]) == ECHO_LIMIT
    typed = "x" * 100  # (typed text: cut by its end, as before)
    assert one_line(f"bad: {typed}") == f"bad: {'x' * (ECHO_LIMIT - 1)}…"


@pytest.mark.parametrize("group", ["builder", "board"])
def test_a_reference_without_gcc_fails_the_run_in_one_line(
    group: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench_figures.shutil, "which", lambda _name: None)
    assert main(["bench", "--only", group, "--pairs", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert f"the '{group}' figures need gcc to compile their C reference" in captured.err


@pytest.mark.slow
@needs_gcc
def test_an_installed_wheel_finds_its_reference_from_another_folder(tmp_path: Path) -> None:
    """The wheel, built and installed into a fresh environment (its dependencies: this
    environment's, by a path file), run from a folder that has nothing of the project."""
    dist, venv, elsewhere = tmp_path / "dist", tmp_path / "venv", tmp_path / "elsewhere"
    elsewhere.mkdir()
    pip = [sys.executable, "-m", "pip", "-q", "--disable-pip-version-check"]
    subprocess.run(
        [*pip, "wheel", "--no-deps", "--no-build-isolation", "-w", str(dist), str(ROOT)],
        check=True, timeout=600,
    )  # fmt: skip
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=600)
    python = venv / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    (Path(site) / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    wheel = next(dist.glob("squaregame-*.whl"))
    subprocess.run(
        [python, "-m", "pip", "-q", "--disable-pip-version-check", "install", "--no-deps",
         "--ignore-installed", str(wheel)],  # (the deps' squaregame: not this one)
        check=True, timeout=600,
    )  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SQUAREGAME_DATA_DIR=str(tmp_path / "d"), SQUAREGAME_CACHE_DIR=str(tmp_path / "c"))
    done = subprocess.run(
        [venv / "bin" / "squaregame", "bench", "--only", "builder", "--sizes", "1000",
         "--pairs", "1"],
        capture_output=True, text=True, env=env, cwd=elsewhere, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    shipped = Path(site) / "squaregame" / "assets" / "bench" / "squares_ref.c"
    assert shipped.is_file()
    assert f"the C reference, compiled here: $ gcc -O2 -o squares_ref {shipped}" in done.stdout
    assert "✓ the same values as the reference" in done.stdout and "FAILED" not in done.stdout
