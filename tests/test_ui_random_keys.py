"""Random keys over every family alone, every ordered pair of part families in a sum, the
projector of each, and rows of 10^5 to 10^9 tokens: no key crashes the app (issue 41).

A seeded run of :data:`TOTAL` keys in all (the slow run), shared among the scenes; a crash
inside the app fails the scene that met it, naming the seed, the scene and the keys so far.
The crashes issue 41 reported each have a test of their own (``test_ui_parts_drawn.py``,
``test_ui_long_rows.py``); this one looks for those nobody has met yet.
"""

from __future__ import annotations

import random
from itertools import product
from typing import Any

import pytest
from textual import events
from textual.keys import _character_to_key
from textual.pilot import Pilot

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.start import StartRequest

pytestmark = pytest.mark.slow

SEED = 41
TOTAL = int(__import__("os").environ.get("RANDOM_KEYS", "20000"))
PARTS = {"pile": "squares:9", "wythoff": "wythoff:4,6", "octal": "kayles:6"}


def _sum(text: str, **kw: Any) -> StartRequest:
    rules, values = GAMES.kinds.read_parts("sum", [text])
    spec = GAMES.kinds.spec("sum", rules, False, values)
    return StartRequest(game="sum", start=spec.position, rules=spec.rules, **kw)


def _octal(start: tuple[int, ...], code: str, **kw: Any) -> StartRequest:
    rule = GAMES.kinds.find("octal").read_rule(code)
    return StartRequest(game="octal", start=start, rules=(rule,), **kw)


ALONE = {
    "squares": StartRequest(game="squares", start=40, hints=True),
    "wythoff": StartRequest(game="wythoff", start=(7, 9)),
    "sum": StartRequest(game="sum", start=(5, 7, 10), hints=True),
    "kayles": StartRequest(game="kayles", start=(7, 4)),
}
SCENES: dict[str, StartRequest] = {
    **ALONE,
    **{f"sum-{a}-{b}": _sum(f"{PARTS[a]} {PARTS[b]}") for a, b in product(PARTS, repeat=2)},
    **{
        f"projector-{name}": StartRequest(**{**req.__dict__, "players": "class"})
        for name, req in {**ALONE, "parts": _sum("squares:9 wythoff:4,6 kayles:6")}.items()
    },
    "kayles-1e5": StartRequest(game="kayles", start=(100_000,)),
    "dawsons-1e6": StartRequest(game="dawsons-kayles", start=(1_000_000,)),
    "octal-1e9": _octal((10**9,), "0.07"),
}
KEYS = (
    ["up", "down", "left", "right", "enter"] * 6
    + list("0123456789") + [" ", ",", "backspace"] * 2
    + ["h", "u", "r", "v", "w", "m", "s", "c", "p", "x", "question_mark", "escape", "tab"]
    + ["n"]  # the new-game dialog, typed into at random too
)  # fmt: skip
STARTS = ("p",)  # a projector scene opens it first


BATCH = 10  # keys typed in a burst between two looks at the app (a quick typist)


async def burst(pilot: Pilot[None], keys: list[str]) -> None:
    """``keys`` sent as the terminal sends them, one after the other without waiting (as
    Pilot's ``press`` does, but for its wait after each key), then the app let settle."""
    app = pilot.app
    driver = app._driver
    assert driver is not None
    for key in keys:
        name = _character_to_key(key) if len(key) == 1 and not key.isalnum() else key
        char = key if len(key) == 1 else " " if name == "space" else None
        event = events.Key(name, char)
        event.set_sender(app)
        driver.send_message(event)
    await pilot.pause()


@pytest.mark.parametrize("scene", list(SCENES))
async def test_random_keys_never_crash(scene: str) -> None:
    """A scene's keys, in batches; where the keys leave the app (Quit, chosen from the
    menu), it starts again with the keys left."""
    rng = random.Random(f"{SEED}-{scene}")
    req = SCENES[scene]
    count = TOTAL // len(SCENES)
    keys = [rng.choice(KEYS) for _ in range(count)]
    pressed: list[str] = []
    while keys:
        app = SquareGameApp(GAMES, StartRequest(**{**req.__dict__, "seed": 1}), ai_delay=0)
        async with app.run_test(size=rng.choice([(60, 20), (80, 24), (140, 45)])) as pilot:
            await pilot.pause()
            if scene.startswith("projector"):
                await pilot.press(*STARTS)
            while keys and app.is_running:
                batch, keys = keys[:BATCH], keys[BATCH:]
                pressed += batch
                await burst(pilot, batch)
                where = f"seed {SEED}, {scene}, after {pressed[-40:]}"
                assert app._exception is None, where
    assert len(pressed) == count
