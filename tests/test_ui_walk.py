"""Every screen and every lesson step, in every language, read off the rendered screen.

For each language of :func:`squaregame.text.languages` one app walks the interface at
100×32 — the menu with and without a saved game; the new-game dialog of every menu entry
with each of its lists opened, its presets and its errors; a game of every kind in the
registry (hints off and on, every side view, the position strip, typed and pasted moves that
are refused, the opponent thinking, undo and redo); the end of a game of each family and its
move review; two players; misère; the busy screen of a long search and its cancellation;
Continue; Settings; Help page by page; the command palette; notifications — and another app
steps through every lesson (quiz answers right and wrong, marks right and wrong, sieve
guesses, every "try it"). A lighter pass does the main screens at 80×24.

On each screen :meth:`Walk.check` records any English word left on a Russian or Spanish
screen (:mod:`text_check`), and in every language any catalog key shown raw
(``ui_game.keys.undo``) or ``{placeholder}`` left unfilled. The problems of a whole walk
are reported together, each with the screen it was seen on.
"""

from __future__ import annotations

import ast
import asyncio
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from build import KINDS, make_spec
from source_trees import parsed_file
from test_ui_lessons import asked
from text_check import TYPED, WORD, english_in, screen_lines
from textual import events
from textual.command import CommandPalette
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select

import squaregame
from squaregame.core.errors import GameError
from squaregame.core.rules import RULES
from squaregame.core.spec import GameSpec
from squaregame.core.types import Outcome
from squaregame.families import GAMES
from squaregame.families.pile.game import PileGame
from squaregame.lessons.model import load_lessons
from squaregame.lessons.steps import FillStep, SieveStep
from squaregame.lessons.strings import lesson_language
from squaregame.play.session import Session
from squaregame.text import Catalog, languages, set_language
from squaregame.text.catalog import i18n_root, load_catalog
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.busy import BusyScreen
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.game_over import GameOverScreen
from squaregame.ui.screens.help import HelpScreen
from squaregame.ui.screens.lesson import LessonScreen
from squaregame.ui.screens.lessons import LessonListScreen
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.screens.move_review import MoveReviewScreen
from squaregame.ui.screens.new_game import NewGameDialog

LANGS = list(languages())
PRESETS = GAMES.family("sums").presets()  # the sums dialog's ready-made games
SIZE = (100, 32)
SMALL = (80, 24)

AREAS = sorted(p.stem for p in (i18n_root() / "en").glob("*.toml"))
# A catalog key shown as it is: "ui_game.keys.undo", "errors.not_a_square", "games.sum".
RAW_KEY = re.compile(
    rf"\b(?:{'|'.join(AREAS)})\.[a-z0-9_-]+"  # a key of any catalog area
    r"|\b[a-z]+(?:_[a-z]+)+\.[a-z_]+\b"  # other key-like words: snake_case.word
    r"|\b[a-z_]+\.[a-z_]+\.[a-z_]+\b"  # word.word.word
)
PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")

# Each language is listed in its own name in Settings ("English" on a Russian screen).
LANGUAGE_NAMES = {Catalog(lang)("ui_settings.language_name") for lang in LANGS}
# The rule names one types in the sum dialog's Rules field ("squares; nim; 1,3,7,8"): the
# field's example and the dialog's errors name them as they must be typed (the parser knows
# no translated names), and the pile rows of a sum read in the language.
RULE_WORDS = {
    word.lower()
    for rule in RULES
    for name in (rule.key, *rule.aliases)
    for word in WORD.findall(name)
}

# Textual's own commands in the command palette (App.get_system_commands): Textual's words,
# not the app's, so they may stay English. Their titles are matched whole, their help lines
# by their beginning (a narrow palette cuts them short). The app's own commands, and the
# palette's search field, are checked like any other text.
TEXTUAL_COMMANDS = {
    "Theme": "Change the current theme",
    "Quit": "Quit the application as soon as possible",
    "Keys": "Show help for the focused widget and a summary of available keys",
    "Minimize": "Minimize the widget and restore to normal size",
    "Maximize": "Maximize the focused widget",
    "Screenshot": "Save an SVG 'screenshot' of the current screen",
}
TEXTUAL_HELP_ALSO = ("Hide the keys and widget help panel",)  # "Keys" while the panel is open

