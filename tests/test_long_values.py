"""Long numbers in messages are shown by their ends and their length, in every language."""

from __future__ import annotations

from squaregame.text import tr
from squaregame.text.catalog import shown


def test_long_numbers_are_shown_by_their_ends_and_length() -> None:

    assert shown(12345) == "12345" and shown("x" * 300) == "x" * 300
    assert shown(10**400) == "10000000…0000 (401 digits)"
    assert shown("9" * 50, "es") == "99999999…9999 (50 cifras)"
    assert shown(-(10**50)) == "-10000000…0000 (51 digits)"
    assert shown(10**5000, "ru") == "≈5001 цифра"  # str() would refuse it
    assert "401 digits" in tr("errors.tabled_beyond_max", need=10**400, limit=10, rule="squares")
