"""The rule of answering one exercise item, the same in the app and in text mode: only the
first try counts (right or wrong), a wrong choice tried again is not judged again, an item
answered right (or whose answer was shown) takes no more answers, and showing the answer
counts as a wrong first try."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, Protocol

from squaregame.lessons.exercise_model import Exercise

Reply = Literal["settled", "tried", "right", "wrong"]


class ItemState(Protocol):
    """Where a front end keeps one item's answers."""

    wrong: set[Any]  # the wrong choices tried
    settled: bool  # answered right, or the answer shown
    counted: bool  # its first try is in the score


def answer(state: ItemState, item: Exercise, value: Any, count: Callable[[bool], None]) -> Reply:
    """``value`` chosen for ``item``: what it is now (``count`` hears the first try)."""
    if state.settled:
        return "settled"
    if value in state.wrong:
        return "tried"
    right = item.is_right(value)
    if not state.counted:
        state.counted = True
        count(right)
    if right:
        state.settled = True
        return "right"
    state.wrong.add(value)
    return "wrong"


def give_up(state: ItemState, count: Callable[[bool], None]) -> None:
    """The answer is shown: the item is settled, and a first try not yet made counts wrong."""
    if not state.counted:
        state.counted = True
        count(False)
    state.settled = True
