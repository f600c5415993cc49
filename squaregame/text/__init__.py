"""The text layer: every sentence a user sees comes from a per-language catalog.

``tr(key, **values)`` speaks the current language (``set_language``; English until one is
chosen); ``Catalog(lang)`` speaks a given one. Core code never builds sentences: it returns
structured values and raises :class:`~squaregame.core.errors.GameError` with a catalog key,
which :func:`error_text` renders.
"""

from __future__ import annotations

import errno
from typing import Any

from squaregame.core.errors import GameError
from squaregame.core.rules import Rule
from squaregame.text.catalog import PLACEHOLDER, Catalog, languages
from squaregame.text.current import current, language, set_language, tr
from squaregame.text.plurals import category
from squaregame.text.rules import rule_label

__all__ = [
    "Catalog", "category", "error_text", "language", "languages", "os_reason", "set_language", "tr",
]  # fmt: skip


def os_reason(exc: BaseException) -> str:
    """Why the system refused (a file not found, no permission, a port in use …) in the
    current language: the common causes are in the catalog by their errno name; any other
    in the system's own words."""
    if isinstance(exc, OSError):
        name = errno.errorcode.get(exc.errno or 0, "")
        cat = current()
        if name and cat.has(f"errors.os.{name}"):
            return cat(f"errors.os.{name}")
        if exc.strerror:
            return exc.strerror
    return str(exc) or exc.__class__.__name__


def error_text(exc: GameError, catalog: Catalog | None = None) -> str:
    """A user-input error as a sentence (in ``catalog``'s language, else the current one)."""
    cat = catalog or current()
    if not cat.has(exc.key):  # a message written as prose (tests, third parties)
        return exc.key
    key = _rule_variant(exc, cat) or _way_variant(exc, cat) or exc.key
    params = {k: _shown(v, cat) for k, v in exc.params.items()}
    return cat(key, **params)


def _rule_variant(exc: GameError, cat: Catalog) -> str | None:
    """A rule's own wording of an error about it: ``errors.not_in_rule`` about Squares reads
    ``rules.squares.not_in_rule`` ("8 is not a perfect square") where the catalog has it."""
    rule = exc.params.get("rule")
    if isinstance(rule, Rule):
        key = f"rules.{rule.key}.{exc.key.rsplit('.', 1)[-1]}"
        if cat.has(key):
            return key
    return None


def _way_variant(exc: GameError, cat: Catalog) -> str | None:
    """The message worded for how the input was given (``<key>_options``: the command line's
    way, ``<key>_field``: the dialog's), where the catalog has one and the error has every
    value it names (an ``{option}``, say: else the plain message)."""
    key = f"{exc.key}_{exc.way}" if exc.way else None
    if key is None or not cat.has(key):
        return None
    entry = cat.raw(key)
    texts = entry.values() if isinstance(entry, dict) else [entry]
    names = {n for t in texts for n in PLACEHOLDER.findall(str(t))}
    if isinstance(entry, dict):
        names.add("count")  # a plural message is chosen by its count
    return key if names <= set(exc.params) else None


def _shown(value: Any, cat: Catalog) -> Any:
    """A value inside a message: a nested error or a rule reads in the catalog's language."""
    if isinstance(value, GameError):
        return error_text(value, cat)
    if isinstance(value, Rule):
        return rule_label(value, cat)
    return value
