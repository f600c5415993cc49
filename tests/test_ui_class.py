"""A student's app in a class, driven with Pilot over a fake link: games, moves and lessons
become events; a teacher's challenge is a notice, F2 opens it, and the first answer counts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import Input
from ui_helpers import game_screen, settle

from squaregame.classroom import challenges
from squaregame.families import GAMES
from squaregame.lessons.progress import LessonProgress
from squaregame.ui.app import SquareGameApp
from squaregame.ui.class_link import ChallengeOffer
from squaregame.ui.screens.challenge import ChallengeScreen, Checklist
from squaregame.ui.services.activity import Activity
from squaregame.ui.start import StartRequest


class FakeLink:
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


async def test_a_game_and_its_moves_are_events_with_their_verdicts() -> None:
    link = FakeLink()
    app = SquareGameApp(GAMES, StartRequest(start=30, seed=1), ai_delay=0, link=link)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("4", "enter")  # 30 → 26: a blunder (take 25 wins)
        await settle(pilot)
        while not screen.session.human_to_move and not screen.session.over:
            await pilot.pause(0.05)
        await settle(pilot)
    assert link.kinds()[:3] == ["game_started", "move", "move"]
    started = link.events[0][1]
    assert (
        started["kind"] == "squares" and started["start"] == "30" and started["challenge"] is None
    )
    mine = link.events[1][1]
    assert mine["human"] is True and mine["verdict"] == "blunder" and mine["n"] == 1
    assert mine["outcome"] == "hot" and mine["best"] == ["take 25"]
    reply = link.events[2][1]
    assert reply["human"] is False and reply["outcome"] == "hot" and "best" not in reply


def test_lesson_progress_becomes_exercises_and_steps() -> None:
    link = FakeLink()
    a = Activity(link)
    p = LessonProgress()
    p.step = 1
    a.lesson_changed("hot-cold", p)
    from squaregame.lessons.mastery import Answer

    for i, right in enumerate((True, True, False, True, True, True)):  # 4 items of 8 choices
        said = frozenset({str(i)})
        p.record(Answer(f"1:x:{i}", right, 5.0, said, frozenset({i})), exercise=True)
        a.lesson_changed("hot-cold", p)
    assert link.kinds() == ["lesson_step"] + ["exercise"] * 6
    assert [d["right"] for k, d in link.events if k == "exercise"] == [1, 1, 0, 1, 1, 1]
    assert [d["newly_mastered"] for k, d in link.events if k == "exercise"][-1] is True
    assert link.events[0][1] == {"lesson": "hot-cold", "step": 2, "done": False}
    Activity(None).lesson_changed("x", p)  # no class: nothing, and no error


async def _opened(app: SquareGameApp, offer: ChallengeOffer, pilot: Any) -> None:
    """The challenge comes (as the link's thread hands it over), then F2 opens it."""
    await settle(pilot)
    app.call_later(app.challenges.offered, offer)
    await settle(pilot)
    await pilot.press("f2")
    await settle(pilot)


async def test_a_grundy_challenge_is_a_notice_and_f2_answers_it_once() -> None:
    link = FakeLink()
    app = SquareGameApp(GAMES, ai_delay=0, link=link)
    offer = challenges.offer(7, challenges.make("nim", 5, ask="grundy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.call_later(app.challenges.offered, offer)
        await settle(pilot)
        notes = [str(n.message) for n in app._notifications]
        assert any("F2" in n and "Grundy value of Nim: 5" in n for n in notes), notes
        assert all(n.markup is False for n in app._notifications)  # "[squares]" is text
        await pilot.press("f2")
        await settle(pilot)
        assert isinstance(app.screen, ChallengeScreen)
        app.screen.query_one(Input).value = "4"
        await pilot.press("enter")
        await settle(pilot)
        said = str(app.screen.query_one("#challenge-said").render())
        assert "✗" in said and "4" in said  # the verdict, in place
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("f2")  # answered: nothing waits; its verdict again, nothing to send
        await settle(pilot)
        assert isinstance(app.screen, ChallengeScreen) and app.screen.done
        assert not app.screen.query("#answer").first().display
    answers = [d for k, d in link.events if k == "challenge"]
    assert len(answers) == 1 and answers[0]["solved"] is False and answers[0]["answer"] == 4


async def test_a_moves_challenge_is_right_only_with_every_winning_move() -> None:
    link = FakeLink()
    app = SquareGameApp(GAMES, ai_delay=0, link=link)
    offer = challenges.offer(3, challenges.make("squares", 30, ask="moves"))
    assert offer.moves == ("take 1", "take 4", "take 9", "take 16", "take 25")
    assert offer.winning == {"take 25"}
    async with app.run_test(size=(80, 24)) as pilot:
        await _opened(app, offer, pilot)
        await pilot.press(*["down"] * 4, "space")  # take 25, ticked
        assert app.screen.query_one(Checklist).ticked == {"take 25"}
        await pilot.press("tab", "enter")  # the Submit button
        await settle(pilot)
    answers = [d for k, d in link.events if k == "challenge"]
    assert answers == [
        {
            "challenge": 3,
            "ask": "moves",
            "solved": True,
            "answer": ["take 25"],
            "seconds": answers[0]["seconds"],
        }
    ]


async def test_a_win_challenge_opens_the_game_and_its_end_is_the_result() -> None:
    link = FakeLink()
    app = SquareGameApp(GAMES, ai_delay=0, link=link)
    offer = challenges.offer(5, challenges.make("squares", 14, ask="win"))
    assert offer.remoteness == 3
    async with app.run_test(size=(80, 24)) as pilot:
        await _opened(app, offer, pilot)
        await pilot.press("enter")  # Play it
        await settle(pilot)
        screen = game_screen(app)
        assert screen.session.position == 14 and not screen.hints
        while not screen.session.over:
            s = screen.session
            if s.human_to_move:
                best = s.analysis().winning_moves[0].to
                await pilot.press(*str(s.position - best), "enter")
            await settle(pilot)
    kinds = link.kinds()
    assert kinds[0] == "challenge_opened" and "game_ended" in kinds
    started = next(d for k, d in link.events if k == "game_started")
    assert started["challenge"] == 5
    result = next(d for k, d in link.events if k == "challenge")
    assert result["solved"] is True and result["remoteness"] == 3 and result["blunders"] == 0


async def test_answers_made_while_the_app_is_busy_are_each_an_exercise() -> None:
    """Three marks handled before the app reads their messages (a busy app, as in a class of
    thirty on two cores) are still three first tries: each message holds its own answer."""
    link = FakeLink()
    app = SquareGameApp(GAMES, ai_delay=0, lesson="hot-cold", link=link)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")  # the table to fill
        await settle(pilot)
        screen: Any = app.screen
        assert screen.step.kind == "fill"
        for hot in (False, True, False):  # 0 cold, 1 hot, 2 cold: in one go, no await
            screen.action_mark(hot)
        await settle(pilot)
    tries = [d for k, d in link.events if k == "exercise"]
    assert [d["right"] for d in tries] == [True, True, True]


async def test_the_lesson_list_shows_answers_the_app_had_not_read_yet() -> None:
    """Answers given, then the lesson left, before the app read a message: the list it goes
    back to shows all three answers (it reads the lesson's own progress, not the copies)."""
    from squaregame.text import tr
    from squaregame.ui.screens.lessons import LessonListScreen

    app = SquareGameApp(GAMES, ai_delay=0, lesson="hot-cold", link=FakeLink())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await settle(pilot)
        screen: Any = app.screen
        for hot in (False, True, False):
            screen.action_mark(hot)
        app.pop_screen()
        await settle(pilot)
        assert isinstance(app.screen, LessonListScreen)
        rows = app.screen.query_one("#lesson-list").options  # type: ignore[attr-defined]
        shown = [str(o.prompt) for o in rows if "2." in str(o.prompt)]
        assert shown and tr("ui_lessons.list.score", k=3, n=3) in shown[0], shown
