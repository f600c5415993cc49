"""The legal moves, each optionally marked winning (✓) or losing (✗) with its remoteness
(its proven bounds, ``49–57`` or ``≥49``, where it is not exact).

The selected move is marked ``▶`` and drawn without colours, bold, on the list's selection
background: its ✓/✗ never sits in red or green on a blue bar (1 : 1 in the issue), and it
is told apart by shape under NO_COLOR. A winning move is bold on every row.

The rows are fitted to the list's width, never cut and never without their marks: where a
row such as "✗ take 25 → 50  lose 12" is too long, every row's value says only how long
("in 12"; the mark says which way), and a row still too long wraps between words, its next
lines set in under the move's words."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.markup import escape
from textual import events
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from squaregame.text import tr
from squaregame.text.games import bounds_span

WORD = re.compile(r"( *)(\S+)")


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
    _short = False  # the values said short (a row was too long for the list)

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
        self._short = too_long(moves, hints, self._room())
        options = [Option(self._fit(m, hints, False), id=str(i)) for i, m in enumerate(moves)]
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
                self.replace_option_prompt_at_index(i, self._fit(moves[i], self._hints, selected))
        self._marked = index if index is not None and 0 <= index < len(moves) else None

    def on_resize(self, event: events.Resize) -> None:
        """The rows fitted again to the new width."""
        self._short = too_long(self._moves, self._hints, self._room())
        for i, m in enumerate(self._moves[: self.option_count]):
            self.replace_option_prompt_at_index(i, self._fit(m, self._hints, i == self._marked))

    def _room(self) -> int:
        """Columns a row may take (0: not laid out yet), the scrollbar's kept free whether
        or not it shows: the rows do not change when it comes or goes."""
        padding = self.get_component_styles("option-list--option").padding
        bar = self.styles.scrollbar_size_vertical
        return max(0, self.content_region.width - bar - padding.width)

    def _fit(self, m: MoveView, hints: bool, selected: bool) -> str:
        return fit_row(m, hints, selected, self._room(), self._short)

    @classmethod
    def _line(cls, m: MoveView, hints: bool) -> str:
        """A row as it reads unselected (tests and other callers)."""
        return fit_row(m, hints, False)[2:]

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


def _value(m: MoveView, short: bool) -> tuple[str, str]:
    """The move's mark and how long the game then lasts ("win 7", "lose 49–57"; ``short``:
    "in 7", the mark saying which way)."""
    upper = None if m.upper is None else m.upper + 1  # counting this move
    moves = bounds_span(m.remoteness + 1, upper, m.exact)
    if short:
        return "✓" if m.wins else "✗", tr("ui_widgets.moves.within", n=moves)
    if m.wins:
        return "✓", tr("ui_widgets.moves.win", n=moves)
    return "✗", tr("ui_widgets.moves.lose", n=moves)


def too_long(moves: tuple[MoveView, ...], hints: bool, room: int) -> bool:
    """Whether a row with its value in full is longer than ``room`` (0: any length fits)."""
    if not (room and hints):
        return False
    rows = ((m.label, *_value(m, False)) for m in moves)
    return any(cell_len(f"▶ {mark} {label}  {value}") > room for label, mark, value in rows)


def fit_row(m: MoveView, hints: bool, selected: bool, room: int = 0, short: bool = False) -> str:
    """A move's row as markup, wrapped between words to ``room`` columns (0: as long as it
    is); ``short``: its value said short (see the module's docstring)."""
    lead = "▶ " if selected else "  "
    whole = "b" if selected else ""  # the selected row: bold, no colours (module docstring)
    if not hints:
        return _markup(lead, [(m.label, "")], whole, room, setin=0)
    mark, value = _value(m, short)
    if selected:
        style, quiet = "", ""
    else:  # bold: a winning move stands out without colour too
        style, quiet = ("b $success" if m.wins else "$error"), "dim"
    return _markup(lead, [(f"{mark} {m.label}", style), (value, quiet)], whole, room)


def _markup(lead: str, parts: list[tuple[str, str]], whole: str, room: int, setin: int = 2) -> str:
    """``lead``, then each (text, style) part two spaces after the one before, wrapped
    between words to ``room`` columns, the next lines set in ``setin`` more than the first
    (under the words after the mark); ``whole``: a style for it all."""
    indent = len(lead) + setin
    lines: list[list[tuple[str, str]]] = [[]]  # each line's (text, style) runs
    used = len(lead)
    for n, (text, style) in enumerate(parts):
        for i, (sep, word) in enumerate(WORD.findall(text)):
            sep = "" if n == i == 0 else "  " if i == 0 else sep  # (its spaces kept: "take  1")
            if room and lines[-1] and used + len(sep) + cell_len(word) > room:
                lines.append([])
                sep, used = "", indent
            lines[-1].append((sep + word, style))
            used += len(sep) + cell_len(word)
    out = [(lead if n == 0 else " " * indent) + _styled(runs) for n, runs in enumerate(lines)]
    body = "\n".join(out)
    return f"[{whole}]{body}[/{whole}]" if whole else body


def _styled(runs: list[tuple[str, str]]) -> str:
    """(text, style) runs as markup, each style's run in one tag (spaces before it outside)."""
    out = ""
    for style, group in itertools.groupby(runs, key=lambda run: run[1]):
        text = "".join(t for t, _ in group)
        bare = text.lstrip(" ")
        spaces = text[: len(text) - len(bare)]
        out += spaces + (f"[{style}]{escape(bare)}[/]" if style else escape(bare))
    return out
