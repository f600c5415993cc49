"""The legal moves, each optionally marked winning (✓) or losing (✗) with its remoteness
(its proven bounds, ``49–57`` or ``≥49``, where it is not exact).

The selected move is marked ``▶`` and drawn without colours, bold, on the list's selection
background: its ✓/✗ never sits in red or green on a blue bar (1 : 1 in the issue), and it
is told apart by shape under NO_COLOR. A winning move is bold on every row."""

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

    _moves: tuple[MoveView, ...] = ()
    _hints = False
    _marked: int | None = None  # the row drawn as selected

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.add_class("pane")  # a titled pane (app.tcss)
        self.border_title = tr("ui_game.pane.choices")

    def show(self, moves: tuple[MoveView, ...], hints: bool, more: str = "") -> None:
        """The moves, and ``more``: a last line (not a move) saying what is not listed."""
        keep = self.highlighted
        self._moves = moves
        self._hints = hints
        self._marked = None
        self.clear_options()
        options = [Option(self._row(m, hints, False), id=str(i)) for i, m in enumerate(moves)]
        if more:
            options.append(Option(f"[dim]{escape(more)}[/]", id="more", disabled=True))
        self.add_options(options)
        if moves:
            self.highlighted = min(keep or 0, len(moves) - 1)

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        self._mark(highlighted)

    def _mark(self, index: int | None) -> None:
        """Draw row ``index`` as the selected one (and the last selected as before)."""
        moves = self._moves
        for i, selected in ((self._marked, False), (index, True)):
            if i is not None and 0 <= i < len(moves) and i < self.option_count:
                self.replace_option_prompt_at_index(i, self._row(moves[i], self._hints, selected))
        self._marked = index if index is not None and 0 <= index < len(moves) else None

    @classmethod
    def _row(cls, m: MoveView, hints: bool, selected: bool) -> str:
        if not hints:
            text = escape(m.label)
            return f"[b]▶ {text}[/b]" if selected else f"  {text}"
        mark, value = cls._value(m)
        if selected:  # no colours: see the module's docstring
            return f"[b]▶ {mark} {escape(m.label)}  {escape(value)}[/b]"
        if m.wins:  # bold: a winning move stands out without colour too
            return f"  [b $success]{mark} {escape(m.label)}[/]  [dim]{escape(value)}[/]"
        return f"  [$error]{mark} {escape(m.label)}[/]  [dim]{escape(value)}[/]"

    @staticmethod
    def _value(m: MoveView) -> tuple[str, str]:
        """The move's mark and how long the game then lasts ("win 7", "lose 49–57")."""
        upper = None if m.upper is None else m.upper + 1  # counting this move
        moves = bounds_span(m.remoteness + 1, upper, m.exact)
        if m.wins:
            return "✓", tr("ui_widgets.moves.win", n=moves)
        return "✗", tr("ui_widgets.moves.lose", n=moves)

    @classmethod
    def _line(cls, m: MoveView, hints: bool) -> str:
        """A row as it reads unselected (tests and other callers)."""
        return cls._row(m, hints, False)[2:]

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
