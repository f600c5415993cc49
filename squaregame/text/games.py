"""Games in words: titles, positions, moves and the verdict line, from the catalogs.

Core gives values (a kind, a :class:`~squaregame.core.types.Move`, an
:class:`~squaregame.core.types.Analysis`); this module writes them in the current language
(or a given :class:`~squaregame.text.Catalog`). A family's words are in its own area of the
catalogs (its kinds' ``area``, ``assets/i18n/<lang>/<area>.toml``): ``<area>.position``,
``<area>.move.<shape>``, and where it has them ``<area>.move.phrase`` (what a move leaves),
``<area>.move.history`` (a move in the game's history), ``<area>.move.label`` (a row of the
move list) and ``<area>.column.<shape>`` (a move in ``analyze``'s table).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from squaregame import text
from squaregame.core.game import Game, GameKind
from squaregame.core.params import Param
from squaregame.core.parts import is_part
from squaregame.core.rules import Rule
from squaregame.core.spec import GameSpec
from squaregame.core.types import Analysis, Move, Outcome, PositionInfo
from squaregame.core.writing import Named, Spoken
from squaregame.text.catalog import PLACEHOLDER, Catalog
from squaregame.text.lists import spoken_list
from squaregame.text.rules import rule_name

Voice = Literal["analysis", "player"]


def _say(key: str, catalog: Catalog | None, **values: Any) -> str:
    return catalog(key, **values) if catalog is not None else text.tr(key, **values)


def _has(key: str, catalog: Catalog | None) -> bool:
    return _catalog(catalog).has(key)


def _catalog(catalog: Catalog | None) -> Catalog:
    return catalog or Catalog(text.language())


# -- titles -----------------------------------------------------------------------------
def kind_title(kind: GameKind, rules: Sequence[Rule] = (), catalog: Catalog | None = None) -> str:
    """A kind's name (its ``title_key``: ``<area>.<key>.title``, or a rule's own name).
    Without ``rules``, a rule in the title is left out."""
    values = kind.title_values(list(rules)) if rules else {}
    key = kind.title_key_for(rules) if rules else kind.title_key
    if _has(key, catalog):
        return _say(key, catalog, **_with_defaults(key, values, catalog)).strip()
    return kind.key.replace("-", " ").replace("_", " ").capitalize()


def _with_defaults(key: str, values: dict[str, Any], catalog: Catalog | None) -> dict[str, Any]:
    """``values``, with an empty text for any other placeholder of the message ``key``."""
    raw = _catalog(catalog).raw(key)
    return {n: "" for n in PLACEHOLDER.findall(str(raw))} | values


def title(game: Game[Any] | GameSpec, catalog: Catalog | None = None) -> str:
    """E.g. ``Squares``, ``Subtraction {1, 3, 7, 8} (misère)``."""
    spec = GameSpec.of(game) if isinstance(game, Game) else game
    name = kind_title(spec.kind, spec.rules, catalog)
    return _say("games.misere_title", catalog, title=name) if spec.misere else name


# -- positions and moves ---------------------------------------------------------------
def position_text(
    game: Game[Any] | GameKind | GameSpec, pos: Any, catalog: Catalog | None = None
) -> str:
    """A position in its family's notation: ``39``, ``(3,5)``, ``5 + 7 + 10``."""
    if isinstance(game, GameKind):
        return _say(f"{game.area}.position", catalog, **game.position_words(pos))
    kind = game.kind
    return _say(f"{kind.area}.position", catalog, **kind.position_words_in(game.rules, pos))


def spoken_position(
    game: Game[Any] | GameKind | GameSpec, pos: Any, catalog: Catalog | None = None
) -> str:
    """A position in plain words, as its family says it (its kinds' :meth:`spoken
    <squaregame.core.writing.Writing.spoken>`, the catalogs' ``<area>.spoken.<form>``):
    ``a pile of 20 counters``, ``rows of 7 and 4 pins``; no notation."""
    if isinstance(game, GameKind):
        return say_spoken(game.spoken(pos), catalog)
    return say_spoken(game.kind.spoken_in(game.rules, pos), catalog)


def say_spoken(said: Spoken, catalog: Catalog | None = None) -> str:
    """The words of a :class:`~squaregame.core.writing.Spoken`, its values said first."""
    values = {k: _spoken_value(v, catalog) for k, v in said.values.items()}
    return _say(f"{said.area}.spoken.{said.form}", catalog, **values)


