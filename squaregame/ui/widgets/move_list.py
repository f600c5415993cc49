"""The legal moves, each optionally marked winning (✓) or losing (✗) with its remoteness
(its proven bounds, ``49–57`` or ``≥49``, where it is not exact)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.markup import escape
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from squaregame.text import tr
from squaregame.text.games import bounds_span


@dataclass(frozen=True)
class MoveView:
    """What one move row shows: a label, where it leads, and (for hints) its value."""

    label: str
    to: Any
    wins: bool
    remoteness: int  # exact, or a proven lower bound
    exact: bool = True
    upper: int | None = None  # a proven upper bound when not exact


class MoveList(OptionList):
    """Arrow keys or the mouse choose; Enter or a click plays. Posts :class:`MoveList.Chosen`."""

    @dataclass
    class Chosen(Message):
        to: Any

    def show(self, moves: tuple[MoveView, ...], hints: bool, more: str = "") -> None:
        """The moves, and ``more``: a last line (not a move) saying what is not listed."""
        keep = self.highlighted
        self._moves = moves
        self.clear_options()
        options = [Option(self._line(m, hints), id=str(i)) for i, m in enumerate(moves)]
        if more:
            options.append(Option(f"[dim]{escape(more)}[/]", id="more", disabled=True))
        self.add_options(options)
        if moves:
            self.highlighted = min(keep or 0, len(moves) - 1)

    @staticmethod
    def _line(m: MoveView, hints: bool) -> str:
        if not hints:
            return m.label
        upper = None if m.upper is None else m.upper + 1  # counting this move
        moves = bounds_span(m.remoteness + 1, upper, m.exact)
        if m.wins:
            return f"[$success]✓ {m.label}[/]  [dim]{tr('ui_widgets.moves.win', n=moves)}[/]"
        return f"[$error]✗ {m.label}[/]  [dim]{tr('ui_widgets.moves.lose', n=moves)}[/]"

    def highlighted_move(self) -> Any | None:
        moves: tuple[MoveView, ...] = getattr(self, "_moves", ())
        if self.highlighted is None or not 0 <= self.highlighted < len(moves):
            return None
        return moves[self.highlighted].to

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        moves: tuple[MoveView, ...] = getattr(self, "_moves", ())
        if event.option_index < len(moves):
            self.post_message(self.Chosen(moves[event.option_index].to))
