"""Footer words in the current language.

``BINDINGS`` are class attributes, read when a class is made — before anyone has chosen a
language. So a binding's description is written as a catalog key (``"ui_game.keys.undo"``),
and :func:`localize` gives one screen (or the app) its words when it is constructed, in the
language of that moment. Textual 8 copies the class's bindings into each instance
(``DOMNode._bindings``); replacing that copy changes what this instance's Footer shows and
nothing else. ``tests/test_ui_text.py`` checks the Footer really shows the translation.
"""

from __future__ import annotations

from dataclasses import replace

from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode

from squaregame.text import tr

KEY_PREFIX = "ui_"


def _word(text: str) -> str:
    return tr(text) if text.startswith(KEY_PREFIX) else text


def translated(binding: Binding) -> Binding:
    return replace(binding, description=_word(binding.description), tooltip=_word(binding.tooltip))


def localize(node: DOMNode) -> None:
    """Put ``node``'s binding descriptions (catalog keys) into the current language."""
    current = node._bindings
    node._bindings = BindingsMap.from_keys(
        {key: [translated(b) for b in group] for key, group in current.key_to_bindings.items()}
    )
