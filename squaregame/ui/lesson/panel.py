"""The lesson panel contract: how the lesson screen draws a step, and what the step's keys do.

The lesson screen (:mod:`squaregame.ui.screens.lesson`) knows no kind of step. A step says
what it shows (:attr:`~squaregame.lessons.steps.StepSpec.shows`); the screen looks that up in
the registry it is handed (:class:`LessonPanels`: the generic panels and those the families
bring) and asks the panel it finds everything about the step: to draw it, which of the
step's keys apply and what they do, whether it is finished, which position ``w`` explains.

A panel keeps nothing itself: what the student did on a step is its :class:`StepState`,
which the screen keeps while the lesson is open, and the screen (:class:`LessonHost`) gives
feedback (``note``), counts answers in the lesson's score (``count``) and saves progress.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from squaregame.text import tr

if TYPE_CHECKING:
    from textual.app import App
    from textual.widget import Widget
    from textual.widgets import Input, OptionList

    from squaregame.lessons.exercise_model import Exercise
    from squaregame.lessons.mastery import Answer
    from squaregame.lessons.model import Lesson, Step
    from squaregame.lessons.strings import Strings
    from squaregame.play.session import Session

W = TypeVar("W", bound="Widget")

STEP_ACTIONS = frozenset({"reveal", "mark", "cursor", "another", "show_answer", "try_it"})
"""The screen's actions whose key a step's panel enables (:meth:`LessonPanel.enabled`):
Space, h and c, ← and →, a, s, t."""


@dataclass
class StepState:
    """What the student has done on one step (kept while moving back and forth)."""

    shown: int = 1
    marks: dict[int, tuple[bool, bool]] = field(default_factory=dict)  # n -> (said hot, right)
    cursor: int = 0
    frames: list[Any] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    # an exercise: the item, the wrong choices tried, whether it is settled
    item: Exercise | None = None
    attempt: int = 0
    seen: list[Any] = field(default_factory=list)  # positions drawn: the next one differs
    wrong: set[Any] = field(default_factory=set)
    settled: bool = False  # answered right, or the answer shown
    counted: bool = False  # its first try is in the score
    note: tuple[str, bool | None] = ("", None)  # the feedback under the question
    game: Session[Any] | None = None  # the try-it game last opened
    next: Session[Any] | None = None  # the try-it game to open next (drawn, maybe made ahead)
    ended: list[tuple[Session[Any], Answer]] = field(default_factory=list)  # its games ended
    results: list[tuple[Answer, bool, int]] = field(default_factory=list)  # not yet counted
    guessed: bool = False  # the sieve's current cold position was guessed once


class LessonHost(Protocol):
    """What a panel may ask of the lesson screen. Its pane holds, besides the panels' own
    parts: ``#panel-prompt`` (a question), ``#panel-work`` (its working), ``#panel-note``
    (feedback, :meth:`note`), ``#input-prompt`` and ``#answer-input`` (a box to type a
    position in); the step's text is ``#lesson-text``, the pane itself ``#lesson-panel``."""

    lesson: Lesson
    S: Strings  # the lesson's language
    seed: int  # the class's items
    index: int

    @property
    def step(self) -> Step: ...

    @property
    def app(self) -> App[Any]: ...

    def state(self) -> StepState: ...

    def query_one(self, selector: str, expect_type: type[W]) -> W: ...

    def call_after_refresh(self, callback: Callable[[], Any]) -> bool: ...

    def set_timer(self, delay: float, callback: Callable[[], Any]) -> Any: ...

    @property
    def is_current(self) -> bool: ...

    def show_step(self) -> None:
        """Draw the step again (its panel's :meth:`LessonPanel.show`, the status, the keys)."""
        ...

    def note(self, text: str, good: bool | None = None) -> None:
        """Feedback under the question, kept with the step."""
        ...

    def draw_note(self) -> None:
        """The step's feedback as kept."""
        ...

    def count(self, answer: Answer, exercise: bool = False) -> None:
        """A first try, in the lesson's score and its run to mastery (an exercise's also
        among the exercise steps answered right)."""
        ...

    def settle(self) -> None:
        """After an answer: the keys, the status line and the saved progress follow."""
        ...


