"""A list whose highlighted line is marked ``▶`` in a gutter of two cells before every line:
the line chosen is told apart by shape, not only by the highlight's background, so it reads
under NO_COLOR and on a monochrome screen (the menus, the lesson list, a quiz's choices, a
challenge's checklist). The move list draws its own ``▶`` (``move_list``)."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip
from textual.widgets import OptionList
from textual.widgets.option_list import Option

POINTER = "▶ "
GUTTER = len(POINTER)


class PointedList(OptionList):
    """An :class:`OptionList` with ``▶`` before its highlighted option's first line."""

    def _get_left_gutter_width(self) -> int:  # (Textual's hook, as its SelectionList's)
        return GUTTER

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        try:
            index, offset = self._lines[self.scroll_offset.y + y]
        except IndexError:  # (below the last option: a blank line the full width)
            return strip
        option = self.options[index]
        pointed = (
            index == self.highlighted and offset == _blank_above(option) and not option.disabled
        )
        first = next(iter(strip), None)
        style = (first.style if first is not None and first.style else Style()) + Style(bold=True)
        style += Style.from_meta({"option": index})  # (a click on it picks the option too)
        mark = Segment(POINTER if pointed else " " * GUTTER, style)
        return Strip([mark, *strip], strip.cell_length + GUTTER)


def _blank_above(option: Option) -> int:
    """The blank lines an option's text starts with (``room.spaced``: an airy list), the
    ▶ going on its first line of words."""
    prompt = option.prompt
    words = prompt.plain if isinstance(prompt, Text) else str(prompt)
    return len(words) - len(words.lstrip("\n"))
