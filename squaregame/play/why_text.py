"""The proof of :mod:`squaregame.core.why` in words: one line per step, as plain text (the
terminal, a handout) or as a Markdown nested list, in the current language or a given one.

    22 is cold ☹ (remoteness 8): every move leaves a hot position
      - take 1 → 21, hot ☺: answer take 16 → 5, cold ☹ (remoteness 2)

The first line may carry its game's own reason (the root's notes, each a line ``  · …``:
a misère position of rows says the quotient that decided it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from squaregame.core.files.atomic import write_atomic
from squaregame.core.game import Game
from squaregame.core.types import Message, Move, PositionInfo
from squaregame.core.why import Line, Step, WhyNode
from squaregame.text import Catalog, tr
from squaregame.text import games as games_text


def _say(key: str, catalog: Catalog | None, **values: Any) -> str:
    return catalog(key, **values) if catalog is not None else tr(key, **values)


def value_text(info: PositionInfo, catalog: Catalog | None = None) -> str:
    """``hot ☺`` / ``cold ☹``: never colour alone."""
    return _say(f"why.value.{info.outcome.value}", catalog)


def remoteness_text(info: PositionInfo, catalog: Catalog | None = None) -> str:
    """``remoteness 8``; a bound says so: ``remoteness at least 49``, ``… between 49 and 57``."""
    if info.remoteness_exact:
        return _say("why.remoteness.exact", catalog, n=info.remoteness)
    if info.upper is None:
        return _say("why.remoteness.at_least", catalog, lower=info.remoteness_lower)
    return _say("why.remoteness.between", catalog, lower=info.remoteness_lower, upper=info.upper)


def position_text(game: Game[Any], pos: Any, catalog: Catalog | None = None) -> str:
    return games_text.position_text(game, pos, catalog)


def move_text(game: Game[Any], node: WhyNode[Any], catalog: Catalog | None = None) -> str:
    """The move that led to ``node``: ``take 1 → 21``; a queen's ``move to (3,5)``."""
    move = node.move
    if move is None:
        return position_text(game, node.position, catalog)
    return said_move(game, move, catalog)


def said_move(game: Game[Any], move: Move[Any], catalog: Catalog | None = None) -> str:
    """A move and where it leads: ``take 1 → 21`` (a queen's move says where itself)."""
    said = games_text.move_text(game, move, catalog)
    if games_text.says_where(game, move, catalog):
        return said
    where = position_text(game, move.target, catalog)
    return _say("why.step", catalog, act=said, to=where)


def note_text(game: Game[Any], note: Message, catalog: Catalog | None = None) -> str:
    """One of the root's notes (:meth:`~squaregame.core.why.WhyTree.notes`), its moves said
    as the proof says them."""
    values = {
        k: said_move(game, v, catalog) if isinstance(v, Move) else v for k, v in note.values.items()
    }
    return _say(note.key, catalog, **values)


def notes_text(game: Game[Any], line: Line[Any], catalog: Catalog | None = None) -> list[str]:
    return [note_text(game, note, catalog) for note in line.notes]


def step_text(game: Game[Any], step: Step[Any], root: bool, catalog: Catalog | None = None) -> str:
    """One line of the proof: the root's verdict and reason, or a move and its answer."""
    node, answer = step.node, step.answer
    values: dict[str, Any] = {
        "value": value_text(node.info, catalog),
        "remoteness": remoteness_text(node.info, catalog),
    }
    if answer is not None:
        values |= {
            "answer": move_text(game, answer, catalog),
            "answer_value": value_text(answer.info, catalog),
            "answer_remoteness": remoteness_text(answer.info, catalog),
        }
    if root:
        values["position"] = position_text(game, node.position, catalog)
        if node.terminal:
            key = "hot_over" if node.hot else "cold_over"
        elif answer is not None and answer.terminal:
            key = "hot_wins"
        else:
            key = "hot" if node.hot else "cold"
        return _say(f"why.root.{key}", catalog, **values)
    values["move"] = move_text(game, node, catalog)
    if answer is not None:
        key = "answered_over" if answer.terminal else "answered"
    else:
        key = "hot_over" if node.hot else "cold"
    return _say(f"why.line.{key}", catalog, **values)


def line_text(game: Game[Any], line: Line[Any], catalog: Catalog | None = None) -> str:
    if line.cut:
        return _say("why.cut_work" if line.slow else "why.cut", catalog, count=line.more)
    if line.step is None:
        return _say("why.more", catalog, count=line.more)
    return step_text(game, line.step, line.level == 0, catalog)


def heading(game: Game[Any], root: WhyNode[Any], catalog: Catalog | None = None) -> str:
    """``Why 22 is cold ☹``."""
    where = position_text(game, root.position, catalog)
    return _say("why.heading", catalog, position=where, value=value_text(root.info, catalog))


def render_text(game: Game[Any], lines: list[Line[Any]], catalog: Catalog | None = None) -> str:
    """The proof as indented text: the root line, then each level two spaces further in."""
    body = []
    for ln in lines:
        w = line_text(game, ln, catalog)
        body.append(w if ln.level == 0 else f"{'  ' * ln.level}- {w}")
        body += [f"  · {note}" for note in notes_text(game, ln, catalog)]
    return "\n".join(body) + "\n"


def render_markdown(game: Game[Any], lines: list[Line[Any]], catalog: Catalog | None = None) -> str:
    """A handout: a title, the game, the legend, and the proof as a nested list."""
    root = lines[0].step
    assert root is not None
    words = [line_text(game, ln, catalog) for ln in lines]
    out = [
        f"# {_md(heading(game, root.node, catalog))}",
        "",
        _md(_say("why.game", catalog, game=games_text.title(game, catalog))),
        "",
        _md(_say("why.legend", catalog)),
        "",
    ]
    for ln, w in zip(lines, words, strict=True):
        level = ln.level if not ln.cut else 0
        text = f"**{_md(w)}**" if ln.level == 0 and not ln.cut else _md(w)
        out.append(f"{'  ' * level}- {text}")
        out += [f"{'  ' * (level + 1)}- *{_md(note)}*" for note in notes_text(game, ln, catalog)]
    return "\n".join(out) + "\n"


def _md(text: str) -> str:
    """Text inside Markdown: the characters that would mark it up are escaped."""
    for ch in "\\`*_[]<>#|":
        text = text.replace(ch, "\\" + ch)
    return text


def file_stem(game: Game[Any], pos: Any) -> str:
    """``why-squares-22``, ``why-wythoff-3-5``, ``why-sum-5-7-10-misere``: a handout's name."""
    values = "-".join(str(v) for v in game.position_values(pos))
    return f"why-{game.kind.key}-{values[:80]}{'-misere' if game.misere else ''}"


def export_markdown(folder: Path, stem: str, text: str) -> Path:
    """Write ``text`` to ``folder/stem.md`` atomically, under a fresh name (``-2``, ``-3`` …)
    rather than over an earlier file; returns where."""

    path, n = folder / f"{stem}.md", 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}.md"
    write_atomic(path, text.encode())
    return path
