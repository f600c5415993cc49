"""Text mode's menu: the game saved last, a new game of a family (its kind, its rule where
it takes one, its start), or quit; a game played there comes back to the menu at its end.

The families are the registry's, known only by their keys, kinds and words
(``<key>.menu``, ``<area>.<kind>.choice``): nothing here names one."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from squaregame.core.errors import GameError
from squaregame.core.game import GameKind
from squaregame.core.params import Param
from squaregame.play.files import new_key
from squaregame.play.save_folder import claim, latest_summary, open_folder
from squaregame.play.saves import load_game
from squaregame.play.session import Session
from squaregame.play.settings import load_settings
from squaregame.play.setup import check_start, random_start, rule_names, spec_from_fields
from squaregame.text import Catalog, error_text, language, tr
from squaregame.text.games import kind_title, param_label
from squaregame.text.rules import rule_name
from squaregame.textmode.console import Console, choose, read_command
from squaregame.textmode.game import TextGame
from squaregame.textmode.lesson_menu import lessons_menu

if TYPE_CHECKING:
    from squaregame.core.kinds import Kinds
    from squaregame.core.tables import Tables
    from squaregame.lessons.steps import StepSpec

RANDOM_TOP = 30  # a random start's numbers: from 1 to this (as the dialog's first range)


class TextFamily(Protocol):
    """A family as text mode sees it (``squaregame.families.base.Family``)."""

    @property
    def key(self) -> str: ...

    @property
    def kinds(self) -> tuple[GameKind, ...]: ...


class TextGames(Protocol):
    """The registry as text mode sees it (``squaregame.families.base.Games``)."""

    @property
    def families(self) -> Sequence[TextFamily]: ...

    @property
    def kinds(self) -> Kinds: ...

    def lesson_steps(self) -> tuple[type[StepSpec], ...]: ...


def kind_choice(kind: GameKind) -> str:
    """A kind as a list offers it: its family's words for it, else its rule, else its title."""
    own = f"{kind.area}.{kind.key}.choice"
    if Catalog(language()).has(own):
        return tr(own)
    if kind.rule is not None:
        return f"{rule_name(kind.rule)} {kind.rule.notation}"
    return kind_title(kind)


def rule_prompt(param: Param) -> str:
    """What a kind's rule field asks, in its own words (its label, and what it takes: the
    named rules where it is the shared rules field, else its declared help)."""
    what = rule_names() if param.area == "games" else tr(param.help_key)
    return tr("textmode.menu.param", label=param_label(param), what=what)


def menu(console: Console, games: TextGames, tables: Tables) -> int:
    """The menu until ``quit`` or the end of input; each game chosen played to its end."""
    open_folder()
    while True:
        path, summary, _ = latest_summary(games.kinds)
        entries = [tr(f"{f.key}.menu") for f in games.families]
        first = []
        if path is not None and summary is not None:
            first = [tr("textmode.menu.continue", game=summary.describe())]
        ends = [tr("textmode.menu.lessons"), tr("textmode.menu.quit")]
        chosen = choose(console, [*first, *entries, *ends], tr("textmode.menu.title"))
        if chosen is None or chosen == len(first) + len(entries) + 1:
            console.say(tr("textmode.menu.bye"))
            return 0
        if chosen == len(first) + len(entries):
            if not lessons_menu(console, games):
                return 0
            continue
        if first and chosen == 0 and path is not None:
            game = continued(console, path, games.kinds)
        else:
            game = new_game(console, games.families[chosen - len(first)], games.kinds, tables)
        if game is None:
            continue
        game.leaving = "to_menu"  # (quit: the game is saved and the menu comes back)
        game.run()
        if game.ended_input:
            return 0


def continued(console: Console, path: Any, kinds: Kinds) -> TextGame | None:
    saved, message = load_game(path, kinds)
    if saved is None:
        console.say(message or tr("ui_menu.notify.no_save"))
        return None
    if not claim(path):  # open in another window: this one continues a copy
        saved.session.save_key = new_key()
        console.say(tr("files.game.copy"))
    settings, _ = load_settings()
    return TextGame(
        console, saved.session, level=saved.level, hints=settings.hints, seed=saved.seed
    )


def answer(console: Console, text: str) -> str | None:
    """The line typed for ``text`` (``help`` says what to type, and asks again); None:
    ``quit`` (back to the menu) or the end of input."""
    while True:
        line = console.prompt(text)
        command = None if line is None else read_command(line)
        if line is None or (command is not None and command[0] == "quit"):
            return None
        if command is not None and command[0] == "help":
            console.say(tr("textmode.menu.asked_help"))
            continue
        return line


def new_game(console: Console, family: TextFamily, kinds: Kinds, tables: Tables) -> TextGame | None:
    """A new game of ``family``: its kind, rule and start asked for (None: the input ended)."""
    kind = family.kinds[0]
    if len(family.kinds) > 1:
        index = choose(console, [kind_choice(k) for k in family.kinds], tr("textmode.menu.kinds"))
        if index is None:
            return None
        kind = family.kinds[index]
    settings, _ = load_settings()
    while True:
        fields: dict[str, Any] = {"misere": settings.misere}
        rule = kind.param("rule")
        if rule is not None and kind.rule is None and not kind.traits.parts:
            typed = answer(console, rule_prompt(rule))
            if typed is None:
                return None
            fields["rule"] = typed
        example = kind.position_param.form_field().example
        start = answer(console, tr("textmode.menu.start", example=example))
        if start is None:
            return None
        fields["position"] = start or random_start(kind, RANDOM_TOP, random.Random())
        try:
            spec = spec_from_fields(kind, fields, kinds)
            game, _ = check_start(spec, tables)
            session: Session[Any] = Session(game, spec.start(game), settings.human_first)
        except GameError as exc:
            console.say(error_text(exc))
            continue
        return TextGame(console, session, level=settings.level, hints=settings.hints)
