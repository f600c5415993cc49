"""Whole numbers as people write them: ``1000``, ``1,000``, ``1 000``, ``1_000``, ``1 000``.

One reader for every number a person types, in a dialog's field or on the command line
(:meth:`squaregame.core.params.Param.parse_numbers` says which marks separate values and
which group digits). Groups are checked: after a first group of one to three digits, every
group has three (``1,000,000``), so ``12,5`` or ``10,0000`` is not silently read as one
number. Errors are :class:`~squaregame.core.errors.GameError` catalog keys.
"""

from __future__ import annotations

import re

from squaregame.core.errors import MAX_INPUT_DIGITS, GameError

# Marks that only ever group digits: an underscore (as in Python), a no-break space, a
# narrow no-break space (French and Russian typography), a thin space.
GROUP_MARKS = "_\u00a0\u202f\u2009"
# Marks that group digits in a value of one number, and separate values in one of several.
VALUE_MARKS = ", "
SIGNS = "+-"
_SPACES = re.compile(r"[ \t\r\n\f\v]+")  # ASCII white space: a typed gap (not U+00A0 …)
_VALUES = re.compile(r"[, \t\r\n\f\v]+")


def shown(text: str) -> str:
    """Typed text as an error message echoes it: at most 20 characters."""
    return text if len(text) <= 20 else text[:20] + "…"


def one_gap(text: str) -> str:
    """``text`` stripped, each run of ASCII white space one space."""
    return _SPACES.sub(" ", text.strip())


def split_values(text: str) -> list[str]:
    """The words of ``text`` that are separate values: commas and ASCII white space
    separate them (the group marks do not)."""
    return [w for w in _VALUES.split(text) if w]


def is_digits(word: str) -> bool:
    """Only ASCII digits (``"²".isdigit()`` is True, and ``int("²")`` fails)."""
    return word.isascii() and word.isdigit()


def read_whole(word: str, marks: str = GROUP_MARKS, *, signed: bool = False) -> int:
    """The whole number ``word`` writes, its digits grouped by any of ``marks``.

    Digits are ASCII digits. With a group mark, the first group has one to three digits and
    every later one three. ``signed``: a leading ``+`` or ``-`` is read (the command line,
    whose messages say why a negative number is refused); otherwise a sign is not a digit.
    """
    sign, body = "", word.strip()
    if signed and body.startswith(tuple(SIGNS)):
        sign, body = body[0], body[1:]
    groups = re.split(f"[{re.escape(marks)}]", body) if marks else [body]
    if not all(g.isascii() and g.isdigit() for g in groups if g):
        raise GameError("errors.not_whole_number", text=shown(word))
    digits = "".join(groups)
    if not digits:
        raise GameError("errors.not_whole_number", text=shown(word))
    if len(groups) > 1 and (not 1 <= len(groups[0]) <= 3 or any(len(g) != 3 for g in groups[1:])):
        raise GameError("errors.number_grouping", text=shown(word))
    if len(digits) > MAX_INPUT_DIGITS:
        raise GameError("errors.number_too_large", text=shown(word))
    return int(sign + digits)
