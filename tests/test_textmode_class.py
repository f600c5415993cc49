"""Text mode in a class (``python -m squaregame.classroom.child --text``, the accessible
page): games and lessons recorded as the app records them, and the teacher's challenges said
when they come and answered by typing, in every language; once through the real class
store, a served text session and the teacher's views."""

from __future__ import annotations

import io
import os
import queue
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from squaregame.classroom import challenges
from squaregame.classroom.child import DB_ENV, STUDENT_ENV
from squaregame.classroom.store import ClassStore
from squaregame.classroom.views import ClassLive
from squaregame.core.tables import Tables
from squaregame.families import GAMES
from squaregame.text import Catalog, set_language
from squaregame.textmode.console import Console
from squaregame.textmode.run import class_text
from squaregame.ui.class_link import ChallengeOffer
from squaregame.ui.start import StartRequest, session_of

NOT_PLAIN = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u2500-\u259f]")
POSITION = re.compile(
    r"^[^:]+: \D*?(\d+)\D*\.$"
)  # a pile's position line ("Squares: a pile of 10 counters.")
FAMILIES = len(GAMES.families)
Step = str | Callable[[io.StringIO], Iterable[str]]


class FakeLink:
    """Events kept; challenges offered from a thread of its own, as the store's link does."""

    def __init__(self) -> None:
        self.events: list[tuple[str, dict[str, Any]]] = []
        self.offered: Callable[[ChallengeOffer], None] | None = None
        self.closed = False

    def record(self, kind: str, data: dict[str, Any]) -> None:
        self.events.append((kind, data))

    def listen(self, offered: Callable[[ChallengeOffer], None]) -> None:
        self.offered = offered

    def close(self) -> None:
        self.closed = True

    def kinds(self) -> list[str]:
        return [k for k, _d in self.events]

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [d for k, d in self.events if k == kind]


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language("en")


def offer_now(link: FakeLink, offer: ChallengeOffer) -> Step:
    """Before the next line: ``offer`` comes on another thread (and has been said)."""

    def push(_out: io.StringIO) -> Iterable[str]:
        assert link.offered is not None
        t = threading.Thread(target=link.offered, args=(offer,))
        t.start()
        t.join()
        return ()

    return push


def until_over(move: str | None = None) -> Step:
    """Moves typed until the game is over: ``move`` each time, or a winning one (the pile
    read off the last position line)."""

    def moves(out: io.StringIO) -> Iterable[str]:
        start = len(out.getvalue())
        while "The game is over." not in out.getvalue()[start:] and not over(out, start):
            yield move if move is not None else winning(out)

    return moves


def over(out: io.StringIO, start: int) -> bool:
    said = out.getvalue()[start:]
    return any(Catalog(lang)("textmode.game.over") in said for lang in ("en", "ru", "es"))


def winning(out: io.StringIO) -> str:
    pile = [int(m[1]) for ln in out.getvalue().splitlines() if (m := POSITION.match(ln))][-1]
    s = session_of(StartRequest(game="squares", start=pile), GAMES.kinds, Tables())
    return str(pile - s.analysis().winning_moves[0].to)


def run(lang: str, steps: list[Step], link: FakeLink | None) -> str:
    """``steps`` typed into a class's text session in ``lang``; what it said."""
    out = io.StringIO()

    def source() -> Iterator[str]:
        for step in steps:
            lines = [step] if isinstance(step, str) else step(out)
            for line in lines:
                yield line + "\n"

    assert class_text(GAMES, lang=lang, link=link, source=source(), sink=out) == 0  # type: ignore[arg-type]
    said = out.getvalue()
    assert not [ln for ln in said.splitlines() if NOT_PLAIN.search(ln)]
    return said


def word(lang: str, key: str) -> str:
    return Catalog(lang)(key).split(",")[0].strip()


def challenge(lang: str) -> str:
    return word(lang, "textmode.commands.challenge")


SQUARES = ["1", "1"]  # the menu: one-pile games, then Squares


