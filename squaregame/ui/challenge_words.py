"""A challenge's verdict and answer in words, said alike by the app's dialog and by text
mode (no Textual here: text mode reads it too)."""

from __future__ import annotations

from typing import Any

from squaregame.text import tr
from squaregame.ui.class_link import ChallengeOffer

APP = "ui_class.said"  # the app's words: a ✓ on "Right!"


def verdict(offer: ChallengeOffer, given: Any, said: str = APP) -> str:
    """Right, or what was wrong: how many winning moves were missed, how many marked that do
    not win (the moves themselves only once the challenge is closed). ``said``: the catalog
    section of the words ``right``, ``moves_wrong`` and ``grundy_wrong``."""
    if offer.ask == "moves":
        chosen, winning = set(given), set(offer.winning)
        if chosen == winning:
            return tr(f"{said}.right")
        missed, extra = len(winning - chosen), len(chosen - winning)
        parts = [tr("ui_class.said.missed", count=missed)] if missed else []
        parts += [tr("ui_class.said.extra", count=extra)] if extra else []
        return tr(f"{said}.moves_wrong", what="; ".join(parts))
    if given == offer.grundy:
        return tr(f"{said}.right")
    return tr(f"{said}.grundy_wrong", value=given)


def answer_text(offer: ChallengeOffer) -> str:
    """The right answer, said once the challenge is closed."""
    if offer.ask == "moves":
        winning = [m for m in offer.moves if m in offer.winning]
        if not winning:
            return tr("ui_class.said.answer_none")
        return tr("ui_class.said.answer_moves", moves=", ".join(winning))
    if offer.ask == "grundy":
        return tr("ui_class.said.answer_grundy", value=offer.grundy)
    return tr("ui_class.said.answer_closed")
