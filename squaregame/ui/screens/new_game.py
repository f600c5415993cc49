"""The new-game dialog: start position (typed or random), who starts, normal or misère,
opponent strength, hints. One dialog for every game; what a start looks like depends on it."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Select, Static

from squaregame import paths
from squaregame.core.ai import LEVELS
from squaregame.core.games import MAX_PILES, Game, PileGame, SumGame, WythoffGame
from squaregame.core.rules import SQUARES, Rule, parse_rule
from squaregame.core.types import GameError, RuleError
from squaregame.play.settings import Settings
from squaregame.text import error_text
from squaregame.ui.widgets.form import form_row

FIRST = [("You", True), ("Computer", False)]
VARIANTS = [("Normal — the last move wins", False), ("Misère — the last move loses", True)]
ON_OFF = [("on", True), ("off", False)]
PLAYERS = [
    ("You against the computer", "solo"),
    ("Class against the computer — hints for all", "class"),
    ("Two players or two teams — hints for all", "teams"),
]
RANDOM_RANGES = [("1 – 30", 30), ("1 – 100", 100), ("1 – 1,000", 1000), ("1 – 1,000,000", 10**6)]


@dataclass(frozen=True)
class GameSetup:
    kind: str  # "squares", "wythoff" or "sum"
    start: Any
    human_first: bool
    misere: bool
    level: str
    hints: bool
    rules: tuple[Rule, ...] = ()  # for sums: one rule per pile
    two_humans: bool = False  # two players (or two teams of a class) at one screen


PRESETS = [
    ("Three squares piles 5, 7, 10", ("5 7 10", "squares")),
    ("15 with {1,3,7,8} + 15 with {1,2,3,4}", ("15 15", "1,3,7,8; 1,2,3,4")),
    ("Nim 3, 5, 7", ("3 5 7", "nim")),
    ("Squares 20, 30 + Nim 12", ("20 30 12", "squares; squares; nim")),
    ("Four squares piles up to 50", ("50 47 44 41", "squares")),
    ("{2,5,7} piles 30 and 40", ("30 40", "2,5,7")),
]


def parse_sum(
    piles_text: str, rules_text: str, misere: bool
) -> tuple[tuple[Rule, ...], tuple[int, ...]]:
    """Piles such as '5 7 10' and rules such as 'squares' or '1,3,7,8; 1,2,3,4'."""
    parts = piles_text.replace(",", " ").split()
    if not parts:
        raise GameError("Type the pile sizes, e.g. 5 7 10.")
    if len(parts) > MAX_PILES:
        raise GameError(f"A sum has at most {MAX_PILES} piles.")
    piles = _numbers(piles_text.replace(",", " "), len(parts))
    texts = [t for t in (rules_text or "squares").split(";")]
    if len(texts) not in (1, len(piles)):
        raise GameError(
            f"Give one rule for all piles, or one per pile ({len(piles)}), separated by ';'."
        )
    try:
        rules = [parse_rule(t) for t in texts]
    except RuleError as exc:
        raise GameError(f"Rule: {error_text(exc)}.") from None
    chosen = tuple(rules * len(piles) if len(rules) == 1 else rules)
    pos = SumGame(chosen, misere).parse_position(piles)
    return chosen, pos


def game_for_setup(setup: GameSetup) -> Game[Any]:
    if setup.kind == "sum":
        return SumGame(setup.rules, setup.misere)
    if setup.kind == "wythoff":
        return WythoffGame(setup.misere)
    return PileGame(SQUARES, setup.misere)


def _numbers(text: str, count: int) -> list[int]:
    cleaned = text.strip().replace("(", " ").replace(")", " ").replace(",", " ")
    parts = cleaned.split()
    what = "a start number" if count == 1 else "two numbers, x and y (e.g. 7 9)"
    if not parts:
        raise GameError(f"Type {what}, or press Random.")
    if len(parts) != count:
        raise GameError(f"Type {what}.")
    for p in parts:
        if not (p.isascii() and p.isdigit()):
            raise GameError(f"'{p[:20]}' is not a whole number.")
        if len(p) > 12:
            raise GameError("That number is too large.")
    return [int(p) for p in parts]


def parse_start(kind: str, text: str, misere: bool) -> Any:
    """The start position from the dialog's field; a GameError names what is wrong."""
    if kind == "wythoff":
        return WythoffGame(misere).parse_position(_numbers(text, 2))
    t = text.strip().replace(",", "").replace("_", "")
    return PileGame(SQUARES, misere).parse_position(_numbers(t, 1))


