"""Settings a person chooses once and keeps: saved atomically as JSON in the data folder.

``lang`` is the *saved* language: it changes only in the Settings dialog. ``squaregame
--lang L`` speaks L for that run only: the app calls :func:`run_language` and never writes
the override into these settings, so saving them (after any change) keeps the saved one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from squaregame.play.files import Damaged, Salvaged, UserFile
from squaregame.play.language import SETTINGS_LIMIT, SETTINGS_VERSION, check_version, env_language
from squaregame.play.language import saved_language as saved_language
from squaregame.play.language import settings_path as settings_path
from squaregame.text import languages

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
