"""Work-arounds for two of Textual's memory leaks (both open upstream), applied on import,
and for how it ends on an unhandled error (:class:`OneLineErrors`).

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
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from textual._styles_cache import StylesCache
from textual.app import App
from textual.color import Color
from textual.style import Style
from textual.worker import WorkerFailed


@lru_cache(1024)
def _inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    return Style(background=base_background + background), Style(background=base_background)


def _get_inner_outer(_cache: Any, base_background: Color, background: Color) -> tuple[Style, Style]:
    return _inner_outer(base_background, background)


StylesCache.get_inner_outer = _get_inner_outer  # type: ignore[method-assign,assignment]


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
