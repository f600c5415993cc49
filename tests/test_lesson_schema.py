"""The lesson schema: every shipped lesson loads; every mistake in a lesson file is refused
with a message naming the file, the step and the key; defaults come from the schema."""

from __future__ import annotations

import re
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Any

import pytest
from build import KINDS

from squaregame.families import GAMES
from squaregame.families.sums.lessons import SumTableStep
from squaregame.families.wythoff.lessons import BoardStep, PairsStep
from squaregame.lessons.exercises import NAMES as EXERCISES
from squaregame.lessons.model import Lesson, game_of, load_lesson, load_lessons
from squaregame.lessons.schema import CHECKS, LessonError
from squaregame.lessons.steps import (
    SPECS,
    FillStep,
    GameStep,
    GrundyStep,
    QuizStep,
    SieveStep,
    TextStep,
)
from squaregame.lessons.strings import lessons_root
from squaregame.text.games import position_text

STEPS = {cls.kind: cls for cls in GAMES.lesson_steps()}  # the steps the families bring
FOLDERS = sorted(p for p in lessons_root().iterdir() if p.is_dir())
FILES = [p for folder in FOLDERS for p in sorted(folder.glob("[0-9][0-9]-*.toml"))]
NAME = "03-why-22.toml"


ALL_GAMES = ", ".join(KINDS.keys())
PILE_KINDS = ", ".join(k.key for k in GAMES.family("pile").kinds)
EXERCISE_NAMES = ", ".join(EXERCISES)


def load(tmp_path: Path, steps: str, head: str = 'title = "Why 22"\n') -> Lesson:
    """A lesson file with ``head`` and the given step tables (TOML), loaded."""
    path = tmp_path / NAME
    path.write_text(head + steps)
    return load_lesson(path, "en", GAMES)


def refused(tmp_path: Path, steps: str, message: str, head: str = 'title = "Why 22"\n') -> None:
    with pytest.raises(LessonError, match="^" + re.escape(message) + "$"):
        load(tmp_path, steps, head)


# -- what ships -------------------------------------------------------------------------------


def test_there_are_lessons_in_several_languages() -> None:
    assert {"en", "ru"} <= {f.name for f in FOLDERS}
    assert len(FILES) >= 20


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_lesson_loads(path: Path) -> None:
    lesson = load_lesson(path, path.parent.name, GAMES)
    assert lesson.steps and lesson.title and lesson.id
    for step in lesson.steps:
        assert isinstance(step.spec, (SPECS | STEPS)[step.kind])
        if isinstance(step.spec, GameStep):
            step.game()  # the game can be built


@pytest.mark.parametrize("lang", [f.name for f in FOLDERS])
def test_load_lessons_reads_every_folder(lang: str) -> None:
    lessons = load_lessons(GAMES, lang)
    assert [x.lang for x in lessons] == [lang] * len(lessons)


# -- rejections: keys -------------------------------------------------------------------------


def test_an_unknown_key_is_refused_with_a_suggestion(tmp_path: Path) -> None:
    steps = '[[step]]\ntext = "a"\n' * 3 + '[[step]]\nkind = "fill"\nuptoo = 30\n'
    refused(tmp_path, steps, f"{NAME}, step 4: unknown key 'uptoo' (did you mean 'upto'?)")


def test_an_unknown_key_without_a_near_miss_lists_the_keys(tmp_path: Path) -> None:
    refused(
        tmp_path,
        '[[step]]\nkind = "board"\ngame = "wythoff"\n',
        f"{NAME}, step 1: unknown key 'game' (a board step takes: size, text)",
    )


def test_a_key_of_another_kind_is_unknown(tmp_path: Path) -> None:
    refused(
        tmp_path,
        '[[step]]\nkind = "fill"\nposition = 3\n',
        f"{NAME}, step 1: unknown key 'position' "
        "(a fill step takes: game, misere, rule, rules, text, upto)",
    )


