"""Under NO_COLOR every list tells its chosen line by shape, not by the highlight's colour
(issue 43): the menu, the lesson list, a lesson's quiz and a challenge's checklist mark the
highlighted line ``▶`` and no other line; the marks of state (☑/☐ ticked, ✗ ruled out) stay
on their lines. These tests read the text the lists draw, not their colours."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.geometry import Region
from textual.widget import Widget

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.widgets.pointed import PointedList


@pytest.fixture(autouse=True)
def _no_colour(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NO_COLOR", "1")  # (read, and dropped, by each app as it is made)
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SQUAREGAME_CACHE_DIR", str(tmp_path / "cache"))


def drawn(widget: Widget) -> list[str]:
    """The lines the widget draws (its frame too), as text."""
    return [strip.text for strip in widget.render_lines(Region(0, 0, *widget.size))]


def pointed(widget: Widget) -> list[str]:
    """The drawn lines marked ▶, the mark and the frame taken off."""
    return [line.strip("│▏▕┃ ").removeprefix("▶ ") for line in drawn(widget) if "▶ " in line]


@pytest.mark.parametrize("size", [(80, 24), (140, 45)])  # (airy: a blank row above each)
async def test_the_menu_points_at_its_highlighted_line_only(size: tuple[int, int]) -> None:
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert app.no_color
        menu = app.screen.query_one("#menu", PointedList)
        first, second = (str(menu.get_option_at_index(i).prompt).strip() for i in (0, 1))
        assert pointed(menu) == [first]
        await pilot.press("down")
        await pilot.pause()
        assert pointed(menu) == [second]
        assert sum(first in line for line in drawn(menu)) == 1  # still drawn, unmarked


async def test_the_lesson_list_points_at_its_highlighted_lesson() -> None:
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu", PointedList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        menu.highlighted = ids.index("lessons")
        await pilot.press("enter")
        await pilot.pause()
        lessons = app.screen.query_one("#lesson-list", PointedList)
        await pilot.press("down", "down")
        await pilot.pause()
        assert lessons.highlighted == 2
        wanted = str(lessons.get_option_at_index(2).prompt).splitlines()[0].strip()
        marked = pointed(lessons)
        assert len(marked) == 1 and marked[0].startswith(wanted), (marked, wanted)


async def test_a_quiz_points_at_its_choice_and_keeps_a_wrong_one_crossed() -> None:
    from squaregame.ui.lesson.exercise import QuizStepPanel
    from squaregame.ui.screens.lesson import LessonScreen

    app = SquareGameApp(GAMES, ai_delay=0, lesson="winning-move", lesson_seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        while screen.step.kind != "quiz":
            await pilot.press("n")
            await pilot.pause()
        panel = screen.panel()
        assert isinstance(panel, QuizStepPanel)
        quiz = screen.query_one("#quiz", PointedList)
        choices = panel.item().choices
        wrong = next(i for i, (_, v) in enumerate(choices) if not panel.item().is_right(v))
        quiz.highlighted = wrong
        await pilot.pause()
        assert [line.strip() for line in pointed(quiz)] == [choices[wrong][0]]
        await pilot.press("enter")  # a wrong answer: ruled out, crossed
        await pilot.pause()
        crossed = [line for line in drawn(quiz) if "✗" in line]
        assert len(crossed) == 1 and choices[wrong][0] in crossed[0]
        assert "▶" not in crossed[0]  # ruled out: never the line pointed at
        await pilot.press("down")
        await pilot.pause()
        assert len(pointed(quiz)) == 1 and "✗" not in pointed(quiz)[0]


async def test_a_checklist_points_at_one_line_and_ticks_by_shape() -> None:
    from squaregame.classroom import challenges
    from squaregame.ui.screens.challenge import ChallengeScreen

    class Link:  # (no class: the app is handed the challenge as the link would)
        def record(self, kind: str, data: dict[str, object]) -> None: ...
        def listen(self, offered: object) -> None: ...
        def close(self) -> None: ...

    offer = challenges.offer(3, challenges.make("wythoff", [7, 9], ask="moves"))
    app = SquareGameApp(GAMES, ai_delay=0, link=Link())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.challenges.offered(offer)
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, ChallengeScreen)
        await pilot.press("down", "space", "down")
        await pilot.pause()
        checklist = app.screen.query_one("#challenge-moves", PointedList)
        lines = checklist.lines  # type: ignore[attr-defined]
        assert pointed(checklist) == [f"☐ {lines[2]}"]  # the highlighted line, unticked
        ticked = [line for line in drawn(checklist) if "☑" in line]
        assert len(ticked) == 1 and lines[1] in ticked[0] and "▶" not in ticked[0]


async def test_a_dialog_points_at_the_row_of_its_focused_field() -> None:
    from textual.widgets import Select
    from ui_helpers import new_game_dialog

    from squaregame.ui.widgets.form import RowLabel

    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await new_game_dialog(pilot, "kayles")
        await pilot.pause()
        focused = dialog.query(Select).first()  # (a field without a cursor of its own)
        focused.focus()
        await pilot.pause()
        labels = list(dialog.query(RowLabel))
        marked = [str(label.render()) for label in labels if "▶" in str(label.render())]
        row = next(label for label in labels if label.parent in focused.ancestors)
        assert marked == [f"▶ {row.words}"]
        while app.focused is not None and row.parent in app.focused.ancestors:
            await pilot.press("tab")  # (past the row's own buttons, to the next row)
            await pilot.pause()
        assert str(row.render()) == f"  {row.words}"  # moved on with the focus
        now = [label for label in labels if "▶" in str(label.render())]
        assert app.focused is not None and [x.parent for x in now] == [
            a for a in app.focused.ancestors if a in {x.parent for x in labels}
        ]


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])  # small cells, large framed cells
async def test_the_table_to_fill_points_at_its_cursor(size: tuple[int, int]) -> None:
    import re

    from squaregame.ui.widgets.lesson_panels import FillPanel

    app = SquareGameApp(GAMES, ai_delay=0, lesson="hot-cold")
    async with app.run_test(size=size) as pilot:
        await pilot.press("n")
        await pilot.pause()
        panel = app.screen.query_one(FillPanel)
        for key in ("c", "h"):  # 0 cold, 1 hot
            text = str(panel.render())
            assert text.count("▶") == 1, text
            found = re.search(r"▶\s*(\d+)", text)
            assert found is not None and int(found[1]) == panel.cursor
            await pilot.press(key)  # marked: the cursor moves on, and its ▶ with it
            await pilot.pause()
        assert panel.cursor == 2


async def test_the_review_points_at_the_row_of_its_cursor() -> None:
    from textual.widgets import DataTable
    from ui_helpers import settle

    from squaregame.ui.screens.move_review import MoveReviewScreen
    from squaregame.ui.start import StartRequest

    app = SquareGameApp(GAMES, StartRequest(start=30, hints=True, seed=1), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(2):
            await pilot.press("enter")
            await settle(pilot)
        app.push_screen(MoveReviewScreen(app.screen.session))  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.row_count >= 3

        def numbers() -> list[str]:
            return [str(table.get_row_at(r)[0]) for r in range(table.row_count)]

        assert numbers()[:3] == ["▶1", " 2", " 3"]
        await pilot.press("down", "down")
        await pilot.pause()
        assert numbers()[:3] == [" 1", " 2", "▶3"]


def test_the_sieve_brackets_its_newest_cold_number() -> None:
    from squaregame.lessons.sieve import SieveFrame
    from squaregame.text import tr
    from squaregame.ui.widgets.lesson_panels import sieve_rows

    cold = tr("ui_widgets.strip.cold")
    marks = {0: False, 1: True, 2: False, 3: True, 4: True, 5: False}
    rows = sieve_rows(SieveFrame(marks, "", new_cold=5), 7).plain.splitlines()
    numbers, faces = rows[0], rows[1]
    assert faces.count(f"[{cold}]") == 1 and faces.count(cold) == 3, faces
    end = numbers.index(" 5") + 2  # its bracket closes under the number's last column
    assert faces[end - 4 : end] == f"[{cold}]", (numbers, faces)
    plain = sieve_rows(SieveFrame(marks, "", new_cold=None), 7).plain
    assert "[" not in plain  # none new: no brackets


def test_the_sieve_on_two_piles_brackets_its_newest_cold_pair_in_its_column() -> None:
    from squaregame.families.sums.lesson_panels import GridSieveStepPanel
    from squaregame.lessons.sieve import SieveFrame
    from squaregame.text import tr

    cold = tr("ui_widgets.strip.cold")
    for x in (0, 2):  # the first column (its "[" in the label's space) and another
        marks = {(0, 0): False, (1, 1): False, (2, 2): False, (x, 3): False}
        frame = SieveFrame(marks, "", new_cold=(x, 3))
        lines = GridSieveStepPanel.layout(None, None, frame, 3).plain.splitlines()  # type: ignore[arg-type]
        assert len({len(line) for line in lines[:4]}) == 1, lines  # the columns kept
        row = lines[0]  # y = 3, at the top
        assert row.count(f"[{cold}]") == 1, lines
        assert row.index(cold) == lines[3 - 2].index(cold) - 3 * (2 - x), lines  # its column


async def test_the_why_tree_points_at_its_cursor_node_only() -> None:
    from textual.widgets import Tree
    from ui_helpers import settle

    from squaregame.ui.screens.why import WhyScreen
    from squaregame.ui.start import StartRequest

    app = SquareGameApp(GAMES, StartRequest(start=20, seed=1), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, WhyScreen)
        tree = app.screen.query_one(Tree)
        for _ in range(2):
            await pilot.press("down")
            await pilot.pause()
            node = tree.cursor_node
            assert node is not None and node is not tree.root
            marked = [line for line in drawn(tree) if "▶" in line]
            assert len(marked) == 1, drawn(tree)
            words = marked[0].split("▶", 1)[1].strip(" +-│")
            assert str(node.label).startswith(words.split("  ")[0]), (marked, node.label)
        assert not any("▼" in line for line in drawn(tree))  # opening: + and -, not triangles


async def test_the_key_bar_puts_a_key_not_available_in_parentheses() -> None:
    from squaregame.ui.start import StartRequest
    from squaregame.ui.widgets.key_bar import KeyBar

    app = SquareGameApp(GAMES, StartRequest(start=20, seed=1), ai_delay=0)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        items = bar.items()
        off = [item for item in items if not item.enabled]
        on = [item for item in items if item.enabled]
        assert off and on, items  # (at the start nothing to undo)
        text = "\n".join(drawn(bar))
        for item in off:
            assert f"({item.display} {item.description})" in text, text
        for item in on:
            assert f"{item.display} {item.description}" in text
            assert f"({item.display} {item.description})" not in text
