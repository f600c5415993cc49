"""The house's structure: every import runs down the layers, none closes a circle, no module
grows past 400 lines, the game theory never needs the interface, and an import inside a
function says why it is there.

Every import counts: at the top of a module, inside a function, or for type checking only.
The layers, lowest first (a module may import its own layer and those below it):

    ground    squaregame.paths, squaregame.start_up, squaregame.version
    core      game theory (squaregame.core: never textual)
    text      the catalogs and the words for games
    play      a game in progress: sessions, saves, records, settings
    lessons   lessons, exercises, worksheets
    ui        the Textual shell: app, generic screens, widgets
    families  the families of games, one package each (and their registry)
    api       the public Python API (squaregame.api)
    classroom the server that gives students the app in a browser
    cli       the command line
    face      squaregame/__init__.py (the API's names), squaregame/__main__.py
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from test_ui_wiring import cycles

import squaregame

PACKAGE = Path(squaregame.__file__).parent
LAYERS = ("ground", "core", "text", "play", "lessons", "ui", "families", "api", "classroom", "cli",
          "face")  # fmt: skip
MAX_LINES = 400


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer(module: str) -> str:
    parts = module.split(".")
    if module in ("squaregame", "squaregame.__main__"):
        return "face"
    if module in ("squaregame.paths", "squaregame.start_up", "squaregame.version"):
        return "ground"
    return parts[1]


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imports_of(module: str) -> set[str]:
    """Every module of the package that ``module`` imports, wherever the import stands."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()

    def known(name: str) -> str | None:
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        return name or None

    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([base] if base else [])])
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base
                     for a in node.names]  # fmt: skip
        for name in names:
            if name.startswith("squaregame"):
                target = known(name)
                if target is not None and target != module:
                    found.add(target)
    return found


GRAPH = {m: imports_of(m) for m in MODULES}


def test_every_module_has_a_layer() -> None:
    assert {layer(m) for m in MODULES} <= set(LAYERS), sorted({layer(m) for m in MODULES})


def test_no_import_runs_up_a_layer() -> None:
    upward = sorted(
        f"{m} -> {t}"
        for m, targets in GRAPH.items()
        for t in targets
        if LAYERS.index(layer(t)) > LAYERS.index(layer(m))
    )
    assert not upward, upward


def circles() -> list[list[str]]:
    """The strongly connected components of more than one module (the interface's test has
    the finder, and a test of it)."""
    return cycles(GRAPH)


def test_no_circle_of_imports() -> None:
    assert circles() == []


def test_no_module_over_400_lines() -> None:
    long = {m: n for m, p in MODULES.items() if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert not long, long


def _imported(path: Path) -> set[str]:
    """The top-level packages and squaregame modules a module imports (anywhere in it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    named: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            named |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            named.add(node.module)
    return named


def _draws(m: str) -> bool:
    return any(n.split(".")[0] in ("textual", "rich") for n in _imported(MODULES[m]))


def test_the_theory_never_imports_the_interface() -> None:
    """The layers below the interface never import textual or rich, and neither does a
    family's game theory: in a family's package, a module that does not draw (imports
    neither) reaches no module that does, through any chain of imports. (A family's
    declaration, its ``__init__``, names its screen for the app: it is not theory.)"""
    declarations = {m for m, p in MODULES.items() if p.name == "__init__.py"}
    declarations.add("squaregame.families.base")
    for m in MODULES:
        if LAYERS.index(layer(m)) < LAYERS.index("ui"):
            assert not _draws(m), m
        elif layer(m) == "families" and not _draws(m) and m not in declarations:
            seen, todo = {m}, [m]
            while todo:
                for t in GRAPH[todo.pop()] - seen:
                    seen.add(t)
                    todo.append(t)
            drawing = sorted(t for t in seen if _draws(t))
            assert not drawing, (m, drawing)


def test_every_game_is_played_without_textual_and_lookups_need_no_numpy() -> None:
    code = (
        "import sys\n"
        "sys.modules['textual'] = None  # any import of textual now fails\n"
        "sys.modules['rich'] = None\n"
        "from squaregame.core.ai import Opponent\n"
        "from squaregame.core.tables import Tables\n"
        "from squaregame.families import GAMES\n"
        "tables = Tables()\n"
        "a = GAMES.kinds.spec('squares', position=999_999).build(tables).analyze(999_999)\n"
        "Opponent(seed=1).choose(a)\n"
        "assert 'numpy' not in sys.modules, 'a table lookup imported numpy'\n"
        "for kind in GAMES.kinds:  # every family's game, analysed, without the interface\n"
        "    rule = kind.param('rule')\n"
        "    spec = GAMES.kinds.spec(kind, (rule.example,) if rule else ())\n"
        "    spec = spec.with_position((5,) * kind.position_param.count[0])\n"
        "    game = spec.build(tables)\n"
        "    game.analyze(spec.start(game))\n"
        "print(a.info.remoteness)\n"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr


def late_imports() -> dict[str, list[tuple[int, bool]]]:
    """Every import inside a function, by module: (line, whether a reason is given). A
    reason is a comment on the import's line, on the line above it, or on the first line of
    the run of imports it belongs to."""
    found: dict[str, list[tuple[int, bool]]] = {}
    for m, path in MODULES.items():
        lines = path.read_text(encoding="utf-8").splitlines()
        tree = ast.parse("\n".join(lines))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for body in ast.walk(fn):
                stmts = getattr(body, "body", None)
                if not isinstance(stmts, list):
                    continue
                run_said = False
                previous: ast.stmt | None = None
                for st in stmts:
                    if not isinstance(st, (ast.Import, ast.ImportFrom)):
                        previous, run_said = st, False
                        continue
                    own = any("#" in lines[i - 1] for i in range(st.lineno, st.end_lineno + 1))
                    above = lines[st.lineno - 2].strip().startswith("#")
                    starts_run = not isinstance(previous, (ast.Import, ast.ImportFrom))
                    said = own or above or (not starts_run and run_said)
                    run_said = said if starts_run else (run_said or own or above)
                    found.setdefault(m, []).append((st.lineno, said))
                    previous = st
    return found


def test_every_import_inside_a_function_says_why() -> None:
    """An import is at the top of its module unless start-up (or a heavy library only some
    work needs: numpy, the interface) is the reason; then the reason is written beside it."""
    silent = [
        f"{m}:{line}" for m, found in late_imports().items() for line, said in found if not said
    ]
    assert not silent, silent
