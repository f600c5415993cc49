"""The new-game dialog's own rows, after the game's: a random start, who starts, the flags,
the opponent, players, names and hints — built with the game's, in one batch (issue 46: a
second batch after the first paint cost more than it saved, the dialog half usable meanwhile)."""

from __future__ import annotations

from typing import Any

from textual.containers import Horizontal
from textual.widgets import Button, Input, Select, Static

from squaregame.core.ai import LEVELS
from squaregame.core.params import Param, ParamType
from squaregame.play.settings import Settings
from squaregame.play.setup import RANDOM_RANGES, GameSetup
from squaregame.play.sides import MAX_NAME, PLAYERS, names_wanted
from squaregame.play.wording import level_blurb, level_name
from squaregame.text import tr
from squaregame.ui.widgets.choice import Choice
from squaregame.ui.widgets.form import form_row


def on_off() -> list[tuple[str, bool]]:
    return [(tr("ui_dialog.on"), True), (tr("ui_dialog.off"), False)]


def choice(key: str, value: Any, options: list[tuple[str, Any]]) -> Select[Any]:
    return Choice(options, value, id=key)


def placeholder(param: Param) -> str:
    """What an empty field of the game's shows: a rules field its example, else the start's."""
    if param.type is ParamType.RULES and param.count[1] > 1:
        return tr("ui_dialog.new.rules_example")
    return tr("ui_dialog.new.example", example=param.form_field().example)


def later_rows(
    s: Settings, flags: list[Horizontal], kept: GameSetup | None = None
) -> list[Horizontal]:
    """The application's own rows, after the game's (``flags``: its normal/misère rows), as
    ``kept`` had them (the game this one replaces, or the dialog answered before), else as
    the settings say."""
    rows: list[Horizontal] = []
    human_first, level_key, hints = s.human_first, s.level, s.hints
    players_key, names_typed = "solo", ""
    if kept is not None:
        human_first, level_key, hints = kept.human_first, kept.level, kept.hints
        players_key, names_typed = kept.players, ",".join(kept.names)
    ranges = [(tr("ui_dialog.new.range", top=f"{top:,}"), top) for top in RANDOM_RANGES]
    random_in = choice("range", 100, ranges)
    random_button = Button(tr("ui_dialog.new.random"), id="random", compact=True)
    rows.append(form_row(tr("ui_dialog.new.random_in"), random_in, random_button))
    first = [
        (tr("ui_dialog.new.first_you"), True),
        (tr("ui_dialog.new.first_computer"), False),
    ]
    advice = Button(tr("ui_dialog.new.advice_button"), id="advice", compact=True)
    first_choice = choice("first", human_first, first)
    rows.append(form_row(tr("ui_dialog.new.first"), first_choice, advice))
    rows += flags
    levels = [(level_name(key), key) for key in LEVELS]  # its blurb below: never cut
    level = choice("level", level_key, levels)
    rows.append(form_row(tr("ui_dialog.new.opponent"), level, id="row-level"))
    blurb = Static(f"[dim]{level_blurb(level_key)}[/dim]", id="level-blurb")
    rows.append(form_row("", blurb, id="row-level-blurb"))
    players = [(tr(f"ui_dialog.new.players_{p}"), p) for p in PLAYERS]
    rows.append(form_row(tr("ui_dialog.new.players"), choice("players", players_key, players)))
    want = names_wanted(players_key)  # (its row hidden when none are)
    names = Input(
        names_typed,
        placeholder=tr(f"ui_teach.dialog.names_{'one' if want == 1 else 'two'}"),
        id="names",
        max_length=2 * MAX_NAME + 1,
        compact=True,
    )
    rows.append(form_row(tr("ui_teach.dialog.names"), names, id="row-names"))
    rows.append(form_row(tr("ui_dialog.new.hints"), choice("hints", hints, on_off())))
    return rows
