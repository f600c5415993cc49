"""Work-arounds for two of Textual's memory leaks (both open upstream), applied on import,
for a screen styled twice as it is first shown, and for how it ends on an unhandled error
(:class:`OneLineErrors`).

- **#6665**: ``StylesCache.get_inner_outer`` is an ``lru_cache`` on a method, so its key
  holds the ``StylesCache`` itself — each widget's cache of drawn lines — and keeps the
  last 1,024 of them alive after their widgets are gone. Here the same two styles are
  cached by the two colours alone (what they depend on).
- **#6666**: a widget that watches another's attribute (``watch``, ``data_bind``) leaves an
  entry on the watched object, dropped only when that attribute next changes. Textual's
  Footer binds each key it makes to its own ``compact`` and makes them anew whenever the
  screen's keys change; each Header watches the app's ``title``. Neither changes here, so
  every Footer kept all the keys it had dropped, and the app every game screen's Header.
  :func:`drop_closed_watchers` drops those entries: :mod:`squaregame.ui.widgets.footer`
  calls it after each remake of its keys, the app's collector
  (:mod:`squaregame.ui.services.collector`) on the app before each full pass.

Measured on a lesson's try-it and back, seven times (``squaregame bench --only keys``):
each round kept a game screen's Header, six Footer keys, ~600 drawn lines and ~4,000 small
caches alive for good; the app's memory grew by a quarter every few rounds, and each full
pass of Python's collector walked it all (40–170 ms).

- **A new screen styled twice**: ``push_screen`` sends the new screen a ``ScreenResume``
  that asks it to restyle itself and every widget in it, handled once it has composed and
  mounted them — each widget styled as it was mounted, then all again (issue 46). The
  first ``ScreenResume`` of a screen restyles only the screen itself (styled before its
  CSS file was loaded: a dialog's ``align``); a screen shown again (another on top closed:
  a theme, the language or the focus may have changed meanwhile) still restyles it all.
  Likewise a new screen's first ``Resize`` gave it its size classes (the app's and the game
  screens' breakpoints: ``-narrow``, ``-small`` …) once its widgets were mounted, and
  restyled them all again: a screen now has them from the start, for the app's size then
  (the ``Resize`` still sets them if the size has changed by the time it comes). And a
  class given to a widget not yet in the tree (``Button(compact=True)``, a key of the
  Footer) restyled it there and then, for nothing: it is styled as it is mounted. With
  these three, the new-game dialog's 82 widgets are styled 161 times as it opens (532 before,
  in two batches: ``Stylesheet.apply``); ``tests/test_ui_restyles.py`` counts them.
- **A new screen laid out twice**: a screen's first layout sends the screen itself a
  ``Resize``, which laid it out again, and every screen under it, at the same size. A screen
  laid out at that size already, with no layout asked for since, is now left as it is; a
  real resize still lays out every screen.
- **A selection cleared with no screen**: an ``Input`` given its value clears the app's
  text selection, which asks for the current screen. A new-game dialog mounted as the
  app closed (a cancelled start, quit at once: a CI run) found the stack empty, and the
  app ended on ``ScreenStackError``. With no screen there is no selection to clear.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from textual import events
from textual._context import active_app
from textual._styles_cache import StylesCache
from textual.app import App
from textual.color import Color
from textual.dom import DOMNode
from textual.screen import Screen
from textual.style import Style
from textual.worker import WorkerFailed


@lru_cache(1024)
def _inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    return Style(background=base_background + background), Style(background=base_background)


def _get_inner_outer(_cache: Any, base_background: Color, background: Color) -> tuple[Style, Style]:
    return _inner_outer(base_background, background)


StylesCache.get_inner_outer = _get_inner_outer  # type: ignore[method-assign,assignment]


_resume = Screen._on_screen_resume


def _on_screen_resume(screen: Screen[Any], event: events.ScreenResume) -> None:
    if not getattr(screen, "_squaregame_shown", False):  # its widgets: just styled
        screen._squaregame_shown = True  # type: ignore[attr-defined]
        event.refresh_styles = False
        # the screen itself was styled before ``push_screen`` loaded its own CSS file
        screen.app.stylesheet.update_nodes([screen], animate=False)
    _resume(screen, event)


Screen._on_screen_resume = _on_screen_resume  # type: ignore[method-assign,assignment]

_resized = Screen._screen_resized


def _screen_resized(screen: Screen[Any], size: Any) -> None:
    if screen._compositor.size == size and not screen._layout_required:
        return  # laid out at this size already, and nothing asked for a layout since
    _resized(screen, size)


Screen._screen_resized = _screen_resized  # type: ignore[method-assign,assignment]

_update_node_styles = DOMNode.update_node_styles


def _update_styles_in_tree(node: DOMNode, animate: bool = True) -> None:
    if node._parent is None and not isinstance(node, App):  # not in the tree: styled as mounted
        return
    _update_node_styles(node, animate)


DOMNode.update_node_styles = _update_styles_in_tree  # type: ignore[method-assign,assignment]

_screen_init = Screen.__init__


def _breakpoints(screen: Screen[Any], width: int, height: int) -> dict[str, bool]:
    """The size classes ``screen`` is given at ``width`` × ``height`` (as its ``Resize``)."""
    app = screen.app
    across = (
        app.HORIZONTAL_BREAKPOINTS
        if screen.HORIZONTAL_BREAKPOINTS is None
        else screen.HORIZONTAL_BREAKPOINTS
    ) or []
    down = (
        app.VERTICAL_BREAKPOINTS
        if screen.VERTICAL_BREAKPOINTS is None
        else screen.VERTICAL_BREAKPOINTS
    ) or []
    found = {name: False for _, name in (*across, *down)}
    for name in screen._get_breakpoint_classes(width, list(across)):
        found[name] = True
    for name in screen._get_breakpoint_classes(height, list(down)):
        found[name] = True
    return found


def _init_with_size_classes(screen: Screen[Any], *args: Any, **kwargs: Any) -> None:
    _screen_init(screen, *args, **kwargs)
    try:
        app = active_app.get()
    except LookupError:  # made before the app runs: its Resize gives them
        return
    if app.is_running:
        width, height = app.size
        screen.update_classes(_breakpoints(screen, width, height), update=False)


Screen.__init__ = _init_with_size_classes  # type: ignore[method-assign,assignment]

_clear_selection = App.clear_selection


def _clear_selection_if_shown(app: App[Any]) -> None:
    if app.screen_stack:  # (none: the app is closing, nothing is selected)
        _clear_selection(app)


App.clear_selection = _clear_selection_if_shown  # type: ignore[method-assign,assignment]


def drop_closed_watchers(node: Any) -> None:
    """Forget the watchers held by ``node`` (``watch``/``data_bind`` entries) whose widget
    has been removed: what Textual itself drops when the watched attribute changes."""
    watchers: dict[str, list[tuple[Any, Any]]] = getattr(node, "__watchers", {})
    for entries in watchers.values():
        entries[:] = [(owner, callback) for owner, callback in entries if not owner._closing]


class OneLineErrors(App[None]):
    """An app whose unhandled error is kept in :attr:`crash` for its runner to say in one
    line, its traceback in a file (:func:`squaregame.core.files.crash.internal_error`),
    not drawn by Textual as a rich traceback with locals.

    Textual 8's ``App._handle_exception`` sets ``return_code`` to 1, keeps the first error
    in ``_exception`` (``run_test`` raises it: Pilot tests still see it) and ends the app,
    after ``_fatal_error`` (or ``panic``, for an error with ``__rich__``) has put the
    drawn traceback in ``_exit_renderables``, printed on the way out. Here that list is
    emptied and ``_fatal_error`` only ends the app (no bell, no traceback drawn)."""

    crash: BaseException | None = None

    def _handle_exception(self, error: Exception) -> None:
        if self.crash is None:  # a worker's error is wrapped, with no traceback of its own
            self.crash = error.error if isinstance(error, WorkerFailed) else error
        super()._handle_exception(error)
        self._exit_renderables.clear()

    def _fatal_error(self) -> None:
        self._close_messages_no_wait()
