"""A new game as the new-game dialog describes it, read and checked without the interface.

The dialog's game fields are the chosen kind's parameters (:class:`~squaregame.core.kinds.Param`:
one declaration gives the command line its option and the dialog its field, and both the
same parsing); :func:`spec_from_fields` turns what was typed into a
:class:`~squaregame.core.spec.GameSpec`, and :func:`check_start` checks the start — at once
where that is quick; a start that needs a table built or an exact search is checked by the
application in a worker (:meth:`~squaregame.core.game.Game.slow_to_open`). Nothing here knows
which kinds there are: that is the registry's business.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import GameError, RuleError
from squaregame.core.game import GameKind
from squaregame.core.params import Param, ParamType
from squaregame.core.parts import has_parts, written
from squaregame.core.rules import RULES
from squaregame.core.spec import GameSpec
from squaregame.core.types import Outcome
from squaregame.text import games as games_text
from squaregame.text import tr
from squaregame.text.rules import rule_name

if TYPE_CHECKING:
    from squaregame.core.game import Game
    from squaregame.core.kinds import Kinds
    from squaregame.core.tables import Tables
    from squaregame.play.session import Session

RANDOM_RANGES = (30, 100, 1000, 10**6)
SET_EXAMPLE = "1,3,7,8"  # a finite set of amounts, as typed


@dataclass(frozen=True)
class GameSetup:
    """What the dialog returns: the game (with its start) and how it is to be played."""

    spec: GameSpec  # kind, rules, normal or misère, and the start position
    human_first: bool
    level: str
    hints: bool
    two_humans: bool = False  # two players (or two teams of a class) at one screen
    players: str = "solo"  # solo, class, teams or demo (squaregame.play.sides)
    names: tuple[str, ...] = ()  # the sides' typed names
    colors: tuple[str, ...] = ()  # the sides' colours (--colors; none: the defaults)

    @classmethod
    def playing(cls, session: Session[Any], level: str, hints: bool) -> GameSetup:
        """How ``session`` is being played: its game (not its start), first player,
        opponent, hints and sides, for a new game that keeps them."""
        s = session
        spec = GameSpec.of(s.game)
        return cls(spec, s.human_first, level, hints, s.two_humans, s.players, s.names, s.colors)

    def start_in(self, game: Game[Any]) -> Any:
        """The start as a position of ``game`` (built from :attr:`spec`)."""
        if self.spec.position is None:
            raise GameError("errors.no_position", game=self.spec.kind.key)
        return game.kind.position_from_values(self.spec.position)


# -- what a field shows ----------------------------------------------------------------------
def position_text(spec: GameSpec) -> str:
    """A spec's start as the start field takes it: its numbers, or a sum of games of several
    kinds part by part (``squares:10 wythoff:3,5``: its rules are there, not in their field)."""
    if has_parts(spec.rules) and spec.position is not None:
        return written(spec.rules, spec.position)
    return " ".join(map(str, spec.position or ()))


def start_example(kind: GameKind, spec: GameSpec | None) -> str:
    """What the start field shows before anything is typed: the kind's example (75 for
    Squares); for a sum of parts of several kinds (the game being replaced), those parts
    named, at its start or at a small one drawn for them."""
    if spec is not None and spec.kind is kind and has_parts(spec.rules):
        drawn = kind.random_position(spec.rules, random.Random(len(spec.rules)))
        return written(spec.rules, spec.position or drawn)
    param = kind.param("position")
    return param.form_field().example if param is not None else ""


def rules_text(spec: GameSpec) -> str:
    """A spec's rules as the rules field takes them: one for all, or one per pile (``;``),
    a named rule by its name in the current language (``квадраты``), as :func:`typed_rules`
    reads it back; a set by its amounts (``1,3,7,8``). None for a sum of parts of several
    kinds: they are named in the start field (:func:`start_example`)."""
    if has_parts(spec.rules):
        return ""
    names = field_names()
    shown = [names.get(key, key) for key in spec.rule_keys]
    return shown[0] if len(set(shown)) == 1 else "; ".join(shown)


def field_names() -> dict[str, str]:
    """Each named rule's key and the name the rules field shows and reads for it, in the
    current language (``squares`` → ``квадраты``)."""
    return {r.key: rule_name(r).lower() for r in RULES}


def rule_names() -> str:
    """What a rules field takes, in the current language: each named rule, then a set of
    amounts (``squares · nim · cubes · powers of two · 1,3,7,8``)."""
    return " · ".join([*field_names().values(), SET_EXAMPLE])


def random_start(kind: GameKind, top: int, rng: random.Random, piles: int = 3) -> str:
    """A random start in the kind's shape, each number from 1 to ``top`` (smaller for a board
    or piles); ``piles`` numbers where the kind takes any number of them."""
    lo, hi = kind.position_param.count
    count = lo if lo == hi else max(lo, min(piles, hi))
    top = min(top, kind.random_cap or top)
    return " ".join(str(rng.randint(1, top)) for _ in range(count))


# -- reading the fields ----------------------------------------------------------------------
def typed_rules(text: str) -> str:
    """Rules as typed, a named rule's name in the current language (``квадраты``, ``cubos``)
    read as its key; anything else is left for the rule parser."""
    keys = {name: key for key, name in field_names().items()}
    return ";".join(keys.get(part.strip().lower(), part) for part in text.split(";"))


class FieldError(GameError):
    """A :class:`GameError` about one field of the dialog: ``field`` is its parameter's name
    (the dialog keeps the focus there, where the person is to correct it). It is said the
    dialog's way where its message has one (``<key>_field``)."""

    way = "field"

    def __init__(self, error: GameError, field: str) -> None:
        super().__init__(error.key, **error.params)
        self.field = field

    def __reduce__(self) -> Any:  # crosses a process as the plain error it says
        return (_plain_error, (self.key, self.params))


