"""What the application needs of the program's games: the families (their screens, their
kinds, their ready-made games) and what the lessons and worksheets need. The registry
(``squaregame.families.GAMES``) is handed to the app by whoever starts it; nothing here
names a family."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from squaregame.lessons.schema import LessonGames
from squaregame.lessons.worksheets import WorksheetGames

if TYPE_CHECKING:
    from squaregame.core.game import GameKind
    from squaregame.core.spec import GameSpec
    from squaregame.ui.lesson.panel import Panels
    from squaregame.ui.screens.game_base import GameScreen


class ScreenFamily(Protocol):
    """A family as the app sees it (``squaregame.families.base.Family``)."""

    @property
    def key(self) -> str: ...

    @property
    def kinds(self) -> tuple[GameKind, ...]: ...

    def screen(self) -> type[GameScreen[Any]]: ...

    def presets(self) -> tuple[tuple[str, GameSpec], ...]: ...


class AppGames(LessonGames, WorksheetGames, Protocol):
    """The registry as the app sees it (``squaregame.families.base.Games``)."""

    @property
    def families(self) -> tuple[ScreenFamily, ...]: ...

    def family(self, name: str) -> ScreenFamily: ...

    def family_of(self, kind: GameKind) -> ScreenFamily: ...

    # -- lesson panels ----------------------------------------------------------------------
    def lesson_panels(self) -> Mapping[str, Panels]:
        """Each kind's family's lesson panels, by the kind's key (the lesson screen has the
        generic ones)."""
        ...
