"""Numbers as people write them, fuzzed against a slow reference: the rules of
:meth:`Param.read_numbers` written again as plainly as possible, character by character."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from squaregame.core.errors import MAX_INPUT_DIGITS, GameError
from squaregame.families import GAMES

ONE = GAMES.kinds.find("squares").position_param  # one number
SEVERAL = GAMES.kinds.find("sum").position_param  # several
GROUPING = "_\u00a0\u202f\u2009"  # group digits in every value
ASCII_SPACE = " \t\n"
DIGITS = "0123456789"
ALPHABET = DIGITS * 3 + ",_ \u00a0\u202f\u2009\t+-x.()٣"

Outcome = tuple[int, ...] | str  # the values, or the key of the error


def ref_whole(word: str, marks: str, signed: bool) -> Outcome:
    """One number: an optional sign, then digit groups split at any of ``marks``."""
    word = word.strip()
    negative = False
    if signed and word and word[0] in "+-":
        negative, word = word[0] == "-", word[1:]
    groups, current = [], ""
    for c in word:
        if c in marks:
            groups.append(current)
            current = ""
        elif c in DIGITS:
            current += c
        else:
            return "errors.not_whole_number"
    groups.append(current)
    digits = "".join(groups)
    if not digits:
        return "errors.not_whole_number"
    if len(groups) > 1:
        if not 1 <= len(groups[0]) <= 3:
            return "errors.number_grouping"
        for g in groups[1:]:
            if len(g) != 3:
                return "errors.number_grouping"
    if len(digits) > MAX_INPUT_DIGITS:
        return "errors.number_too_large"
    value = 0
    for c in digits:
        value = value * 10 + DIGITS.index(c)
    return (-value if negative else value,)


def ref_words(text: str, separators: str) -> list[str]:
    words, current = [], ""
    for c in text:
        if c in separators:
            words.append(current)
            current = ""
        else:
            current += c
    words.append(current)
    return [w for w in words if w]


def ref_ambiguous(text: str, words: list[str]) -> bool:
    """Could a value of several be a thousands group? A comma between a whole run of one to
    three digits (not after a group mark) and exactly three digits; or a word of two or more
    digits that starts with 0 (after a sign)."""
    for i, c in enumerate(text):
        if c != ",":
            continue
        j = i
        while j > 0 and text[j - 1] in DIGITS:
            j -= 1
        after = text[i + 1 : i + 4]
        beyond = text[i + 4 : i + 5]
        if (
            1 <= i - j <= 3
            and (j == 0 or text[j - 1] not in GROUPING)
            and len(after) == 3
            and all(d in DIGITS for d in after)
            and beyond not in tuple(DIGITS)
        ):
            return True
    for word in words:
        body = word[1:] if word[:1] in ("+", "-") else word
        if len(body) >= 2 and body[0] == "0" and all(d in DIGITS for d in body):
            return True
    return False


def ref_read(text: str, one: bool, signed: bool) -> Outcome:
    text = "".join(" " if c in "()" else c for c in text).strip()
    if not one:
        values: tuple[int, ...] = ()
        several = ref_words(text, "," + ASCII_SPACE + "\r\f\v")
        if ref_ambiguous(text, several):
            return "errors.number_ambiguous"
        for word in several:
            got = ref_whole(word, GROUPING, signed)
            if isinstance(got, str):
                return got
            values += got
        return values
    words = ref_words(text, ASCII_SPACE + "\r\f\v")
    if not words:
        return ()
    whole = ref_whole(" ".join(words), GROUPING + ", ", signed)
    if not isinstance(whole, str) or len(words) < 2:
        return whole
    values = ()
    for word in words:
        got = ref_whole(word, GROUPING + ",", signed)
        if isinstance(got, str):
            return got
        values += got
    return values


def ours(text: str, one: bool, signed: bool) -> Outcome:
    try:
        return (ONE if one else SEVERAL).read_numbers(text, signed=signed)
    except GameError as exc:
        return exc.key


@settings(max_examples=300, deadline=None)  # (1500 in the slow run, below)
@given(st.text(ALPHABET, max_size=14), st.booleans(), st.booleans())
@example("1,000", True, False)
@example("1 000", True, False)
@example("12,5", False, False)
@example("1,000 5", False, False)
@example("1 000 5", False, False)
@example("3,100", False, True)
@example("0 05", False, False)
@example("1\u202f000 7", False, True)
@example("-1,000", True, True)
@example("9" * 41, True, False)
def test_numbers_read_as_the_reference_reads_them(text: str, one: bool, signed: bool) -> None:
    assert ours(text, one, signed) == ref_read(text, one, signed), text


@pytest.mark.slow
@settings(max_examples=1500, deadline=None)
@given(st.text(ALPHABET, max_size=14), st.booleans(), st.booleans())
def test_many_numbers_read_as_the_reference_reads_them(text: str, one: bool, signed: bool) -> None:
    assert ours(text, one, signed) == ref_read(text, one, signed), text


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**30), st.sampled_from([",", " ", "_", "\u00a0", "\u202f", "\u2009"]))
def test_any_number_grouped_by_three_reads_as_itself(n: int, mark: str) -> None:
    grouped = f"{n:,}".replace(",", mark)
    assert ONE.read_numbers(grouped) == (n,) == ONE.parse(grouped)
    assert ONE.read_numbers(str(n)) == (n,)
