"""The app in its language: translated Footer keys, and a switch of language while it runs.

**Keys.** Textual takes a node's key bindings from its class's ``BINDINGS``, made once at
import — before any language is chosen — and copies them into the node's ``_bindings`` map
when the node is built. So a binding's description is written as a catalog key::

    BINDINGS = [Binding("escape", "close", "ui_settings.keys.close")]

and :func:`localize_bindings` (called in the node's ``__init__``) replaces that map with
copies of the bindings whose descriptions and tooltips are ``tr(key)``. Textual reads
``_bindings`` afresh each time it builds a Footer or looks a key up, so nothing else is
needed; a description that is not a catalog key (``"←"``) is left as it is. The command
palette's own key (added by Textual as ``palette``) is translated too, where it is shown,
and so are the keys of Textual's own widgets a Footer shows (:data:`TEXTUAL_KEYS`: a Select's
open list), when they take the focus (:func:`localize_textual`).

**Switching.** :func:`apply_language` is the one way the running app changes language (the
Settings dialog calls it when the Language field changed): it calls ``set_language``, gives
the app and every node on every screen of the stack its keys again in the new language, and
calls ``relocalize()`` on each screen that has one — a screen redraws its own texts there
(recomposing, or updating the few widgets that hold text). A screen without ``relocalize``
keeps its texts until it is next opened; its Footer changes at once.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Protocol, runtime_checkable

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode

from squaregame.text import set_language, tr

CATALOG_KEY = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_-]+)+$")
# Keys Textual gives its own widgets that a Footer shows (a Select's open list).
TEXTUAL_KEYS = {"Dismiss menu": "ui_textual.keys.dismiss_menu"}
PALETTE_ACTIONS = frozenset({"command_palette", "app.command_palette"})
_SOURCE = "_squaregame_source_bindings"  # the node's bindings as declared (keys, not text)


@runtime_checkable
class Relocalizable(Protocol):
    """A screen that redraws its own texts after a language switch."""

    def relocalize(self) -> Any: ...


def text_of(description: str) -> str:
    """A binding's description in the current language (unchanged if not a catalog key)."""
    description = TEXTUAL_KEYS.get(description, description)
    return tr(description) if CATALOG_KEY.match(description) else description


def _translated(binding: Binding) -> Binding:
    if binding.action in PALETTE_ACTIONS:
        return replace(
            binding,
            description=tr("ui_widgets.keys.palette"),
            tooltip=tr("ui_widgets.keys.palette_tooltip"),
        )
    return replace(
        binding,
        description=text_of(binding.description),
        tooltip=text_of(binding.tooltip) if binding.tooltip else binding.tooltip,
    )


def localize_bindings(node: DOMNode) -> None:
    """Give ``node`` its bindings with descriptions in the current language."""
    source: BindingsMap | None = getattr(node, _SOURCE, None)
    if source is None:
        source = node._bindings.copy()
        setattr(node, _SOURCE, source)
    node._bindings = BindingsMap.from_keys(
        {key: [_translated(b) for b in bs] for key, bs in source.key_to_bindings.items()}
    )


def relabel(node: DOMNode, action: str, description: str, show: bool | None = None) -> None:
    """Give the bindings of ``action`` a new description (a catalog key), kept across
    language switches; ``show``: shown in the key bar or not (None: as they were)."""
    localize_bindings(node)  # the source is recorded
    source: BindingsMap = getattr(node, _SOURCE)
    setattr(node, _SOURCE, BindingsMap.from_keys({
        key: [
            replace(b, description=description, show=b.show if show is None else show)
            if b.action == action else b
            for b in bs
        ]
        for key, bs in source.key_to_bindings.items()
    }))  # fmt: skip
    localize_bindings(node)


def localize_textual(node: DOMNode) -> bool:
    """Give one of Textual's own widgets (a Select's open list, when it takes the focus) its
    keys in the current language; False if it had them already."""
    if hasattr(node, _SOURCE):
        return False
    localize_bindings(node)
    return True


def apply_language(app: App[Any], lang: str) -> str:
    """Switch the running ``app`` to ``lang``; returns the language now spoken."""
    spoken = set_language(lang)
    localize_bindings(app)
    for screen in app.screen_stack:
        for node in (screen, *screen.walk_children()):
            if hasattr(node, _SOURCE):
                localize_bindings(node)
        if isinstance(screen, Relocalizable):
            screen.call_later(screen.relocalize)  # on its own loop; may be async (recompose)
        screen.refresh_bindings()
    return spoken


# Textual's own palette commands: (title, help) → their catalog key (ui_textual.commands.<key>)
TEXTUAL_COMMANDS = {
    ("Bell", "Ring the bell"): "bell",
    ("Quit", "Quit the application as soon as possible"): "quit",
    ("Keys", "Hide the keys and widget help panel"): "hide_keys",
    ("Keys", "Show help for the focused widget and a summary of available keys"): "show_keys",
    ("Minimize", "Minimize the widget and restore to normal size"): "minimize",
    ("Maximize", "Maximize the focused widget"): "maximize",
}


def textual_command(cmd: SystemCommand) -> SystemCommand:
    """One of Textual's palette commands, its title and help in the current language."""
    key = TEXTUAL_COMMANDS.get((cmd.title, cmd.help))
    if key is None:
        return cmd
    return cmd._replace(
        title=tr(f"ui_textual.commands.{key}.title"), help=tr(f"ui_textual.commands.{key}.help")
    )
