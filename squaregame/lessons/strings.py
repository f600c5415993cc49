"""Per-language templates for generated text (``assets/lessons/<lang>/strings.toml``).

Adding a language means adding a folder with a ``strings.toml`` and the lesson files; the
list of languages is read from the folders, never from code.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from squaregame import paths


def lessons_root() -> Path:
    return paths.asset("lessons")


def languages() -> list[str]:
    root = lessons_root()
    return sorted(p.name for p in root.iterdir() if (p / "strings.toml").is_file())


@cache
def _load(lang: str) -> dict[str, Any]:
    path = lessons_root() / lang / "strings.toml"
    with open(path, "rb") as f:
        return tomllib.load(f)


class Strings:
    """Templates for one language, falling back to English for anything missing."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang if lang in languages() else "en"
        self._table = _load(self.lang)
        self._fallback = _load("en")

    def __call__(self, key: str, **values: Any) -> str:
        template = self._table.get(key, self._fallback.get(key))
        if template is None:
            raise KeyError(f"no text '{key}' for language {self.lang}")
        return str(template).format(**values)
