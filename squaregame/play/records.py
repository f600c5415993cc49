"""Game records: a game as text a person reads, JSON a script reads, or CSV, and back.

A :class:`Record` is what a game *is*: its spec (with the start), the positions after each
move, who played (``players``: solo, class, teams or demo, and the names typed for the
sides) and who moved first. Written out
(:func:`write_record`), each move also carries what the tables say of it (its value before,
its verdict, the best move) so the file can be read on its own; read back
(:func:`parse_record`), only the game and the moves count, and :func:`replay` plays them
again one by one through a :class:`~squaregame.play.session.Session`, every move checked
for legality (a move's "from", where given, must be where the game stands).

Bad input of any kind is a :class:`~squaregame.core.errors.GameError` whose key is under
``records.errors`` in the catalogs: one line, the move number where there is one.

Positions are written in one notation, the same in every language and every format
(:func:`notation`, the family's own): ``40``, ``(3,5)``, ``5+7+10``. Reading and writing
any format is :mod:`squaregame.play.record_io`'s; text and CSV are
:mod:`squaregame.play.record_text`'s.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import MAX_INPUT_DIGITS, GameError
from squaregame.core.game import GameKind
from squaregame.core.spec import GameSpec
from squaregame.core.writing import plain_notation
from squaregame.play.record_sides import side_labels, side_levels, winner_label
from squaregame.play.sides import ROLES, parse_names, side_roles
from squaregame.text.games import describe_move, title

if TYPE_CHECKING:
    from squaregame.core.kinds import Kinds
    from squaregame.core.tables import Tables
    from squaregame.play.saves import SavedGame
    from squaregame.play.session import Session

FORMAT = "squaregame-record"
VERSION = 1
RECORD_LIMIT = 8 * 1024 * 1024  # bytes: a record of the longest game stays far below
MAX_RECORD_MOVES = 100_000
OLD_PLAYERS = {"two": "teams"}  # records before the class, teams and demo were named


class Format(Enum):
    TEXT = "text"
    JSON = "json"
    CSV = "csv"
    MARKDOWN = "markdown"  # written only: the review, to paste anywhere


SUFFIX = {Format.TEXT: ".txt", Format.JSON: ".json", Format.CSV: ".csv", Format.MARKDOWN: ".md"}


def error(what: str, **params: Any) -> GameError:
    return GameError(f"records.errors.{what}", **params)


@dataclass(frozen=True)
class Record:
    """A game as it was played: ``spec`` with the start position; ``moves`` the positions
    after each move, as whole numbers."""

    spec: GameSpec
    moves: tuple[tuple[int, ...], ...] = ()
    human_first: bool = True
    players: str = "solo"  # solo, class, teams or demo (:mod:`squaregame.play.sides`)
    names: tuple[str, ...] = ()  # the names typed for the sides (none: the usual words)
    level: str = "perfect"
    # where each move was said to start (checked by :func:`replay`)
    froms: tuple[tuple[int, ...] | None, ...] = field(default=(), compare=False)

    @property
    def two_humans(self) -> bool:
        return self.players == "teams"

    def side_names(self) -> tuple[str, str]:
        """The machine names of the first and second mover (:data:`~.sides.ROLES`)."""
        return side_roles(self.players, self.human_first)


def record_of(session: Session[Any], level: str = "perfect") -> Record:
    game = session.game
    spec = GameSpec.of(game).with_position(game.position_values(session.start))
    moves = tuple(game.position_values(p.after) for p in session.plies)
    players = session.players
    first = side_roles(players, session.human_first) == ROLES[players]  # as read back
    return Record(spec, moves, first, players, session.names, level)


# -- positions in one notation -------------------------------------------------------------
def notation(kind: GameKind, values: Sequence[int]) -> str:
    """A position as records write it, in every language: its family's notation."""
    return kind.record_notation(values)


def parse_notation(kind: GameKind | None, text: str, where: str) -> tuple[int, ...]:
    """The numbers of a position as ``kind``'s records write it (``40``, ``5+7+10``,
    ``(3,5)``: :meth:`GameKind.read_record_notation`; a game not known: the plain form)."""
    if any(len(n) > MAX_INPUT_DIGITS for n in re.findall(r"\d+", text)):  # before int()
        raise error("position", text=_cut(text), where=where)
    read = plain_notation(text) if kind is None else kind.read_record_notation(text)
    if not read:
        raise error("position", text=_cut(text), where=where)
    return tuple(read)


def _cut(text: str, limit: int = 40) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- what every format shares ----------------------------------------------------------------
def make_record(
    kinds: Kinds,
    game: Any,
    rules: Any,
    misere: Any,
    start: Sequence[int],
    first: str,
    players: str,
    level: str,
    moves: Sequence[tuple[tuple[int, ...] | None, tuple[int, ...]]],
    names: Sequence[str] = (),
) -> Record:
    """A record from fields already read from a file, each checked."""
    from squaregame.core.ai import LEVELS  # (the opponent's module: only when a record is made)

    try:
        spec = kinds.spec_from_mapping(
            {"game": game, "rules": rules, "misere": misere, "position": list(start)}
        )
    except GameError as exc:
        raise error("game", reason=exc) from None
    players = OLD_PLAYERS.get(players, players)
    if players not in ROLES:
        raise error("field", field="players", text=_cut(players))
    roles = ROLES[players]
    if first not in roles:
        raise error("field", field="first", text=_cut(first))
    typed = _names(names, players)
    if level not in LEVELS:
        raise error("field", field="level", text=_cut(level))
    if len(moves) > MAX_RECORD_MOVES:
        raise error("too_many", limit=MAX_RECORD_MOVES)
    return Record(
        spec,
        tuple(to for _, to in moves),
        human_first=first == roles[0] or side_roles(players, False) == roles,  # teams, demo
        players=players,
        names=typed,
        level=level,
        froms=tuple(f for f, _ in moves),
    )


