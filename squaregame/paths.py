"""Where things live: shipped assets, the user's cache and the user's saved data.

Environment overrides (used by tests and by people who keep things elsewhere):
``SQUAREGAME_CACHE_DIR`` and ``SQUAREGAME_DATA_DIR``. ``SQUAREGAME_EPHEMERAL=1`` gives the
process a private, temporary data folder — every session served to a browser gets its own,
so no two students share a saved game or settings.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

_MARKER = "ASSETS.md"
PACKAGE = Path(__file__).resolve().parent  # the package's own folder


def assets_dir() -> Path:
    """The ``assets/`` folder: inside the installed package, or beside it in a source checkout."""
    here = PACKAGE
    for candidate in (here / "assets", here.parent / "assets"):
        if (candidate / _MARKER).is_file():
            return candidate
    raise FileNotFoundError(
        f"squaregame's assets are missing (looked in {here / 'assets'}); reinstall the package"
    )


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)


def _home_subdir(env: str, xdg: str, fallback: tuple[str, ...], mac: tuple[str, ...]) -> Path:
    override = os.environ.get(env)
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "squaregame" / fallback[-1]
    if sys.platform == "darwin":
        return Path.home().joinpath(*mac) / "squaregame"
    xdg_value = os.environ.get(xdg)
    base_path = Path(xdg_value) if xdg_value else Path.home().joinpath(*fallback)
    return base_path / "squaregame"


def cache_dir() -> Path:
    """Tables built beyond what ships (rebuildable at any time)."""
    return _home_subdir(
        "SQUAREGAME_CACHE_DIR", "XDG_CACHE_HOME", (".cache",), ("Library", "Caches")
    )


_ephemeral: Path | None = None


def data_dir() -> Path:
    """Saved games, settings and lesson progress (never thrown away)."""
    global _ephemeral
    if os.environ.get("SQUAREGAME_EPHEMERAL"):
        if _ephemeral is None:
            import tempfile  # (an ephemeral folder only: not at every start)

            _ephemeral = Path(tempfile.mkdtemp(prefix="squaregame-session-"))
        return _ephemeral
    return _home_subdir(
        "SQUAREGAME_DATA_DIR",
        "XDG_DATA_HOME",
        (".local", "share"),
        ("Library", "Application Support"),
    )
