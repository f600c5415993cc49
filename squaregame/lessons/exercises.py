"""Exercises generated from the tables: a fresh position for every attempt.

Each *kind* of exercise (:data:`KINDS`, found by :func:`find_exercise`) says which positions
suit it and builds an :class:`Exercise` for one of them: the question, what the student works
from, the choices, which are right, and — for every choice — why it is right or wrong, all
computed from the game's tables, in the lesson's language (:class:`Strings`).

:func:`generate` draws the position with a ``random.Random`` the caller seeds
(:func:`seeded`), so a class given the same seed gets the same items, and a student asking
for another item gets a new one. Never imports textual.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

from squaregame.core.game import Game
from squaregame.core.traits import Shape
from squaregame.core.types import Analysis, MoveInfo, Outcome
from squaregame.lessons.exercise_model import (
    Exercise,
    ExerciseKind,
    NoPosition,
    draw_position,
    positions,
)
from squaregame.lessons.generate import conclusion, fmt, move_phrase, value_word
from squaregame.lessons.strings import Strings

MAX_CHOICES = 8  # a longer list is the winning moves and a random few of the others
TRIES = 400  # random draws before the range is scanned in order


def generate(
    kind: str,
    game: Game[Any],
    rng: random.Random,
    S: Strings,
    low: int,
    high: int,
    avoid: Sequence[Any] = (),
    want: Any = None,
) -> Exercise:
    """An item of ``kind`` at a position drawn in ``low..high`` (never one of ``avoid``);
    with ``want``, one whose right answer it is (a hot/cold item: "hot" or "cold")."""
    ek = find_exercise(kind)
    banned = {tuple(a) if isinstance(a, list) else a for a in avoid}

    def ok(pos: Any) -> bool:  # (None: the game draws no position, Game.random_position)
        if pos is None or pos in banned or not ek.suits(game, pos):
            return False
        return want is None or ek.answer is None or ek.answer(game, pos) == want

    for _ in range(TRIES):
        pos = draw_position(game, low, high, rng)
        if ok(pos):
            return ek.make(game, pos, rng, S)
    found = [p for p in positions(game, low, high) if ok(p)]
    if not found:
        raise NoPosition(f"no position in {low}..{high} suits a '{kind}' exercise")
    return ek.make(game, rng.choice(found), rng, S)


# -- helpers ----------------------------------------------------------------------------


def _exact(a: Analysis[Any]) -> bool:
    return a.info.remoteness_exact and all(m.info.remoteness_exact for m in a.moves)


def _distinct(moves: Sequence[MoveInfo[Any]]) -> list[MoveInfo[Any]]:
    """The first move to each position, in order."""
    first: dict[Any, MoveInfo[Any]] = {}
    for m in moves:
        first.setdefault(m.to, m)
    return list(first.values())


def _some_moves(a: Analysis[Any], rng: random.Random) -> list[MoveInfo[Any]]:
    """The moves to choose from: all, or every winning move and random others (one move to
    each position: from two equal rows, the same move is offered once)."""
    moves = _distinct(a.moves)
    if len(moves) <= MAX_CHOICES:
        return moves
    wins = [m for m in moves if m.wins][: MAX_CHOICES // 2]
    others = [m for m in moves if not m.wins]
    extra = rng.sample(others, min(len(others), MAX_CHOICES - len(wins)))
    picked = {id(m) for m in wins + extra}
    return [m for m in moves if id(m) in picked]


def _refutation(game: Game[Any], m: MoveInfo[Any], S: Strings) -> str:
    """Why a move to a hot position loses: the opponent's answer from there."""
    reply = sorted(game.analyze(m.to).winning_moves, key=lambda r: r.info.remoteness)
    to = fmt(game, m.to)
    if not reply:  # misère: a hot position with no move (the opponent moved last)
        return S("note_move_bad_end", to=to)
    return S("note_move_bad", to=to, reply=move_phrase(game, m.to, reply[0].to, S))


def _nim_line(values: Sequence[int]) -> str:
    width = max(1, max(values).bit_length())
    total = 0
    for v in values:
        total ^= v
    return " ⊕ ".join(format(v, f"0{width}b") for v in values) + f" = {total:0{width}b}"


