"""Games in progress, each saved after every move (atomically) in its own file.

The saved games live in ``games/`` in the data folder, one file per game, named by the
game's :attr:`~squaregame.play.session.Session.save_key` (when it began). Starting a new
game never touches another game's file, and two windows never write the same file: a
window holds an advisory *claim* on each game it has open (:func:`claim`), and a game open
in another window is continued as a copy under a new name.

A save stores the game's :class:`~squaregame.core.spec.GameSpec` (with the start position),
the moves (each a position in the kind's JSON form), who moves first, hints, what can be
redone, the opponent's level and seed. Version 1 files (squaregame 1.0: ``game`` was
``{"kind", "misere", "rule"}`` and the start was separate) are migrated when read; the 1.0
single ``game.json`` is moved into ``games/`` on the first start.

Reading one (:mod:`squaregame.play.files`): a damaged file is set aside (renamed with a
timestamp), never deleted; an unreadable one is left alone; a sound file that meets a
program error, or a start now beyond the tables, is left unchanged and not blamed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from squaregame import paths
from squaregame.core.errors import GameError, TableLimitError
from squaregame.core.tables import Tables
from squaregame.play.files import Damaged, UserFile, expect
from squaregame.text import error_text, tr

if TYPE_CHECKING:
    from squaregame.core.game import Game
    from squaregame.core.kinds import Kinds
    from squaregame.core.spec import GameSpec
    from squaregame.play.session import Session

SAVE_VERSION = 2
READABLE = (1, 2)
SAVE_LIMIT = 64 * 1024 * 1024  # bytes: the longest games stay far below
MAX_MOVES = 1_000_000


def games_dir(data: Path | None = None) -> Path:
    return (data or paths.data_dir()) / "games"


@dataclass
class SavedGame:
    session: Session[Any]
    level: str
    seed: int | None

    @property
    def key(self) -> str:
        return self.session.save_key


def encode(saved: SavedGame) -> bytes:
    from squaregame.core.spec import GameSpec  # (the menu's first frame reads no spec)

    s = saved.session
    game = s.game
    spec = GameSpec.of(game).with_position(game.position_values(s.start))
    doc = {
        "version": SAVE_VERSION,
        "game": spec.to_dict(),
        "human_first": s.human_first,
        "two_humans": s.two_humans,
        "players": s.players,
        "names": list(s.names),
        "colors": list(s.colors),
        "moves": s.moves(),
        "hints": [p.hints for p in s.plies],
        "redo": s.redo_moves(),
        "level": saved.level,
        "seed": saved.seed,
    }
    return json.dumps(doc, indent=1).encode()


def _positions(raw: Any, field: str) -> list[Any]:
    """A list of positions in JSON form (a number, or a list of numbers), checked for type."""
    moves: list[Any] = expect(raw, list, field)
    if len(moves) > MAX_MOVES:
        raise Damaged("field", field=field)
    for move in moves:
        parts = move if isinstance(move, list) else [move]
        if not parts or any(isinstance(x, bool) or not isinstance(x, int) for x in parts):
            raise Damaged("field", field=field)
    return moves


def migrate(doc: Any, kinds: Kinds) -> dict[str, Any]:
    """A save document in the current version, its fields' types checked (version 1 is
    converted; other versions and wrong types are :class:`Damaged`)."""
    if not isinstance(doc, dict) or doc.get("version") not in READABLE:
        raise Damaged("version")
    if doc["version"] == 1:
        old = expect(doc.get("game"), dict, "game")
        try:
            kind = kinds.find(str(old["kind"]))
            rule = old.get("rule")
            rules = rule if isinstance(rule, list) else [rule] if kind.param("rule") else []
            spec = {"game": kind.key, "rules": rules, "misere": old["misere"]}
            spec["position"] = list(kind.position_from_json(doc["start"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise Damaged("field", field="game") from exc
        doc = {k: v for k, v in doc.items() if k != "start"} | {"version": 2, "game": spec}
    expect(doc.get("game"), dict, "game")
    expect(doc.get("human_first"), bool, "human_first")
    expect(doc.get("two_humans", False), bool, "two_humans")
    from squaregame.play.sides import COLORS, MAX_NAME, PLAYERS  # (reading a save only)

    if doc.get("players", "solo") not in PLAYERS:
        raise Damaged("field", field="players")
    names = expect(doc.get("names", []), list, "names")
    if len(names) > 2 or any(not isinstance(n, str) or not 0 < len(n) <= MAX_NAME for n in names):
        raise Damaged("field", field="names")
    colors = expect(doc.get("colors", []), list, "colors")  # (absent before 1.x: none)
    if colors and (len(colors) != 2 or any(c not in COLORS for c in colors)):
        raise Damaged("field", field="colors")
    _positions(doc.get("moves"), "moves")
    _positions(doc.get("redo", []), "redo")
    hints = expect(doc.get("hints", []), list, "hints")
    if any(not isinstance(h, bool) for h in hints):
        raise Damaged("field", field="hints")
    expect(doc.get("level", "perfect"), str, "level")
    if doc.get("seed") is not None:
        expect(doc["seed"], int, "seed")
    return dict(doc)


def _spec(doc: dict[str, Any], kinds: Kinds) -> GameSpec:
    try:
        spec = kinds.spec_from_mapping(doc["game"])
    except GameError as exc:
        raise Damaged("field", field="game") from exc
    if spec.position is None:
        raise Damaged("field", field="game")
    return spec


def _position(game: Game[Any], raw: Any) -> Any:
    """A move's position: one the game cannot even reach from its start is the file's
    fault, whatever the reason (beyond the tables included)."""
    try:
        return game.parse_position(game.kind.position_from_json(raw))
    except GameError as exc:
        raise Damaged("moves") from exc


def _damage(exc: GameError) -> Exception:
    """A game error met while rebuilding a save: the file's fault (an illegal move, an
    unknown rule), except a start now beyond the tables, which is not damage."""
    if isinstance(exc, TableLimitError):
        return exc
    return Damaged("moves")


def decode_doc(raw: Any, kinds: Kinds, tables: Tables | None = None) -> SavedGame:
    """Rebuild a saved game by replaying its moves (every one checked for legality)."""
    from squaregame.core.ai import LEVELS  # (reading a whole save: not to list saves at start)
    from squaregame.play.session import Session

    doc = migrate(raw, kinds)
    spec = _spec(doc, kinds)
    try:
        game = spec.build(tables if tables is not None else Tables())
        session: Session[Any] = Session(
            game,
            spec.start(game),
            doc["human_first"],
            doc.get("two_humans", False),
            players=doc.get("players", "solo"),
            names=tuple(doc.get("names", [])),
            colors=tuple(doc.get("colors", [])),
        )
        hints = doc.get("hints", [])
        for i, move in enumerate(doc["moves"]):
            session.play(_position(game, move), hints=i < len(hints) and hints[i])
        redo = doc.get("redo", [])
        for move in redo:  # replay what was undone, then take it back onto the redo stack
            session.play(_position(game, move))
    except GameError as exc:
        raise _damage(exc) from exc
    for _ in redo:
        session.redo_stack.append(session.plies.pop())
    level = doc.get("level", "perfect")
    return SavedGame(session, level if level in LEVELS else "perfect", doc.get("seed"))


def decode(data: bytes, kinds: Kinds, tables: Tables | None = None) -> SavedGame:
    return decode_doc(json.loads(data), kinds, tables)


def game_file(path: Path, parse: Callable[[Any], Any]) -> UserFile[Any]:
    return UserFile(path, "game", parse, encode, SAVE_LIMIT)


def save_game(saved: SavedGame, path: Path | None = None) -> Path:
    """Write ``saved`` to ``path`` (default: its own file in :func:`games_dir`); returns it.
    (The app claims the file first: :func:`squaregame.play.save_folder.claim`.)"""
    target = path or games_dir() / f"{saved.key}.json"
    game_file(target, lambda doc: doc).write(saved)
    return target


def _guarded(file: UserFile[Any]) -> tuple[Any, str | None]:
    """``file.load()``; a sound file that meets a program error, or a start beyond the
    tables, is left as it is and the message says so (the file is not blamed)."""
    try:
        return file.load()
    except TableLimitError as exc:
        return None, error_text(exc)
    except Exception as exc:  # a program error: the file stays exactly as it is
        return None, tr("files.game.bug", name=exc.__class__.__name__)


def load_game(
    path: Path, kinds: Kinds, tables: Tables | None = None
) -> tuple[SavedGame | None, str | None]:
    """The game saved at ``path``, every move checked again, keeping its name (or None,
    and what to tell the person)."""
    saved, message = _guarded(game_file(path, lambda doc: decode_doc(doc, kinds, tables)))
    if saved is not None:
        saved.session.save_key = path.stem
    return saved, message


class SaveState(Enum):
    """Whose turn it is in a saved game: ``games.saved.<value>`` in the catalogs."""

    YOUR_MOVE = "your_move"
    COMPUTER_TO_MOVE = "computer_to_move"
    FINISHED = "finished"


@dataclass(frozen=True)
class SaveSummary:
    """What the menu says about the saved game, read without replaying it."""

    spec: GameSpec  # with the start position
    moves: int
    state: SaveState

    @property
    def title(self) -> str:
        from squaregame.text import games as games_text  # (the words of games: not at start)

        return games_text.title(self.spec)

    @property
    def start(self) -> str:
        kind = self.spec.kind
        from squaregame.text import games as games_text  # (the words of games: not at start)

        position = kind.position_from_values(self.spec.position or ())
        return games_text.position_text(self.spec, position)  # (a sum: its rules word it)

    def describe(self) -> str:
        return tr(
            "games.saved.summary",
            title=self.title,
            start=self.start,
            moves=tr("games.saved.moves", count=self.moves)
            if self.moves
            else tr("games.saved.no_moves"),
            state=tr(f"games.saved.{self.state.value}"),
        )


def summarize_doc(raw: Any, kinds: Kinds) -> SaveSummary:
    """A quick look at a save (for the menu); the full check happens when it is opened."""
    doc = migrate(raw, kinds)
    spec, moves = _spec(doc, kinds), doc["moves"]
    kind = spec.kind
    try:
        values = kind.position_from_json(moves[-1]) if moves else spec.position
        finished = kind.is_terminal(spec.rules, kind.position_from_values(values or ()))
    except GameError as exc:
        raise Damaged("moves") from exc
    if finished:
        state = SaveState.FINISHED
    elif doc.get("two_humans") or (len(moves) % 2 == 0) == bool(doc["human_first"]):
        state = SaveState.YOUR_MOVE
    else:
        state = SaveState.COMPUTER_TO_MOVE
    return SaveSummary(spec, len(moves), state)


def summary_of(saved: SavedGame) -> SaveSummary:
    from squaregame.core.spec import GameSpec  # (the menu's first frame reads no spec)

    s = saved.session
    if s.over:
        state = SaveState.FINISHED
    else:
        state = SaveState.YOUR_MOVE if s.human_to_move else SaveState.COMPUTER_TO_MOVE
    spec = GameSpec.of(s.game).with_position(s.game.position_values(s.start))
    return SaveSummary(spec, len(s.plies), state)


def peek_game(path: Path, kinds: Kinds) -> tuple[SaveSummary | None, str | None]:
    """One saved game's summary, or None; a damaged file is set aside with a message."""
    summary, message = _guarded(game_file(path, lambda doc: summarize_doc(doc, kinds)))
    return summary, message
