"""The Sums screen's own panels, read from the tables once per position: each pile's Grundy
value, the nim-sum worked out, each rule's Grundy sequence with its period, and for two piles
the outcome table of their sum. A sum of parts of several kinds (:mod:`.mixed`) has each
part's Grundy value (its picture is its own family's: :mod:`.board_data`), the nim-sum
worked out over the parts' Grundy values, and its piles' Grundy tables."""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from operator import xor
from typing import Any, cast

from squaregame.core.errors import GameError
from squaregame.core.parts import has_parts, is_part
from squaregame.core.piles.periodic import ValuePeriod
from squaregame.core.rules import Rule
from squaregame.core.types import Analysis, Outcome
from squaregame.families.sums.game import SumGame
from squaregame.families.sums.mixed import MixedSumGame
from squaregame.families.sums.units import GameUnit, PileUnit
from squaregame.play import nimsum
from squaregame.play.nimsum import explain, nimsum_lines
from squaregame.play.session import Session
from squaregame.play.wording import move_phrase
from squaregame.text.games import describe_move, kind_title, position_text
from squaregame.text.rules import rule_label, rule_name

PARTS_WORDS = "sums.parts"  # the nim-sum's words for parts of several kinds


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
    narrow: tuple[str, ...] | None = None  # lines, for a narrow panel


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


def rule_tag(rule: Rule) -> str:
    """A pile's rule in a few letters, beside its counters: the rule's name, or a finite set's
    amounts written close (``{1,3,7,8}``); its full label heads its Grundy table."""
    members = rule.members
    return rule_name(rule) if members is None else "{" + ",".join(map(str, members)) + "}"


def part_label(rule: Any) -> str:
    """A part's rule in words: a pile's rule, or the kind of game another part is."""
    return kind_title(rule.kind, rule.rules) if is_part(rule) else rule_label(rule)


def grundy_rules(game: SumGame | MixedSumGame) -> tuple[GrundyRule, ...]:
    """Each distinct pile rule's Grundy sequence, far enough to see its period twice."""
    out: list[GrundyRule] = []
    seen: set[str] = set()
    piles = (
        [u.normal for u in game.units if isinstance(u, PileUnit)]
        if isinstance(game, MixedSumGame)
        else game.normal_piles
    )
    for pile in piles:
        rule = pile.rule
        if rule.key in seen:
            continue
        seen.add(rule.key)
        found = pile.periodicity()  # where the rule has one (a finite set)
        period = None if found is None else found.grundy
        upto = 59 if period is None else min(99, max(29, period.start + 2 * period.length - 1))
        out.append(
            GrundyRule(
                rule_label(rule), tuple(pile.info(n).grundy for n in range(upto + 1)), period
            )
        )
    return tuple(out)


def sum_data(session: Session[Any], a: Analysis[Any]) -> SumData:
    if has_parts(session.game.rules):
        return parts_data(session, a)
    game = cast(SumGame, session.game)  # the sums screen's own game
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
        narrow = None if ex is None else nimsum_lines(ex, hinted, narrow=True)
        nimsum = NimSumData(False, lines, (), known, narrow)
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


# -- a sum of parts of several kinds ---------------------------------------------------------
def parts_data(session: Session[Any], a: Analysis[Any]) -> SumData:
    game = cast(MixedSumGame, session.game)  # the sums screen's own game, of parts
    lines = _part_lines(game, a.position)
    rules = session.cache.get(("grundy-rules", None), lambda: grundy_rules(game))
    return SumData(lines, a.info.remoteness_exact, _parts_nimsum(game, a), rules, None)


def _part_lines(game: MixedSumGame, pos: tuple[int, ...]) -> tuple[PileLine, ...]:
    out = []
    for rule, u, p in zip(game.rules, game.units, game.split(pos), strict=True):
        g = None if game.misere else _grundy(u, p)
        missing = g is None and not game.misere and u.grundy_known_upto(p) is not None
        if isinstance(u, GameUnit):  # (drawn by its own family: no size of a pile)
            out.append(PileLine(0, part_label(rule), g, missing))
        else:
            out.append(PileLine(p, rule_tag(rule), g, missing))
    return tuple(out)


def _grundy(unit: Any, pos: Any) -> int | None:
    try:
        grundy: int | None = unit.info(pos).grundy
    except GameError:
        return None
    return grundy


def _parts_nimsum(game: MixedSumGame, a: Analysis[Any]) -> NimSumData:
    """The nim-sum worked out over the parts (normal play); misère: the winning moves."""
    pos = a.position
    if game.misere:
        return NimSumData(True, None, tuple(move_phrase(game, pos, m.to) for m in a.winning_moves))
    parts = game.split(pos)
    try:
        g = game.grundy_values(parts)
    except GameError:
        return NimSumData(False, None, (), game.grundy_known_upto(pos))
    total = reduce(xor, g, 0)
    lines = tuple(
        nimsum.PileLine(
            i + 1,
            position_text(u.kind, p) if isinstance(u, GameUnit) else p,
            part_label(game.rules[i]),
            g[i],
        )
        for i, (u, p) in enumerate(zip(game.units, parts, strict=True))
    )
    wins = []
    for m in a.winning_moves:
        i = game.move_line(pos, m.to)
        wins.append(nimsum.WinningMove(i + 1, 0, m.to, g[i], g[i] ^ total))
    width = max(1, max([*g, total]).bit_length())
    ex = nimsum.NimSumExplanation(lines, total, width, tuple(wins))
    best = a.best_moves()
    hinted = best[0].to if best and a.info.outcome is Outcome.HOT else None

    def named(m: nimsum.WinningMove) -> str:
        return describe_move(game, pos, m.to)

    wide = nimsum_lines(ex, hinted, PARTS_WORDS, named)
    return NimSumData(False, wide, (), None, nimsum_lines(ex, hinted, PARTS_WORDS, named, True))
