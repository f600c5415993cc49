"""Records as text a person reads, as CSV, and the review as Markdown (:mod:`.records`).

The text form::

    squaregame record 1
    # Squares, from 40: you won after 5 moves.
    game: squares
    rules: squares
    misere: no
    start: 40
    first: you
    players: solo
    level: perfect

      1. you        40 → 15   take 25   ☺ hot 5    best

The header's keys and values are the same in every language (a record written in Russian
is read anywhere); the words of a move line and the ``#`` lines are in the language of the
moment and are not read back: a move line is read by its number and ``FROM → TO``.
CSV has one row per move after a row ``n = 0`` for the start, each row naming the game.
"""

from __future__ import annotations

import csv
import io
import re
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import GameError
from squaregame.core.game import GameKind
from squaregame.core.types import PositionInfo
from squaregame.play.records import (
    MAX_RECORD_MOVES,
    Record,
    _cut,
    error,
    make_record,
    notation,
    parse_notation,
    record_of,
    winner,
)
from squaregame.play.session import Ply, Session
from squaregame.text import tr
from squaregame.text.games import describe_move, remoteness_span, title

if TYPE_CHECKING:
    from squaregame.core.kinds import Kinds

TEXT_MAGIC = "squaregame record"
HEADER = ("game", "rules", "misere", "start", "first", "players", "level")
CSV_COLUMNS = (
    HEADER[:3]
    + HEADER[4:]
    + (
        "n",
        "by",
        "from",
        "to",
        "move",
        "outcome",
        "remoteness",
        "verdict",
    )
)
RULES_SEPARATOR = "; "
MOVE_LINE = re.compile(r"^(\d+)\.\s.*?(\S+)\s+(?:→|->)\s+(\S+)")


# -- shared words --------------------------------------------------------------------------
def side_word(name: str) -> str:
    return tr(f"records.side.{name}")


def value_words(info: PositionInfo) -> str:
    o = info.outcome
    return f"{o.symbol} {tr(f'records.outcome.{o.value}')} {remoteness_span(info)}"


def result_sentence(session: Session[Any], names: tuple[str, str]) -> str:
    count = len(session.plies)
    won = winner(session)
    if won is None:
        return tr("records.result.going", count=count)
    return tr(f"records.result.{names[won]}", count=count)


def heading(session: Session[Any]) -> str:
    game = session.game
    start = notation(game.kind, game.position_values(session.start))
    return tr("records.heading", title=title(game), start=start)


def _header(record: Record, names: tuple[str, str]) -> dict[str, str]:
    spec, kind = record.spec, record.spec.kind
    return {
        "game": kind.key,
        "rules": RULES_SEPARATOR.join(spec.rule_keys),
        "misere": "yes" if spec.misere else "no",
        "start": notation(kind, spec.position or ()),
        "first": names[0],
        "players": "two" if record.two_humans else "solo",
        "level": record.level,
    }


def _cells(session: Session[Any], i: int, ply: Ply[Any], names: tuple[str, str]) -> list[str]:
    game = session.game
    kind = game.kind
    return [
        f"{i + 1}.",
        side_word(names[i % 2]),
        notation(kind, game.position_values(ply.before)),
        notation(kind, game.position_values(ply.after)),
        describe_move(game, ply.before, ply.after),
        value_words(ply.value_before),
        tr(f"records.verdict.{ply.verdict.value}"),
    ]


# -- text ------------------------------------------------------------------------------------
def to_text(session: Session[Any], level: str = "perfect") -> str:
    record = record_of(session, level)
    names = record.side_names()
    lines = [f"{TEXT_MAGIC} 1", f"# {heading(session)}: {result_sentence(session, names)}"]
    lines += [f"{k}: {v}".rstrip() for k, v in _header(record, names).items()]
    lines.append("")
    rows = [_cells(session, i, p, names) for i, p in enumerate(session.plies)]
    if rows:
        widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
        for r in rows:
            n, who, frm, to, move, value, verdict = r
            line = (
                f"{n:>{widths[0] + 1}} {who:<{widths[1]}}  {frm:>{widths[2]}} → "
                f"{to:<{widths[3]}}  {move:<{widths[4]}}  {value:<{widths[5]}}  {verdict}"
            )
            lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def parse_text(text: str, kinds: Kinds) -> Record:
    lines = text.lstrip("\ufeff").splitlines()
    first = lines[0].strip() if lines else ""
    if not first.startswith(TEXT_MAGIC):
        raise error("not_record")
    if first[len(TEXT_MAGIC) :].strip() != "1":
        raise error("version", version=_cut(first[len(TEXT_MAGIC) :].strip()))
    header: dict[str, str] = {}
    raw_moves: list[tuple[int, str, str]] = []
    for number, raw in enumerate(lines[1:], start=2):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        move = MOVE_LINE.match(line)
        if move:
            raw_moves.append((number, move[2], move[3]))
            if int(move[1]) != len(raw_moves):
                raise error("order", line=number, n=len(raw_moves))
            if len(raw_moves) > MAX_RECORD_MOVES:
                raise error("too_many", limit=MAX_RECORD_MOVES)
            continue
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        if not colon or key not in HEADER or raw_moves:
            raise error("line", line=number, text=_cut(line))
        if key in header:
            raise error("twice", field=key)
        header[key] = value.strip()
    return _from_fields(kinds, header, [(f"line {n}", f, t) for n, f, t in raw_moves])


