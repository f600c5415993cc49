"""The game in progress, saved after every move (atomically) and restored on the next start.

A save file that cannot be read is *set aside* (renamed with a timestamp), never deleted,
and the caller is told so it can say so.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from squaregame import paths
from squaregame.core.atomic import write_atomic

if TYPE_CHECKING:
    from squaregame.core.games import Game
    from squaregame.play.session import Session

SAVE_VERSION = 1


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


def game_spec(game: Game[Any]) -> dict[str, Any]:
    return {"kind": game.kind, "misere": game.misere, "rule": game.rule_json()}


def game_from_spec(spec: dict[str, Any]) -> Game[Any]:
    from squaregame.core.games import game_from_spec as make

    return make(str(spec["kind"]), spec["rule"], bool(spec["misere"]))


def _position(game: Game[Any], raw: Any) -> Any:
    values = raw if isinstance(raw, list) else [raw]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise ValueError(f"bad position {raw!r}")
    return game.parse_position(values)


def encode(saved: SavedGame) -> bytes:
    s = saved.session
    doc = {
        "version": SAVE_VERSION,
        "game": game_spec(s.game),
        "start": s.game.position_json(s.start),
        "human_first": s.human_first,
        "two_humans": s.two_humans,
        "moves": s.moves(),
        "hints": [p.hints for p in s.plies],
        "redo": s.redo_moves(),
        "level": saved.level,
        "seed": saved.seed,
    }
    return json.dumps(doc, indent=1).encode()


def decode(data: bytes) -> SavedGame:
    """Rebuild a saved game by replaying its moves (every one checked for legality)."""
    doc = json.loads(data)
    if not isinstance(doc, dict) or doc.get("version") != SAVE_VERSION:
        raise ValueError("not a squaregame save of this version")
    from squaregame.play.session import Session

    game = game_from_spec(doc["game"])
    session: Session[Any] = Session(
        game,
        _position(game, doc["start"]),
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
        return None, f"Could not read the saved game ({exc})"
    try:
        return parse(data), None
    except Exception as exc:  # any damage at all: keep the file, start afresh
        moved = set_aside(p)
        name = exc.__class__.__name__
        return None, f"The saved game could not be read ({name}); kept it as {moved.name}"


def load_game(path: Path | None = None) -> tuple[SavedGame | None, str | None]:
    """The saved game, every move checked again (or None, and a message if it was damaged)."""
    return _read(path, decode)


@dataclass(frozen=True)
class SaveSummary:
    """What the menu says about the saved game, read without replaying it."""

    title: str
    start: str
    moves: int
    state: str  # "your move", "computer to move", "finished"

    def describe(self) -> str:
        return f"{self.title} from {self.start} — {self.moves} moves, {self.state}"


def _fmt(kind: str, pos: Any) -> str:
    if kind == "wythoff":
        return f"({pos[0]},{pos[1]})"
    if kind == "sum":
        return " + ".join(map(str, pos))
    return str(pos)


def summarize(data: bytes) -> SaveSummary:
    """A quick look at a save (for the menu); the full check happens when it is opened."""
    doc = json.loads(data)
    if not isinstance(doc, dict) or doc.get("version") != SAVE_VERSION:
        raise ValueError("not a squaregame save of this version")
    spec, moves = doc["game"], doc["moves"]
    kind, misere = str(spec["kind"]), bool(spec["misere"])
    from squaregame.core.rules import parse_rule
    from squaregame.text.rules import rule_label

    names = {
        "squares": "Squares",
        "nim": "Nim",
        "wythoff": "Wythoff's queen",
        "sum": "Sum of piles",
    }
    title = names.get(kind) or f"Subtraction {rule_label(parse_rule(str(spec['rule'])))}"
    title += " (misère)" if misere else ""
    pos = moves[-1] if moves else doc["start"]
    if kind == "sum":
        rules = [parse_rule(str(r)) for r in spec["rule"]]
        finished = all(not any(True for _ in r.amounts(n)) for r, n in zip(rules, pos, strict=True))
    elif kind == "wythoff":
        finished = list(pos) == [0, 0]
    else:
        finished = not any(True for _ in parse_rule(str(spec["rule"])).amounts(int(pos)))
    if finished:
        state = "finished"
    elif doc.get("two_humans") or (len(moves) % 2 == 0) == bool(doc["human_first"]):
        state = "your move"
    else:
        state = "computer to move"
    return SaveSummary(title, _fmt(kind, doc["start"]), len(moves), state)


def summary_of(saved: SavedGame) -> SaveSummary:
    s = saved.session
    state = "finished" if s.over else ("your move" if s.human_to_move else "computer to move")
    return SaveSummary(s.game.title, s.game.format_position(s.start), len(s.plies), state)


def peek_game(path: Path | None = None) -> tuple[SaveSummary | None, str | None]:
    """The saved game's summary, or None; a damaged file is set aside with a message."""
    return _read(path, summarize)
