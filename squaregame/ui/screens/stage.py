"""The game's own board on the projector (its *stage*), asked of its game screen.

A game screen (:class:`~squaregame.ui.screens.game_base.GameScreen`, which is a
:class:`Staging`) gives the projector a widget of its own (:meth:`Staging.make_stage`: a
new one each time the projector opens) and, after every change, the immutable data it
draws (:meth:`Staging.stage_data`). The projector only places the widget and hands it the
data: it never knows which game it shows. By default the stage is the position in digits
as large as the screen allows; a family with a board (the queen's, piles, rows) draws that
board, the same widget as on its game screen at a larger scale.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from textual.widget import Widget

from squaregame.play.teach_wording import grouped
from squaregame.text.games import position_text
from squaregame.ui.widgets.big_number import BigNumber

if TYPE_CHECKING:
    from squaregame.play.session import Session

P = TypeVar("P")
PROJECTOR_SCALE = 12  # the position may take the screen: up to 12 times the font's dots
NUMBER_SHARE = 0.5  # of the screen's height, for a position in digits


@dataclass(frozen=True)
class Stage:
    """A board for the projector: its widget, and how the widget is given its data."""

    widget: Widget
    show: Callable[[Any], None]


def big_number_stage() -> Stage:
    """The position in digits, as large as fits (a game without a board of its own)."""
    big = BigNumber(id="projector-position", share=NUMBER_SHARE, max_scale=PROJECTOR_SCALE)
    return Stage(big, big.update)


class Staging(Generic[P]):
    """What a game screen gives the projector (every game screen is one)."""

    session: Session[P]

    def make_stage(self) -> Stage:
        """A new widget showing the game's board at the projector's scale."""
        return big_number_stage()

    def stage_data(self) -> Any:
        """What the stage shows now: immutable, compared to skip a redraw (by default the
        position as the big digits show it: ``1 000 000``, ``(7,9)``)."""
        s = self.session
        return grouped(position_text(s.game, s.position))
