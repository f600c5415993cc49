"""Text mode (``--text``): a whole game line by line, in every language and family, with
plain lines only; the command line chooses it when asked, or when there is no terminal."""

from __future__ import annotations

import io
import itertools
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from squaregame.core.tables import Tables
from squaregame.families import GAMES
from squaregame.play.save_folder import saved_paths
from squaregame.text import Catalog, set_language
from squaregame.textmode.console import Console, read_command
from squaregame.textmode.game import TextGame, one_number_of_many
from squaregame.textmode.run import session_of
from squaregame.textmode.wanted import text_wanted
from squaregame.ui.start import StartRequest

# An escape, any other control character, box drawing or block elements: never said.
NOT_PLAIN = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u2500-\u259f]")
# Every way a move may be typed, small numbers: a person trying them in order.
TRIES = [
    *(str(a) for a in range(1, 13)),
    *(f"{a} {b}" for a, b in itertools.product(range(13), repeat=2)),
    *(f"{a} {b} {c}" for a, b, c in itertools.product(range(1, 8), range(1, 8), range(8))),
]
GAMES_PLAYED = {
    "pile": StartRequest(game="squares", start=20, seed=1),
    "wythoff": StartRequest(game="wythoff", start=(3, 5), seed=1),
    "octal": StartRequest(game="kayles", start=(7, 4), seed=1),
}


def sum_request() -> StartRequest:
    rules, values = GAMES.kinds.read_parts("sum", ["squares:10 wythoff:3,5 kayles:7"])
    kind = GAMES.kinds.find("sum")
    rule = tuple(GAMES.kinds.read_rule(kind, r) for r in rules)
    return StartRequest(game="sum", start=kind.position_from_values(values), rules=rule, seed=1)


class Person:
    """The lines a person types: ``script`` first, then, at each turn, the first try that
    is a legal move (read as the game reads it)."""

    def __init__(self, script: list[str]) -> None:
        self.script = list(script)
        self.game: TextGame | None = None

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        if self.script:
            return self.script.pop(0) + "\n"
        assert self.game is not None
        s = self.game.session
        if s.over:
            raise StopIteration
        for text in TRIES:
            if _legal(s, text):
                return text + "\n"
        raise AssertionError(f"no move typed at {s.position}")


def play(request: StartRequest, lang: str, script: list[str]) -> tuple[TextGame, list[str]]:
    set_language(lang)
    person, out = Person(script), io.StringIO()
    session = session_of(request, GAMES.kinds, Tables())
    game = TextGame(Console(person, out), session, level="perfect", seed=request.seed)  # type: ignore[arg-type]
    person.game = game
    assert game.run() == 0
    return game, out.getvalue().splitlines()


def words(lang: str, command: str) -> str:
    return Catalog(lang)(f"textmode.commands.{command}").split(",")[0].strip()


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
@pytest.mark.parametrize("family", ["pile", "wythoff", "octal", "sum"])
def test_a_whole_game_against_the_opponent_in_plain_lines(family: str, lang: str) -> None:
    request = sum_request() if family == "sum" else GAMES_PLAYED[family]
    cat = Catalog(lang)
    script = [words(lang, c) for c in ("help", "moves", "hint", "why")]
    probe = session_of(request, GAMES.kinds, Tables())  # a move the reply does not end
    move = next(t for t in TRIES if _legal(probe, t) and _lasts(probe, t))
    script += [move, words(lang, "undo"), "nonsense", words(lang, "review")]
    game, lines = play(request, lang, script)
    text = "\n".join(lines)
    assert not [ln for ln in lines if NOT_PLAIN.search(ln)]
    assert game.session.over and not game.stopped
    assert cat("textmode.help.intro") in lines
    assert any(ln.startswith(cat("textmode.moves.heading", position="")[:8]) for ln in lines)
    won, lost = cat("textmode.hint.win", move="", n=""), cat("textmode.hint.lose", move="", n="")
    assert any(w.split()[0] in text for w in (won, lost))
    assert (
        cat("textmode.undo.done", count=2) in lines or cat("textmode.undo.done", count=1) in lines
    )
    assert cat("textmode.game.unknown", text="nonsense") in lines
    assert cat("textmode.game.over") in lines
    winner = "ui_dialog.over.you_won" if game.session.winner_is_human() else "ui_dialog.over.lost"
    assert cat(winner) in lines
    assert saved_paths()  # saved as the app saves its games