# A start for the kinds the walk plays that the random one does not suit.
STARTS: dict[str, tuple[int, ...]] = {"wythoff": (7, 9), "sum": (5, 7, 10)}
RULES_OF: dict[str, tuple[str, ...]] = {"subtraction": ("1,3,4",)}
FOUR_SQUARES = next(i for i, (name, _) in enumerate(PRESETS) if name.endswith("four_squares"))


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    set_language("en")  # the language is process-wide: leave the next test as it expects


def textual_command_line(line: str) -> bool:
    """A palette row holding one of Textual's own commands (see TEXTUAL_COMMANDS)."""
    text = " ".join(re.sub(r"[^\w' ]", " ", line).split())
    if text in TEXTUAL_COMMANDS:
        return True
    helps = (*TEXTUAL_COMMANDS.values(), *TEXTUAL_HELP_ALSO)
    return len(text) >= 10 and any(h.startswith(text) for h in helps)


class Walk:
    """Goes through the screens of one app and records what is wrong on each."""

    def __init__(self, pilot: Pilot[None], lang: str) -> None:
        self.pilot = pilot
        self.app: SquareGameApp = pilot.app  # type: ignore[assignment]
        self.lang = lang
        self.problems: list[str] = []
        self.visited: list[str] = []
        self.lists_seen: set[str] = set()
        self.thorough = True  # open each list of a dialog (once), try its errors, all Help

    async def check(
        self, where: str, *, palette: bool = False, typed: bool = False, pause: bool = True
    ) -> None:
        """Read the screen as drawn now and record any English, raw key or placeholder.

        ``palette``: Textual's own commands are allowed; ``typed``: rule names as typed."""
        if pause:  # every message handled and the layout brought up to date (no idle wait)
            await self.pilot.pause(0)
        svg = self.app.export_screenshot()
        lines = screen_lines(svg)
        plain = screen_lines(svg, quotations=False)
        if palette:
            plain = ["" if textual_command_line(line) else line for line in plain]
        words = [
            w
            for line in plain
            for w in WORD.findall(TYPED.sub(" ", line))
            if w not in LANGUAGE_NAMES
        ]
        if typed:
            words = [w for w in words if w.lower() not in RULE_WORDS]
        found = []
        english = english_in(words, self.lang)
        if english:
            found.append(f"English words {sorted(set(english))}")
        keys = sorted({m.group(0) for line in lines for m in RAW_KEY.finditer(line)})
        if keys:
            found.append(f"raw keys {keys}")
        holes = sorted({m.group(0) for line in lines for m in PLACEHOLDER.finditer(line)})
        if holes:
            found.append(f"unfilled {holes}")
        self.visited.append(where)
        if found:
            screen = "\n".join(lines)
            self.problems.append(f"{where} [{self.lang}]: {'; '.join(found)}\n{screen}\n")

    def assert_clean(self) -> None:
        report = "\n".join(self.problems)
        assert not self.problems, f"{len(self.problems)} of {len(self.visited)} screens:\n{report}"

    # -- helpers -----------------------------------------------------------------------
    async def press(self, *keys: str) -> None:
        await self.pilot.press(*keys)  # waits until the app is idle again

    async def type_move(self, text: str) -> None:
        """``text`` typed on the game screen, then Enter (as its keys would)."""
        self.game.typing.text = text
        self.game.action_play_selected()
        await self.settle()

    async def settle(self) -> None:
        """Let the opponent's worker finish and what follows its reply be drawn."""
        for _ in range(2):
            await self.app.workers.wait_for_complete()
            await self.pilot.pause(0)

    async def open_game(self, spec: GameSpec, *, hints: bool = False, two: bool = False) -> None:
        spec = spec.with_random_position(random.Random(1))
        game = spec.build(self.app.tables)
        session: Session[Any] = Session(game, spec.start(game), True, two)
        self.app.opener.open_game(session, level="perfect", hints=hints, seed=1)
        await self.pilot.pause()

    @property
    def game(self) -> GameScreen[Any]:
        screen = self.app.screen
        assert isinstance(screen, GameScreen), type(screen).__name__
        return screen


