"""Games in words: titles, positions, moves and the verdict line, from the catalogs.

Core gives values (a kind, a :class:`~squaregame.core.types.Move`, an
:class:`~squaregame.core.types.Analysis`); this module writes them in the current language
(or a given :class:`~squaregame.text.Catalog`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from squaregame import text
from squaregame.core.game import Game
from squaregame.core.kinds import GameKind, Notation, Param, find_kind
from squaregame.core.rules import Rule
from squaregame.core.spec import GameSpec
from squaregame.core.types import Analysis, Move, MoveShape, Outcome, PositionInfo
from squaregame.text.catalog import PLACEHOLDER, Catalog

Voice = Literal["analysis", "player"]


def _say(key: str, catalog: Catalog | None, **values: Any) -> str:
    return catalog(key, **values) if catalog is not None else text.tr(key, **values)


def _has(key: str, catalog: Catalog | None) -> bool:
    return (catalog or Catalog(text.language())).has(key)


# -- titles -----------------------------------------------------------------------------
def kind_title(kind: GameKind, rules: Sequence[Rule] = (), catalog: Catalog | None = None) -> str:
    """A kind's name (``games.<key>.title``; a kind derived from a new rule falls back to the
    rule's own name, ``rules.<key>.name``). Without ``rules``, a rule in the title is left out."""
    values = kind.title_values(list(rules)) if rules else {}
    for key in (kind.title_key, f"rules.{kind.key}.name"):
        if _has(key, catalog):
            return _say(key, catalog, **_with_defaults(key, values, catalog)).strip()
    return kind.key.replace("-", " ").replace("_", " ").capitalize()


def _with_defaults(key: str, values: dict[str, Any], catalog: Catalog | None) -> dict[str, Any]:
    """``values``, with an empty text for any other placeholder of the message ``key``."""
    raw = (catalog or Catalog(text.language())).raw(key)
    return {n: "" for n in PLACEHOLDER.findall(str(raw))} | values


def title(game: Game[Any] | GameSpec, catalog: Catalog | None = None) -> str:
    """E.g. ``Squares``, ``Subtraction {1, 3, 7, 8} (misère)``."""
    spec = game.spec if isinstance(game, Game) else game
    rules = spec.rule_objects()
    name = kind_title(spec.game_kind, rules, catalog)
    return _say("games.misere_title", catalog, title=name) if spec.misere else name


# -- positions and moves ---------------------------------------------------------------
def position_text(
    game: Game[Any] | GameKind | GameSpec, pos: Any, catalog: Catalog | None = None
) -> str:
    """A position in the kind's notation: ``39``, ``(3,5)``, ``5 + 7 + 10``."""
    kind = _kind_of(game)
    values = kind.position_values(pos)
    if kind.notation is Notation.NUMBER:
        return _say("games.position.number", catalog, n=values[0])
    if kind.notation is Notation.PAIR:
        return _say("games.position.pair", catalog, x=values[0], y=values[1])
    return _say("games.position.piles_separator", catalog).join(map(str, values))


def _kind_of(game: Game[Any] | GameKind | GameSpec) -> GameKind:
    if isinstance(game, GameKind):
        return game
    if isinstance(game, GameSpec):
        return game.game_kind
    return game.kind


def move_text(game: Game[Any], move: Move[Any], catalog: Catalog | None = None) -> str:
    """``take 9``, ``take 2 from pile 3``, ``move to (3,5)``."""
    pile = None if move.pile is None else move.pile + 1
    return _say(
        f"games.move.{move.shape.value}",
        catalog,
        amount=move.amount,
        pile=pile,
        position=position_text(game, move.target, catalog),
    )


def describe_move(game: Game[Any], pos: Any, to: Any, catalog: Catalog | None = None) -> str:
    return move_text(game, game.move(pos, to), catalog)


def move_phrase(game: Game[Any], pos: Any, to: Any, catalog: Catalog | None = None) -> str:
    """A move with where it leads: ``take 36 (to 39)``; a queen move already says where."""
    move = game.move(pos, to)
    said = move_text(game, move, catalog)
    if move.shape is MoveShape.MOVE_TO:
        return said
    left = to if game.kind.notation is Notation.NUMBER else 2  # "queda 1", "quedan 4 + 7"
    where = position_text(game, to, catalog)
    return _say("games.move.phrase", catalog, move=said, position=where, count=left)


# -- the verdict line -------------------------------------------------------------------
def bounds_span(lower: int, upper: int | None, exact: bool) -> str:
    """A remoteness in any language: ``7``; proven bounds ``49–57``; only a lower bound
    ``≥49``. An inexact remoteness is never written as one number."""
    if exact:
        return str(lower)
    return f"≥{lower}" if upper is None else f"{lower}–{upper}"


def remoteness_span(info: PositionInfo, shift: int = 0) -> str:
    """:func:`bounds_span` of ``info``'s remoteness plus ``shift`` (moves counted from before)."""
    upper = info.upper
    return bounds_span(
        info.remoteness_lower + shift,
        None if upper is None else upper + shift,
        info.remoteness_exact,
    )


def verdict_line(
    game: Game[Any],
    a: Analysis[Any],
    voice: Voice = "analysis",
    catalog: Catalog | None = None,
    chosen: Any = None,
) -> str:
    """Who wins from ``a.position``, how fast, and how: the last line of ``squaregame
    analyze`` (voice ``analysis``) and the hint line of a game (voice ``player``). Beyond
    the exact budget it says the proven bounds: "wins within 57 moves", "lasts at least 48".
    ``chosen``: the move to name when it is one of the best (the opponent's own choice, so
    ``analyze`` names one move, not two)."""
    base = f"games.verdict.{voice}"
    info = a.info
    hot = info.outcome is Outcome.HOT
    if not a.moves:
        return _say(f"{base}.over_{'hot' if hot else 'cold'}", catalog)
    best = a.best_moves()
    named = chosen if any(m.to == chosen for m in best) else best[0].to
    move = move_phrase(game, a.position, named, catalog)
    lower, upper = info.remoteness_lower, info.upper
    if not info.remoteness_exact:  # the ties of a heuristic are not "as good"
        within = upper is not None
        return _say(
            f"{base}.{'hot' if hot else 'cold'}_{'within' if within else 'at_least'}",
            catalog,
            lower=lower,
            upper=upper,
            count=upper if hot and within else lower,  # the number "moves" follows
            move=move,
        )
    others = len(best) - 1
    return _say(
        f"{base}.{'hot' if hot else 'cold'}",
        catalog,
        remoteness=lower,
        count=lower,  # the plural of "moves" where a language says it
        move=move,
        others=_say(f"{base}.others", catalog, count=others) if others else "",
    )


# -- parameters -------------------------------------------------------------------------
def param_label(param: Param, catalog: Catalog | None = None) -> str:
    return _say(param.label_key, catalog)


def param_help(param: Param, catalog: Catalog | None = None) -> str:
    return _say(param.help_key, catalog)


def axis_label(kind: GameKind, axis: Literal["x", "y"], catalog: Catalog | None = None) -> str:
    return _say(f"games.{kind.key}.axis_{axis}", catalog)


def game_name(name: str, catalog: Catalog | None = None) -> str:
    """The title of the kind called ``name`` (key or alias)."""
    return kind_title(find_kind(name), (), catalog)
