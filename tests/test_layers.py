"""The game-theory core never imports textual, and looking up a position needs no numpy."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import squaregame

PACKAGE = Path(squaregame.__file__).parent
PURE = ["core", "play", "lessons"]  # layers that must never import the UI toolkit


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_pure_layers_do_not_import_textual_or_the_ui() -> None:
    files = [
        f for layer in PURE if (PACKAGE / layer).is_dir() for f in (PACKAGE / layer).rglob("*.py")
    ]
    assert files
    for f in files:
        for name in imported_modules(f):
            assert not name.startswith(("textual", "rich", "squaregame.ui", "squaregame.cli")), (
                f,
                name,
            )


def test_core_runs_without_textual_and_lookups_need_no_numpy() -> None:
    code = (
        "import sys\n"
        "sys.modules['textual'] = None  # any import of textual now fails\n"
        "from squaregame.core.games import PileGame\n"
        "from squaregame.core.rules import SQUARES\n"
        "from squaregame.core.ai import Opponent\n"
        "g = PileGame(SQUARES)\n"
        "a = g.analyze(999_999)\n"
        "Opponent(seed=1).choose(a)\n"
        "assert 'numpy' not in sys.modules, 'a table lookup imported numpy'\n"
        "print(a.info.remoteness)\n"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