def test_an_unknown_kind_is_refused_with_a_suggestion(tmp_path: Path) -> None:
    refused(tmp_path, '[[step]]\nkind = "sieeve"\n', f"{NAME}, step 1: unknown kind 'sieeve' "
            "(did you mean 'sieve'?)")  # fmt: skip
    refused(tmp_path, '[[step]]\nkind = "dance"\n', f"{NAME}, step 1: unknown kind 'dance'")
    refused(tmp_path, "[[step]]\nkind = 3\n", f"{NAME}, step 1: unknown kind 3")


@pytest.mark.parametrize(
    "step, message",
    [
        ('kind = "quiz"\nlow = 3', "missing key 'ask' (a quiz step needs it)"),
        ('kind = "sample"\nposition = 3', "missing key 'line' (a sample step needs it)"),
        ('kind = "try"', "missing key 'position' (a try step needs it)"),
        ('kind = "worked"\ngame = "subtraction"\nposition = 9',
         "missing key 'rule' (game 'subtraction' needs it)"),
        ('kind = "explain"\ngame = "sum"\nposition = [1, 2]',
         "missing key 'rules' (game 'sum' needs one per pile)"),
    ],
)  # fmt: skip
def test_a_missing_required_key_is_refused(tmp_path: Path, step: str, message: str) -> None:
    refused(tmp_path, f"[[step]]\n{step}\n", f"{NAME}, step 1: {message}")


# -- rejections: types, one case (or more) for each field type --------------------------------

WRONG = [
    ("Text", 'text = 3', "'text' must be text, not 3"),
    ("GameName", 'game = "xyzzy"\nposition = 1',
     f"'game' must be one of {ALL_GAMES}, not 'xyzzy'"),
    ("GameName", 'game = "squarez"\nposition = 1',
     f"'game' must be one of {ALL_GAMES}, not 'squarez' "
     "(did you mean 'squares'?)"),
    ("RuleText", 'game = "subtraction"\nrule = [1, 3]\nposition = 1',
     """'rule' must be a rule as text, e.g. "1,3,7,8" or the name of a rule, not [1, 3]"""),
    ("Rules", 'game = "sum"\nrules = "squares"\nposition = [1]',
     """'rules' must be a list of rules, one per pile, e.g. ["1,2", "1,3,7,8"], not 'squares'"""),
    ("Rules", 'game = "sum"\nrules = []\nposition = [1]',
     """'rules' must be a list of rules, one per pile, e.g. ["1,2", "1,3,7,8"], not []"""),
    ("bool", 'misere = 1\nposition = 1', "'misere' must be true or false, not 1"),
    ("bool", 'misere = "yes"\nposition = 1', "'misere' must be true or false, not 'yes'"),
    ("Position", 'position = "seven"',
     "'position' must be a number, [x, y] or a list of piles (whole numbers, 0 or more), "
     "not 'seven'"),
    ("Position", 'position = -1',
     "'position' must be a number, [x, y] or a list of piles (whole numbers, 0 or more), not -1"),
    ("Position", 'position = [1, "a"]',
     "'position' must be a number, [x, y] or a list of piles (whole numbers, 0 or more), "
     "not [1, 'a']"),
    ("Position", 'position = 2.5',
     "'position' must be a number, [x, y] or a list of piles (whole numbers, 0 or more), "
     "not 2.5"),
    ("Ask", 'ask = "hott"',
     f"'ask' must be one of {EXERCISE_NAMES}, not 'hott' (did you mean 'hot'?)"),
    ("Ask", 'ask = "why"', f"'ask' must be one of {EXERCISE_NAMES}, not 'why'"),
    ("Ask", 'ask = 3', f"'ask' must be one of {EXERCISE_NAMES}, not 3"),
    ("Whole", 'ask = "hot"\nlow = -1', "'low' must be a whole number, 0 or more, not -1"),
    ("Positions", 'ask = "hot"\navoid = 3', "'avoid' must be a list of positions, not 3"),
    ("Positions", 'ask = "hot"\navoid = [-2]',
     "'avoid' must be a number, [x, y] or a list of piles (whole numbers, 0 or more), not [-2]"),
    ("Line", 'kind = "sample"\nposition = 3\nline = "2"', "'line' must be a list of positions, "
     "not '2'"),
]  # fmt: skip


