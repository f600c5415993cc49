"""A Textual ``Tree`` whose long labels wrap instead of running off the edge (issue 31).

Textual's ``Tree`` draws one row per node and scrolls sideways past a long label. Here a
label wider than the room its depth leaves is broken between words (never inside a
position, see :mod:`squaregame.ui.wrap`) over more rows, each after the first with a hanging
indent under the label's text; the rows are worked out again when the width changes. A
node's rows move together: the cursor, a click or the arrow keys go from node to node, as
in a ``Tree``; nothing is wider than the tree, so it never scrolls sideways.

The cursor's node is marked ``▶`` before its label, as the chosen line of every list
(:mod:`.pointed`), so it is told by shape and not only by the cursor's colour (NO_COLOR, a
monochrome screen); a node that opens shows ``+`` (``-`` once open) instead of Textual's
triangles, which would read as that mark.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widgets import Tree
from textual.widgets._tree import _TreeLine
from textual.widgets.tree import TreeNode

from squaregame.ui.widgets.pointed import GUTTER, POINTER
from squaregame.ui.wrap import wrap_text

HANG = 2  # a label's next rows begin this far right of its text


class _MoreLine(_TreeLine[Any]):
    """A label's next row: ``part`` (1, 2 …) of its node's label."""

    def __init__(self, path: list[TreeNode[Any]], last: bool, part: int) -> None:
        super().__init__(path, last)
        self.part = part


class WrapTree(Tree[Any]):
    DEFAULT_CSS = """
    WrapTree { overflow-x: hidden; scrollbar-gutter: stable; }
    """
    ICON_NODE = "+ "
    ICON_NODE_EXPANDED = "- "
    ICONS: ClassVar[int] = 2  # the cells of "+ " / "- " before a label that opens

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._rows: dict[int, int] = {}  # rows per node id, as last laid out

    # -- the label in rows -----------------------------------------------------------------
    def _depth_width(self, node: TreeNode[Any]) -> int:
        depth = 0
        parent = node.parent
        while parent is not None:
            depth += 1
            parent = parent.parent
        if not self.show_root:
            depth = max(0, depth - 1)
        return depth * self.guide_depth

    def _prefix(self, node: TreeNode[Any]) -> int:
        """The cells before a label's text: the cursor's gutter, and the icon of one that opens."""
        return GUTTER + (self.ICONS if node.allow_expand else 0)

    def pieces(self, node: TreeNode[Any]) -> list[Text]:
        """The rows of ``node``'s label at the tree's width (the second on, indented)."""
        width = self.scrollable_content_region.width
        room = width - self._depth_width(node) - self._prefix(node)
        label = node.label if isinstance(node.label, Text) else Text(str(node.label))
        if width <= 0 or room <= HANG + 4:  # not laid out yet, or no room: one row
            return [label.copy()]
        return wrap_text(label.copy(), room, HANG)

    def render_label(self, node: TreeNode[Any], base_style: Style, style: Style) -> Text:
        text = super().render_label(node, base_style, style)  # the icon and the label
        first = self.pieces(node)[0]
        mark = POINTER if node is self.cursor_node else " " * GUTTER
        label = text[: self._prefix(node) - GUTTER + len(first.plain)]
        return Text.assemble((mark, base_style + Style(bold=True)), label)

    def get_label_width(self, node: TreeNode[Any]) -> int:
        width = self.scrollable_content_region.width - self._depth_width(node)
        longest = self._prefix(node) + max(p.cell_len for p in self.pieces(node))
        return longest if width <= 0 else min(width, longest)

    # -- laying out: a node's next rows after its first ------------------------------------
    def _build(self) -> None:
        super()._build()  # a row a node; the rows are laid out again at a new width
        lines = self._tree_lines_cached
        assert lines is not None
        out: list[_TreeLine[Any]] = []
        self._rows = {}
        for line in lines:
            node = line.node
            node._line = len(out)
            out.append(line)
            count = len(self.pieces(node))
            self._rows[node.id] = count
            out.extend(_MoreLine(line.path, line.last, part) for part in range(1, count))
        self._tree_lines_cached = out
        width = max(self.virtual_size.width, 0)
        if self.scrollable_content_region.width > 0:
            width = min(width, self.scrollable_content_region.width)
        self.virtual_size = Size(width, len(out))
        if self.cursor_node is not None:
            self.set_reactive(Tree.cursor_line, self.cursor_node._line)

    def _refresh_node(self, node: TreeNode[Any]) -> None:
        if node.id in self._rows and len(self.pieces(node)) != self._rows[node.id]:
            self._invalidate()  # a new label takes more or fewer rows
            return
        super()._refresh_node(node)

    def validate_cursor_line(self, value: int) -> int:
        """The cursor sits on a node's first row."""
        line = super().validate_cursor_line(value)
        lines = self._tree_lines
        if 0 <= line < len(lines) and isinstance(lines[line], _MoreLine):
            return lines[line].node._line
        return line

    def action_cursor_down(self) -> None:
        node = self.cursor_node
        if node is None or self.cursor_line == -1:
            super().action_cursor_down()
            return
        after = node._line + self._rows.get(node.id, 1)
        if after < len(self._tree_lines):
            self.cursor_line = after
        self.scroll_to_node(self.cursor_node or node, animate=False)

    def _get_label_region(self, line: int) -> Region | None:
        region = super()._get_label_region(line)
        node = self._get_node(line)
        if region is None or node is None:
            return region
        return Region(region.x, node._line, region.width, self._rows.get(node.id, 1))

    # -- drawing a next row ------------------------------------------------------------------
    def _render_line(self, y: int, x1: int, x2: int, base_style: Style) -> Strip:
        lines = self._tree_lines
        if y >= len(lines) or not isinstance(lines[y], _MoreLine):
            return super()._render_line(y, x1, x2, base_style)
        line = lines[y]
        assert isinstance(line, _MoreLine)
        node = line.node
        width = self.size.width
        line_style = base_style + Style(meta={"line": y})
        guide_style = self.get_component_rich_style("tree--guides", partial=True)
        chars = self.LINES["default"] if self.show_guides else ("  ", "  ", "  ", "  ")
        fill = max(0, self.guide_depth - 2)
        space, vertical = (f"{c[0]}{c[1] * fill} " for c in chars[:2])
        row = Text(style=line_style)
        for step in line.path[1:]:
            row.append(space if step.is_last else vertical, style=guide_style)
        row.append(" " * self._prefix(node))
        label_style = self.get_component_rich_style("tree--label", partial=True)
        if node is self.cursor_node:
            label_style += self.get_component_rich_style("tree--cursor", partial=False)
        pieces = self.pieces(node)
        piece = pieces[line.part].copy() if line.part < len(pieces) else Text()
        lead = len(piece.plain) - len(piece.plain.lstrip(" "))  # the hanging indent
        row.append(" " * lead)
        piece = piece[lead:]
        piece.stylize(label_style + Style(meta={"node": node.id}))
        row.append(piece)
        segments = list(row.render(self.app.console))
        strip = Strip(segments).extend_cell_length(width, line_style)
        return strip.crop(x1, x2)