def spec_of(kind: str, start: tuple[int, ...] | None = None, misere: bool = False) -> GameSpec:
    rule = GAMES.kinds.find(kind).param("rule")
    rules = RULES_OF.get(kind, (rule.example,) if rule is not None and rule.count[0] else ())
    return make_spec(kind, rules, misere, start or STARTS.get(kind))


async def send(app: SquareGameApp, key: str) -> None:
    """A key as the terminal sends it, without waiting for idle (a search is running)."""
    app.post_message(events.Key(key, key if len(key) == 1 else None))
    await asyncio.sleep(0.1)


# -- the screens ---------------------------------------------------------------------------


async def walk_lists(w: Walk, where: str, typed: bool = False) -> None:
    """Open each list (Select) of the dialog on top not opened before, one after the other."""
    if not w.thorough:
        return
    for select in w.app.screen.query(Select):
        name = f"{type(w.app.screen).__name__}#{select.id}"
        if name in w.lists_seen:
            continue
        w.lists_seen.add(name)
        select.expanded = True
        await w.pilot.pause()  # the open list takes the focus, and the Footer its keys
        await w.check(f"{where}: list '{select.id}' open", typed=typed)
        select.expanded = False
        await w.pilot.pause()


async def walk_dialog(w: Walk, where: str) -> None:
    """The new-game dialog on top: its lists, and what it says of a start it refuses."""
    dialog = w.app.screen
    assert isinstance(dialog, NewGameDialog), type(dialog).__name__
    sums = bool(dialog.query("#rules")) and dialog.kind.param("rule") is not None
    await w.check(where, typed=sums)
    await walk_lists(w, where, typed=sums)
    if not w.thorough:
        await w.press("escape")
        return
    start = dialog.query_one("#start", Input)
    for text in ("x", ""):
        start.value = text
        await w.press("ctrl+s")
        await w.check(f"{where}: start {text!r} refused", typed=sums)
    if sums:
        start.value = "5 7"
        for rules in ("zz", "squares; nim; nim", "1,x"):
            dialog.query_one("#rules", Input).value = rules
            await w.press("ctrl+s")
            await w.check(f"{where}: rules {rules!r} refused", typed=True)
    await w.press("escape")


async def walk_menu(w: Walk) -> None:
    """Every entry of the menu but Quit (and Continue, walked with the saved game)."""
    app, menu = w.app, w.app.menu
    assert app.screen is menu
    await w.check("menu")
    options = menu.query_one("#menu", OptionList)
    ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
    for index, entry in enumerate(ids):
        if entry in ("quit", "continue"):
            continue
        options.highlighted = index
        await w.press("enter")
        screen = app.screen
        where = f"menu → {entry}"
        if isinstance(screen, NewGameDialog):
            await walk_dialog(w, f"{where}: new-game dialog ({screen.kind.key})")
        elif isinstance(screen, HelpScreen):
            await walk_help(w, where)
        else:
            await w.check(where)
            await walk_lists(w, where)  # Settings
            await w.press("escape")
        assert app.screen is menu, f"{where} did not close"


async def walk_help(w: Walk, where: str) -> None:
    """Help, page by page to its end."""
    box = w.app.screen.query_one("#help-box", VerticalScroll)
    page = 1
    await w.check(f"{where}, page {page}")
    while w.thorough and box.scroll_y < box.max_scroll_y:
        box.scroll_to(y=box.scroll_y + box.size.height - 1, animate=False, immediate=True)
        page += 1
        await w.check(f"{where}, page {page}")
    await w.press("escape")


async def walk_palette(w: Walk, where: str) -> None:
    await w.press("ctrl+p")
    await w.pilot.pause(0.2)  # the commands are gathered asynchronously
    assert isinstance(w.app.screen, CommandPalette)
    await w.check(f"{where}: command palette", palette=True)
    await w.press("pagedown", "pagedown")
    await w.check(f"{where}: command palette, further down", palette=True)
    await w.press("escape")