def _names(names: Sequence[str], players: str) -> tuple[str, ...]:
    """The sides' names as a record gives them, checked as if typed (none: the usual words)."""
    if not names:
        return ()
    try:
        return parse_names(",".join(names), players)
    except GameError:
        raise error("field", field="names", text=_cut(", ".join(names))) from None


def replay(record: Record, tables: Tables | None = None, *, step: bool = False) -> SavedGame:
    """The record played again move by move, as a saved game to continue or review. With
    ``step`` the moves wait on the redo stack: the game opens at its start (after the
    computer's first move, if it began), and each redo plays the next ones."""
    from squaregame.core.tables import Tables  # (replaying: tables and sessions only then)
    from squaregame.play.saves import SavedGame
    from squaregame.play.session import Session

    spec = record.spec
    try:
        game = spec.build(tables if tables is not None else Tables())
        start = spec.start(game)
    except GameError as exc:
        raise error("game", reason=exc) from None
    session: Session[Any] = Session(  # (two_humans: from players, teams being two people)
        game, start, record.human_first, players=record.players, names=record.names
    )
    for i, values in enumerate(record.moves):
        said = record.froms[i] if i < len(record.froms) else None
        if said is not None and said != game.position_values(session.position):
            here = notation(game.kind, game.position_values(session.position))
            raise error("from", n=i + 1, said=notation(game.kind, said), here=here)
        try:
            session.play(game.parse_position(values))
        except GameError as exc:
            raise error("move", n=i + 1, reason=exc) from None
    if step:
        while session.plies:
            session.redo_stack.append(session.plies.pop())
        while session.redo_stack and not session.human_to_move:  # the computer's first move
            session.plies.append(session.redo_stack.pop())  # is made: the person redoes theirs
    return SavedGame(session, record.level, None)


# -- JSON --------------------------------------------------------------------------------------
def info_json(info: Any) -> dict[str, Any]:
    return {
        "outcome": info.outcome.value,
        "remoteness": info.remoteness if info.remoteness_exact else None,
        "remoteness_lower": info.remoteness_lower,
        "remoteness_upper": info.upper,
    }


def to_json(session: Session[Any], level: str = "perfect") -> str:
    """The record as JSON: the game, who played (``players``, the typed ``names``, the
    ``sides`` by name with the computer's ``levels``, first mover first), each move ``by``
    whom, and the ``winner`` (a solo game's sides by their machine names)."""
    record = record_of(session, level)
    game, names = session.game, side_labels(session, words=False)
    pj = game.position_json
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "title": title(game),
        "game": record.spec.to_dict(),
        "first": record.side_names()[0],
        "players": record.players,
        "names": list(record.names),
        "sides": list(names),
        "level": level,
        "levels": list(side_levels(session, level)),
        "moves": [
            {
                "n": i + 1,
                "by": names[i % 2],
                "from": pj(p.before),
                "to": pj(p.after),
                "move": describe_move(game, p.before, p.after),
                "before": info_json(p.value_before),
                "verdict": p.verdict.value,
                "best": [pj(b) for b in p.best],
            }
            for i, p in enumerate(session.plies)
        ],
        "over": session.over,
        "winner": winner_label(session, words=False),
    }
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def _json_position(kind: GameKind, raw: Any, where: str) -> tuple[int, ...]:
    try:
        values = kind.position_from_json(raw)
    except GameError:
        raise error("position", text=_cut(json.dumps(raw)), where=where) from None
    if not values or any(len(str(abs(v))) > MAX_INPUT_DIGITS for v in values):
        raise error("position", text=_cut(json.dumps(raw)), where=where)
    return values


def parse_json(text: str, kinds: Kinds) -> Record:
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        raise error("not_json") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise error("not_record")
    if doc.get("version") != VERSION:
        raise error("version", version=_cut(json.dumps(doc.get("version"))))
    spec = doc.get("game")
    if not isinstance(spec, dict) or not isinstance(spec.get("game"), str):
        raise error("field", field="game", text=_cut(json.dumps(spec)))
    try:
        kind = kinds.find(spec["game"])
    except GameError as exc:
        raise error("game", reason=exc) from None
    start = _json_position(kind, spec.get("position"), "start")
    raw_moves = doc.get("moves", [])
    if not isinstance(raw_moves, list):
        raise error("field", field="moves", text=_cut(json.dumps(raw_moves)))
    if len(raw_moves) > MAX_RECORD_MOVES:
        raise error("too_many", limit=MAX_RECORD_MOVES)
    moves: list[tuple[tuple[int, ...] | None, tuple[int, ...]]] = []
    for i, m in enumerate(raw_moves):
        where = f"#{i + 1}"
        if not isinstance(m, dict) or "to" not in m:
            raise error("field", field=f"moves {where}", text=_cut(json.dumps(m)))
        said = _json_position(kind, m["from"], where) if m.get("from") is not None else None
        moves.append((said, _json_position(kind, m["to"], where)))
    for name in ("first", "players", "level"):
        if not isinstance(doc.get(name, ""), str):
            raise error("field", field=name, text=_cut(json.dumps(doc.get(name))))
    names = doc.get("names", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise error("field", field="names", text=_cut(json.dumps(names)))
    return make_record(
        kinds,
        spec["game"],
        spec.get("rules", []),
        spec.get("misere", False),
        start,
        doc.get("first", ""),
        doc.get("players", "solo"),
        doc.get("level", "perfect"),
        moves,
        names,
    )