# -- events ------------------------------------------------------------------------------
def test_a_game_from_the_menu_and_its_continuation_are_the_apps_events() -> None:
    link = FakeLink()
    run("en", [*SQUARES, "30", "4", "quit"], link)  # 30 → 26: a blunder (take 25 wins)
    assert link.closed
    assert link.kinds()[:3] == ["game_started", "move", "move"]
    started = link.events[0][1]
    assert started["kind"] == "squares" and started["start"] == "30"
    assert started["challenge"] is None and started["level"] == "perfect"
    mine = link.events[1][1]
    assert mine["human"] is True and mine["verdict"] == "blunder" and mine["n"] == 1
    assert mine["outcome"] == "hot" and mine["best"] == ["take 25"]
    reply = link.events[2][1]
    assert reply["human"] is False and "best" not in reply and reply["n"] == 2
    assert "game_ended" not in link.kinds()

    again = FakeLink()  # the next session: Continue, played to its end
    run("en", ["1", until_over("1")], again)
    assert again.kinds()[:3] == ["game_started", "move", "move"]
    assert again.events[0][1]["key"] == started["key"]  # the same game, as the app keeps it
    ended = again.of("game_ended")
    assert len(ended) == 1 and ended[0]["won"] is False and ended[0]["blunders"] >= 1
    assert ended[0]["moves"] == sum(1 for d in again.of("move") if d["human"])


def test_nothing_is_recorded_without_a_class() -> None:
    said = run("en", [*SQUARES, "30", "challenge", "help", "quit"], None)
    assert Catalog("en")("textmode.challenge.no_class") in said
    assert "challenge:" not in said  # help lists no class command


def test_a_lesson_records_its_steps_and_first_tries() -> None:
    link = FakeLink()
    # Lesson 2: its table (0 said hot: wrong, then cold: not a first try; 1 hot: right)
    run("en", [str(FAMILIES + 1), "2", "next", "h", "c", "h", "quit", "quit"], link)
    assert link.kinds() == ["lesson_step", "lesson_step", "exercise", "exercise"]
    steps = link.of("lesson_step")
    assert steps[0]["step"] == 1 and steps[1]["step"] == 2 and not steps[1]["done"]
    assert [d["right"] for d in link.of("exercise")] == [False, True]
    assert all(d["lesson"] == steps[0]["lesson"] for d in link.of("exercise"))


# -- questions ---------------------------------------------------------------------------
MOVES_30 = ("take 1", "take 4", "take 9", "take 16", "take 25")  # take 25 alone wins


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
@pytest.mark.parametrize("right", [True, False])
def test_a_moves_question_is_answered_by_numbers(lang: str, right: bool) -> None:
    set_language(lang)
    offer = challenges.offer(3, challenges.make("squares", 30, ask="moves"))
    link = FakeLink()
    typed = "5" if right else "2 5"
    yes = word(lang, "textmode.challenge.yes")
    steps = [offer_now(link, offer), "x", challenge(lang), "7", "1", typed, yes, "quit"]
    said = run(lang, steps, link)  # (1: said back, not sent; typed instead: the answer)
    cat = Catalog(lang)
    assert cat("textmode.challenge.new", id=3, challenge=cat("textmode.challenge.ask.moves",
               position=offer.title), word=challenge(lang)) in said  # fmt: skip
    assert f"5. {offer.moves[4]}" in said
    assert cat("textmode.challenge.not_numbers", text="7", count=len(offer.moves)) in said
    assert cat("textmode.challenge.chose", moves=offer.moves[0], yes=yes) in said
    assert (
        said.count(
            cat("textmode.challenge.type_moves", none=word(lang, "textmode.challenge.none_word"))
        )
        == 2
    )
    [kind, answer] = [link.kinds()[0], link.of("challenge")]
    assert kind == "challenge_opened"
    assert answer == [{"challenge": 3, "ask": "moves", "solved": right,
                       "answer": sorted(offer.moves[int(i) - 1] for i in typed.split()),
                       "seconds": answer[0]["seconds"]}]  # fmt: skip
    if right:
        assert cat("textmode.challenge.right") in said
    else:
        extra = cat("ui_class.said.extra", count=1)
        assert cat("textmode.challenge.moves_wrong", what=extra) in said
    assert said.rstrip().endswith(cat("textmode.menu.bye"))
    assert said.count(cat("textmode.menu.title")) == 2  # the menu said again after it


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
@pytest.mark.parametrize("right", [True, False])
def test_a_grundy_question_is_answered_by_a_number(lang: str, right: bool) -> None:
    set_language(lang)
    offer = challenges.offer(7, challenges.make("nim", 5, ask="grundy"))
    assert offer.grundy == 5
    link = FakeLink()
    typed = "5" if right else "4"
    steps = [offer_now(link, offer), challenge(lang), "five", typed, challenge(lang), "quit"]
    said = run(lang, steps, link)
    cat = Catalog(lang)
    assert cat("ui_class.said.not_a_number") in said
    answer = link.of("challenge")
    assert len(answer) == 1 and answer[0]["solved"] is right and answer[0]["answer"] == int(typed)
    verdict = (
        cat("textmode.challenge.right")
        if right
        else cat("textmode.challenge.grundy_wrong", value=4)
    )
    assert said.count(verdict) == 2  # answered, then ``challenge`` again: its verdict
    assert cat("ui_class.said.answer_grundy", value=5) not in said  # (not closed: no answer)


