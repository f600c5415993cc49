"""The teacher's challenges in a student's app (``serve --class``): each one that comes is a
notice; F2 opens the newest not answered yet — a question answered there (the first answer
is the one kept), or a game to win, opened like any other."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from squaregame.text import tr

if TYPE_CHECKING:
    from textual.app import App

    from squaregame.ui.class_link import ChallengeOffer
    from squaregame.ui.services.activity import Activity
    from squaregame.ui.start import StartRequest


class ChallengeDesk:
    def __init__(
        self, app: App[Any], activity: Activity, open_game: Callable[[StartRequest], None]
    ) -> None:
        self.app = app
        self.activity = activity
        self.open_game = open_game

    def offered(self, offer: ChallengeOffer) -> None:
        """A challenge came (on the app's thread): said once, as a notice."""
        if self.activity.offered(offer):
            said = tr(f"ui_class.ask.{offer.ask}", position=offer.title)
            text = tr("ui_class.notify.new", challenge=said)
            self.app.notify(text, timeout=30, markup=False)  # ("[squares]" is text)

    def open_latest(self) -> None:
        from squaregame.ui.screens.challenge import ChallengeScreen  # (in a class only)

        offer = self.activity.latest
        if offer is None:
            self.app.notify(tr("ui_class.notify.none"), timeout=5)
            return
        activity = self.activity

        def answered(right: bool, answer: Any, seconds: float) -> bool:
            return activity.answer(offer, right, answer, seconds)

        def chosen(choice: str | None) -> None:
            if choice == "play":
                activity.playing_challenge(offer)
                self.open_game(offer.request)

        self.app.clear_notifications()  # (the notices would cover the question)
        self.app.push_screen(ChallengeScreen(offer, answered), chosen)