class LessonPanel:
    """Draws one kind of step and answers what the lesson screen asks about it. By default
    a step has no keys of its own, is finished as soon as it is shown, and ``w`` explains the
    position it names (if any)."""

    parts: ClassVar[tuple[tuple[str, type[Widget]], ...]] = ()
    """Widgets of its own (id, class), made once with the screen into its pane, under the
    question and over the feedback. Panels that name the same id share one widget. The
    screen hides every part of the pane before a step is drawn."""

    def __init__(self, host: LessonHost) -> None:
        self.host = host

    @property
    def step(self) -> Step:
        return self.host.step

    def state(self) -> StepState:
        return self.host.state()

    # -- drawing -------------------------------------------------------------------------
    def show(self) -> None:
        """Draw the step into the pane (every part of it hidden beforehand)."""

    def resized(self) -> None:
        """The terminal changed size (the parts that size themselves follow on their own)."""

    def resumed(self) -> None:
        """The lesson is shown again after a screen the step opened (a try-it game)."""

    # -- keys ----------------------------------------------------------------------------
    def enabled(self, action: str) -> bool | None:
        """Whether the key of ``action`` (one of :data:`STEP_ACTIONS`) applies: True, False
        (not for this step: hidden), None (shown, not now)."""
        return False

    def reveal(self) -> None:
        """Space: show more."""

    def mark(self, hot: bool) -> None:
        """h or c: mark what the cursor is on hot or cold."""

    def cursor(self, delta: int) -> None:
        """← or →: move the cursor."""

    def another(self) -> None:
        """a: another item."""

    def show_answer(self) -> None:
        """s: show the answer (it counts as wrong)."""

    def try_it(self) -> None:
        """t: play the game."""

    def chosen(self, event: OptionList.OptionSelected) -> None:
        """A choice made in an option list of the pane."""

    def typed(self, event: Input.Submitted) -> None:
        """An answer typed in a box of the pane."""

    # -- what the screen asks --------------------------------------------------------------
    def finished(self) -> bool:
        """Nothing on the step is left to answer (on the last step: the lesson is done)."""
        return True

    def why_position(self) -> Any:
        """The position ``w`` explains (None: ``w`` does not apply)."""
        return self.step.position()

    def answer_bits(self) -> float:
        """How hard the step's next answer is to guess (:mod:`~squaregame.lessons.mastery`'s
        bits): what the counter of the run counts on; by default one bit (two choices)."""
        return 1.0

    # -- helpers for panels ----------------------------------------------------------------
    def reveal_up_to(self, total: int) -> None:
        """One more shown, up to ``total``; then the step drawn again."""
        st = self.state()
        if st.shown < total:
            st.shown += 1
        self.host.show_step()


Panels = Mapping[str, type[LessonPanel]]
"""Panels by what a step shows (:attr:`~squaregame.lessons.steps.StepSpec.shows`)."""


class LessonPanels:
    """The registry a lesson screen finds its panels in. A step about a game is drawn by its
    family's own panel for what it shows, if the family brings one (``by_kind``: each kind's
    family's panels, by the kind's key), else by the generic panel. What no generic panel
    shows (a family's own step kind, such as Wythoff's board) is drawn by the panel of the
    family that brings it."""

    def __init__(self, generic: Panels, by_kind: Mapping[str, Panels] | None = None) -> None:
        self.by_kind: Mapping[str, Panels] = by_kind or {}
        brought = {key: cls for panels in self.by_kind.values() for key, cls in panels.items()}
        self.shared: dict[str, type[LessonPanel]] = {**brought, **generic}
        self._order = [*generic.values(), *brought.values()]

    def panel(self, step: Step) -> type[LessonPanel]:
        """The panel that draws ``step``."""
        kind = step.game_spec.kind.key if step.game_spec is not None else ""
        shows = step.spec.shows
        found = self.by_kind.get(kind, {}).get(shows) or self.shared.get(shows)
        if found is None:  # a step kind whose family brings no panel for it
            raise LookupError(f"no lesson panel shows {shows!r} (see Family.lesson_panels)")
        return found

    def classes(self) -> tuple[type[LessonPanel], ...]:
        """Every panel, once each: the generic ones first."""
        return tuple(dict.fromkeys(self._order))

    def parts(self) -> dict[str, type[Widget]]:
        """Every part the panels draw into (id → class), once each."""
        found: dict[str, type[Widget]] = {}
        for cls in self.classes():
            for id_, widget in cls.parts:
                found.setdefault(id_, widget)
        return found


def verdict(right: bool) -> str:
    return tr("ui_lessons.lesson.right" if right else "ui_lessons.lesson.wrong")
