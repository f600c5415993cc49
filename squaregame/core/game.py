"""What every game offers, and what every kind of game declares once.

A :class:`GameKind` is one entry of a family's list of games (Squares, Wythoff's queen, a
sum …): its key and aliases, its parameters (:mod:`squaregame.core.params`), how its
positions are written and read, and how it builds a :class:`Game`. A game is what is played:
its positions, its moves and the value of every position. Games are built from a
:class:`~squaregame.core.spec.GameSpec` (``spec.build(tables)``).

Nothing here is prose: moves are :class:`~squaregame.core.types.Move` values, words are
catalog keys in the kind's :attr:`~GameKind.area` (its family's file of words), errors carry
catalog keys; :mod:`squaregame.text.games` writes them. Code outside a family reads what a
kind declares (:attr:`GameKind.traits`, its parameters) and asks a game for capabilities
(:meth:`Game.summands`, :attr:`Game.dimensions` …), never which class it is.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from itertools import product
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from squaregame.core.budget import VALUE_COST
from squaregame.core.errors import PositionError
from squaregame.core.moves import Run, analysis_of, runs_of
from squaregame.core.params import Param, Values
from squaregame.core.rules import parse_rule
from squaregame.core.traits import ONE_NUMBER, Traits
from squaregame.core.types import Analysis, Message, Move, Outcome, PositionInfo
from squaregame.core.writing import Writing

if TYPE_CHECKING:
    import random

    from squaregame.core.piles.periodic import Periodicity
    from squaregame.core.piles.pile import Pile
    from squaregame.core.rules.base import Rule
    from squaregame.core.sums.genus import TamePair
    from squaregame.core.sums.tame import Genus
    from squaregame.core.tables import Tables

P = TypeVar("P")
Progress = Callable[[float], None]


class Summand(NamedTuple):
    """One part of a position that is a sum of one-pile games: the pile (its rule and values,
    normal play) and its size."""

    pile: Pile
    size: int


class GameKind(Writing, ABC):
    """One kind of game, declared once by its family (``squaregame/families/<family>/``);
    how its positions are written and read: :class:`~squaregame.core.writing.Writing`."""

    key: str
    aliases: tuple[str, ...] = ()
    params: tuple[Param, ...]
    area: str  # the catalog area of its family's words: <area>.<key>.title, <area>.position …
    rule: Rule | None = None  # the one rule the kind itself fixes (Squares, Nim, …), if any
    # Which lesson steps and exercises apply to its games (squaregame.lessons): keys.
    lesson_steps: frozenset[str] = frozenset()
    exercises: frozenset[str] = frozenset()
    # What it is (core/traits.py): the shape of its positions, whether it is a sum, whether
    # its parts may be games of any kind (then the registry of kinds, ``Kinds.part``, reads
    # them, and its position is written part by part).
    traits: Traits = ONE_NUMBER

    def __repr__(self) -> str:
        return f"<kind {self.key}>"

    @property
    def names(self) -> tuple[str, ...]:
        return (self.key, *self.aliases)

    @property
    def title_key(self) -> str:
        return f"{self.area}.{self.key}.title"

    def traits_for(self, rules: Sequence[Any]) -> Traits:
        """What a game of these rules is (a sum of piles, or of parts of several kinds); by
        default :attr:`traits`."""
        return self.traits

    def title_key_for(self, rules: Sequence[Any]) -> str:
        """The title's catalog key for a game of these rules (a sum of games of several
        kinds is titled apart from a sum of piles); by default :attr:`title_key`."""
        return self.title_key

    def title_values(self, rules: Sequence[Rule]) -> dict[str, Any]:
        """Values the title needs besides the kind (a subtraction game's set)."""
        return {}

    def read_rule(self, text: str) -> Rule:
        """One of its rules as written (on the command line, in a save): by its parameter of
        rules' reader, else the rule registry's."""
        p = self.param("rule")
        if p is not None:
            rule: Rule = p.read_rule(text)
            return rule
        return parse_rule(text)

    def plays(self, rule: Rule) -> bool:
        """Is one pile under ``rule`` a game of this kind (a sum's pile, drawn and named by
        the family of the first kind that plays it)? None by default."""
        return False

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)

    @property
    def position_param(self) -> Param:
        p = self.param("position")
        assert p is not None, self.key
        return p

    # -- specs ---------------------------------------------------------------------------
    @abstractmethod
    def normalize(
        self, rules: tuple[Rule, ...], position: Values | None
    ) -> tuple[tuple[Rule, ...], Values | None]:
        """The rules as they are played (one per pile) and the position checked for shape
        and sign; a :class:`GameError` says what is wrong."""

    @abstractmethod
    def build(self, rules: tuple[Rule, ...], misere: bool, tables: Tables) -> Game[Any]: ...

    def random_position(self, rules: tuple[Rule, ...], rng: random.Random) -> Values:
        """A start for a game opened without one: as many numbers as the position takes
        (the fewest), each 10–100."""
        return tuple(rng.randint(10, 100) for _ in range(max(1, self.position_param.count[0])))

    random_cap: int | None = None  # a random start the dialog draws stays within this

    def rule_json(self, rule_keys: tuple[str, ...]) -> Any:
        """The ``rule`` field of the CLI's JSON output (null for a game without rules)."""
        return rule_keys[0] if rule_keys else None

    @abstractmethod
    def is_terminal(self, rules: Sequence[Rule], pos: Any) -> bool:
        """No move is left (asked without any table: the menu's look at a save)."""

    def table_dims(self, rule_count: int) -> int:
        """How many coordinates a table of this kind has (``squaregame table``)."""
        return 1

    def coordinate_names(self, dims: int) -> list[str]:
        """Column names for a CSV table."""
        return ["position"]

    # ``squaregame table --stats``: a normal-play table built afresh (never from a cache),
    # its statistics as its C reference prints them; offered up to ``stats_limit`` (None: no).
    stats_limit: int | None = None

    def table_stats(self, n: int, digest: bool = False) -> tuple[dict[str, Any], str]:
        """The statistics of the table of ``n`` positions (``n``² for a board), and a line
        saying them; ``digest``: with its values' hash as the reference prints it
        (``fnv1a_rem``, :mod:`squaregame.core.files.digest`)."""
        raise NotImplementedError(self.key)


