"""Teaching sessions without the interface: named sides, per-side records and wording, the
review's best-move column, names and speed as typed, the projector's big digits."""

from __future__ import annotations

import json
from typing import Any

import pytest
from build import KINDS, pile_game

from reference import pile_children, solve, squares_amounts
from squaregame.core.errors import GameError
from squaregame.core.rules import SQUARES
from squaregame.play.files import Damaged
from squaregame.play.saves import SavedGame, decode_doc, encode
from squaregame.play.session import Session
from squaregame.play.sides import (
    DEFAULT_COLORS,
    faster,
    parse_colors,
    parse_names,
    parse_speed,
    side_colors,
    side_records,
    slower,
    winner_side,
)
from squaregame.play.teach_wording import (
    best_text,
    hint_for,
    over_lines,
    over_title,
    played_line,
    projector_view,
    review_summary,
    side_name,
    turn_line,
)
from squaregame.play.view import build_view
from squaregame.play.wording import game_over_lines, who
from squaregame.text import set_language
from squaregame.ui.widgets.big_number import best_scale

# 30 → 26 → 25 → 16 → 15 → 6 → 5 → 1 → 0: Reds blunder at 1 and 3, Blues at 2.
MOVES = (26, 25, 16, 15, 6, 5, 1, 0)


def teams_game(names: tuple[str, ...] = ("Reds", "Blues")) -> Session[int]:
    s = Session(pile_game(SQUARES), 30, players="teams", names=names)
    for to in MOVES:
        s.play(to, hints=True)
    return s


def test_the_reference_agrees_with_the_scripted_blunders() -> None:
    """The game above, judged by an independent solver: which moves handed over a win."""
    value = solve(range(31), pile_children(squares_amounts), misere=False)
    hot = {p: v[0] == "hot" for p, v in value.items()}
    played = (30, *MOVES)
    blunders = [i + 1 for i in range(8) if hot[played[i]] and hot[played[i + 1]]]
    assert blunders == [1, 2, 3]


def test_each_side_has_its_own_moves_blunders_and_slow_wins() -> None:
    s = teams_game()
    reds, blues = side_records(s)
    assert (reds.moves, reds.blunders) == ((1, 3, 5, 7), (1, 3))
    assert (blues.moves, blues.blunders) == ((2, 4, 6, 8), (2,))
    assert winner_side(s) == 1  # Blues took the last stone
    assert winner_side(Session(pile_game(SQUARES), 30)) is None


def test_game_over_names_the_winner_and_each_sides_blunders() -> None:
    s = teams_game()
    assert over_title(s) == "Winner: Blues"
    lines = over_lines(s)
    assert lines[0] == "Winner: Blues, in 8 moves."
    assert "Reds: 2 blunders — moves 1, 3." in lines
    assert "Blues: 1 blunder — move 2." in lines
    assert any("✗ Move 1: take 4 (to 26) handed over the win; take 25 (to 5)" in x for x in lines)
    assert game_over_lines(s) == lines  # the game-over dialog says the same


def test_every_line_says_whose_move_by_name() -> None:
    s = Session(pile_game(SQUARES), 30, players="teams", names=("Reds", "Blues"))
    assert turn_line(s) == "Reds to move"
    ply = s.play(26)
    assert played_line(s, ply, 0) == "Reds: take 4 (to 26)."
    assert turn_line(s) == "Blues to move"
    assert turn_line(s, thinking=True) == "Blues is thinking…"
    assert hint_for(s, "Hot: …") == "For Blues: Hot: …"
    assert who(s, 0, ply) == "Reds"


