"""Settings: opponent strength, thinking pause, hints, position strip, language, theme.

Saved at once (Done or Esc). The Language field is the only place the saved language
changes: it shows the language the app speaks now (which ``--lang`` may have chosen for this
run), and only if the person picks another one is that saved and the running app switched
to it (:func:`squaregame.ui.localize.apply_language`). Each language is listed in its own
name.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Select, Static

from squaregame import paths
from squaregame.core.ai import LEVELS
from squaregame.play.settings import THEMES, Settings
from squaregame.text import Catalog, language, languages, tr
from squaregame.ui.localize import apply_language, localize_bindings
from squaregame.ui.screens.dialog import Dialog
from squaregame.ui.widgets.choice import Choice
from squaregame.ui.widgets.footer import Footer
from squaregame.ui.widgets.form import form_row

DELAYS = (("none", 0.0), ("short", 0.3), ("normal", 0.6), ("slow", 1.2))


def seconds(value: float) -> str:
    """``0.6`` as this language writes it (``0,6`` in Russian and Spanish)."""
    return f"{value:g}".replace(".", tr("ui_settings.decimal_sign"))


def delay_options(current: float) -> list[tuple[str, float]]:
    options = [(tr(f"ui_settings.delays.{name}", n=seconds(v)), v) for name, v in DELAYS]
    if all(v != current for _, v in options):  # a value set by hand in the file
        options.append((tr("ui_settings.delays.other", n=seconds(current)), current))
    return options


def level_name(key: str) -> str:
    catalog_key = f"ui_settings.levels.{key}"
    return tr(catalog_key) if Catalog(language()).has(catalog_key) else LEVELS[key].name


def language_options() -> list[tuple[str, str]]:
    """Every language the app speaks, each in its own name."""
    return [(Catalog(code)("ui_settings.language_name"), code) for code in languages()]


class SettingsScreen(Dialog[Settings | None]):
    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    BINDINGS = [Binding("escape", "close", "ui_widgets.keys.close")]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        localize_bindings(self)
        self.settings = settings
        self.shown_lang = language()  # what the Language field starts at

    def _select(self, id: str, options: list[tuple[str, Any]], value: Any) -> Select[Any]:
        return Choice(options, value, id=id)

    def compose(self) -> ComposeResult:
        s = self.settings
        on_off = [(tr("ui_settings.switch.on"), True), (tr("ui_settings.switch.off"), False)]
        levels = [(level_name(key), key) for key in LEVELS]
        themes = [(tr(f"ui_settings.themes.{t}"), t) for t in THEMES]
        with Vertical(id="dialog"):
            yield Static(f"[b]{tr('ui_settings.title')}[/b]", id="dialog-title")
            fields = (
                ("level", levels, s.level),
                ("delay", delay_options(s.ai_delay), s.ai_delay),
                ("hints", on_off, s.hints),
                ("strip", on_off, s.strip),
                ("lang", language_options(), self.shown_lang),
                ("theme", themes, s.theme),
            )
            for id, options, value in fields:
                yield form_row(tr(f"ui_settings.fields.{id}"), self._select(id, options, value))
            with Horizontal(classes="buttons"):
                yield Button(tr("ui_settings.done"), variant="primary", id="done", compact=True)
        yield Footer(compact=True)

    def chosen_language(self) -> str:
        lang = self.query_one("#lang", Select).value
        return lang if isinstance(lang, str) else self.shown_lang

    def current(self) -> Settings:
        s = Settings(**vars(self.settings))
        level, delay, theme = (
            self.query_one(f"#{k}", Select).value for k in ("level", "delay", "theme")
        )
        s.level = level if isinstance(level, str) else s.level
        s.ai_delay = float(delay) if isinstance(delay, int | float) else s.ai_delay
        s.theme = theme if isinstance(theme, str) else s.theme
        s.hints = self.query_one("#hints", Select).value is True
        s.strip = self.query_one("#strip", Select).value is True
        if self.chosen_language() != self.shown_lang:  # picked: saved from now on
            s.lang = self.chosen_language()
        return s

    def finish(self) -> None:
        new = self.current()
        if self.chosen_language() != language():
            apply_language(self.app, self.chosen_language())
        self.dismiss(new)

    def action_close(self) -> None:
        self.finish()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.finish()
