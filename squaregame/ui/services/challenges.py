"""The teacher's challenges in a student's app (``serve --class``): each one that comes is a
notice, and while one waits (not answered, not closed) the key bar of every screen says so
("f2 Challenge #3 waiting"); F2, from any screen, opens the newest waiting — a question
answered there (the first answer is the one kept, its verdict shown), or a game to win,
opened like any other under the challenge's rules. With none waiting, F2 shows the last
one answered or closed: its verdict, and once it is closed, its answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from squaregame.text import tr
from squaregame.ui.localize import relabel

if TYPE_CHECKING:
    from textual.app import App

    from squaregame.ui.class_link import ChallengeOffer
    from squaregame.ui.services.activity import Activity
    from squaregame.ui.start import StartRequest

KEY = "ui_class.keys.challenge"  # F2's words while nothing waits (not shown then)


class ChallengeDesk:
    def __init__(
        self, app: App[Any], activity: Activity, open_game: Callable[[StartRequest], None]
    ) -> None:
        self.app = app
        self.activity = activity
        self.open_game = open_game
        activity.changed = self.show_waiting

    def offered(self, offer: ChallengeOffer) -> None:
        """A challenge came, or was closed (on the app's thread): said once, as a notice."""
        news = self.activity.offered(offer)
        said = tr(f"ui_class.ask.{offer.ask}", position=offer.title)
        if news == "new":
            text = tr("ui_class.notify.new", challenge=said)
            self.app.notify(text, timeout=30, markup=False)  # ("[squares]" is text)
        elif news == "closed":
            text = tr("ui_class.notify.closed", id=offer.id)
            self.app.notify(text, timeout=15, markup=False)
            self._update_open(offer)
        self.show_waiting()

    def show_waiting(self) -> None:
        """The F2 key in every key bar while a challenge waits ("Challenge #3 waiting")."""
        waiting = self.activity.latest
        if waiting is None:
            relabel(self.app, "challenge", KEY, show=False)
        else:
            relabel(self.app, "challenge", tr("ui_class.keys.waiting", id=waiting.id), show=True)
        for screen in self.app.screen_stack:
            screen.refresh_bindings()

    def _update_open(self, offer: ChallengeOffer) -> None:
        """A challenge's dialog open when it closes shows its answer at once."""
        from squaregame.ui.screens.challenge import ChallengeScreen  # (in a class only)

        for screen in self.app.screen_stack:
            if isinstance(screen, ChallengeScreen) and screen.offer.id == offer.id:
                screen.closed(offer)

    def open_latest(self) -> None:
        from squaregame.ui.screens.challenge import ChallengeScreen  # (in a class only)

        if isinstance(self.app.screen, ChallengeScreen):
            return  # (open already)
        offer = self.activity.latest
        seen = self.activity.last_seen
        if offer is None and seen is None:
            self.app.notify(tr("ui_class.notify.none"), timeout=5)
            return
        activity = self.activity
        if offer is None:  # nothing waits: the last one's verdict (and answer, once closed)
            assert seen is not None
            given = activity.answers.get(seen.id)
            self.app.push_screen(ChallengeScreen(seen, lambda *_: False, given=given))
            return
        shown = offer

        def answered(right: bool, answer: Any, seconds: float) -> bool:
            return activity.answer(shown, right, answer, seconds)

        def chosen(choice: str | None) -> None:
            if choice == "play":
                activity.playing_challenge(shown)
                self.open_game(shown.request)

        activity.looking(offer)
        self.app.clear_notifications()  # (the notices would cover the question)
        self.app.push_screen(ChallengeScreen(offer, answered), chosen)
