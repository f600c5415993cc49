"""Settings: opponent strength, thinking pause, hints, position strip, theme. Saved at once."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Select, Static

from squaregame import paths
from squaregame.core.ai import LEVELS
from squaregame.lessons.strings import Strings, languages
from squaregame.play.settings import THEMES, Settings
from squaregame.ui.screens.new_game import ON_OFF
from squaregame.ui.widgets.form import form_row

DELAYS = [("none", 0.0), ("short (0.3 s)", 0.3), ("normal (0.6 s)", 0.6), ("slow (1.2 s)", 1.2)]


class SettingsScreen(ModalScreen[Settings | None]):
    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    BINDINGS = [Binding("escape", "close", "Close")]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        s = self.settings
        delays = (
            DELAYS
            if any(v == s.ai_delay for _, v in DELAYS)
            else [*DELAYS, (f"{s.ai_delay} s", s.ai_delay)]
        )
        with Vertical(id="dialog"):
            yield Static("[b]Settings[/b]", id="dialog-title")
            yield form_row(
                "Opponent",
                Select(
                    [(lv.name, lv.key) for lv in LEVELS.values()],
                    value=s.level,
                    allow_blank=False,
                    id="level",
                    compact=True,
                ),
            )
            yield form_row(
                "Thinking pause",
                Select(delays, value=s.ai_delay, allow_blank=False, id="delay", compact=True),
            )
            yield form_row(
                "Hints at start",
                Select(ON_OFF, value=s.hints, allow_blank=False, id="hints", compact=True),
            )
            yield form_row(
                "Position strip",
                Select(ON_OFF, value=s.strip, allow_blank=False, id="strip", compact=True),
            )
            yield form_row(
                "Language",
                Select(
                    [(Strings(code)("language_name"), code) for code in languages()],
                    value=s.lang if s.lang in languages() else "en",
                    allow_blank=False,
                    id="lang",
                    compact=True,
                ),
            )
            yield form_row(
                "Theme",
                Select(
                    [(t, t) for t in THEMES],
                    value=s.theme,
                    allow_blank=False,
                    id="theme",
                    compact=True,
                ),
            )
            with Horizontal(classes="buttons"):
                yield Button("Done", variant="primary", id="done", compact=True)
        yield Footer(compact=True)

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
        lang = self.query_one("#lang", Select).value
        s.lang = lang if isinstance(lang, str) else s.lang
        return s

    def action_close(self) -> None:
        self.dismiss(self.current())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(self.current())
