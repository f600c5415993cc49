"""The main menu."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

LOGO = """\
[b]s q u a r e g a m e[/b]
[dim]take a square · reach the corner · sum the piles[/dim]"""


class MenuScreen(Screen[None]):
    _shown = False
    BINDINGS = [
        Binding("question_mark", "app.help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Vertical(id="menu-box"):
            yield Static(LOGO, id="logo")
            yield OptionList(*self.options(), id="menu")  # in the very first frame
            yield Static(id="menu-note")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "squaregame"
        self.sub_title = "impartial games against a perfect opponent"
        menu = self.query_one("#menu", OptionList)
        menu.highlighted = 0
        menu.focus()  # at once: a key pressed straight after the first frame must not be lost

    def options(self) -> list[Option]:
        from squaregame.ui.app import SquareGameApp

        app = self.app
        saved = app.saved_description() if isinstance(app, SquareGameApp) else None
        entries = [Option(f"▶ Continue: {saved}", id="continue")] if saved else []
        return [
            *entries,
            Option("Squares — take a perfect square", id="squares"),
            Option("Wythoff's queen — race the queen to the corner", id="wythoff"),
            Option("Sums of piles — Sprague–Grundy in action", id="sums"),
            Option("Lessons — from the first game to Sprague–Grundy", id="lessons"),
            Option("Settings", id="settings"),
            Option("Help", id="help"),
            Option("Quit", id="quit"),
        ]

    async def relocalize(self) -> None:
        """The app's language changed (in Settings): draw the menu again in it."""
        await self.recompose()
        self.on_mount()

    def on_screen_resume(self) -> None:
        if self._shown:  # coming back (a saved game may have appeared): rebuild
            self.rebuild()
        self._shown = True

    def rebuild(self) -> None:
        menu = self.query_one("#menu", OptionList)
        keep = menu.highlighted_option.id if menu.highlighted_option is not None else None
        menu.clear_options()
        menu.add_options(self.options())
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        menu.highlighted = ids.index(keep) if keep in ids else 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from squaregame.ui.app import SquareGameApp

        app = self.app
        assert isinstance(app, SquareGameApp)
        choice = event.option_id
        if choice == "continue":
            app.continue_game()
        elif choice == "squares":
            app.action_new_squares()
        elif choice == "wythoff":
            app.action_new_wythoff()
        elif choice == "sums":
            app.action_new_sum()
        elif choice == "lessons":
            app.action_lessons()
        elif choice == "settings":
            app.action_settings()
        elif choice == "help":
            app.action_help()
        elif choice == "quit":
            app.exit()
