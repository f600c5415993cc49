"""What the API reads and says: a game asked for by name, and errors in English.

Nothing is made when this module is imported: the shared :class:`Tables` on the first
position asked for, the English catalog on the first sentence.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from squaregame.core.errors import MAX_INPUT_DIGITS, GameError
from squaregame.core.spec import GameSpec
from squaregame.core.tables import Tables
from squaregame.families import GAMES
from squaregame.text import Catalog, error_text

A = ParamSpec("A")
R = TypeVar("R")

WAY = "python"  # errors worded for keyword arguments (``<key>_python`` in the catalogs)
TOO_LARGE = 10**MAX_INPUT_DIGITS  # as the command line: longer numbers are refused unread


@functools.cache
def shared_tables() -> Tables:
    """The tables every position shares unless given its own (made on first use)."""
    return Tables()


@functools.cache
def english() -> Catalog:
    return Catalog("en")


def in_english(exc: GameError) -> GameError:
    """``exc`` as an error of the same class (a :class:`TableLimitError` stays one) whose
    message — ``str()``, ``args[0]`` and ``key`` alike — is its English catalog sentence,
    worded for the API's keyword arguments where the catalogs have such a wording."""
    message = error_text(exc.given_as(WAY), english())
    if message == exc.key and not exc.params:  # already a sentence
        return exc
    return type(exc)(message)


def speaks_english(f: Callable[A, R]) -> Callable[A, R]:
    """``f``, whose bad input is one :class:`GameError` with its English message (the
    error from deep inside is dropped from the traceback: ``from None``)."""

    @functools.wraps(f)
    def said(*args: A.args, **kwargs: A.kwargs) -> R:
        try:
            return f(*args, **kwargs)
        except GameError as exc:
            raise in_english(exc) from None

    return said


def read_spec(
    game: Any, pos: Any, rules: Any = None, rule: Any = None, misere: Any = False
) -> GameSpec:
    """The game ``game`` (a kind's key or alias, as the command line takes it) at ``pos``
    (a number, or a tuple or list of numbers), read by the registry as a lesson or a save
    is read (``spec_from_mapping``): the kind's parameters check the rules (a text, or a
    list of texts: for a sum one per pile or one for all) and the position."""
    if rules is not None and rule is not None:
        raise GameError("api.errors.rule_and_rules")
    named = _named_parts(pos)
    if named is not None:  # a sum's parts each named: "squares:10 wythoff:3,5 nim:7"
        if rules is not None or rule is not None:
            raise GameError("errors.parts_and_rule", option="rules")
        rules, pos = GAMES.kinds.read_parts(game, named)
        rules = list(rules)
    raw = {
        "game": game,
        "rules": rule if rules is None else rules,
        "misere": misere,
        "position": _numbers(pos),
    }
    return GAMES.kinds.spec_from_mapping(raw)


def _named_parts(pos: Any) -> list[str] | None:
    """``pos`` written part by part (a text, or a list of texts, one part each, each with its
    name: ``wythoff:3,5``), else None (for the registry to read, or refuse, as numbers)."""
    texts = [pos] if isinstance(pos, str) else pos
    if not isinstance(texts, list | tuple) or not texts:
        return None
    if all(isinstance(t, str) for t in texts) and any(":" in t for t in texts):
        return list(texts)
    return None


def _numbers(pos: Any) -> Any:
    """``pos`` with numpy's arrays as lists and any integer (numpy's …) as an int; what is
    not a whole number is left for the registry to refuse. A number of more than
    ``MAX_INPUT_DIGITS`` digits is refused before anything reads it."""
    if callable(getattr(pos, "tolist", None)):  # a numpy array or number: already in memory
        pos = pos.tolist()
    many = isinstance(pos, list | tuple)
    values = [_number(v) for v in pos] if many else [_number(pos)]
    for v in values:
        if isinstance(v, int) and abs(v) >= TOO_LARGE:
            raise GameError("errors.number_too_large", text=v)
    return values if many else values[0]


def _number(value: Any) -> Any:
    if isinstance(value, int) or not hasattr(value, "__index__"):
        return value
    try:
        return operator.index(value)
    except TypeError:  # not a whole number after all
        return value
