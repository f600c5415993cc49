"""Settings a person chooses once and keeps: saved atomically as JSON in the data folder.

``lang`` is the *saved* language: it changes only in the Settings dialog. ``squaregame
--lang L`` speaks L for that run only: the app calls :func:`run_language` and never writes
the override into these settings, so saving them (after any change) keeps the saved one.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from squaregame import paths
from squaregame.core.atomic import write_atomic
from squaregame.text import languages, tr

THEMES = ("textual-dark", "textual-light", "high-contrast")


@dataclass
class Settings:
    level: str = "perfect"
    ai_delay: float = 0.6  # seconds the opponent visibly "thinks"
    hints: bool = False  # start games with hints on
    strip: bool = True  # show the position strip
    misere: bool = False
    human_first: bool = True
    theme: str = "textual-dark"
    lang: str = "en"  # saved language; a run's --lang never lands here

    def cleaned(self) -> Settings:
        from squaregame.core.ai import LEVELS

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


def run_language(settings: Settings, override: str | None = None) -> str:
    """The language of this run: ``--lang`` if given, else the saved one."""
    if override is not None and override in languages():
        return override
    return settings.lang


def settings_path() -> Path:
    return paths.data_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (or defaults) and a message if the file had to be set aside."""
    from squaregame.play.saves import set_aside

    p = path or settings_path()
    if not p.exists():
        return Settings(), None
    try:
        raw: Any = json.loads(p.read_text(encoding="utf-8"))
        if not isinstance(raw, dict):
            raise ValueError("not an object")
        known = {f.name for f in fields(Settings)}
        return Settings(**{k: v for k, v in raw.items() if k in known}).cleaned(), None
    except (OSError, ValueError, TypeError) as exc:
        moved = set_aside(p)
        return Settings(), tr("errors.settings_set_aside", error=exc, file=moved.name)


def saved_language(path: Path | None = None) -> str:
    """The saved language, read without side effects (an unreadable file is left for the
    app to set aside and report): for the command line, which prints before the app runs."""
    try:
        raw: Any = json.loads((path or settings_path()).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "en"
    lang = raw.get("lang") if isinstance(raw, dict) else None
    return lang if isinstance(lang, str) and lang in languages() else "en"


def save_settings(settings: Settings, path: Path | None = None) -> None:
    write_atomic(path or settings_path(), json.dumps(asdict(settings), indent=2).encode())