def _lasts(session: Any, text: str) -> bool:
    to = session.game.move_from_text(session.position, text)
    return bool(session.game.info(to).remoteness >= 2)


def _legal(session: Any, text: str) -> bool:
    if one_number_of_many(session.game, session.position, text):
        return False  # (text mode asks which pile, row or part)
    try:
        session.move_info(session.game.move_from_text(session.position, text))
    except Exception:
        return False
    return True


def test_the_why_proof_and_the_values_as_the_app_shows_them() -> None:
    _game, lines = play(GAMES_PLAYED["pile"], "en", ["why", "values", "hints", "1", "values"])
    assert "20 is cold ☹ (remoteness 6): every move leaves a hot position" in lines
    hidden = Catalog("en")("textmode.values.hidden")
    assert lines.count(hidden) == 1  # shown once hints are on
    assert "Start: −6" in lines


def test_the_end_of_input_saves_and_ends_cleanly() -> None:
    set_language("en")
    out = io.StringIO()
    session = session_of(GAMES_PLAYED["pile"], GAMES.kinds, Tables())
    game = TextGame(Console(io.StringIO("1\n"), out), session, seed=1)
    assert game.run() == 0
    assert game.stopped and len(session.plies) == 2
    assert out.getvalue().splitlines()[-1] == "End of input: the game is saved."
    assert len(saved_paths()) == 1


def test_commands_are_read_in_the_language_and_in_english() -> None:
    set_language("ru")
    assert read_command("подсказка") == ("hint", "")
    assert read_command("hint") == ("hint", "")
    assert read_command("уровень сильный") == ("level", "сильный")
    assert read_command("3") is None


def test_text_mode_is_chosen_without_a_terminal_or_with_term_dumb() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert not text_wanted(Tty(), Tty(), {"TERM": "xterm"})
    assert text_wanted(io.StringIO(), Tty(), {"TERM": "xterm"})
    assert text_wanted(Tty(), io.StringIO(), {})
    assert text_wanted(Tty(), Tty(), {"TERM": "dumb"})


def run_program(args: list[str], stdin: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "squaregame", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **env},
    )


def test_a_piped_game_plays_to_its_end() -> None:
    done = run_program(["play", "squares", "--start", "20", "--text"], "1\n" * 20)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:2] == [
        "Squares. You play against the computer, level Perfect. Type help for the commands.",
        "Squares: a pile of 20 counters.",
    ]
    over = lines.index("The game is over.")
    assert lines[over + 1] == "☹ The computer won"
    assert re.fullmatch(r"The computer won in \d+ moves\.", lines[over + 2])
    assert not [ln for ln in lines if NOT_PLAIN.search(ln)]


def test_term_dumb_starts_the_menu_in_text_mode() -> None:
    done = run_program(["--lang", "es"], "salir\n", TERM="dumb")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == Catalog("es")("textmode.menu.title")
    assert lines[-1] == "Adiós."
    assert not [ln for ln in lines if NOT_PLAIN.search(ln)]


def test_the_menu_starts_a_game_and_continues_it() -> None:
    done = run_program(["--text"], "1\n1\n20\n1\n", TERM="xterm")
    assert done.returncode == 0, done.stderr
    assert "Squares: a pile of 20 counters." in done.stdout.splitlines()
    again = run_program(["--text"], "1\nquit\n")
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[1].startswith("1. Continue: Squares")


def test_quit_in_a_game_from_the_menu_saves_it_and_brings_the_menu_back() -> None:
    done = run_program(["--text"], "1\n1\n20\nquit\nquit\n", TERM="xterm")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    back = lines.index("The game is saved. Back to the menu.")
    assert lines[back + 1] == Catalog("en")("textmode.menu.title")
    assert lines[back + 2].startswith("1. Continue: Squares")
    assert lines[-1] == "Goodbye."