@pytest.mark.parametrize("type_name, fields_, message", WRONG, ids=[w[0] for w in WRONG])
def test_a_value_of_the_wrong_type_is_refused(
    tmp_path: Path, type_name: str, fields_: str, message: str
) -> None:
    kind = "quiz" if "ask" in fields_ else "try"
    head = "" if "kind =" in fields_ else f'kind = "{kind}"\n'
    refused(tmp_path, f"[[step]]\n{head}{fields_}\n", f"{NAME}, step 1: {message}")


@pytest.mark.parametrize("value", ["0", "-3", "true", "2.0", '"ten"'])
@pytest.mark.parametrize("kind, key", [("fill", "upto"), ("sieve", "upto"), ("sieve", "auto"),
                                       ("board", "size"), ("pairs", "count"),
                                       ("grundy", "upto"), ("sumtable", "width"),
                                       ("sumtable", "height")])  # fmt: skip
def test_sizes_are_whole_numbers_from_one(tmp_path: Path, kind: str, key: str, value: str) -> None:
    game = {"grundy": 'game = "nim"\n', "sumtable": 'rules = ["squares", "squares"]\n'}
    shown = {"true": "true", '"ten"': "'ten'"}.get(value, value)
    refused(
        tmp_path,
        f'[[step]]\nkind = "{kind}"\n{game.get(kind, "")}{key} = {value}\n',
        f"{NAME}, step 1: '{key}' must be a whole number, 1 or more, not {shown}",
    )


def test_every_field_type_has_a_rejection_test() -> None:
    tested = {w[0] for w in WRONG} | {"Size", "StepTables"}
    assert set(CHECKS) == tested


# -- rejections: what one field needs of another ------------------------------------------------


@pytest.mark.parametrize(
    "step, message",
    [
        ('kind = "sieve"\ngame = "wythoff"',
         f"'game' of a sieve step must be one of {PILE_KINDS}, sum, not 'wythoff'"),
        ('kind = "sumtable"\ngame = "squares"',
         "'game' of a sumtable step must be one of sum, not 'squares'"),
        ('kind = "sumtable"\nrules = ["squares"]', "'rules' of a sumtable step must name 2 piles"),
        ('kind = "try"\nrule = "1,2"\nposition = 3',
         "key 'rule' is not for game 'squares'"),
        ('kind = "try"\ngame = "nim"\nrules = ["squares"]\nposition = 3',
         "key 'rules' is not for game 'nim'"),
        ('kind = "try"\ngame = "wythoff"\nposition = 7',
         "'position' must be [x, y] for game 'wythoff', not 7"),
        ('kind = "try"\ngame = "wythoff"\nposition = [1, 2, 3]',
         "'position' must be [x, y] for game 'wythoff', not [1, 2, 3]"),
        ('kind = "try"\ngame = "sum"\nrules = ["squares", "nim"]\nposition = [4]',
         "'position' must be a list of 2 piles for game 'sum', not [4]"),
        ('kind = "quiz"\nask = "nimsum"', "a 'nimsum' exercise cannot be asked of game 'squares'"),
        ('kind = "quiz"\nask = "grundy"\ngame = "wythoff"',
         "a 'grundy' exercise cannot be asked of game 'wythoff'"),
        ('kind = "quiz"\nask = "hot"\nlow = 9\nhigh = 3', "'low' (9) must not be above 'high' (3)"),
        ('kind = "try"\nposition = [7, 9]', "'position' must be a number for game 'squares', "
         "not [7, 9]"),
    ],
)  # fmt: skip
def test_fields_that_do_not_fit_together_are_refused(
    tmp_path: Path, step: str, message: str
) -> None:
    refused(tmp_path, f"[[step]]\n{step}\n", f"{NAME}, step 1: {message}")


# -- rejections: the top level ----------------------------------------------------------------


