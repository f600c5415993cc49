"""A choice among a few: Textual's ``Select``, lighter to open a dialog with.

Textual's ``Select`` is six widgets: itself, the line showing the chosen option (a row of
the option's words and two arrows, one hidden) and the list of options it opens, each
styled and laid out as the dialog opens although the list is hidden until asked for. In
the new-game dialog's seven choices that was half the cost of opening it (issue 46). A
:class:`Choice` is two: itself and :class:`Shown`, the chosen option's words and its arrow
drawn as one line; its list (``SelectOverlay``) is made when first opened — by a key, a
click or ``expanded`` set. It says ``Changed`` when its value changes, not for the value
it was given (for that, the new-game dialog laid its rows out twice more as it opened). Its
classes (``-has-value``, ``-textual-compact``) are given before it is mounted, as Textual
would give them after: each class given to a mounted widget restyles it. Everything else
is the ``Select``'s: its keys, its ``Changed`` message, its ``value``.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.content import Content
from textual.css.query import NoMatches
from textual.geometry import Size
from textual.widgets import Select
from textual.widgets._select import NoSelection, SelectCurrent, SelectOverlay

ARROWS = {False: "▼", True: "▲"}  # closed, open


class Shown(SelectCurrent):
    """The chosen option's words, and at the first line's end an arrow: ▼, or ▲ while open.
    Words longer than the line wrap onto the next (60 columns: Kayles' choice, cut before)."""

    DEFAULT_CSS = """
    Shown { height: auto; }
    """

    def __init__(self, placeholder: str) -> None:
        super().__init__(placeholder)
        self.open = False

    def compose(self) -> ComposeResult:
        return iter(())  # drawn by :meth:`render`: no child widgets

    def update(self, label: Any) -> None:
        self.label = label
        self.has_value = label is not Select.NULL
        self.refresh(layout=True)

    def show_open(self, open: bool) -> None:
        if open != self.open:
            self.open = open
            self.refresh()

    def _lines(self, width: int) -> list[Content]:
        """The words wrapped to ``width`` less the arrow's two cells."""
        label = self.placeholder if isinstance(self.label, NoSelection) else self.label
        words = Content.from_markup(label) if isinstance(label, str) else Content(str(label))
        if not self.has_value:
            words = words.stylize("dim")
        return words.wrap(max(1, width - 2)) or [Content("")]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width))

    def render(self) -> Content:
        width = self.content_size.width
        first, *rest = self._lines(width)
        gap = " " * max(1, width - 1 - cell_len(first.plain))
        arrow = Content.assemble(first, gap, (ARROWS[self.open], "dim"))
        return Content("\n").join([arrow, *rest])


class Choice(Select[Any]):
    def __init__(self, options: list[tuple[str, Any]], value: Any, *, id: str) -> None:
        super().__init__(options, value=value, allow_blank=False, id=id, compact=True)
        self._given = True  # the value given is shown as mounted: not a change to say

    def compose(self) -> ComposeResult:
        shown = Shown(self.prompt)
        shown.set_reactive(SelectCurrent.has_value, True)  # a value is always chosen
        shown.set_class(True, "-has-value", update=False)
        yield shown

    def _list(self) -> SelectOverlay | None:
        """The list of options, once made."""
        try:
            return self.query_one(SelectOverlay)
        except NoMatches:
            return None

    async def _made(self) -> SelectOverlay:
        """The list of options, made and mounted if it is not yet."""
        made = self._list()
        if made is None:
            made = SelectOverlay(type_to_search=self._type_to_search)
            made.set_class(self.compact, "-textual-compact", update=False)
            await self.mount(made)
            super()._setup_options_renderables()
            for index, (_, value) in enumerate(self._options):
                if value == self.value:
                    made.highlighted = index
        return made

    def _setup_options_renderables(self) -> None:
        if self._list() is not None:  # (else made with them when first opened)
            super()._setup_options_renderables()

    def _watch_value(self, value: Any) -> None:
        self._value = value
        given, self._given = self._given, False
        try:
            shown = self.query_one(Shown)
        except NoMatches:
            return
        made = self._list()
        for index, (prompt, option) in enumerate(self._options):
            if option == value:
                if made is not None:
                    made.highlighted = index
                shown.update(prompt)
                break
        if not given:
            self.post_message(self.Changed(self, value))

    def _watch_expanded(self, expanded: bool) -> None:
        for shown in self.query(Shown):
            shown.show_open(expanded)
        if self._list() is None:
            if expanded:
                self.call_next(self._open)
            return
        super()._watch_expanded(expanded)

    async def _open(self) -> None:
        await self._made()
        if self.expanded:
            super()._watch_expanded(True)

    async def action_show_overlay(self) -> None:  # type: ignore[override]
        await self._made()
        super().action_show_overlay()
