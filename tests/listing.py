"""Work counted, not timed: how many moves were listed one by one.

A pile of 10^12 must never have its moves listed (it would never end); a test that timed
it ("at once: under 0.5 s") failed on a loaded machine without anything being wrong. Its
guard is now the count of the two ways moves are listed: a Nim pile's amounts, and the
moves of a run of moves valued one by one (``Run.info``: a run of 10^12 moves expanded).
Past :data:`MOST` since the last check, the listing stops with an AssertionError (a
listing of 10^12 would hang the test otherwise), and :meth:`Listed.check` asserts the
count, which a caught AssertionError cannot hide."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from squaregame.core.moves import Run
from squaregame.core.rules.nim import NimRule

MOST = 100_000  # moves a test may list; listing a pile of 10^12 passes it at once


@dataclass
class Listed:
    count: int = 0

    def check(self) -> None:
        """No more than :data:`MOST` moves listed since the last check."""
        assert self.count <= MOST, f"{self.count:,} moves were listed one by one"
        self.count = 0

    def one(self) -> None:
        self.count += 1
        if self.count > MOST:
            raise AssertionError(f"more than {MOST:,} moves listed one by one")


def count_listed(monkeypatch: pytest.MonkeyPatch) -> Listed:
    """Count every move listed from now on (the test's ``monkeypatch`` undoes it)."""
    listed = Listed()
    amounts, info = NimRule.amounts, Run.info

    def counted(self: NimRule, n: int) -> Iterator[int]:
        for a in amounts(self, n):
            listed.one()
            yield a

    def valued(self: Run[object], k: int) -> object:
        listed.one()
        return info(self, k)

    monkeypatch.setattr(NimRule, "amounts", counted)
    monkeypatch.setattr(Run, "info", valued)
    return listed
