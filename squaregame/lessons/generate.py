"""What a lesson step shows that comes from the tables, in the lesson's language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from squaregame.core.game import Game
from squaregame.core.pile_game import PileGame
from squaregame.core.sum_game import SumGame
from squaregame.core.types import Analysis, Outcome
from squaregame.core.wythoff import cold_pairs, lower_wythoff
from squaregame.lessons.strings import Strings
from squaregame.text import Catalog
from squaregame.text import games as games_text


def value_word(outcome: Outcome, S: Strings) -> str:
    return f"{outcome.symbol} {S('hot' if outcome is Outcome.HOT else 'cold')}"


def fmt(game: Game[Any], pos: Any) -> str:
    return game.format_position(pos)


def move_phrase(game: Game[Any], pos: Any, to: Any, S: Strings) -> str:
    """A move in the lesson's language: what is taken (or where the queen goes) and where."""
    return games_text.move_phrase(game, pos, to, Catalog(S.lang))


def best_line(a: Analysis[Any]) -> Any:
    """A deterministic perfect move (the first of the best), for worked examples."""
    return sorted(a.best_moves(), key=lambda m: str(m.to))[0].to


# -- worked game and explanations ---------------------------------------------------------


def worked_game(game: Game[Any], start: Any, S: Strings) -> list[str]:
    """Perfect play from ``start``, one line per move, each explained."""
    lines, pos = [], start
    for _ in range(200):
        a = game.analyze(pos)
        r = a.info.remoteness
        if not a.moves:
            lines.append(S("worked_end", pos=fmt(game, pos)))
            break
        to = best_line(a)
        move = move_phrase(game, pos, to, S)
        key = "worked_hot" if a.info.outcome is Outcome.HOT else "worked_cold"
        lines.append(S(key, pos=fmt(game, pos), r=r, move=move))
        pos = to
    return lines


def explain_position(game: Game[Any], pos: Any, S: Strings) -> list[str]:
    """Every move from ``pos`` with the value it leads to, then the conclusion."""
    a = game.analyze(pos)
    lines = [
        S(
            "explain_move",
            move=move_phrase(game, pos, m.to, S),
            value=value_word(m.info.outcome, S),
            r=m.info.remoteness,
        )
        for m in a.moves
    ]
    lines.append("")
    lines.append(conclusion(game, a, S))
    return lines


def conclusion(game: Game[Any], a: Analysis[Any], S: Strings) -> str:
    pos = fmt(game, a.position)
    if not a.moves:
        key = "terminal_cold" if a.info.outcome is Outcome.COLD else "terminal_hot"
        return S(key, pos=pos)
    if a.info.outcome is Outcome.HOT:
        m = sorted(a.winning_moves, key=lambda m: m.info.remoteness)[0]
        return S(
            "rule_hot", pos=pos, move=move_phrase(game, a.position, m.to, S), to=fmt(game, m.to)
        )
    children = ", ".join(fmt(game, m.to) for m in a.moves)
    return S("rule_cold", pos=pos, children=children)


# -- filling the table, and the sieve ------------------------------------------------------


def check_mark(game: Game[Any], n: Any, says_hot: bool, S: Strings) -> tuple[bool, str]:
    """A student's mark for ``n``: right or wrong, and why (the hot/cold rule)."""
    a = game.analyze(n)
    right = (a.info.outcome is Outcome.HOT) == says_hot
    return right, conclusion(game, a, S)


@dataclass(frozen=True)
class SieveFrame:
    marks: dict[int, bool]  # n -> hot?
    text: str
    new_cold: int | None


def sieve(game: PileGame, upto: int, S: Strings) -> list[SieveFrame]:
    """The P-to-N sieve: the smallest unmarked number is cold; everything a move above it
    reaches is hot. One frame per cold number found."""
    marks: dict[int, bool] = {}
    frames = []
    for n in range(upto + 1):
        if n in marks:
            continue
        marks[n] = False
        targets = [n + a for a in game.rule.amounts(upto) if n + a <= upto and (n + a) not in marks]
        for t in targets:
            marks[t] = True
        shown = ", ".join(map(str, targets)) or "—"
        frames.append(SieveFrame(dict(marks), S("sieve_step", n=n, targets=shown), n))
    frames.append(SieveFrame(dict(marks), S("sieve_done", upto=upto), None))
    return frames


# -- Wythoff ----------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardFrame:
    cold: frozenset[tuple[int, int]]
    hot: frozenset[tuple[int, int]]
    text: str


