"""Lists said in words: ``7 and 4``, ``5, 3 и 1``, ``5, 3 y 1`` (numbers, ``words``) and
longer phrases one after the other (``phrases``: "Squares, a pile of 10 counters; Kayles, a
row of 5 pins"), with their words in the catalogs (``common.list.<style>.*``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from squaregame.text.catalog import Catalog
from squaregame.text.current import language

Style = Literal["words", "phrases"]


def spoken_list(
    items: Sequence[Any], catalog: Catalog | None = None, style: Style = "words"
) -> str:
    """The items joined as the language says a list: one alone, two with ``and``, more with
    commas (``phrases``: semicolons) and ``and`` before the last."""
    cat = catalog if catalog is not None else Catalog(language())
    said = [str(i) for i in items]
    if len(said) < 2:
        return said[0] if said else ""
    if len(said) == 2:
        return cat(f"common.list.{style}.two", first=said[0], last=said[1])
    head = said[0]
    for item in said[1:-1]:
        head = cat(f"common.list.{style}.more", head=head, next=item)
    return cat(f"common.list.{style}.last", head=head, last=said[-1])
