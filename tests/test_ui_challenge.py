"""A teacher's challenge in a student's app (issue 42): the checklist of every winning move
keeps Submit and its verdict on the screen (80×24 and the browser's ~142×31), marks by shape
(☑/☐); an answer is sent once and its verdict shown; a closed challenge shows its answer;
a game to win is played without hints, undo or why (or, allowed, each use is counted); a
waiting challenge is said in every key bar and F2 opens it from any screen."""

from __future__ import annotations

from typing import Any

import pytest
from test_ui_class import FakeLink
from textual.geometry import Region
from ui_helpers import game_screen, settle

from squaregame.classroom import challenges
from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.class_link import ChallengeOffer
from squaregame.ui.screens.challenge import ChallengeScreen, Checklist
from squaregame.ui.screens.game_over import GameOverScreen
from squaregame.ui.screens.move_review import MoveReviewScreen
from squaregame.ui.screens.why import WhyScreen
from squaregame.ui.start import StartRequest


def wythoff_moves(cid: int = 3, closed: bool = False) -> ChallengeOffer:
    return challenges.offer(cid, challenges.make("wythoff", [7, 9], ask="moves"), closed=closed)


async def offer_it(app: SquareGameApp, offer: ChallengeOffer, pilot: Any) -> None:
    """The challenge comes, as the link's thread hands it over."""
    await settle(pilot)
    app.call_later(app.challenges.offered, offer)
    await settle(pilot)
    app.clear_notifications()  # (the toast is not what these tests look at)
    await settle(pilot)


def on_screen(app: SquareGameApp, selector: str) -> bool:
    """The widget is drawn, and wholly inside the screen (not scrolled or cut off)."""
    widget = app.screen.query_one(selector)
    region = widget.region
    screen = Region(0, 0, *app.size)
    return bool(widget.display and region.area and screen.contains_region(region))


async def one_move(pilot: Any, app: SquareGameApp) -> None:
    """A move played and answered (the review lists it)."""
    await pilot.press("1", "enter")
    screen = game_screen(app)
    while not screen.session.human_to_move:
        await settle(pilot)


def bar_text(app: SquareGameApp) -> str:
    """The keys every key bar of the screen shows (the KeyBar's, or a dialog's Footer)."""
    return " ".join(b.binding.description for b in app.screen.active_bindings.values()
                    if b.binding.show)  # fmt: skip


@pytest.mark.parametrize("size", [(80, 24), (142, 31)])
async def test_every_winning_move_of_wythoff_7_9_keeps_submit_and_the_verdict_on_screen(
    size: tuple[int, int],
) -> None:
    link = FakeLink()
    app = SquareGameApp(GAMES, ai_delay=0, link=link)
    offer = wythoff_moves()
    assert len(offer.moves) == 23 and len(offer.winning) == 2
    async with app.run_test(size=size) as pilot:
        await offer_it(app, offer, pilot)
        await pilot.press("f2")
        await settle(pilot)
        checklist = app.screen.query_one(Checklist)
        lines = [str(o.prompt) for o in checklist.options]
        assert all(line[:2] in ("☐ ", "☑ ") for line in lines) and "▐X▌" not in "".join(lines)
        assert checklist.max_scroll_y > 0 if size[1] < 30 else True  # (it scrolls)
        assert on_screen(app, "#answer") and on_screen(app, "#challenge-moves")
        assert app.screen.query_one("#answer").region.y > checklist.region.bottom - 1
        assert str(app.screen.query_one("#answer").label) == "Submit"
        await pilot.press("space", "end", "space")  # the first and the last, ticked
        assert str(checklist.options[0].prompt).startswith("☑ ")
        assert str(checklist.options[1].prompt).startswith("☐ ")
        await pilot.press("tab", "enter")  # Submit, with the keyboard alone
        await settle(pilot)
        assert on_screen(app, "#challenge-said"), "an answer sent without a verdict to see"
        said = str(app.screen.query_one("#challenge-said").render())
        winning = offer.winning & {offer.moves[0], offer.moves[-1]}
        assert said.startswith("✗") and "missed" in said and "do not win" in said, said
        assert not app.screen.query_one("#answer").display  # asked once: nothing to send
        await pilot.press("enter")  # (Close has the focus now)
        await settle(pilot)
        assert not isinstance(app.screen, ChallengeScreen)
    answers = [d for k, d in link.events if k == "challenge"]
    assert len(answers) == 1 and answers[0]["solved"] is False
    assert set(answers[0]["answer"]) == {offer.moves[0], offer.moves[-1]} and not winning


async def test_a_closed_challenge_shows_its_answer_in_the_open_dialog_and_after() -> None:
    app = SquareGameApp(GAMES, ai_delay=0, link=FakeLink())
    async with app.run_test(size=(80, 24)) as pilot:
        await offer_it(app, wythoff_moves(), pilot)
        await pilot.press("f2")
        await settle(pilot)
        app.call_later(app.challenges.offered, wythoff_moves(closed=True))  # the teacher
        await settle(pilot)
        said = str(app.screen.query_one("#challenge-said").render())
        assert "closed" in said and "(7,4)" in said and "(3,5)" in said, said
        assert not app.screen.query_one("#answer").display  # too late to answer
        await pilot.press("escape")
        await settle(pilot)
        assert "waiting" not in bar_text(app)
        await pilot.press("f2")  # nothing waits: the closed one, with its answer
        await settle(pilot)
        assert isinstance(app.screen, ChallengeScreen)
        assert "(3,5)" in str(app.screen.query_one("#challenge-said").render())


