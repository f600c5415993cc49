"""Templates for the text the lesson generator writes (``assets/lessons/<lang>/strings.toml``).

Two kinds of text meet on a lesson screen, and each has one source:

* the **lesson's own voice** — the step texts (the lesson files) and what
  :mod:`squaregame.lessons.generate` writes from the tables (worked games, explanations,
  quiz questions and answers): in the *lesson's* language, from this module;
* the **screen's chrome** — titles, the Footer's keys, the step counter, feedback: in the
  *app's* language, from the catalogs (``squaregame.text.tr``).

The two agree whenever the lessons exist in the app's language; where they do not yet, the
lessons are shown in English (:func:`lesson_language`) inside chrome in the app's language.

Adding a language means adding a folder with a ``strings.toml`` and the lesson files; the
list of languages is read from the folders, never from code. A template is a string or,
for a counted noun, a table of CLDR plural categories chosen by the ``count`` keyword
(``one``/``few``/``many``/``other``), exactly like the catalogs.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from squaregame import paths
from squaregame.text.catalog import render

DEFAULT = "en"
LESSON_FILES = "[0-9][0-9]-*.toml"


def lessons_root() -> Path:
    return paths.asset("lessons")


def template_languages() -> list[str]:
    """Languages with generator templates (a ``strings.toml``)."""
    root = lessons_root()
    return sorted(p.name for p in root.iterdir() if (p / "strings.toml").is_file())


def languages() -> list[str]:
    """Languages the lessons exist in: templates and at least one lesson file."""
    root = lessons_root()
    return [lang for lang in template_languages() if any((root / lang).glob(LESSON_FILES))]


def lesson_language(lang: str) -> str:
    """The language to show lessons in for an app speaking ``lang`` (English if none yet)."""
    return lang if lang in languages() else DEFAULT


@cache
def _load(lang: str) -> dict[str, Any]:
    path = lessons_root() / lang / "strings.toml"
    with open(path, "rb") as f:
        return tomllib.load(f)


class Strings:
    """Templates for one language, falling back to English for anything missing."""

    def __init__(self, lang: str = DEFAULT) -> None:
        self.lang = lang if lang in template_languages() else DEFAULT
        self._table = _load(self.lang)
        self._fallback = _load(DEFAULT)

    def __call__(self, key: str, **values: Any) -> str:
        lang = self.lang if key in self._table else DEFAULT
        template = self._table.get(key, self._fallback.get(key))
        if template is None:
            raise KeyError(f"no text '{key}' for language {self.lang}")
        return render(key, template, lang, values)


@cache
def lesson_titles(lang: str = DEFAULT) -> dict[str, tuple[int, str]]:
    """Every lesson of a language by id: its number and title, as the lessons list names
    them (only the files' heads are read, as :func:`squaregame.lessons.model.load_lesson`
    reads them)."""
    found: dict[str, tuple[int, str]] = {}
    for path in sorted((lessons_root() / lang).glob(LESSON_FILES)):
        try:
            with open(path, "rb") as f:
                doc = tomllib.load(f)
        except (OSError, tomllib.TOMLDecodeError):
            continue
        lesson_id, title = doc.get("id") or path.stem, doc.get("title") or path.stem
        found[str(lesson_id)] = (int(path.name[:2]), str(title))
    return found
