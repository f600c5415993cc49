"""Entry point: ``squaregame`` (the app) and its subcommands.

With no arguments the app starts at once: neither argparse nor any subcommand module is
imported, so the menu appears as fast as Textual allows.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from squaregame import start_up
from squaregame.core.files.crash import guarded, internal_error
from squaregame.version import __version__

if TYPE_CHECKING:
    from squaregame.cli.common import Parser


def lang_help() -> str:
    # (help text only: the app's fast path reads no catalog here)
    from squaregame.text import languages, tr

    return tr("ui_settings.cli.lang_help", languages=", ".join(languages()))


def make_parser(argv: Sequence[str] | None = None) -> Parser:
    """The command line's parser. With ``argv``, only the subcommand it names has its
    module imported (every other is listed by name and help line alone,
    :mod:`squaregame.cli.commands`); without, every subcommand is complete."""
    import importlib  # (argparse and the commands: only when there are arguments)

    from squaregame.cli.commands import COMMANDS, chosen, help_text
    from squaregame.cli.common import Parser
    from squaregame.text import tr

    parser = Parser(prog="squaregame", description=tr("cli.help.description"))
    parser.add_argument(
        "--version",
        action="version",
        version=f"squaregame {__version__}",
        help=tr("cli.argparse.version"),
    )
    parser.add_argument("--lang", metavar=tr("cli.help.lang_metavar"), help=lang_help())
    parser.add_argument("--text", action="store_true", help=tr("textmode.cli.text"))
    sub = parser.add_subparsers(
        title=tr("cli.help.commands"), metavar=tr("cli.help.command_metavar"), parser_class=Parser
    )
    words = None if argv is None else list(argv)
    wanted = None if words is None else chosen(words)
    # Only a list of the commands (top-level help, an unknown command) needs the others.
    listed = wanted is None or any(w in ("-h", "--help") for w in words or ())
    for command in COMMANDS:
        if words is None or command.name == wanted:
            module = importlib.import_module(f"squaregame.cli.{command.module}")
            module.add_parser(sub)
        elif listed:
            sub.add_parser(command.name, help=help_text(command.name), add_help=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The program; as the program (``argv`` None), the collector paused while it starts
    (:mod:`squaregame.start_up`)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if argv is None:
        start_up.one_blas_thread()
        start_up.pause()
    try:
        return _main(args_list)
    finally:
        start_up.resume()  # whatever happened (start-up may have ended before it was over)


def reader_gone() -> int:
    """The reader of standard output went away (``| head``): nothing more is said to it, and
    the interpreter's last flush may not fail either. Not an error: status 0."""
    import os  # (only when a pipe closed early)

    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _run_menu() -> int:
    from squaregame.textmode.wanted import text_wanted  # (the standard library only)

    if text_wanted():  # no terminal to draw the app on: the menu in text mode
        speak([])
        from squaregame.cli import play  # (text mode: not the app's fast path)

        try:
            return play.run_menu(text=True)
        except BrokenPipeError:
            return reader_gone()
    from squaregame.families import GAMES  # (the fast path: the app and nothing before it)
    from squaregame.ui.app import run_app

    return run_app(GAMES, None)


def lang_asked(args_list: list[str]) -> str | None:
    """``--lang L`` or ``--lang=L`` before the command (read before argparse, which speaks
    the language it names)."""
    for i, word in enumerate(args_list):
        if word == "--lang":
            return args_list[i + 1] if i + 1 < len(args_list) else None
        if word.startswith("--lang="):
            return word.partition("=")[2]
        if not word.startswith("-"):
            return None  # the command: its own options are its own
    return None


def speak(args_list: list[str]) -> str:
    """Choose the run's language once, before anything is said: ``--lang``, else the saved
    one, else the locale's (``LC_ALL``, ``LANG``, …); argparse speaks it too."""
    # (a command, not the app's fast start: the menu's first frame needs none of these)
    from squaregame.cli.words import install
    from squaregame.play.language import cli_language  # (no settings file: nothing more)
    from squaregame.text import set_language

    lang = set_language(cli_language(lang_asked(args_list)))
    install()
    return lang


def _main(args_list: list[str]) -> int:
    if not args_list:  # the fast path: straight to the menu (start-up ends at its first frame)
        return guarded(_run_menu)
    from squaregame.core.errors import GameError  # (a command: not on the app's fast path)
    from squaregame.core.tables import Tables

    speak(args_list)
    parser = make_parser(args_list)
    args = parser.parse_args(args_list)
    run = getattr(args, "run", None)
    try:
        from squaregame.cli.common import check_lang  # (an unknown --lang: said, exit 2)

        check_lang(args.lang)
        if run is None:  # the menu in a language (its first frame ends start-up)
            # (the menu in a language: the play command's own module)
            from squaregame.cli import play

            return play.run_menu(check_lang(args.lang), text=args.text)
        start_up.started()
        tables = Tables()  # the tables this run shares
        try:
            return int(run(args, tables))
        finally:  # what happened to a table (a damaged cache file rebuilt, ...): one line each
            from squaregame.cli.common import one_line
            from squaregame.text import tr

            for key, params in tables.take_messages():
                print(f"squaregame: {one_line(tr(key, **params))}", file=sys.stderr)
    except GameError as exc:
        from squaregame.cli.common import one_line  # (only when something went wrong)
        from squaregame.text import error_text

        print(f"squaregame: {one_line(error_text(exc))}", file=sys.stderr)  # one line
        return 2
    except KeyboardInterrupt:
        from squaregame.text import tr  # (only when a table has something to say)

        print(f"squaregame: {tr('cli.said.interrupted')}", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return reader_gone()
    except OSError as exc:  # a file or folder named on the command line, a port, …
        from squaregame.cli.common import one_line  # (only when something went wrong)
        from squaregame.text import os_reason, tr

        why = os_reason(exc)  # in the run's language (else the system's own words)
        said = tr("cli.errors.file", path=exc.filename, why=why) if exc.filename else why
        print(f"squaregame: {one_line(said)}", file=sys.stderr)
        return 2
    except Exception as exc:  # a bug: one line, and the details kept for a report
        return internal_error(exc)
