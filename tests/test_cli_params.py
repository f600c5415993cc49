"""One parser and one text path for the command line: every number it takes is read by a
Param (the dialog's reading, ``1,000`` and ``1 000`` alike), and every usage error is a
catalog key, said in one line with exit status 2."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_helpers import run
from said import said
from source_trees import parsed_file

import squaregame
from squaregame.cli import build_tables, table
from squaregame.cli.common import UsageError
from squaregame.cli.main import main, make_parser
from squaregame.cli.options import SEED, read_option, read_position
from squaregame.core.errors import GameError
from squaregame.families import GAMES
from squaregame.play.setup import spec_from_fields
from squaregame.text import Catalog, error_text, set_language, tr
from squaregame.text.catalog import PLACEHOLDER, load_catalog

CLI = Path(squaregame.__file__).parent / "cli"
LANGS = ("en", "ru", "es")
KEY = re.compile(r"^[a-z_]+(?:\.[a-z0-9_]+)+$")
# The exceptions that carry a catalog key (a GameError and its kinds, the command line's own).
KEYED = {"UsageError", "GameError", "PositionError", "RuleError", "TableLimitError",
         "BenchError", "WorksheetError", "FieldError"}  # fmt: skip
THOUSAND = ["1000", "1,000", "1 000", "1_000", "1\u202f000", "1\u00a0000", "1\u2009000"]
PARAM_ERRORS = ["errors.not_whole_number", "errors.number_grouping", "errors.number_too_large",
                "errors.number_below", "errors.number_above", "errors.number_range"]  # fmt: skip


# -- every usage error a catalog key -------------------------------------------------------
def _calls() -> Iterator[tuple[str, ast.Call]]:
    for path in sorted(CLI.glob("*.py")):
        for node in ast.walk(parsed_file(path)):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                yield f"{path.name}:{node.lineno} {name}", node


def _keyed_calls() -> Iterator[tuple[str, ast.Call]]:
    for where, node in _calls():
        if where.rsplit(" ", 1)[1] in KEYED:
            yield where, node


def _literal_keys() -> set[str]:
    """The keys the command line raises, says (``tr``) or declares (a Param's error_key)."""
    keys: set[str] = set()
    for where, node in _calls():
        name = where.rsplit(" ", 1)[1]
        first = node.args[0] if node.args else None
        if name in KEYED | {"tr"} and isinstance(first, ast.Constant):
            keys.add(str(first.value))
        keys |= {str(k.value.value) for k in node.keywords
                 if k.arg == "error_key" and isinstance(k.value, ast.Constant)}  # fmt: skip
    return keys


def test_no_usage_error_is_an_f_string_or_a_sentence() -> None:
    """A keyed error made in ``squaregame/cli`` gives a literal catalog key (or re-raises an
    error's own ``.key``), never an f-string, a sentence or a text already rendered."""
    bad = []
    for where, node in _keyed_calls():
        first = node.args[0] if node.args else None
        if isinstance(first, ast.Attribute) and first.attr == "key":
            continue  # an error's own key, given again (as a usage error)
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            bad.append(f"{where}: {ast.unparse(first) if first else 'no key'}")
        elif not KEY.match(first.value):
            bad.append(f"{where}: {first.value!r} is not a catalog key")
    assert not bad, "\n".join(bad)
    assert sum(1 for _ in _keyed_calls()) > 30  # the scan sees them


def test_the_scan_would_see_an_f_string() -> None:
    tree = ast.parse('raise UsageError(f"--upto must be between 1 and {most}")')
    call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call))
    assert isinstance(call.args[0], ast.JoinedStr)


def test_no_hand_parsed_numbers_or_argparse_types_are_left() -> None:
    text = "\n".join(p.read_text(encoding="utf-8") for p in CLI.glob("*.py"))
    for gone in ("parse_int", "type=int", "type=float", "ArgumentTypeError"):
        assert gone not in text, gone


def test_every_usage_error_key_is_in_every_language() -> None:
    keys = _literal_keys() | {f"{k}_options" for k in PARAM_ERRORS} | set(PARAM_ERRORS)
    assert "cli.errors.argparse" in keys and "cli.errors.seed" in keys
    for lang in LANGS:
        catalog = load_catalog(lang)  # the language's own file: no English behind it
        missing = sorted(k for k in keys if k not in catalog)
        assert not missing, (lang, missing)


@pytest.mark.parametrize("lang", LANGS)
def test_every_cli_error_renders_with_its_values(lang: str) -> None:
    english = load_catalog("en")
    keys = [k for k in english if k.startswith("cli.errors.")]
    keys += [f"{k}_options" for k in PARAM_ERRORS]
    for key in keys:
        names = set(PLACEHOLDER.findall(str(english[key])))
        text = error_text(UsageError(key, **{n: f"<{n}>" for n in names}), Catalog(lang))
        assert "\n" not in text and all(f"<{n}>" in text for n in names), (key, text)