async def test_a_grundy_answer_shows_its_verdict_and_is_sent_once() -> None:
    link = FakeLink()
    app = SquareGameApp(GAMES, ai_delay=0, link=link)
    offer = challenges.offer(4, challenges.make("nim", 5, ask="grundy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await offer_it(app, offer, pilot)
        await pilot.press("f2")
        await settle(pilot)
        await pilot.press("5", "enter")
        await settle(pilot)
        assert on_screen(app, "#challenge-said")
        assert str(app.screen.query_one("#challenge-said").render()).startswith("✓")
        screen = app.screen
        assert isinstance(screen, ChallengeScreen)
        screen.submit()  # (again: a second Enter, a click) nothing more is sent
    assert [d["answer"] for k, d in link.events if k == "challenge"] == [5]


@pytest.mark.parametrize("where", ["game", "game_over", "review", "menu"])
async def test_a_waiting_challenge_is_in_every_key_bar_and_f2_opens_it(where: str) -> None:
    request = StartRequest(game="squares", start=30, seed=1) if where != "menu" else None
    app = SquareGameApp(GAMES, request, ai_delay=0, link=FakeLink())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if request is not None:
            await one_move(pilot, app)
        if where == "game_over":
            app.push_screen(GameOverScreen(game_screen(app).session))
        elif where == "review":
            game_screen(app).action_review_moves()
        await offer_it(app, wythoff_moves(cid=3), pilot)
        shown = {"game_over": GameOverScreen, "review": MoveReviewScreen}.get(where)
        assert shown is None or isinstance(app.screen, shown)
        assert "Challenge #3 waiting" in bar_text(app)
        assert "Challenge #3 waiting" in app.screen.query_one("KeyBar, Footer").render().plain \
            if where in ("game", "menu") else True  # fmt: skip
        await pilot.press("f2")
        await settle(pilot)
        assert isinstance(app.screen, ChallengeScreen) and app.screen.offer.id == 3


async def test_a_footer_shows_the_waiting_challenge_on_a_dialog() -> None:
    app = SquareGameApp(GAMES, StartRequest(game="squares", start=30), ai_delay=0, link=FakeLink())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await one_move(pilot, app)
        game_screen(app).action_review_moves()
        await offer_it(app, wythoff_moves(cid=3), pilot)
        keys = [str(k.description) for k in app.screen.query("FooterKey")]  # type: ignore[attr-defined]
        assert keys and keys[0] == "Challenge #3 waiting", keys


async def _win_challenge(helps: bool) -> tuple[FakeLink, list[str]]:
    """A "win it" challenge from Squares 14, played with h, u and w pressed on the way."""
    link = FakeLink()
    app = SquareGameApp(GAMES, ai_delay=0, link=link)
    offer = challenges.offer(5, challenges.make("squares", 14, ask="win", helps=helps))
    seen: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await offer_it(app, offer, pilot)
        await pilot.press("f2")
        await settle(pilot)
        rule = str(app.screen.query_one("#challenge-rules").render())
        await pilot.press("enter")  # Play it
        await settle(pilot)
        screen = game_screen(app)
        seen += [rule, str(screen.hint_line.render()), bar_text(app)]
        await pilot.press("h")
        await settle(pilot)
        seen.append("hints on" if screen.hints else "hints off")
        s = screen.session
        best = s.analysis().winning_moves[0].to
        await pilot.press(*str(s.position - best), "enter")  # 14 → 13... the winning move
        while not s.human_to_move:
            await settle(pilot)
        await pilot.press("u")  # takes back the reply and the move, where allowed
        await settle(pilot)
        await pilot.press("w")
        await settle(pilot)
        seen.append("why" if isinstance(app.screen, WhyScreen) else "no why")
        if isinstance(app.screen, WhyScreen):
            await pilot.press("escape")
            await settle(pilot)
        while not screen.session.over:
            s = screen.session
            if s.human_to_move:
                best = s.analysis().winning_moves[0].to
                await pilot.press(*str(s.position - best), "enter")
            await settle(pilot)
        await settle(pilot)
        await pilot.press("a")  # Again: answered already, so practice, with every key
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        seen.append("again: hints on" if screen.hints else "again: hints off")
    return link, seen


async def test_a_win_challenge_has_no_hints_undo_or_why_and_says_so() -> None:
    link, (rule, hint_line, keys, hints, why, again) = await _win_challenge(helps=False)
    assert "no hints, undo or why" in rule and "no hints, undo or why" in hint_line
    assert "hints" not in keys.lower() and "undo" not in keys.lower(), keys
    assert hints == "hints off" and why == "no why" and again == "again: hints on"
    assert [k for k, _d in link.events].count("challenge") == 1  # the game again: not sent
    result = next(d for k, d in link.events if k == "challenge")
    assert result["solved"] is True and "hints" not in result
    assert result["remoteness"] == 3 and result["moves"] >= 2  # (the fewest: her own 2)


async def test_helps_the_teacher_allowed_are_each_counted() -> None:
    link, (rule, _line, _keys, hints, why, _again) = await _win_challenge(helps=True)
    assert "allowed" in rule and hints == "hints on" and why == "why"
    result = next(d for k, d in link.events if k == "challenge")
    assert (result["hints"], result["undos"], result["whys"]) == (1, 1, 1)
    assert result["solved"] is True
