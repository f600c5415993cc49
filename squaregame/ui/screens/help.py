"""Keys and rules, in the app's language: each family's own section (``<key>.help`` in its
catalog, one ``##`` section each, in the families' order), then the rest
(``assets/help/<lang>.md``, English if there is none).

Opened from a game, it opens at that game's family's section, found by its place among the
sections, not by its translated title."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from squaregame import paths
from squaregame.text import Catalog, language
from squaregame.ui.keys import keys
from squaregame.ui.localize import localize_bindings
from squaregame.ui.screens.dialog import Dialog
from squaregame.ui.widgets.footer import Footer


def help_text(lang: str | None = None, families: tuple[str, ...] = ()) -> str:
    """The title, each family's section (``families``: their keys, in order), the rest."""
    said = lang or language()
    path = paths.asset("help", f"{said}.md")
    if not path.is_file():
        path = paths.asset("help", "en.md")
    head, _, rest = path.read_text(encoding="utf-8").partition("\n## ")
    catalog = Catalog(said)
    own = [catalog(f"{key}.help").strip() for key in families]
    return "\n\n".join([head.rstrip(), *own, *(["## " + rest] if rest else [])])


class HelpScreen(Dialog[None]):
    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    BINDINGS = [Binding(keys("escape,q,question_mark"), "close", "ui_widgets.keys.close")]

    def __init__(
        self, lang: str | None = None, section: str | None = None, families: tuple[str, ...] = ()
    ) -> None:
        super().__init__()
        localize_bindings(self)
        self.lang = lang  # None: whatever the app speaks when the help is drawn
        self.families = families  # the families' keys: their sections come first, in order
        self.section = section  # a family's key: open at its section

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Markdown(help_text(self.lang, self.families), id="help")
        yield Footer()

    AUTO_FOCUS = "#help-box"  # (not a query in on_mount: the screen may already be going)

    def on_markdown_table_of_contents_updated(self, event: Markdown.TableOfContentsUpdated) -> None:
        """The document is laid out: scroll to the game's own section."""
        if self.section not in self.families:
            return
        heads = [hid for level, _title, hid in event.table_of_contents if level == 2]
        place = self.families.index(self.section)
        target = heads[place] if place < len(heads) else None
        if target:
            self.call_after_refresh(self.scroll_to_section, target)

    def scroll_to_section(self, header_id: str) -> None:
        for head in self.query(f"#{header_id}"):
            self.query_one("#help-box", VerticalScroll).scroll_to_widget(
                head, animate=False, top=True
            )

    def relocalize(self) -> None:
        self.query_one("#help", Markdown).update(help_text(self.lang, self.families))

    def action_close(self) -> None:
        self.dismiss(None)
