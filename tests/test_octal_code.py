"""Octal codes and Grundy's game as rules: reading them, refusing bad ones (each message
naming what is wrong, in every language), and their options against the definition."""

from __future__ import annotations

import pytest

from squaregame.core.errors import RuleError
from squaregame.families.octal.code import (
    DAWSONS_CHESS,
    DAWSONS_KAYLES,
    GRUNDYS_GAME,
    KAYLES,
    MAX_DIGITS,
    GrundysGame,
    HeapRule,
    OctalCode,
    parse_code,
    parse_rule,
)
from squaregame.text import Catalog, error_text, languages


@pytest.mark.parametrize(
    ("text", "digits", "key"),
    [
        ("0.77", (0, 7, 7), "0.77"),
        (".77", (0, 7, 7), "0.77"),
        (" 0.6 ", (0, 6), "0.6"),
        (".6", (0, 6), "0.6"),
        ("4.07", (4, 0, 7), "4.07"),
        ("0.137", (0, 1, 3, 7), "0.137"),
        ("0.070", (0, 0, 7), "0.07"),
        ("4", (4,), "4"),
        ("4.", (4,), "4"),
        ("0.12345670", (0, 1, 2, 3, 4, 5, 6, 7), "0.1234567"),
    ],
)
def test_codes_are_read(text: str, digits: tuple[int, ...], key: str) -> None:
    code = parse_code(text)
    assert code.digits == digits
    assert code.key == code.text == key
    assert parse_code(code.key) == code
    assert code.last_place == len(digits) - 1


def test_names_and_aliases() -> None:
    assert parse_rule("kayles") == KAYLES == parse_code("0.77")
    assert parse_rule("Dawson's Kayles") == DAWSONS_KAYLES == parse_code("0.07")
    assert parse_rule("dawsons_chess") == DAWSONS_CHESS == parse_code("0.137")
    assert parse_rule("grundys-game") is GRUNDYS_GAME
    assert parse_rule("Grundy's game") is GRUNDYS_GAME
    assert parse_rule("grundy") is GRUNDYS_GAME
    assert GRUNDYS_GAME.last_place is None and GRUNDYS_GAME.key == "grundys-game"


def test_both_kinds_share_the_interface() -> None:
    for rule in (KAYLES, GRUNDYS_GAME, parse_code("4.07")):
        assert isinstance(rule, HeapRule)
    with pytest.raises(AttributeError):
        KAYLES.digits = (0, 1)  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "key", "params"),
    [
        ("0.78", "octal.errors.not_octal_digit", {"digit": 8}),
        ("0.97", "octal.errors.not_octal_digit", {"digit": 9}),
        ("", "octal.errors.empty", {}),
        ("   ", "octal.errors.empty", {}),
        ("0.000", "octal.errors.all_zero", {}),
        ("0", "octal.errors.all_zero", {}),
        ("0.123456701", "octal.errors.too_many_digits", {"limit": MAX_DIGITS}),
        ("2.07", "octal.errors.whole_digit", {"digit": 2}),
        ("1.7", "octal.errors.whole_digit", {"digit": 1}),
        ("04.7", "octal.errors.before_point", {}),
        ("0.7-", "octal.errors.bad_character", {"char": "-"}),
        ("0..7", "octal.errors.bad_character", {"char": "."}),
        (".", "octal.errors.bad_character", {"char": "."}),
        ("chess", "octal.errors.unknown", {"name": "chess"}),
    ],
)
def test_bad_codes_are_refused_naming_the_fault(
    text: str, key: str, params: dict[str, object]
) -> None:
    with pytest.raises(RuleError) as caught:
        parse_rule(text)
    assert caught.value.key == key
    for name, value in params.items():
        assert caught.value.params[name] == value


def test_the_message_names_the_bad_digit() -> None:
    with pytest.raises(RuleError) as caught:
        parse_rule("0.78")
    assert error_text(caught.value) == "0.78: the digit 8 is not an octal digit (0–7)"


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("text", ["0.78", "", "0.00", "0.123456701", "2.07", "04.7", "0.x", "zz"])
def test_messages_read_in_every_language(lang: str, text: str) -> None:
    with pytest.raises(RuleError) as caught:
        parse_rule(text)
    said = error_text(caught.value, Catalog(lang))
    assert "{" not in said and not said.startswith("octal.")


def test_bad_digits_are_refused_when_built_directly() -> None:
    with pytest.raises(RuleError):
        OctalCode((0, 8))
    with pytest.raises(RuleError):
        OctalCode((0, 0))
    with pytest.raises(RuleError):
        OctalCode((0,) + (1,) * (MAX_DIGITS + 1))
    assert OctalCode.of((0, 7, 7, 0, 0)) == KAYLES


def _by_definition(digits: tuple[int, ...], n: int) -> set[tuple[int, ...]]:
    found: set[tuple[int, ...]] = set()
    for j, d in enumerate(digits):
        rest = n - j
        if rest < 0:
            continue
        if d & 1 and rest == 0 and j > 0:
            found.add(())
        if d & 2 and rest > 0 and j > 0:
            found.add((rest,))
        if d & 4:
            found |= {tuple(sorted((a, rest - a))) for a in range(1, rest)}
    return found


@pytest.mark.parametrize("text", ["0.77", "0.07", "0.137", "4.07", "0.6", "4", "0.1234567"])
def test_options_are_the_definitions(text: str) -> None:
    code = parse_code(text)
    for n in range(30):
        opts = code.options(n)
        assert len(opts) == len(set(opts))
        assert all(list(o) == sorted(o) and all(h > 0 for h in o) for o in opts)
        assert set(opts) == _by_definition(code.digits, n)


def test_grundys_game_splits_into_unequal_heaps() -> None:
    assert GrundysGame().options(2) == ()
    assert GRUNDYS_GAME.options(6) == ((1, 5), (2, 4))
    assert GRUNDYS_GAME.options(7) == ((1, 6), (2, 5), (3, 4))


def test_masks() -> None:
    assert (KAYLES.whole_mask, KAYLES.take_mask, KAYLES.split_mask) == (0b110, 0b110, 0b110)
    four = parse_code("4.07")
    assert (four.whole_mask, four.take_mask, four.split_mask) == (0b100, 0b100, 0b101)
    assert not KAYLES.unequal and GRUNDYS_GAME.unequal


def test_the_theory_imports_no_interface() -> None:
    import subprocess
    import sys

    code = (
        "import sys; import squaregame.families.octal.period, squaregame.families.octal.native;"
        "bad = [m for m in sys.modules if m == 'textual' or m.startswith(('textual.',"
        " 'squaregame.ui', 'squaregame.play', 'squaregame.lessons', 'squaregame.text'))];"
        "print(bad); sys.exit(bool(bad))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
