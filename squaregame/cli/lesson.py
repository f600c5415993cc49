"""``squaregame lesson [NAME]``: open the lessons (a list, or one lesson by number or name)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from squaregame.cli.commands import help_text
from squaregame.cli.common import UsageError, check_lang
from squaregame.cli.options import SEED, add_option, read_optional
from squaregame.families import GAMES
from squaregame.lessons.model import load_lessons, match_lesson
from squaregame.lessons.schema import LessonError
from squaregame.lessons.strings import lesson_language
from squaregame.play.language import cli_language
from squaregame.text import set_language, tr
from squaregame.textmode.wanted import text_wanted

if TYPE_CHECKING:
    from squaregame.core.tables import Tables


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "lesson",
        help=help_text("lesson"),
        description=tr("ui_lessons.cli.description"),
    )
    p.add_argument("name", metavar="NAME", nargs="?", help=tr("ui_lessons.cli.name"))
    p.add_argument("--list", action="store_true", help=tr("ui_lessons.cli.list"))
    add_option(p, SEED, help=tr("ui_lessons.cli.seed"))
    p.add_argument("--text", action="store_true", help=tr("textmode.cli.lesson"))
    p.set_defaults(run=run)


def run(args: argparse.Namespace, tables: Tables) -> int:
    seed = read_optional(SEED, args.seed)
    lang = check_lang(args.lang)
    shown = lesson_language(cli_language(lang))  # the language the app will show
    if args.list or args.name:
        try:
            lessons = load_lessons(GAMES, shown)
        except LessonError as exc:  # a fault in a lesson file, said by the lessons' checks
            raise UsageError("cli.errors.as_said", text=str(exc)) from None
        if args.list:
            for lesson in lessons:
                print(f"{lesson.number:>2}  {lesson.id:<14} {lesson.title}")
            return 0
        if match_lesson(args.name, lessons) is None:
            names = ", ".join(f"{x.number} ({x.id})" for x in lessons)
            raise UsageError("cli.errors.no_lesson", name=args.name, lessons=names)
    if args.text or text_wanted():  # asked for, or no terminal to draw the app on
        return run_text(args.name, shown, seed)
    from squaregame.ui.app import run_app  # textual only when playing

    return run_app(GAMES, None, lang=lang, lesson=args.name or "", lesson_seed=seed)


def run_text(name: str | None, shown: str, seed: int | None) -> int:
    """The lesson ``name`` in text mode, or the list of lessons to choose from."""
    from squaregame.textmode.lesson_menu import lessons_menu  # (text mode only when asked)
    from squaregame.textmode.run import console, lesson_text

    set_language(shown)
    if name:
        found = match_lesson(name, load_lessons(GAMES, shown))
        assert found is not None  # (checked above)
        return lesson_text(found, seed)
    lessons_menu(console(), GAMES, seed)
    return 0
