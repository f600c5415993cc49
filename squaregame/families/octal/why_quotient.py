"""Why a misère position of rows is hot or cold, said through the proven misère quotient that
decided it (:mod:`.quotient`): the words the why proof shows under its first line
(:meth:`~squaregame.core.game.Game.why_notes`), as catalog messages (``octal.why.*``).

**What is said, and why it is the proof.** Φ maps each row n to an element of the quotient Q,
a position to the product of its rows' images, and a position is cold (a misère P-position)
exactly when that product lies in the P-portion (Plambeck and Siegel; proven for every sum of
rows by :mod:`.quotient`'s periodicity theorem). So the notes say, in order:

1. where Q comes from: its order, its generators (a letter for each row that adjoined one), its
   P-portion, and the rows it was proven from;
2. each row's image Φ(n), named as a product of the generators (:func:`names`); for a row past
   the first period, that it acts like the row n0 + (n − n0) mod p, by the period;
3. the product of the images, and whether it lies in the P-portion: the verdict;
4. for a hot position, the winning move the proof plays (its first line) and the product it
   leaves, in the P-portion; for a cold one, each row's moves and the products they leave,
   none in the P-portion (so every move leaves a hot position).

**Names.** Each element is named by the least word in the generators reaching it, found
breadth first from the identity (named 1), the generators in the order their rows came: a
word of the reduced monoid, not unique as a word but naming one element.

**Budget.** Nothing here searches: a row's moves leave r·Φ(a)·Φ(rest − a), and where a and
rest − a are both past the preperiod n0 the product depends only on a mod p, so a block of
splits is valued at fewer than 2·n0 + p places however long the row (the same count as
:func:`.misere.winners`). The work is O(rows × blocks × (2·n0 + p)) products, bounded
before it starts by the position's rows and the proven quotient's n0 and p.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import Protocol

from squaregame.core.types import Message, Move
from squaregame.families.octal import big, misere
from squaregame.families.octal.code import HeapRule, Rows
from squaregame.families.octal.quotient import Quotient
from squaregame.families.octal.search import Solved

SHOWN_ROWS = 8  # row sizes whose images are said one by one; the rest are counted
_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def letter(i: int) -> str:
    """The ``i``-th generator's name: a, b, …, z, then g27, g28 …"""
    return chr(ord("a") + i) if i < 26 else f"g{i + 1}"


@cache
def names(q: Quotient) -> tuple[str, ...]:
    """Every element's name: the least word in the generators reaching it (1: the identity;
    an element no word reaches, which a proven quotient has not, by its number: #7)."""
    m = q.monoid
    gens = [q.phi[g] for g in q.generators]
    words: dict[int, tuple[int, ...]] = {0: (0,) * len(gens)}
    queue = deque([0])
    while queue:
        x = queue.popleft()
        for i, g in enumerate(gens):
            y = m.mul[x][g]
            if y not in words:
                word = list(words[x])
                word[i] += 1
                words[y] = tuple(word)
                queue.append(y)
    return tuple(_spelled(words[x]) if x in words else f"#{x}" for x in range(m.order))


def _spelled(word: tuple[int, ...]) -> str:
    said = "".join(
        letter(i) + (str(e).translate(_SUPERSCRIPTS) if e > 1 else "")
        for i, e in enumerate(word)
        if e
    )
    return said or "1"


def like(q: Quotient, n: int) -> int:
    """The row whose image row ``n`` has by the period (``n`` itself before the period's
    first repeat)."""
    n0, p = q.preperiod, q.period
    return n if n < n0 + p else n0 + (n - n0) % p


def factors(q: Quotient, rows: tuple[int, ...]) -> str:
    """The product written out: ``Φ(100) · Φ(5) = ab² · c``; one row, ``Φ(40)``; none, 1."""
    if len(rows) < 2:
        return f"Φ({rows[0]})" if rows else "1"
    named = names(q)
    images = " · ".join(named[q.image(n)] for n in rows)
    return f"{' · '.join(f'Φ({n})' for n in rows)} = {images}"


def _by_name(q: Quotient, elements: set[int] | tuple[int, ...]) -> str:
    """Elements by name, shortest first: ``a, d, e, b², ac``."""
    named = names(q)
    return ", ".join(sorted((named[x] for x in elements), key=lambda w: (len(w), w)))


class Rowed(Protocol):
    """What :func:`game_notes` asks of the game (:class:`~.game.RowsGame`)."""

    group_rules: tuple[HeapRule, ...]
    solved: Solved

    def move(self, pos: Rows, to: Rows) -> Move[Rows]: ...
    def sizes(self, pos: Rows) -> tuple[int, ...]: ...
    def row_blocks(self, pos: Rows, i: int) -> list[big.Block]: ...
    def cells(self, pos: Rows) -> list[tuple[int, int, HeapRule]]: ...


