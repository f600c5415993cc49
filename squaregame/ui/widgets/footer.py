"""Textual's Footer, without the keys it keeps after it has dropped them (Textual #6666).

Textual's Footer makes a widget per key, bound to its ``compact`` attribute
(``FooterKey(…).data_bind(compact=Footer.compact)``), and makes them again each time the
screen's keys change (a screen shown again, a key enabled). Each binding leaves an entry
``(key widget, setter)`` in the Footer's watcher list, which Textual prunes only when
``compact`` itself changes — never, here. So each remake kept the old keys alive with all
they had drawn: a lesson's try-it and back again kept ~25,000 blocks of memory more each
time, and every full pass of Python's collector walked them (Textual issue #6666, open).
This Footer drops the entries of the keys it has removed once it has made the new ones.
"""

from __future__ import annotations

from textual.widgets import Footer as TextualFooter

from squaregame.ui.textual_fixes import drop_closed_watchers


class Footer(TextualFooter):
    async def recompose(self) -> None:
        await super().recompose()
        drop_closed_watchers(self)
