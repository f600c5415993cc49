"""Text the issue found wrong: one winning move said in the singular (lessons, the nim-sum
panel, misère hints); `analyze wythoff` printing each target twice; `analyze sum` naming one
move as the opponent's choice and another as the best defence."""

from __future__ import annotations

import re

import pytest
from build import KINDS, sum_game

from squaregame.cli.main import main
from squaregame.core.rules import SQUARES
from squaregame.lessons import generate as gen
from squaregame.lessons.model import game_of
from squaregame.lessons.strings import Strings
from squaregame.play.nimsum import explain, nimsum_lines
from squaregame.text import set_language


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_one_winning_move_is_said_in_the_singular(lang: str) -> None:
    S = Strings(lang)
    squares = game_of({"game": "squares"}, KINDS)
    one = gen.question("move", squares, 75, S)  # only take 36 wins
    two = gen.question("move", squares, 19, S)  # take 4 and take 9
    assert len(one.correct) == 1 and len(two.correct) == 2
    assert one.why == S("why_move_one", pos="75", moves=gen.move_phrase(squares, 75, 39, S))
    assert two.why.startswith(S("why_move", pos="19", moves="@").split("@")[0])
    assert one.why != two.why.replace("19", "75")
    set_language(lang)
    ex = explain(sum_game([SQUARES, SQUARES]), (0, 3))  # one winning move: take 1 from pile 2
    assert ex is not None and len(ex.moves) == 1
    from squaregame.text import tr

    assert tr("ui_game.nimsum.hot_one", total=ex.nim_sum) in nimsum_lines(ex)


def test_analyze_wythoff_says_each_target_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "wythoff", "7", "9"]) == 0
    rows = [r for r in capsys.readouterr().out.splitlines() if r.endswith(("loses", "wins "))]
    assert len(rows) == 23
    for row in rows:
        targets = re.findall(r"\(\d+,\d+\)", row)
        assert len(targets) == 1, row
        assert re.match(r"\s+[←↓↙] \d+\s", row), row


@pytest.mark.parametrize("seed", range(1, 9))
def test_analyze_names_one_move_for_the_opponent(
    capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    assert main(["analyze", "sum", "5", "7", "10", "--seed", str(seed)]) == 0
    out = capsys.readouterr().out.splitlines()
    chosen = out[-2].split("opponent would play: ")[1]
    assert f"best defence: {chosen} (" in out[-1]
