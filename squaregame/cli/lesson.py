"""``squaregame lesson [NAME]``: open the lessons (a list, or one lesson by number or name)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from squaregame.cli.common import UsageError
from squaregame.lessons.model import LessonError, find_lesson
from squaregame.lessons.strings import languages

if TYPE_CHECKING:
    from squaregame.core.context import Tables


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "lesson",
        help="open the lessons (or one lesson: by number, e.g. 3, or name, e.g. why-22)",
        description="Interactive lessons, from the first game of Squares to Sprague–Grundy.",
    )
    p.add_argument("name", metavar="NAME", nargs="?", help="a lesson number or name")
    p.add_argument("--list", action="store_true", help="print the lessons and exit")
    p.set_defaults(run=run)


def check_lang(lang: str | None) -> str | None:
    if lang is not None and lang not in languages():
        raise UsageError(f"no language '{lang}' (available: {', '.join(languages())})")
    return lang


def run(args: argparse.Namespace, tables: Tables) -> int:
    lang = check_lang(args.lang)
    if args.list:
        from squaregame.lessons.model import load_lessons

        for lesson in load_lessons(lang or "en"):
            print(f"{lesson.number:>2}  {lesson.id:<14} {lesson.title}")
        return 0
    if args.name:
        try:
            find_lesson(args.name, lang or "en")
        except LessonError as exc:
            raise UsageError(str(exc)) from None
    from squaregame.ui.app import run_app  # textual only when playing

    return run_app(None, lang=lang, lesson=args.name or "")
