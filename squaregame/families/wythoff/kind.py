"""Wythoff's queen: a position is a square (x, y) of the board."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import GameError, PositionError
from squaregame.core.game import Game, GameKind
from squaregame.core.params import MISERE, Param, ParamType, Values
from squaregame.core.traits import Shape, Traits
from squaregame.core.writing import Spoken

if TYPE_CHECKING:
    import random

    from squaregame.core.rules.base import Rule
    from squaregame.core.tables import Tables

_SQUARE = re.compile(r"\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)\s*")  # a record's ``(3,5)``
AREA = "wythoff"  # its words: assets/i18n/<lang>/wythoff.toml
START_XY = Param(
    "position",
    ParamType.NUMBERS,
    key="start_xy",
    area=AREA,
    flag="--start",
    count=(2, 2),
    minimum=0,
    metavar="X Y",
    example="7 9",
)


class WythoffKind(GameKind):
    traits = Traits(Shape.SQUARE)
    key = "wythoff"
    aliases = ("queen", "wythoffs-queen")
    area = AREA
    params = (START_XY, MISERE)
    lesson_steps = frozenset({"board", "pairs"})
    random_cap = 1000  # a random board the dialog draws stays small

    def normalize(
        self, rules: tuple[Rule, ...], position: Values | None
    ) -> tuple[tuple[Rule, ...], Values | None]:
        if rules:
            raise GameError("errors.takes_no_option", game=self.key, option="--rule")
        if position is not None:
            self.position_param.check_count(self.key, len(position))
            for name, v in zip("xy", position, strict=True):
                if v < 0:
                    raise PositionError("wythoff.errors.negative_coordinate", name=name, value=v)
        return (), position

    def build(self, rules: tuple[Rule, ...], misere: bool, tables: Tables) -> Game[Any]:
        # (the game itself: only when one is built)
        from squaregame.families.wythoff.game import WythoffGame

        return WythoffGame(self, misere, tables)

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

    def position_words(self, pos: Any) -> dict[str, Any]:
        x, y = self.position_values(pos)
        return {"x": x, "y": y}

    def spoken(self, pos: Any) -> Spoken:
        """The queen's two distances, to the left edge (x) and to the bottom edge (y):
        ``the queen 3 squares from the left edge and 5 from the bottom edge``."""
        x, y = self.position_values(pos)
        if x and y:
            return Spoken(AREA, "inside", {"x": x, "y": y, "count": x})
        if x:
            return Spoken(AREA, "bottom_edge", {"x": x, "count": x})
        return Spoken(AREA, "left_edge", {"y": y, "count": y}) if y else Spoken(AREA, "corner")

    def record_notation(self, values: Sequence[int]) -> str:
        return f"({values[0]},{values[1]})"

    def read_record_notation(self, text: str) -> Values | None:
        found = _SQUARE.fullmatch(text)
        return None if found is None else (int(found[1]), int(found[2]))

    def table_dims(self, rule_count: int) -> int:
        return 2

    def coordinate_names(self, dims: int) -> list[str]:
        return ["x", "y"]

    stats_limit = 8000  # a board of 8000² cells: three bytes each, about a second or two

    def table_stats(self, n: int, digest: bool = False) -> tuple[dict[str, Any], str]:
        """The n×n board 0..n−1 built afresh: the C reference's cold count and largest
        remoteness, and its first cell (row-major); ``digest``: and the FNV-1a hash of its
        remoteness values, row by row, ``fnv1a_rem``, as the reference prints it."""
        from squaregame.families.wythoff.table import built_board  # numpy only without C

        cold_count, top, at, values = built_board(n - 1)
        stats: dict[str, Any] = {
            "upto": n,
            "cold_count": cold_count,
            "max_remoteness": top,
            "max_remoteness_at": list(at),
        }
        if digest:
            from squaregame.core.files import digest as fnv  # (a check: only when asked)

            stats["fnv1a_rem"] = fnv.shown(fnv.fnv1a_u16(fnv.chunks(values)))
        said = (
            f"board 0..{n - 1:,} squared: {cold_count:,} cold, largest remoteness {top} (at {at})"
        )
        return stats, said


WYTHOFF = WythoffKind()