def test_default_names_for_teams_the_class_and_a_demo() -> None:
    game = pile_game(SQUARES)
    teams = Session(game, 30, two_humans=True)  # an old save's "two humans" are teams
    assert teams.players == "teams" and [side_name(teams, i) for i in (0, 1)] == [
        "Team A",
        "Team B",
    ]
    klass = Session(game, 30, human_first=False, players="class")
    assert [side_name(klass, i) for i in (0, 1)] == ["the computer", "the class"]
    assert turn_line(klass) == "The computer to move"  # a line begins with a capital
    named = Session(game, 30, players="class", names=("7B",))
    assert side_name(named, 0) == "7B"
    demo = Session(game, 30, players="demo")
    assert [side_name(demo, i) for i in (0, 1)] == ["Computer A", "Computer B"]
    assert not demo.human_to_move and not demo.can_undo()
    set_language("ru")
    assert side_name(teams, 1) == "Команда Б" and turn_line(teams) == "Ходит: Команда А"
    set_language("es")
    assert side_name(klass, 1) == "la clase" and turn_line(teams) == "Turno de: Equipo A"


def test_shared_hints_are_not_tagged_move_by_move() -> None:
    s = teams_game()
    assert not any(line.hints for line in build_view(s).history)
    solo = Session(pile_game(SQUARES), 30)
    solo.play(26, hints=True)
    assert build_view(solo).history[0].hints  # a person alone still sees which used hints


def test_the_review_gives_the_best_move_and_each_sides_blunders() -> None:
    s = teams_game()
    assert best_text(s, s.plies[0]) == "take 25"  # from 30 the only winning move
    assert best_text(s, s.plies[7]) == "= played"  # 1 → 0 was the best
    assert review_summary(s) == "Reds: 2 blunders (moves 1, 3) · Blues: 1 blunder (move 2)"
    set_language("ru")
    assert review_summary(s) == "Reds: 2 зевка (ходы 1, 3) · Blues: 1 зевок (ход 2)"


def test_several_best_moves_are_counted() -> None:
    game = pile_game(SQUARES)
    for n in range(2, 300):  # a position with two equally good moves and a worse one
        a = game.analyze(n)
        best = [m.to for m in a.best_moves()]
        worse = [m.to for m in a.moves if m.to not in best]
        if len(best) >= 2 and worse:
            break
    else:
        raise AssertionError("no such position below 300")
    s = Session(game, n, players="teams")
    ply = s.play(worse[0])
    first = f"take {n - best[0]}"
    assert best_text(s, ply) == f"{first} (+{len(best) - 1} as good)"


def test_names_and_speed_as_typed() -> None:
    assert parse_names(" Reds , Blues", "teams") == ("Reds", "Blues")
    assert parse_names("7B", "class") == ("7B",)
    for text, players, key in (
        ("A,B", "solo", "ui_teach.errors.names_solo"),
        ("A", "teams", "ui_teach.errors.names_count"),
        ("A,,", "demo", "ui_teach.errors.names_count"),
        ("Reds,reds", "teams", "ui_teach.errors.names_same"),
        ("x" * 21 + ",B", "teams", "ui_teach.errors.name_long"),
    ):
        with pytest.raises(GameError) as info:
            parse_names(text, players)
        assert info.value.key == key
    assert parse_speed("0,5") == 0.5 and parse_speed("0") == 0
    for bad in ("fast", "-1", "61", "nan"):
        with pytest.raises(GameError):
            parse_speed(bad)
    assert faster(1.5) == 1.0 and slower(1.5) == 2.0 and faster(0.25) == 0.25


def test_sides_are_saved_and_read_back() -> None:
    s = teams_game()
    back = decode_doc(json.loads(encode(SavedGame(s, "perfect", None))), KINDS).session
    assert (back.players, back.names, back.two_humans) == ("teams", ("Reds", "Blues"), True)
    doc = json.loads(encode(SavedGame(s, "perfect", None)))
    doc["players"] = "crowd"
    with pytest.raises(Damaged) as info:
        decode_doc(doc, KINDS)
    assert info.value.params == {"field": "players"}


def test_colours_are_saved_and_old_saves_still_read() -> None:
    s = teams_game()
    s.colors = parse_colors("green,purple", "teams")
    doc = json.loads(encode(SavedGame(s, "perfect", None)))
    assert doc["colors"] == ["green", "purple"]
    back = decode_doc(doc, KINDS).session
    assert back.colors == ("green", "purple") and side_colors(back) == ("green", "purple")
    del doc["colors"]  # a save from before --colors
    old = decode_doc(doc, KINDS).session
    assert old.colors == () and side_colors(old) == DEFAULT_COLORS
    doc["colors"] = ["green", "mauve"]
    with pytest.raises(Damaged) as info:
        decode_doc(doc, KINDS)
    assert info.value.params == {"field": "colors"}
    with pytest.raises(GameError):
        parse_colors("red,blue", "solo")


