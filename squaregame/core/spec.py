"""A game as a value: kind, rules, normal or misère, and (perhaps) the start position.

``spec.build(tables)`` is the one way a game is built — from the command line
(:meth:`GameSpec.from_options`), a dialog or a lesson (:meth:`GameSpec.from_mapping`), or a
save file (:meth:`GameSpec.from_json`). A spec is checked when it is made: the kind exists,
the rules parse, a sum has one rule per pile, the position has the kind's shape and no
negative number. Whether a position is within reach of the tables is checked by
:meth:`GameSpec.start`, which may build them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import GameError
from squaregame.core.kinds import GameKind, find_kind, rule_named
from squaregame.core.rules import Rule

if TYPE_CHECKING:
    from squaregame.core.game import Game, Progress
    from squaregame.core.tables import Tables

FIELDS = ("game", "rules", "misere", "position")


@dataclass(frozen=True)
class GameSpec:
    """``kind``: a kind's key (an alias is accepted and replaced by the key); ``rules``: rule
    keys, one per pile as played; ``position``: the start as whole numbers, or None."""

    kind: str
    rules: tuple[str, ...] = ()
    misere: bool = False
    position: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        kind = find_kind(self.kind)
        given = tuple(r if isinstance(r, Rule) else rule_named(str(r)) for r in self.rules)
        position = None if self.position is None else tuple(int(v) for v in self.position)
        rules, position = kind.normalize(given, position)
        object.__setattr__(self, "kind", kind.key)
        object.__setattr__(self, "rules", tuple(r.key for r in rules))
        object.__setattr__(self, "misere", bool(self.misere))
        object.__setattr__(self, "position", position)

    # -- what it describes -------------------------------------------------------------
    @property
    def game_kind(self) -> GameKind:
        return find_kind(self.kind)

    def rule_objects(self) -> tuple[Rule, ...]:
        return tuple(rule_named(r) for r in self.rules)

    def build(self, tables: Tables) -> Game[Any]:
        """The game (its tables are built when first needed, in ``tables``)."""
        return self.game_kind.build(self.rule_objects(), self.misere, tables)

    def start(self, game: Game[Any], *, progress: Progress | None = None) -> Any:
        """The start position in ``game``, checked against what the tables can reach."""
        if self.position is None:
            raise GameError("errors.no_position", game=self.kind)
        return game.parse_position(self.position, progress=progress)

    def with_position(self, position: Sequence[int] | None) -> GameSpec:
        return replace(self, position=None if position is None else tuple(position))

    def with_random_position(self, rng: random.Random) -> GameSpec:
        """This spec, with a random start if it has none."""
        if self.position is not None:
            return self
        return self.with_position(self.game_kind.random_position(self.rule_objects(), rng))

    # -- JSON ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.kind,
            "rules": list(self.rules),
            "misere": self.misere,
            "position": None if self.position is None else list(self.position),
        }

    def to_json(self) -> str:
        import json

        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> GameSpec:
        """A spec written by :meth:`to_json`; anything else is a GameError."""
        import json

        try:
            doc = json.loads(text)
        except (ValueError, UnicodeDecodeError):
            raise GameError("errors.spec_not_json") from None
        if not isinstance(doc, dict):
            raise GameError("errors.spec_not_json")
        unknown = sorted(set(doc) - set(FIELDS))
        if unknown:
            raise GameError("errors.spec_field", field=str(unknown[0])[:20])
        return cls.from_mapping(doc)

    @classmethod
    def from_mapping(cls, m: Mapping[str, Any]) -> GameSpec:
        """A spec from plain values (a lesson step, a dialog, a save): ``game``, ``rules`` (a
        list) or ``rule`` (a text or a list), ``misere``, ``position`` (a number or a list).
        Other keys are ignored."""
        game = m.get("game")
        if not isinstance(game, str):
            raise GameError("errors.spec_field", field="game")
        raw_rules = m["rules"] if "rules" in m else m.get("rule")
        if raw_rules is None:
            rules: tuple[str, ...] = ()
        elif isinstance(raw_rules, str):
            rules = (raw_rules,)
        elif isinstance(raw_rules, list | tuple) and all(isinstance(r, str) for r in raw_rules):
            rules = tuple(raw_rules)
        else:
            raise GameError("errors.spec_field", field="rules")
        misere = m.get("misere", False)
        if not isinstance(misere, bool):
            raise GameError("errors.spec_field", field="misere")
        return cls(game, rules, misere, _position(m.get("position")))

    # -- the command line --------------------------------------------------------------
    @classmethod
    def from_options(
        cls,
        game: str,
        options: Mapping[str, Any],
        position: Sequence[int] | None = None,
        *,
        position_flag: str | None = None,
    ) -> GameSpec:
        """A spec from parsed options (``{param name: value}``, e.g. argparse's namespace as a
        dict): every option given must be one of the kind's parameters. ``position_flag``
        names the option the position came from, for messages."""
        kind = find_kind(game)
        names = {p.name for p in kind.params}
        for p in _all_params():
            if p.name in names or p.flag is None:
                continue
            if options.get(p.name) not in (None, False, [], ()):
                raise GameError("errors.takes_no_option", game=kind.key, option=p.flag)
        lo, hi = kind.position_param.count
        if position is not None and lo == hi:  # (how many piles a sum has, the sum checks)
            kind.position_param.check_count(kind.key, len(position), flag=position_flag)
        rules = tuple(str(t) for t in options.get("rule") or ())
        try:
            return cls(kind.key, rules, bool(options.get("misere")), _position(position))
        except GameError as exc:
            if exc.key == "errors.sum_rule_count":  # said the command line's way
                raise GameError("errors.sum_rule_options", **exc.params) from None
            raise


def _position(raw: Any) -> tuple[int, ...] | None:
    if raw is None:
        return None
    values = list(raw) if isinstance(raw, list | tuple) else [raw]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise GameError("errors.spec_field", field="position")
    return tuple(values)


def _all_params() -> list[Any]:
    from squaregame.core.kinds import KINDS

    return [p for k in KINDS for p in k.params]
