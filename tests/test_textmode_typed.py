"""What to type for a move (``Game.typed_move``), read back by ``move_from_text`` into the
same move, in every kind of the registry; and text mode reading a move typed as its words."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest

from squaregame.core.tables import Tables
from squaregame.families import GAMES
from squaregame.lessons.model import load_lessons
from squaregame.play.setup import random_start
from squaregame.play.wording import describe_move
from squaregame.text import Catalog, set_language
from squaregame.textmode.console import Console
from squaregame.textmode.game import TextGame
from squaregame.textmode.lesson import TextLesson
from squaregame.textmode.lesson_steps import QuizText
from squaregame.textmode.run import session_of
from squaregame.textmode.typed import same_words
from squaregame.ui.start import StartRequest

MIXED = [
    "squares:10 wythoff:3,5 kayles:7",
    "grundys-game:9 nim:6 dawsons-kayles:8",
    "cubes:12 kayles:5,3",
]


def games_and_starts() -> list[tuple[str, Any, Any]]:
    tables, rng, out = Tables(), random.Random(43), []
    for kind in GAMES.kinds:
        rule = kind.param("rule")
        for top in (6, 10, 15):
            spec = GAMES.kinds.spec(kind, (rule.example,) if rule else ())
            words = random_start(kind, top, rng)
            values = kind.position_param.parse_numbers(words)
            spec = spec.with_position(values)
            game = spec.build(tables)
            out.append((f"{kind.key} {words}", game, spec.start(game)))
    kind = GAMES.kinds.find("sum")
    for text in MIXED:
        rules, values = GAMES.kinds.read_parts("sum", [text])
        spec = GAMES.kinds.spec(kind, rules).with_position(values)
        game = spec.build(tables)
        out.append((text, game, spec.start(game)))
    return out


@pytest.mark.parametrize(("name", "game", "pos"), games_and_starts(), ids=lambda v: str(v)[:30])
def test_every_legal_move_typed_reads_back_as_itself(name: str, game: Any, pos: Any) -> None:
    children = game.children(pos)
    assert children, name
    for to in children:
        typed = game.typed_move(pos, to)
        assert game.move_from_text(pos, typed) == to, (name, typed)


def said(request: Any, lang: str, script: list[str]) -> tuple[Any, list[str]]:
    set_language(lang)
    out = io.StringIO()
    session = session_of(request, GAMES.kinds, Tables())
    source = io.StringIO("\n".join(script) + "\n")
    game = TextGame(Console(source, out), session, seed=1, persist=False)
    game.run()
    return session, out.getvalue().splitlines()


def mixed_sum() -> StartRequest:
    rules, values = GAMES.kinds.read_parts("sum", [MIXED[0]])
    kind = GAMES.kinds.find("sum")
    rule = tuple(GAMES.kinds.read_rule(kind, r) for r in rules)
    return StartRequest(game="sum", start=kind.position_from_values(values), rules=rule, seed=1)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_move_typed_as_its_words_in_the_moves_list_is_that_move(lang: str) -> None:
    request = mixed_sum()
    probe = session_of(request, GAMES.kinds, Tables())
    set_language(lang)
    last = probe.analysis().moves[-1].to  # (a part's move: its part's number in its words)
    words = describe_move(probe.game, probe.position, last).upper().replace(" ", "  ")
    session, lines = said(request, lang, [words])
    assert session.plies[0].after == last, lines
    pile = StartRequest(game="squares", start=20, seed=1)
    take4 = describe_move(session_of(pile, GAMES.kinds, Tables()).game, 20, 16)
    session, lines = said(pile, lang, [take4 + "."])
    assert session.plies[0].after == 16, lines


def test_moves_say_what_to_type_and_help_and_errors_give_this_games_example() -> None:
    request = StartRequest(game="grundys-game", start=(7, 4), seed=1)
    _session, lines = said(request, "ru", ["ходы", "помощь", "5 9 9", "абв"])
    cat = Catalog("ru")
    assert "разбить ряд 1 на 1 + 6 — наберите 1 0 1" in lines
    example = cat("textmode.help.example", typed="1 0 1", move="разбить ряд 1 на 1 + 6")
    assert example in lines and cat("textmode.help.move") not in lines
    unknown = lines.index(cat("textmode.game.unknown", text="абв"))
    assert lines[unknown + 1] == example
    assert lines[unknown - 2].startswith(cat("textmode.game.no_move", error=""))
    assert lines[unknown - 1] == example


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_lesson_move_item_takes_the_moves_words(lang: str) -> None:
    set_language(lang)
    each = next(x for x in load_lessons(GAMES, lang) if x.number == 2)
    text = TextLesson(Console(io.StringIO(""), io.StringIO()), each, 7)
    text.index = 4  # "which moves win?" typed as a move
    step = text.step()
    assert isinstance(step, QuizText) and step.how() == "move"
    q = step.item()
    value = q.choices[1][1]
    words = describe_move(step.step.game(), q.position, value)
    assert not any(same_words(label) == same_words(words) for label, _ in q.choices)
    assert step.read(f"  {words.upper()} ") == (True, value)


@pytest.fixture(autouse=True)
def _english_after() -> Any:
    yield
    set_language("en")
