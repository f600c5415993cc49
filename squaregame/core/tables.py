"""The tables a program shares: created by the caller (the CLI, the app, a test), passed in.

A :class:`Tables` keeps everything that is worth computing once and keeping, as *parts*
keyed by name and made when first asked for: the one-pile values
(:meth:`squaregame.core.piles.store.TableStore.of`, key ``piles``), the sums' solved boxes
(``sums``), a family's own boards (Wythoff's, ``wythoff``). It knows none of them: each
owner asks for its part by its key. Two ``Tables`` share nothing, so tests and concurrent
app sessions cannot see each other's state.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast, runtime_checkable

T = TypeVar("T")
Said = list[tuple[str, dict[str, Any]]]  # catalog keys and their values


@runtime_checkable
class Telling(Protocol):
    """A part that may have something to tell a person (a damaged cache file rebuilt …)."""

    def take_messages(self) -> Said: ...


class Tables:
    """One program's tables; give it to :meth:`GameSpec.build`. ``cache``: the folder table
    files are kept in (default: the user's cache folder); ``parts``: parts given ready made
    (a test's own store)."""

    def __init__(self, *, cache: Path | None = None, **parts: Any) -> None:
        self.cache = cache
        self._parts: dict[str, Any] = dict(parts)

    def part(self, key: str, make: Callable[[Tables], T]) -> T:
        """The part called ``key``, made by ``make(self)`` the first time it is asked for."""
        found = self._parts.get(key)
        if found is None:
            found = self._parts[key] = make(self)
        return cast(T, found)

    def has(self, key: str) -> bool:
        """Has the part called ``key`` been made (so that it may have news to tell)?"""
        return key in self._parts

    def take_messages(self) -> Said:
        """What the parts have to tell a person (a damaged cache file rebuilt …): catalog keys
        and their values, each said once; taken, so the next call has only what is new."""
        said: Said = []
        for part in self._parts.values():
            if isinstance(part, Telling):
                said += part.take_messages()
        return said
