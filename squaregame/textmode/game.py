"""One game in text mode: each turn the position and who is to move, a line read, a move
played or a command answered; the opponent replies as on the screen (the same levels, the
same choice); the game is saved after every move and at the end of input."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from squaregame.core.ai import LEVELS, Opponent
from squaregame.core.errors import GameError
from squaregame.play.save_folder import save_in_folder
from squaregame.play.saves import SavedGame
from squaregame.play.session import Session, Verdict, choose_reply
from squaregame.play.sides import shared
from squaregame.play.teach_wording import turn_line
from squaregame.play.view import build_view
from squaregame.play.wording import (
    describe_move,
    game_over_lines,
    game_over_title,
    level_blurb,
    level_name,
    title,
    who,
)
from squaregame.text import error_text, os_reason, tr
from squaregame.textmode.console import Console, help_lines, read_command
from squaregame.textmode.lines import (
    hint_lines,
    move_lines,
    position_line,
    review_lines,
    value_lines,
    why_depth,
    why_lines,
)
from squaregame.textmode.typed import example_line, move_by_words

if TYPE_CHECKING:
    from squaregame.ui.start import ChallengeTerms

# the commands that help a player, and the use each counts as in a challenge's game (as
# the app's keys: hints shown, a move taken back or made again, the why proof)
HELPS = {"hint": "hints", "hints": "hints", "undo": "undos", "redo": "undos", "why": "whys"}
# what may be asked once the game is over (looking back at it), as help lists them
LOOKS = ("moves", "why", "review", "values", "help")


def one_number_of_many(game: Any, pos: Any, text: str) -> bool:
    """A lone number where several piles, rows or parts could move: the screen's cursor
    says which one an amount is taken from, a line does not (the first is not guessed)."""
    if len(re.findall(r"[0-9]+", text)) != 1:
        return False
    return sum(1 for v in game.kind.position_values(pos) if v) > 1


class TextGame:
    """``session`` played on ``console`` against the opponent at ``level`` (``seed``: its
    random choices, as on the screen); ``hints``: every turn says who wins; ``terms``: a
    class's challenge, played under its rules (no help, or each help counted)."""

    def __init__(
        self,
        console: Console,
        session: Session[Any],
        *,
        level: str = "perfect",
        hints: bool = False,
        seed: int | None = None,
        persist: bool = True,
        terms: ChallengeTerms | None = None,
        leaving: str = "bye",
    ) -> None:
        self.console = console
        self.leaving = leaving  # what ``quit`` says: ``bye`` (text mode ends), ``to_menu``…
        self.terms = terms
        self.session = session
        self.level = level
        self.hints = hints
        self.seed = seed
        self.persist = persist
        self.opponent: Opponent[Any] = Opponent(level, seed)
        self.title = title(session.game)
        self.hinted = False  # a hint asked for since the last move (the ply remembers it)
        self.stopped = False  # the input ended, or quit: no more games
        self.ended_input = False  # the input ended (not quit)
        self.looking = False  # over, and looking back at it (until an empty line)

    @property
    def say(self) -> Any:
        return self.console.say

    def solo(self) -> bool:
        return not self.session.two_humans and not shared(self.session)

    # -- the game --------------------------------------------------------------------------
    def run(self) -> int:
        """Play to the end (0), or until the input ends or ``quit`` (0, the game saved)."""
        s = self.session
        key = "start_solo" if self.solo() else "start_shared"
        self.say(tr(f"textmode.game.{key}", title=self.title, level=level_name(self.level)))
        if self.terms is not None:
            rules = "counted" if self.terms.helps else "line"
            self.say(tr(f"textmode.challenge.rules_{rules}"))
        self.save(quiet=True)
        with self.console.at(self.turn_lines):
            while not s.over:
                if not s.human_to_move:
                    self.reply()
                    continue
                self.turn_lines()
                if not self.read_turn():
                    return 0
        self.end()
        return 0

    def turn_lines(self) -> None:
        s = self.session
        self.say(position_line(s, self.title))
        if self.hints:
            self.say(build_view(s).prediction)
        if shared(s):  # (teams, a class: each side by its name, as the screen says it)
            self.say(turn_line(s))
        elif s.two_humans:
            self.say(tr(f"ui_game.turn.{s.mover_name}_to_move"))
        else:
            self.say(tr("ui_game.turn.your_move"))

    def read_turn(self) -> bool:
        """Lines until a move is played (True), or the input ends or ``quit`` (False)."""
        while True:
            line = self.console.ask()
            if line is None:
                self.stopped = self.ended_input = True
                self.save(quiet=True)
                self.say(tr(f"textmode.save.end_of_input{'' if self.persist else '_unsaved'}"))
                return False
            if not line:  # (a screen reader hears nothing from an empty line: say the turn)
                self.turn_lines()
                continue
            command = read_command(line)
            if command is not None:
                name, rest = command
                if name == "quit":
                    self.stopped = True
                    self.save(quiet=True)
                    unsaved = "" if self.persist else "_unsaved"
                    self.say(tr(f"textmode.save.{self.leaving}{unsaved}"))
                    return False
                if self.command(name, rest):
                    return True
                continue
            if self.typed_move(line):
                return True

    def typed_move(self, text: str) -> bool:
        """``text`` played if it is a move: its words as ``moves`` lists them, or typed as
        the game reads moves; else what is wrong said, with how to type one here."""
        s = self.session
        listed = [m.to for m in s.analysis().moves]
        to = move_by_words(s.game, s.position, text, listed)
        try:
            if to is None and one_number_of_many(s.game, s.position, text):
                raise GameError("textmode.game.which")
            if to is None:
                to = s.game.move_from_text(s.position, text)
            s.move_info(to)  # a legal move (else said why)
        except GameError as exc:
            if not any(c.isdigit() for c in text):
                said = tr("textmode.game.unknown", text=text[:40])
            else:
                said = tr("textmode.game.no_move", error=error_text(exc))
            example = example_line(s.game, s.position, listed)
            self.say(said, *([example] if example else []))
            return False
        self.play(to)
        return True

    def play(self, to: Any) -> None:
        s = self.session
        ply = s.play(to, hints=self.hints or self.hinted)
        self.hinted = False
        self.say(tr("textmode.game.played", who=who(s, len(s.plies) - 1, ply),
                    move=describe_move(s.game, ply.before, ply.after)))  # fmt: skip
        if self.hints and ply.by_human and ply.verdict is not Verdict.FORCED:
            self.say(
                tr("textmode.game.verdict", verdict=tr(f"records.verdict.{ply.verdict.value}"))
            )
        self.save(quiet=True)

    def reply(self) -> None:
        s = self.session
        to = choose_reply(self.opponent, s, s.position)
        if to is not None:
            self.play(to)

    def end(self) -> None:
        s = self.session
        self.say(position_line(s, self.title), tr("textmode.game.over"))
        self.say(game_over_title(s), *game_over_lines(s))
        self.save(quiet=True)
        self.look_back()

    def look_back(self) -> None:
        """After the end: the review, the values, the why proof or the moves asked for, as
        the app shows them at the end, until an empty line, ``quit`` or the end of input."""
        said = tr("textmode.over.look_back")
        self.say(said)
        self.looking = True
        with self.console.at(lambda: self.say(said)):
            while self.looked():
                pass
        self.looking = False

    def looked(self) -> bool:
        """A line read after the end and answered; False: it goes on."""
        line = self.console.ask()
        if line is None or not line:
            return False
        command = read_command(line)
        name = command[0] if command is not None else ""
        if name == "quit":
            return False
        if name == "help":
            self.say(tr("textmode.over.look_back"), *help_lines(only=LOOKS[:-1]))
        elif name == "moves" and not self.session.analysis().moves:
            self.say(tr("textmode.over.no_moves"))
        elif name in LOOKS:
            self.command(name, command[1] if command is not None else "")
        else:
            self.say(tr("textmode.over.only", text=line[:40]))
        return True

    # -- commands --------------------------------------------------------------------------
    def command(self, name: str, rest: str) -> bool:
        """Answer command ``name``; True if it ended the turn (a redo)."""
        s = self.session
        if name in HELPS and not self.helped(name):
            return False
        if name == "help":
            listed = [m.to for m in s.analysis().moves]
            example = example_line(s.game, s.position, listed)
            self.say(*help_lines(self.console.desk is not None, example=example))
        elif name == "challenge":
            self.say(tr("textmode.challenge.no_class"))
        elif name == "moves":
            self.say(*move_lines(s, hints=self.hints))
        elif name == "hint":
            self.hinted = True
            self.say(*hint_lines(s))
        elif name == "hints":
            self.hints = not self.hints
            self.say(tr(f"textmode.hints.{'on' if self.hints else 'off'}"))
        elif name == "why":
            depth = why_depth(rest)
            if depth is None:
                self.say(tr("textmode.why.depths", text=rest[:20]))
            else:
                self.say(*why_lines(s, depth))
        elif name == "review":
            self.say(*review_lines(s, self.hints))
        elif name == "values":
            self.say(*value_lines(s, self.hints))
        elif name == "undo":
            return self.undo()
        elif name == "redo":
            return self.redo()
        elif name == "save":
            self.save()
        elif name == "level":
            self.set_level(rest)
        return False

    def helped(self, name: str) -> bool:
        """May help ``name`` be given? Not in a challenge played without help (said); in
        one where the teacher allowed it, each use is counted."""
        if self.terms is None:
            return True
        if not self.terms.helps:
            self.say(tr("textmode.challenge.rules_off"))
            return False
        s = self.session
        used = {"hints": not self.hints, "undo": s.can_undo(), "redo": s.can_redo()}
        if used.get(name, True) and self.console.desk is not None:
            self.console.desk.helped(self.terms.id, HELPS[name])
        return True

    def undo(self) -> bool:
        s = self.session
        if not s.can_undo():
            self.say(tr("textmode.undo.none"))
            return False
        taken = s.undo()
        self.say(tr("textmode.undo.done", count=len(taken)))
        self.save(quiet=True)
        return True  # the turn again, from the position before

    def redo(self) -> bool:
        s = self.session
        if not s.can_redo():
            self.say(tr("textmode.undo.none_redo"))
            return False
        done = s.redo()
        self.say(tr("textmode.undo.redone", count=len(done)))
        self.save(quiet=True)
        return True

    def set_level(self, rest: str) -> None:
        if self.terms is not None:  # a challenge is won against the perfect opponent
            self.say(tr("textmode.level.challenge"))
            return
        if not self.solo():
            self.say(tr("textmode.level.shared"))
            return
        names = {k: k for k in LEVELS} | {level_name(k).lower(): k for k in LEVELS}
        chosen = names.get(rest.strip().lower())
        if chosen is not None:
            self.level = chosen
            self.opponent = Opponent(chosen, self.seed)
            self.save(quiet=True)
        elif rest:
            self.say(tr("textmode.level.unknown", text=rest[:40]))
        self.say(
            tr("textmode.level.now", level=level_name(self.level), blurb=level_blurb(self.level))
        )
        if chosen is None:
            self.say(
                tr(
                    "textmode.level.choices",
                    levels=", ".join(level_name(k).lower() for k in LEVELS),
                )
            )

    def save(self, *, quiet: bool = False) -> None:
        """Saved (as the app saves it), and in a class recorded as the app records it."""
        if not self.persist:
            return
        try:
            save_in_folder(SavedGame(self.session, self.level, self.seed))
        except OSError as exc:
            self.say(tr("textmode.save.failed", error=os_reason(exc)))
        else:
            if not quiet:
                self.say(tr("textmode.save.saved"))
        if self.console.desk is not None:
            self.console.desk.game_changed(self.session, self.level)
