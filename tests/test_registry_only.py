"""Game kinds are named in one place: the registry (``squaregame/core/kinds/``) and the words
for them (``squaregame/text/``, the catalogs). Nowhere else may a kind's key be a string
literal, or code switch on a concrete game class with isinstance."""

from __future__ import annotations

import re
from pathlib import Path

import squaregame

PACKAGE = Path(squaregame.__file__).parent
KIND_LITERAL = re.compile(r"""(["'])(squares|wythoff|sum|nim|subtraction)\1""")
GAME_ISINSTANCE = re.compile(r"isinstance\([^)]*\b(PileGame|WythoffGame|SumGame)\b")

EXEMPT = (
    "core/kinds/",  # the registry itself
    "text/",  # the words for each kind
    "core/rules",  # the rule registry: "squares" and "nim" are rule keys there
    "core/piles/files.py",  # the Squares table file's own metadata ("game": "squares")
)


def offences() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith(EXEMPT):
            continue
        text = path.read_text(encoding="utf-8")
        hits = [m.group(0) for m in KIND_LITERAL.finditer(text)]
        hits += [m.group(0) for m in GAME_ISINSTANCE.finditer(text)]
        if hits:
            found[rel] = hits
    return found


def test_no_kind_literals_or_game_isinstance_outside_the_registry() -> None:
    found = offences()
    assert not found, f"name kinds through squaregame.core.kinds instead: {found}"