def test_an_option_error_names_the_option_and_a_position_error_does_not() -> None:
    with pytest.raises(UsageError) as caught:
        read_option(table.UPTO, "ten")
    assert caught.value.way == "options" and said(caught.value) == (
        "--upto must be a whole number, not 'ten'"
    )
    with pytest.raises(UsageError) as caught:
        read_position("sum", ["5", "x"])
    assert said(caught.value) == "'x' is not a whole number"
    with pytest.raises(UsageError) as caught:
        read_position("squares", ["x"], "--start")
    assert said(caught.value) == "--start must be a whole number, not 'x'"
    with pytest.raises(UsageError) as caught:
        read_option(table.UPTO, "")
    assert said(caught.value) == "--upto must be a whole number, not ''"


def test_an_option_variant_missing_a_value_falls_back_to_the_plain_message() -> None:
    error = GameError("errors.not_whole_number", text="x").given_as("options")  # no option
    assert said(error) == "'x' is not a whole number"


# -- one line, exit status 2 ---------------------------------------------------------------
@pytest.mark.parametrize(
    "argv, line",
    [
        (["analyze", "squares", "1,00"],
         "'1,00' is not a whole number: group its digits by three (1,000,000)"),
        (["analyze", "squares", "-5"], "the number cannot be negative (got -5)"),
        (["analyze", "squares", "3", "4"], "squares takes N, got 2 numbers"),
        (["analyze", "squares", "5", "--seed", "-1"],
         "--seed takes a whole number from 0 to 2^63−1, not '-1'"),
        (["table", "squares", "--upto", "10,0000"],
         "--upto must be a whole number, its digits grouped by three (1,000,000), not '10,0000'"),
        (["table", "squares", "--upto", "-1"], "--upto cannot be less than 0 (got -1)"),
        (["table", "squares", "--upto", "1" + "0" * 40],
         "--upto 10000000000000000000… is far too large"),
        (["table", "squares", "--upto", "5", "--stats", "--csv"],
         "--stats prints JSON (--json) or a line of text"),
        (["table", "nim", "--upto", "5", "--stats"],
         "--stats is for normal-play squares or wythoff only"),
        (["table", "wythoff", "--upto", "1,000"],
         "that table would have more than 1,000,000 positions; lower --upto"),
        (["build-tables", "squares", "--upto", "0"], "--upto must be between 1 and 200,000,000"),
        (["play", "squares", "--seed", "2^63"],
         "--seed takes a whole number from 0 to 2^63−1, not '2^63'"),
        (["bench", "--pairs", "1,000"], "--pairs must be between 1 and 50"),
        (["bench", "--sizes", "1e6,x"],
         "--sizes takes whole numbers from 1 to 200,000,000 separated by commas, not 'x'"),
        (["serve", "--port", "70 000"], "--port must be between 1 and 65535"),
        (["analyze", "squares", "5", "--bogus"],
         "squaregame: error: unrecognized arguments: --bogus (see 'squaregame --help')"),
        (["play", "chess"], None),
        (["analyze"], None),
    ],
)  # fmt: skip
def test_a_usage_error_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], line: str | None
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), err
    assert lines[0].startswith("squaregame")
    if line is not None:
        assert lines[0] == f"squaregame: {line}" or lines[0] == line, lines[0]


def test_argparse_s_own_errors_are_said_through_the_catalog(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "--lang", "ru", "analyze", "squares", "5", "--bogus")
    assert code == 2
    set_language("ru")
    words = tr("cli.argparse.unrecognized") % "--bogus"  # argparse's own words, in Russian
    expected = tr("cli.errors.argparse", prog="squaregame", message=words)
    assert err == expected + "\n" and "ошибка" in err and "нераспознанные" in err


def test_a_usage_error_is_said_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--lang", "es", "why", "squares", "22", "--depth", "1,0")
    assert code == 2
    assert err.strip() == (
        "squaregame: --depth debe ser un número entero con las cifras agrupadas de tres en tres "
        "(1 000 000), no '1,0'"
    )


# -- 1,000 and 1 000 mean 1000, on the command line and in the dialog ----------------------
def _words(form: str) -> list[str]:
    return form.split(" ")  # "1 000" arrives as two words, as a shell splits it


@pytest.mark.parametrize("form", [*THOUSAND, "1 000 quoted"])
def test_analyze_and_why_read_a_thousand(form: str) -> None:
    words = ["1 000"] if form == "1 000 quoted" else _words(form)
    for command in ("analyze", "why"):
        args = make_parser().parse_args([command, "squares", *words])
        assert read_position(args.game, args.position) == (1000,)


