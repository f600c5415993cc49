"""The value types of lesson files and their checks: each field's annotation names its check.

A lesson file's keys are read by :func:`read_fields` into a dataclass whose field types are
the names below (``Text``, ``Size``, ``Position`` …); a value of the wrong type is refused with a
:class:`LessonError` naming the file, the step and the key, and a near-miss word gets a "did
you mean". The step kinds themselves live in :mod:`squaregame.lessons.schema`.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any, TypeAlias, TypeVar

from squaregame.lessons.exercises import NAMES as EXERCISES
from squaregame.lessons.exercises import find_exercise
from squaregame.lessons.modes import marks_error


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the file, the step and the key."""


Ask: TypeAlias = str  # an exercise kind (squaregame.lessons.exercises.KINDS), or an alias

# Names of field types: each has a check in CHECKS below (the annotation selects it).
Text: TypeAlias = str  # Markdown
GameName: TypeAlias = str  # a kind's key or alias (checked against the kinds when loaded)
RuleText: TypeAlias = str  # a rule, e.g. "1,3,7,8" or the name of a rule
Rules: TypeAlias = tuple[str, ...]  # one rule per pile
Size: TypeAlias = int  # a whole number, 1 or more
Whole: TypeAlias = int  # a whole number, 0 or more
Positions: TypeAlias = tuple[Any, ...]  # a list of positions
Line: TypeAlias = tuple[Any, ...]  # the positions a game passes through, after the start
Position: TypeAlias = int | tuple[int, ...]  # a number, [x, y] or the piles
StepTables: TypeAlias = tuple[dict[str, Any], ...]  # the [[step]] tables, read by parse_step


# -- checking values -------------------------------------------------------------------------


class _Bad(Exception):
    """A value of the wrong type: ``expected`` says what it should be."""

    def __init__(self, expected: str, suggestion: str = "") -> None:
        super().__init__(expected)
        self.expected, self.suggestion = expected, suggestion


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _text(v: Any) -> str:
    if not isinstance(v, str):
        raise _Bad("text")
    if (wrong := marks_error(v)) is not None:
        raise _Bad(f"text whose {{app: … | text: …}} marks read ({wrong})")
    return v.strip()


def _word(v: Any) -> str:
    if not isinstance(v, str) or not v.strip():
        raise _Bad('a rule as text, e.g. "1,3,7,8" or the name of a rule')
    return v.strip()


def _name(v: Any) -> str:
    if not isinstance(v, str) or not v.strip():
        raise _Bad('the name of a game, e.g. "squares"')
    return v.strip()


def _rules(v: Any) -> Rules:
    if not isinstance(v, list) or not v:
        raise _Bad('a list of rules, one per pile, e.g. ["1,2", "1,3,7,8"]')
    return tuple(_word(r) for r in v)


def _size(v: Any) -> int:
    if not _is_int(v) or v < 1:
        raise _Bad("a whole number, 1 or more")
    return int(v)


def _whole(v: Any) -> int:
    if not _is_int(v) or v < 0:
        raise _Bad("a whole number, 0 or more")
    return int(v)


def _ask(v: Any) -> str:
    if not isinstance(v, str):
        raise _Bad("one of " + ", ".join(EXERCISES))
    try:
        return find_exercise(v).key
    except ValueError:
        raise _Bad("one of " + ", ".join(EXERCISES), suggest(v, EXERCISES)) from None


def _positions(v: Any) -> Positions:
    if not isinstance(v, list):
        raise _Bad("a list of positions")
    return tuple(_position(x) for x in v)


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise _Bad("true or false")
    return v


def _position(v: Any) -> Position:
    if _is_int(v) and v >= 0:
        return int(v)
    if isinstance(v, list) and v and all(_is_int(x) and x >= 0 for x in v):
        return tuple(int(x) for x in v)
    raise _Bad("a number, [x, y] or a list of piles (whole numbers, 0 or more)")


def _tables(v: Any) -> StepTables:
    if not isinstance(v, list) or not v or not all(isinstance(t, dict) for t in v):
        raise _Bad("one or more [[step]] tables")
    return tuple(v)


CHECKS: dict[str, Callable[[Any], Any]] = {
    "Text": _text,
    "GameName": _name,
    "RuleText": _word,
    "Rules": _rules,
    "Size": _size,
    "bool": _bool,
    "Position": _position,
    "Ask": _ask,
    "Whole": _whole,
    "Positions": _positions,
    "Line": _positions,
    "StepTables": _tables,
}


def check_of(annotation: Any) -> Callable[[Any], Any]:
    return CHECKS[str(annotation).removesuffix(" | None")]


def suggest(word: Any, choices: Any) -> str:
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def show(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return repr(v)
    return str(v)


T = TypeVar("T")


def read_fields(cls: type[T], raw: dict[str, Any], where: str, what: str) -> T:
    """``raw`` checked against the fields of ``cls``; ``where`` starts every message."""
    known = {f.name: f for f in fields(cls)}  # type: ignore[arg-type]
    for key in raw:
        if key not in known:
            hint = suggest(key, known) or f" ({what} takes: {', '.join(sorted(known))})"
            raise LessonError(f"{where}: unknown key '{key}'{hint}")
    values: dict[str, Any] = {}
    for name, f in known.items():
        if name in raw:
            try:
                values[name] = check_of(f.type)(raw[name])
            except _Bad as bad:
                raise LessonError(
                    f"{where}: '{name}' must be {bad.expected}, not {show(raw[name])}"
                    + bad.suggestion
                ) from None
        elif f.default is MISSING:
            raise LessonError(f"{where}: missing key '{name}' ({what} needs it)")
    return cls(**values)
