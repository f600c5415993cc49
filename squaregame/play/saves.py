"""The game in progress, saved after every move (atomically) and restored on the next start.

A save stores the game's :class:`~squaregame.core.spec.GameSpec` (with the start position),
the moves (each a position in the kind's JSON form), who moves first, hints, what can be
redone, the opponent's level and seed. Version 1 files (squaregame 1.0: ``game`` was
``{"kind", "misere", "rule"}`` and the start was separate) are migrated when read.

A save file that cannot be read is *set aside* (renamed with a timestamp), never deleted,
and the caller is told so it can say so.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from squaregame import paths
from squaregame.core.atomic import write_atomic
from squaregame.core.types import GameError
from squaregame.text import tr

if TYPE_CHECKING:
    from squaregame.core.context import Tables
    from squaregame.core.game import Game
    from squaregame.core.spec import GameSpec
    from squaregame.play.session import Session

SAVE_VERSION = 2
READABLE = (1, 2)


def save_path() -> Path:
    return paths.data_dir() / "game.json"


def set_aside(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    path.replace(target)
    return target


@dataclass
class SavedGame:
    session: Session[Any]
    level: str
    seed: int | None


def encode(saved: SavedGame) -> bytes:
    s = saved.session
    game = s.game
    spec = game.spec.with_position(game.position_values(s.start))
    doc = {
        "version": SAVE_VERSION,
        "game": spec.to_dict(),
        "human_first": s.human_first,
        "two_humans": s.two_humans,
        "moves": s.moves(),
        "hints": [p.hints for p in s.plies],
        "redo": s.redo_moves(),
        "level": saved.level,
        "seed": saved.seed,
    }
    return json.dumps(doc, indent=1).encode()


def migrate(doc: Any) -> dict[str, Any]:
    """A save document in the current version (version 1 is converted; others refused)."""
    if not isinstance(doc, dict) or doc.get("version") not in READABLE:
        raise GameError("errors.save_version")
    if doc["version"] == 1:
        from squaregame.core.kinds import find_kind

        old = doc["game"]
        kind = find_kind(str(old["kind"]))
        rule = old.get("rule")
        rules = rule if isinstance(rule, list) else [rule] if kind.param("rule") else []
        spec = {"game": kind.key, "rules": rules, "misere": old["misere"]}
        spec["position"] = list(kind.position_from_json(doc["start"]))
        doc = {k: v for k, v in doc.items() if k != "start"} | {"version": 2, "game": spec}
    return dict(doc)


def _spec(doc: dict[str, Any]) -> GameSpec:
    from squaregame.core.spec import GameSpec

    spec = GameSpec.from_mapping(doc["game"])
    if spec.position is None:
        raise GameError("errors.no_position", game=spec.kind)
    return spec


def _position(game: Game[Any], raw: Any) -> Any:
    return game.parse_position(game.kind.position_from_json(raw))


def decode(data: bytes, tables: Tables | None = None) -> SavedGame:
    """Rebuild a saved game by replaying its moves (every one checked for legality)."""
    from squaregame.core.context import Tables
    from squaregame.play.session import Session

    doc = migrate(json.loads(data))
    spec = _spec(doc)
    game = spec.build(tables if tables is not None else Tables())
    session: Session[Any] = Session(
        game,
        spec.start(game),
        human_first=bool(doc["human_first"]),
        two_humans=bool(doc.get("two_humans", False)),
    )
    hints = doc.get("hints") or []
    for i, raw in enumerate(doc["moves"]):
        session.play(_position(game, raw), hints=bool(hints[i]) if i < len(hints) else False)
    redo = doc.get("redo", [])
    for raw in redo:  # replay what was undone, then take it back onto the redo stack
        session.play(_position(game, raw))
    for _ in redo:
        session.redo_stack.append(session.plies.pop())
    from squaregame.core.ai import LEVELS

    level = doc.get("level", "perfect")
    seed = doc.get("seed")
    return SavedGame(
        session, level if level in LEVELS else "perfect", seed if isinstance(seed, int) else None
    )


def save_game(saved: SavedGame, path: Path | None = None) -> None:
    write_atomic(path or save_path(), encode(saved))


def clear_game(path: Path | None = None) -> None:
    (path or save_path()).unlink(missing_ok=True)


T = TypeVar("T")


def _read(path: Path | None, parse: Callable[[bytes], T]) -> tuple[T | None, str | None]:
    """Parse the save file; a damaged one is set aside (never deleted) with a message."""
    p = path or save_path()
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, tr("errors.save_unreadable", error=exc)
    try:
        return parse(data), None
    except Exception as exc:  # any damage at all: keep the file, start afresh
        moved = set_aside(p)
        name = exc.__class__.__name__
        return None, tr("errors.save_set_aside", name=name, file=moved.name)


def load_game(
    path: Path | None = None, tables: Tables | None = None
) -> tuple[SavedGame | None, str | None]:
    """The saved game, every move checked again (or None, and a message if it was damaged)."""
    return _read(path, lambda data: decode(data, tables))


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
        from squaregame.text.games import title

        return title(self.spec)

    @property
    def start(self) -> str:
        from squaregame.text.games import position_text

        kind = self.spec.game_kind
        return position_text(kind, kind.position_from_values(self.spec.position or ()))

    def describe(self) -> str:
        return tr(
            "games.saved.summary",
            title=self.title,
            start=self.start,
            moves=tr("games.saved.moves", count=self.moves),
            state=tr(f"games.saved.{self.state.value}"),
        )


def summarize(data: bytes) -> SaveSummary:
    """A quick look at a save (for the menu); the full check happens when it is opened."""
    doc = migrate(json.loads(data))
    spec, moves = _spec(doc), doc["moves"]
    kind = spec.game_kind
    values = kind.position_from_json(moves[-1]) if moves else spec.position
    if kind.is_terminal(spec.rule_objects(), kind.position_from_values(values or ())):
        state = SaveState.FINISHED
    elif doc.get("two_humans") or (len(moves) % 2 == 0) == bool(doc["human_first"]):
        state = SaveState.YOUR_MOVE
    else:
        state = SaveState.COMPUTER_TO_MOVE
    return SaveSummary(spec, len(moves), state)


def summary_of(saved: SavedGame) -> SaveSummary:
    s = saved.session
    if s.over:
        state = SaveState.FINISHED
    else:
        state = SaveState.YOUR_MOVE if s.human_to_move else SaveState.COMPUTER_TO_MOVE
    spec = s.game.spec.with_position(s.game.position_values(s.start))
    return SaveSummary(spec, len(s.plies), state)


def peek_game(path: Path | None = None) -> tuple[SaveSummary | None, str | None]:
    """The saved game's summary, or None; a damaged file is set aside with a message."""
    return _read(path, summarize)