def _plain_error(key: str, params: dict[str, Any]) -> GameError:
    return GameError(key, **params)


def spec_from_fields(
    kind: GameKind, fields: Mapping[str, Any], kinds: Kinds | None = None
) -> GameSpec:
    """The game the dialog's fields describe (``fields``: each parameter's text, by name; a
    flag's value); a :class:`GameError` says what is wrong, in the dialog's words. With the
    registry's ``kinds``, a sum's parts may be games of any kind: named in the start field
    (``squares:10 wythoff:3,5 nim:7``, its rules field then unread) or in the rules field."""
    if kinds is not None and kind.traits.parts:
        return _parts_from_fields(kind, fields, kinds)
    values: dict[str, Any] = {}
    for param in kind.params:
        raw = fields.get(param.name)
        try:
            values[param.name] = bool(raw) if param.type is ParamType.FLAG else _read(param, raw)
        except GameError as exc:
            raise FieldError(exc, param.name) from None
    try:
        return GameSpec(
            kind, values.get("rule", ()), values.get("misere", False), values.get("position")
        )
    except RuleError as exc:  # the rules do not fit the game (a sum's count of them)
        raise FieldError(exc, "rule") from None


def _parts_from_fields(kind: GameKind, fields: Mapping[str, Any], kinds: Kinds) -> GameSpec:
    """A sum whose rules the registry reads: any kind's name is a part (``wythoff``)."""
    typed = str(fields.get("position") or "")
    misere = bool(fields.get("misere"))
    try:
        if ":" in typed:
            rules, position = kinds.read_parts(kind.key, [typed])
        else:
            position = kind.position_param.parse(typed)
            text = typed_rules(str(fields.get("rule") or ""))
            rules = tuple(text.split(";")) if text.strip() else ()  # as Param.parse splits
    except GameError as exc:
        raise FieldError(exc, "position") from None
    try:
        read = tuple(kinds.read_rule(kind, r) for r in rules)
    except RuleError as exc:
        raise FieldError(GameError("errors.rule_field", error=exc), "rule") from None
    rules_param = kind.param("rule")
    try:
        if rules_param is not None:
            rules_param.check_count_of_rules(len(read))
    except GameError as exc:
        raise FieldError(exc, "rule") from None
    try:
        return GameSpec(kind, read, misere, position)
    except RuleError as exc:  # the rules do not fit the game (a sum's count of them)
        raise FieldError(exc, "rule") from None
    except GameError as exc:
        raise FieldError(exc, "position") from None


def _read(param: Param, raw: Any) -> Any:
    text = "" if raw is None else str(raw)
    if param.type is not ParamType.RULES:
        return param.parse(text)
    if not text.strip() and param.count[0] > 0:
        raise GameError("ui_dialog.errors.type_rule", example=param.example)
    try:
        return param.parse(typed_rules(text))
    except RuleError as exc:
        raise GameError("errors.rule_field", error=exc) from None


def check_playable(game: Game[Any], start: Any) -> None:
    """A game is opened only where a move can be made: a start with no move (Squares 0,
    the queen in the corner, empty piles) is refused with a message, the same in the CLI,
    the new-game dialog and a lesson, rather than opened as a game already over."""
    if game.is_terminal(start):
        raise GameError("errors.start_over", position=games_text.position_text(game, start))


def start_advice(spec: GameSpec, tables: Tables) -> str:
    """ "Who should start?", answered in words: whether the start is hot (the first player
    wins with perfect play) or cold (the second does). A :class:`GameError` says what is
    wrong with the start; a start too large to judge at once says so instead of waiting."""

    game, start = check_start(spec, tables)
    where = games_text.position_text(game, start)
    if game.slow_to_open(start):
        return tr("ui_dialog.advice.too_big", position=where)
    hot = game.info(start).outcome is Outcome.HOT
    return tr(f"ui_dialog.advice.{'hot' if hot else 'cold'}", position=where)


def check_start(spec: GameSpec, tables: Tables) -> tuple[Game[Any], Any]:
    """Check ``spec``'s start now if that is quick (then an unreachable start is refused in
    the dialog); a start that needs a table built or an exact search is left to the worker
    that prepares it. Never builds more than a moment's table. Returns the game and the
    start as its position (for a caller that goes on to judge it)."""
    game = spec.build(tables)
    if spec.position is None:
        raise GameError(spec.kind.position_param.type_key)
    start = game.kind.position_from_values(spec.position)
    if not game.slow_to_open(start):
        check_playable(game, spec.start(game))
    return game, start
