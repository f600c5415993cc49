"""Keys and rules (text from ``assets/help/``)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from squaregame import paths


def help_text(lang: str = "en") -> str:
    path = paths.asset("help", f"{lang}.md")
    if not path.is_file():
        path = paths.asset("help", "en.md")
    return path.read_text(encoding="utf-8")


class HelpScreen(ModalScreen[None]):
    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close")]

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Markdown(help_text(self.lang), id="help")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-box").focus()

    def action_close(self) -> None:
        self.dismiss(None)
