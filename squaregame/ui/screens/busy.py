"""Long work off the interface thread: solving a sum, building a table, reading a save.

:class:`BusyScreen` runs ``work`` in a thread worker and closes with its result. It takes
the keys at once (nothing else can start meanwhile), but stays invisible for the first
moments, so quick work never flashes; after that it shows what is going on, a progress
bar (a real fraction when the work reports one, else an indeterminate pulse), the time so
far, and that Esc cancels. Cancelling drops the result, and work that reports its progress
is stopped at its next report (:class:`Cancelled` is raised there), so a cancelled table
build gives back its memory and the processor at once; work that does not report runs to its
end, and what it finishes is only kept in the tables' caches.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState

from squaregame import paths
from squaregame.text import tr
from squaregame.ui.localize import localize_bindings
from squaregame.ui.screens.dialog import Dialog

Report = Callable[[float], None]  # work tells how far it is (0..1)
REVEAL_AFTER = 0.15  # seconds before the screen shows itself


class Cancelled(Exception):
    """Raised in the worker, at its next progress report, once the person has cancelled."""


@dataclass(frozen=True)
class Done:
    """What the work returned, or the exception it raised."""

    value: Any = None
    error: BaseException | None = None


class BusyScreen(Dialog[Done | None]):
    """Dismisses with :class:`Done`, or None when the person cancelled."""

    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    BINDINGS = [Binding("escape", "cancel", "ui_dialog.busy.keys.cancel")]

    def __init__(self, work: Callable[[Report], Any], title: str) -> None:
        super().__init__(classes="hidden")
        localize_bindings(self)
        self.work = work
        self.title_text = title
        self.started = time.monotonic()
        self.keys_pressed = 0
        self.result: Done | None = None
        self.worker: Worker[Any] | None = None
        self.bar = ProgressBar(total=None, show_eta=False, show_percentage=False, id="busy-bar")
        self.clock = Static(id="busy-time")

    def compose(self) -> ComposeResult:
        with Vertical(id="busy"):
            yield Static(f"[b]{self.title_text}[/b]", id="busy-title")
            yield self.bar
            yield self.clock

    def on_mount(self) -> None:
        self.started = time.monotonic()
        self.tick()
        self.set_timer(REVEAL_AFTER, lambda: self.remove_class("hidden"))
        self.set_interval(0.1, self.tick)
        self.worker = self.run_worker(self._run, thread=True, group="busy", exit_on_error=False)

    def _run(self) -> Any:
        return self.work(self._report)

    def _report(self, fraction: float) -> None:  # from the worker thread
        if self.worker is not None and self.worker.is_cancelled:
            raise Cancelled  # the work unwinds here: nothing of it is kept
        self.app.call_from_thread(self._progress, fraction)

    def _progress(self, fraction: float) -> None:
        if self.bar.total is None:
            self.bar.total = 100
        self.bar.update(progress=max(0.0, min(1.0, fraction)) * 100)

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def tick(self) -> None:
        key = "ui_dialog.busy.still" if self.keys_pressed else "ui_dialog.busy.time"
        self.clock.update(tr(key, seconds=f"{self.elapsed():.1f}"))

    def on_key(self, event: events.Key) -> None:
        """Any other key is answered too: the work goes on, Esc stops it."""
        if event.key != "escape":
            self.keys_pressed += 1
            self.tick()
            event.stop()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is not self.worker:
            return
        if event.state is WorkerState.SUCCESS:
            self._finish(Done(value=event.worker.result))
        elif event.state is WorkerState.ERROR:
            self._finish(Done(error=event.worker.error))

    def _finish(self, done: Done) -> None:
        self.result = done
        if self.is_current:
            self.dismiss(done)

    def on_screen_resume(self) -> None:
        if self.result is not None:  # finished while another screen was on top
            self.dismiss(self.result)

    def action_cancel(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
        self.dismiss(None)
