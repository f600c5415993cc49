"""A screen made ahead: composed, mounted and laid out off the screen stack while the app is
idle, so that the key that asks for it later only shows it (issue 46).

Textual builds a screen as it is pushed: its widgets composed, styled and mounted, then laid
out three or four times over as their first sizes come in — for the new-game dialog about a
million Python calls, 100–200 ms, between the key and a usable dialog. Made ahead, pushing it
costs a quarter of that: the layout is there, only the paint is left.

Three of Textual's private steps, in the order ``push_screen`` takes them: the screen's own
CSS file loaded (its widgets are styled as they are mounted), the screen registered
(``_get_screen``: composed and mounted, not shown), and its layout at the app's size (a few
rounds, one per refresh, as its widgets' first sizes call for another).
"""

from __future__ import annotations

from typing import Any

LAYOUT_ROUNDS = 3  # as a new dialog's widgets settle: laid out again as their sizes come in


def make_aside(app: Any, screen: Any) -> None:
    """Compose, mount and lay out ``screen`` now, off the stack; :func:`shown_yet` tells
    whether it has been pushed since. Removing it unshown: ``screen.remove()``."""
    app._load_screen_css(screen)
    app._get_screen(screen)

    def lay_out(left: int) -> None:
        if screen._closing or screen._closed or shown_yet(app, screen):
            return  # dropped, or shown meanwhile: laid out as it is shown
        screen._refresh_layout(app.size)
        if left > 1:
            app.call_after_refresh(lay_out, left - 1)

    app.call_after_refresh(lay_out, LAYOUT_ROUNDS)


def shown_yet(app: Any, screen: Any) -> bool:
    return any(screen in stack for stack in app._screen_stacks.values())