async def walk_game(w: Walk, kind: str, full: bool) -> None:
    """The game of ``kind`` on screen: hints, its side views, a refused move; if ``full``
    also a move (the opponent thinking), undo and redo."""
    where = f"{kind} game"
    screen = w.game
    await w.check(f"{where}, hints off")
    # The game's keys are its actions (the keys themselves are tested elsewhere; a key
    # pressed through Pilot waits for the app to go idle twice, which adds up).
    screen.action_toggle_hints()
    await w.check(f"{where}, hints on")
    for side in screen.parts.side:
        screen.action_cycle_side()
        await w.check(f"{where}, side view {side.id}")
    if screen.parts.side:
        screen.action_cycle_side()  # back to the history
    if isinstance(screen.session.game, PileGame):
        for n in (2, 3, 5, 6, 7, 999):  # the first amount the rule refuses (999: too many)
            try:
                screen.parse_typed(str(n))
            except GameError:
                await w.type_move(str(n))
                await w.check(f"{where}, typed {n}: refused")
                break
        if full:
            await w.type_move("999")
            await w.check(f"{where}, typed 999: refused")
            screen.post_message(events.Paste("7+2"))
            await w.check(f"{where}, pasted text that is no move")
            screen.action_toggle_strip()  # type: ignore[attr-defined]
            await w.check(f"{where}, position strip off")
            screen.action_toggle_strip()  # type: ignore[attr-defined]
    elif screen.session.game.kind.key == "wythoff":
        screen.action_play_selected()
        await w.check(f"{where}, Enter before choosing a square")
        await w.type_move("1 2")
        await w.check(f"{where}, typed an unreachable square")
        await w.press("m")  # this one by its key
        await w.check(f"{where}, heatmap on")
        screen.action_toggle_heatmap()  # type: ignore[attr-defined]
        screen.action_step("left")  # type: ignore[attr-defined]
        await w.check(f"{where}, a square aimed at (hints on)")
    elif screen.session.game.kind.key == "sum":  # a sum: piles, each with its rule
        screen.action_amount(1)  # type: ignore[attr-defined]
        await w.check(f"{where}, an amount chosen (hints on)")
        await w.type_move("9 1")
        await w.check(f"{where}, typed a pile that is not there")
        await w.type_move("1 99")
        await w.check(f"{where}, typed too many")
    if not full:
        return
    screen.turns.delay = 0.3  # the opponent thinks visibly
    await w.press("enter")
    await w.check(f"{where}, the computer thinking", pause=False)
    await w.settle()
    screen.turns.delay = 0.0
    await w.check(f"{where}, after the computer's reply")
    screen.action_undo()
    await w.check(f"{where}, undo")
    screen.action_redo()
    await w.settle()
    await w.check(f"{where}, redo")


async def play_out(w: Walk, where: str) -> None:
    """Press Enter (the highlighted or first move) until the game is over."""
    for _ in range(40):
        if isinstance(w.app.screen, GameOverScreen):
            return
        screen = w.game
        if screen.session.game.kind.key == "wythoff":
            screen.action_step("left")  # type: ignore[attr-defined]
        elif screen.session.game.kind.key == "sum":
            screen.action_pile(1)  # type: ignore[attr-defined]  # the next may still move
        screen.action_play_selected()
        await w.settle()
    raise AssertionError(f"{where}: the game did not end")


async def walk_game_over(w: Walk, where: str, back: bool = False) -> None:
    two = w.game.session.two_humans
    await play_out(w, where)
    await w.check(f"{where}: game over")
    if two:  # its review is the same table
        await w.press("m")
        return
    await w.press("r")
    assert isinstance(w.app.screen, MoveReviewScreen)
    await w.check(f"{where}: move review")
    await w.press("escape")
    if back:
        await w.check(f"{where}: back from the review")
    await w.press("escape")


