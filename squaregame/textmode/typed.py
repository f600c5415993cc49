"""A move typed in text mode: as its words in the ``moves`` list (``take 4 from pile 1``),
or in the short form the game declares (:meth:`~squaregame.core.game.Game.typed_move`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from squaregame.core.game import Game
from squaregame.play.wording import describe_move
from squaregame.text import tr

_GAP = re.compile(r"\s*([^\w\s])\s*")


def same_words(text: str) -> str:
    """``text`` as words are compared: lower case, one space between words, none beside a
    sign (``(2, 5)`` is ``(2,5)``), no full stop at the end."""
    squeezed = _GAP.sub(r"\1", " ".join(text.lower().split()))
    return squeezed.rstrip(".")


def move_by_words(game: Game[Any], pos: Any, text: str, moves: Iterable[Any]) -> Any | None:
    """The move among ``moves`` (targets) whose words ``text`` is, or None."""
    typed = same_words(text)
    if not typed:
        return None
    for to in moves:
        if same_words(describe_move(game, pos, to)) == typed:
            return to
    return None


def move_with_typing(game: Game[Any], pos: Any, to: Any) -> str:
    """A move as ``moves`` lists it: its words, then what to type for it."""
    return tr("textmode.moves.typed", move=describe_move(game, pos, to),
              typed=game.typed_move(pos, to))  # fmt: skip


def example_line(game: Game[Any], pos: Any, moves: Iterable[Any]) -> str | None:
    """How to type a move here: the first of ``moves`` (None: there is none)."""
    for to in moves:
        return tr("textmode.help.example", move=describe_move(game, pos, to),
                  typed=game.typed_move(pos, to))  # fmt: skip
    return None
