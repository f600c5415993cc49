"""The teacher's challenge, as the student sees it (``serve --class``): win from a position
against the perfect opponent (Enter plays it), choose every winning move, or give the Grundy
value. A question's first answer is the one the teacher sees; the screen says if it was
right, and without giving the answer away when it was not."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, SelectionList, Static

from squaregame import paths
from squaregame.core.errors import GameError
from squaregame.core.numbers import read_whole
from squaregame.text import tr
from squaregame.ui.class_link import ChallengeOffer
from squaregame.ui.keys import keys
from squaregame.ui.localize import localize_bindings
from squaregame.ui.screens.dialog import Dialog
from squaregame.ui.widgets.footer import Footer


class ChallengeScreen(Dialog[str]):
    """Dismisses with ``play`` (a ``win`` challenge to open as a game) or ``later``; an
    answer is handed to ``answered`` (right, the answer, seconds) which says if it counted."""

    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    BINDINGS = [Binding(keys("escape"), "dismiss('later')", "ui_class.keys.later")]

    def __init__(self, offer: ChallengeOffer, answered: Callable[[bool, Any, float], bool]) -> None:
        super().__init__()
        localize_bindings(self)
        self.offer = offer
        self.answered = answered
        self.opened = time.monotonic()

    def compose(self) -> ComposeResult:
        o = self.offer
        with Vertical(id="dialog", classes="challenge"):
            yield Static(tr("ui_class.challenge.title"), id="challenge-title", markup=False)
            yield Static(tr(f"ui_class.ask.{o.ask}", position=o.title), markup=False)
            if o.ask == "moves":
                moves = ((Text(m), m) for m in o.moves)  # (words, never markup)
                yield SelectionList[str](*moves, id="challenge-moves", classes="pane")
            elif o.ask == "grundy":
                yield Input(placeholder=tr("ui_class.challenge.grundy_hint"), id="challenge-grundy")
            yield Static("", id="challenge-said", markup=False)
            with Horizontal(classes="buttons"):
                go = "play" if o.ask == "win" else "answer"
                yield Button(tr(f"ui_class.buttons.{go}"), id=go, variant="primary", compact=True)
                yield Button(tr("ui_class.buttons.later"), id="later", compact=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        if self.offer.ask == "moves":
            self.query_one(SelectionList).focus()
        elif self.offer.ask == "grundy":
            self.query_one(Input).focus()
        else:
            self.query_one("#play", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "answer":
            self.submit()
        else:
            self.dismiss(event.button.id or "later")

    def on_input_submitted(self, _event: Input.Submitted) -> None:
        self.submit()

    def submit(self) -> None:
        o = self.offer
        said = self.query_one("#challenge-said", Static)
        if o.ask == "moves":
            chosen = set(self.query_one(SelectionList).selected)
            right = chosen == set(o.winning)
            answer: Any = sorted(chosen)
            wrong = len(chosen - set(o.winning)) + len(set(o.winning) - chosen)
            verdict = "ui_class.said.right" if right else "ui_class.said.moves_wrong"
            text = tr(verdict, count=wrong)
        else:
            typed = self.query_one(Input).value
            try:
                value = read_whole(typed)
            except GameError:
                said.update(tr("ui_class.said.not_a_number"))
                return
            right = value == o.grundy
            answer = value
            text = tr("ui_class.said.right" if right else "ui_class.said.grundy_wrong")
        counted = self.answered(right, answer, time.monotonic() - self.opened)
        if not counted:
            text += " " + tr("ui_class.said.not_counted")
        said.update(text)