async def walk_busy(w: Walk) -> None:
    """The 4×50 squares sum: its search runs behind the busy screen; Esc stops it."""
    app = w.app
    app.new_game("sums")
    for _ in range(300):  # composed (later on a busy machine): its Select drawn
        await w.pilot.pause()
        dialog = app.screen
        if isinstance(dialog, NewGameDialog) and dialog.query("#preset SelectCurrent #label"):
            break
        await asyncio.sleep(0.05)
    assert isinstance(dialog, NewGameDialog)
    dialog.query_one("#preset", Select).value = FOUR_SQUARES
    await w.check("new-game dialog (sum), a preset chosen", typed=True)
    await send(app, "ctrl+s")
    for _ in range(100):  # Ctrl+S reaches the dialog after the focused field (a loaded machine)
        if isinstance(app.screen, BusyScreen):
            break
        await asyncio.sleep(0.05)
    busy = app.screen
    assert isinstance(busy, BusyScreen)
    for _ in range(50):  # it shows itself after a moment (later on a loaded machine)
        await asyncio.sleep(0.1)
        if not busy.has_class("hidden"):
            break
    assert not busy.has_class("hidden") and busy.worker is not None and busy.worker.is_running
    await w.check("busy screen: solving", pause=False)
    await send(app, "x")
    await w.check("busy screen: a key pressed meanwhile", pause=False)
    await send(app, "escape")
    await asyncio.sleep(0.2)
    for _ in range(100):  # the stopped search unwinds first (later on a busy machine)
        start = app.screen.query("#start").results(Input)  # (none before it is composed)
        if isinstance(app.screen, NewGameDialog) and any(f.value for f in start):
            break
        await asyncio.sleep(0.05)
    assert isinstance(app.screen, NewGameDialog)  # as it was answered: a smaller start?
    await w.check("new-game dialog again after a cancel, notification: cancelled", pause=False)
    app.clear_notifications()
    await send(app, "escape")
    for _ in range(100):
        if isinstance(app.screen, MenuScreen):
            break
        await asyncio.sleep(0.05)
    assert isinstance(app.screen, MenuScreen)


async def walk_screens(w: Walk) -> None:
    app, pilot = w.app, w.pilot
    await pilot.pause()
    await w.check("menu, notifications: settings and saved game unreadable")
    app.clear_notifications()
    await walk_menu(w)
    await walk_palette(w, "menu")

    one_pile_done = False
    for kind in KINDS:  # a game of every kind in the registry
        await w.open_game(spec_of(kind.key))
        one_pile = isinstance(w.game.session.game, PileGame)
        await walk_game(w, kind.key, full=not (one_pile and one_pile_done))
        one_pile_done = one_pile_done or one_pile
        if kind.key == "wythoff":
            await walk_palette(w, "Wythoff game")
        await w.press("escape")
        assert app.screen is app.menu
    await w.check("menu with a saved game (Continue)")
    app.menu.query_one("#menu", OptionList).highlighted = 0  # Continue: read in a thread
    await w.press("enter")
    await w.settle()
    assert isinstance(app.screen, GameScreen)
    await w.check("the saved game, continued")
    await w.press("n")
    await w.check("a game: new-game dialog (n)", typed=True)
    await w.press("escape", "escape")

    # the end of a game of each family, and the review of its moves
    for spec in (spec_of("squares", (10,)), spec_of("wythoff", (1, 2)), spec_of("sum", (1, 2))):
        await w.open_game(spec)
        await walk_game_over(w, f"{spec.kind} {spec.position}", back=spec.kind == "squares")
    await w.open_game(spec_of("squares", (4,)))
    await w.type_move("4")  # take all 4: won
    await w.check("squares (4): won")
    await w.press("m")
    await w.open_game(spec_of("squares", (12,), misere=True), hints=True)
    await w.check("misère squares game, hints on")
    await w.press("escape")
    await w.open_game(spec_of("squares", (6,)), hints=True, two=True)
    await w.check("two players: first to move")
    w.game.action_play_selected()
    await w.check("two players: second to move")
    await walk_game_over(w, "two players")

    await walk_busy(w)


def unreadable_files(data: Path) -> None:
    data.mkdir(parents=True, exist_ok=True)
    (data / "settings.json").write_text("{", encoding="utf-8")
    (data / "game.json").write_text("{", encoding="utf-8")