@pytest.mark.parametrize("lang", ["en", "es"])
def test_after_the_end_the_review_values_and_why_look_back(lang: str) -> None:
    set_language(lang)
    cat, out = Catalog(lang), io.StringIO()
    session = session_of(StartRequest(game="squares", start=4, seed=1), GAMES.kinds, Tables())
    looks = [words(lang, c) for c in ("review", "values", "why", "moves")]
    typed = ["4", *looks, "9", "", "never read"]
    game = TextGame(Console(io.StringIO("\n".join(typed) + "\n"), out), session, seed=1)
    assert game.run() == 0 and session.over and not game.stopped
    lines = out.getvalue().splitlines()
    after = lines[lines.index(cat("textmode.over.look_back")) + 1 :]
    move = after[0].split(": ", 1)[1].rsplit(", ", 1)[0]  # the review shows the verdict
    assert after[0] == cat("textmode.review.line", number=1, who=cat("ui_game.who.you"),
                           move=move, verdict=cat("records.verdict.best"))  # fmt: skip
    assert cat("textmode.values.start") + ": +1" in after
    assert cat("textmode.over.no_moves") in after
    assert after[-1] == cat("textmode.over.only", text="9")
    assert "never read" not in out.getvalue()


def test_a_piped_game_still_ends_at_the_end_of_input_after_the_last_move() -> None:
    set_language("en")
    out = io.StringIO()
    session = session_of(StartRequest(game="squares", start=4, seed=1), GAMES.kinds, Tables())
    game = TextGame(Console(io.StringIO("4\n"), out), session, seed=1)
    assert game.run() == 0 and session.over
    assert out.getvalue().splitlines()[-1] == Catalog("en")("textmode.over.look_back")


def test_continue_opens_a_finished_game_to_look_back_at() -> None:
    from squaregame.textmode.run import menu_text

    set_language("en")
    out = io.StringIO()
    typed = "1\n1\n4\n4\n\n1\nreview\n\nquit\n"  # Squares from 4, won; then continued
    assert menu_text(GAMES, source=io.StringIO(typed), sink=out) == 0
    lines = out.getvalue().splitlines()
    looks = [i for i, ln in enumerate(lines) if ln == Catalog("en")("textmode.over.look_back")]
    assert len(looks) == 2
    assert lines[looks[1] + 1].startswith("Move 1, You: ") and lines[-1] == "Goodbye."


def test_why_is_short_by_default_and_why_2_goes_deeper() -> None:
    request = sum_request()
    _game, lines = play(request, "en", ["why", "help", "why 2", "why 9", "quit"])
    first = lines.index(Catalog("en")("textmode.why.deeper", n=2))
    short = lines[3:first]
    assert short[0].startswith("10 + (3,5) + 7 is hot") and len(short) <= 10
    assert not [ln for ln in short if ln.startswith("    - ")]  # the moves and their answers
    deeper = lines[first + 1 :]
    assert [ln for ln in deeper if ln.startswith("    - ")]
    assert Catalog("en")("textmode.why.depths", text="9") in lines
    assert any("why 2, why 3" in ln for ln in lines)  # help says so


