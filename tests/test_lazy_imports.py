"""Start-up: a command imports what it uses and no more (guards against an eager import)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from squaregame.cli.commands import COMMANDS, help_text
from squaregame.cli.main import make_parser


def _modules_after(*args: str) -> set[str]:
    code = (
        "import sys, json, io, contextlib\n"
        "from squaregame.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    try:\n        main({list(args)!r})\n    except SystemExit:\n        pass\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def test_a_squares_answer_imports_neither_numpy_nor_textual_nor_other_commands() -> None:
    loaded = _modules_after("analyze", "squares", "1000")
    assert "squaregame.cli.analyze" in loaded
    for heavy in (
        "numpy",
        "textual",
        "rich",
        "squaregame.core.sums.solver",
        "squaregame.families.wythoff.table",
        "squaregame.lessons.schema",
        "squaregame.cli.bench",
        "squaregame.bench",
        "squaregame.cli.serve",
        "secrets",  # (a saved game's name: with hashlib, hmac and base64)
        "hashlib",
        "traceback",  # (a program error's report only)
        "squaregame.play.settings",  # (no settings file: the language from the environment)
        "squaregame.play.files",
    ):
        assert heavy not in loaded, heavy


def test_a_saved_language_is_read_where_there_is_a_settings_file(tmp_path: Path) -> None:
    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps({"version": 1, "lang": "es"}), encoding="utf-8")
    env = {**os.environ, "SQUAREGAME_DATA_DIR": str(tmp_path), "LANG": "ru_RU.UTF-8"}
    env.pop("LC_ALL", None)
    env.pop("LANGUAGE", None)
    code = (
        "import sys\n"
        "from squaregame.play.language import cli_language\n"
        "print(cli_language(), 'squaregame.play.files' in sys.modules)\n"
    )
    run = [sys.executable, "-c", code]
    out = subprocess.run(run, capture_output=True, text=True, check=True, env=env)
    assert out.stdout.split() == ["es", "True"]  # the saved one, by the files' reader
    settings.unlink()
    out = subprocess.run(run, capture_output=True, text=True, check=True, env=env)
    assert out.stdout.split() == ["ru", "False"]  # none saved: the environment's, read alone


def test_a_second_squares_answer_parses_no_catalog_and_makes_no_period_search() -> None:
    _modules_after("analyze", "squares", "1000")  # the first run keeps the parsed catalogs
    loaded = _modules_after("analyze", "squares", "1000")
    needless_here = ("tomllib", "shutil", "tempfile", "squaregame.core.piles.periodic", "random")
    for needless in needless_here:  # (random: drawn by an opponent, or a random start)
        assert needless not in loaded, needless
    assert not [m for m in loaded if m.startswith("squaregame.cli.") and m.endswith(
        ("why", "table", "play", "lesson", "record", "worksheet", "build_tables", "serve")
    )]  # fmt: skip


def test_help_imports_no_subcommand_module() -> None:
    loaded = _modules_after("--help")
    assert not [
        m
        for m in loaded
        if m.startswith("squaregame.cli.")
        and m
        not in (
            "squaregame.cli.main",
            "squaregame.cli.common",
            "squaregame.cli.commands",
            "squaregame.cli.words",  # argparse's own words, in the run's language
        )
    ]


def test_a_catalog_reads_only_the_files_it_is_asked_for() -> None:
    code = (
        "from squaregame.text.catalog import Catalog, load_area\n"
        "Catalog('ru')('games.cli.building', title='x')\n"
        "print(load_area.cache_info().currsize)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert int(out.stdout) <= 2  # games.toml in Russian, and English behind it at most


@pytest.mark.parametrize("command", [c.name for c in COMMANDS])
def test_the_lazy_parser_and_the_full_one_agree(command: str) -> None:
    full = make_parser()
    lazy = make_parser([command, "--help"])
    full_sub = next(a for a in full._actions if a.dest == "==SUPPRESS==" or a.choices)
    lazy_sub = next(a for a in lazy._actions if a.dest == "==SUPPRESS==" or a.choices)
    assert list(full_sub.choices) == list(lazy_sub.choices) == [c.name for c in COMMANDS]
    helps = {a.dest: a.help for a in full_sub._choices_actions}
    assert helps[command] == help_text(command)  # the module's help line is the table's
    assert full_sub.choices[command].format_help() == lazy_sub.choices[command].format_help()


def test_the_menu_starts_without_the_games_or_the_lessons() -> None:
    code = (
        "import sys, json\n"
        "from squaregame.families import GAMES\n"
        "from squaregame.ui.app import SquareGameApp\n"
        "SquareGameApp(GAMES)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    for _ in range(2):  # the first start keeps the parsed catalogs
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        )
    loaded = set(json.loads(out.stdout.strip().splitlines()[-1]))
    assert "squaregame.ui.screens.menu" in loaded
    for later in (
        "squaregame.core.types",  # the value classes: with the first game
        "squaregame.core.game",
        "squaregame.core.spec",
        "squaregame.play.session",
        "squaregame.play.records",
        "squaregame.lessons.progress",  # with the first lesson
        "tomllib",  # the catalogs come parsed from the cache (or are parsed once)
        "numpy",
    ):
        assert later not in loaded, later