@pytest.mark.slow  # (~60 s a language; the default run walks the main screens in Russian below)
@pytest.mark.parametrize("lang", LANGS)
async def test_every_screen_speaks_the_language(lang: str, tmp_path: Path) -> None:
    unreadable_files(tmp_path)  # two notifications at start-up
    app = SquareGameApp(GAMES, lang=lang, data_dir=tmp_path, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        w = Walk(pilot, lang)
        # English is only read for raw keys and placeholders, which the code's paths (not the
        # catalogs) would leave in every language alike: the dialogs' lists, their errors and
        # Help's further pages are read in Russian and Spanish only, to keep the walk quick.
        w.thorough = lang != "en"
        await walk_screens(w)
    assert len(w.visited) > (60 if lang == "en" else 90)
    w.assert_clean()


# -- the lessons -----------------------------------------------------------------------------


async def walk_step(w: Walk, screen: LessonScreen, where: str) -> None:
    """What the student may do on the step shown: answer, mark, guess, reveal, try."""
    step = screen.step
    if step.kind == "quiz":
        q = asked(screen)
        quiz = screen.query_one("#quiz", OptionList)
        wrong = [(i, "wrong") for i, (_, v) in enumerate(q.choices) if not q.is_right(v)]
        right = [(i, "right") for i, (_, v) in enumerate(q.choices) if q.is_right(v)]
        for i, what in wrong[:1] + right[:1]:
            option = quiz.get_option_at_index(i)
            screen.on_option_list_option_selected(OptionList.OptionSelected(quiz, option, i))
            await w.check(f"{where}: answered {what}")
    elif step.kind == "fill":
        game = step.game()
        for n in range(step.as_kind(FillStep).upto + 1):
            hot = game.info(n).outcome is Outcome.HOT
            if n < 2:  # a wrong mark first: why it is wrong (a cold number, then a hot one)
                screen.action_mark(not hot)
                await w.check(f"{where}: {n} marked wrongly")
            screen.action_mark(hot)
        await w.check(f"{where}: the table filled")
    elif step.kind == "sieve":
        st = screen.state()  # as Space would show them, one by one
        st.shown = max(st.shown, min(len(st.frames), step.as_kind(SieveStep).auto))
        screen.show_step()
        await w.check(f"{where}: shown up to the question")
        guesses = 0
        while (st := screen.state()).shown < len(st.frames):
            upcoming = st.frames[st.shown].new_cold
            if upcoming is None:
                break
            box = screen.query_one("#answer-input", Input)
            if isinstance(upcoming, tuple):  # two piles: the corner first (wrong), then right
                guess = " ".join(map(str, upcoming)) if guesses else "0 0"
            else:
                guess = str(upcoming + (1 if guesses == 0 else 0))  # first wrong, then right
            screen.on_input_submitted(Input.Submitted(box, guess))
            if guesses < 2:
                await w.check(f"{where}: guess {guesses + 1}")
            guesses += 1
        await w.check(f"{where}: the sieve finished")
    elif step.kind in ("worked", "board", "sample", "digits"):
        st = screen.state()  # as Space would show them, one by one
        st.shown = len(st.frames if step.kind == "board" else st.lines)
        screen.show_step()
        await w.check(f"{where}: shown in full")
    elif step.kind == "try":
        screen.action_try_it()
        for _ in range(200):  # a game that takes a moment to start shows the busy screen first
            await w.pilot.pause()
            if isinstance(w.app.screen, GameScreen):
                break
            await asyncio.sleep(0.05)
        assert isinstance(w.app.screen, GameScreen)
        await w.check(f"{where}: the try-it game")
        w.game.action_menu()
        await w.pilot.pause(0)
        assert w.app.screen is screen
    for box_id in ("#lesson-text-box", "#lesson-panel"):
        box = screen.query_one(box_id, VerticalScroll)
        if box.display and box.max_scroll_y > 0:
            box.scroll_end(animate=False, immediate=True)
            await w.check(f"{where}: {box_id} scrolled to the end")
            box.scroll_home(animate=False, immediate=True)


async def walk_lesson(w: Walk, number: int) -> None:
    """Lesson ``number`` from the list: every step, with what the student may do on each."""
    listing = w.app.screen
    assert isinstance(listing, LessonListScreen)
    listing.query_one("#lesson-list", OptionList).highlighted = number - 1
    await w.press("enter")
    screen = w.app.screen
    assert isinstance(screen, LessonScreen)
    last = len(screen.lesson.steps) - 1
    for index in range(last + 1):
        assert screen.index == index
        where = f"lesson {screen.lesson.id}, step {index + 1} ({screen.step.kind})"
        if not w.thorough or screen.step.kind not in ("quiz", "fill"):  # read once answered
            await w.check(where)
        if w.thorough:
            await walk_step(w, screen, where)
        if index < last:
            screen.action_step(1)
    await w.press("escape")


@pytest.mark.slow  # (every lesson's steps: the slow run; test_ui_lessons steps through each)
@pytest.mark.parametrize("lang", LANGS)
async def test_every_lesson_step_speaks_the_language(lang: str, tmp_path: Path) -> None:
    app = SquareGameApp(GAMES, lang=lang, data_dir=tmp_path, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        w = Walk(pilot, lang)
        w.thorough = lang != "en"  # English: each step as it opens (see the screens' walk)
        await pilot.pause()
        app.action_lessons()
        await w.check("lesson list")
        for lesson in load_lessons(GAMES, lesson_language(lang)):
            await walk_lesson(w, lesson.number)
        await w.check("lesson list, the lessons visited")
    assert len(w.visited) >= (60 if lang == "en" else 90)
    w.assert_clean()


# -- 80×24 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(  # Russian in the default run; Spanish marked slow
    "lang",
    [
        lang if lang == "ru" else pytest.param(lang, marks=pytest.mark.slow)
        for lang in LANGS
        if lang != "en"
    ],
)
async def test_the_main_screens_at_80_columns(lang: str, tmp_path: Path) -> None:
    """The menu and what it opens, a game of each family with hints and its side views, and
    a lesson, at 80×24 (texts the narrower screen cuts short would show here). English is
    drawn for 80 columns in the first place (tests/test_snapshots.py)."""
    app = SquareGameApp(GAMES, lang=lang, data_dir=tmp_path, ai_delay=0)
    async with app.run_test(size=SMALL) as pilot:
        w = Walk(pilot, lang)
        await pilot.pause()
        w.thorough = False  # lists, errors and Help's pages: at 100×32
        await walk_menu(w)
        for kind in ("squares", "wythoff", "sum"):
            await w.open_game(spec_of(kind), hints=True)
            await w.check(f"{kind} game, hints on")
            for side in w.game.parts.side:
                await w.press("v")
                await w.check(f"{kind} game, side view {side.id}")
            await w.press("escape")
        app.action_lessons()
        await pilot.pause()
        await walk_lesson(w, 1)
    w.assert_clean()


# -- the source ---------------------------------------------------------------------------------

KEY = re.compile(rf"^(?:{'|'.join(AREAS)})\.[a-z0-9_.-]+$")


def source_files() -> list[Path]:
    return sorted(Path(squaregame.__file__).parent.rglob("*.py"))


def literal_keys(tree: ast.AST) -> tuple[list[str], list[str]]:
    """The literal keys given to ``tr(…)``, and every other string constant that is a whole
    catalog key (not docstrings, not the pieces of f-strings)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            skip.update(id(v) for v in node.values)
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skip.add(id(node.value))  # a docstring
    tr_keys = [
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "tr"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ]
    others = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skip
        and KEY.match(node.value)
    ]
    return tr_keys, others


def test_every_tr_literal_key_is_in_the_english_catalog() -> None:
    """``tr("…")`` with a literal key (f-string keys are left to the walk), and every other
    string literal that is a whole catalog key (binding descriptions, error keys, presets):
    each is in the English catalog (or, used as a prefix, begins some of its keys)."""
    english = load_catalog("en")
    prefixes = {k.rsplit(".", i)[0] for k in english for i in range(1, k.count(".") + 1)}
    missing = []
    used = 0
    for path in source_files():
        tr_keys, others = literal_keys(parsed_file(path))
        used += len(tr_keys)
        missing += [f"{path.name}: tr({key!r})" for key in tr_keys if key not in english]
        missing += [
            f"{path.name}: {key!r}" for key in others if key not in english and key not in prefixes
        ]
    assert used > 100
    assert not missing, "\n".join(sorted(set(missing)))
