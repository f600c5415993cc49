"""Settings a person chooses once and keeps: saved atomically as JSON in the data folder.

``lang`` is the *saved* language: it changes only in the Settings dialog. ``squaregame
--lang L`` speaks L for that run only: the app calls :func:`run_language` and never writes
the override into these settings, so saving them (after any change) keeps the saved one.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from squaregame import paths
from squaregame.play.files import Damaged, Foreign, Salvaged, Unreadable, UserFile, read_json
from squaregame.text import languages

DEFAULT_LANG = "en"
THEMES = ("textual-dark", "textual-light", "high-contrast")
DEMO_SPEED = 1.5  # a demo's seconds per move, unless ``--speed`` says (squaregame.play.sides)


@dataclass
class Settings:
    level: str = "perfect"
    ai_delay: float = 0.6  # seconds the opponent visibly "thinks"
    hints: bool = False  # start games with hints on
    strip: bool = False  # show the position strip (its ☺/☹ only with hints on)
    misere: bool = False
    human_first: bool = True
    theme: str = "textual-dark"
    lang: str = "en"  # saved language; a run's --lang never lands here

    def cleaned(self) -> Settings:
        from squaregame.core.ai import LEVELS  # (the opponent's module: not needed to start)

        s = Settings(**asdict(self))
        if s.level not in LEVELS:
            s.level = "perfect"
        if not isinstance(s.ai_delay, int | float) or not 0 <= s.ai_delay <= 5:
            s.ai_delay = 0.6
        if s.theme not in THEMES:
            s.theme = "textual-dark"
        if s.lang not in languages():
            s.lang = "en"
        return s


def run_language(settings: Settings, override: str | None = None, *, saved: bool = True) -> str:
    """The language of this run: ``--lang`` if given, else the saved one (``saved``: the
    settings file names one), else the environment's (:func:`env_language`)."""
    if override is not None and override in languages():
        return override
    return settings.lang if saved else env_language()


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


def cli_language(override: str | None = None, path: Path | None = None) -> str:
    """The language the command line speaks: ``--lang`` if it is one of ours, else the
    saved one, else the environment's — the same order as the app's."""
    if override is not None and override in languages():
        return override
    return saved_language(path) or env_language()


SETTINGS_LIMIT = 64 * 1024  # bytes: a sound settings file is a few hundred
# The settings file's version, written since 1.1 (a file without one is 1.0's, read as 1).
# A file of any other version was written by another squaregame: it is never overwritten.
SETTINGS_VERSION = 1


def settings_path() -> Path:
    return paths.data_dir() / "settings.json"


def _valid(name: str, value: Any) -> bool:
    from squaregame.core.ai import LEVELS  # (the opponent's module: not needed to start)

    checks: dict[str, Callable[[Any], bool]] = {
        "level": lambda v: isinstance(v, str) and v in LEVELS,
        "ai_delay": lambda v: (
            isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 5
        ),
        "theme": lambda v: isinstance(v, str) and v in THEMES,
        "lang": lambda v: isinstance(v, str) and v in languages(),
    }
    check = checks.get(name, lambda v: isinstance(v, bool))  # the rest are switches
    return check(value)


def check_version(doc: dict[str, Any]) -> None:
    """Raise :class:`Foreign` unless ``doc`` is of :data:`SETTINGS_VERSION` (1.0's files say
    no version and have no ``format``)."""
    version = doc.get("version", None if "format" in doc else SETTINGS_VERSION)
    if version != SETTINGS_VERSION or isinstance(version, bool):
        raise Foreign(version)


def parse_settings(doc: Any) -> Settings:
    """Settings from a JSON document: unknown keys are ignored; a field of the wrong type or
    value keeps its default and the file counts as damaged (:class:`Salvaged`). A document
    of another version (``version`` other than :data:`SETTINGS_VERSION`, or absent with a
    ``format`` of its own) is :class:`Foreign`: none of it is read, and it is kept as it is."""
    if not isinstance(doc, dict):
        raise Damaged("field", field="settings")
    check_version(doc)
    good: dict[str, Any] = {}
    bad: list[str] = []
    for f in fields(Settings):
        if f.name not in doc:
            continue
        if _valid(f.name, doc[f.name]):
            good[f.name] = doc[f.name]
        else:
            bad.append(f.name)
    settings = Settings(**good)
    if bad:
        raise Salvaged(settings, "field", field=", ".join(bad))
    return settings


def encode_settings(settings: Settings) -> bytes:
    return json.dumps({"version": SETTINGS_VERSION, **asdict(settings)}, indent=2).encode()


def settings_file(path: Path | None = None) -> UserFile[Settings]:
    return UserFile(
        path or settings_path(), "settings", parse_settings, encode_settings, SETTINGS_LIMIT
    )


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (or defaults) and a message if the file had to be set aside."""
    settings, message = settings_file(path).load()
    return settings or Settings(), message


def saved_language(path: Path | None = None) -> str | None:
    """The saved language (None: none saved), read without side effects (a damaged file is
    left for the app to set aside and report): for the command line, which prints before
    the app runs."""
    try:
        raw: Any = read_json(path or settings_path(), SETTINGS_LIMIT)
        if isinstance(raw, dict):
            check_version(raw)  # a language only from settings this version reads
    except (OSError, Damaged, Unreadable, Foreign):
        return None
    lang = raw.get("lang") if isinstance(raw, dict) else None
    return lang if isinstance(lang, str) and lang in languages() else None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    settings_file(path).write(settings)


def save_changes(
    file: UserFile[Settings], before: Settings, after: Settings
) -> tuple[Settings, str | None]:
    """Write the fields changed from ``before`` to ``after`` into what the file holds now
    (another window may have changed other fields meanwhile), under the file's lock.
    Returns the settings now in the file, and anything to tell the person."""
    old, new = asdict(before), asdict(after)
    changes = {k: v for k, v in new.items() if old[k] != v}
    return file.update(lambda current: replace(current or before, **changes))
