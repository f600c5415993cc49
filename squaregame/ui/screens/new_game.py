"""The new-game dialog: start position (typed or random), who starts, normal or misère,
opponent strength, hints. One dialog for every game; what a start looks like depends on it.

The dialog only checks what is quick to check (numbers, ranges, rules, the search budget)
and returns at once: a start that needs an exact search or a table built first is prepared
by the application in a worker, with a progress indicator (:mod:`.busy`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Select, Static

from squaregame import paths
from squaregame.core.ai import LEVELS
from squaregame.core.context import Tables
from squaregame.core.games import MAX_PILES, Game
from squaregame.core.kinds import SUM, find_kind
from squaregame.core.rules import Rule
from squaregame.core.spec import GameSpec
from squaregame.core.store import SQUARES_AUTO_LIMIT
from squaregame.core.types import GameError, RuleError
from squaregame.core.wythoff import WYTHOFF_AUTO_LIMIT
from squaregame.play.settings import Settings
from squaregame.play.view import QUICK_BOARD, QUICK_SQUARES
from squaregame.play.wording import level_blurb, level_name
from squaregame.text import error_text, tr
from squaregame.ui.localize import localize_bindings
from squaregame.ui.widgets.form import form_row

ON_OFF = [("on", True), ("off", False)]  # English; the dialog's own are in on_off()
RANDOM_RANGES = [30, 100, 1000, 10**6]
PLAYERS = ["solo", "class", "teams"]


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


PRESETS = [  # (catalog key of the name, (piles, rules))
    ("ui_dialog.presets.three_squares", ("5 7 10", "squares")),
    ("ui_dialog.presets.two_sets", ("15 15", "1,3,7,8; 1,2,3,4")),
    ("ui_dialog.presets.nim", ("3 5 7", "nim")),
    ("ui_dialog.presets.mixed", ("20 30 12", "squares; squares; nim")),
    ("ui_dialog.presets.four_squares", ("50 47 44 41", "squares")),
    ("ui_dialog.presets.set_257", ("30 40", "2,5,7")),
]


def parse_sum(
    piles_text: str, rules_text: str, misere: bool
) -> tuple[tuple[Rule, ...], tuple[int, ...]]:
    """Piles such as '5 7 10' and rules such as 'squares' or '1,3,7,8; 1,2,3,4'."""
    rule_param = SUM.param("rule")
    assert rule_param is not None
    piles = SUM.position_param.parse(piles_text)
    try:
        rules = rule_param.parse(rules_text)  # nothing typed: Squares on every pile
    except RuleError as exc:
        raise GameError("errors.rule_field", error=exc) from None
    try:
        spec = GameSpec(SUM.key, tuple(r.key for r in rules), misere, piles)
    except GameError as exc:
        if exc.key == "errors.sum_rule_count":  # said the dialog's way
            raise GameError("errors.sum_rule_field", **exc.params) from None
        raise
    return spec.rule_objects(), spec.start(spec.build(_app_tables()))


def _app_tables() -> Tables:
    """The running app's tables (these functions are called inside it), else new ones."""
    from textual._context import active_app

    tables = getattr(active_app.get(None), "tables", None)
    return tables if isinstance(tables, Tables) else Tables()


def game_for_setup(setup: GameSetup) -> Game[Any]:
    rules = tuple(r.key for r in setup.rules)
    return GameSpec(setup.kind, rules, setup.misere).build(_app_tables())


def _numbers(text: str, count: int) -> list[int]:
    cleaned = text.strip().replace("(", " ").replace(")", " ").replace(",", " ")
    parts = cleaned.split()
    if not parts:
        raise GameError("ui_dialog.errors.type_one" if count == 1 else "ui_dialog.errors.type_two")
    if len(parts) != count:
        raise GameError("ui_dialog.errors.one" if count == 1 else "ui_dialog.errors.two")
    for p in parts:
        if not (p.isascii() and p.isdigit()):
            raise GameError("ui_dialog.errors.not_whole", text=p[:20])
        if len(p) > 12:
            raise GameError("ui_dialog.errors.too_large")
    return [int(p) for p in parts]


def parse_start(kind: str, text: str, misere: bool) -> Any:
    """The start position from the dialog's field; a GameError names what is wrong."""
    game_kind = find_kind(kind)
    spec = GameSpec(game_kind.key, (), misere, game_kind.position_param.parse(text))
    return spec.start(spec.build(_app_tables()))


def check_start(kind: str, text: str, misere: bool) -> Any:
    """:func:`parse_start`, except that a start whose table is not at hand is not built here
    (the application builds it in a worker); every other check is the same."""
    if kind == "wythoff":
        x, y = _numbers(text, 2)
        if QUICK_BOARD < max(x, y) <= WYTHOFF_AUTO_LIMIT:
            return (x, y)
    else:
        t = text.strip().replace(",", "").replace("_", "")
        (n,) = _numbers(t, 1)
        if QUICK_SQUARES < n <= SQUARES_AUTO_LIMIT:
            return n
    return parse_start(kind, text, misere)


