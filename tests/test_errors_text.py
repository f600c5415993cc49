"""Every error key the code raises is in the catalogs, and real errors read well in every
language (no placeholder left unfilled, not the key itself, Russian in Cyrillic)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from build import KINDS, make_spec

import squaregame
from squaregame.core.errors import GameError
from squaregame.core.tables import Tables
from squaregame.text import Catalog, error_text, languages
from squaregame.text.catalog import load_catalog

PACKAGE = Path(squaregame.__file__).parent
# errors.*, and a family's own: <area>.errors.*
KEY = re.compile(r"""["']((?:[a-z_]+\.)?errors\.[a-z_]+)["']""")


def test_every_error_key_in_the_code_is_in_english() -> None:
    english = load_catalog("en")
    used = {m for f in PACKAGE.rglob("*.py") for m in KEY.findall(f.read_text(encoding="utf-8"))}
    assert used, "no error keys found"
    missing = sorted(k for k in used if k not in english)
    assert not missing, missing
    generated = {p.type_key for k in KINDS for p in k.params if p.name == "position"}
    assert generated <= set(english)


def spec(*args: Any) -> Callable[[], Any]:
    return lambda: make_spec(*args)


def game_call(kind: str, rules: tuple[str, ...], call: Callable[[Any], Any]) -> Callable[[], Any]:
    return lambda: call(make_spec(kind, rules).build(Tables()))


CASES: list[Callable[[], Any]] = [
    lambda: KINDS.find("chess"),
    spec("squares", (), False, (-1,)),
    spec("wythoff", (), False, (1,)),
    spec("wythoff", ("nim",)),
    spec("subtraction"),
    spec("sum", ("nim", "nim", "nim"), False, (1, 2)),
    spec("sum", (), False, tuple(range(9))),
    game_call("squares", (), lambda g: g.check_move(75, 67)),
    game_call("subtraction", ("1,3",), lambda g: g.check_move(7, 5)),
    game_call("squares", (), lambda g: g.move_from_text(10, "x")),
    game_call("wythoff", (), lambda g: g.check_move((3, 3), (1, 2))),
    game_call("wythoff", (), lambda g: g.parse_position([10**19, 1])),
    game_call("sum", ("1,3", "nim"), lambda g: g.take((4, 4), 0, 2)),
    game_call("sum", ("1,3", "nim"), lambda g: g.take((4, 4), 1, 9)),
    lambda: KINDS.find("squares").position_param.parse(""),
]


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("case", range(len(CASES)))
def test_errors_render_in_every_language(lang: str, case: int) -> None:
    with pytest.raises(GameError) as caught:
        CASES[case]()
    exc = caught.value
    assert exc.key.startswith("errors.") or ".errors." in exc.key or exc.key.endswith(".type")
    said = error_text(exc, Catalog(lang))
    assert said != exc.key and not re.search(r"\{[a-z_]+\}", said), said  # no placeholder left
    if lang == "ru":
        assert re.search(r"[а-яё]", said, re.IGNORECASE), said
    if lang != "en":
        assert said != error_text(exc, Catalog("en"))