def test_the_top_level_is_checked_too(tmp_path: Path) -> None:
    step = '[[step]]\ntext = "a"\n'
    refused(tmp_path, step, f"{NAME}: unknown key 'titel' (did you mean 'title'?)", 'titel = "x"\n')
    refused(tmp_path, step, f"{NAME}: 'title' must be text, not 3", "title = 3\n")
    refused(tmp_path, step, f"{NAME}: 'summary' must be text, not true", "summary = true\n")
    refused(tmp_path, "", f"{NAME}: missing key 'step' (a lesson needs it)")
    refused(
        tmp_path, '[[steps]]\ntext = "a"\n', f"{NAME}: unknown key 'steps' (did you mean 'step'?)"
    )
    refused(tmp_path, "", f"{NAME}: 'step' must be one or more [[step]] tables, not 'x'",
            'step = "x"\n')  # fmt: skip


def test_a_broken_toml_file_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(LessonError, match=f"^{re.escape(NAME)}: "):
        load(tmp_path, "", "title = [")


# -- defaults ---------------------------------------------------------------------------------


def default(cls: type, name: str) -> object:
    return next(f.default for f in fields(cls) if f.name == name)


def test_defaults_come_from_the_schema(tmp_path: Path) -> None:
    lesson = load(
        tmp_path,
        '[[step]]\ntext = "  Hello  "\n'
        '[[step]]\nkind = "fill"\n'
        '[[step]]\nkind = "sieve"\n'
        '[[step]]\nkind = "board"\n'
        '[[step]]\nkind = "pairs"\n'
        '[[step]]\nkind = "grundy"\n'
        '[[step]]\nkind = "sumtable"\nrules = ["squares", "squares"]\n',
        head="",
    )
    assert lesson.id == lesson.title == "03-why-22" and lesson.summary == ""
    text, fill, sieve, board, pairs, grundy, table = lesson.steps
    assert text.as_kind(TextStep).text == "Hello"
    assert fill.as_kind(FillStep).upto == default(FillStep, "upto") == 21
    assert fill.as_kind(FillStep).game == "squares" and not fill.as_kind(FillStep).misere
    assert sieve.as_kind(SieveStep) == SieveStep(game="squares", upto=40, auto=2)  # the first
    assert board.as_kind(BoardStep).size == default(BoardStep, "size") == 13
    assert pairs.as_kind(PairsStep).count == default(PairsStep, "count") == 8
    assert grundy.as_kind(GrundyStep).upto == default(GrundyStep, "upto") == 39
    spec = table.as_kind(SumTableStep)
    assert (spec.game, spec.width, spec.height) == ("sum", 12, 10)
    assert fill.params == {"game": "squares", "misere": False, "upto": 21}  # unset rules omitted


def test_every_required_field_is_one_the_step_cannot_do_without() -> None:
    required = {
        kind: sorted(f.name for f in fields(cls) if f.default is MISSING)
        for kind, cls in (SPECS | STEPS).items()
    }
    assert required == {
        "text": [], "worked": ["position"], "explain": ["position"], "fill": [], "sieve": [],
        "quiz": ["ask"], "board": [], "pairs": [], "grundy": [], "sumtable": [],
        "try": ["position"], "sample": ["line", "position"], "mex": ["position"], "digits": [],
        "strategy": ["position"],
    }  # fmt: skip


def test_typed_access(tmp_path: Path) -> None:
    lesson = load(
        tmp_path,
        '[[step]]\nkind = "explain"\ngame = "wythoff"\n'
        "position = [3, 4]\n"
        '[[step]]\nkind = "quiz"\nask = "move"\navoid = [[1, 2]]\ngame = "wythoff"\n',
    )
    step, quiz = lesson.steps
    assert quiz.as_kind(QuizStep).ask == "moves"  # an alias, read as its kind
    assert quiz.as_kind(QuizStep).avoid == ((1, 2),)
    assert step.position() == (3, 4)
    assert position_text(step.game(), step.position()) == "(3,4)"
    with pytest.raises(TypeError, match="a quiz step is not a fill step"):
        quiz.as_kind(FillStep)


def test_the_schema_knows_the_games_game_of_builds() -> None:
    needs: dict[str, dict[str, Any]] = {
        "subtraction": {"rule": "1,2"},
        "sum": {"rules": ["squares"]},
        "octal": {"rule": "0.6"},
    }
    for kind in KINDS:
        game_of({"game": kind.key, **needs.get(kind.key, {})}, KINDS)
    with pytest.raises(LessonError):
        game_of({"game": "chess"}, KINDS)
