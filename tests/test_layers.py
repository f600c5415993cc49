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
    textmode  a game line by line (``--text``): never Textual, a widget or a screen
    families  the families of games, one package each (and their registry)
    api       the public Python API (squaregame.api)
    classroom the server that gives students the app in a browser
    bench     ``squaregame bench``: every speed figure (the CLI only registers the command)
    cli       the command line
    face      squaregame/__init__.py (the API's names), squaregame/__main__.py

Inside a layer the same rule holds between its floors (``INSIDE``): the interface's plain
modules < its widgets < its lesson panels < its screens < its services < the app; and in
``families/``, the contract (``base``) < a family's modules < its declaration (its
``__init__``) < the registry.
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

from source_trees import parsed, parsed_file
from test_ui_wiring import cycles

import squaregame

PACKAGE = Path(squaregame.__file__).parent
LAYERS = ("ground", "core", "text", "play", "lessons", "ui", "textmode", "families", "api",
          "classroom", "bench", "cli", "face")  # fmt: skip
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
    tree = parsed_file(path)
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


@functools.cache
def graph() -> dict[str, set[str]]:
    """Every module's imports of the package: read once, by the worker that runs these tests
    (not by every worker as it collects them)."""
    return {m: imports_of(m) for m in MODULES}


def test_every_module_has_a_layer() -> None:
    assert {layer(m) for m in MODULES} <= set(LAYERS), sorted({layer(m) for m in MODULES})


def test_no_import_runs_up_a_layer() -> None:
    upward = sorted(
        f"{m} -> {t}"
        for m, targets in graph().items()
        for t in targets
        if LAYERS.index(layer(t)) > LAYERS.index(layer(m))
    )
    assert not upward, upward


def circles() -> list[list[str]]:
    """The strongly connected components of more than one module (the interface's test has
    the finder, and a test of it)."""
    return cycles(graph())


def test_no_circle_of_imports() -> None:
    assert circles() == []


# The floors inside a layer, lowest first: a module imports its own floor and those below
# it, and no circle, not even within a floor. A floor names its modules under the layer's
# package ("" is the package's own __init__); "*" stands for any one name, and where a
# module fits patterns of two floors, the one with fewer "*" places it.
Floors = tuple[tuple[str, tuple[str, ...]], ...]
INSIDE: dict[str, Floors] = {
    "squaregame.ui": (
        ("plain", ("", "*")),  # messages, localize, start, class_link, families, ...
        ("widgets", ("widgets", "widgets.*")),
        ("lesson panels", ("lesson", "lesson.*")),  # a lesson step's panel: widgets, keys
        ("screens", ("screens", "screens.*")),
        ("services", ("services", "services.*")),
        ("app", ("app",)),
    ),
    "squaregame.families": (
        ("base", ("base",)),  # the contract the rest of the program knows a family by
        ("a family's modules", ("*.*",)),  # its game, kinds, screen … (never another's)
        ("a family's declaration", ("*",)),  # its __init__: names its modules, when asked
        ("the registry", ("",)),
    ),
}


def _fits(pattern: str, name: str) -> bool:
    """``name`` (dotted, under a layer's package) fits ``pattern`` ("*": any one name)."""
    want, have = pattern.split("."), name.split(".")
    if len(want) != len(have):
        return False
    return all(w == h or (w == "*" and h != "") for w, h in zip(want, have, strict=True))


def floors_inside(package: str, floors: Floors, graph: dict[str, set[str]]) -> dict[str, str]:
    """Each module of ``package`` (a key of ``graph``) → its floor's name ("?" where no one
    floor places it)."""
    placed: dict[str, str] = {}
    for m in graph:
        if m != package and not m.startswith(package + "."):
            continue
        name = m.removeprefix(package).removeprefix(".")
        fits = sorted(
            (pattern.count("*"), floor)
            for floor, patterns in floors
            for pattern in patterns
            if _fits(pattern, name)
        )
        best = [floor for stars, floor in fits if stars == fits[0][0]] if fits else []
        placed[m] = best[0] if len(set(best)) == 1 else "?"
    return placed


def up_a_floor(package: str, floors: Floors, graph: dict[str, set[str]]) -> list[str]:
    """Every import inside ``package`` that runs up a floor, as "module (floor) -> module
    (floor)"."""
    placed = floors_inside(package, floors, graph)
    order = [floor for floor, _ in floors]
    return sorted(
        f"{m} ({placed[m]}) -> {t} ({placed[t]})"
        for m in placed
        for t in graph[m]
        if t in placed and order.index(placed[t]) > order.index(placed[m])
    )


def circles_inside(package: str, graph: dict[str, set[str]]) -> list[list[str]]:
    inside = {m for m in graph if m == package or m.startswith(package + ".")}
    return cycles({m: graph[m] & inside for m in inside})


def test_the_floor_check_finds_an_import_that_runs_up() -> None:
    floors: Floors = (("low", ("", "*")), ("high", ("high", "high.*")))
    graph = {"p": set(), "p.a": {"p.high.b"}, "p.high": set(), "p.high.b": {"p.a"}, "q": set()}
    assert floors_inside("p", floors, graph) == {
        "p": "low", "p.a": "low", "p.high": "high", "p.high.b": "high",
    }  # fmt: skip
    assert up_a_floor("p", floors, graph) == ["p.a (low) -> p.high.b (high)"]
    assert circles_inside("p", graph) == [["p.a", "p.high.b"]]
    assert floors_inside("p", (("one", ("*",)), ("two", ("*",))), graph)["p.a"] == "?"


def test_every_module_inside_a_layer_stands_on_one_floor() -> None:
    for package, floors in INSIDE.items():
        placed = floors_inside(package, floors, graph())
        assert len(placed) > 10, package  # really looked at the layer
        unplaced = sorted(m for m, floor in placed.items() if floor == "?")
        assert not unplaced, f"no floor (or two) in {package} for: {unplaced}"


def test_no_import_runs_up_a_floor_inside_a_layer() -> None:
    upward = [line for p, floors in INSIDE.items() for line in up_a_floor(p, floors, graph())]
    assert not upward, "imports that run up a floor:\n" + "\n".join(upward)


def test_no_circle_of_imports_inside_a_layer() -> None:
    found = [c for package in INSIDE for c in circles_inside(package, graph())]
    assert not found, "circles:\n" + "\n".join(", ".join(c) for c in found)


def test_no_module_over_400_lines() -> None:
    long = {m: n for m, p in MODULES.items() if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert not long, long


def _imported(path: Path) -> set[str]:
    """The top-level packages and squaregame modules a module imports (anywhere in it)."""
    tree = parsed_file(path)
    named: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            named |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            named.add(node.module)
    return named


@functools.cache  # (asked again for each module a chain reaches: parsed once)
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
                for t in graph()[todo.pop()] - seen:
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
        tree = parsed("\n".join(lines))
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
