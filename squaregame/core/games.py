"""The games, behind one interface used by the CLI, the opponent and the UI.

* :class:`PileGame` — one pile under any rule (Squares, Nim, a finite set, …).
  Position: ``int``.
* :class:`WythoffGame` — Wythoff's queen. Position: ``(x, y)``.
* :class:`SumGame` — 1 to 8 piles, each with its own rule. Position: a tuple of piles.

Each game is normal play (the last mover wins) or misère (the last mover loses).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from functools import reduce
from operator import xor
from typing import Any, Generic, TypeVar

from squaregame.core.pile import PileValues
from squaregame.core.rules import NIM, SQUARES, Rule, parse_rule
from squaregame.core.store import TableStore, default_store
from squaregame.core.sums import QUICK_SEARCH, SumSolver, fits_budget, search_cost
from squaregame.core.types import (
    Analysis,
    MoveInfo,
    Outcome,
    PositionError,
    PositionInfo,
    TableLimitError,
)
from squaregame.core.wythoff import WYTHOFF_AUTO_LIMIT, WythoffTable, build_wythoff

P = TypeVar("P")
Progress = Callable[[float], None]
MAX_PILES = 8
MAX_INPUT_DIGITS = 40  # anything longer is refused before it is even converted


class Game(ABC, Generic[P]):
    """A game: its positions, its moves and the value of every position."""

    kind: str
    misere: bool
    progress: Progress | None = None  # told about long table builds

    @property
    @abstractmethod
    def title(self) -> str: ...

    @abstractmethod
    def parse_position(self, values: Sequence[int]) -> P:
        """Check a position given as integers; raise :class:`PositionError` if it is not one."""

    @abstractmethod
    def children(self, pos: P) -> list[P]: ...

    @abstractmethod
    def info(self, pos: P) -> PositionInfo: ...

    def child_info(self, parent: P, child: P) -> PositionInfo:
        """The value of ``child`` (a game may answer faster knowing the parent)."""
        return self.info(child)

    @abstractmethod
    def describe_move(self, pos: P, to: P) -> str:
        """A short human description, e.g. ``take 9``."""

    @abstractmethod
    def position_json(self, pos: P) -> Any: ...

    @abstractmethod
    def rule_json(self) -> Any: ...

    def format_position(self, pos: P) -> str:
        return str(self.position_json(pos))

    def move_phrase(self, pos: P, to: P) -> str:
        """A move with where it leads, e.g. ``take 36 (to 39)``."""
        return f"{self.describe_move(pos, to)} (to {self.format_position(to)})"

    def best_moves(self, pos: P) -> list[P]:
        """Where a perfect player moves from ``pos`` (any of them, at random)."""
        return [m.to for m in self.analyze(pos).best_moves()]

    def analyze(self, pos: P) -> Analysis[P]:
        info = self.info(pos)
        moves = tuple(MoveInfo(c, self.child_info(pos, c)) for c in self.children(pos))
        return Analysis(pos, info, moves)

    def is_terminal(self, pos: P) -> bool:
        return not self.children(pos)


def _check_int(v: int, what: str) -> int:
    if v < 0:
        raise PositionError(f"{what} cannot be negative (got {v})")
    return v


# -- one pile ---------------------------------------------------------------------------


class PileGame(Game[int]):
    def __init__(self, rule: Rule, misere: bool = False, store: TableStore | None = None) -> None:
        self.rule = rule
        self.misere = misere
        self.store = store or default_store()
        self.kind = "squares" if rule == SQUARES else "nim" if rule == NIM else "subtraction"
        self._values: PileValues | None = None

    @property
    def title(self) -> str:
        subtraction = f"Subtraction {self.rule.notation}"
        name = {"squares": "Squares", "nim": "Nim"}.get(self.kind, subtraction)
        return name + (" (misère)" if self.misere else "")

    def values(self, need: int) -> PileValues:
        v = self._values
        if v is None or not v.covers(need):
            v = self.store.values(self.rule, self.misere, need, self.progress)
            self._values = v
        return v

    def parse_position(self, values: Sequence[int]) -> int:
        if len(values) != 1:
            raise PositionError(f"{self.kind} takes one number, got {len(values)}")
        n = _check_int(values[0], "the number")
        self.values(n)  # raises TableLimitError when out of reach
        return n

    def children(self, pos: int) -> list[int]:
        return self.rule.children(pos)

    def best_moves(self, pos: int) -> list[int]:
        if self.rule.is_any_amount:  # Nim in closed form: n children are too many to analyse
            if pos == 0:
                return []
            if not self.misere:
                return [0]  # take everything
            return [0] if pos == 1 else [1]  # misère: leave the last counter to the opponent
        return super().best_moves(pos)

    def info(self, pos: int) -> PositionInfo:
        return self.values(pos).info(pos)

    def amount(self, pos: int, to: int) -> int:
        return pos - to

    def describe_move(self, pos: int, to: int) -> str:
        return f"take {pos - to}"

    def position_json(self, pos: int) -> int:
        return pos

    def rule_json(self) -> str:
        return self.rule.key

    def apply_amount(self, pos: int, amount: int) -> int:
        """The position after taking ``amount``; refuses illegal amounts with a message."""
        if amount <= 0:
            raise PositionError("take a positive amount")
        if amount > pos:
            raise PositionError(f"cannot take {amount} from {pos}")
        if not self.rule.allows(pos, amount):
            if self.rule == SQUARES:
                raise PositionError(f"{amount} is not a perfect square")
            raise PositionError(f"{amount} is not in the rule {self.rule.notation}")
        return pos - amount


# -- Wythoff ----------------------------------------------------------------------------


class WythoffGame(Game[tuple[int, int]]):
    kind = "wythoff"

    def __init__(self, misere: bool = False) -> None:
        self.misere = misere
        self._table: WythoffTable | None = None

    @property
    def title(self) -> str:
        return "Wythoff's queen" + (" (misère)" if self.misere else "")

    def table(self, need: int) -> WythoffTable:
        t = self._table
        if t is None or t.size < need:
            if need > WYTHOFF_AUTO_LIMIT:
                raise TableLimitError(
                    f"Wythoff boards are computed up to {WYTHOFF_AUTO_LIMIT}×{WYTHOFF_AUTO_LIMIT}; "
                    f"{need} is too far from the corner"
                )
            size = min(WYTHOFF_AUTO_LIMIT, max(need, 1000 if need > 64 else 64))
            t = _wythoff_cached(size, self.misere, self.progress)
            self._table = t
        return t

    def parse_position(self, values: Sequence[int]) -> tuple[int, int]:
        if len(values) != 2:
            raise PositionError(f"wythoff takes two numbers X Y, got {len(values)}")
        x = _check_int(values[0], "x")
        y = _check_int(values[1], "y")
        self.table(max(x, y))
        return (x, y)

    def children(self, pos: tuple[int, int]) -> list[tuple[int, int]]:
        x, y = pos
        out = [(x - d, y) for d in range(1, x + 1)]
        out += [(x, y - d) for d in range(1, y + 1)]
        out += [(x - d, y - d) for d in range(1, min(x, y) + 1)]
        return out

    def info(self, pos: tuple[int, int]) -> PositionInfo:
        return self.table(max(pos)).info(*pos)

    def best_moves(self, pos: tuple[int, int]) -> list[tuple[int, int]]:
        return self.table(max(pos)).best_moves(*pos)

    def child_info(self, parent: tuple[int, int], child: tuple[int, int]) -> PositionInfo:
        t = self.table(max(parent))
        return PositionInfo(t.outcome(*child), t.remoteness(*child), True, None)

    def describe_move(self, pos: tuple[int, int], to: tuple[int, int]) -> str:
        return f"move to ({to[0]},{to[1]})"

    def position_json(self, pos: tuple[int, int]) -> list[int]:
        return [pos[0], pos[1]]

    def format_position(self, pos: tuple[int, int]) -> str:
        return f"({pos[0]},{pos[1]})"

    def move_phrase(self, pos: tuple[int, int], to: tuple[int, int]) -> str:
        return self.describe_move(pos, to)  # "move to (3,5)" already says where

    def rule_json(self) -> str:
        return "wythoff"


_wythoff_tables: dict[tuple[int, bool], WythoffTable] = {}


def _wythoff_cached(size: int, misere: bool, progress: Progress | None) -> WythoffTable:
    for (s, m), t in _wythoff_tables.items():
        if m == misere and s >= size:
            return t
    t = build_wythoff(size, misere, progress)
    _wythoff_tables[(size, misere)] = t
    return t


# -- sums -------------------------------------------------------------------------------


class SumGame(Game[tuple[int, ...]]):
    """Several piles, each with its own rule; a move changes one pile."""

    kind = "sum"

    def __init__(
        self,
        rules: Sequence[Rule],
        misere: bool = False,
        store: TableStore | None = None,
        solver: SumSolver | None = None,
    ) -> None:
        if not 1 <= len(rules) <= MAX_PILES:
            raise PositionError(f"a sum has 1 to {MAX_PILES} piles, not {len(rules)}")
        self.rules = tuple(rules)
        self.misere = misere
        self.store = store or default_store()
        self.solver = solver or _shared_solver
        self.piles = [PileGame(r, misere, self.store) for r in self.rules]
        self.normal_piles = [PileGame(r, False, self.store) for r in self.rules]

    @property
    def title(self) -> str:
        return "Sum of piles" + (" (misère)" if self.misere else "")

    def parse_position(self, values: Sequence[int]) -> tuple[int, ...]:
        if len(values) != len(self.rules):
            raise PositionError(f"this sum has {len(self.rules)} piles, got {len(values)} sizes")
        pos = tuple(_check_int(v, f"pile {i + 1}") for i, v in enumerate(values))
        self.info(pos)  # raises TableLimitError when neither search nor tables can answer
        return pos

    def children(self, pos: tuple[int, ...]) -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = []
        for i, (rule, n) in enumerate(zip(self.rules, pos, strict=True)):
            for a in rule.amounts(n):
                out.append((*pos[:i], n - a, *pos[i + 1 :]))
        return out

    def needs_search(self, pos: tuple[int, ...]) -> bool:
        """Would answering ``pos`` start an exact search long enough to notice (> ~0.1 s)?"""
        if self.solver.find(self.rules, self.misere, pos) is not None:
            return False
        return fits_budget(self.rules, pos) and search_cost(self.rules, pos) > QUICK_SEARCH

    def exact_available(self, pos: tuple[int, ...]) -> bool:
        return self.solver.find(self.rules, self.misere, pos) is not None or fits_budget(
            self.rules, pos
        )

    def grundy(self, pos: tuple[int, ...]) -> int | None:
        if self.misere:
            return None
        values = [g.info(n).grundy for g, n in zip(self.normal_piles, pos, strict=True)]
        if any(v is None for v in values):
            return None
        return reduce(xor, (v for v in values if v is not None), 0)

    def info(self, pos: tuple[int, ...]) -> PositionInfo:
        if self.exact_available(pos):
            cold, rem = self.solver.solve(self.rules, self.misere, pos).lookup(pos)
            outcome = Outcome.COLD if cold else Outcome.HOT
            return PositionInfo(outcome, rem, True, self.grundy(pos))
        return self._estimate(pos)

    def child_info(self, parent: tuple[int, ...], child: tuple[int, ...]) -> PositionInfo:
        return self.info(child)

    def _estimate(self, pos: tuple[int, ...]) -> PositionInfo:
        """Beyond the search budget: exact outcome from the nim-sum, estimated remoteness."""
        if self.misere:
            raise TableLimitError(
                "this misère sum is too large to solve exactly within the time budget; "
                "use smaller piles (for example 3 piles up to 100)"
            )
        g = self.grundy(pos)
        if g is None:
            raise TableLimitError("a pile is beyond the range where Grundy values are known")
        outcome = Outcome.HOT if g else Outcome.COLD
        longest = max(p.info(n).remoteness for p, n in zip(self.piles, pos, strict=True))
        if (longest % 2 == 1) != outcome.is_hot:
            longest += 1
        return PositionInfo(outcome, longest, False, g)

    def describe_move(self, pos: tuple[int, ...], to: tuple[int, ...]) -> str:
        for i, (a, b) in enumerate(zip(pos, to, strict=True)):
            if a != b:
                return f"take {a - b} from pile {i + 1}"
        return "pass"

    def position_json(self, pos: tuple[int, ...]) -> list[int]:
        return list(pos)

    def format_position(self, pos: tuple[int, ...]) -> str:
        return " + ".join(map(str, pos))

    def rule_json(self) -> list[str]:
        return [r.key for r in self.rules]


_shared_solver = SumSolver()


def game_from_spec(kind: str, rule: Any, misere: bool) -> Game[Any]:
    """A game from its stored description: ``rule`` is a rule text, or a list for sums."""
    if kind == "sum":
        texts = [str(r) for r in rule]
        return make_game(kind, [parse_rule(t) for t in texts], misere, len(texts))
    if kind == "subtraction":
        return make_game(kind, [parse_rule(str(rule))], misere)
    return make_game(kind, [], misere)


def make_game(kind: str, rules: Sequence[Rule], misere: bool, piles: int = 1) -> Game[Any]:
    """Build a game by CLI name. ``rules`` follow the ``--rule`` options given."""
    if kind == "squares":
        return PileGame(SQUARES, misere)
    if kind == "nim":
        return PileGame(NIM, misere)
    if kind == "subtraction":
        if len(rules) != 1:
            raise PositionError("subtraction needs one --rule, e.g. --rule 1,3,7,8")
        return PileGame(rules[0], misere)
    if kind == "wythoff":
        if rules:
            raise PositionError("wythoff takes no --rule")
        return WythoffGame(misere)
    if kind == "sum":
        if not 1 <= piles <= MAX_PILES:
            raise PositionError(f"a sum has 1 to {MAX_PILES} piles, not {piles}")
        if not rules:
            chosen: list[Rule] = [SQUARES] * piles
        elif len(rules) == 1:
            chosen = [rules[0]] * piles
        elif len(rules) == piles:
            chosen = list(rules)
        else:
            raise PositionError(
                f"give --rule once for all piles or once per pile ({piles}), not {len(rules)} times"
            )
        return SumGame(chosen, misere)
    raise PositionError(f"unknown game '{kind}' (choose squares, subtraction, nim, wythoff or sum)")