def test_a_moves_question_may_be_answered_none_and_left_for_later() -> None:
    offer = challenges.offer(4, challenges.make("squares", 10, ask="moves"))  # cold: none
    link = FakeLink()
    said = run("en", [offer_now(link, offer), "challenge", "later", "challenge", "none", "yes",
                      "quit"], link)  # fmt: skip
    assert (
        "You chose: no move wins. Type yes to send this answer (only the first counts), "
        "or type the numbers again." in said
    )
    assert "The challenge waits: type challenge when you are ready." in said
    assert link.of("challenge")[0]["answer"] == [] and link.of("challenge")[0]["solved"]
    assert link.kinds().count("challenge_opened") == 2  # opened twice, as in the app


def test_a_closed_challenge_says_its_answer_and_a_late_answer_is_not_counted() -> None:
    made = challenges.make("nim", 5, ask="grundy")
    first, second = challenges.offer(1, made), challenges.offer(2, made)
    link = FakeLink()
    steps = [
        offer_now(link, first),
        offer_now(link, challenges.offer(1, made, closed=True)),
        "challenge",  # nothing waits: the closed one's answer
        offer_now(link, second),
        "challenge",
        offer_now(link, challenges.offer(2, made, closed=True)),  # closed while answering
        "5",
        "quit",
    ]
    said = run("en", steps, link)
    assert "Your teacher closed challenge #1: type challenge to hear its answer." in said
    assert said.count("The challenge is closed. The Grundy value is 5.") == 2
    assert "The challenge was closed already: this answer is not counted." in said
    assert link.of("challenge") == []


# -- games to win ------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ru", "es"])
@pytest.mark.parametrize("right", [True, False])
def test_a_win_challenge_is_played_without_help_and_its_end_is_the_result(
    lang: str, right: bool
) -> None:
    set_language(lang)
    offer = challenges.offer(5, challenges.make("squares", 14, ask="win"))
    link = FakeLink()
    moves = until_over(None if right else "1")
    helps = [word(lang, f"textmode.commands.{c}") for c in ("hint", "undo", "why", "hints")]
    weaker = f"{word(lang, 'textmode.commands.level')} beginner"  # (the opponent stays perfect)
    steps = [offer_now(link, offer), challenge(lang), *helps, weaker, moves, "", challenge(lang),
             "quit"]  # fmt: skip
    said = run(lang, steps, link)
    cat = Catalog(lang)
    assert (
        said.count(cat("textmode.challenge.rules_off")) == 4
        and cat("textmode.challenge.rules_line") in said
    )
    assert cat("textmode.level.challenge") in said
    started = link.of("game_started")
    assert len(started) == 1 and started[0]["challenge"] == 5 and started[0]["start"] == "14"
    assert link.kinds()[0] == "challenge_opened"
    [result] = link.of("challenge")
    assert result["solved"] is right and result["remoteness"] == 3
    assert "hints" not in result  # (no help allowed: none counted)
    # begun once, not offered again: ``challenge`` then says its result
    assert said.count(cat(f"textmode.challenge.{'won' if right else 'lost'}")) == 2
    assert cat("textmode.challenge.none") not in said


def test_allowed_helps_are_counted_in_the_result() -> None:
    offer = challenges.offer(6, challenges.make("squares", 14, ask="win", helps=True))
    link = FakeLink()
    win = until_over()
    steps = [offer_now(link, offer), "challenge", "4", "hint", "why", "undo", "redo", "hints",
             "hints", win, "quit"]  # fmt: skip
    said = run("en", steps, link)
    assert Catalog("en")("textmode.challenge.rules_counted") in said
    assert Catalog("en")("textmode.challenge.rules_off") not in said
    [result] = link.of("challenge")
    assert result["solved"] is True
    assert (result["hints"], result["undos"], result["whys"]) == (2, 2, 1)