def check_sum(
    piles_text: str, rules_text: str, misere: bool
) -> tuple[tuple[Rule, ...], tuple[int, ...]]:
    """The sum a dialog describes, checked but not solved: a sum needing the exact search is
    solved by the application in a worker."""
    return parse_sum(piles_text, rules_text, misere)  # checks the search budget only


def random_start(kind: str, top: int, rng: random.Random, piles: int = 3) -> str:
    if kind == "sum":
        return " ".join(str(rng.randint(1, min(top, 30))) for _ in range(piles))
    if kind == "wythoff":
        top = min(top, 1000)
        return f"{rng.randint(1, top)} {rng.randint(1, top)}"
    return str(rng.randint(1, top))


def on_off() -> list[tuple[str, bool]]:
    return [(tr("ui_dialog.on"), True), (tr("ui_dialog.off"), False)]


def _choice(key: str, value: Any, options: list[tuple[str, Any]]) -> Select[Any]:
    return Select(options, value=value, allow_blank=False, id=key, compact=True)


class NewGameDialog(ModalScreen[GameSetup | None]):
    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    BINDINGS = [
        Binding("escape", "cancel", "ui_dialog.keys.cancel"),
        Binding("ctrl+r", "random", "ui_dialog.keys.random"),
        Binding("ctrl+s", "start", "ui_dialog.keys.start", priority=True),
    ]

    def __init__(self, settings: Settings, kind: str = "squares") -> None:
        super().__init__()
        localize_bindings(self)
        self.settings = settings
        self.kind = kind

    def compose(self) -> ComposeResult:
        s, k = self.settings, self.kind
        with Vertical(id="dialog", classes="dense" if k == "sum" else ""):
            yield Static(f"[b]{tr(f'ui_dialog.new.{k}.title')}[/b]", id="dialog-title")
            if k == "sum":
                presets = [(tr(name), i) for i, (name, _) in enumerate(PRESETS)]
                prompt = tr("ui_dialog.new.preset_prompt")
                select = Select(presets, prompt=prompt, id="preset", compact=True)
                yield form_row(tr("ui_dialog.new.preset"), select)
            start = Input(
                placeholder=tr(f"ui_dialog.new.{k}.example"),
                id="start",
                max_length=30,
                compact=True,
            )
            yield form_row(tr(f"ui_dialog.new.{k}.start"), start)
            if k == "sum":
                rules = Input(
                    placeholder=tr("ui_dialog.new.rules_example"),
                    id="rules",
                    max_length=200,
                    compact=True,
                )
                yield form_row(tr("ui_dialog.new.rules"), rules)
            ranges = [(tr("ui_dialog.new.range", top=f"{top:,}"), top) for top in RANDOM_RANGES]
            yield form_row(
                tr("ui_dialog.new.random_in"),
                _choice("range", 100, ranges),
                Button(tr("ui_dialog.new.random"), id="random", compact=True),
            )
            first = [
                (tr("ui_dialog.new.first_you"), True),
                (tr("ui_dialog.new.first_computer"), False),
            ]
            yield form_row(tr("ui_dialog.new.first"), _choice("first", s.human_first, first))
            variants = [(tr("ui_dialog.new.normal"), False), (tr("ui_dialog.new.misere"), True)]
            yield form_row(tr("ui_dialog.new.variant"), _choice("variant", s.misere, variants))
            levels = [(f"{level_name(key)} — {level_blurb(key)}", key) for key in LEVELS]
            yield form_row(tr("ui_dialog.new.opponent"), _choice("level", s.level, levels))
            players = [(tr(f"ui_dialog.new.players_{p}"), p) for p in PLAYERS]
            yield form_row(tr("ui_dialog.new.players"), _choice("players", "solo", players))
            yield form_row(tr("ui_dialog.new.hints"), _choice("hints", s.hints, on_off()))
            yield Static("", id="dialog-error")
            with Horizontal(classes="buttons"):
                yield Button(
                    tr("ui_dialog.new.start_button"), variant="primary", id="go", compact=True
                )
                yield Button(tr("ui_dialog.new.cancel_button"), id="cancel", compact=True)
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
        text = self.query_one("#start", Input).value
        try:
            if self.kind == "sum":
                rules, start = check_sum(text, self.query_one("#rules", Input).value, misere)
            else:
                start = check_start(self.kind, text, misere)
        except GameError as exc:
            self.query_one("#dialog-error", Static).update(f"✗ {error_text(exc)}")
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
