"""The interface's wiring: no import cycles among squaregame/ui's modules, and only the
application module imports the application (screens post messages instead)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from source_trees import parsed_file

import squaregame
from squaregame.families import GAMES

ROOT = Path(squaregame.__file__).parent.parent
PACKAGE = "squaregame/ui"


def modules(root: Path, package: str) -> dict[str, Path]:
    """Dotted module name → file, for every module under ``package``."""
    found = {}
    for f in (root / package).rglob("*.py"):
        name = ".".join(f.relative_to(root).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = f
    return found


def imports(name: str, path: Path) -> set[str]:
    """Every module ``path`` imports, at module level or inside functions (relative resolved)."""
    out: set[str] = set()
    for node in ast.walk(parsed_file(path)):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = name.split(".")
                if path.name != "__init__.py":
                    parts = parts[:-1]
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join(parts + ([base] if base else []))
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    mods = modules(root, package)
    prefix = package.replace("/", ".")
    return {
        m: {t for t in imports(m, f) if t in mods and t != m and t.startswith(prefix)}
        for m, f in mods.items()
    }


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in edges:
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles_in_the_interface() -> None:
    graph = import_graph(ROOT, PACKAGE)
    assert len(graph) > 20  # really looked at the package
    assert cycles(graph) == []


def test_only_the_application_module_imports_the_application() -> None:
    mods = modules(ROOT, PACKAGE)
    offenders = sorted(
        name
        for name, path in mods.items()
        if name != "squaregame.ui.app"
        and any(
            t == "squaregame.ui.app" or t.startswith("squaregame.ui.app.")
            for t in imports(name, path)
        )
    )
    assert offenders == []


def test_screens_ask_the_application_by_message() -> None:
    """Each request a screen can make is a message the application handles."""
    from textual.message import Message

    from squaregame.ui import messages
    from squaregame.ui.app import SquareGameApp

    kinds = [
        v
        for v in vars(messages).values()
        if isinstance(v, type) and issubclass(v, Message) and v.__module__ == messages.__name__
    ]
    assert len(kinds) >= 10
    for kind in kinds:
        assert callable(getattr(SquareGameApp, kind.handler_name, None)), kind.handler_name


async def test_a_new_game_from_a_game_takes_its_place() -> None:
    from ui_helpers import settle

    from squaregame.families.pile.screen import PileScreen
    from squaregame.ui.app import SquareGameApp
    from squaregame.ui.screens.menu import MenuScreen
    from squaregame.ui.screens.new_game import NewGameDialog
    from squaregame.ui.start import StartRequest

    app = SquareGameApp(GAMES, StartRequest(start=75, seed=1), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        old = app.screen
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameDialog)
        app.screen.query_one("#start").value = "22"  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await settle(pilot)
        new = app.screen
        assert isinstance(new, PileScreen) and new is not old and new.session.start == 22
        assert [type(s) for s in app.screen_stack] == [MenuScreen, PileScreen]
        assert app.saved is not None and app.saved.start == "22"