def test_a_challenge_said_in_a_game_is_answered_there_and_the_game_goes_on() -> None:
    offer = challenges.offer(9, challenges.make("nim", 5, ask="grundy"))
    link = FakeLink()
    said = run("en", [*SQUARES, "30", offer_now(link, offer), "challenge", "5", "25",
                      "quit"], link)  # fmt: skip
    lines = said.splitlines()
    new = lines.index(
        "Challenge #9 from your teacher: what is the Grundy value of Nim: 5? "
        "Type challenge to answer."
    )
    assert lines[new - 2 : new] == [
        "Squares: a pile of 30 counters.",
        "Your move",
    ]  # said while the turn waits
    right = lines.index("Right!")
    assert lines[right + 1 : right + 3] == [
        "Squares: a pile of 30 counters.",
        "Your move",
    ]  # then where it was
    assert "You: take 25." in lines and link.of("challenge")[0]["solved"] is True
    assert [d["n"] for d in link.of("move")][:1] == [1]


def test_a_challenge_in_a_lesson_comes_back_to_its_step() -> None:
    offer = challenges.offer(2, challenges.make("nim", 5, ask="grundy"))
    link = FakeLink()
    steps = [str(FAMILIES + 1), "2", offer_now(link, offer), "challenge", "5", "quit", "quit"]
    said = run("en", steps, link)
    assert "Right!" in said and "Back in lesson 2, " in said and ": step 1 of " in said
    assert link.of("challenge")[0]["solved"] is True


def test_lines_said_from_two_threads_are_never_mixed() -> None:
    out = io.StringIO()
    console = Console(io.StringIO(""), out)
    block = [f"line {i} of a block said at once" for i in range(30)]

    def talk(who: str) -> None:
        for _ in range(50):
            console.say(*(f"{who} {b}" for b in block))

    threads = [threading.Thread(target=talk, args=(w,)) for w in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 * 50 * 30
    for i in range(0, len(lines), 30):  # each say's lines together, in order
        who = lines[i].split()[0]
        assert lines[i : i + 30] == [f"{who} {b}" for b in block]


# -- the real thing ----------------------------------------------------------------------
def test_a_served_text_session_reaches_the_teachers_views(tmp_path: Path) -> None:
    """``child --text`` as the server runs it (the class's env): the student plays and
    answers the teacher's challenge by typing; the teacher's views read both."""
    store = ClassStore.open(tmp_path)
    try:
        store.create_class("7B")
        sid = store.join("7B", "Ana")
        cid = store.add_challenge("7B", challenges.make("nim", 5, ask="grundy"), None)
    finally:
        store.close()
    env = {**os.environ, DB_ENV: str(tmp_path), STUDENT_ENV: str(sid)}
    args = [sys.executable, "-m", "squaregame.classroom.child", "--lang", "en", "--text"]
    proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)  # fmt: skip
    heard: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=lambda: [heard.put(ln) for ln in proc.stdout or ()])
    reader.start()

    def until(text: str) -> None:
        while True:
            line = heard.get(timeout=120)  # (the session hears the store every half second)
            if text in line:
                return

    def typed(*lines: str) -> None:
        assert proc.stdin is not None
        proc.stdin.write("".join(f"{ln}\n" for ln in lines))
        proc.stdin.flush()

    try:
        typed(*SQUARES, "30")
        until(f"Challenge #{cid} from your teacher: what is the Grundy value of Nim: 5?")
        typed("25")  # 30 → 5: the winning move
        until("Computer: ")
        typed("challenge", "5")
        until("Right!")
        typed("quit", "quit")  # (the game, then the menu)
        assert proc.wait(timeout=120) == 0, proc.stderr.read() if proc.stderr else ""
    finally:
        if proc.poll() is None:
            proc.kill()
        reader.join()
    store = ClassStore.open(tmp_path)
    try:
        live = ClassLive(store, "7B")
        live.refresh()
        ana = live.students[sid]
        assert ana.moves == 1 and ana.blunders == 0
        assert ana.game is not None and ana.game["start"] == "30"
        assert [m["move"] for m in ana.game_moves][:1] == ["take 25 → 5"]
        [row] = [r for r in live.scoreboard() if r["challenge"] == cid]
        assert row["student"] == "Ana" and row["answered"] and row["solved"] is True
    finally:
        store.close()
