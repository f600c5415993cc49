"""The generic lesson panels, by what a step shows (``StepSpec.shows``): the panels every
lesson screen has, besides those the families bring."""

from __future__ import annotations

from squaregame.ui.lesson.exercise import QuizStepPanel, TryStepPanel
from squaregame.ui.lesson.panel import Panels
from squaregame.ui.lesson.reading import (
    LatestStepPanel,
    LinesStepPanel,
    SteppedStepPanel,
    TextStepPanel,
)
from squaregame.ui.lesson.sieve import SieveStepPanel
from squaregame.ui.lesson.table import FillStepPanel

GENERIC: Panels = {
    "text": TextStepPanel,
    "lines": LinesStepPanel,
    "stepped": SteppedStepPanel,
    "latest": LatestStepPanel,
    "fill": FillStepPanel,
    "sieve": SieveStepPanel,
    "quiz": QuizStepPanel,
    "try": TryStepPanel,
}
