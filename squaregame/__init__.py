"""squaregame: impartial combinatorial games against a perfect opponent, in the terminal.

The public Python API (:mod:`squaregame.api`) is reached from here — ``import squaregame as
sg; sg.position("squares", 22)`` — but imported only when one of its names is first asked
for (PEP 562): every ``import squaregame.x`` runs this file, and the command line's
start-up must not pay for the registry of games.
"""

from typing import TYPE_CHECKING, Any

from squaregame.version import __version__

if TYPE_CHECKING:
    from squaregame.api import GameError as GameError
    from squaregame.api import Move as Move
    from squaregame.api import Position as Position
    from squaregame.api import TableLimitError as TableLimitError
    from squaregame.api import games as games
    from squaregame.api import position as position

# The API's names (squaregame.api), made when first asked for.
API = ("GameError", "Move", "Position", "TableLimitError", "games", "position")
__all__ = ["__version__", *API]


def __getattr__(name: str) -> Any:
    if name not in API:
        raise AttributeError(f"module 'squaregame' has no attribute {name!r}")
    import importlib  # (here: a name of the API is asked for, the first time)

    return getattr(importlib.import_module("squaregame.api"), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *API})
