"""Shared CLI helpers: argument parsing that never shows a traceback, progress output."""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections.abc import Sequence
from typing import Any, NoReturn

from squaregame.core.errors import GameError
from squaregame.core.spec import GameSpec
from squaregame.families import GAMES
from squaregame.text import languages, tr


class UsageError(GameError):
    """Bad command-line input: one line on stderr, exit status 2."""


ECHO_LIMIT = 60  # characters of one word of someone's input echoed in a message


def one_line(message: str) -> str:
    """A message as one line, any long word in it (something typed or pasted: a 5,000
    character seed, a lesson name) cut to :data:`ECHO_LIMIT` characters — a long path by
    its start, so that the file it names is still read."""

    def cut(m: re.Match[str]) -> str:
        word = m[0]
        if "/" in word[1:]:  # a path: its end names the file (…/assets/bench/squares_ref.c)
            return "…" + word[-(ECHO_LIMIT - 1) :]
        closing = word[-1] if word[-1] in "'\":,.;)]" else ""  # 'xxx…' keeps its quote
        return word[: ECHO_LIMIT - 1] + "…" + closing

    return re.sub(rf"\S{{{ECHO_LIMIT + 1},}}", cut, " ".join(message.split()))


def one_of(words: Sequence[str]) -> str:
    """Choices as a message lists them: "a, b or c" (the "or" in the current language)."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {tr('cli.said.or')} {words[-1]}"


class Formatter(argparse.HelpFormatter):
    """argparse's formatter, its width read without importing ``shutil`` (and the
    compression modules behind it), which every parser would otherwise pay for."""

    def __init__(
        self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
        width: int | None = None,
    ) -> None:  # fmt: skip
        super().__init__(prog, indent_increment, max_help_position, width or _columns() - 2)


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` reads it: ``COLUMNS``, else
    standard output's terminal, else 80."""
    try:
        return max(int(os.environ["COLUMNS"]), 1)
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one clear line and exit status 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """An argument, its metavar (``GAME``, ``FILE``, ``X Y``) in the current language."""
        metavar = kwargs.get("metavar")
        if isinstance(metavar, str):
            kwargs["metavar"] = metavar_text(metavar)
        return super().add_argument(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """argparse's own complaint (an unknown option, a missing value, an invalid choice),
        said through the catalogs (``cli.errors.argparse``: the frame around argparse's
        sentence) as one line, whatever was typed or pasted."""
        said = tr("cli.errors.argparse", prog=self.prog, message=one_line(message))
        self.exit(2, f"{said}\n")


def metavar_text(metavar: str) -> str:
    """A value's name in the current language, word by word (``[PILE] AMOUNT``), where the
    catalog has it (``cli.metavar.<name>``; ``N`` and the like stay as they are)."""
    from squaregame.text.current import current  # (the catalogs: only when help is asked)

    cat = current()

    def word(m: re.Match[str]) -> str:
        key = f"cli.metavar.{m[0].lower().replace(',', '_')}"
        return cat(key) if cat.has(key) else m[0]

    return re.sub(r"[A-Z]+(?:,[A-Z]+)?", word, metavar)


def add_game_argument(p: argparse.ArgumentParser, **kw: Any) -> None:
    """The GAME positional: any kind's key or alias."""
    p.add_argument("game", metavar="GAME", help=" · ".join(GAMES.kinds.keys()), **kw)


def add_game_options(p: argparse.ArgumentParser) -> None:
    """Every kind's options (--misere, --rule …), each once, declared by the kinds' Params;
    which of them a game takes is checked when its spec is made."""
    seen: set[str] = set()
    for kind in GAMES.kinds:
        for param in kind.params:
            if param.name == "position" or param.flag is None or param.flag in seen:
                continue
            seen.add(param.flag)
            p.add_argument(param.flag, help=tr(param.help_key), **param.argparse_options())


def spec_from_args(
    args: argparse.Namespace, position: Sequence[int] | None, *, position_flag: str | None = None
) -> GameSpec:
    """The game the command line asks for (its options checked against the kind's Params)."""
    return GAMES.kinds.spec_from_options(
        args.game, vars(args), position, position_flag=position_flag
    )


class StderrProgress:
    """Reports a long build on stderr: a progress bar (Rich, imported only then) on a
    terminal, one line otherwise; nothing for work that ends within ``delay`` seconds, and
    nothing at all when ``quiet`` (``--json``: the output is for a program)."""

    def __init__(self, label: str, delay: float = 0.5, *, quiet: bool = False) -> None:
        self.label = label
        self.delay = delay
        self.quiet = quiet
        self.tty = sys.stderr.isatty()
        self.t0: float | None = None
        self.shown = False
        self.last = -1.0
        self._bar: Any = None
        self._task: Any = None

    def __call__(self, fraction: float) -> None:
        if self.quiet:
            return
        now = time.monotonic()
        if self.t0 is None:
            self.t0 = now
        if not self.shown and now - self.t0 < self.delay:
            return
        if not self.shown:
            self.shown = True
            if self.tty:
                self._start()
            else:
                print(f"{self.label}…", file=sys.stderr)
        if self._bar is not None and (fraction >= 1 or now - self.last >= 0.1):
            self.last = now
            self._bar.update(self._task, completed=min(fraction, 1.0))
            self._bar.refresh()
            if fraction >= 1:
                self.close()

    def _start(self) -> None:
        import atexit  # rich's progress bar: only when a build shows one

        from rich.console import Console
        from rich.progress import (
            BarColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self._bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            TaskProgressColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            auto_refresh=False,
        )
        self._bar.start()
        self._task = self._bar.add_task(self.label, total=1.0)
        atexit.register(self.close)  # an interrupted build leaves the terminal as it was

    def close(self) -> None:
        if self._bar is not None:
            bar, self._bar = self._bar, None
            bar.stop()


def check_lang(lang: str | None) -> str | None:
    """``--lang``: one of the app's languages (for this run only; never saved)."""
    if lang is not None and lang not in languages():
        raise UsageError("ui_settings.cli.no_language", lang=lang, languages=", ".join(languages()))
    return lang
