"""The new-game dialog's own rows, after the game's: a random start, who starts, the flags,
the opponent, players, names and hints — mounted once the dialog has painted (issue 31)."""

from __future__ import annotations

from typing import Any

from textual.containers import Horizontal
from textual.widgets import Button, Input, Select, Static

from squaregame.core.ai import LEVELS
from squaregame.core.params import Param, ParamType
from squaregame.play.settings import Settings
from squaregame.play.setup import RANDOM_RANGES
from squaregame.play.sides import MAX_NAME, PLAYERS
from squaregame.play.wording import level_blurb, level_name
from squaregame.text import tr
from squaregame.ui.widgets.form import form_row


def on_off() -> list[tuple[str, bool]]:
    return [(tr("ui_dialog.on"), True), (tr("ui_dialog.off"), False)]


def choice(key: str, value: Any, options: list[tuple[str, Any]]) -> Select[Any]:
    return Select(options, value=value, allow_blank=False, id=key, compact=True)


def placeholder(param: Param) -> str:
    """What an empty field of the game's shows: a rules field its example, else the start's."""
    if param.type is ParamType.RULES and param.count[1] > 1:
        return tr("ui_dialog.new.rules_example")
    return tr("ui_dialog.new.example", example=param.form_field().example)


def later_rows(s: Settings, flags: list[Horizontal]) -> list[Horizontal]:
    """The application's own rows, after the game's (``flags``: its normal/misère rows)."""
    rows: list[Horizontal] = []
    ranges = [(tr("ui_dialog.new.range", top=f"{top:,}"), top) for top in RANDOM_RANGES]
    random_in = choice("range", 100, ranges)
    random_button = Button(tr("ui_dialog.new.random"), id="random", compact=True)
    rows.append(form_row(tr("ui_dialog.new.random_in"), random_in, random_button))
    first = [
        (tr("ui_dialog.new.first_you"), True),
        (tr("ui_dialog.new.first_computer"), False),
    ]
    advice = Button(tr("ui_dialog.new.advice_button"), id="advice", compact=True)
    first_choice = choice("first", s.human_first, first)
    rows.append(form_row(tr("ui_dialog.new.first"), first_choice, advice))
    rows += flags
    levels = [(level_name(key), key) for key in LEVELS]  # its blurb below: never cut
    level = choice("level", s.level, levels)
    rows.append(form_row(tr("ui_dialog.new.opponent"), level, id="row-level"))
    blurb = Static(f"[dim]{level_blurb(s.level)}[/dim]", id="level-blurb")
    rows.append(form_row("", blurb, id="row-level-blurb"))
    players = [(tr(f"ui_dialog.new.players_{p}"), p) for p in PLAYERS]
    rows.append(form_row(tr("ui_dialog.new.players"), choice("players", "solo", players)))
    names = Input(id="names", max_length=2 * MAX_NAME + 1, compact=True)
    rows.append(form_row(tr("ui_teach.dialog.names"), names, id="row-names"))
    rows.append(form_row(tr("ui_dialog.new.hints"), choice("hints", s.hints, on_off())))
    return rows
