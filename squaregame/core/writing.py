"""How a kind of game writes and reads its positions: as numbers (saves, records, specs),
as JSON, as the values of its family's words, in plain spoken words (:class:`Spoken`) and
in game records' notation (:class:`Writing`, what every
:class:`~squaregame.core.game.GameKind` does).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from squaregame.core.errors import PositionError
from squaregame.core.params import Values

_PLUS = re.compile(r"\s*\d+(\s*\+\s*\d+)*\s*")  # a record's ``40`` or ``5+7+10``


def plain_notation(text: str) -> Values | None:
    """The numbers of ``40`` or ``5+7+10`` (None: not written so)."""
    if not _PLUS.fullmatch(text):
        return None
    return tuple(int(n) for n in re.findall(r"\d+", text))


@dataclass(frozen=True)
class Spoken:
    """A position in plain words, as values: the message ``<area>.spoken.<form>`` of the
    catalogs (text mode's "a pile of 20 counters"), filled with ``values``. A value is said
    as it is (``count`` chooses the plural), or is a list of numbers (said as a list, "7
    and 4"), another :class:`Spoken` (said in its own area's words), a list of those (said
    one after the other), or a :class:`Named`."""

    area: str
    form: str
    values: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Named:
    """The name of one entry of a sum's rules, said in words: a pile's rule ("Squares") or
    a part of another kind ("Wythoff's queen")."""

    entry: Any


class Writing(ABC):
    """A kind's positions written and read: its numbers are all a position is to the rest of
    the program (a sum's parts, one after the other: :mod:`squaregame.core.parts`)."""

    @abstractmethod
    def position_values(self, pos: Any) -> Values: ...

    @abstractmethod
    def position_from_values(self, values: Values) -> Any: ...

    def position_json(self, pos: Any) -> Any:
        """A position as the JSON of saves, records and ``analyze --json``: its numbers."""
        return list(self.position_values(pos))

    def position_from_json(self, raw: Any) -> Values:
        """The numbers of a position written by :meth:`position_json` (checked for type)."""
        values = raw if isinstance(raw, list) else [raw]
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise PositionError("errors.bad_position_json", text=_shown(repr(raw)))
        return tuple(values)

    def position_words(self, pos: Any) -> dict[str, Any]:
        """The values of the position's words, ``<area>.position`` in the catalogs: ``n``
        (the first number), ``values`` (all of them, ``5 + 7``) and ``x``, ``y`` … ."""
        values = self.position_values(pos)
        words: dict[str, Any] = {"n": values[0] if values else 0}
        words["values"] = " + ".join(map(str, values))
        words |= dict(zip("xyz", values, strict=False))
        return words

    def position_words_in(self, rules: Sequence[Any], pos: Any) -> dict[str, Any]:
        """:meth:`position_words` where the rules are known (a sum of parts words each part
        as its own kind does)."""
        return self.position_words(pos)

    def spoken(self, pos: Any) -> Spoken:
        """The position in plain words of the language (no notation: no ``+``, brackets or
        symbols). A family says its own (``<area>.spoken.<form>``); this one, its numbers as
        a list, serves a kind with no words of its own yet."""
        return Spoken("games", "numbers", {"numbers": self.position_values(pos)})

    def spoken_in(self, rules: Sequence[Any], pos: Any) -> Spoken:
        """:meth:`spoken` where the rules are known (a sum says each part in its words)."""
        return self.spoken(pos)

    def record_notation(self, values: Sequence[int]) -> str:
        """A position in game records, the same in every language: ``40``, ``5+7+10``."""
        return "+".join(str(v) for v in values)

    def read_record_notation(self, text: str) -> Values | None:
        """The numbers of a position as :meth:`record_notation` writes it (None: it is not
        one). A kind with a notation of its own reads it back here."""
        return plain_notation(text)

    def phrase_count(self, pos: Any) -> int:
        """The number a phrase about what is left agrees with ("1 is left", "4 + 7 are")."""
        return 2


def _shown(text: str) -> str:
    return text if len(text) <= 20 else text[:20] + "…"
