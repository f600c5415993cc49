"""What screens ask of the application, as typed Textual messages.

A screen never imports the application: it posts one of these with ``self.app.post_message``
(delivered even if the screen closes meanwhile) and :class:`~squaregame.ui.app.SquareGameApp`
handles it in ``on_<name>``. Saving, opening games and lessons, and the other screens are
the application's business; screens only say what the person did.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.message import Message

# A message needs only the generated ``__init__`` (eq=False, repr=False): Textual compares
# messages by identity and writes their repr itself, and every generated method is code the
# start-up compiles before the menu appears.

if TYPE_CHECKING:  # the menu imports these messages at its first choice: keep that light
    from squaregame.core.spec import GameSpec
    from squaregame.lessons.model import Lesson
    from squaregame.lessons.progress import LessonProgress
    from squaregame.play.saves import SavedGame
    from squaregame.play.session import Session
    from squaregame.play.setup import GameSetup


@dataclass(eq=False, repr=False)
class SaveGame(Message):
    """The game in progress changed: save it (and what the menu says about it)."""

    saved: SavedGame


@dataclass(eq=False, repr=False)
class ExportRecord(Message):
    """Write the game's record (text, JSON, CSV) into the data folder's records/."""

    session: Session[Any]
    level: str


@dataclass(eq=False, repr=False)
class DeleteSavedGame(Message):
    """Delete the saved game at ``path`` (confirmed in the list), then show the list again."""

    path: Path


@dataclass(eq=False, repr=False)
class OpenGame(Message):
    """Open a game screen for ``session`` (a lesson's "try it" game is not saved)."""

    session: Session[Any]
    level: str | None = None  # None: the opponent strength from the settings
    hints: bool = False
    seed: int | None = None
    persist: bool = True
    finished: Callable[[Session[Any]], None] | None = None  # hears each game that ends there


@dataclass(eq=False, repr=False)
class MakeAhead(Message):
    """Have a screen made ahead (:mod:`squaregame.ui.aside`), so that the key that asks for
    it only shows it: the new-game dialog of the family called ``family`` (its menu entry is
    highlighted), or the game screen of ``session`` (a lesson's try-it step is shown) — if
    the screen ``asker`` that asked is still on top (not if its key came first)."""

    asker: Any
    family: str | None = None
    session: Session[Any] | None = None


@dataclass(eq=False, repr=False)
class NewGameRequest(Message):
    """Ask for a new game's settings, then open it (in place of ``replace``, if given).

    The dialog offers the kinds of the ``family`` named (a family's key; none: the first
    family), beginning with its first, or starts from ``spec``: its kind, rules and misère
    (the game on screen, so a subtraction game keeps its set)."""

    family: str | None = None
    spec: GameSpec | None = None
    replace: Any = None  # the game screen the new game replaces
    persist: bool = True
    current: GameSetup | None = None  # how the game on screen is played: the dialog keeps it


@dataclass(eq=False, repr=False)
class ContinueGame(Message):
    """Open the saved game (the most recent one, or the one saved at ``path``)."""

    path: Path | None = None


class OpenSavedGames(Message):
    """Show the list of saved games, to continue any of them."""


@dataclass(eq=False, repr=False)
class OpenLesson(Message):
    lesson: Lesson


@dataclass(eq=False, repr=False)
class SaveLessonProgress(Message):
    """A lesson's progress to save: the screen's own (the lesson list shows it as it is
    now), and ``answered``, a snapshot taken when posted (the class counts each answer,
    even when the app reads two answers' messages after both were given)."""

    lesson_id: str
    progress: LessonProgress
    answered: LessonProgress


@dataclass(eq=False, repr=False)
class ResetLessonProgress(Message):
    """Forget a lesson's progress; ``then`` is called once it is done."""

    lesson_id: str
    then: Callable[[], None] | None = None


class OpenLessons(Message):
    """Show the list of lessons."""


class OpenSettings(Message):
    """Show the settings."""


class QuitApp(Message):
    """Leave squaregame."""


@dataclass(eq=False, repr=False)
class OpenHelp(Message):
    """Show the help, at ``section`` (a family's key: ``pile``, ``wythoff``, ``sums`` …)."""

    section: str | None = None


@dataclass(eq=False, repr=False)
class OpenWhy(Message):
    """Show why ``position`` of ``game`` is hot or cold (the proof as a tree), over the
    screen that asks; Esc comes back to it untouched."""

    game: Any  # a squaregame.core.game.Game
    position: Any


@dataclass(eq=False, repr=False)
class ExportWhy(Message):
    """Write a proof (Markdown ``text``) into the data folder's why/, under a fresh name
    made from ``stem``, and say where."""

    text: str
    stem: str


@dataclass(eq=False, repr=False)
class ChallengeHelp(Message):
    """A help the teacher allowed was used in challenge ``challenge``'s game: ``what`` is
    ``hints``, ``undos`` or ``whys`` (counted for the scoreboard)."""

    challenge: int
    what: str