def test_projector_view_and_big_digits() -> None:
    s = Session(pile_game(SQUARES), 1_000_000, players="class")
    view = projector_view(s, sides="x", hint="")
    assert view.board == "1 000 000" and view.turn == "The class to move"
    assert view.last == "No moves yet."
    # the projector's digits may grow past the game screen's largest (scale 4)
    assert best_scale("30", 136, 33, top=12) == 9  # 11 dots across, 7 down (2 to a cell)
    assert best_scale("30", 136, 33) == 4
    assert best_scale("(7,9)", 76, 18, top=12) == 3  # 22 dots across: 66 columns at 3


def test_the_projector_says_the_last_move_once_and_lists_moves_short() -> None:
    s = teams_game()
    said = played_line(s, s.plies[-1], len(s.plies) - 1)  # the game screen's message line
    view = projector_view(s, sides="x", hint="", message=said)
    assert view.last == "● Move 8: Blues — take 1 (to 0)"  # said once, large
    assert view.message == ""  # not again under it
    assert view.moves[0] == "1. ■ Reds  take 4 → 26"  # number, marker, name, short form
    assert view.moves[-1] == "8. ● Blues  take 1 → 0"
    other = projector_view(s, sides="x", hint="", message="Hints on.")
    assert other.message == "Hints on."  # any other message stays
    earlier = played_line(s, s.plies[0], 0)  # not the last move: said as it is
    assert projector_view(s, sides="x", hint="", message=earlier).message == earlier


def test_a_demos_value_history_is_told_for_the_first_mover_all_game() -> None:
    from squaregame.play.review import chart_points

    s = Session(pile_game(SQUARES), 30, players="demo")
    s.play(5)  # 30 is hot for A; 5 is cold for B, so A still wins: the bar stays up
    assert [p.you_win for p in chart_points(s)] == [True, True]


def test_the_command_line_takes_names_and_a_demos_speed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from squaregame.cli.main import main, make_parser
    from squaregame.cli.play import build_request

    def request(*argv: str) -> Any:
        return build_request(make_parser().parse_args(["play", "squares", "--start", "30", *argv]))

    r = request("--players", "teams", "--names", "Reds,Blues")
    assert (r.players, r.names, r.two_humans) == ("teams", ("Reds", "Blues"), True)
    assert r.hints is False  # a class sees one screen: no answer shown unless asked
    assert request("--players", "class").hints is False
    assert request("--players", "demo").hints is False
    assert request("--players", "teams", "--hints").hints is True
    assert request("--players", "teams", "--colors", "Green, purple").colors == ("green", "purple")
    assert request("--players", "teams").colors == ()  # the defaults, not written down
    r = request("--players", "demo", "--speed", "0.5")
    assert (r.players, r.speed, r.two_humans) == ("demo", 0.5, False)
    assert request("--players", "class", "--names", "7B").names == ("7B",)
    for argv, says in (
        (("--names", "A,B"), "--names is for --players class, teams or demo."),
        (("--players", "teams", "--names", "A"), "Type 2 names split by a comma"),
        (("--players", "teams", "--speed", "2"), "--speed is for --players demo."),
        (("--players", "demo", "--speed", "fast"), "--speed takes seconds per move"),
        (("--colors", "red,blue"), "--colors is for --players class, teams or demo."),
        (("--players", "teams", "--colors", "red"), "--colors takes two colours"),
        (("--players", "teams", "--colors", "red,chartreuse"), "'chartreuse' is not a colour"),
        (("--players", "class", "--colors", "red,RED"), "need different colours"),
    ):
        code = main(["play", "squares", "--start", "30", *argv])
        err = capsys.readouterr().err
        assert code == 2 and says in err and err.count("\n") == 1, (argv, err)
