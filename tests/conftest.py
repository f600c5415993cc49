from __future__ import annotations

import asyncio
import inspect
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from pg_fixture import pg_server, pg_url  # noqa: F401  (a real PostgreSQL, when a test asks)

import squaregame.text

settings.register_profile("ci", max_examples=60, deadline=None)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.hookimpl(tryfirst=True)  # (before ``-m 'not slow'`` deselects)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test marked ``sweep`` is one check over many cases (every language, several
    sizes, seeds or codes of the same path): its first case runs by default, every other
    one with the slow tests, which CI runs too. What guards a past crash is no sweep."""
    for item in items:
        spec = getattr(item, "callspec", None)
        if spec is not None and item.get_closest_marker("sweep") and any(spec.indices.values()):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _private_dirs(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """Never touch the real user's cache or saves."""
    base = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("SQUAREGAME_CACHE_DIR", str(base / "cache"))
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(base / "data"))
    monkeypatch.delenv("SQUAREGAME_STORE", raising=False)  # the data folder's classes
    # no compiler left running after a test (test_native_background.py turns it on)
    monkeypatch.setenv("SQUAREGAME_COMPILE_IN_BACKGROUND", "0")
    # a served class's fork server starts without its ~2 s rehearsal (test_serve_fork.py on)
    monkeypatch.setenv("SQUAREGAME_ZYGOTE_REHEARSE", "0")
    # … and imports only what a session's first screen needs (test_serve_fork.py: everything)
    monkeypatch.setenv("SQUAREGAME_ZYGOTE_WARM", "0")
    # English unless a test asks (with no saved language the program follows the locale)
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield
    squaregame.text.set_language("en")  # a test that switched language does not leak it


@pytest.fixture(autouse=True)
def _steady_cursor(monkeypatch: pytest.MonkeyPatch) -> None:
    """A focused text field's cursor stays drawn: it blinks every 0.5 s, so on a busy machine a
    snapshot taken later than that caught it hidden (a CI run failed so). Blinking is a
    terminal nicety, not what the snapshots check."""
    from textual.widgets import Input

    def keep_visible(self: Input) -> None:
        self._cursor_visible = True

    monkeypatch.setattr(Input, "_toggle_cursor", keep_visible)


def _share_parsed_css() -> None:
    """Every app of this test process reuses the CSS another app parsed with the same variables.

    Textual parses a stylesheet's sources again for each new App (its parse cache belongs to
    one Stylesheet and holds 64 sources), and tokenizes the theme's variables again for each
    Stylesheet: measured, a sixth of a Pilot test's CPU. What is parsed is a pure function of
    the CSS text, where it was read from and the variables, all in the key; the rules parsed
    are shared as Textual itself shares them between two parses of one stylesheet. A CSS with
    an error still says so (its rules carry the errors the caller raises on)."""
    from textual.css import stylesheet

    parsed: dict[tuple[Any, ...], Any] = {}
    tokens: dict[tuple[tuple[str, str], ...], Any] = {}
    parse_rules = stylesheet.Stylesheet._parse_rules
    tokenize_values = stylesheet.tokenize_values

    def shared_parse_rules(
        self: Any,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> Any:
        key = (
            css,
            read_from,
            is_default_rules,
            tie_breaker,
            scope,
            *sorted(self._variables.items()),
        )
        rules = parsed.get(key)
        if rules is None:
            rules = parsed[key] = parse_rules(
                self, css, read_from, is_default_rules, tie_breaker, scope
            )
        return rules

    def shared_tokenize_values(values: dict[str, str]) -> Any:
        key = tuple(sorted(values.items()))
        found = tokens.get(key)
        if found is None:
            found = tokens[key] = tokenize_values(values)
        return found

    stylesheet.Stylesheet._parse_rules = shared_parse_rules  # type: ignore[method-assign]
    stylesheet.tokenize_values = shared_tokenize_values


_share_parsed_css()


def _quicker_idle_wait() -> None:
    """Pilot's wait for an idle app, after every key it presses and in ``pause()``, in 5 ms
    slices rather than Textual's 20 ms, and over only once the screen has nothing left to draw.

    Textual sleeps in 20 ms slices until one passes with under 1 ms of the process's CPU
    (threads included); twice per key, so a key waited at least 40 ms, and measured, Pilot
    tests spent as long asleep in those slices as working. A 20 ms slice also let the screen's
    60-a-second update run, so a test read a screen drawn and its after-refresh work done
    (a footer recomposed); a 5 ms one may not, so here a quiet slice ends the wait only when
    the current screen has no layout, repaint, recompose or after-refresh callback pending;
    if it has, its update runs then (as ``pause()`` itself ends) and the wait goes on.
    Idle means no less than before: stopped working, and drawn."""
    from time import monotonic, process_time

    from textual import _wait, app, pilot
    from textual._context import active_app

    slice_, busy = 0.005, 0.005 / 20

    def ended_on_error() -> BaseException | None:
        try:
            return active_app.get()._exception  # type: ignore[no-any-return]
        except LookupError:
            return None

    def screen_pending() -> bool:
        try:
            screen = active_app.get().screen
        except Exception:  # (no app, or no screen yet: nothing of a screen's to wait for)
            return False
        return bool(
            screen._layout_required
            or screen._scroll_required
            or screen._repaint_required
            or screen._recompose_required
            or screen._dirty_widgets
            or screen._callbacks
        )

    async def wait_for_idle(min_sleep: float = slice_, max_sleep: float = 1) -> None:
        error = ended_on_error()
        if error is not None:  # keys pressed into an app that has ended go nowhere: a test
            raise AssertionError("the app ended on an error") from error  # looping on them hung
        start = monotonic()
        while True:
            cpu = process_time()
            await asyncio.sleep(slice_)
            worked = process_time() - cpu
            elapsed = monotonic() - start
            if elapsed >= max_sleep:
                break
            if elapsed > min_sleep and worked < busy:
                if not screen_pending():
                    break
                active_app.get().screen._on_timer_update()  # its update now, as pause() ends

    _wait.wait_for_idle = wait_for_idle
    pilot.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]
    app.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]


