"""What the application needs of the program's games: the families (their screens, their
kinds, their ready-made games) and what the lessons and worksheets need. The registry
(``squaregame.families.GAMES``) is handed to the app by whoever starts it; nothing here
names a family.

It stands on the interface's bottom floor, below the screens that are handed a family (the
new-game dialog): so it names no screen and no widget. A family's screen is a
``type[GameScreen[Any]]`` (:class:`~squaregame.ui.screens.game_base.GameScreen`):
``Family.screen`` promises it, and the opener that makes one asks for it; the view of a
sum's part, a ``type[PartView]`` (:mod:`squaregame.ui.widgets.part_view`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from squaregame.lessons.schema import LessonGames
from squaregame.lessons.worksheets import WorksheetGames

if TYPE_CHECKING:
    from squaregame.core.game import GameKind
    from squaregame.core.spec import GameSpec


class ScreenFamily(Protocol):
    """A family as the app sees it (``squaregame.families.base.Family``)."""

    @property
    def key(self) -> str: ...

    @property
    def kinds(self) -> tuple[GameKind, ...]: ...

    def screen(self) -> type[Any]: ...  # its GameScreen (see above)

    def presets(self) -> tuple[tuple[str, GameSpec], ...]: ...


class AppGames(LessonGames, WorksheetGames, Protocol):
    """The registry as the app sees it (``squaregame.families.base.Games``)."""

    @property
    def families(self) -> tuple[ScreenFamily, ...]: ...

    def family(self, name: str) -> ScreenFamily: ...

    def family_of(self, kind: GameKind) -> ScreenFamily: ...

    # who draws a sum's parts (squaregame.ui.widgets.part_view.Drawings)
    def part_kind(self, part: Any) -> GameKind: ...

    def part_view(self, part: Any) -> type[Any]: ...  # its PartView (a widget: see above)

    def lesson_panels(self) -> Mapping[str, Any]:
        """Each kind's family's lesson panels (``squaregame.ui.lesson.panel.Panels``), by the
        kind's key (the lesson screen has the generic ones)."""
        ...