@pytest.mark.parametrize("form", ["1,000", "1 000", "1_000", "1\u202f000"])
def test_analyze_answers_for_a_thousand(form: str, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    code, out, _ = run(capsys, "analyze", "squares", *_words(form), "--json")
    assert code == 0 and json.loads(out)["position"] == 1000


@pytest.mark.parametrize("form", THOUSAND)
def test_table_upto_reads_a_thousand(form: str) -> None:
    args = make_parser().parse_args(["table", "squares", "--upto", form])
    assert read_option(table.UPTO, args.upto) == 1000
    args = make_parser().parse_args(["build-tables", "squares", "--upto", form])
    assert read_option(build_tables.UPTO, args.upto) == 1000


@pytest.mark.parametrize("form", THOUSAND)
def test_play_start_reads_a_thousand(form: str) -> None:
    from squaregame.cli.play import build_request

    request = build_request(make_parser().parse_args(["play", "squares", "--start", *_words(form)]))
    assert request.start == 1000
    request = build_request(make_parser().parse_args(["play", "squares", *_words(form)]))
    assert request.start == 1000
    request = build_request(make_parser().parse_args(["play", "squares", "--seed", form]))
    assert request.seed == 1000


@pytest.mark.parametrize("form", THOUSAND)
def test_the_dialog_reads_a_thousand(form: str) -> None:
    kind = GAMES.kinds.find("squares")
    assert kind.position_param.parse(form) == (1000,)
    assert spec_from_fields(kind, {"position": form}).position == (1000,)
    assert read_option(SEED, form) == 1000


def test_several_numbers_are_separated_by_commas_and_spaces() -> None:
    wythoff = GAMES.kinds.find("wythoff").position_param
    piles = GAMES.kinds.find("sum").position_param
    assert wythoff.parse("12,5") == (12, 5) == wythoff.parse("(12, 5)") == wythoff.parse("12 5")
    assert wythoff.parse("1_000 1\u202f000") == (1000, 1000)
    assert piles.parse("5,7,10") == (5, 7, 10) == piles.parse(" 5  7 , 10 ")
    assert read_position("wythoff", ["12,5"]) == (12, 5)
    assert read_position("sum", ["5", "7", "10"]) == (5, 7, 10)
    for text in ("1,000 5", "1 000 5", "5 007", "3,100,5"):  # one number or two? refused
        with pytest.raises(GameError) as caught:
            wythoff.parse(text)
        assert caught.value.key == "errors.number_ambiguous", text
    # a square is two numbers: 3100 alone is no square, so 3,100 is (3, 100)
    assert wythoff.parse("3,100") == (3, 100) and wythoff.parse("300,500") == (300, 500)
    with pytest.raises(GameError) as caught:
        piles.parse("3,100")  # (piles: 3100 would be a pile too)
    assert caught.value.key == "errors.number_ambiguous"
    with pytest.raises(GameError) as caught:
        piles.parse("1,000, 5")
    assert caught.value.key == "errors.number_ambiguous"
    assert main(["analyze", "sum", "1,000", "5"]) == 2  # not 1 + 0 + 5


def test_a_part_of_a_fixed_count_reads_its_numbers_split_by_a_comma() -> None:
    """``wythoff:300,500`` inside a sum: a queen's square is two numbers, never 300500."""
    rules, values = GAMES.kinds.read_parts("sum", ["wythoff:300,500 squares:4"])
    assert rules == ("wythoff", "squares") and values[-1] == 4 and values[:2] == (300, 500)
    assert main(["analyze", "sum", "wythoff:300,500", "squares:4"]) == 0


@pytest.mark.parametrize("text", ["1,00", "10,0000", "1,0000", ",100", "1,", "1__000", "1_0",
                                  "1,000,00", "1234,567", "1 0000"])  # fmt: skip
def test_one_number_s_groups_are_checked(text: str) -> None:
    with pytest.raises(GameError) as caught:
        GAMES.kinds.find("squares").position_param.parse(text)
    assert caught.value.key in ("errors.number_grouping", "wythoff.params.start_xy.type",
                                "pile.params.start.type"), caught.value  # fmt: skip


def test_one_number_s_words_that_do_not_group_are_several() -> None:
    start = GAMES.kinds.find("squares").position_param
    assert start.read_numbers("3 4") == (3, 4)  # for the count to refuse: "takes N, got 2"
    assert start.read_numbers("100 200") == (100200,)  # groups of three: one number
    assert start.read_numbers("1,234,567") == (1234567,) == start.read_numbers("1 234 567")
    assert start.read_numbers("-5", signed=True) == (-5,)
    with pytest.raises(GameError, match="not_whole_number"):
        start.read_numbers("-5")  # the dialog takes no sign
    with pytest.raises(GameError) as caught:
        start.read_numbers("3 x")
    assert caught.value.params == {"text": "x"}


@pytest.mark.parametrize("words", [["5", ""], ["5", " "], ["5", "1\n2"], [""]])
def test_an_empty_or_multi_line_word_is_no_position(words: list[str]) -> None:
    """The words of a position are joined by spaces, but an empty argument or a pasted
    paragraph is refused, never read as nothing or as several piles."""
    with pytest.raises(UsageError, match="not_whole_number"):
        read_position("sum", words)
