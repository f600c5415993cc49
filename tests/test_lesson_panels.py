"""Lesson steps bring their own panels: the lesson screen draws each step with the panel the
registry it is handed gives for what the step shows — the generic panels, and those a
family brings through ``Family.lesson_panels`` — and never switches on a step's kind."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from source_trees import parsed, parsed_file
from textual.widgets import Static

import squaregame
from squaregame.core.spec import GameSpec
from squaregame.families import FAMILIES, GAMES
from squaregame.families.base import Games
from squaregame.families.pile import PileFamily
from squaregame.families.sums.lesson_panels import GridSieveStepPanel
from squaregame.families.wythoff.lesson_panels import BoardStepPanel
from squaregame.lessons.model import Step
from squaregame.lessons.steps import SPECS, TextStep
from squaregame.text import tr
from squaregame.ui.app import SquareGameApp
from squaregame.ui.lesson.generic import GENERIC
from squaregame.ui.lesson.panel import LessonPanel, LessonPanels
from squaregame.ui.lesson.reading import LinesStepPanel
from squaregame.ui.lesson.sieve import SieveStepPanel
from squaregame.ui.screens.lesson import LessonScreen

PACKAGE = Path(squaregame.__file__).parent
SHOWN = {cls.shows for cls in (*SPECS.values(), *GAMES.lesson_steps())}  # every display kind


class OwnLines(LessonPanel):
    """A family's own panel for lines: a part of its own, saying whose it is."""

    parts = (("own-lines", Static),)

    def show(self) -> None:
        part = self.host.query_one("#own-lines", Static)
        part.update(f"the family's own panel: {self.step.kind}")
        part.display = True

    def enabled(self, action: str) -> bool | None:
        return action == "reveal"


class OwnPanels(PileFamily):
    """The pile family, drawing the lines of its games' steps its own way."""

    def lesson_panels(self) -> dict[str, type[LessonPanel]]:
        return {"lines": OwnLines}


async def test_a_familys_own_panel_draws_the_steps_about_its_games(tmp_path: Path) -> None:
    families = tuple(OwnPanels() if isinstance(f, PileFamily) else f for f in FAMILIES)
    app = SquareGameApp(Games(families), ai_delay=0, lesson="why-22", data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await pilot.press("n")  # every move from 22: lines, about a pile game
        await pilot.pause()
        assert screen.step.spec.shows == "lines" and isinstance(screen.panel(), OwnLines)
        own = screen.query_one("#own-lines", Static)
        assert own.display and "the family's own panel: explain" in str(own.render())
        assert not screen.query_one("#reveal").display  # the generic panel's part: unused
        assert screen.check_action("reveal", ()) is True  # its keys are the panel's


async def test_the_families_panels_draw_their_steps(tmp_path: Path) -> None:
    """The sieve of one pile is the generic one; of two piles, the sums family's grid;
    Wythoff's board, Wythoff's panel."""
    app = SquareGameApp(GAMES, ai_delay=0, lesson="subtraction", data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        panels = []
        for _ in range(2):
            await pilot.press("n")
            await pilot.pause()
            panels.append(type(screen.panel()))
        assert [screen.lesson.steps[i].kind for i in (1, 2)] == ["sieve", "sieve"]
        assert panels == [SieveStepPanel, GridSieveStepPanel]
        for _ in range(screen.lesson.steps[2].params["auto"]):
            await pilot.press("space")
        await pilot.pause()
        asked = str(screen.query_one("#input-prompt", Static).render())
        assert asked == tr("ui_lessons.lesson.sieve_ask_pair")  # a square: two piles
        rows = str(screen.query_one("#sieve", Static).render()).splitlines()
        assert rows[0].split()[0] == "9" and rows[9].split()[0] == "0"  # pile 2 up
        assert rows[10].split() == [str(x) for x in range(10)]  # pile 1 across
    registry = LessonPanels(GENERIC, GAMES.lesson_panels())
    assert BoardStepPanel in registry.classes()
    assert registry.shared["board"] is BoardStepPanel


def test_a_step_finds_its_familys_panel_before_the_generic_one() -> None:
    squares, wythoff = GAMES.kinds.find("squares"), GAMES.kinds.find("wythoff")
    registry = LessonPanels(GENERIC, {squares.key: {"lines": OwnLines, "own": OwnLines}})
    about = {k: Step(TextStep(), GameSpec(k)) for k in (squares, wythoff)}
    Lines = type("Lines", (TextStep,), {"shows": "lines"})
    lines = {k: Step(Lines(), about[k].game_spec) for k in about}
    assert registry.panel(lines[squares]) is OwnLines  # its family's
    assert registry.panel(lines[wythoff]) is LinesStepPanel  # another family's game: generic
    assert registry.panel(Step(Lines())) is LinesStepPanel  # no game: generic
    Own = type("Own", (TextStep,), {"shows": "own"})
    assert registry.panel(Step(Own())) is OwnLines  # what only a family shows: its panel
    assert registry.classes()[: len(GENERIC)] == tuple(dict.fromkeys(GENERIC.values()))
    assert registry.parts()["own-lines"] is Static and "reveal" in registry.parts()


def _offences(text: str) -> list[str]:
    """Where the module ``text`` tells steps apart by what they show or by their kind."""
    found = []
    for node in ast.walk(parsed(text)):
        if isinstance(node, ast.Constant) and node.value in SHOWN:
            found.append(f"line {node.lineno}: the display kind {node.value!r}")
        if isinstance(node, ast.Attribute) and node.attr in ("shows", "kind", "as_kind"):
            found.append(f"line {node.lineno}: .{node.attr}")
        if isinstance(node, ast.ImportFrom) and node.module == "squaregame.lessons.steps":
            found.append(f"line {node.lineno}: imports the step kinds")
    return found


def test_the_lesson_screen_never_switches_on_a_steps_kind() -> None:
    """Its panel says everything about a step: the screen neither compares what a step
    shows (nor its kind) with anything nor names a step kind."""
    screens = [PACKAGE / "ui" / "screens" / name for name in ("lesson.py", "lesson_tasks.py")]
    found = {p.name: hits for p in screens if (hits := _offences(p.read_text("utf-8")))}
    assert not found, found


def test_the_check_finds_a_switch() -> None:
    probe = (
        "from squaregame.lessons.steps import SieveStep\n"
        "def f(self):\n"
        "    if self.step.spec.shows in {'sieve', 'board'}: pass\n"
        "    return self.step.kind == 'quiz'\n"
    )
    assert len(_offences(probe)) == 6, _offences(probe)


def test_no_shared_panel_lays_out_by_the_games_shape() -> None:
    """The two-pile sieve is the sums family's: no shared panel asks a game its shape."""
    shared = [*(PACKAGE / "ui" / "lesson").glob("*.py"), PACKAGE / "ui/widgets/lesson_panels.py"]
    for path in shared:
        names: set[Any] = {
            n.attr for n in ast.walk(parsed_file(path)) if isinstance(n, ast.Attribute)
        }
        assert "dimensions" not in names, path


def test_a_step_no_panel_shows_is_refused_by_name() -> None:
    Odd = type("Odd", (TextStep,), {"shows": "odd"})
    with pytest.raises(LookupError, match="no lesson panel shows 'odd'"):
        LessonPanels(GENERIC).panel(Step(Odd()))