def test_a_command_of_two_words_is_read_with_what_follows() -> None:
    set_language("es")
    assert read_command("por qué 2") == ("why", "2")
    assert read_command("Por  qué") == ("why", "")
    _game, lines = play(GAMES_PLAYED["pile"], "es", ["por qué 2", "salir"])
    assert Catalog("es")("textmode.why.deeper", n=3) in lines


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_octal_code_is_asked_for_in_the_kinds_own_words(lang: str) -> None:
    from squaregame.play.setup import rule_names
    from squaregame.textmode.run import menu_text

    set_language(lang)
    out = io.StringIO()
    assert menu_text(GAMES, source=io.StringIO("4\n5\n"), sink=out) == 0  # any octal code
    cat = Catalog(lang)
    asked = cat("textmode.menu.param", label=cat("octal.params.code.label"),
                what=cat("octal.params.code.help"))  # fmt: skip
    assert asked in out.getvalue().splitlines()
    assert rule_names() not in out.getvalue()  # (the named rules: no octal code)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_unknown_level_is_said_with_the_levels(lang: str) -> None:
    _game, lines = play(GAMES_PLAYED["pile"], lang, [words(lang, "level") + " foo", "quit"])
    cat = Catalog(lang)
    assert cat("textmode.level.unknown", text="foo") in lines
    assert any(ln.startswith(cat("textmode.level.choices", levels="")[:5]) for ln in lines)
    assert cat("textmode.game.unknown", text="foo") not in lines


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_game_not_begun_has_no_moves_yet_on_the_menu(lang: str) -> None:
    from squaregame.textmode.run import menu_text

    set_language(lang)
    out = io.StringIO()
    quit_word = words(lang, "quit")
    script = f"1\n1\n20\n{quit_word}\n{quit_word}\n"
    assert menu_text(GAMES, source=io.StringIO(script), sink=out) == 0
    cont = [ln for ln in out.getvalue().splitlines() if ln.startswith("1. ")][-1]
    assert Catalog(lang)("games.saved.no_moves") in cont
    assert Catalog(lang)("games.saved.moves", count=0) not in cont


@pytest.mark.parametrize("lang", ["en", "es"])
def test_teams_are_told_to_move_by_their_names(lang: str) -> None:
    request = StartRequest(game="squares", start=10, players="teams", names=("Ann", "Bob"))
    _game, lines = play(request, lang, ["1", words(lang, "quit")])
    cat = Catalog(lang)
    assert cat("ui_teach.turn.to_move", name="Ann") in lines
    assert cat("ui_teach.turn.to_move", name="Bob") in lines
    assert cat("ui_game.turn.second_to_move") not in lines


def test_digits_that_are_not_ascii_are_refused_not_a_crash() -> None:
    from squaregame.textmode.console import choose

    out = io.StringIO()
    assert choose(Console(io.StringIO("²\n①\n2\n"), out), ["a", "b"], "Which?") == 1
    assert out.getvalue().count(Catalog("en")("textmode.menu.number", count=2)) == 2
    game, said = play(GAMES_PLAYED["pile"], "en", ["why ²", "①", "quit"])
    assert not game.session.plies and said[-1] == Catalog("en")("textmode.save.bye")


def test_a_lone_number_where_several_rows_could_move_is_asked_about() -> None:
    request = StartRequest(game="kayles", start=(7, 4), seed=1)
    game, said = play(request, "en", ["3", "quit"])
    assert not game.session.plies
    assert "Not a move here: one number is not enough: say first which pile, row or part" in said
    one_row = StartRequest(game="kayles", start=(7,), seed=1)
    game, said = play(one_row, "en", ["2", "quit"])
    assert game.session.plies[0].after == (5,)  # one row: the number is its amount


def test_an_empty_line_in_a_game_says_the_turn_again() -> None:
    _game, said = play(GAMES_PLAYED["pile"], "en", ["", "quit"])
    turn = [i for i, ln in enumerate(said) if ln == "Squares: a pile of 20 counters."]
    assert len(turn) == 2 and said[turn[1] + 1] == "Your move"


def test_the_start_prompt_takes_help_and_quit_back_to_the_menu() -> None:
    done = run_program(["--text"], "1\n1\nhelp\nquit\n6\n", TERM="xterm")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert Catalog("en")("textmode.menu.asked_help") in lines
    assert lines.count(Catalog("en")("textmode.menu.title")) == 2  # back to the menu
    assert not [ln for ln in lines if "is not a whole number" in ln]
    assert lines[-1] == "Goodbye."


def test_a_reader_that_goes_away_early_is_no_error() -> None:
    env = {**os.environ, "TERM": "dumb"}
    program = subprocess.Popen(
        [sys.executable, "-m", "squaregame"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, env=env, text=True,
    )  # fmt: skip
    assert program.stdout is not None and program.stdin is not None
    assert program.stdout.readline()  # the menu's first line, then the reader leaves
    program.stdout.close()
    program.stdin.write("1\n" * 2000)  # (each answered by lines nobody reads)
    program.stdin.close()
    assert program.wait(timeout=120) == 0
    assert program.stderr is not None and program.stderr.read() == ""
