"""The main menu: one entry per family of games, then the rest."""

from __future__ import annotations

import time
from functools import partial

from rich.cells import cell_len
from rich.markup import escape
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import var
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from squaregame.text import tr
from squaregame.ui.keys import keys
from squaregame.ui.localize import localize_bindings
from squaregame.ui.room import TALL_ROWS, WIDE_COLUMNS, spaced
from squaregame.ui.widgets.big_number import best_scale, big_lines
from squaregame.ui.widgets.key_bar import KeyBar
from squaregame.ui.widgets.pointed import PointedList

NEW = "new-"  # a game entry's id: NEW + the family's key ("new-pile", …)
ENTRIES = ("lessons", "settings", "help", "quit")  # after the games


def game_entries(families: tuple[str, ...]) -> list[tuple[str, str]]:
    """(id, text) of an entry per family of games (by key, in order: ``<key>.menu``)."""
    return [(NEW + key, tr(f"{key}.menu")) for key in families]


def request(choice: str) -> Message | None:
    """The message a menu entry sends to the application."""
    # Imported at the first choice, not at start-up: the menu's first frame needs none.
    from squaregame.ui.messages import (
        ContinueGame,
        NewGameRequest,
        OpenHelp,
        OpenLessons,
        OpenSavedGames,
        OpenSettings,
        QuitApp,
    )

    if choice.startswith(NEW):  # a new game of the family (its dialog offers every kind)
        return NewGameRequest(family=choice.removeprefix(NEW))
    messages: dict[str, type[Message]] = {
        "continue": ContinueGame,
        "saved-games": OpenSavedGames,
        "lessons": OpenLessons,
        "settings": OpenSettings,
        "help": OpenHelp,
        "quit": QuitApp,
    }
    kind = messages.get(choice)
    return kind() if kind is not None else None


WIDE = (WIDE_COLUMNS, TALL_ROWS)  # from this size on: the big title, the preview beside the list
TITLE = "squaregame"
# A game's entry highlighted this long has its new-game dialog made ahead
# (:mod:`squaregame.ui.aside`): Enter then only shows it. Arrow keys passing over the entries
# (a person scans at 150–300 ms a key) build nothing: the making is ~100 ms of the interface
# thread's work, which a key arriving meanwhile would wait on.
PREPARE_AFTER = 0.4  # (a lesson's try-it step likewise: squaregame.ui.lesson.exercise)
AIRY = 3  # rows an entry takes where the list has the room: a blank row above and below it


def logo_text(width: int, height: int) -> str:
    """The title: in the big block font where the terminal has room (scale 2 on 140×45),
    else spaced letters; the tagline under it."""
    tagline = f"[dim]{escape(tr('ui_menu.tagline'))}[/dim]"
    scale = best_scale(TITLE, width - 4, 7, top=2) if height >= WIDE[1] else 0
    if not scale:
        return f"[b]{' '.join(TITLE)}[/b]\n{tagline}"
    lines = [line for line in big_lines(TITLE, scale) if line.strip()]
    return "[b]" + "\n".join(lines) + "[/b]\n" + tagline


def preview_text(entry: str) -> str:
    """What the highlighted entry is: a family's rule in one line, a tiny example and the
    keys to start; another entry, a line of what it opens."""
    if not entry.startswith(NEW):
        return escape(tr(f"ui_menu.preview.entries.{entry}"))
    key = entry.removeprefix(NEW)
    example = escape(tr(f"{key}.preview.example"))
    return "\n\n".join(
        (
            f"[b]{escape(tr(f'{key}.menu'))}[/b]",
            escape(tr(f"{key}.preview.rule")),
            f"[dim]{escape(tr('ui_menu.preview.example'))}:[/dim] {example}",
            f"[dim]{escape(tr('ui_menu.preview.keys'))}[/dim]",
        )
    )


CHOICE_SETTLE = 0.6  # seconds: keys typed on after a choice are not a second choice


