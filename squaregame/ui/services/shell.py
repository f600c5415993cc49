"""What the services need of the application (:class:`Shell`), and the user's data folder
(:class:`UserData`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from squaregame import paths
from squaregame.text import tr


class Shell(Protocol):
    """The application as its services see it: screens, and notices."""

    @property
    def screen(self) -> Any: ...
    def push_screen(self, screen: Any, callback: Any = None) -> Any: ...
    def switch_screen(self, screen: Any) -> Any: ...
    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: Any = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None: ...


class UserData:
    """Where this app keeps saved games, settings and lesson progress (``data_dir``, else the
    user's data folder), and saying a failure to save there once, not after every move."""

    def __init__(self, shell: Shell, data_dir: Path | None = None) -> None:
        self.shell = shell
        self._data_dir = data_dir
        self._failed: set[str] = set()

    @property
    def folder(self) -> Path:
        return self._data_dir if self._data_dir is not None else paths.data_dir()

    def path(self, default: Path) -> Path:
        """A file of the data folder (``default``: where it lives in the user's own)."""
        return default if self._data_dir is None else self._data_dir / default.name

    def failed_once(self, what: str, text: str) -> None:
        """Say that saving ``what`` failed, the first time only (it is tried at every move)."""
        if what not in self._failed:
            self._failed.add(what)
            self.shell.notify(text, severity="error", timeout=10)

    def warn(self, text: str) -> None:
        """Something was recovered (a damaged file set aside …)."""
        self.shell.notify(text, title=tr("ui_menu.notify.recovered"), severity="warning", timeout=8)
