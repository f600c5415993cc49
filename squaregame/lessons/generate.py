"""What a lesson step shows that comes from the tables, in the lesson's language."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from squaregame.core.game import Game
from squaregame.core.types import Analysis, Outcome
from squaregame.lessons.strings import Strings
from squaregame.text import Catalog
from squaregame.text import games as games_text


def value_word(outcome: Outcome, S: Strings) -> str:
    return f"{outcome.symbol} {S('hot' if outcome is Outcome.HOT else 'cold')}"


def fmt(game: Game[Any], pos: Any) -> str:
    return games_text.position_text(game, pos)  # the same in every language


def move_phrase(game: Game[Any], pos: Any, to: Any, S: Strings) -> str:
    """A move in the lesson's language: what is taken (or where the queen goes) and where."""
    return games_text.move_phrase(game, pos, to, Catalog(S.lang))


def best_line(a: Analysis[Any]) -> Any:
    """A deterministic perfect move (the first of the best), for worked examples."""
    return sorted(a.best_moves(), key=lambda m: str(m.to))[0].to


# -- worked game and explanations ---------------------------------------------------------


def players(S: Strings) -> tuple[str, str]:
    return S("player_first"), S("player_second")


def worked_game(game: Game[Any], start: Any, S: Strings, plain: bool = False) -> list[str]:
    """Perfect play from ``start``, one line per move, each explained (``plain``: only who
    moves where, for a lesson that has not defined hot and cold yet)."""
    line, pos = [start], start
    for _ in range(200):
        a = game.analyze(pos)
        if not a.moves:
            break
        pos = best_line(a)
        line.append(pos)
    if plain:
        return played_game(game, line, S)
    lines = []
    for here, to in itertools.pairwise(line):
        info = game.info(here)
        key = "worked_hot" if info.outcome is Outcome.HOT else "worked_cold"
        move = move_phrase(game, here, to, S)
        lines.append(S(key, pos=fmt(game, here), r=info.remoteness, move=move))
    lines.append(S("worked_end", pos=fmt(game, line[-1])))
    return lines


def played_game(game: Game[Any], line: list[Any], S: Strings, judge: bool = False) -> list[str]:
    """A game through the positions ``line`` (the start first), one line per move by the
    first ● or second ○ player; ``judge`` adds whether each move kept or threw a win."""
    who = players(S)
    lines = []
    for i, (here, to) in enumerate(itertools.pairwise(line)):
        text = S("work_ply", n=i + 1, player=who[i % 2], move=move_phrase(game, here, to, S))
        if judge:
            text += "\n    " + judgement(game, here, to, S)
        lines.append(text)
    end = line[-1]
    if game.is_terminal(end):
        lines.append(S("judge_end", pos=fmt(game, end), player=who[(len(line) - 1) % 2]))
    return lines


def judgement(game: Game[Any], here: Any, to: Any, S: Strings) -> str:
    a = game.analyze(here)
    p, t = fmt(game, here), fmt(game, to)
    if a.info.outcome is Outcome.COLD:
        return S("judge_lost", pos=p)
    if game.info(to).outcome is Outcome.COLD:
        return S("judge_good", pos=p, to=t)
    best = sorted(a.winning_moves, key=lambda m: m.info.remoteness)[0]
    return S("judge_blunder", pos=p, to=t, better=move_phrase(game, here, best.to, S))


def mex_lines(game: Game[Any], pos: Any, S: Strings) -> list[str]:
    """The Grundy value of ``pos`` worked out: each move's value, then the mex."""
    a = game.analyze(pos)
    lines = [S("mex_head", pos=fmt(game, pos))]
    lines += [
        S("work_child_grundy", move=move_phrase(game, pos, m.to, S), g=m.info.grundy)
        for m in a.moves
    ]
    kids = sorted({m.info.grundy or 0 for m in a.moves})
    lines += ["", S("mex_done", pos=fmt(game, pos), g=a.info.grundy,
                    children="{" + ", ".join(map(str, kids)) + "}")]  # fmt: skip
    return lines


def digit_counts(cold: list[int], below: int) -> dict[int, list[int]]:
    """The cold numbers below ``below`` by their last digit."""
    out: dict[int, list[int]] = {d: [] for d in range(10)}
    for n in cold:
        if n < below:
            out[n % 10].append(n)
    return out


def digits_table(cold: list[int], bounds: list[int], S: Strings, spoken: bool = False) -> list[str]:
    """How many cold numbers below each bound end in each digit: a row per digit, a column
    per bound (10², 10³, …); under it, each digit with a handful below the last bound is
    named, so the student sees an exception when it appears. ``spoken``: the bounds said
    once, then a line per digit with its counts, for a listener (no columns to align)."""
    heads = [_power(b) for b in bounds]
    counts = [digit_counts(cold, b) for b in bounds]
    if spoken:
        lines = [S("digits_head"), S("digits_spoken_bounds", bounds=", ".join(heads))]
        for d in range(10):
            said = ", ".join(str(len(c[d])) for c in counts)
            lines.append(S("digits_spoken", d=d, counts=said))
    else:
        head = f"{S('digits_digit'):>5} " + "".join(f"{h:>6}" for h in heads)
        lines = [S("digits_head"), "", head]
        for d in range(10):
            lines.append(f"{d:>5} " + "".join(f"{len(c[d]):>6}" for c in counts))
    few = [(d, found) for d, found in counts[-1].items() if 0 < len(found) <= 3]
    if few:
        lines.append("")
        lines += [
            S("digits_few", d=d, below=heads[-1], numbers=", ".join(f"{n:,}" for n in found))
            for d, found in few
        ]
    return lines


def _power(n: int) -> str:
    """``10⁶`` for 1,000,000; other numbers as they are."""
    k = len(str(n)) - 1
    if n == 10**k:
        return "10" + "".join("⁰¹²³⁴⁵⁶⁷⁸⁹"[int(c)] for c in str(k))
    return f"{n:,}"


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


# -- Grundy values ----------------------------------------------------------------------


def grundy_lines(game: Game[Any], upto: int, S: Strings, spoken: bool = False) -> list[str]:
    """The Grundy values of the one-number positions 0..upto, and their proven period;
    ``spoken``: each ten as words to hear ("10 to 19: 2, 6, 4, …"), not a grid to see."""
    lines = []
    values = [game.info(game.kind.position_from_values((n,))) for n in range(upto + 1)]
    for base in range(0, upto + 1, 10):
        row = values[base : base + 10]
        if spoken:
            said = ", ".join(str(v.grundy) for v in row)
            lines.append(S("grundy_spoken", low=base, high=base + len(row) - 1, values=said))
            continue
        lines.append(f"{base:>3}: " + " ".join(f"{v.outcome.symbol}{v.grundy}" for v in row))
    found = game.periodicity()
    period = None if found is None else found.grundy  # the Grundy values' own period
    if period is not None:
        lines.append("")
        key = "period" if period.start else "period_from_start"
        lines.append(S(key, count=period.start, start=period.start, length=period.length))
    return lines


# -- boards and tables of two numbers (a family's steps and panels draw them) --------------


def axis_labels(upto: int, indent: str, width: int = 2) -> list[str]:
    """Column labels 0..upto under cells ``width`` characters wide: the tens on a row of
    their own above the units, so 10..13 never read as 0..3."""
    units = indent + "".join(f"{x % 10:<{width}}" for x in range(upto + 1))
    if upto < 10:
        return [units.rstrip()]
    tens = indent + "".join(f"{x // 10 if x >= 10 else ' ':<{width}}" for x in range(upto + 1))
    return [tens.rstrip(), units.rstrip()]


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
