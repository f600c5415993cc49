"""What the sums screen draws of each part, read from the game and the view of the position:
each part's own position, game and start, where the chosen move and the winning moves lead
in it, and the row :class:`~.parts_board.PartsBoard` draws for it. The sum's two games (of
piles, :mod:`.game`; of parts of several kinds, :mod:`.mixed`) answer the same questions
here; the parts' pictures are their own families' (the screen's ``drawings``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from squaregame.core.parts import is_part
from squaregame.families.sums.game import SumGame
from squaregame.families.sums.mixed import MixedSumGame
from squaregame.families.sums.panels import SumData, part_label, rule_tag
from squaregame.families.sums.units import GameUnit
from squaregame.play.view import GameView
from squaregame.text.games import position_text
from squaregame.ui.scene import Drawings, Scene

Pos = tuple[int, ...]
AnySum = SumGame | MixedSumGame


@dataclass(frozen=True)
class PartLine:
    """One part as its row shows it."""

    number: int  # 1-based
    label: str  # its rule (a pile) or its kind of game, in words
    words: str  # its position in its family's words (the line scale)
    grundy: int | None  # shown with hints
    grundy_missing: bool  # normal play, but not computed this far: "g=—"
    scene: Scene


@dataclass(frozen=True)
class PartsData:
    parts: tuple[PartLine, ...]
    selected: int  # 0-based; -1: none (the projector)
    hints: bool


def part_positions(game: AnySum, pos: Pos) -> tuple[Any, ...]:
    """Each part's own position in ``pos`` (a pile: its size)."""
    return game.split(pos) if isinstance(game, MixedSumGame) else tuple(pos)


def with_part(game: AnySum, pos: Pos, index: int, part: Any) -> Pos:
    """``pos`` with part ``index`` at ``part`` (its own position)."""
    if isinstance(game, MixedSumGame):
        return game.replaced(pos, index, part)
    return game.with_summand(pos, index, int(part))


def part_games(game: AnySum) -> tuple[Any, ...]:
    """Each part's game in normal play, where it has one of its own (a pile: None)."""
    if isinstance(game, MixedSumGame):
        return tuple(u.normal if isinstance(u, GameUnit) else None for u in game.units)
    return (None,) * len(game.rules)


@dataclass(frozen=True)
class Parts:
    """The parts of one sum as the screen knows them for its whole game: who draws each,
    whose kind it is, its label, and its position at the start."""

    views: tuple[type[Any], ...]  # the families' PartView classes
    kinds: tuple[Any, ...]
    labels: tuple[str, ...]
    games: tuple[Any, ...]
    origin: tuple[Any, ...]

    @classmethod
    def of(cls, game: AnySum, start: Pos, drawings: Drawings) -> Parts:
        rules: Sequence[Any] = game.rules
        return cls(
            views=tuple(drawings.part_view(r) for r in rules),
            kinds=tuple(drawings.part_kind(r) for r in rules),
            labels=tuple(part_label(r) if is_part(r) else rule_tag(r) for r in rules),
            games=part_games(game),
            origin=part_positions(game, start),
        )


def winning_targets(game: AnySum, view: GameView[Pos]) -> tuple[frozenset[Any], ...]:
    """For each part, the positions a winning move of the sum leads it to (the listed moves)."""
    wins: list[set[Any]] = [set() for _ in game.rules]
    pos = view.position
    for m in view.moves:
        if m.wins:
            i = game.move_line(pos, m.to)
            wins[i].add(part_positions(game, m.to)[i])
    return tuple(frozenset(w) for w in wins)


def board_data(
    game: AnySum,
    parts: Parts,
    view: GameView[Pos],
    selected: int,
    chosen: Pos | None,
    hints: bool,
    choosing: bool,
    wins: tuple[frozenset[Any], ...] | None,
    big: bool = False,
) -> PartsData:
    """The rows of the board for the position of ``view``: part ``selected`` chosen (-1:
    none), its move to ``chosen`` drawn (None: none)."""
    pos = view.position
    now = part_positions(game, pos)
    aimed = None if chosen is None else part_positions(game, chosen)
    data = view.panels if isinstance(view.panels, SumData) else None
    spans: dict[type[Any], int] = {}
    for v, kind, p in zip(parts.views, parts.kinds, now, strict=True):
        numbers = _numbers(kind, p)
        spans[v] = max(spans.get(v, 0), max(numbers, default=0))
    lines = []
    for i, (v, kind, p) in enumerate(zip(parts.views, parts.kinds, now, strict=True)):
        line = data.piles[i] if data is not None and i < len(data.piles) else None
        scene = Scene(
            kind=kind,
            position=p,
            game=parts.games[i],
            chosen=aimed[i] if aimed is not None and i == selected else None,
            wins=wins[i] if wins is not None and hints else frozenset(),
            hints=hints,
            active=choosing,
            big=big,
            span=spans[v],
            origin=parts.origin[i],
        )
        words = position_text(kind, p) if kind is not None else str(p)
        grundy = None if line is None else line.grundy
        missing = False if line is None else line.grundy_missing
        lines.append(PartLine(i + 1, parts.labels[i], words, grundy, missing, scene))
    return PartsData(tuple(lines), selected, hints)


def _numbers(kind: Any, pos: Any) -> tuple[int, ...]:
    if kind is None:
        return (int(pos),) if isinstance(pos, int) else ()
    return tuple(int(v) for v in kind.position_values(pos))
