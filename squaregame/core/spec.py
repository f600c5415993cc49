"""A game as a value: kind, rules, normal or misère, and (perhaps) the start position.

``spec.build(tables)`` is the one way a game is built. A spec holds the kind and the rules
themselves, read once: from the command line, a dialog, a lesson or a save file, names are
read into a spec by a program's registry of kinds (:class:`squaregame.core.kinds.Kinds`:
``kinds.spec(...)``, ``kinds.spec_from_json(...)`` …). A spec is checked when it is made:
the rules fit the kind (a sum has one rule per pile), the position has the kind's shape and
no negative number. Whether a position is within reach of the tables is checked by
:meth:`GameSpec.start`, which may build them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import GameError

if TYPE_CHECKING:
    import random

    from squaregame.core.game import Game, GameKind, Progress
    from squaregame.core.rules.base import Rule
    from squaregame.core.tables import Tables

FIELDS = ("game", "rules", "misere", "position")


@dataclass(frozen=True)
class GameSpec:
    """``kind``: the kind of game; ``rules``: its rules, one per pile as played (the kind
    fills them in: one rule given for a sum of three piles is three); ``position``: the
    start as whole numbers, or None."""

    kind: GameKind
    rules: tuple[Rule, ...] = ()
    misere: bool = False
    position: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        position = None if self.position is None else tuple(int(v) for v in self.position)
        rules, position = self.kind.normalize(tuple(self.rules), position)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "misere", bool(self.misere))
        object.__setattr__(self, "position", position)

    @classmethod
    def of(cls, game: Game[Any]) -> GameSpec:
        """The spec ``game`` was built from (without a start position)."""
        return cls(game.kind, game.rules, game.misere)

    @property
    def rule_keys(self) -> tuple[str, ...]:
        return tuple(r.key for r in self.rules)

    def build(self, tables: Tables) -> Game[Any]:
        """The game (its tables are built when first needed, in ``tables``)."""
        return self.kind.build(self.rules, self.misere, tables)

    def start(self, game: Game[Any], *, progress: Progress | None = None) -> Any:
        """The start position in ``game``, checked against what the tables can reach."""
        if self.position is None:
            raise GameError("errors.no_position", game=self.kind.key)
        return game.parse_position(self.position, progress=progress)

    def with_position(self, position: Sequence[int] | None) -> GameSpec:
        return replace(self, position=None if position is None else tuple(position))

    def with_random_position(self, rng: random.Random) -> GameSpec:
        """This spec, with a random start if it has none."""
        if self.position is not None:
            return self
        return self.with_position(self.kind.random_position(self.rules, rng))

    # -- JSON ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.kind.key,
            "rules": list(self.rule_keys),
            "misere": self.misere,
            "position": None if self.position is None else list(self.position),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict())
