"""The language a command speaks: ``--lang``, else the saved one, else the environment's.

Read before anything is said, at every command's start: where no settings file is saved
(the usual case, and every fresh install) nothing more than this module is loaded — the
settings' reader (:mod:`squaregame.play.settings`, with the files' JSON, locks and
dataclasses) only when there is a file to read.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from squaregame import paths
from squaregame.text import languages

DEFAULT_LANG = "en"
SETTINGS_LIMIT = 64 * 1024  # bytes: a sound settings file is a few hundred
# The settings file's version, written since 1.1 (a file without one is 1.0's, read as 1).
# A file of any other version was written by another squaregame: it is never overwritten.
SETTINGS_VERSION = 1


def settings_path() -> Path:
    return paths.data_dir() / "settings.json"


def cli_language(override: str | None = None, path: Path | None = None) -> str:
    """The language the command line speaks: ``--lang`` if it is one of ours, else the
    saved one, else the environment's — the same order as the app's."""
    if override is not None and override in languages():
        return override
    where = path or settings_path()
    if not os.path.lexists(where):  # nothing saved: the files' reader is not even loaded
        return env_language()
    return saved_language(where) or env_language()


def check_version(doc: dict[str, Any]) -> None:
    """Raise :class:`~squaregame.play.files.Foreign` unless ``doc`` is of
    :data:`SETTINGS_VERSION` (1.0's files say no version and have no ``format``)."""
    version = doc.get("version", None if "format" in doc else SETTINGS_VERSION)
    if version != SETTINGS_VERSION or isinstance(version, bool):
        from squaregame.play.files import Foreign  # (loaded already: a file was read)

        raise Foreign(version)


def saved_language(path: Path | None = None) -> str | None:
    """The saved language (None: none saved), read without side effects (a damaged file is
    left for the app to set aside and report): for the command line, which prints before
    the app runs."""
    # (the files' reader: only where there is a file to read)
    from squaregame.play.files import Damaged, Foreign, Unreadable, read_json

    try:
        raw: Any = read_json(path or settings_path(), SETTINGS_LIMIT)
        if isinstance(raw, dict):
            check_version(raw)  # a language only from settings this version reads
    except (OSError, Damaged, Unreadable, Foreign):
        return None
    lang = raw.get("lang") if isinstance(raw, dict) else None
    return lang if isinstance(lang, str) and lang in languages() else None


def env_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as the C library reads it: ``LC_ALL``, else
    ``LC_MESSAGES``, else ``LANG`` (``ru_RU.UTF-8`` → ru); ``LANGUAGE``, a list
    (``es:en``), comes first where it names one of ours. ``C``, ``POSIX``, unset or a
    language without a catalog: English."""
    env = os.environ if environ is None else environ
    locale = next((env[n] for n in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(n)), "")
    if _lang_code(locale) in ("", "c", "posix"):
        return DEFAULT_LANG  # (LANGUAGE counts only beside a real locale, as in gettext)
    for wanted in [*env.get("LANGUAGE", "").split(":"), locale]:
        code = _lang_code(wanted)
        if code in languages():
            return code
    return DEFAULT_LANG


def _lang_code(locale: str) -> str:
    """``ru_RU.UTF-8@euro`` → ``ru``."""
    return re.split(r"[_.@-]", locale.strip(), maxsplit=1)[0].lower()