def _parts(game: Game[Any], pos: Any) -> list[tuple[int, int | None]] | None:
    """``pos`` as a normal-play sum of parts, each (its size, its Grundy value): the piles of
    a sum of piles (:meth:`~squaregame.core.game.Game.summands`), or the rows of a game of
    rows (each number a position of the game by itself, such as a row of Kayles), as the
    game's kind declares it (:mod:`squaregame.core.traits`). None for any other game, for
    misère play, and where the parts' nim-sum is not the position's own value."""
    traits = game.traits
    if game.misere:
        return None
    piles = game.summands(pos) if traits.sum_of_piles else None
    if piles is not None:
        return [(p.size, p.pile.grundy(p.size)) for p in piles]
    if not traits.sum_of_rows:
        return None
    one = game.kind.position_from_values
    parts = [(n, game.info(one((n,))).grundy) for n in game.position_values(pos)]
    total = 0
    for _, g in parts:
        if g is None:
            return None
        total ^= g
    return parts if game.info(pos).grundy == total else None


def _are_rows(game: Game[Any], pos: Any) -> bool:
    """Is ``pos`` made of heaps that split (rows), not the piles of a sum nor a board?"""
    return game.traits.shape is Shape.ROWS


def _row_count(game: Game[Any], pos: Any) -> int:
    """How many rows ``pos`` has (1 for a position of any other game)."""
    return len(game.position_values(pos)) if _are_rows(game, pos) else 1


def _is_normal_sum(game: Game[Any], pos: Any) -> bool:
    """Is ``pos`` a normal-play sum of piles or rows whose Grundy values are all known?"""
    parts = _parts(game, pos)
    return parts is not None and all(g is not None for _, g in parts)


def _pile_values(game: Game[Any], pos: Any) -> list[int]:
    return [g or 0 for _, g in _parts(game, pos) or ()]


def _pile_work(game: Game[Any], pos: Any, S: Strings) -> tuple[str, ...]:
    """Each pile (or row) with its Grundy value, in binary with as many digits as the
    largest."""
    parts = _parts(game, pos) or []
    width = max(1, max(g or 0 for _, g in parts).bit_length())
    key = "work_row" if _are_rows(game, pos) else "work_pile"
    return tuple(
        S(key, pile=i + 1, n=n, g=g or 0, bits=format(g or 0, f"0{width}b"))
        for i, (n, g) in enumerate(parts)
    )


# -- the kinds --------------------------------------------------------------------------


def _hot_suits(game: Game[Any], pos: Any) -> bool:
    return not game.is_terminal(pos)


def _hot(game: Game[Any], pos: Any, rng: random.Random, S: Strings) -> Exercise:
    a = game.analyze(pos)
    p, why = fmt(game, pos), conclusion(game, a, S)
    value = a.info.outcome.value
    choices = ((value_word(Outcome.HOT, S), "hot"), (value_word(Outcome.COLD, S), "cold"))
    children = ", ".join(fmt(game, m.to) for m in a.moves)
    wrong = "cold" if value == "hot" else "hot"
    notes = {wrong: S(f"note_said_{wrong}", pos=p, children=children)}
    return Exercise(
        "hot", pos, S("ask_hot", pos=p), choices, frozenset({value}),
        value_word(a.info.outcome, S), why, work=(S("work_hot"),), notes=notes,
    )  # fmt: skip


def _move_suits(game: Game[Any], pos: Any) -> bool:
    if game.info(pos).outcome is not Outcome.HOT:
        return False
    a = game.analyze(pos)
    return any(m.wins for m in a.moves) and any(not m.wins for m in a.moves)


def _moves(game: Game[Any], pos: Any, rng: random.Random, S: Strings) -> Exercise:
    a = game.analyze(pos)
    p = fmt(game, pos)
    shown = _some_moves(a, rng)
    right = [m for m in _distinct(a.moves) if m.wins]
    said = ", ".join(move_phrase(game, pos, m.to, S) for m in right)
    why = S("why_move_one" if len(right) == 1 else "why_move", pos=p, moves=said)
    notes = {
        m.to: S("note_move_good", to=fmt(game, m.to)) if m.wins else _refutation(game, m, S)
        for m in shown
    }
    choices = tuple((move_phrase(game, pos, m.to, S), m.to) for m in shown)
    is_sum = game.traits.sum_of_piles
    work = _pile_work(game, pos, S) if _is_normal_sum(game, pos) else ()
    kind = "pile" if is_sum else "moves"
    prompt = S("ask_pile" if kind == "pile" else "ask_move", pos=p)
    return Exercise(kind, pos, prompt, choices, frozenset(m.to for m in right), said, why,
                    work=work, notes=notes)  # fmt: skip