class MenuScreen(Screen[None]):
    BINDINGS = [
        Binding("question_mark", "app.help", "ui_menu.keys.help"),
        Binding(keys("q"), "app.quit", "ui_menu.keys.quit"),
    ]
    saved: var[str | None] = var(None, init=False)  # what "Continue" says, if there is a save
    others: var[int] = var(0, init=False)  # how many more saved games there are

    def __init__(self, saved: str | None = None, families: tuple[str, ...] = ()) -> None:
        """``families``: the keys of the families of games, an entry each, in order."""
        super().__init__()
        localize_bindings(self)
        self.families = families
        self.set_reactive(MenuScreen.saved, saved)
        self._shown = False
        self._chosen_at: float | None = None  # when something was chosen (see below)
        self._prepare: Timer | None = None  # the highlighted family's dialog, made ahead

    def compose(self) -> ComposeResult:
        # The title bar as one line of text: Textual's Header (an icon, a title, a clock space
        # and four watchers) costs the first frame more than everything else on this screen.
        yield Static(f"squaregame — {tr('ui_menu.sub_title')}", id="menu-title", markup=False)
        yield Static(logo_text(*self.app.size), id="logo")  # (no box: each widget costs a frame)
        with Horizontal(id="menu-row"):
            menu = PointedList(*self.options(), id="menu", classes="pane")  # in the first frame
            menu.border_title = tr("ui_menu.pane.menu")
            yield menu
            preview = Static(id="menu-preview", classes="pane")  # beside it where there is room
            preview.border_title = tr("ui_menu.pane.preview")
            yield preview
        yield KeyBar(palette=True)  # in one piece: Textual's Footer costs the first frame more

    def on_mount(self) -> None:
        menu = self.query_one("#menu", OptionList)
        menu.highlighted = 0
        menu.focus()  # at once: a key pressed straight after the first frame must not be lost
        self._fit(*self.app.size)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """The big title and the preview on a large terminal; at 80×24 neither. Where the
        list and the preview take the height left under the title, the entries are spaced
        out ("airy") if they all still fit. The title bar names the app where it has room."""
        wide = width >= WIDE[0] and height >= WIDE[1]
        self.set_class(wide, "wide")
        title = f"{TITLE} — {tr('ui_menu.sub_title')}"  # without the name where it is too long
        fits = cell_len(title) <= width  # (the logo under it says the name)
        self.query_one("#menu-title", Static).update(title if fits else tr("ui_menu.sub_title"))
        logo = logo_text(width, height)
        self.query_one("#logo", Static).update(logo)
        # the title bar, the key bar, the logo and its margins (3), the list's border and margin
        room = height - 2 - (logo.count("\n") + 1 + 3) - 3
        airy = wide and AIRY * len(self.options()) <= room
        if airy != self.has_class("airy"):
            self.set_class(airy, "airy")
            self.rebuild()  # the entries, spaced out or not

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.query_one("#menu-preview", Static).update(preview_text(event.option_id or ""))
        if self._prepare is not None:
            self._prepare.stop()
        entry = event.option_id or ""
        if entry.startswith(NEW):  # its dialog made ahead, once the highlight rests there
            self._prepare = self.set_timer(PREPARE_AFTER, partial(self._prepare_dialog, entry))

    def _prepare_dialog(self, entry: str) -> None:
        from squaregame.ui.messages import MakeAhead  # (after the first frame)

        self._prepare = None
        if self.is_current:
            self.app.post_message(MakeAhead(self, family=entry.removeprefix(NEW)))

    def options(self) -> list[Option]:
        entries = [Option(tr("ui_menu.continue", saved=self.saved), id="continue")]
        if self.others:
            entries.append(Option(tr("ui_menu.saved_games", count=self.others), id="saved-games"))
        airy = self.has_class("airy")
        return [
            Option(spaced(str(option.prompt), airy), id=option.id)
            for option in (
                *(entries if self.saved else []),
                *(Option(text, id=key) for key, text in game_entries(self.families)),
                *(Option(tr(f"ui_menu.entries.{e}"), id=e) for e in ENTRIES),
            )
        ]

    async def relocalize(self) -> None:
        """The app's language changed (in Settings): draw the menu again in it."""
        await self.recompose()
        self.on_mount()

    def watch_saved(self) -> None:
        if self.is_mounted:
            self.rebuild()

    def watch_others(self) -> None:
        self.watch_saved()

    def on_screen_resume(self) -> None:
        self._chosen_at = None  # back here: the next choice counts
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
        self._fit(*self.app.size)  # spaced out, or not, for the entries there are now

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Open what was chosen. Keys typed fast after a choice (Enter Down Enter) reach
        this menu before the screen it opens: they must not choose again (open Help twice,
        or Quit) — a second choice within ``CHOICE_SETTLE`` seconds, before another screen
        came and went, is ignored."""
        now = time.monotonic()
        if self._chosen_at is not None and now - self._chosen_at < CHOICE_SETTLE:
            return
        message = request(event.option_id or "")
        if message is not None:
            self._chosen_at = now
            self.app.post_message(message)
