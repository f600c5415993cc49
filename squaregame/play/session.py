"""One game between a person and the opponent (or two people): the record of its moves.

The session knows whose turn it is, takes back and replays moves, and judges every move
against the tables: a *blunder* hands a won position to the opponent; a *slow* move wins,
but not by the fastest route. The value history is read off the same record.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from squaregame.core.errors import PositionError
from squaregame.core.game import Game
from squaregame.core.types import Analysis, MoveInfo, Outcome, PositionInfo
from squaregame.play.analyses import PositionCache
from squaregame.play.files import new_key
from squaregame.text.games import position_text

if TYPE_CHECKING:
    from squaregame.core.ai import Opponent

P = TypeVar("P")


class Verdict(Enum):
    BEST = "best"  # a perfect move
    SLOW = "slow"  # wins, but not by the fastest route
    BLUNDER = "blunder"  # handed a won position to the opponent
    FORCED = "forced"  # from a lost position: any move loses
    STALL = "stall"  # from a lost position, a move that shortens the defence


def judge(a: Analysis[P], move: MoveInfo[P]) -> Verdict:
    """A move's verdict, only what is proven: *slow* when its remoteness is certainly more
    than another winning move's, *stall* when certainly less than another move's. With exact
    values that is "not a fastest win" / "not a longest defence"; with bounds (beyond the
    exact budget) a move that may be as good as the best is not blamed."""
    if a.info.outcome is Outcome.HOT:
        if not move.wins:
            return Verdict.BLUNDER
        fastest = min(_upper(m) for m in a.winning_moves)
        return Verdict.SLOW if move.info.remoteness_lower > fastest else Verdict.BEST
    longest = max(m.info.remoteness_lower for m in a.moves)
    return Verdict.STALL if _upper(move) < longest else Verdict.FORCED


def _upper(m: MoveInfo[Any]) -> float:
    upper = m.info.upper
    return float("inf") if upper is None else upper


@dataclass(frozen=True)
class Ply(Generic[P]):
    """One move: who made it, from where to where, and what it was worth."""

    by_human: bool
    before: P
    after: P
    value_before: PositionInfo  # for the player who moved
    value_after: PositionInfo  # for the player then to move
    verdict: Verdict
    best: tuple[P, ...]  # the perfect moves from ``before``
    hints: bool = False  # were hints showing when it was made?


@dataclass
class Session(Generic[P]):
    game: Game[P]
    start: P
    human_first: bool = True
    two_humans: bool = False
    plies: list[Ply[P]] = field(default_factory=list)
    redo_stack: list[Ply[P]] = field(default_factory=list)
    cache: PositionCache = field(default_factory=PositionCache, repr=False, compare=False)
    # The name it is saved under (``squaregame.play.saves``): each game its own file.
    save_key: str = field(default_factory=lambda: new_key(), compare=False)
    # Who plays (``squaregame.play.sides``): solo, class, teams or demo (computer against
    # computer); ``names``: the sides' typed names (teams/demo: two, class: one);
    # ``colors``: the sides' colours (``--colors``: two, or none for the defaults).
    players: str = "solo"
    names: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    # A *what-if*: the game's own moves, kept while the person explores another line from
    # an earlier position (:meth:`jump`); ``branch_at``: how many of them the branch shares.
    main_line: list[Ply[P]] | None = field(default=None, compare=False)
    branch_at: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        if self.two_humans and self.players == "solo":
            self.players = "teams"
        if self.players == "teams":
            self.two_humans = True

    # -- state -----------------------------------------------------------------------
    @property
    def position(self) -> P:
        return self.plies[-1].after if self.plies else self.start

    @property
    def human_to_move(self) -> bool:
        return self.human_at(len(self.plies))

    @property
    def mover_name(self) -> str:
        """'first' or 'second' player to move (used in two-human mode)."""
        return "first" if len(self.plies) % 2 == 0 else "second"

    @property
    def over(self) -> bool:
        return self.game.is_terminal(self.position)

    def winner_is_human(self) -> bool | None:
        """At the end: True if the person won, False if the opponent did (None mid-game)."""
        if not self.over:
            return None
        # The player to move at a terminal position loses in normal play, wins in misère.
        to_move_wins = self.game.misere
        return self.human_to_move == to_move_wins

    def info(self) -> PositionInfo:
        known = self.cache.peek(("analysis", self.position))
        return known.info if known is not None else self.game.info(self.position)

    def analysis(self, pos: P | None = None) -> Analysis[P]:
        """The analysis of ``pos`` (default: the current position), computed once per session."""
        at = self.position if pos is None else pos
        return self.cache.get(("analysis", at), lambda: self.game.analyze(at))

    # -- moves -----------------------------------------------------------------------
    def move_info(self, to: P, before: P | None = None) -> MoveInfo[P]:
        """The move from ``before`` (default: the current position) to ``to`` with its value,
        listed in the analysis or not (a truncated one lists only some); a
        :class:`PositionError` if it is not a legal move."""
        at = self.position if before is None else before
        a = self.analysis(at)
        move = next((m for m in a.moves if m.to == to), None)
        if move is not None:
            return move
        self.game.check_move(at, to)  # raises, saying why it is not a move
        if not a.truncated:
            raise PositionError("errors.unreachable", position=position_text(self.game, to))
        return MoveInfo(to, self.game.child_info(at, to))

    def play(self, to: P, *, hints: bool = False) -> Ply[P]:
        before = self.position
        a = self.analysis(before)
        move = self.move_info(to, before)
        best = tuple(m.to for m in a.best_moves())
        ply = Ply(self.human_to_move, before, to, a.info, move.info, judge(a, move), best, hints)
        self.plies.append(ply)
        self.redo_stack.clear()
        return ply

    def can_undo(self) -> bool:
        return any(p.by_human for p in self.plies)

    def undo(self) -> list[Ply[P]]:
        """Take back the person's last move and the replies to it."""
        taken: list[Ply[P]] = []
        while self.plies:
            ply = self.plies.pop()
            taken.append(ply)
            if ply.by_human:
                break
        self.redo_stack.extend(taken)
        return taken

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self) -> list[Ply[P]]:
        """Replay what the last undo took back."""
        replayed: list[Ply[P]] = []
        while self.redo_stack:
            ply = self.redo_stack.pop()
            self.plies.append(ply)
            replayed.append(ply)
            if self.redo_stack and self.redo_stack[-1].by_human:
                break
        return replayed

    # -- what-if ----------------------------------------------------------------------
    @property
    def exploring(self) -> bool:
        """Is this a what-if line (the game's own moves kept aside)?"""
        return self.main_line is not None

    def jump(self, n: int) -> None:
        """Go back to the position after ``n`` moves (0: the start) to explore from there.

        The moves after it are kept aside as the game's main line (:meth:`back_to_main`
        restores them) and are what redo replays, one by one, until another move is made
        there: that move starts the what-if. Jumping again inside a what-if keeps the same
        main line. Raises ``ValueError`` for ``n`` outside ``0..len(plies)``."""
        if not 0 <= n <= len(self.plies):
            raise ValueError(f"no position after {n} moves (the game has {len(self.plies)})")
        if self.main_line is None:
            self.main_line = list(self.plies)
            self.branch_at = n
        else:
            self.branch_at = min(self.branch_at, n)
        taken = self.plies[n:]
        del self.plies[n:]
        self.redo_stack = list(reversed(taken))

    def back_to_main(self) -> int:
        """Leave the what-if: the game's own moves again, as they were. Returns how many."""
        if self.main_line is None:
            return len(self.plies)
        self.plies = list(self.main_line)
        self.main_line = None
        self.branch_at = 0
        self.redo_stack.clear()
        return len(self.plies)

    def on_main_line(self) -> bool:
        """Are the moves on the board still the main line's own (a jump, no new move yet)?"""
        if self.main_line is None:
            return True
        n = len(self.plies)
        return n <= len(self.main_line) and self.plies == self.main_line[:n]

    def saved_plies(self) -> list[Ply[P]]:
        """What is saved: the game's own moves, never a what-if."""
        return list(self.main_line) if self.main_line is not None else list(self.plies)

    def main_game(self) -> Session[P]:
        """This game without its what-if: itself, or a copy holding the game's own moves
        (what a record is made of)."""
        if self.main_line is None:
            return self
        return replace(self, plies=list(self.main_line), redo_stack=[], main_line=None)

    # -- review ----------------------------------------------------------------------
    def human_blunders(self) -> list[tuple[int, Ply[P]]]:
        return [
            (i + 1, p)
            for i, p in enumerate(self.plies)
            if p.by_human and p.verdict is Verdict.BLUNDER
        ]

    def value_history(self) -> list[tuple[bool, PositionInfo]]:
        """Before each move and at the end: (person to move?, value for the player to move)."""
        out: list[tuple[bool, PositionInfo]] = []
        for i, p in enumerate(self.plies):
            out.append((self.human_at(i), p.value_before))
        out.append((self.human_to_move, self.info()))
        return out

    def human_at(self, ply_index: int) -> bool:
        """Is the person to move after ``ply_index`` moves (0: at the start)?"""
        if self.two_humans:
            return True
        if self.players == "demo":  # the computer plays both sides
            return False
        return (ply_index % 2 == 0) == self.human_first

    # -- saving ----------------------------------------------------------------------
    def moves(self) -> list[Any]:
        """The moves saved: the game's own (a what-if is explored, never saved)."""
        return [self.game.position_json(p.after) for p in self.saved_plies()]

    def redo_moves(self) -> list[Any]:
        if self.main_line is not None:
            return []
        return [self.game.position_json(p.after) for p in reversed(self.redo_stack)]


def choose_reply(opponent: Opponent[P], session: Session[P], pos: P) -> P | None:
    """The opponent's move from ``pos``, reading the session's analysis of it.

    The same choice as :meth:`Opponent.move` (the same random draws, so a seed replays the
    same game): a game with its own shortcut to the best moves (Wythoff's table slices, Nim's
    closed form) is asked directly; any other is answered from the one analysis of ``pos``.
    """
    game = session.game
    if game.knows_best_moves:
        return opponent.move(game, pos)
    return opponent.choose(session.analysis(pos))
