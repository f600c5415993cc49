"""The language spoken now: ``set_language`` chooses it (English until one is chosen), ``tr``
speaks it. The one piece of state of the text layer, set by whoever runs the program (the
app, the command line), never by an import."""

from __future__ import annotations

from typing import Any

from squaregame.text.catalog import DEFAULT, Catalog

_chosen: Catalog | None = None  # the language set_language chose (None: English)


def current() -> Catalog:
    return _chosen if _chosen is not None else Catalog(DEFAULT)


def set_language(lang: str) -> str:
    """Speak ``lang`` from now on (falls back to English if there is no such catalog)."""
    global _chosen
    _chosen = Catalog(lang)
    return _chosen.lang


def language() -> str:
    return current().lang


def tr(key: str, /, **values: Any) -> str:
    """The message ``key`` in the current language, its placeholders filled."""
    return current()(key, **values)
