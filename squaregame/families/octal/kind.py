"""The take-and-break family's kinds: Kayles, Dawson's Kayles, Dawson's chess and Grundy's
game, each with its rule fixed, and Octal, with any code given (``--code 0.6``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from squaregame.core.errors import GameError, PositionError
from squaregame.core.game import Game, GameKind
from squaregame.core.params import MISERE, Param, ParamType, Values
from squaregame.core.sums.pile_sums import offered
from squaregame.core.traits import Shape, Traits
from squaregame.core.writing import Spoken, plain_notation
from squaregame.families.octal.code import (
    AREA,
    DAWSONS_CHESS,
    DAWSONS_KAYLES,
    GRUNDYS_GAME,
    KAYLES,
    HeapRule,
    PileRule,
    Rows,
    label,
    parse_rule,
    per_code,
)
from squaregame.families.octal.search import Solved

if TYPE_CHECKING:
    import random

    from squaregame.core.rules.base import Rule
    from squaregame.core.tables import Tables

MAX_ROWS = 12  # rows a game may start with

ROWS = Param(
    "position",
    ParamType.NUMBERS,
    key="rows",
    area=AREA,
    count=(1, MAX_ROWS),
    minimum=1,
    metavar="ROW",
    example="10",
)
CODE = Param(
    "rule",
    ParamType.RULES,
    key="code",
    area=AREA,
    flag="--code",
    count=(1, MAX_ROWS),
    metavar="CODE",
    example="0.77",
    reader=parse_rule,
)
STEPS = frozenset({"grundy", "mex"})
EXERCISES = frozenset({"grundy", "nimsum"})


def heap_rules(rules: Sequence[Any]) -> tuple[HeapRule, ...]:
    """The rules of a game of this family: one, or one for each group of rows."""
    assert rules and all(isinstance(r, HeapRule) for r in rules), rules
    return tuple(rules)


def side_by_side(values: Sequence[int]) -> list[list[int]]:
    """The rows of a sum of games side by side, game by game (the games apart by 0s)."""
    groups: list[list[int]] = [[]]
    for v in values:
        if v == 0:
            groups.append([])
        else:
            groups[-1].append(v)
    return groups


class RowsKind(GameKind):
    """Rows of tokens under one take-and-break rule."""

    traits = Traits(Shape.ROWS, sum=True)  # each row a game alone: the nim-sum of theirs

    area = AREA
    lesson_steps = STEPS
    exercises = EXERCISES
    random_cap = 20

    def read_rule(self, text: str) -> Rule:
        """A rule of the family, as written in a save or a spec: a name or an octal code."""
        # a rule of this family's own, carried where rules go: the family alone reads it
        return cast("Rule", parse_rule(text))

    def build(self, rules: tuple[Rule, ...], misere: bool, tables: Tables) -> Game[Any]:
        # (the game itself: only when one is built)
        from squaregame.families.octal.as_piles import PileRowsGame
        from squaregame.families.octal.game import RowsGame

        found = heap_rules(rules)
        if (len(found) > 1 or isinstance(found[0], PileRule)) and offered():
            return PileRowsGame(self, found, misere, tables)  # a sum (as_piles.py)
        return RowsGame(self, found, misere, tables)

    def check_rows(self, position: Values | None) -> Values | None:
        if position is None:
            return None
        if position == (0,):  # (no row at all: the game is over)
            return position
        if not position:
            raise PositionError("octal.errors.no_rows")
        if len(position) > MAX_ROWS:
            raise PositionError("octal.errors.too_many_rows", most=MAX_ROWS, count=len(position))
        for i, v in enumerate(position):
            if v < 1:
                raise PositionError("octal.errors.row_not_positive", row=i + 1, value=v)
        return position

    def random_position(self, rules: tuple[Rule, ...], rng: random.Random) -> Values:
        return tuple(rng.randint(5, 20) for _ in range(rng.randint(1, 3)))

    def rule_json(self, rule_keys: tuple[str, ...]) -> Any:
        """One rule's key; several (a sum of games side by side): the list of them."""
        if len(rule_keys) > 1:
            return list(rule_keys)
        return rule_keys[0] if rule_keys else None

    def title_values(self, rules: Sequence[Rule]) -> dict[str, Any]:
        group_rules = heap_rules(rules) if rules else ()
        if len(group_rules) > 1:  # games side by side: each by its name
            return {"code": " + ".join(label(r) for r in group_rules)}
        return {"code": group_rules[0].text} if group_rules else {}

    # -- positions ------------------------------------------------------------------------
    def position_values(self, pos: Any) -> Values:
        rows = tuple(int(v) for v in pos)
        return rows if rows else (0,)  # nothing left: written 0

    def position_from_values(self, values: Values) -> Rows:
        """The rows as written; a lone 0 is no row at all (the separators of a sum of games
        side by side are 0s between rows, kept)."""
        return () if values == (0,) else tuple(values)

    def position_words(self, pos: Any) -> dict[str, Any]:
        """``values``: the rows joined by +; a sum of games side by side, its groups by │."""
        words = super().position_words(pos)
        values = [int(v) for v in pos]
        if 0 in values:
            groups = side_by_side(values)
            words["values"] = " │ ".join(" + ".join(map(str, g)) if g else "∅" for g in groups)
        return words

    def read_record_notation(self, text: str) -> Values | None:
        return plain_notation(text)

    def spoken(self, pos: Any) -> Spoken:
        return self.spoken_in((), pos)

    def spoken_in(self, rules: Sequence[Any], pos: Any) -> Spoken:
        """``rows of 7 and 4 pins``; a sum of games side by side (groups of rows apart by
        0s): each group by its rule's name (by its number, the rules unknown) and in words."""
        values = [int(v) for v in pos]
        if 0 not in values:
            return _rows_spoken(values)
        groups = side_by_side(values)
        names = [label(r) for r in heap_rules(rules)] if len(rules) == len(groups) else []
        said = [
            Spoken(AREA, "group", {"name": names[i], "words": _rows_spoken(g)})
            if names
            else Spoken(AREA, "group_number", {"number": i + 1, "words": _rows_spoken(g)})
            for i, g in enumerate(groups)
        ]
        return Spoken(AREA, "groups", {"groups": said})

    def phrase_count(self, pos: Any) -> int:
        return sum(int(v) for v in pos)

    def is_terminal(self, rules: Sequence[Rule], pos: Any) -> bool:
        """No row can move (asked without tables: the search's own test of a live row)."""
        return not Solved(heap_rules(rules), False).key(tuple(int(n) for n in pos))


