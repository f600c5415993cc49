"""A game's parameters, declared once: what a kind of game takes (a start, rules, misère).

A :class:`Param` is declared once and serves every way a game is chosen: it gives the
command line its option (:meth:`Param.argparse_options`), a dialog its field
(:meth:`Param.form_field`), and both the same :meth:`Param.parse`. Its label and help are
catalog keys (``<area>.params.<key>.label`` / ``.help``: a family's own parameters in its
own catalog area, the shared ones in ``games``), written by the text layer. A command's own
numbers (``--upto``, ``--seed``) are Params too (``squaregame.cli.options``): every number a
person types is read by :meth:`Param.read_numbers` (:mod:`squaregame.core.numbers`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple

from squaregame.core.errors import GameError, PositionError
from squaregame.core.numbers import (
    GROUP_MARKS,
    VALUE_MARKS,
    one_gap,
    read_whole,
    shown,
    split_values,
)
from squaregame.core.rules import parse_rule

Values = tuple[int, ...]
TRUE_WORDS = frozenset({"1", "yes", "y", "true", "on", "misere", "misère"})
FALSE_WORDS = frozenset({"0", "no", "n", "false", "off", "normal", ""})


class ParamType(Enum):
    FLAG = "flag"  # on or off (misère)
    RULES = "rules"  # rule texts: squares, nim, 1,3,7,8 ...
    NUMBERS = "numbers"  # whole numbers: a position


class FormField(NamedTuple):
    """What a dialog needs to show one parameter as a field."""

    name: str
    type: ParamType
    label_key: str
    help_key: str
    default: Any
    example: str


@dataclass(frozen=True)
class Param:
    """One parameter of a game kind: its type, how many values, its default, its range."""

    name: str  # the field of a GameSpec / the argparse dest: "position", "rule", "misere"
    type: ParamType
    key: str = ""  # catalog key part (default: name): <area>.params.<key>.label / .help
    area: str = "games"  # the catalog area of its words (a family's own, or the shared one)
    flag: str | None = None  # "--rule"; None: the command's positional numbers
    default: Any = None
    count: tuple[int, int] = (1, 1)  # fewest and most values (rules given, numbers)
    minimum: int | None = None  # for numbers
    maximum: int | None = None
    metavar: str = ""
    example: str = ""
    # The one message for any text this parameter refuses, given ``text`` (a seed: "a whole
    # number from 0 to 2^63-1, not …"), where one says it better than each error its own.
    error_key: str = ""
    # How one rule of a RULES parameter is read (None: the rule registry's parse_rule). A
    # family whose rules are not the registry's (octal codes) brings its own reader.
    reader: Callable[[str], Any] | None = None
    # The position is given after the game's name (``play sum 5 7 10``) when ``flag`` is None,
    # else with ``flag`` (``play squares --start 75``) by the commands that start a game.

    @property
    def text_key(self) -> str:
        return self.key or self.name

    @property
    def label_key(self) -> str:
        return f"{self.area}.params.{self.text_key}.label"

    @property
    def help_key(self) -> str:
        return f"{self.area}.params.{self.text_key}.help"

    @property
    def type_key(self) -> str:
        """What to type when nothing (or not enough) was: "Type a start number." """
        return f"{self.area}.params.{self.text_key}.type"

    @property
    def what_key(self) -> str:
        """What the values are, for "give the …" messages."""
        return f"{self.area}.params.{self.text_key}.what"

    # -- reading -------------------------------------------------------------------------
    def parse(self, text: str, *, signed: bool = False) -> Any:
        """The value of this parameter typed as ``text`` (a field, an option); ``signed``:
        numbers may carry a sign (the command line), for their range to refuse."""
        try:
            if self.type is ParamType.FLAG:
                word = text.strip().lower()
                if word in TRUE_WORDS or word in FALSE_WORDS:
                    return word in TRUE_WORDS
                raise GameError("errors.not_yes_or_no", text=shown(text))
            if self.type is ParamType.RULES:
                texts = text.split(";") if text.strip() else []
                rules = tuple(self.read_rule(t) for t in texts)
                self.check_count_of_rules(len(rules))
                return rules
            return self.parse_numbers(text, signed=signed)
        except GameError:
            if not self.error_key:
                raise
            raise GameError(self.error_key, text=shown(text)) from None

    def read_rule(self, text: str) -> Any:
        """One rule of this parameter, read by its reader (else the rule registry)."""
        return (self.reader or parse_rule)(text)

    @property
    def dest(self) -> str:
        """Where the command line keeps its value: the name, or for an option of rules its
        flag (``--rule`` → ``rule``, ``--code`` → ``code``: two kinds' rules, two options)."""
        if self.type is ParamType.RULES and self.flag:
            return self.flag.lstrip("-").replace("-", "_")
        return self.name

    def parse_numbers(self, text: str, *, signed: bool = False) -> Values:
        """The whole numbers typed as ``text``, as many as this parameter takes, each within
        its range (:meth:`read_numbers` reads them)."""
        values = self.read_numbers(text, signed=signed)
        lo, hi = self.count
        if not values or (lo == hi and len(values) != lo):
            raise GameError(self.type_key)
        return self.check_values(values)

    def read_numbers(self, text: str, *, signed: bool = False) -> Values:
        """The whole numbers written in ``text``, not yet counted or checked against the range.

        How they are written (the same in a dialog's field and on the command line, whose
        words are joined by spaces): digits may always be grouped by ``_`` or a no-break or
        thin space (U+00A0, U+202F, U+2009): ``1_000``; parentheses are ignored (``(7, 9)``);
        ``signed``: a number may carry a sign (refused by the range, not as a non-number).

        * A parameter of **one number** (a start, ``--upto``) reads the whole text as that
          number: commas and spaces group its digits too (``1,000``, ``1 000``: on the
          command line ``analyze squares 1 000``). Groups are checked: after a first group of
          one to three digits, every group has three; ``1,00`` and ``10,0000`` are refused.
          Only when the words are several whole numbers that do not group (``3 4``) are they
          read as separate values, for the count to refuse.
        * A parameter of **several numbers** (a sum's piles ``5 7 10``, a Wythoff square
          ``7 9``) takes commas and spaces as separators of values: ``12,5`` is (12, 5), and
          a large value is written ``1000``, ``1_000`` or with a no-break space, never
          ``1,000`` or ``1 000``. Text that could be read either way is refused, not
          guessed (``errors.number_ambiguous``): a comma between a group of one to three
          digits and one of exactly three (``1,000``, ``3,100``), or a value of two or more
          digits that starts with 0 (the ``000`` of ``1 000``). A parameter of a fixed count
          (a Wythoff square: two) reads ``300,500`` as its two values: joining them into one
          (300500) would leave too few, so that reading is no reading at all.
        """
        cleaned = one_gap(text.replace("(", " ").replace(")", " "))
        if not cleaned:
            return ()
        if self.count != (1, 1):
            words = split_values(cleaned)
            grouped = _THOUSANDS.search(cleaned)
            if grouped is not None and self.count == (len(words), len(words)):
                grouped = None  # as many values as the parameter takes: a grouped reading
            if grouped is not None or any(_LEADING_ZERO.fullmatch(w) for w in words):
                said = grouped[0] if grouped is not None else cleaned
                raise GameError("errors.number_ambiguous", text=shown(said))
            return tuple(read_whole(w, signed=signed) for w in words)
        try:
            return (read_whole(cleaned, GROUP_MARKS + VALUE_MARKS, signed=signed),)
        except GameError:
            words = cleaned.split(" ")
            if len(words) < 2:
                raise
        marks = GROUP_MARKS + ","
        return tuple(read_whole(w, marks, signed=signed) for w in words)

    def read_part_numbers(self, text: str, *, signed: bool = False) -> Values:
        """The whole numbers of one part of a sum (``wythoff:300,500``, ``kayles:250,340``,
        ``squares:10``): inside a part a comma always separates values, never groups digits,
        so ``kayles:1,000`` is two rows (1 and 0) and ``squares:1,000`` two numbers where a
        pile takes one (refused by the count). Digits are grouped only by ``_`` or a
        no-break or thin space; a value of two or more digits that starts with 0 is refused
        as ambiguous, as :meth:`read_numbers` does."""
        cleaned = one_gap(text.replace("(", " ").replace(")", " "))
        words = split_values(cleaned)
        if any(_LEADING_ZERO.fullmatch(w) for w in words):
            raise GameError("errors.number_ambiguous", text=shown(cleaned))
        return tuple(read_whole(w, signed=signed) for w in words)

    def check_values(self, values: Sequence[int]) -> Values:
        """Each value within range (how many values a kind takes, its kind checks)."""
        lo, hi = self.minimum, self.maximum
        for v in values:
            below, above = lo is not None and v < lo, hi is not None and v > hi
            if (below or above) and lo is not None and hi is not None:
                raise PositionError("errors.number_range", value=v, minimum=lo, maximum=hi)
            if below:
                raise PositionError("errors.number_below", value=v, minimum=lo)
            if above:
                raise PositionError("errors.number_above", value=v, maximum=hi)
        return tuple(values)

    def check_count(self, game: str, count: int, *, flag: str | None = None) -> None:
        """A position of ``count`` numbers must have this parameter's count."""
        lo, hi = self.count
        if not lo <= count <= hi:
            shape = f"{flag} {self.metavar}" if flag else self.metavar
            raise PositionError("errors.position_count", game=game, expected=shape, count=count)

    def check_count_of_rules(self, count: int) -> None:
        lo, hi = self.count
        if count < lo:
            raise GameError("errors.rule_missing", option=self.flag or self.name)
        if count > hi:
            raise GameError("errors.rule_too_many", option=self.flag or self.name, most=hi)

    # -- declaring ------------------------------------------------------------------------
    def argparse_options(self) -> dict[str, Any]:
        """Keyword arguments for ``ArgumentParser.add_argument`` (help is added by the CLI,
        from :attr:`help_key`)."""
        if self.type is ParamType.FLAG:
            return {"action": "store_true", "dest": self.name}
        if self.type is ParamType.RULES:
            return {"action": "append", "metavar": self.metavar or "R", "dest": self.dest}
        return {"nargs": "+", "metavar": self.metavar or "N", "dest": self.name}

    def form_field(self) -> FormField:
        return FormField(
            self.name, self.type, self.label_key, self.help_key, self.default, self.example
        )


# A value of several could be a thousands group: "1,000" (1 and 0, or 1000?), "1 000".
_THOUSANDS = re.compile(r"(?<![0-9_\u00a0\u202f\u2009])[+-]?[0-9]{1,3},[0-9]{3}(?![0-9])")
_LEADING_ZERO = re.compile(r"[+-]?0[0-9]+")  # (ASCII digits: as read_whole reads them)

MISERE = Param("misere", ParamType.FLAG, flag="--misere", default=False)