def _remoteness_suits(game: Game[Any], pos: Any) -> bool:
    return not game.is_terminal(pos) and _exact(game.analyze(pos))


def _remoteness(game: Game[Any], pos: Any, rng: random.Random, S: Strings) -> Exercise:
    a = game.analyze(pos)
    p, r = fmt(game, pos), a.info.remoteness
    if a.info.outcome is Outcome.HOT:
        kids = [m for m in a.moves if m.wins]
        best = min(m.info.remoteness for m in kids)
        key = "why_rem_hot"
    else:
        kids = list(a.moves)
        best = max(m.info.remoteness for m in kids)
        key = "why_rem_cold"
    listed = ", ".join(f"{fmt(game, m.to)} ({m.info.remoteness})" for m in kids)
    why = S(key, pos=p, children=listed, best=best, r=r)
    start = max(0, min(r - rng.randint(1, 3), r))
    options = list(range(start, start + 5))
    notes = {o: S("note_not", value=o) for o in options if o != r}
    return Exercise("remoteness", pos, S("ask_remoteness", pos=p),
                    tuple((str(o), o) for o in options), frozenset({r}), str(r), why,
                    work=(S("work_remoteness"),), notes=notes)  # fmt: skip


def _grundy_suits(game: Game[Any], pos: Any) -> bool:
    if game.is_terminal(pos) or _row_count(game, pos) > 1:
        return False  # several rows: the nim-sum of their values (the nimsum exercise)
    return game.info(pos).grundy is not None and all(
        m.info.grundy is not None for m in game.analyze(pos).moves
    )


def _grundy(game: Game[Any], pos: Any, rng: random.Random, S: Strings) -> Exercise:
    a = game.analyze(pos)
    p, g = fmt(game, pos), a.info.grundy or 0
    work = tuple(
        S("work_child_grundy", move=move_phrase(game, pos, m.to, S), g=m.info.grundy)
        for m in a.moves
    )
    kids = sorted({m.info.grundy or 0 for m in a.moves})
    why = S("why_grundy", pos=p, g=g, children=", ".join(map(str, kids)))
    options = list(range(max(g + 2, 4)))
    notes = {
        v: S("note_grundy_taken" if v in kids else "note_grundy_gap", value=v, g=g)
        for v in options
        if v != g
    }
    return Exercise("grundy", pos, S("ask_grundy", pos=p), tuple((str(v), v) for v in options),
                    frozenset({g}), str(g), why, work=work, notes=notes)  # fmt: skip


def _nimsum_suits(game: Game[Any], pos: Any) -> bool:
    if _are_rows(game, pos) and _row_count(game, pos) < 2:
        return False  # one row: its nim-sum is its own value (the grundy exercise)
    return _is_normal_sum(game, pos)


def _nimsum(game: Game[Any], pos: Any, rng: random.Random, S: Strings) -> Exercise:
    values = _pile_values(game, pos)
    total = 0
    for v in values:
        total ^= v
    sizes = 0  # the nim-sum of the sizes themselves: another question, never offered here
    for n, _ in _parts(game, pos) or ():
        sizes ^= n
    top = max(7, (1 << max(values).bit_length()) - 1)
    options = [o for o in range(top + 2) if o == total or o != sizes]
    options = options[: max(MAX_CHOICES, options.index(total) + 1)]
    verdict = S("nimsum_hot" if total else "nimsum_cold")
    why = S("why_nimsum", values=" ⊕ ".join(map(str, values)), total=total,
            bits=_nim_line(values), verdict=verdict)  # fmt: skip
    notes = {o: S("note_nimsum", value=o) for o in options if o != total}
    ask = "ask_nimsum_rows" if _are_rows(game, pos) else "ask_nimsum"  # "of the Grundy values"
    return Exercise("nimsum", pos, S(ask, pos=fmt(game, pos)),
                    tuple((str(o), o) for o in options), frozenset({total}), str(total), why,
                    work=_pile_work(game, pos, S), notes=notes)  # fmt: skip


