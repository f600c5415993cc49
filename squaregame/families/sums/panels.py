"""The Sums screen's own panels, read from the tables once per position: each pile's Grundy
value, the nim-sum worked out, each rule's Grundy sequence with its period, and for two piles
the outcome table of their sum."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from squaregame.core.piles.periodic import ValuePeriod
from squaregame.core.rules import Rule
from squaregame.core.types import Analysis, Outcome
from squaregame.families.sums.game import SumGame
from squaregame.play.nimsum import explain, nimsum_lines
from squaregame.play.session import Session
from squaregame.play.wording import move_phrase
from squaregame.text.rules import rule_label, rule_name


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


def sum_data(session: Session[Any], a: Analysis[Any]) -> SumData:
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
