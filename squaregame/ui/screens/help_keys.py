"""The keys that help a player — hints, undo, redo, why — and a class's challenge rules.

A teacher's "win it" challenge is played without help: these keys are off (gone from the
key bar, and refused from the command palette) and the hint line says so. Where the
teacher allowed them, each use (hints shown, a move taken back or made again, the why view
opened) is told to the app (:class:`~squaregame.ui.messages.ChallengeHelp`), which counts
it for the scoreboard. Mixed into a game screen, like its teaching keys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from squaregame.text import tr
from squaregame.ui.messages import ChallengeHelp, OpenWhy

if TYPE_CHECKING:
    from squaregame.play.session import Session
    from squaregame.ui.screens.turns import Turns
    from squaregame.ui.start import ChallengeTerms

# each key's action, and the use it counts as ("undo" and "redo": one kind of use)
HELPS = {"toggle_hints": "hints", "undo": "undos", "redo": "undos", "why": "whys"}


class HelpKeys:
    """The actions of the helping keys, under a challenge's terms (None: no challenge)."""

    terms: ChallengeTerms | None = None
    session: Session[Any]
    turns: Turns[Any]
    hints: bool
    app: Any

    @property
    def screen_words(self) -> str:
        raise NotImplementedError

    def say(self, text: str, error: bool = False) -> None:
        raise NotImplementedError

    def helps_allowed(self, action: str) -> bool:
        """False for a helping key in a challenge played without help."""
        return self.terms is None or self.terms.helps or action not in HELPS

    def helped(self, action: str, used: bool = True) -> bool:
        """May ``action`` run? A use under a challenge's terms is counted (``used``: it
        does something); a refused one is said."""
        if not self.helps_allowed(action):
            self.say(tr("ui_class.rules.off"), error=True)
            return False
        if used and self.terms is not None and action in HELPS:
            self.app.post_message(ChallengeHelp(self.terms.id, HELPS[action]))
        return True

    def rule_line(self) -> str | None:
        """The hint line's words in a challenge (None: not one)."""
        if self.terms is None:
            return None
        return tr("ui_class.rules.counted" if self.terms.helps else "ui_class.rules.line")

    def action_toggle_hints(self) -> None:
        if self.helped("toggle_hints", not self.hints):  # (hints off: no help)
            self.hints = not self.hints
            on = tr(f"{self.screen_words}.screen.hints_on")
            self.say(on if self.hints else tr("ui_game.hints_off"))

    def action_undo(self) -> None:
        if self.helped("undo", self.session.can_undo()):
            self.turns.undo()

    def action_redo(self) -> None:
        if self.helped("redo", self.session.can_redo()):
            self.turns.redo()

    def action_why(self) -> None:
        """Why the position on the board is hot or cold: the proof, over this screen."""
        if self.helped("why"):
            self.app.post_message(OpenWhy(self.session.game, self.session.position))