def game_notes(game: Rowed, pos: Rows, answer: Rows | None) -> tuple[Message, ...]:
    """The notes for ``pos`` of a misère ``game`` when a proven quotient decided it (beyond
    the exact search: one code's rows); none otherwise (the search decided it, and the
    quotient, if not computed yet, is not computed for this)."""
    q = misere.used(game.group_rules)
    if q is None or game.solved.fits(pos):
        return ()
    said = None if answer is None else (game.move(pos, answer), game.sizes(answer))
    blocks = [game.row_blocks(pos, i) for i, _n, _rule in game.cells(pos)]
    return notes(q, game.sizes(pos), said, blocks)


def notes(
    q: Quotient,
    rows: tuple[int, ...],
    answer: tuple[Move[Rows], Rows] | None,
    blocks: list[list[big.Block]],
) -> tuple[Message, ...]:
    """The notes for a position of ``rows`` (its row sizes, in order): ``answer``, for a hot
    position, the winning move the proof plays and the rows it leaves; ``blocks``, for a cold
    one, each row's moves (:meth:`~.game.RowsGame.row_blocks`)."""
    named, m = names(q), q.monoid
    out = [_source(q)]
    sizes = list(dict.fromkeys(rows))
    for n in sizes[:SHOWN_ROWS]:
        out.append(_row(q, n))
    if len(sizes) > SHOWN_ROWS:
        out.append(Message("octal.why.more_rows", {"count": len(sizes) - SHOWN_ROWS}))
    element = q.element(rows)
    verdict = "product_cold" if m.cold[element] else "product_hot"
    out.append(
        Message(f"octal.why.{verdict}", {"factors": factors(q, rows), "element": named[element]})
    )
    if m.cold[element]:
        out.extend(_row_moves(q, rows, i, bs) for i, bs in enumerate(blocks) if bs)
    elif answer is not None:
        move, left = answer
        values = {"move": move, "factors": factors(q, left), "element": named[q.element(left)]}
        out.append(Message("octal.why.answer", values))
    return tuple(out)


def _source(q: Quotient) -> Message:
    gens = ", ".join(f"{letter(i)} = Φ({g})" for i, g in enumerate(q.generators))
    values = {
        "count": q.monoid.order,
        "generators": gens,
        "cold": len(q.cold_elements),
        "portion": _by_name(q, q.cold_elements),
        "upto": q.upto,
    }
    return Message("octal.why.source", values)


def _row(q: Quotient, n: int) -> Message:
    element = names(q)[q.image(n)]
    same = like(q, n)
    if same == n:
        return Message("octal.why.row", {"n": n, "element": element})
    values = {
        "n": n,
        "element": element,
        "like": same,
        "period": q.period,
        "preperiod": q.preperiod,
    }
    return Message("octal.why.row_like", values)


def _row_moves(q: Quotient, rows: tuple[int, ...], i: int, bs: list[big.Block]) -> Message:
    """Row ``i``'s moves and the products they leave (each block valued at fewer than
    2·n0 + p places: the module's budget)."""
    m = q.monoid
    r = m.product(q.image(n) for k, n in enumerate(rows) if k != i)
    left: set[int] = set()
    for b in bs:
        if b.kind == "whole":
            left.add(r)
        elif b.kind == "one":
            left.add(m.mul[r][q.image(b.rest)])
        else:
            left.update(m.mul[r][m.mul[q.image(a)][q.image(b.rest - a)]] for a in _places(q, b))
    products = _by_name(q, left)
    values = {"n": rows[i], "row": i + 1, "count": sum(b.count for b in bs), "products": products}
    if like(q, rows[i]) != rows[i]:
        values |= {"period": q.period, "preperiod": q.preperiod}
        return Message("octal.why.row_moves_long", values)
    return Message("octal.why.row_moves", values)


def _places(q: Quotient, b: big.Block) -> list[int]:
    """The splits a of block ``b`` whose products stand for all of them: each a with a part
    before the preperiod, and one a of each residue modulo the period among the rest."""
    n0, p, rest = q.preperiod, q.period, b.rest
    lo, hi = b.first, b.last
    mid_lo, mid_hi = max(lo, n0), min(hi, rest - n0)
    if mid_lo > mid_hi:  # every a has a < n0 or rest − a < n0: fewer than 2·n0 of them
        return list(range(lo, hi + 1))
    return [
        *range(lo, mid_lo),
        *range(mid_hi + 1, hi + 1),
        *range(mid_lo, min(mid_hi, mid_lo + p - 1) + 1),
    ]