def wythoff_colouring(size: int, S: Strings) -> list[BoardFrame]:
    """Colouring the board from the corner: each cold pair makes its lines hot."""
    cold: set[tuple[int, int]] = set()
    hot: set[tuple[int, int]] = set()
    frames = []
    for k, (a, b) in enumerate(cold_pairs(size)):
        for x, y in {(a, b), (b, a)}:
            if x <= size and y <= size:
                cold.add((x, y))
                for d in range(1, size + 1):
                    for cell in ((x + d, y), (x, y + d), (x + d, y + d)):
                        if cell[0] <= size and cell[1] <= size and cell not in cold:
                            hot.add(cell)
        frames.append(BoardFrame(frozenset(cold), frozenset(hot), S("board_pair", k=k, a=a, b=b)))
    return frames


def pair_lines(count: int, S: Strings) -> list[str]:
    lines = [S("pairs_head")]
    used: set[int] = set()
    for k in range(count):
        a = 0
        while a in used:
            a += 1
        b = a + k
        used.update((a, b))
        lines.append(f"{k:>3}   {a:>4}   {b:>4}   {lower_wythoff(k):>5}")
    return lines


# -- Grundy values ----------------------------------------------------------------------


def grundy_lines(game: PileGame, upto: int, S: Strings) -> list[str]:
    lines = []
    values = [game.info(n) for n in range(upto + 1)]
    for base in range(0, upto + 1, 10):
        row = values[base : base + 10]
        lines.append(f"{base:>3}: " + " ".join(f"{v.outcome.symbol}{v.grundy}" for v in row))
    found = game.periodicity()
    period = None if found is None else found.grundy  # the Grundy values' own period
    if period is not None:
        lines.append("")
        key = "period" if period.start else "period_from_start"
        lines.append(S(key, count=period.start, start=period.start, length=period.length))
    return lines


def sum_table(game: SumGame, width: int, height: int, S: Strings) -> list[str]:
    lines = [S("sumtable_head")]
    for y in range(height, -1, -1):
        cells = " ".join(game.info((x, y)).outcome.symbol for x in range(width + 1))
        lines.append(f"{y:>3} {cells}")
    lines.append("    " + " ".join(str(x % 10) for x in range(width + 1)))
    return lines


# -- quizzes ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Question:
    prompt: str
    choices: tuple[tuple[str, Any], ...]  # (label, value)
    correct: frozenset[Any]
    why: str  # the explanation, shown after any answer

    def is_right(self, value: Any) -> bool:
        return value in self.correct


def question(ask: str, game: Game[Any], pos: Any, S: Strings) -> Question:
    a = game.analyze(pos)
    p = fmt(game, pos)
    info = a.info
    choices: tuple[tuple[str, Any], ...]
    if ask == "hot":
        choices = (
            (value_word(Outcome.HOT, S), "hot"),
            (value_word(Outcome.COLD, S), "cold"),
        )
        return Question(
            S("ask_hot", pos=p), choices, frozenset({info.outcome.value}), conclusion(game, a, S)
        )
    if ask == "move":
        if info.outcome is not Outcome.HOT:
            raise ValueError(f"'which move wins' at {p}, a cold position")
        choices = tuple((move_phrase(game, pos, m.to, S), m.to) for m in a.moves)
        right = frozenset(m.to for m in a.winning_moves)
        said = ", ".join(move_phrase(game, pos, t, S) for t in sorted(right))
        why = S("why_move_one" if len(right) == 1 else "why_move", pos=p, moves=said)
        return Question(S("ask_move", pos=p), choices, right, why)
    if ask == "remoteness":
        r = info.remoteness
        options = sorted({max(0, r + d) for d in (-2, -1, 0, 1, 2)})[:5]
        why = S("why_remoteness", pos=p, r=r, line=worked_game(game, pos, S)[0])
        return Question(
            S("ask_remoteness", pos=p), tuple((str(o), o) for o in options), frozenset({r}), why
        )
    if ask == "grundy":
        g = info.grundy
        if g is None:
            raise ValueError(f"no Grundy value at {p}")
        kids = sorted({m.info.grundy for m in a.moves if m.info.grundy is not None})
        why = S("why_grundy", pos=p, g=g, children=", ".join(map(str, kids)) or "—")
        choices = tuple((str(v), v) for v in range(max(g + 2, 4)))
        return Question(S("ask_grundy", pos=p), choices, frozenset({g}), why)
    raise ValueError(f"unknown question '{ask}'")
