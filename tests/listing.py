"""Work counted, not timed: how many moves of a Nim pile were listed one by one.

A pile of 10^12 must never have its moves listed (it would never end); a test that timed
it ("at once: under 0.5 s") failed on a loaded machine without anything being wrong. Its
guard is now the count: past ``most`` moves listed, the listing stops with an
AssertionError (a listing of 10^12 would hang the test otherwise), and the test asserts
the count, which a caught AssertionError cannot hide."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from squaregame.core.rules.nim import NimRule

MOST = 100_000  # moves a test may list; listing a pile of 10^12 passes it at once


@dataclass
class Listed:
    count: int = 0

    def check(self) -> None:
        assert self.count <= MOST, f"{self.count:,} moves of a Nim pile were listed"


def count_listed(monkeypatch: pytest.MonkeyPatch) -> Listed:
    """Count every amount a Nim pile lists from now on (the test's ``monkeypatch`` undoes it)."""
    listed = Listed()
    amounts = NimRule.amounts

    def counted(self: NimRule, n: int) -> Iterator[int]:
        for a in amounts(self, n):
            listed.count += 1
            if listed.count > MOST:
                raise AssertionError(f"more than {MOST:,} moves of a Nim pile listed")
            yield a

    monkeypatch.setattr(NimRule, "amounts", counted)
    return listed
