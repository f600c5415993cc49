"""Keys and rules: ``assets/help/<lang>.md`` in the app's language, English if there is none."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from squaregame import paths
from squaregame.text import language
from squaregame.ui.keys import keys
from squaregame.ui.localize import localize_bindings


def help_text(lang: str | None = None) -> str:
    path = paths.asset("help", f"{lang or language()}.md")
    if not path.is_file():
        path = paths.asset("help", "en.md")
    return path.read_text(encoding="utf-8")


class HelpScreen(ModalScreen[None]):
    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    BINDINGS = [Binding(keys("escape,q,question_mark"), "close", "ui_widgets.keys.close")]

    def __init__(self, lang: str | None = None) -> None:
        super().__init__()
        localize_bindings(self)
        self.lang = lang  # None: whatever the app speaks when the help is drawn

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Markdown(help_text(self.lang), id="help")
        yield Footer()

    AUTO_FOCUS = "#help-box"  # (not a query in on_mount: the screen may already be going)

    def relocalize(self) -> None:
        self.query_one("#help", Markdown).update(help_text(self.lang))

    def action_close(self) -> None:
        self.dismiss(None)