def _spoken_value(value: Any, catalog: Catalog | None) -> Any:
    if isinstance(value, Spoken):
        return say_spoken(value, catalog)
    if isinstance(value, Named):
        entry = value.entry
        return (
            kind_title(entry.kind, entry.rules, catalog)
            if is_part(entry)
            else rule_name(entry, catalog)
        )
    if isinstance(value, (list, tuple)):
        phrases = any(isinstance(v, Spoken) for v in value)
        items = [_spoken_value(v, catalog) for v in value]
        return spoken_list(items, catalog, "phrases" if phrases else "words")
    return value


def move_text(game: Game[Any], move: Move[Any], catalog: Catalog | None = None) -> str:
    """``take 9``, ``take 2 from pile 3``, ``move to (3,5)``."""
    return _say(_move_key(game, move), catalog, **_move_values(game, move, catalog))


def _move_key(game: Game[Any], move: Move[Any]) -> str:
    return f"{game.kind.area}.move.{move.shape}"


def _move_values(
    game: Game[Any] | GameKind, move: Move[Any], catalog: Catalog | None
) -> dict[str, Any]:
    values = {
        "amount": move.amount,
        "pile": None if move.pile is None else move.pile + 1,
        "parts": None if move.parts is None else " + ".join(map(str, move.parts)),
        "steps": move.steps,
        "position": position_text(game, move.target, catalog),
    } | dict(move.words)
    if move.within is not None:  # a move inside one part of a sum: that part's own words
        kind, inner = move.within
        key = f"{kind.area}.move.{inner.shape}"
        values["within"] = _say(key, catalog, **_move_values(kind, inner, catalog))
    return values


def says_where(game: Game[Any], move: Move[Any], catalog: Catalog | None = None) -> bool:
    """Do a move's own words already say where it leads ("move to (3,5)")?"""
    return "{position}" in str(_catalog(catalog).raw(_move_key(game, move)))


def describe_move(game: Game[Any], pos: Any, to: Any, catalog: Catalog | None = None) -> str:
    return move_text(game, game.move(pos, to), catalog)


def move_phrase(game: Game[Any], pos: Any, to: Any, catalog: Catalog | None = None) -> str:
    """A move with where it leads: ``take 36 (to 39)``; a queen move already says where."""
    move = game.move(pos, to)
    said = move_text(game, move, catalog)
    key = f"{game.kind.area}.move.phrase"
    if says_where(game, move, catalog) or not _has(key, catalog):
        return said
    where = position_text(game, to, catalog)  # "queda 1", "quedan 4 + 7"
    return _say(key, catalog, move=said, position=where, count=game.kind.phrase_count(to))


def history_text(game: Game[Any], pos: Any, to: Any, catalog: Catalog | None = None) -> str:
    """One move in a game's history: ``take 36 → 39``, ``♛ to (3,5)``."""
    move = game.move(pos, to)
    key = f"{game.kind.area}.move.history"
    if _has(key, catalog):
        return _say(key, catalog, **_move_values(game, move, catalog))
    return f"{move_text(game, move, catalog)} → {position_text(game, to, catalog)}"


def move_label(game: Game[Any], pos: Any, to: Any, catalog: Catalog | None = None) -> str:
    """A row of the move list: the family's short form of the move's shape where it has one
    (``<area>.label.<shape>``); else its label (one pile: the amounts right-aligned so the
    arrows line up); else the move's words."""
    move = game.move(pos, to)
    own = f"{game.kind.area}.label.{move.shape}"  # a short form for each shape of move
    if _has(own, catalog):
        return _say(own, catalog, **_move_values(game, move, catalog))
    key = f"{game.kind.area}.move.label"
    if not _has(key, catalog):
        return move_text(game, move, catalog)
    width = len(str(max(game.position_values(pos))))
    values = _move_values(game, move, catalog) | {"amount": f"{move.amount:>{width}}"}
    return _say(key, catalog, **values)


def move_column(game: Game[Any], pos: Any, to: Any, catalog: Catalog | None = None) -> str:
    """A move as the first column of a table of moves: its family's short form where it has
    one (the queen's way and distance, ``↙ 2``: its target is the next column), else its
    words."""
    move = game.move(pos, to)
    key = f"{game.kind.area}.column.{move.shape}"
    if _has(key, catalog):
        return _say(key, catalog, **_move_values(game, move, catalog))
    return move_text(game, move, catalog)


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


def axis_label(kind: GameKind, axis: Literal["x", "y"], catalog: Catalog | None = None) -> str:
    return _say(f"{kind.area}.{kind.key}.axis_{axis}", catalog)
