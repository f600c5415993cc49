"""The teacher's side of a challenge (issue 42): the form reads a mixed sum's parts, a
challenge may allow helps and be closed, the link tells a session of the closing, the
"Now" column says "working on" / "missed" at the right time, and the scoreboard counts
the student's own moves against her own in a perfect game, and each help used."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from squaregame.classroom import challenges
from squaregame.classroom.link import StoreLink
from squaregame.classroom.room import ClassRoom
from squaregame.classroom.store import ClassStore
from squaregame.classroom.teacherdata import read_challenge, student_detail
from squaregame.classroom.views import ClassLive
from squaregame.classroom.wording import activity_text, fewest, result_text
from squaregame.core.errors import GameError
from squaregame.text import Catalog
from squaregame.ui.class_link import ChallengeOffer

EN = Catalog("en")


def test_the_form_reads_a_mixed_sum_part_by_part_as_play_sum_does() -> None:
    spec, student = read_challenge(
        {"game": "sum", "position": "squares:10 wythoff:3,5 kayles:7", "ask": "grundy"}
    )
    assert student is None and spec["ask"] == "grundy" and isinstance(spec["grundy"], int)
    said = challenges.describe(spec, EN)
    assert "10" in said and "(3,5)" in said.replace(" ", "") and "7" in said, said
    numbers, _ = read_challenge({"game": "wythoff", "position": "7 9", "ask": "moves"})
    assert len(numbers["moves"]) == 23
    with pytest.raises(GameError):
        read_challenge({"game": "sum", "position": "squares:10 bogus:3", "ask": "win"})


def test_a_win_challenge_may_allow_helps_and_says_so() -> None:
    spec, _ = read_challenge({"game": "squares", "position": "14", "ask": "win", "helps": True})
    assert spec["helps"] is True and "allowed" in challenges.describe(spec, EN)
    plain, _ = read_challenge({"game": "squares", "position": "14", "ask": "win"})
    assert "helps" not in plain
    offer = challenges.offer(9, spec)
    assert offer.helps and offer.request.challenge is not None
    assert offer.request.challenge.helps and offer.request.challenge.id == 9


def test_fewest_is_the_winners_own_moves_in_a_perfect_game() -> None:
    assert [fewest(r) for r in (1, 2, 3, 7, 8)] == [1, 1, 2, 4, 4]
    row = {"answered": True, "solved": True, "moves": 4, "remoteness": 7, "blunders": 0}
    assert "4 moves (fewest 4)" in result_text(row, EN)
    helped = {**row, "hints": 2, "undos": 1, "whys": 0}
    text = result_text(helped, EN)
    assert text.startswith("✓ solved") and text.endswith("2 hints, 1 undo"), text
    assert result_text({**row, "hints": 0, "undos": 0, "whys": 0}, EN).endswith("no help used")


def _class(tmp_path: Path) -> tuple[ClassStore, int]:
    store = ClassStore.open(tmp_path)
    store.create_class("7B")
    return store, store.join("7B", "Ana")


def test_the_now_column_says_working_then_missed_only_once_closed(tmp_path: Path) -> None:
    store, ana = _class(tmp_path)
    cid = store.add_challenge("7B", challenges.make("wythoff", [7, 9], ask="moves"), None)
    live = ClassLive(store, "7B")

    def now() -> str:
        live.refresh()
        return activity_text(live.rows()[0]["activity"], EN)

    store.record(ana, "challenge_opened", {"challenge": cid, "ask": "moves"})
    assert now() == f"working on challenge #{cid}"
    store.record(ana, "game_started", {"key": "k", "game": "Squares", "challenge": cid})
    store.record(ana, "move", {"key": "k", "human": True})  # its game, played
    assert now() == f"working on challenge #{cid}"
    assert store.close_challenge("7B", cid) and not store.close_challenge("7B", cid)
    assert now().startswith(f"missed challenge #{cid}")
    live.refresh()
    row = live.scoreboard()[0]
    assert row["closed"] is True and result_text(row, EN).startswith("✗ missed")
    time.sleep(0.01)  # (an answer after the closing: later by the clock)
    store.record(ana, "challenge", {"challenge": cid, "ask": "moves", "solved": True})
    live.refresh()
    assert live.scoreboard()[0]["answered"] is False  # (the answer was shown by then)
    store.close()


def test_no_answer_is_sent_once_the_challenge_is_closed() -> None:
    from test_ui_class import FakeLink

    from squaregame.ui.services.activity import Activity

    link = FakeLink()
    activity = Activity(link)
    spec = challenges.make("nim", 5, ask="grundy")
    assert activity.offered(challenges.offer(2, spec)) == "new"
    assert activity.offered(challenges.offer(2, spec, closed=True)) == "closed"
    assert activity.latest is None and activity.last_seen is not None
    assert activity.answer(challenges.offer(2, spec), True, 5, 1.0) is False
    assert link.events == []


def test_f2_shows_the_challenge_answered_or_closed_last_not_the_newest_number() -> None:
    """#1 and #2 set, #2 answered, then #1 closed: "press F2 to see its answer" shows #1."""
    from test_ui_class import FakeLink

    from squaregame.ui.services.activity import Activity

    activity = Activity(FakeLink())
    one, two = challenges.make("nim", 5, ask="grundy"), challenges.make("nim", 6, ask="grundy")
    activity.offered(challenges.offer(1, one))
    activity.offered(challenges.offer(2, two))
    assert activity.answer(challenges.offer(2, two), True, 6, 1.0)
    assert activity.last_seen is not None and activity.last_seen.id == 2
    assert activity.latest is not None and activity.latest.id == 1
    assert activity.offered(challenges.offer(1, one, closed=True)) == "closed"
    assert activity.last_seen is not None and activity.last_seen.id == 1
    assert activity.latest is None


