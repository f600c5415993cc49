"""What a user is told: an error as a sentence (``str()`` of a GameError is its key)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from squaregame.core.errors import GameError
from squaregame.text import error_text


def said(exc: BaseException) -> str:
    """The sentence a person reads for ``exc`` (English unless a language was chosen)."""
    return error_text(exc) if isinstance(exc, GameError) else str(exc)


@contextmanager
def raises_saying(cls: type[GameError], pattern: str) -> Iterator[pytest.ExceptionInfo[GameError]]:
    """Like ``pytest.raises(cls, match=pattern)``, matched against the sentence said."""
    with pytest.raises(cls) as info:
        yield info
    assert re.search(pattern, said(info.value)), said(info.value)