def _from_fields(kinds: Kinds, fields: dict[str, str], moves: list[tuple[str, str, str]]) -> Record:
    """A record from the header's fields and the moves' (where, from, to) as written."""
    for name in ("game", "start", "first"):
        if not fields.get(name):
            raise error("missing", field=name)
    misere = fields.get("misere", "no").lower()
    if misere not in ("yes", "no", "true", "false"):
        raise error("field", field="misere", text=_cut(misere))
    rules = [r.strip() for r in fields.get("rules", "").split(";") if r.strip()]
    kind = _kind(kinds, fields["game"])  # its notation (an unknown game is said below)
    return make_record(
        kinds,
        fields["game"],
        rules,
        misere in ("yes", "true"),
        parse_notation(kind, fields["start"], "start"),
        fields["first"],
        fields.get("players") or "solo",
        fields.get("level") or "perfect",
        [
            (parse_notation(kind, f, w) if f else None, parse_notation(kind, t, w))
            for w, f, t in moves
        ],
    )


def _read(kind: GameKind | None, text: str, where: str) -> tuple[int, ...] | None:
    return parse_notation(kind, text, where) if text else None


def _kind(kinds: Kinds, name: str) -> GameKind | None:
    try:
        return kinds.find(name)
    except GameError:
        return None


# -- CSV -------------------------------------------------------------------------------------
def to_csv(session: Session[Any], level: str = "perfect") -> str:
    record = record_of(session, level)
    names = record.side_names()
    head = _header(record, names)
    common = [head[c] for c in CSV_COLUMNS[:6]]
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    w.writerow([*common, 0, "", "", head["start"], "", "", "", ""])
    game = session.game
    for i, p in enumerate(session.plies):
        info = p.value_before
        w.writerow(
            [
                *common,
                i + 1,
                names[i % 2],
                notation(game.kind, game.position_values(p.before)),
                notation(game.kind, game.position_values(p.after)),
                describe_move(game, p.before, p.after),
                info.outcome.value,
                remoteness_span(info),
                p.verdict.value,
            ]
        )
    return out.getvalue()


def parse_csv(text: str, kinds: Kinds) -> Record:
    try:
        rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    except csv.Error as exc:
        raise error("csv", reason=_cut(str(exc))) from None
    rows = [r for r in rows if any(cell.strip() for cell in r)]
    if not rows or tuple(c.strip() for c in rows[0]) != CSV_COLUMNS:
        raise error("csv_columns", columns=",".join(CSV_COLUMNS))
    if len(rows) - 2 > MAX_RECORD_MOVES:
        raise error("too_many", limit=MAX_RECORD_MOVES)
    table = [dict(zip(CSV_COLUMNS, r, strict=False)) for r in rows[1:]]
    for i, row in enumerate(table):
        if len(rows[i + 1]) != len(CSV_COLUMNS):
            raise error("csv_row", row=i + 2)
        if row["n"].strip() != str(i):
            raise error("order", line=i + 2, n=i)
    if not table:
        raise error("missing", field="start")
    first = table[0]
    for i, row in enumerate(table):
        for c in CSV_COLUMNS[:6]:
            if row[c] != first[c]:
                raise error("mixed", row=i + 2, field=c)
    fields = {c: first[c] for c in CSV_COLUMNS[:6]} | {"start": first["to"]}
    return _from_fields(
        kinds, fields, [(f"row {i + 3}", r["from"], r["to"]) for i, r in enumerate(table[1:])]
    )


# -- the review as Markdown -----------------------------------------------------------------
def _md(cell: str) -> str:
    return cell.replace("\\", "\\\\").replace("|", "\\|")


def best_words(session: Session[Any], ply: Ply[Any]) -> str:
    if not ply.best:
        return ""
    said = describe_move(session.game, ply.before, ply.best[0])
    others = len(ply.best) - 1
    return said + (tr("records.others", count=others) if others else "")


def to_markdown(session: Session[Any], level: str = "perfect") -> str:
    """The review, to paste into notes or a chat: a heading, the result and a table."""
    names = record_of(session, level).side_names()
    cols = [tr(f"records.column.{c}") for c in ("n", "by", "move", "position", "value")]
    cols += [tr("records.column.verdict"), tr("records.column.best")]
    lines = [f"## {_md(heading(session))}", "", _md(result_sentence(session, names)), ""]
    lines.append("| " + " | ".join(cols) + " |")
    lines.append("|--:|" + "---|" * (len(cols) - 1))
    for i, p in enumerate(session.plies):
        n, who, frm, to, move, value, verdict = _cells(session, i, p, names)
        row = [n.rstrip("."), who, move, f"{frm} → {to}", value, verdict, best_words(session, p)]
        lines.append("| " + " | ".join(_md(c) for c in row) + " |")
    return "\n".join(lines) + "\n"
