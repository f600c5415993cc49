"""Positions and moves of any game as values: :func:`position`, :class:`Position`,
:class:`Move`, :func:`games` (the decisions are in :mod:`squaregame.api`'s docstring)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from squaregame.api.document import periodicity_json, remoteness_json, summary_json
from squaregame.api.reading import english, read_spec, shared_tables, speaks_english
from squaregame.core.ai import perfect_choice
from squaregame.core.errors import GameError
from squaregame.core.game import Game
from squaregame.core.tables import Tables
from squaregame.core.types import Analysis, PositionInfo
from squaregame.families import GAMES
from squaregame.text.games import bounds_span, describe_move, position_text, says_where, title


def games() -> tuple[str, ...]:
    """Every kind of game's key, in the registry's order (:func:`position` takes these and
    their aliases)."""
    return GAMES.kinds.keys()


@speaks_english
def position(
    game: str,
    pos: int | Sequence[int],
    *,
    rules: str | Sequence[str] | None = None,
    rule: str | Sequence[str] | None = None,
    misere: bool = False,
    tables: Tables | None = None,
) -> Position:
    """The position ``pos`` of the game called ``game`` (a key of :func:`games` or an alias
    the command line takes): ``rules`` (or ``rule``) as ``--rule`` gives them, ``misere``
    for misère play, ``tables`` a :class:`~squaregame.core.tables.Tables` of its own
    (default: one shared by every position). Its tables are built now, within the game's
    budgets: a position beyond them is a ``TableLimitError``."""
    if tables is not None and not isinstance(tables, Tables):
        raise GameError("api.errors.tables", text=repr(tables)[:24])
    spec = read_spec(game, pos, rules, rule, misere)
    # A game of its own (cheap: the tables are shared), as each command builds one: a game
    # keeps the largest table it has read, which past the Grundy values' range has none.
    built = spec.build(tables or shared_tables())
    at = spec.start(built)  # checked against what the tables can reach
    built.prepare(at)
    return Position.of(built, at, prepared=True)


@dataclass(frozen=True, slots=True, repr=False)
class Position:
    """A position of a game, with its value and its moves; equal (and hashed alike) when the
    game (its kind's key, the rules as played, misère or not) and the numbers are."""

    game: str  # the kind's key: "squares", "wythoff" …
    rules: tuple[str, ...]  # the rules as played, one per pile (none for the queen)
    misere: bool
    values: tuple[int, ...]  # the position's numbers
    _game: Game[Any] = field(compare=False)
    _at: Any = field(compare=False)  # the game's own form of the position
    _memo: dict[str, Any] = field(default_factory=dict, compare=False)  # worked out once

    @classmethod
    def of(
        cls,
        game: Game[Any],
        at: Any,
        *,
        analysis: Analysis[Any] | None = None,
        prepared: bool = False,
    ) -> Position:
        """The position ``at`` of a game built already (its start checked by
        ``spec.start``): what ``squaregame analyze`` does with its own game. ``analysis``:
        its analysis, made already; ``prepared``: ``game.prepare(at)`` was done."""
        memo: dict[str, Any] = {"prepared": prepared or analysis is not None}
        if analysis is not None:
            memo["analysis"], memo["info"] = analysis, analysis.info
        rules = tuple(r.key for r in game.rules)
        values = tuple(game.position_values(at))
        return cls(game.kind.key, rules, game.misere, values, game, at, memo)

    # -- what it is --------------------------------------------------------------------
    @property
    def position(self) -> Any:
        """The position as ``analyze --json`` writes it, lists as tuples: ``22``, ``(3, 5)``."""
        return _frozen(self._game.position_json(self._at))

    @property
    def title(self) -> str:
        """The game's name: ``Squares``, ``Subtraction {1, 3, 7, 8} (misère)``."""
        return title(self._game, english())

    # -- its value ---------------------------------------------------------------------
    @property
    def outcome(self) -> str:
        """``"hot"`` (the player to move wins) or ``"cold"`` (the player to move loses)."""
        return str(self._info().outcome.value)

    @property
    def remoteness(self) -> int | None:
        """How many moves the game lasts with perfect play; None where only bounds are
        proven (:attr:`remoteness_bounds`)."""
        info = self._info()
        return info.remoteness if info.remoteness_exact else None

    @property
    def remoteness_bounds(self) -> tuple[int, int | None]:
        """Proven (lower, upper) bounds of the remoteness, both it when exact; upper None
        when no upper bound is known."""
        info = self._info()
        return info.remoteness_lower, info.upper

    @property
    def grundy(self) -> int | None:
        """The Grundy value; None in misère play and where it is not computed that far."""
        info = self._info()
        if info.grundy is None and self._memo.get("from_move"):  # a move's value may leave it
            info = self._own_info()  # out (a board's lines of moves): the position's own
        return info.grundy

    # -- its moves ---------------------------------------------------------------------
    def moves(self) -> list[Move]:
        """The legal moves, in the game's order: every one, or past 1,000 the ones that
        matter (the opponent's choices, every winning move, each pile's first and last:
        :attr:`moves_truncated`, :attr:`move_count`), as ``analyze`` lists them."""
        return list(self._moves())

    @property
    def move_count(self) -> int:
        """How many legal moves there are, listed by :meth:`moves` or not."""
        return self._analysis().move_count

    @property
    def moves_truncated(self) -> bool:
        """Are some legal moves left out of :meth:`moves`?"""
        return self._analysis().truncated

    @speaks_english
    def best_move(self, seed: int | None = None) -> Move | None:
        """The perfect opponent's choice (None when no move is left): the first of its best
        moves, or with ``seed`` the one it draws among them as ``analyze --seed`` does."""
        if seed is not None and not (_is_int(seed) and 0 <= seed <= MAX_SEED):
            raise GameError("api.errors.seed", text=repr(seed)[:24])  # as analyze --seed
        to = perfect_choice(self._analysis(), seed)
        if to is None:
            return None
        return next(m for m in self._moves() if m.to._at == to)  # the choices are listed

    @speaks_english
    def why(self, depth: int = 2, *, moves: int = 20, max_lines: int = 1000) -> str:
        """The proof that it is hot or cold, as ``squaregame why`` prints it (and with its
        defaults): ``depth`` levels (each a move and its answer, 0–12), ``moves`` listed per
        position (1–200), at most ``max_lines`` lines (1–5000)."""
        # (the proof's modules only when a proof is asked for: analyze --json needs none)
        from squaregame.core.why import (
            MAX_DEPTH,
            MAX_LINES,
            MAX_MOVES,
            WhyTree,
            check_budget,
            outline,
        )
        from squaregame.play.why_text import render_text

        for given, key, limit in (
            (depth, "why.errors.depth", MAX_DEPTH),
            (moves, "why.errors.moves", MAX_MOVES),
            (max_lines, "why.errors.lines", MAX_LINES),
        ):
            if not isinstance(given, int) or isinstance(given, bool):
                raise GameError(key, value=repr(given)[:20], limit=limit)
        check_budget(depth, moves, max_lines)  # before any work
        self._prepare()
        tree = WhyTree(self._game, self._at, moves_per_node=moves)
        return render_text(self._game, outline(tree, depth, max_lines), english()).rstrip("\n")

    # -- as JSON -----------------------------------------------------------------------
    @speaks_english
    def to_dict(self, *, seed: int | None = None) -> dict[str, Any]:
        """The object ``squaregame analyze --json`` prints (``seed``: as its ``--seed``)."""
        game, a, info = self._game, self._analysis(), self._info()
        moves = self._moves()
        best = self.best_move(seed)
        doc: dict[str, Any] = {
            "game": self.game,
            "misere": self.misere,
            "rule": game.rule_json(),
            "position": self._json(),
            "outcome": self.outcome,
            **remoteness_json(info),
            "remoteness_exact": self.remoteness is not None,
            "grundy": self.grundy,
            "moves": [
                {"to": m.to._json(), "outcome": m.to.outcome, **remoteness_json(m.to._info())}
                for m in moves
            ],
            "winning_moves": [m.to._json() for m in moves if m.wins],
            "ai_move": None if best is None else best.to._json(),
            **summary_json(game, a),  # moves_truncated, move_counts, move_ranges
        }
        known = None if self.grundy is not None else game.grundy_known_upto(self._at)
        if known is not None:  # "grundy": null only because it is not computed that far
            doc["grundy_known_upto"] = known
        found = game.periodicity()
        if found is not None:
            doc["periods"] = periodicity_json(found)
        quotient = game.misere_quotient()
        if quotient is not None:
            doc["misere_quotient"] = quotient[0]
        return doc

    def to_json(self, *, seed: int | None = None) -> str:
        """:meth:`to_dict` as one line of JSON, as ``analyze --json`` prints it."""
        import json  # (only here: the command line's text answer needs no JSON)

        return json.dumps(self.to_dict(seed=seed))

    # -- shown -------------------------------------------------------------------------
    def __repr__(self) -> str:
        lower, upper = self.remoteness_bounds
        span = bounds_span(lower, upper, self.remoteness is not None)
        return f"<Position {self._name()} {self._text()}: {self.outcome}, remoteness {span}>"

    @speaks_english
    def _repr_html_(self) -> str:
        from squaregame.api.picture import position_html  # (only in a notebook)

        best = self.best_move()
        chosen = None if best is None else best.to._at
        return position_html(self._game, self._analysis(), chosen, english())

    def _name(self) -> str:
        """``squares``, ``subtraction [1,3,7,8]``, ``sum [squares; nim] misère``."""
        name = self.game
        if self._game.kind.param("rule") is not None and self.rules:  # rules given, not fixed
            shown = self.rules[:1] if len(set(self.rules)) == 1 else self.rules
            name += f" [{'; '.join(shown)}]"
        return name + (" misère" if self.misere else "")

    def _text(self) -> str:
        return position_text(self._game, self._at, english())

    def _json(self) -> Any:
        return self._game.position_json(self._at)

    # -- worked out once ---------------------------------------------------------------
    @speaks_english
    def _prepare(self) -> None:
        if not self._memo.get("prepared"):
            self._game.prepare(self._at)
            self._memo["prepared"] = True

    @speaks_english
    def _info(self) -> PositionInfo:
        found: PositionInfo | None = self._memo.get("info")
        if found is None:
            self._prepare()
            found = self._memo["info"] = self._game.info(self._at)
        return found

    @speaks_english
    def _own_info(self) -> PositionInfo:
        """The position's value asked of the game itself (not read off a move to it)."""
        found: PositionInfo | None = self._memo.get("own_info")
        if found is None:
            self._prepare()
            found = self._memo["own_info"] = self._game.info(self._at)
        return found

    @speaks_english
    def _analysis(self) -> Analysis[Any]:
        found: Analysis[Any] | None = self._memo.get("analysis")
        if found is None:
            self._prepare()
            found = self._memo["analysis"] = self._game.analyze(self._at)
        return found

    def _moves(self) -> tuple[Move, ...]:
        found: tuple[Move, ...] | None = self._memo.get("moves")
        if found is None:
            game, a = self._game, self._analysis()
            same = (self.game, self.rules, self.misere)  # the same game, at another position

            def to(at: Any, info: PositionInfo) -> Position:
                values = tuple(game.position_values(at))
                return Position(*same, values, game, at, {"info": info, "from_move": True})

            found = self._memo["moves"] = tuple(Move(self, to(m.to, m.info)) for m in a.moves)
        return found


@dataclass(frozen=True, slots=True, repr=False)
class Move:
    """A legal move: from ``source`` to ``to`` (both :class:`Position`)."""

    source: Position
    to: Position

    @property
    def label(self) -> str:
        """The move as the text layer writes it: ``take 9``, ``take 5 from pile 2``, ``move
        to (1,3)``."""
        return describe_move(self.source._game, self.source._at, self.to._at, english())

    @property
    def wins(self) -> bool:
        """Does it leave the opponent a cold position?"""
        return self.to.outcome == "cold"

    def __repr__(self) -> str:
        to = self.to
        game = to._game
        said = self.label
        if not says_where(game, game.move(self.source._at, to._at), english()):
            said += f" → {to._text()}"
        lower, upper = to.remoteness_bounds
        span = bounds_span(lower, upper, to.remoteness is not None)
        return f"<Move {said}: {to.outcome}, remoteness {span}>"


MAX_SEED = 2**63 - 1  # the command line's --seed: the same range


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _frozen(value: Any) -> Any:
    """JSON's lists as tuples (so that a position's form is hashable)."""
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value