def _pile_suits(game: Game[Any], pos: Any) -> bool:
    return _is_normal_sum(game, pos) and _move_suits(game, pos)


# -- find the blunder -------------------------------------------------------------------


def _blunder_suits(game: Game[Any], pos: Any) -> bool:
    a = game.analyze(pos)
    return a.info.outcome is Outcome.HOT and any(not m.wins for m in a.moves) and _exact(a)


def blunder_game(game: Game[Any], start: Any, rng: random.Random) -> tuple[list[Any], int]:
    """A game from a hot ``start`` with exactly one blunder (a move from a hot position to a
    hot one): before it the winner plays perfectly and the loser anyhow, after it the new
    winner plays perfectly. Returns the positions (start first) and the blunder's index.
    The start must have a losing move (:func:`_blunder_suits`): the last draw blunders at
    once, so there always is one."""
    for chance, first in ((0.4, 2), (0.4, 2), (0.5, 1), (1.0, 0)):
        line, pos = [start], start
        blunder: int | None = None
        for ply in range(200):
            a = game.analyze(pos)
            if not a.moves:
                break
            losing = [m for m in a.moves if not m.wins]
            hot = a.info.outcome is Outcome.HOT
            late = ply >= first
            if hot and blunder is None and losing and late and rng.random() < chance:
                pos, blunder = rng.choice(losing).to, ply
            elif hot:
                pos = rng.choice(a.best_moves()).to
            else:
                pos = rng.choice(a.moves).to
            line.append(pos)
        if blunder is not None:
            return line, blunder
    raise NoPosition("no blunder possible from a position without a losing move")


def _blunder(game: Game[Any], pos: Any, rng: random.Random, S: Strings) -> Exercise:
    line, k = blunder_game(game, pos, rng)
    players = (S("player_first"), S("player_second"))
    work = tuple(
        S("work_ply", n=i + 1, player=players[i % 2], move=move_phrase(game, a, b, S))
        for i, (a, b) in enumerate(itertools.pairwise(line))
    )
    before, after = line[k], line[k + 1]
    best = sorted(game.analyze(before).winning_moves, key=lambda m: m.info.remoteness)[0]
    why = S("why_blunder", n=k + 1, player=players[k % 2], pos=fmt(game, before),
            to=fmt(game, after), better=move_phrase(game, before, best.to, S))  # fmt: skip
    notes: dict[Any, str] = {}
    for i, (a, b) in enumerate(itertools.pairwise(line)):
        if i == k:
            continue
        hot = game.info(a).outcome is Outcome.HOT
        notes[i] = S("note_ply_good" if hot else "note_ply_lost", n=i + 1, pos=fmt(game, a),
                     to=fmt(game, b))  # fmt: skip
    choices = tuple((S("choice_ply", n=i + 1), i) for i in range(len(line) - 1))
    return Exercise("blunder", pos, S("ask_blunder", pos=fmt(game, pos)), choices,
                    frozenset({k}), S("choice_ply", n=k + 1), why, work=work,
                    notes=notes, line=tuple(line))  # fmt: skip


def _hot_answer(game: Game[Any], pos: Any) -> Any:
    return game.info(pos).outcome.value


KINDS: tuple[ExerciseKind, ...] = (
    ExerciseKind("hot", ("cold", "outcome"), _hot_suits, _hot, answer=_hot_answer),
    ExerciseKind("moves", ("move", "winning"), _move_suits, _moves),
    ExerciseKind("remoteness", ("remote",), _remoteness_suits, _remoteness),
    ExerciseKind("blunder", ("mistake",), _blunder_suits, _blunder),
    ExerciseKind("grundy", ("mex",), _grundy_suits, _grundy, general=False),
    ExerciseKind("nimsum", ("nim-sum", "xor"), _nimsum_suits, _nimsum, general=False),
    ExerciseKind("pile", ("which-pile",), _pile_suits, _moves, general=False),
)
NAMES: tuple[str, ...] = tuple(k.key for k in KINDS)


def find_exercise(name: str) -> ExerciseKind:
    key = name.strip().lower()
    for kind in KINDS:
        if key == kind.key or key in kind.aliases:
            return kind
    raise ValueError(f"no exercise '{name}' (exercises: {', '.join(NAMES)})")
