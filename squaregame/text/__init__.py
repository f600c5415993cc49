"""The text layer: every sentence a user sees comes from a per-language catalog.

``tr(key, **values)`` speaks the current language (``set_language``); ``Catalog(lang)``
speaks a given one. Core code never builds sentences: it returns structured values and
raises :class:`~squaregame.core.types.GameError` with a catalog key, which this layer
renders (importing it installs the renderer, so ``str(error)`` reads as English prose even
where no language was chosen).
"""

from __future__ import annotations

from typing import Any

from squaregame.core.types import GameError, set_error_renderer
from squaregame.text.catalog import DEFAULT, Catalog, languages
from squaregame.text.plurals import category

__all__ = ["Catalog", "category", "error_text", "language", "languages", "set_language", "tr"]

_current = Catalog(DEFAULT)


def set_language(lang: str) -> str:
    """Speak ``lang`` from now on (falls back to English if there is no such catalog)."""
    global _current
    _current = Catalog(lang)
    return _current.lang


def language() -> str:
    return _current.lang


def tr(key: str, /, **values: Any) -> str:
    """The message ``key`` in the current language, its placeholders filled."""
    return _current(key, **values)


def error_text(exc: GameError, catalog: Catalog | None = None) -> str:
    """A user-input error as a sentence (in ``catalog``'s language, else the current one)."""
    cat = catalog or _current
    if not cat.has(exc.key):  # a message written as prose (tests, third parties)
        return exc.key
    params = {k: (error_text(v, cat) if isinstance(v, GameError) else v)
              for k, v in exc.params.items()}  # fmt: skip
    return cat(exc.key, **params)


set_error_renderer(lambda exc: error_text(exc, Catalog(DEFAULT)))
