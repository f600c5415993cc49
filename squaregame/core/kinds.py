"""A program's kinds of game, in order: found by key or alias, and read into specs.

:class:`Kinds` is what the rest of the program is given (by the families' registry,
``squaregame.families``) to read a game's name — typed on the command line, chosen in a dialog,
written in a lesson or a save — into a :class:`~squaregame.core.spec.GameSpec`. It knows no
kind by name: the families declare them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, overload

from squaregame.core.errors import GameError, RuleError
from squaregame.core.game import GameKind
from squaregame.core.params import Param, ParamType, Values
from squaregame.core.parts import Part, count_of, join_values
from squaregame.core.spec import FIELDS, GameSpec

_NAMED = re.compile(r"(?:(?<=\s)|^)([^\s:]+):")  # a part's name before its position: "wythoff:"
PILE_SIZE = Param("position", ParamType.NUMBERS, minimum=0)  # a pile named by its rule: 1,3,7,8:21


class Kinds(Sequence[GameKind]):
    """The kinds of game a program offers, in the order its lists show them."""

    def __init__(self, kinds: Iterable[GameKind]) -> None:
        self.all: tuple[GameKind, ...] = tuple(kinds)
        seen: dict[str, str] = {}
        for kind in self.all:
            for name in kind.names:
                if name != name.lower() or seen.setdefault(name, kind.key) != kind.key:
                    raise RuntimeError(f"game name {name!r} is taken twice or not lower-case")

    def __iter__(self) -> Iterator[GameKind]:
        return iter(self.all)

    def __len__(self) -> int:
        return len(self.all)

    @overload
    def __getitem__(self, index: int) -> GameKind: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[GameKind, ...]: ...

    def __getitem__(self, index: int | slice) -> GameKind | tuple[GameKind, ...]:
        return self.all[index]

    def keys(self) -> tuple[str, ...]:
        """The keys, in order (for messages and menus)."""
        return tuple(k.key for k in self.all)

    def find(self, name: str) -> GameKind:
        """The kind called ``name`` (its key or an alias, any case); else a GameError
        listing them all."""
        wanted = name.strip().lower()
        for kind in self.all:
            if wanted in kind.names:
                return kind
        shown = name if len(name) <= 24 else name[:24] + "…"
        raise GameError("errors.unknown_game", name=shown, choices=", ".join(self.keys()))

    def kind_of_part(self, part: Any) -> GameKind:
        """The kind whose game one part of a sum is: a :class:`Part`'s own, else the first
        kind that plays a pile under that rule (:meth:`GameKind.plays`)."""
        if isinstance(part, Part):
            return part.kind
        found = next((k for k in self.all if k.plays(part)), None)
        if found is None:
            raise GameError(
                "errors.unknown_part", name=str(part)[:20], games=", ".join(self.keys())
            )
        return found

    # -- specs from names ----------------------------------------------------------------
    def spec(
        self,
        game: str | GameKind,
        rules: Sequence[str] = (),
        misere: bool = False,
        position: Sequence[int] | int | None = None,
    ) -> GameSpec:
        """The game called ``game`` with the rules named (``squares``, ``1,3,7,8``)."""
        kind = game if isinstance(game, GameKind) else self.find(game)
        read = tuple(self.read_rule(kind, r) for r in rules)
        return GameSpec(kind, read, misere, _position(position))

    def read_rule(self, kind: GameKind, text: str) -> Any:
        """One of ``kind``'s rules as written: for a sum, a game of any kind as one part
        (:meth:`part`) where ``text`` names one, else the kind's own reader."""
        if kind.traits.parts:
            part = self.part(text)
            if part is not None:
                return part
        return kind.read_rule(text)

    # -- the parts of a sum ----------------------------------------------------------------
    def part(self, text: str) -> Any:
        """The part of a sum that ``text`` names (``wythoff``, ``kayles``, ``octal=0.137``):
        a kind that fixes a pile's rule is that rule (``squares``: a Squares pile), any other
        kind a :class:`~squaregame.core.parts.Part` (its rules checked as a game of its own
        checks them). None when ``text`` names no kind (then it may be a rule: ``1,3,7,8``)."""
        name, eq, rule = text.strip().partition("=")
        wanted = name.strip().lower()
        kind = next((k for k in self.all if wanted in k.names), None)
        if kind is None:
            return None
        if kind.traits.parts:
            raise GameError("errors.part_is_sum", game=kind.key)
        if kind.rule is not None and not eq:
            return kind.rule
        rules = (self.read_rule(kind, rule),) if eq else ()
        return Part(kind, GameSpec(kind, rules).rules, given=bool(eq))

    def read_parts(self, game: str, words: Sequence[str]) -> tuple[tuple[str, ...], Values]:
        """A sum's position written part by part (``squares:10 wythoff:3,5 nim:7``): its
        rules (as texts, for the kind's parameter of rules) and its numbers (one row, as
        :func:`~squaregame.core.parts.join_values` writes them). Each part's position is read
        as its own kind reads one (``3,5``, ``3 5``, ``(3, 5)``)."""
        kind = self.find(game)
        text = " ".join(words).strip()
        found = list(_NAMED.finditer(text))
        if not kind.traits.parts:
            raise GameError("errors.takes_no_parts", game=kind.key)
        if not found or text[: found[0].start()].strip():
            raise GameError("errors.parts_written", text=text[:20])
        rules: list[Any] = []
        values: list[Values] = []
        for m, after in zip(found, [*found[1:], None], strict=True):
            name = m.group(1)
            typed = text[m.end() : None if after is None else after.start()].strip()
            part = self.part(name)
            try:
                rule = part if part is not None else kind.read_rule(name)
            except RuleError:
                games = ", ".join(k.key for k in self.all if not k.traits.parts)
                raise GameError("errors.unknown_part", name=name[:20], games=games) from None
            param = part.kind.position_param if isinstance(part, Part) else PILE_SIZE
            numbers = param.read_part_numbers(typed, signed=True) if typed else ()
            count = count_of(rule)
            lo, hi = (1, param.count[1]) if count is None else (count, count)
            if not lo <= len(numbers) <= hi:
                raise GameError("errors.part_numbers", part=name[:20], text=typed[:20])
            rules.append(rule)
            values.append(numbers)
        return tuple(r.key for r in rules), join_values(rules, values)

    def spec_from_mapping(self, m: Mapping[str, Any]) -> GameSpec:
        """A spec from plain values (a lesson step, a save): ``game``, ``rules`` (a list) or
        ``rule`` (a text or a list), ``misere``, ``position`` (a number or a list). Other keys
        are ignored."""
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
        return self.spec(game, rules, misere, _position(m.get("position")))

    def spec_from_json(self, text: str | bytes) -> GameSpec:
        """A spec written by :meth:`GameSpec.to_json`; anything else is a GameError."""
        try:
            doc = json.loads(text)
        except (ValueError, UnicodeDecodeError):
            raise GameError("errors.spec_not_json") from None
        if not isinstance(doc, dict):
            raise GameError("errors.spec_not_json")
        unknown = sorted(set(doc) - set(FIELDS))
        if unknown:
            raise GameError("errors.spec_field", field=str(unknown[0])[:20])
        return self.spec_from_mapping(doc)

    def spec_from_options(
        self,
        game: str,
        options: Mapping[str, Any],
        position: Sequence[int] | None = None,
        *,
        position_flag: str | None = None,
    ) -> GameSpec:
        """A spec from parsed options (``{param name: value}``, e.g. argparse's namespace as
        a dict): every option given must be one of the kind's parameters. ``position_flag``
        names the option the position came from, for messages."""
        kind = self.find(game)
        names = {p.dest for p in kind.params}
        for p in (p for k in self.all for p in k.params):
            if p.dest in names or p.flag is None:
                continue
            if options.get(p.dest) not in (None, False, [], ()):
                raise GameError("errors.takes_no_option", game=kind.key, option=p.flag)
        lo, hi = kind.position_param.count
        if position is not None and lo == hi:  # (how many piles a sum has, the sum checks)
            kind.position_param.check_count(kind.key, len(position), flag=position_flag)
        rules_param = kind.param("rule")
        given = options.get(rules_param.dest) if rules_param is not None else None
        rules = tuple(str(t) for t in given or ())
        try:
            return self.spec(kind, rules, bool(options.get("misere")), position)
        except GameError as exc:
            raise exc.given_as("options") from None


def _position(raw: Any) -> tuple[int, ...] | None:
    if raw is None:
        return None
    values = list(raw) if isinstance(raw, list | tuple) else [raw]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise GameError("errors.spec_field", field="position")
    return tuple(values)
