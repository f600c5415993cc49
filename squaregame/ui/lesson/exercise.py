"""The panels of exercises: a question with its choices (a fresh item for each attempt), and
a game to try. Every first try counts in the lesson's score and in the run that masters
the lesson."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Markdown, OptionList, Static
from textual.widgets.option_list import Option

from squaregame.lessons import attempt, items, mastery
from squaregame.lessons import exercise_model as em
from squaregame.lessons.steps import QuizStep, TryStep
from squaregame.play.session import Session
from squaregame.text import tr
from squaregame.ui.lesson.panel import LessonPanel, verdict
from squaregame.ui.messages import MakeAhead, OpenGame
from squaregame.ui.room import roomy, spaced
from squaregame.ui.widgets.pointed import PointedList


class QuizStepPanel(LessonPanel):
    """An exercise: the question, its working, its choices; a wrong choice is explained and
    ruled out, and another can be tried."""

    parts = (("quiz", PointedList),)

    def item(self) -> em.Exercise:
        """The current item (drawn from the class's seed when first asked for)."""
        st, host = self.state(), self.host
        if st.item is None:
            spec = self.step.as_kind(QuizStep)
            st.item = items.draw_item(spec, self.step.game(), host.S, host.seed,
                                      host.lesson.id, host.index, st.attempt, st.seen)  # fmt: skip
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
        reply = attempt.answer(st, q, value, self.count)
        if reply == "right":
            after = tr("ui_lessons.lesson.another_hint")
            self.host.note(f"{verdict(True)} {q.explain(value)}\n{after}", True)
        elif reply == "wrong":
            retry = tr("ui_lessons.lesson.retry_hint")
            self.host.note(f"{verdict(False)} {q.explain(value)}\n{retry}", False)
        else:  # settled, or a wrong choice again: nothing changes
            return
        self.draw_quiz(at=event.option_index)
        self.host.settle()

    def enabled(self, action: str) -> bool | None:
        if action == "show_answer":
            return None if self.state().settled else True
        return action == "another"

    def show_answer(self) -> None:
        st, q = self.state(), self.item()
        attempt.give_up(st, self.count)
        answer = tr("ui_lessons.lesson.answer", answer=q.answer)
        self.host.note(f"{answer} {q.reveal()}\n{tr('ui_lessons.lesson.another_hint')}", None)
        self.draw_quiz()
        self.host.settle()

    def count(self, right: bool) -> None:
        """The item's first try, into the lesson's score and mastery."""
        self.host.count(self.item().first_try(self.host.index, right), exercise=True)

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

    def answer_bits(self) -> float:
        return self.item().first_try(self.host.index, True).bits


# The try-it step shown this long (not passed over with → →) has its game's screen made ahead
# (squaregame.ui.aside): ``t`` then only shows it. (As the menu's dialog: PREPARE_AFTER.)
AHEAD_AFTER = 0.4


class TryStepPanel(LessonPanel):
    """A game to play from the step's position (t; another t, from another start if the
    step has more); every game finished there counts, "Again" included — right when the
    student made no move that threw a win away."""

    def show(self) -> None:
        prompt = self.host.query_one("#panel-prompt", Static)
        prompt.update(tr("ui_lessons.lesson.try_help"))
        prompt.display = True
        self.host.draw_note()
        host, index = self.host, self.host.index
        host.set_timer(AHEAD_AFTER, lambda: self._ahead(index))

    def _next_game(self) -> Session[Any]:
        """The game ``t`` opens next: from the start of this attempt (the same one whether
        it is drawn ahead or as ``t`` is pressed)."""
        st, host = self.state(), self.host
        if st.next is None:
            spec = self.step.as_kind(TryStep)
            rng = em.seeded(host.seed, host.lesson.id, host.index, "try", st.attempt)
            last = st.game.start if st.game is not None else None
            start = spec.start(st.attempt, rng, last)
            st.next = Session(self.step.game(), start, human_first=True)
        return st.next

    def _ahead(self, index: int) -> None:
        """The step still shown after a moment: its next game's screen made ahead."""
        host = self.host
        if host.index == index and host.is_current:
            host.app.post_message(MakeAhead(host, session=self._next_game()))

    def enabled(self, action: str) -> bool | None:
        return action == "try_it"

    def try_it(self) -> None:
        st = self.state()
        st.game, st.next = self._next_game(), None
        st.attempt += 1
        st.ended = []
        self.host.app.post_message(
            OpenGame(st.game, hints=False, persist=False, finished=self.ended)
        )

    def ended(self, game: Session[Any]) -> None:
        """A game on the try-it screen ended (the first one, or one after "Again"): its
        verdict is taken now, counted when the lesson is shown again."""
        st = self.state()
        if any(g is game for g, _ in st.ended):  # the same game ended again (after an undo)
            return
        right = not game.human_blunders()
        decisions = [
            (len(a.moves), len(a.winning_moves))
            for p in game.plies
            if p.by_human and (a := game.game.analyze(p.before)).winning_moves
        ]
        answer = mastery.game_answer(self.host.index, game.start, right, decisions)
        st.ended.append((game, answer))
        st.results.append((answer, bool(game.winner_is_human()), len(game.human_blunders())))

    def resumed(self) -> None:
        """Back from the try-it screen: every game finished there counts, in order."""
        st = self.state()
        results, st.results = st.results, []
        for answer, _, _ in results:
            self.host.count(answer, exercise=True)
        if results:
            _, won, blunders = results[-1]
            key = "try_clean_won" if won else "try_clean_lost"
            text = (
                tr(f"ui_lessons.lesson.{key}")
                if not blunders
                else tr("ui_lessons.lesson.try_blunders", count=blunders)
            )
            if len(results) > 1:
                text = tr("ui_lessons.lesson.try_games", count=len(results)) + " " + text
            st.note = (text, blunders == 0)
        self.host.show_step()

    def answer_bits(self) -> float:
        return 3.0  # (a game's bits are known when it ends: a few decisions, as a guess)
