"""The pile screen's own panel: the hot/cold faces of the numbers around the current one (the
strip), read from the tables once per position."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from squaregame.core.types import Analysis, Outcome
from squaregame.families.pile.game import PileGame
from squaregame.play.session import Session

STRIP_REACH = 120  # numbers on each side of the current one the strip may show


@dataclass(frozen=True)
class StripData:
    """Outcomes of ``lo``..``lo + len(hot) - 1``; the screen shows the window that fits."""

    lo: int
    hot: tuple[bool, ...]
    position: int

    def window(self, width: int) -> tuple[tuple[int, bool, bool], ...]:
        """(number, hot?, current?) for ``width`` numbers around the position."""
        top = self.lo + len(self.hot) - 1
        hi = min(max(self.position + width // 2, width - 1), top)
        lo = max(self.lo, hi - width + 1)
        return tuple((k, self.hot[k - self.lo], k == self.position) for k in range(lo, hi + 1))


def strip_data(session: Session[Any], a: Analysis[Any]) -> StripData:
    """The strip around the analysed position (its pile's values: never more than needed)."""
    game = cast(PileGame, session.game)  # its family's game: the pile screen shows it
    n: int = a.position
    values = game.values(n)
    lo, hi = max(0, n - STRIP_REACH), min(n + STRIP_REACH, values.upto)
    return StripData(lo, tuple(values.outcome(k) is Outcome.HOT for k in range(lo, hi + 1)), n)
