"""Moore's Nim (k = 2), the template family: written from the family contract alone
(``docs/development.md``, "A family: the contract"), outside the program's package, and
driven through every surface by ``tests/test_template_family.py``.

Its declaration names its key and its words' folder at once; its kind is imported when
first asked for. It keeps every default: its screen (the position in large digits, the
moves listed) and its picture as a part of a sum (its words).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from squaregame.families.base import Family

if TYPE_CHECKING:
    from squaregame.core.game import GameKind


class MooreFamily(Family):
    key = "moore"
    words = Path(__file__).resolve().parent.parent / "words"

    @property
    def kinds(self) -> tuple[GameKind, ...]:
        from template_family.moore.kind import KINDS  # (when first asked for)

        return KINDS


FAMILY = MooreFamily()
