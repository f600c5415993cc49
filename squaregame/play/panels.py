"""The data each game's own panels show, read from the tables once per position.

Widgets draw these values and never ask a game or a table anything:

* One pile (any rule): the hot/cold faces of the numbers around the current one (the strip).
* A pair (Wythoff's queen): the board's values (outcome and remoteness of every square).
* Piles (sums): each pile's Grundy value, the nim-sum worked out, each rule's Grundy sequence
  with its period, and for two piles the outcome table of their sum.

Which panels a game has follows how its positions are written (``game.kind.notation``):
:data:`PANELS` is the one mapping; within it, games are asked for capabilities, not classes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from squaregame.core.errors import GameError
from squaregame.core.games import Game, PileGame, SumGame, WythoffGame
from squaregame.core.kinds import Notation
from squaregame.core.piles.periodic import ValuePeriod
from squaregame.core.rules import Rule
from squaregame.core.types import Analysis, Outcome
from squaregame.play.nimsum import NimSumExplanation, explain
from squaregame.play.session import Session
from squaregame.play.wording import move_phrase
from squaregame.text import tr
from squaregame.text.rules import rule_label, rule_name

STRIP_REACH = 120  # numbers on each side of the current one the strip may show


# -- one pile ------------------------------------------------------------------------------
@dataclass(frozen=True)
class StripData:
    """Outcomes of ``lo``..``lo + len(hot) - 1``; the screen shows the window that fits."""

    lo: int
    hot: tuple[bool, ...]
    position: int

    def window(self, width: int) -> tuple[tuple[int, bool, bool], ...]:
        """(number, hot?, current?) for ``width`` numbers around the position."""
        top = self.lo + len(self.hot) - 1
        hi = min(max(self.position + width // 2, width - 1), top)
        lo = max(self.lo, hi - width + 1)
        return tuple((k, self.hot[k - self.lo], k == self.position) for k in range(lo, hi + 1))


def strip_data(game: PileGame, a: Analysis[int]) -> StripData:
    n = a.position
    values = game.values(n)  # never ask for more than the game needs
    lo, hi = max(0, n - STRIP_REACH), min(n + STRIP_REACH, values.upto)
    return StripData(lo, tuple(values.outcome(k) is Outcome.HOT for k in range(lo, hi + 1)), n)


# -- Wythoff's queen ----------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class BoardData:
    """The value of every square of a board ``0..size`` (compared by identity: one per game)."""

    size: int
    value: Callable[[int, int], tuple[bool, int]]  # (cold?, remoteness), read from a table


def wythoff_data(game: WythoffGame, size: int) -> BoardData:
    table = game.table(size)

    def value(x: int, y: int) -> tuple[bool, int]:
        return table.outcome(x, y) is Outcome.COLD, table.remoteness(x, y)

    return BoardData(size, value)


# -- sums ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PileLine:
    size: int
    rule: str  # the rule in a few letters: its name (Squares, Cubes, …) or its set {1,3,7,8}
    grundy: int | None
    grundy_missing: bool = False  # normal play, but no Grundy value computed this far


@dataclass(frozen=True)
class NimSumData:
    misere: bool
    lines: tuple[str, ...] | None  # the nim-sum worked out (None: a pile beyond the tables)
    winning: tuple[str, ...]  # misère: the winning moves, from the exact search
    grundy_known_upto: int | None = None  # lines is None: Grundy values computed this far


@dataclass(frozen=True)
class GrundyRule:
    label: str
    values: tuple[int | None, ...]  # Grundy values of 0, 1, 2, …
    period: ValuePeriod | None  # of the Grundy values


@dataclass(frozen=True)
class PairTable:
    width: int  # pile 1 from 0 to width
    height: int  # pile 2 from 0 to height
    cold: frozenset[tuple[int, int]]
    misere: bool


@dataclass(frozen=True)
class SumData:
    piles: tuple[PileLine, ...]
    exact: bool  # is the remoteness exact (else proven bounds beyond the search budget)?
    nimsum: NimSumData
    rules: tuple[GrundyRule, ...]
    pairs: PairTable | None  # for two piles


def nimsum_lines(ex: NimSumExplanation, hinted: tuple[int, ...] | None = None) -> tuple[str, ...]:
    """The nim-sum worked out in binary, column by column, and why each winning move wins.

    Every binary digit (the piles', the column counts', the nim-sum's) sits in one column;
    a label too long for the space left of the digits takes a line of its own. ``hinted``
    is the move the hint line names (the fastest win): it is listed first and marked, so the
    panel and the hint never seem to disagree."""
    pile, size, grundy = (tr(f"ui_game.nimsum.{k}") for k in ("pile", "size", "grundy"))
    w = max(6, len(pile) + 1)  # "montón", "кучка": the heading never runs into the next
    counts = ex.column_parities()
    cell = max(len(str(c)) for c in counts)  # 1 (at most 8 piles), but never misaligned

    def digits(values: list[int]) -> str:
        return " ".join(f"{v:>{cell}}" for v in values)

    def bits(value: int) -> str:
        return digits([int(b) for b in format(value, f"0{ex.width}b")])

    def labelled(label: str, value: str, right: str) -> list[str]:
        column = f"{value:>{w + 14}}"  # the value in the Grundy column
        if len(label) < w + 14 - len(value):  # room for the label and one space
            return [label + column[len(label) :] + "  " + right]
        return [label, column + "  " + right]

    out = [f"{pile:<{w}}{size:>6}{grundy:>8}  {tr('ui_game.nimsum.binary')}"]
    for p in ex.piles:
        out.append(f"{p.pile:<{w}}{p.size:>6}{p.grundy:>8}  {bits(p.grundy)}")
    out.append("─" * (w + 15 + (cell + 1) * ex.width))
    out += labelled(tr("ui_game.nimsum.ones"), "", digits(counts))
    out += labelled(tr("ui_game.nimsum.total"), str(ex.nim_sum), bits(ex.nim_sum))
    out.append("")
    if ex.nim_sum == 0:
        out.append(tr("ui_game.nimsum.cold"))
        return tuple(out)
    one = len(ex.moves) == 1  # "the winning move" (never "moves" for one)
    out.append(tr("ui_game.nimsum.hot_one" if one else "ui_game.nimsum.hot", total=ex.nim_sum))
    moves = sorted(ex.moves, key=lambda m: m.to != hinted)  # stable: the hint's move first
    for m in moves:
        why = tr("ui_game.nimsum.why", pile=m.pile, before=m.before, take=m.take, after=m.after)
        mark = f" — {tr('ui_game.nimsum.hinted')}" if m.to == hinted else ""
        out.append(f"• {why}{mark}")
    return tuple(out)


def rule_tag(rule: Rule) -> str:
    """A pile's rule in a few letters, beside its counters: the rule's name, or a finite set's
    amounts written close (``{1,3,7,8}``); its full label heads its Grundy table."""
    members = rule.members
    return rule_name(rule) if members is None else "{" + ",".join(map(str, members)) + "}"


def grundy_rules(game: SumGame) -> tuple[GrundyRule, ...]:
    """Each distinct rule's Grundy sequence, far enough to see its period twice."""
    out: list[GrundyRule] = []
    seen: set[str] = set()
    for i, rule in enumerate(game.rules):
        if rule.key in seen:
            continue
        seen.add(rule.key)
        pile = game.normal_piles[i]
        found = pile.periodicity()  # where the rule has one (a finite set)
        period = None if found is None else found.grundy
        upto = 59 if period is None else min(99, max(29, period.start + 2 * period.length - 1))
        out.append(
            GrundyRule(
                rule_label(rule), tuple(pile.info(n).grundy for n in range(upto + 1)), period
            )
        )
    return tuple(out)


def sum_data(session: Session[Any], a: Analysis[Any], board: int = 0) -> SumData:
    game = cast(SumGame, session.game)  # a game of piles: panel_data chose by the notation
    pos: tuple[int, ...] = a.position
    piles = tuple(
        _pile_line(game, i, n, r) for i, (n, r) in enumerate(zip(pos, game.rules, strict=True))
    )
    if game.misere:
        winning = tuple(move_phrase(game, pos, m.to) for m in a.winning_moves)
        nimsum = NimSumData(True, None, winning)
    else:
        ex = explain(game, pos)
        known = game.grundy_known_upto(pos) if ex is None else None
        best = a.best_moves()
        hinted = best[0].to if best and a.info.outcome is Outcome.HOT else None
        lines = None if ex is None else nimsum_lines(ex, hinted)
        nimsum = NimSumData(False, lines, (), known)
    rules = session.cache.get(("grundy-rules", None), lambda: grundy_rules(game))
    pairs = None
    if len(pos) == 2:
        w, h = min(pos[0], 15), min(pos[1], 12)
        pairs = session.cache.get(("pairs", (w, h)), lambda: pair_table(game, w, h))
    return SumData(piles, a.info.remoteness_exact, nimsum, rules, pairs)


def _pile_line(game: SumGame, i: int, n: int, rule: Rule) -> PileLine:
    if game.misere:
        return PileLine(n, rule_tag(rule), None)
    pile = game.normal_piles[i]
    g = pile.info(n).grundy
    return PileLine(n, rule_tag(rule), g, g is None and pile.grundy_known_upto(n) is not None)


def pair_table(game: SumGame, width: int, height: int) -> PairTable:
    cold = frozenset(
        (x, y)
        for x in range(width + 1)
        for y in range(height + 1)
        if game.info((x, y)).outcome is Outcome.COLD
    )
    return PairTable(width, height, cold, game.misere)


# -- any game ----------------------------------------------------------------------------------
def pile_panels(session: Session[Any], a: Analysis[Any], board: int = 0) -> StripData:
    return strip_data(cast(PileGame, session.game), a)


def board_panels(session: Session[Any], a: Analysis[Any], board: int = 0) -> BoardData:
    game = cast(WythoffGame, session.game)
    return session.cache.get(("board", board), lambda: wythoff_data(game, board))


PanelData = Callable[[Session[Any], Analysis[Any], int], Any]
PANELS: dict[Notation, PanelData] = {
    Notation.NUMBER: pile_panels,
    Notation.PAIR: board_panels,
    Notation.PILES: sum_data,
}


def panel_data(session: Session[Any], a: Analysis[Any], board: int = 0) -> Any:
    """The data of ``session``'s game-specific panels at the analysed position."""
    game: Game[Any] = session.game
    panels = PANELS.get(game.kind.notation)
    if panels is None:
        return None
    try:
        return panels(session, a, board)
    except GameError:  # e.g. a table limit: the panels stay empty, the game goes on
        return None