class Game(ABC, Generic[P]):
    """A game: its positions, its moves and the value of every position."""

    def __init__(self, kind: GameKind, rules: Sequence[Rule], misere: bool, tables: Tables) -> None:
        self.kind = kind
        self.rules: tuple[Rule, ...] = tuple(rules)  # one per pile; none for Wythoff's queen
        self.misere = misere
        self.tables = tables

    # -- positions ---------------------------------------------------------------------
    @abstractmethod
    def parse_position(self, values: Sequence[int], *, progress: Progress | None = None) -> P:
        """Check a position given as integers; raise :class:`PositionError` if it is not one,
        or :class:`TableLimitError` if it is beyond reach. May build a table (``progress``
        hears about it) where that is the only way to know."""

    def prepare(self, pos: P, progress: Progress | None = None) -> None:
        """Build whatever answering ``pos`` needs now, reporting a long build to ``progress``."""

    def slow_to_open(self, pos: P) -> bool:
        """Might answering ``pos`` take long enough to notice (an exact search, a table to
        build, a great many moves)? Such a start is prepared in a worker; a wrong "yes" costs
        nothing visible. A "no" is checked at once, so an unreachable start is said at once."""
        return False

    def position_json(self, pos: P) -> Any:
        return self.kind.position_json(pos)

    def position_values(self, pos: P) -> tuple[int, ...]:
        return self.kind.position_values(pos)

    def rule_json(self) -> Any:
        return self.kind.rule_json(tuple(r.key for r in self.rules))

    @property
    def traits(self) -> Traits:
        """What this game is (its kind's declaration for its rules: core/traits.py)."""
        return self.kind.traits_for(self.rules)

    @property
    def dimensions(self) -> int | None:
        """How many numbers a position has (1: a pile, 2: a board square or two piles …), when
        every position has as many; None when they differ (heaps that split)."""
        return None

    def positions(self, low: int, high: int) -> Iterator[P]:
        """Every position whose numbers each lie in ``low..high``, in order, for a game of
        fixed :attr:`dimensions`; none for any other."""
        dims = self.dimensions
        if dims is None:
            return
        for values in product(range(low, high + 1), repeat=dims):
            yield self.kind.position_from_values(values)

    def random_position(self, low: int, high: int, rng: random.Random) -> P | None:
        """A position whose numbers are drawn in ``low..high`` (as :meth:`positions` lists
        them; None for a game without fixed :attr:`dimensions`)."""
        dims = self.dimensions
        if dims is None:
            return None
        drawn: P = self.kind.position_from_values(
            tuple(rng.randint(low, high) for _ in range(dims))
        )
        return drawn

    # -- moves and values --------------------------------------------------------------
    @abstractmethod
    def children(self, pos: P) -> list[P]: ...

    @abstractmethod
    def info(self, pos: P) -> PositionInfo: ...

    def child_info(self, parent: P, child: P) -> PositionInfo:
        """The value of ``child`` (a game may answer faster knowing the parent)."""
        return self.info(child)

    # -- what valuing costs, in work units (core/budget.py), estimated before any work ------
    def value_cost(self, pos: P) -> int:
        """Valuing one position at most ``pos`` (its :meth:`info`, or :meth:`child_info`
        from a parent at most ``pos``) once ``prepare(pos)`` has run."""
        return VALUE_COST

    def answer_cost(self, pos: P) -> int:
        """:meth:`best_moves` of a position at most ``pos``: every move valued, unless the
        game reads the best ones off a table."""
        if self.knows_best_moves:
            return self.value_cost(pos)
        return self.move_count(pos) * self.value_cost(pos)

    def table_cost(self, pos: P) -> int:
        """Each position of a table whose largest is ``pos``: read at once where
        :meth:`values_upto` answers, else valued one by one."""
        return self.value_cost(pos)

    def values_upto(self, upto: int) -> list[PositionInfo] | None:
        """The value of every position :meth:`positions` lists from 0 to ``upto``, in that
        order, read at once once ``prepare`` of the largest has run; None where they are
        valued one by one."""
        return None

    @abstractmethod
    def move(self, pos: P, to: P) -> Move[P]:
        """The move from ``pos`` to ``to`` as a value (``to`` is assumed legal)."""

    def check_move(self, pos: P, to: P) -> Move[P]:
        """The move from ``pos`` to ``to``, or a :class:`PositionError` saying why it is none."""
        if to not in self.children(pos):
            raise PositionError("errors.unreachable", position=str(self.position_json(to)))
        return self.move(pos, to)

    def move_from_text(self, pos: P, text: str, *, pile: int | None = None) -> P:
        """The position a typed move leads to, checked for legality: by default the target
        typed as a position (``3 5``); a game of piles reads an amount (``pile``: the pile a
        lone amount is taken from, in a sum)."""
        values = self.kind.position_param.parse_numbers(text)
        return self.check_move(pos, self.kind.position_from_values(values)).target

    def typed_move(self, pos: P, to: P) -> str:
        """What to type for the legal move from ``pos`` to ``to``: the text
        :meth:`move_from_text` reads back into it (by default the target's values)."""
        return " ".join(map(str, self.position_values(to)))

    def best_moves(self, pos: P) -> list[P]:
        """Where a perfect player moves from ``pos`` (any of them, at random)."""
        return [m.to for m in self.analyze(pos).best_moves()]

    knows_best_moves = False  # best_moves reads them off a table, without valuing every move

    def analyze(self, pos: P, cap: int | None = None) -> Analysis[P]:
        """The value of ``pos`` and of its moves: all of them, or past ``cap`` (default
        :data:`~squaregame.core.moves.MAX_LISTED_MOVES`) the ones that matter and a count
        of the rest (:mod:`squaregame.core.moves`)."""
        return analysis_of(pos, self.info(pos), self.move_runs(pos), cap)

    def grundy_moves(self, pos: P, grundy: int, most: int) -> tuple[int, list[int]] | None:
        """How many moves of ``pos`` lead to positions of Grundy value ``grundy`` (normal
        play), and the indices (as :meth:`move_target` takes them, in move order) of the
        first ``most`` of them — for a game whose moves are too many to value one by one (a
        sum's large part); None: not known without valuing each."""
        return None

    def move_runs(self, pos: P) -> list[Run[P]]:
        """The moves of ``pos`` in order, as runs of one line and one value. By default every
        child is valued; a game whose moves can be very many says it without listing them."""
        return runs_of(
            (self.move_line(pos, c), c, self.child_info(pos, c)) for c in self.children(pos)
        )

    def move_line(self, pos: P, to: P) -> int:
        """Which line a move belongs to: its pile (0 for one pile); the queen's direction."""
        pile = self.move(pos, to).pile
        return 0 if pile is None else pile

    def move_count(self, pos: P) -> int:
        """How many legal moves ``pos`` has (counted, not listed, where that is possible)."""
        return len(self.children(pos))

    def move_target(self, pos: P, k: int) -> P:
        """Where the ``k``-th legal move leads (in the order of :meth:`children`)."""
        return self.children(pos)[k]

    def reach(self, pos: P) -> tuple[int, int] | None:
        """What an exact search from ``pos`` may meet, proven in the family: at most how
        many positions can be reached from it (itself included), and at most how many moves
        any of them has. None: not known (a sum with it as a part never searches it)."""
        return None

    def grundy_known_upto(self, pos: P) -> int | None:
        """Where ``pos`` has no Grundy value only because none is computed that far (the
        value exists in normal play): the limit it is known up to (a pile size, or a
        Wythoff board's side). None otherwise (known, or misère play: no Grundy value)."""
        return None

    def is_terminal(self, pos: P) -> bool:
        return self.kind.is_terminal(self.rules, pos)

    def periodicity(self) -> Periodicity | None:
        """What is proven about the periods of the values (finite subtraction sets)."""
        return None

    def misere_quotient(self) -> tuple[dict[str, Any], str] | None:
        """A proven misère quotient that decides this game's misère positions: its JSON
        (``analyze --json``) and one sentence for the text output; None where none is used."""
        return None

    def why_notes(self, pos: P, answer: P | None) -> tuple[Message, ...]:
        """What the why proof says of ``pos`` beyond its moves, as words for the text layer
        (shown under its first line): the reason a family's theory gives for its value, such
        as the misère quotient that decided it. ``answer``: where the proof's winning move
        from ``pos`` leads (None: cold, or over). Nothing by default. Cheap: no search."""
        return ()

    def cold_below(self, n: int) -> list[int]:
        """For a game of one-number positions: every cold position below ``n``, in order."""
        make = self.kind.position_from_values
        return [k for k in range(n) if self.info(make((k,))).outcome is Outcome.COLD]

    # -- sums --------------------------------------------------------------------------
    def summands(self, pos: P) -> tuple[Summand, ...] | None:
        """``pos`` as a sum of one-pile games (each pile with its rule), for a game whose
        positions are such sums; None for any other. Its normal-play Grundy value is the
        nim-sum of the piles' (Sprague–Grundy)."""
        return None

    def genus(self, pos: P) -> tuple[Genus, ...] | None:
        """In misère play, each summand's genus (Conway's g^(γ0 γ1 …), the misère values that
        decide sums: :mod:`squaregame.core.sums.tame`), where it is known; None otherwise."""
        return None

    def tame_pair(self, pos: P) -> TamePair | None:
        """Where every position of the game is proven tame (:mod:`squaregame.core.sums.genus`):
        ``pos``'s normal value and whether it is fickle, which decide misère sums with it as
        a part; None where the game is not proven tame or the value is not known."""
        return None

    def joined(self, positions: Sequence[P]) -> P | None:
        """The one position of this game that ``positions`` of it played side by side are (a
        move made in one of them), where the game's positions are such sums themselves (rows
        of one take-and-break rule: all their rows); None otherwise (by default)."""
        return None

    def parted(self, positions: Sequence[P], to: P) -> list[P]:
        """Undoes :meth:`joined` after one move: each of ``positions`` once the move from
        their joined position to ``to`` is made (one of them changed, the others as they
        are). Only asked of a game whose :meth:`joined` gave a position."""
        raise NotImplementedError(f"{self.kind.key} joins no positions")

    def with_summand(self, pos: P, index: int, size: int) -> P:
        """``pos`` with its ``index``-th summand (:meth:`summands`) at ``size``."""
        raise NotImplementedError(f"{self.kind.key} is not a sum")


def check_natural(value: int, key: str, **where: Any) -> int:
    """``value`` if it is not negative, else a :class:`PositionError` with ``key``."""
    if value < 0:
        raise PositionError(key, value=value, **where)
    return value
