"""A game's parameters, declared once: what a kind of game takes (a start, rules, misère).

A :class:`Param` is declared once and serves every way a game is chosen: it gives the
command line its option (:meth:`Param.argparse_options`), a dialog its field
(:meth:`Param.form_field`), and both the same :meth:`Param.parse`. Its label and help are
catalog keys (``<area>.params.<key>.label`` / ``.help``: a family's own parameters in its
own catalog area, the shared ones in ``games``), written by the text layer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple

from squaregame.core.errors import MAX_INPUT_DIGITS, GameError, PositionError
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
    def parse(self, text: str) -> Any:
        """The value of this parameter typed as ``text`` (a field, an option)."""
        if self.type is ParamType.FLAG:
            word = text.strip().lower()
            if word in TRUE_WORDS or word in FALSE_WORDS:
                return word in TRUE_WORDS
            raise GameError("errors.not_yes_or_no", text=_shown(text))
        if self.type is ParamType.RULES:
            texts = text.split(";") if text.strip() else []
            rules = tuple(parse_rule(t) for t in texts)
            self.check_count_of_rules(len(rules))
            return rules
        return self.parse_numbers(text)

    def parse_numbers(self, text: str) -> Values:
        """Whole numbers separated by spaces (or commas, when there are several)."""
        cleaned = text.strip().replace("(", " ").replace(")", " ").replace("_", "")
        if self.count == (1, 1):
            cleaned = cleaned.replace(",", "")  # 1,000,000 is one number
        parts = cleaned.replace(",", " ").split()
        if not parts:
            raise GameError(self.type_key)
        for p in parts:
            if not (p.isascii() and p.isdigit()):
                raise GameError("errors.not_whole_number", text=_shown(p))
            if len(p) > MAX_INPUT_DIGITS:
                raise GameError("errors.number_too_large", text=_shown(p))
        lo, hi = self.count
        if lo == hi and len(parts) != lo:
            raise GameError(self.type_key)
        return self.check_values(tuple(int(p) for p in parts))

    def check_values(self, values: Sequence[int]) -> Values:
        """Each value within range (how many values a kind takes, its kind checks)."""
        for v in values:
            if self.minimum is not None and v < self.minimum:
                raise PositionError("errors.number_below", value=v, minimum=self.minimum)
            if self.maximum is not None and v > self.maximum:
                raise PositionError("errors.number_above", value=v, maximum=self.maximum)
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
            return {"action": "append", "metavar": self.metavar or "R", "dest": self.name}
        return {"nargs": "+", "metavar": self.metavar or "N", "dest": self.name}

    def form_field(self) -> FormField:
        return FormField(
            self.name, self.type, self.label_key, self.help_key, self.default, self.example
        )


def _shown(text: str) -> str:
    return text if len(text) <= 20 else text[:20] + "…"


MISERE = Param("misere", ParamType.FLAG, flag="--misere", default=False)