_quicker_idle_wait()


@pytest.fixture(scope="session")
def _shared_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("shared-cache")


@pytest.fixture
def shared_cache(_shared_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder kept by every test of this process that asks for it: the native
    kernels are compiled once, not once a test (for tests of what a kernel computes, never
    of how it is compiled or found)."""
    monkeypatch.setenv("SQUAREGAME_CACHE_DIR", str(_shared_cache))
    return _shared_cache


@pytest.fixture
def cache_dir() -> Path:
    return Path(os.environ["SQUAREGAME_CACHE_DIR"])


async def _settled(pilot: Any) -> None:
    """Wait until the app is still: no worker running and no busy screen up. A game that
    opens with a table to load shows the busy screen while a thread prepares it; on a loaded
    machine that can outlast the snapshot's own pause, and a key pressed then went to the busy
    screen (a CI run failed so)."""
    from squaregame.ui.screens.busy import BusyScreen

    still = 0  # rounds in a row with nothing running: what a finished worker sets off is seen
    for _ in range(600):  # polled, not awaited: a worker that fails or is cancelled is still
        await pilot.pause()  # an app at rest (its screen says so), not an error here
        busy = isinstance(pilot.app.screen, BusyScreen)
        still = 0 if busy or any(w.is_running for w in pilot.app.workers) else still + 1
        if still >= 3:
            return
        await asyncio.sleep(0.05 if still == 0 else 0)
    pytest.fail("the app did not settle within 30 s (a worker still running, or a busy screen)")


@pytest.fixture
def snap_compare(snap_compare: Callable[..., bool]) -> Callable[..., bool]:
    """pytest-textual-snapshot's ``snap_compare``, with the app let settle first and after each
    key pressed, however busy the machine (the keys are pressed here, one at a time)."""

    def compare(
        app: Any,
        press: Iterable[str] = (),
        run_before: Callable[[Any], Any] | None = None,
        **kwargs: Any,
    ) -> bool:
        keys = list(press)

        async def before(pilot: Any) -> None:
            await _settled(pilot)
            if run_before is not None:
                result = run_before(pilot)
                if inspect.isawaitable(result):
                    await result
                await _settled(pilot)
            for key in keys:
                await pilot.press(key)
                await _settled(pilot)

        return snap_compare(app, run_before=before, **kwargs)

    return compare
