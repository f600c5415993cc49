"""The teacher's challenge, as the student sees it (``serve --class``): win from a position
against the perfect opponent (Enter plays it, under the challenge's rules), choose every
winning move (a checklist, ☑ and ☐), or give the Grundy value.

A question is answered once: Submit sends the answer and the dialog shows the verdict in
its place (right or not, and how many moves were missed or marked wrongly) until it is
closed; nothing is sent without a verdict to see. The list scrolls between the question and
the buttons, so Submit and the verdict stay on the screen however many moves there are.
Once the teacher closes the challenge, the dialog shows the right answer too."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, OptionList, Static

from squaregame import paths
from squaregame.core.errors import GameError
from squaregame.core.numbers import read_whole
from squaregame.text import tr
from squaregame.ui.challenge_words import answer_text, verdict
from squaregame.ui.class_link import ChallengeOffer
from squaregame.ui.keys import keys
from squaregame.ui.localize import localize_bindings, relabel
from squaregame.ui.screens.dialog import Dialog
from squaregame.ui.widgets.footer import Footer
from squaregame.ui.widgets.pointed import PointedList

TICKED, UNTICKED = "☑", "☐"  # (a shape each: never told apart by colour alone)


class Checklist(PointedList):
    """Lines to tick: Space or Enter ticks the highlighted one (or unticks it)."""

    BINDINGS = [Binding("space", "select", "ui_class.keys.tick")]

    def __init__(self, lines: tuple[str, ...], id: str | None = None) -> None:
        self.lines = lines
        self.ticked: set[str] = set()
        super().__init__(*(self._line(w) for w in lines), id=id, classes="pane")
        localize_bindings(self)

    def _line(self, words: str) -> Text:
        return Text(f"{TICKED if words in self.ticked else UNTICKED} {words}")  # (no markup)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.disabled:
            return
        words = self.lines[event.option_index]
        self.ticked ^= {words}
        self.replace_option_prompt_at_index(event.option_index, self._line(words))


class ChallengeScreen(Dialog[str]):
    """Dismisses with ``play`` (a ``win`` challenge to open as a game) or ``later``; an
    answer is handed to ``answered`` (right, the answer, seconds) which says if it counted.
    ``given``: the answer given already (the dialog shows its verdict; nothing to send)."""

    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    BINDINGS = [Binding(keys("escape"), "dismiss('later')", "ui_class.keys.later")]

    def __init__(
        self,
        offer: ChallengeOffer,
        answered: Callable[[bool, Any, float], bool],
        given: Any = None,
    ) -> None:
        super().__init__()
        localize_bindings(self)
        self.offer = offer
        self.answered = answered
        self.opened = time.monotonic()
        self.given = given  # the answer sent (None: none yet)
        self.done = given is not None or offer.closed  # nothing (more) to send

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """Its keys, without F2's "challenge waiting" (it is this one)."""
        keys = super().active_bindings
        return {k: b for k, b in keys.items() if b.binding.action != "challenge"}

    def compose(self) -> ComposeResult:
        o = self.offer
        classes = "challenge checklist" if o.ask == "moves" else "challenge"
        with Vertical(id="dialog", classes=classes):
            yield Static(tr("ui_class.challenge.title"), id="challenge-title", markup=False)
            yield Static(tr(f"ui_class.ask.{o.ask}", position=o.title), markup=False)
            if o.ask == "win":  # (its rules, said before it is played)
                rules = "ui_class.rules.counted" if o.helps else "ui_class.rules.line"
                yield Static(tr(rules), id="challenge-rules", markup=False)
            elif o.ask == "moves":
                yield Checklist(o.moves, id="challenge-moves")
            elif o.ask == "grundy":
                yield Input(placeholder=tr("ui_class.challenge.grundy_hint"), id="challenge-grundy")
            yield Static("", id="challenge-said", markup=False)
            with Horizontal(classes="buttons"):
                go = "play" if o.ask == "win" else "answer"
                yield Button(tr(f"ui_class.buttons.{go}"), id=go, variant="primary", compact=True)
                yield Button(tr("ui_class.buttons.later"), id="later", compact=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        if self.done:
            self._show_verdict()
        elif self.offer.ask == "moves":
            self.query_one(Checklist).focus()
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
        """Send the answer (once), then show its verdict here."""
        o = self.offer
        if self.done:
            return
        if o.ask == "moves":
            answer: Any = sorted(self.query_one(Checklist).ticked)
            right = set(answer) == set(o.winning)
        else:
            try:
                answer = read_whole(self.query_one(Input).value)
            except GameError:
                self.query_one("#challenge-said", Static).update(tr("ui_class.said.not_a_number"))
                return
            right = answer == o.grundy
        self.done = True
        counted = self.answered(right, answer, time.monotonic() - self.opened)
        self.given = answer
        self._show_verdict(counted)

    def closed(self, offer: ChallengeOffer) -> None:
        """The teacher closed the challenge while this was open: its answer, shown."""
        self.offer = offer
        self.done = True
        self._show_verdict()

    def _show_verdict(self, counted: bool = True) -> None:
        """The verdict in place of the button that sent the answer (which is gone: nothing
        is asked twice), and the answer once the challenge is closed."""
        o = self.offer
        lines = [] if self.given is None else [verdict(o, self.given)]
        if not counted:
            lines.append(tr("ui_class.said.not_counted"))
        if o.closed:
            lines.append(answer_text(o))
        said = self.query_one("#challenge-said", Static)
        said.update("\n".join(lines))
        said.set_class(self.given is not None, "verdict")
        for button in self.query("#answer, #play").results(Button):
            button.display = False
        self.query_one("#later", Button).label = tr("ui_class.buttons.close")
        relabel(self, "dismiss('later')", "ui_class.keys.close")
        self.refresh_bindings()
        for field in self.query("#challenge-moves, #challenge-grundy"):
            field.disabled = True
        if self.given is not None and o.ask == "moves":
            checklist = self.query_one(Checklist)
            checklist.ticked = set(self.given)
            for i, words in enumerate(checklist.lines):
                checklist.replace_option_prompt_at_index(i, checklist._line(words))
        self.query_one("#later", Button).focus()
