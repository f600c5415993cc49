"""The panel of the sieve (:mod:`squaregame.lessons.sieve`): its first ``auto`` frames shown
one per Space, then the student names each next cold position in the answer box (a wrong
guess is explained and can be tried again; s shows it). The positions are laid out as
:meth:`SieveStepPanel.layout` draws them: by default one pile's numbers in rows; a family
whose positions are more than one number brings a panel with its own layout."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Static

from squaregame.lessons import generate as gen
from squaregame.lessons import sieve as sv
from squaregame.lessons.mastery import guess_answer
from squaregame.lessons.sieve import SieveFrame
from squaregame.lessons.steps import SieveStep
from squaregame.text import tr
from squaregame.ui.lesson.panel import LessonPanel, verdict
from squaregame.ui.widgets.lesson_panels import SievePanel, sieve_rows


class SieveStepPanel(LessonPanel):
    parts = (("sieve", SievePanel),)

    def spec(self) -> SieveStep:
        return self.step.as_kind(SieveStep)

    # -- what a family may lay out otherwise ------------------------------------------------
    def layout(self, game: Any, frame: SieveFrame, upto: int) -> Text:
        """The sieve at ``frame``, with the frame's text under it: the numbers 0..upto in
        rows, each with its mark."""
        return sieve_rows(frame, upto)

    def ask(self) -> str:
        """What the answer box asks for: the next cold number."""
        return tr("ui_lessons.lesson.sieve_ask")

    # -- drawing -----------------------------------------------------------------------------
    def show(self) -> None:
        st, spec, host = self.state(), self.spec(), self.host
        game = self.step.game()
        if not st.frames:
            st.frames = sv.sieve(game, spec.upto, host.S)
        panel = host.query_one("#sieve", SievePanel)
        panel.show(self.layout(game, st.frames[st.shown - 1], spec.upto))
        panel.display = True
        host.draw_note()
        if self.open():  # from the first frame: a number typed early is not lost
            box = host.query_one("#answer-input", Input)
            box.display = True
            prompt = host.query_one("#input-prompt", Static)
            prompt.update(self.ask())
            prompt.display = True
            host.query_one("#answer-row", Vertical).display = True
            host.call_after_refresh(box.focus)
            host.query_one("#lesson-panel", VerticalScroll).anchor()  # its end, the box, in view

    def open(self) -> bool:
        """Is there a cold position left to name (now, or after the frames still to show)?"""
        st = self.state()
        return any(f.new_cold is not None for f in st.frames[st.shown :])

    def asking(self) -> bool:
        """Is the student to name the next cold position now?"""
        st = self.state()
        if st.shown < self.spec().auto or st.shown >= len(st.frames):
            return False
        return st.frames[st.shown].new_cold is not None

    def advance(self) -> None:
        st = self.state()
        st.shown += 1
        st.guessed = False
        if st.shown < len(st.frames) and st.frames[st.shown].new_cold is None:
            st.shown += 1  # that was the last cold position: show the finished sieve

    # -- keys --------------------------------------------------------------------------------
    def enabled(self, action: str) -> bool | None:
        if action == "show_answer":
            return True if self.asking() else None
        return action == "reveal"

    def reveal(self) -> None:
        self.reveal_up_to(min(len(self.state().frames), self.spec().auto))

    def typed(self, event: Input.Submitted) -> None:
        if event.input.id != "answer-input" or not event.value or not self.open():
            return
        st, host = self.state(), self.host
        while not self.asking():  # typed before the first frames were all shown: show them
            st.shown += 1
        game = self.step.game()
        guess = sv.parse_guess(game, event.value)
        event.input.value = ""
        if guess is None:
            host.note(tr("ui_lessons.lesson.sieve_unreadable"), False)
            return
        expected = st.frames[st.shown].new_cold
        upto = self.spec().upto
        right, why = sv.judge_guess(game, st.frames[st.shown - 1], expected, guess, upto, host.S)
        if not st.guessed:
            st.guessed = True
            host.count(guess_answer(host.index, expected, right))
        if right:
            self.advance()
            st.note = (f"{verdict(True)} {why}", True)
        else:
            st.note = (f"{verdict(False)} {why}\n{tr('ui_lessons.lesson.sieve_retry')}", False)
        host.show_step()  # (the box scrolled back into view under the note)

    def show_answer(self) -> None:
        st = self.state()
        if not self.asking():
            return
        expected = st.frames[st.shown].new_cold
        if not st.guessed:
            self.host.count(guess_answer(self.host.index, expected, False))
        shown = gen.fmt(self.step.game(), expected)
        self.advance()
        st.note = (tr("ui_lessons.lesson.sieve_shown", n=shown), None)
        self.host.show_step()
