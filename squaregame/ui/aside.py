"""A screen made ahead: composed, mounted and laid out off the screen stack while the app is
idle, so that the key that asks for it later only shows it (issue 46).

Textual builds a screen as it is pushed: its widgets composed, styled and mounted, then laid
out three or four times over as their first sizes come in — for the new-game dialog about a
million Python calls, 100–200 ms, between the key and a usable dialog. Made ahead, pushing it
costs a quarter of that: the layout is there, and each widget's lines are drawn and kept
(in a real terminal the first paint of a dialog not drawn ahead took ~60 ms after the key).

Textual's private steps, the first three in the order ``push_screen`` takes them: the
screen's own CSS file loaded (its widgets are styled as they are mounted), the screen
registered (``_get_screen``: composed and mounted, not shown), its layout at the app's size
(a few rounds, one per refresh, as its widgets' first sizes call for another); then each
widget's lines drawn into its own cache (``render_lines``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.geometry import Region

LAYOUT_ROUNDS = 3  # as a new dialog's widgets settle: laid out again as their sizes come in


def make_aside(app: Any, screen: Any) -> None:
    """Compose, mount and lay out ``screen`` now, off the stack; :func:`shown_yet` tells
    whether it has been pushed since. Removing it unshown: :func:`drop_aside`."""
    app._load_screen_css(screen)
    app._get_screen(screen)

    def lay_out(left: int) -> None:
        if not still_aside(app, screen):
            return  # dropped, or shown meanwhile: laid out as it is shown
        screen._refresh_layout(app.size)
        if left > 1:
            app.call_after_refresh(lay_out, left - 1)
        else:
            app.call_after_refresh(draw_ahead)

    def draw_ahead() -> None:
        if not still_aside(app, screen):
            return
        for widget, geometry in list(screen._compositor.full_map.items()):
            size = geometry.region.size
            if widget is not screen and size.area:
                widget.render_lines(Region(0, 0, size.width, size.height))

    app.call_after_refresh(lay_out, LAYOUT_ROUNDS)


def drop_aside(screen: Any) -> None:
    """Remove ``screen`` made ahead and never shown. One still being made is removed once
    its widgets are mounted (its own queue runs the removal after its mount): removed before,
    its ``on_mount`` found none of them and the app ended on the error."""
    if screen.is_mounted:
        screen.remove()
    else:
        screen.call_later(screen.remove)


def shown_yet(app: Any, screen: Any) -> bool:
    return any(screen in stack for stack in app._screen_stacks.values())


def still_aside(app: Any, screen: Any) -> bool:
    """``screen`` made ahead is neither dropped nor shown yet."""
    return not (screen._closing or screen._closed or shown_yet(app, screen))


class Ahead:
    """One screen made ahead, with what it was made for (a key: whatever would make it
    differ — the game, the language, the settings …). :meth:`take` hands it over only if
    asked for with the same key and never shown; otherwise it is dropped, never shown."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._made: tuple[Any, Any] | None = None
        self._asker: Any = None  # the screen that asked: once it has closed, none is kept
        self._watching = False

    def make(self, made_for: Any, build: Callable[[], Any], asker: Any = None) -> None:
        """Make ``build()`` ahead for ``made_for``, unless that is made already; kept while
        the screen ``asker`` is open (the menu, a lesson)."""
        self._asker = asker
        if not self._watching:
            self.app.screen_change_signal.subscribe(self.app, self._screen_changed)
            self._watching = True
        if (
            self._made is not None
            and self._made[0] == made_for
            and still_aside(self.app, self._made[1])
        ):
            return
        self.drop()
        screen = build()
        self._made = (made_for, screen)
        make_aside(self.app, screen)

    def _screen_changed(self, _screen: Any) -> None:
        if self._asker is not None and not shown_yet(self.app, self._asker):
            self.drop()  # the lesson left before its try-it game was asked for, say

    def take(self, made_for: Any) -> Any:
        """The screen made ahead for ``made_for`` (then no longer kept), else None."""
        if self._made is None:
            return None
        key, screen = self._made
        if key != made_for or not still_aside(self.app, screen):
            self.drop()
            return None
        self._made = None
        return screen

    def drop(self) -> None:
        if self._made is not None:
            screen = self._made[1]
            self._made = None
            if still_aside(self.app, screen):
                drop_aside(screen)
