"""The panels of exercises: a question with its choices (a fresh item for each attempt), and
a game to try. Every first try counts in the lesson's score and in the run that masters
the lesson."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Markdown, OptionList, Static
from textual.widgets.option_list import Option

from squaregame.lessons import exercise_model as em
from squaregame.lessons import exercises as ex
from squaregame.lessons.steps import QuizStep
from squaregame.play.session import Session
from squaregame.text import tr
from squaregame.ui.lesson.panel import LessonPanel, verdict
from squaregame.ui.messages import OpenGame
from squaregame.ui.room import roomy, spaced


class QuizStepPanel(LessonPanel):
    """An exercise: the question, its working, its choices; a wrong choice is explained and
    ruled out, and another can be tried."""

    parts = (("quiz", OptionList),)

    def item(self) -> em.Exercise:
        """The current item (drawn from the class's seed when first asked for)."""
        st, host = self.state(), self.host
        if st.item is None:
            spec = self.step.as_kind(QuizStep)
            rng = em.seeded(host.seed, host.lesson.id, host.index, st.attempt)
            game = self.step.game()
            try:
                st.item = ex.generate(spec.ask, game, rng, host.S, spec.low, spec.high,
                                      (*spec.avoid, *st.seen))  # fmt: skip
            except em.NoPosition:  # every position was drawn: start again
                st.seen.clear()
                st.item = ex.generate(spec.ask, game, rng, host.S, spec.low, spec.high,
                                      spec.avoid)  # fmt: skip
            st.seen.append(st.item.position)
        return st.item

    def show(self) -> None:
        if not self.step.text:  # a bare exercise: its question is the heading
            self.host.query_one("#lesson-text", Markdown).update(f"# {self.item().prompt}")
        self.draw_quiz()

    def draw_quiz(self, at: int | None = None) -> None:
        """The question and its choices; the highlight on choice ``at`` (the one just
        answered: a wrong answer keeps it, so Down goes on to the next choice), else on the
        first choice not yet ruled out."""
        host, st, q = self.host, self.state(), self.item()
        prompt = host.query_one("#panel-prompt", Static)
        prompt.update(Text(q.prompt, style="bold"))
        prompt.display = True
        work = host.query_one("#panel-work", Static)
        work.update("\n".join(q.work))
        work.display = bool(q.work)
        ol = host.query_one("#quiz", OptionList)
        ol.clear_options()
        airy = roomy(*host.app.size)  # larger targets on a large terminal
        for i, (label, value) in enumerate(q.choices):
            mark = "✗ " if value in st.wrong else ("✓ " if st.settled and q.is_right(value) else "")
            ol.add_option(Option(spaced(mark + label, airy), id=str(i), disabled=value in st.wrong))
        first = next((i for i, (_, v) in enumerate(q.choices) if v not in st.wrong), 0)
        ol.highlighted = first if at is None else at
        ol.display = True
        host.call_after_refresh(ol.focus)
        host.draw_note()

    def chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id != "quiz":
            return
        st, q = self.state(), self.item()
        value = q.choices[event.option_index][1]
        if st.settled or value in st.wrong:
            return
        right = q.is_right(value)
        if not st.counted:  # only the first try counts
            st.counted = True
            self.host.count(right, exercise=True)
        if right:
            st.settled = True
            after = tr("ui_lessons.lesson.another_hint")
            self.host.note(f"{verdict(True)} {q.explain(value)}\n{after}", True)
        else:
            st.wrong.add(value)
            retry = tr("ui_lessons.lesson.retry_hint")
            self.host.note(f"{verdict(False)} {q.explain(value)}\n{retry}", False)
        self.draw_quiz(at=event.option_index)
        self.host.settle()

    def enabled(self, action: str) -> bool | None:
        if action == "show_answer":
            return None if self.state().settled else True
        return action == "another"

    def show_answer(self) -> None:
        st, q = self.state(), self.item()
        if not st.counted:
            st.counted = True
            self.host.count(False, exercise=True)
        st.settled = True
        answer = tr("ui_lessons.lesson.answer", answer=q.answer)
        self.host.note(f"{answer} {q.reveal()}\n{tr('ui_lessons.lesson.another_hint')}", None)
        self.draw_quiz()
        self.host.settle()

    def another(self) -> None:
        st = self.state()
        st.attempt += 1
        st.item, st.wrong, st.settled, st.counted, st.note = None, set(), False, False, ("", None)
        self.host.show_step()

    def finished(self) -> bool:
        return self.state().settled

    def why_position(self) -> Any:
        """The current item's position (a blunder to find has none to explain)."""
        return self.item().position if self.item().kind != "blunder" else None


class TryStepPanel(LessonPanel):
    """A game to play from the step's position (t); a finished game counts — right when
    the student made no move that threw a win away."""

    def show(self) -> None:
        prompt = self.host.query_one("#panel-prompt", Static)
        prompt.update(tr("ui_lessons.lesson.try_help"))
        prompt.display = True
        self.host.draw_note()

    def enabled(self, action: str) -> bool | None:
        return action == "try_it"

    def try_it(self) -> None:
        st = self.state()
        st.game = Session(self.step.game(), self.step.position(), human_first=True)
        self.host.app.post_message(OpenGame(st.game, hints=False, persist=False))

    def resumed(self) -> None:
        """Back from the try-it game: a finished one counts."""
        st = self.state()
        game, st.game = st.game, None
        if game is None:
            return
        if game.over:
            blunders = len(game.human_blunders())
            self.host.count(blunders == 0, exercise=True)
            key = "try_clean_won" if game.winner_is_human() else "try_clean_lost"
            text = (
                tr(f"ui_lessons.lesson.{key}")
                if not blunders
                else tr("ui_lessons.lesson.try_blunders", count=blunders)
            )
            st.note = (text, blunders == 0)
        self.host.show_step()
