"""A family is known to the rest of the program only through its interface.

Each family is a package of ``squaregame/families/``; the registry lists it once
(``squaregame/families/__init__.py``). Outside its own package, nothing may:

* import from it (everything else is handed the registry, ``squaregame.families.GAMES``);
* test or assume its classes: ``isinstance``, ``issubclass``, ``cast`` or ``type(…) is`` with
  a class a family defines (a ``Notation``-style switch in another name);
* probe for what only its classes have: ``hasattr(x, "name")`` or ``getattr(x, "name", …)``
  with an attribute no class outside the families defines (a capability switch in another
  name), or ``except AttributeError`` around a call (the same, found by failing);
* name one of its kinds by a string literal (``kind.key == "sum"``: a switch on a type tag).
  The catalogs (``text/``) and the rule registry (``core/rules``: "squares" and "nim" are
  rule keys there) are not kinds. The bench has no exemption: the games it times are named
  in a data file (``assets/bench/timed-games.toml``). (Aliases and family keys are ordinary
  words — "piles", "sums", "pile" — and are not searched for.)
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest
from source_trees import parsed, parsed_file

import squaregame
from squaregame.families import FAMILIES, GAMES

PACKAGE = Path(squaregame.__file__).parent
FAMILY_DIRS = {
    f.key: PACKAGE / "families" / type(f).__module__.rsplit(".", 1)[-1] for f in FAMILIES
}
NAMES = {k.key for k in GAMES.kinds}
LITERAL_EXEMPT = ("text/", "core/rules/")


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
            for node in ast.walk(parsed_file(path)):
                if isinstance(node, ast.ClassDef):
                    found[node.name] = key
    return found


def class_attributes(paths: list[Path]) -> set[str]:
    """The methods and class-level names the classes in ``paths`` define."""
    found: set[str] = set()
    for path in paths:
        for node in ast.walk(parsed_file(path)):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        found.add(item.name)
                    elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                        found.add(item.target.id)
                    elif isinstance(item, ast.Assign):
                        found |= {t.id for t in item.targets if isinstance(t, ast.Name)}
    return found


@functools.cache
def family_facts() -> tuple[dict[str, str], set[str]]:
    """The families' classes (:func:`family_classes`) and what only a family's classes have:
    probing for it outside the family is a switch. Read once, by the worker that runs these
    tests (not by every worker as it collects them)."""
    in_families = [p for folder in FAMILY_DIRS.values() for p in folder.rglob("*.py")]
    outside = [p for p in PACKAGE.rglob("*.py") if p not in set(in_families)]
    return family_classes(), class_attributes(in_families) - class_attributes(outside)


def _names_in(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | {
        n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)
    }


def offences_in(text: str, rel: str, own: str | None) -> list[str]:
    """What the module at ``rel`` (in the family ``own``, or in none) does that it may not."""
    tree = parsed(text)
    found: list[str] = []
    registry = rel == "families/__init__.py"
    classes, family_only = family_facts()
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
                hit = _names_in(node.args[1]) & set(classes)
                found += [f"{node.func.id}(…, {c})" for c in hit if classes[c] != own]
            if node.func.id == "cast" and node.args:
                hit = _names_in(node.args[0]) & set(classes)
                found += [f"cast({c}, …)" for c in hit if classes[c] != own]
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("hasattr", "getattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value in family_only
            and own is None
        ):
            found.append(f"{node.func.id}(…, {node.args[1].value!r})")
        if isinstance(node, ast.Try) and own is None:
            catches = any(
                h.type is not None and "AttributeError" in _names_in(h.type) for h in node.handlers
            )
            tried = set().union(*(_names_in(s) for s in node.body)) & family_only
            if catches and tried:
                found.append(f"except AttributeError around {sorted(tried)[0]!r}")
        if isinstance(node, ast.Compare) and any(
            isinstance(o, (ast.Is, ast.IsNot)) for o in node.ops
        ):
            sides = [node.left, *node.comparators]
            if any(isinstance(s, ast.Call) and getattr(s.func, "id", "") == "type" for s in sides):
                hit = set().union(*(_names_in(s) for s in sides)) & set(classes)
                found += [f"type(…) is {c}" for c in hit if classes[c] != own]
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
        "    if hasattr(game, 'needs_search'): pass\n"
        "    getattr(game, 'needs_search', None)\n"
        "    try:\n"
        "        game.needs_search()\n"
        "    except AttributeError: pass\n"
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
            "hasattr(…, 'needs_search')",
            "getattr(…, 'needs_search')",
            "except AttributeError around 'needs_search'",
        ]
    )
    assert offences_in(probe, "families/sums/probe.py", "sums") == []  # its own family may


def test_a_kind_speaks_in_its_familys_area() -> None:
    """A family's key is its catalog area and its help section: the screens of its kinds
    find their words and their help through ``kind.area``."""
    for family in FAMILIES:
        assert family.kinds, family.key
        assert {k.area for k in family.kinds} == {family.key}


def test_the_help_has_every_familys_section_even_without_a_section_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from squaregame import paths
    from squaregame.ui.screens import help as help_screen

    (tmp_path / "help").mkdir()
    (tmp_path / "help" / "en.md").write_text("# Help\n\nNo sections.\n", encoding="utf-8")
    real = paths.asset
    monkeypatch.setattr(
        paths, "asset", lambda *p: tmp_path.joinpath(*p) if p[0] == "help" else real(*p)
    )
    text = help_screen.help_text("en", tuple(f.key for f in FAMILIES))
    assert text.startswith("# Help")
    assert text.count("\n## ") >= len(FAMILIES)


def test_every_family_says_its_required_words_in_every_language() -> None:
    """The words the family contract requires (``Family.required_words``: its area's, its
    kinds' titles, its own parameters'), in each language's own catalog (not only by the
    English fallback)."""
    from squaregame.text.catalog import languages, load_catalog

    for lang in languages():
        said = load_catalog(lang)
        for family in FAMILIES:
            missing = [w for w in family.required_words() if w not in said]
            assert not missing, (lang, family.key, missing)


def test_the_required_words_include_what_the_menu_reads() -> None:
    """The menu's preview read ``<family>.preview.rule`` and ``.example``, which the contract
    did not require: a family written from the docs crashed the menu."""
    for family in FAMILIES:
        words = family.required_words()
        assert f"{family.key}.preview.rule" in words and f"{family.key}.menu" in words
        assert all(kind.title_key in words for kind in family.kinds)
