"""Wythoff's queen: a position is a square (x, y) of the board."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import GameError, PositionError
from squaregame.core.kinds.base import MISERE, GameKind, Notation, Param, ParamType, Values
from squaregame.core.rules import Rule

if TYPE_CHECKING:
    from squaregame.core.game import Game
    from squaregame.core.tables import Tables

START_XY = Param(
    "position",
    ParamType.NUMBERS,
    key="start_xy",
    flag="--start",
    count=(2, 2),
    minimum=0,
    metavar="X Y",
    example="7 9",
)


class WythoffKind(GameKind):
    key = "wythoff"
    aliases = ("queen", "wythoffs-queen")
    notation = Notation.PAIR
    params = (START_XY, MISERE)

    def normalize(
        self, rules: tuple[Rule, ...], position: Values | None
    ) -> tuple[tuple[Rule, ...], Values | None]:
        if rules:
            raise GameError("errors.takes_no_option", game=self.key, option="--rule")
        if position is not None:
            self.position_param.check_count(self.key, len(position))
            for name, v in zip("xy", position, strict=True):
                if v < 0:
                    raise PositionError("errors.negative_coordinate", name=name, value=v)
        return (), position

    def build(self, rules: tuple[Rule, ...], misere: bool, tables: Tables) -> Game[Any]:
        from squaregame.core.wythoff_game import WythoffGame

        return WythoffGame(misere, tables, kind=self)

    def random_position(self, rules: tuple[Rule, ...], rng: random.Random) -> Values:
        return (rng.randint(5, 30), rng.randint(5, 30))

    def is_terminal(self, rules: Sequence[Rule], pos: Any) -> bool:
        return tuple(pos) == (0, 0)

    def rule_json(self, rule_keys: tuple[str, ...]) -> Any:
        return self.key  # 1.0's JSON: "rule": "wythoff"

    def position_values(self, pos: Any) -> Values:
        return (int(pos[0]), int(pos[1]))

    def position_from_values(self, values: Values) -> tuple[int, int]:
        return (values[0], values[1])

    def position_json(self, pos: Any) -> list[int]:
        return [int(pos[0]), int(pos[1])]

    def table_dims(self, rule_count: int) -> int:
        return 2

    def coordinate_names(self, dims: int) -> list[str]:
        return ["x", "y"]

    def move_from_text(
        self, game: Game[Any], pos: Any, text: str, *, pile: int | None = None
    ) -> tuple[int, int]:
        x, y = self.position_param.parse_numbers(text)
        game.check_move(pos, (x, y))
        return (x, y)