def _rows_spoken(rows: Sequence[int]) -> Spoken:
    """``a row of 9 pins``, ``rows of 7 and 4 pins``, ``no pins left``."""
    if not rows:
        return Spoken(AREA, "empty")
    if len(rows) == 1:
        return Spoken(AREA, "row", {"count": rows[0]})
    return Spoken(AREA, "rows", {"numbers": tuple(rows), "count": rows[-1]})


class NamedKind(RowsKind):
    """A game of the family with its own name: its rule is fixed."""

    params = (ROWS, MISERE)

    def __init__(self, key: str, aliases: tuple[str, ...], rule: HeapRule) -> None:
        self.key = key
        self.aliases = aliases
        self.rule_fixed = rule

    def normalize(
        self, rules: tuple[Rule, ...], position: Values | None
    ) -> tuple[tuple[Rule, ...], Values | None]:
        fixed: Any = self.rule_fixed
        if rules and tuple(r.key for r in rules) != (self.rule_fixed.key,):
            raise GameError("errors.takes_no_option", game=self.key, option="--code")
        return (fixed,), self.check_rows(position)


class OctalKind(RowsKind):
    """Any octal code, or Grundy's game, given with ``--code``."""

    key = "octal"
    aliases = ("take-and-break", "octal-game")
    params = (ROWS, CODE, MISERE)

    def normalize(
        self, rules: tuple[Rule, ...], position: Values | None
    ) -> tuple[tuple[Rule, ...], Values | None]:
        """One code for every row; or one per row (a sum of games side by side, each row
        under its own rule: ``--code kayles --code squares`` for a Kayles row beside a
        Squares pile), the groups then written apart by 0s (``7 0 10``)."""
        if not rules:
            raise GameError("octal.errors.needs_code", count=0)
        if len(rules) == 1:
            return rules, self.check_rows(position)
        if position is None:
            return rules, None
        zeros = position.count(0)
        if len(position) == len(rules) and all(v >= 0 for v in position):
            return rules, per_code(position)  # (one number per code; 0: no row of it)
        if zeros == len(rules) - 1 and all(v >= 0 for v in position):
            return rules, position
        raise PositionError("octal.errors.rows_per_code", codes=len(rules), count=len(position))

    def random_position(self, rules: tuple[Rule, ...], rng: random.Random) -> Values:
        if len(rules) > 1:
            return tuple(rng.randint(5, 20) for _ in rules)
        return super().random_position(rules, rng)


KINDS: tuple[GameKind, ...] = (
    NamedKind("kayles", ("kayle",), KAYLES),
    NamedKind("dawsons-kayles", ("dawson", "dawsons"), DAWSONS_KAYLES),
    NamedKind("dawsons-chess", (), DAWSONS_CHESS),
    NamedKind("grundys-game", ("grundy", "grundys"), GRUNDYS_GAME),
    OctalKind(),
)