def random_start(kind: str, top: int, rng: random.Random, piles: int = 3) -> str:
    if kind == "sum":
        return " ".join(str(rng.randint(1, min(top, 30))) for _ in range(piles))
    if kind == "wythoff":
        top = min(top, 1000)
        return f"{rng.randint(1, top)} {rng.randint(1, top)}"
    return str(rng.randint(1, top))


class NewGameDialog(ModalScreen[GameSetup | None]):
    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+r", "random", "Random start"),
        Binding("ctrl+s", "start", "Start", priority=True),
    ]

    TITLES: ClassVar[dict[str, tuple[str, str, str]]] = {
        "squares": ("New game of Squares", "Start number", "e.g. 75"),
        "wythoff": ("New game of Wythoff's queen", "Start x y", "e.g. 7 9"),
        "sum": ("New sum of piles", "Piles", "e.g. 5 7 10"),
    }

    def __init__(self, settings: Settings, kind: str = "squares") -> None:
        super().__init__()
        self.settings = settings
        self.kind = kind

    def compose(self) -> ComposeResult:
        s = self.settings
        with Vertical(id="dialog", classes="dense" if self.kind == "sum" else ""):
            title, label, example = self.TITLES[self.kind]
            yield Static(f"[b]{title}[/b]", id="dialog-title")
            if self.kind == "sum":
                yield form_row(
                    "Preset",
                    Select(
                        [(name, i) for i, (name, _) in enumerate(PRESETS)],
                        prompt="choose, or type your own below",
                        id="preset",
                        compact=True,
                    ),
                )
            yield form_row(
                label, Input(placeholder=example, id="start", max_length=30, compact=True)
            )
            if self.kind == "sum":
                yield form_row(
                    "Rules",
                    Input(
                        placeholder="squares · nim · 1,3,7,8 — one, or one per pile split by ;",
                        id="rules",
                        max_length=200,
                        compact=True,
                    ),
                )
            yield form_row(
                "Random in",
                Select(RANDOM_RANGES, value=100, allow_blank=False, id="range", compact=True),
                Button("Random", id="random", compact=True),
            )
            yield form_row(
                "First move",
                Select(FIRST, value=s.human_first, allow_blank=False, id="first", compact=True),
            )
            yield form_row(
                "Play",
                Select(VARIANTS, value=s.misere, allow_blank=False, id="variant", compact=True),
            )
            yield form_row(
                "Opponent",
                Select(
                    [(f"{lv.name} — {lv.blurb}", lv.key) for lv in LEVELS.values()],
                    value=s.level,
                    allow_blank=False,
                    id="level",
                    compact=True,
                ),
            )
            yield form_row(
                "Players",
                Select(PLAYERS, value="solo", allow_blank=False, id="players", compact=True),
            )
            yield form_row(
                "Hints",
                Select(ON_OFF, value=s.hints, allow_blank=False, id="hints", compact=True),
            )
            yield Static("", id="dialog-error")
            with Horizontal(classes="buttons"):
                yield Button("Start", variant="primary", id="go", compact=True)
                yield Button("Cancel", id="cancel", compact=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#start", Input).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "preset" and isinstance(event.value, int):
            piles, rules = PRESETS[event.value][1]
            self.query_one("#start", Input).value = piles
            self.query_one("#rules", Input).value = rules

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_random(self) -> None:
        hi = self.query_one("#range", Select).value
        top = hi if isinstance(hi, int) else 100
        count = len(self.query_one("#start", Input).value.split()) or 3
        self.query_one("#start", Input).value = random_start(
            self.kind, top, random.Random(), min(count, MAX_PILES)
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "random":
            self.action_random()
        elif event.button.id == "go":
            self.action_start()
        else:
            self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_start(self) -> None:
        misere = self.query_one("#variant", Select).value is True
        rules: tuple[Rule, ...] = ()
        try:
            if self.kind == "sum":
                rules_text = self.query_one("#rules", Input).value
                rules, start = parse_sum(self.query_one("#start", Input).value, rules_text, misere)
            else:
                start = parse_start(self.kind, self.query_one("#start", Input).value, misere)
        except GameError as exc:
            self.query_one("#dialog-error", Static).update(f"✗ {exc}")
            self.query_one("#start", Input).focus()
            return
        level = self.query_one("#level", Select).value
        players = self.query_one("#players", Select).value
        self.dismiss(
            GameSetup(
                kind=self.kind,
                start=start,
                human_first=self.query_one("#first", Select).value is not False,
                misere=misere,
                level=level if isinstance(level, str) else "perfect",
                hints=self.query_one("#hints", Select).value is True or players != "solo",
                rules=rules,
                two_humans=players == "teams",
            )
        )
