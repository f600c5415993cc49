"""A family is known to the rest of the program only through its interface.

Each family is a package of ``squaregame/families/``; the registry lists it once
(``squaregame/families/__init__.py``). Outside its own package, nothing may:

* import from it (everything else is handed the registry, ``squaregame.families.GAMES``);
* test or assume its classes: ``isinstance``, ``issubclass``, ``cast`` or ``type(…) is`` with
  a class a family defines (a ``Notation``-style switch in another name);
* name one of its kinds by a string literal (``kind.key == "sum"``: a switch on a type tag).
  The catalogs (``text/``) and the rule registry (``core/rules``: "squares" and "nim" are
  rule keys there) are not kinds; the benchmarks name the games they time, through the
  registry (``GAMES.kinds.find``), never to switch. (Aliases and family keys are ordinary
  words — "piles", "sums", "pile" — and are not searched for.)
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import squaregame
from squaregame.families import FAMILIES, GAMES

PACKAGE = Path(squaregame.__file__).parent
FAMILY_DIRS = {
    f.key: PACKAGE / "families" / type(f).__module__.rsplit(".", 1)[-1] for f in FAMILIES
}
NAMES = {k.key for k in GAMES.kinds}
LITERAL_EXEMPT = ("text/", "core/rules/", "cli/bench.py", "cli/bench_figures.py")


def family_of(path: Path) -> str | None:
    for key, folder in FAMILY_DIRS.items():
        if folder in path.parents:
            return key
    return None


def family_classes() -> dict[str, str]:
    """Every class a family defines: its name → the family."""
    found: dict[str, str] = {}
    for key, folder in FAMILY_DIRS.items():
        for path in folder.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef):
                    found[node.name] = key
    return found


CLASSES = family_classes()


def _names_in(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | {
        n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)
    }


def offences_in(text: str, rel: str, own: str | None) -> list[str]:
    """What the module at ``rel`` (in the family ``own``, or in none) does that it may not."""
    tree = ast.parse(text)
    found: list[str] = []
    registry = rel == "families/__init__.py"
    for node in ast.walk(tree):
        # imports of a family from outside it
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module:
            targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        for t in targets:
            parts = t.split(".")
            family = (
                parts[2] if parts[:2] == ["squaregame", "families"] and len(parts) > 2 else None
            )
            if family in FAMILY_DIRS and family != own and not registry:
                found.append(f"imports {t}")
        # isinstance / issubclass / cast / type(...) is with a family's class
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("isinstance", "issubclass") and len(node.args) == 2:
                hit = _names_in(node.args[1]) & set(CLASSES)
                found += [f"{node.func.id}(…, {c})" for c in hit if CLASSES[c] != own]
            if node.func.id == "cast" and node.args:
                hit = _names_in(node.args[0]) & set(CLASSES)
                found += [f"cast({c}, …)" for c in hit if CLASSES[c] != own]
        if isinstance(node, ast.Compare) and any(
            isinstance(o, (ast.Is, ast.IsNot)) for o in node.ops
        ):
            sides = [node.left, *node.comparators]
            if any(isinstance(s, ast.Call) and getattr(s.func, "id", "") == "type" for s in sides):
                hit = set().union(*(_names_in(s) for s in sides)) & set(CLASSES)
                found += [f"type(…) is {c}" for c in hit if CLASSES[c] != own]
        if own is not None:
            continue
        # a kind named by a literal
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value in NAMES
            and not rel.startswith(LITERAL_EXEMPT)
        ):
            found.append(f"names {node.value!r}")
    return found


def offences() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        hits = offences_in(path.read_text(encoding="utf-8"), rel, family_of(path))
        if hits:
            found[path.relative_to(PACKAGE).as_posix()] = hits
    return found


def test_families_are_known_only_through_their_interface() -> None:
    found = offences()
    assert not found, f"ask the registry and the game's capabilities instead: {found}"


def test_there_is_no_notation_tag() -> None:
    text = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    assert not re.search(r"\bNotation\b", text)


def test_the_check_finds_each_kind_of_offence() -> None:
    """The check itself: each offence, in a module outside the families, is found."""
    probe = (
        "from typing import cast\n"
        "from squaregame.families.sums.game import SumGame\n"
        "def f(game, kind):\n"
        "    if isinstance(game, SumGame): pass\n"
        "    g = cast(SumGame, game)\n"
        "    if type(game) is SumGame: pass\n"
        "    if kind.key == 'sum': pass\n"
        "    return 'wythoff'\n"
    )
    assert sorted(offences_in(probe, "play/probe.py", None)) == sorted(
        [
            "imports squaregame.families.sums.game",
            "imports squaregame.families.sums.game.SumGame",
            "isinstance(…, SumGame)",
            "cast(SumGame, …)",
            "type(…) is SumGame",
            "names 'sum'",
            "names 'wythoff'",
        ]
    )
    assert offences_in(probe, "families/sums/probe.py", "sums") == []  # its own family may
