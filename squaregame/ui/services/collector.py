"""Python's full collections, run while no one waits for a key.

Python's cyclic collector walks every object it tracks in a *full* (generation 2) pass: in
the app, Textual's strips, styles and caches make that 40–170 ms on this machine, and the
interpreter starts one whenever its allocation counts say so — often in the middle of a
key, which is then answered that much later (measured with ``gc.callbacks`` over
``squaregame bench --only keys``: 28 full passes, the slowest keys' whole excess; see
``docs/bench-keys.md``).

While the app runs, :class:`Collector` takes the full passes out of the interpreter's hands
(the oldest generation's threshold is set out of reach; the young generations are collected
as before) and runs each itself at a quiet moment: when the app has been idle for
:data:`QUIET` seconds (it has handled nothing meanwhile: a key reaches the app first) and
the screen has painted what it owed. It runs one when the
interpreter would have: :data:`DUE` young collections since the last full one (CPython's
rule), and the memory in use grown by a quarter since then (CPython's other rule counts the
oldest generation's objects, a walk of 10–30 ms; the allocator's count of blocks in use,
``sys.getallocatedblocks``, is read in microseconds and grows with it). Nothing is kept
from the collector for good — unreachable cycles are freed at the next quiet moment, which
comes as soon as the person stops pressing keys for a moment. Before each pass it drops
the app's watchers left by removed widgets (:mod:`squaregame.ui.textual_fixes`). When the
app ends, the thresholds it found are put back (tests and the bench run many apps in one
process).
"""

from __future__ import annotations

import gc
import sys
import time
from typing import Any

from squaregame.ui.textual_fixes import drop_closed_watchers

DUE = 10  # young (generation 1) collections since the last full pass: CPython's threshold
GROWTH = 1.25  # …and the memory in use grown by a quarter (CPython's other rule, in kind)
QUIET = 0.05  # seconds the app has been idle before a full pass starts
WAITS = 10  # quiet moments waited for at most, one after another (then the pass runs)
LOST = 2.0  # seconds after which a pass asked for and not run is asked for again
OUT_OF_REACH = 1 << 30  # the oldest generation's threshold while an app runs

_saved: list[tuple[int, int, int]] = []  # thresholds found, one per running collector


class Collector:
    """The full passes of one app's process (:mod:`squaregame.ui.services.collector`)."""

    def __init__(self, app: Any) -> None:
        self._app = app
        self._running = False
        self._pending = 0.0  # when a quiet moment was asked for (0: none awaited)
        self._idles = 0  # times the app has handled every message it had
        self._mark = 0  # …when the quiet moment was asked for
        self._waits = 0  # quiet moments asked for one after another
        self._base: int | None = None  # the blocks in use after the last pass
        self.passes = 0  # full passes run (for tests)

    def start(self) -> None:
        if self._running:
            return
        self._running = True
        young, middle, oldest = gc.get_threshold()
        _saved.append((young, middle, oldest))
        gc.set_threshold(young, middle, OUT_OF_REACH)

    def stop(self) -> None:
        if not self._running:
            return
        self._running = False
        thresholds = _saved.pop()
        if not _saved:  # the last app in the process: the interpreter's own rules again
            gc.set_threshold(*thresholds)

    def due(self) -> bool:
        """Whether the interpreter would have run a full pass by now (its two rules)."""
        if gc.get_count()[2] < DUE:
            return False
        blocks = sys.getallocatedblocks()
        if self._base is None or blocks < self._base:  # (a pass not ours, or the first)
            self._base = blocks
        return blocks > self._base * GROWTH

    def idle(self) -> None:
        """The app has handled every message it had: a full pass, if one is due, once it
        has stayed quiet :data:`QUIET` seconds and its screen has painted. (A screen that
        closed before it painted never runs what waited for its paint: after :data:`LOST`
        seconds the pass is asked for again.)"""
        self._idles += 1
        if not self._running or not gc.isenabled():
            return
        now = time.monotonic()
        if (not self._pending or now - self._pending > LOST) and self.due():
            self._pending = now
            self._wait()

    def _wait(self) -> None:
        self._mark = self._idles
        self._app.set_timer(QUIET, self._quiet)

    def _quiet(self) -> None:
        """:data:`QUIET` seconds later: if the app has handled anything meanwhile (a key
        comes to the app first), wait again — :data:`WAITS` times at most, so that a
        stream of keys still lets the memory be freed."""
        if self._idles != self._mark and self._waits < WAITS:
            self._waits += 1
            self._wait()
            return
        self._waits = 0
        self._app.call_after_refresh(self.collect)

    def collect(self) -> None:
        self._pending = 0.0
        if not self._running:
            return
        drop_closed_watchers(self._app)  # (closed screens' Headers: see textual_fixes)
        gc.collect(2)
        self.passes += 1
        self._base = sys.getallocatedblocks()
