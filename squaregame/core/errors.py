"""Bad input: the errors a game raises, and the limits on input checked before anything is
computed. Kept apart from :mod:`squaregame.core.types` (whose value classes cost a start-up
time to make), so the menu, the registry and the text layer can name them cheaply."""

from __future__ import annotations

from typing import Any

MAX_PILES = 8
MAX_INPUT_DIGITS = 40  # anything longer is refused before it is even converted


class GameError(ValueError):
    """Bad input from a user: a catalog key and the values its message needs.

    Core never writes the sentence: ``squaregame.text.error_text`` renders ``key`` (e.g.
    ``errors.not_an_amount``) with ``params`` in the user's language. ``str()`` gives the
    key and the values, for a log or a test, never for a person.
    """

    # How the input was given, where its message may be worded for it: ``options`` (the
    # command line's options), ``field`` (a dialog's field), ``python`` (the keyword
    # arguments of the Python API). The text layer says the message ``<key>_<way>`` where
    # the catalogs have one, else ``<key>``.
    way: str | None = None

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def given_as(self, way: str) -> GameError:
        """This error, about input given ``way``."""
        said = _rebuild_error(type(self), self.key, self.params)
        said.way = way
        return said

    def __str__(self) -> str:
        if not self.params:
            return self.key
        return f"{self.key} {', '.join(f'{k}={v!r}' for k, v in self.params.items())}"

    def __reduce__(self) -> Any:  # picklable across processes with its parameters
        return (_rebuild_error, (type(self), self.key, self.params, self.way))


def _rebuild_error(
    cls: type[GameError], key: str, params: dict[str, Any], way: str | None = None
) -> GameError:
    error = cls(key, **params)
    if way is not None:
        error.way = way
    return error


class RuleError(GameError):
    """A subtraction rule that cannot be used."""


class PositionError(GameError):
    """A position that does not exist in the game, or an illegal move."""


class TableLimitError(GameError):
    """The position lies beyond what can be computed right now; the message says how to go on."""