def test_a_game_to_win_is_begun_once_f2_does_not_start_it_again() -> None:
    """Begun, the challenge's game is its answer: it no longer waits, so F2 cannot start a
    fresh game from the start after a blunder."""
    from test_ui_class import FakeLink

    from squaregame.ui.services.activity import Activity

    activity = Activity(FakeLink())
    offer = challenges.offer(4, challenges.make("squares", 14, ask="win"))
    activity.offered(offer)
    assert activity.latest is offer
    activity.playing_challenge(offer)
    assert activity.latest is None


def test_an_answered_challenge_is_solved_or_not_never_missed(tmp_path: Path) -> None:
    store, ana = _class(tmp_path)
    cid = store.add_challenge("7B", challenges.make("nim", 5, ask="grundy"), None)
    live = ClassLive(store, "7B")
    store.record(ana, "challenge_opened", {"challenge": cid, "ask": "grundy"})
    store.record(ana, "challenge", {"challenge": cid, "ask": "grundy", "solved": False})
    store.close_challenge("7B", cid)
    live.refresh()
    assert activity_text(live.rows()[0]["activity"], EN) == f"did not solve challenge #{cid}"
    store.close()


def test_a_session_hears_that_a_challenge_was_closed(tmp_path: Path) -> None:
    store, ana = _class(tmp_path)
    cid = store.add_challenge("7B", challenges.make("nim", 5, ask="grundy"), None)
    heard: list[ChallengeOffer] = []
    closed = threading.Event()

    def offered(offer: ChallengeOffer) -> None:
        heard.append(offer)
        if offer.closed:
            closed.set()

    link = StoreLink(tmp_path, ana)
    link.listen(offered)
    deadline = time.monotonic() + 30  # (a hang guard: the wait is on the event)
    while not heard and time.monotonic() < deadline:
        time.sleep(0.05)
    store.close_challenge("7B", cid)
    assert closed.wait(30)
    link.close()
    store.close()
    assert [(o.id, o.closed) for o in heard] == [(cid, False), (cid, True)]
    assert heard[-1].grundy == 5


def test_the_students_detail_lists_each_challenge_with_its_result(tmp_path: Path) -> None:
    from squaregame.classroom.room import ClassConfig

    store, ana = _class(tmp_path)
    spec = challenges.make("squares", 14, ask="win", helps=True)
    cid = store.add_challenge("7B", spec, None)
    result = {"challenge": cid, "ask": "win", "solved": True, "moves": 2, "remoteness": 3,
              "blunders": 0, "seconds": 9.0, "hints": 2, "undos": 1, "whys": 0}  # fmt: skip
    store.record(ana, "challenge", result)
    room = ClassRoom(ClassConfig(tmp_path, "7B", "t" * 32), EN, [])
    room.store, room.live = store, ClassLive(store, "7B")
    room.live.refresh()
    shown = student_detail(room.live, ana, room.cat)["challenges"]
    assert [c["id"] for c in shown] == [cid]
    assert shown[0]["result"].startswith("✓ solved, 2 moves (fewest 2)"), shown
    assert shown[0]["result"].endswith("2 hints, 1 undo")
    board = room.state()["scoreboard"]
    assert board[0]["result"] == shown[0]["result"]
    store.close()


def test_a_challenge_set_in_another_language_is_said_in_the_readers() -> None:
    """``class challenge`` run in English for a class served in Russian: the teacher's page
    and the students' apps say it in Russian, the moves to tick too."""
    from squaregame.text import set_language

    try:
        set_language("en")
        kept = challenges.make("wythoff", [3, 5], ask="moves")
        english = challenges.describe(kept, EN)
        assert kept["lang"] == "en" and "Wythoff" in english
        set_language("ru")
        ru = Catalog("ru")
        said = challenges.describe(kept, ru)
        assert said != english and "Wythoff" not in said
        offer = challenges.offer(1, kept)
        assert offer.title in said and offer.title != kept["title"]
        assert offer.winning <= set(offer.moves) and set(offer.moves).isdisjoint(kept["moves"])
        assert challenges.offer(1, {**kept, "lang": "ru"}).title == kept["title"]  # kept: used
    finally:
        set_language("en")
