"""Text mode's entry points: whether to use it, a game the command line asked for, and
the menu (a family, a game, a start, or the game saved last)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

from squaregame.core.tables import Tables
from squaregame.play.settings import load_settings
from squaregame.textmode.console import Console
from squaregame.textmode.game import TextGame
from squaregame.textmode.lesson import TextLesson
from squaregame.textmode.lesson_menu import random_seed
from squaregame.textmode.menu import TextGames, menu
from squaregame.ui.start import session_of

if TYPE_CHECKING:
    from squaregame.core.kinds import Kinds
    from squaregame.lessons.model import Lesson
    from squaregame.ui.class_link import ClassLink
    from squaregame.ui.start import StartRequest


def play_text(
    request: StartRequest,
    kinds: Kinds,
    tables: Tables | None = None,
    source: TextIO | None = None,
    sink: TextIO | None = None,
) -> int:
    """``squaregame play … --text``: the game ``request`` names, to its end."""
    lines = console(source, sink)
    session = session_of(request, kinds, tables or Tables())
    settings, _ = load_settings()
    level = request.level or settings.level
    game = TextGame(lines, session, level=level, hints=request.hints, seed=request.seed)
    return game.run()


def menu_text(
    games: TextGames,
    tables: Tables | None = None,
    source: TextIO | None = None,
    sink: TextIO | None = None,
) -> int:
    """``squaregame --text``: the menu, then the games chosen there, until ``quit`` or the
    end of input."""
    return menu(console(source, sink), games, tables or Tables())


def class_text(
    games: TextGames,
    *,
    lang: str | None,
    link: ClassLink | None,
    source: TextIO | None = None,
    sink: TextIO | None = None,
) -> int:
    """A served text-mode session (the classroom's accessible page): the menu in ``lang``
    on standard input/output (or ``source``, ``sink``); ``link``: the student's class —
    every game and lesson recorded as the app records them, each challenge said when it
    comes and answered with ``challenge``; what is left is written at the end."""
    if lang:
        from squaregame.text import set_language  # (a served session's language)

        set_language(lang)
    lines = console(source, sink)
    tables = Tables()
    if link is None:
        return menu(lines, games, tables)
    from squaregame.textmode.challenge import TextDesk  # (a class's session only)
    from squaregame.ui.services.activity import Activity

    activity = Activity(link)
    desk = TextDesk(lines, activity, games.kinds, tables)
    lines.desk = desk
    activity.listen(desk.offered)
    try:
        return menu(lines, games, tables)
    finally:
        activity.close()


def console(source: TextIO | None = None, sink: TextIO | None = None) -> Console:
    """Lines from standard input (or ``source``), to standard output (or ``sink``)."""
    return Console(source or sys.stdin, sink or sys.stdout)


def lesson_text(
    lesson: Lesson,
    seed: int | None = None,
    source: TextIO | None = None,
    sink: TextIO | None = None,
) -> int:
    """``squaregame lesson N --text``: the lesson, from the step its progress reached, until
    ``quit``, its end or the end of input."""
    seed = random_seed() if seed is None else seed
    return TextLesson(console(source, sink), lesson, seed).run()
