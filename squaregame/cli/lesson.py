"""``squaregame lesson [NAME]``: open the lessons (a list, or one lesson by number or name)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from squaregame.cli.commands import help_text
from squaregame.cli.common import UsageError
from squaregame.games import GAMES
from squaregame.lessons.model import LessonError, find_lesson
from squaregame.lessons.strings import lesson_language
from squaregame.text import languages, tr

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
    p.add_argument("--seed", type=seed_value, default=None, help=tr("ui_lessons.cli.seed"))
    p.set_defaults(run=run)


def seed_value(text: str) -> int:
    """``--seed``: a whole number 0..2^63-1 (argparse turns the error into one line)."""
    if not text.isdigit() or len(text) > 19 or int(text) >= 2**63:
        raise argparse.ArgumentTypeError(tr("ui_lessons.cli.bad_seed", value=text))
    return int(text)


def check_lang(lang: str | None) -> str | None:
    """``--lang``: one of the app's languages (for this run only; never saved)."""
    if lang is not None and lang not in languages():
        raise UsageError("ui_settings.cli.no_language", lang=lang, languages=", ".join(languages()))
    return lang


def run(args: argparse.Namespace, tables: Tables) -> int:
    from squaregame.play.settings import saved_language

    lang = check_lang(args.lang)
    shown = lesson_language(lang or saved_language())  # the language the app will show
    if args.list:
        from squaregame.lessons.model import load_lessons

        for lesson in load_lessons(GAMES, shown):
            print(f"{lesson.number:>2}  {lesson.id:<14} {lesson.title}")
        return 0
    if args.name:
        try:
            find_lesson(args.name, GAMES, shown)
        except LessonError as exc:
            raise UsageError(str(exc)) from None
    from squaregame.ui.app import run_app  # textual only when playing

    return run_app(GAMES, None, lang=lang, lesson=args.name or "", lesson_seed=args.seed)
