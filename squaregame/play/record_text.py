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

A class, teams or demo game also says who played (a ``#`` line: "Reds against Blues"),
the names typed for its sides (``names: Reds, Blues``) and, at the end, who won
(``winner: Reds``); each move line names the side that made it. ``winner`` is written for
the reader: it is not read back (the moves say who won).

The header's keys and values are the same in every language (a record written in Russian
is read anywhere); the words of a move line and the ``#`` lines are in the language of the
moment and are not read back: a move line is read by its number and ``FROM → TO``.
CSV has one row per move after a row ``n = 0`` for the start, each row naming the game
(the columns ``names`` and ``winner`` last: a CSV written before them is read as well).
"""

from __future__ import annotations

import csv
import io
import re
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import GameError
from squaregame.core.game import GameKind
from squaregame.core.types import PositionInfo
from squaregame.play.record_sides import (
    players_line,
    result_sentence,
    side_labels,
    winner_label,
)
from squaregame.play.records import (
    MAX_RECORD_MOVES,
    Record,
    _cut,
    error,
    make_record,
    notation,
    parse_notation,
    record_of,
)
from squaregame.play.session import Ply, Session
from squaregame.play.sides import shared
from squaregame.play.teach_wording import chart_view
from squaregame.text import tr
from squaregame.text.games import describe_move, remoteness_span, title

if TYPE_CHECKING:
    from squaregame.core.kinds import Kinds

TEXT_MAGIC = "squaregame record"
HEADER = ("game", "rules", "misere", "start", "first", "players", "names", "level", "winner")
OLD_CSV_COLUMNS = ("game", "rules", "misere", "first", "players", "level",
                   "n", "by", "from", "to", "move", "outcome", "remoteness", "verdict")  # fmt: skip
CSV_COLUMNS = (*OLD_CSV_COLUMNS, "names", "winner")
COMMON = ("game", "rules", "misere", "first", "players", "level", "names", "winner")
RULES_SEPARATOR = "; "
NAMES_SEPARATOR = ", "
MOVE_LINE = re.compile(r"^(\d+)\.\s.*?(\S+)\s+(?:→|->)\s+(\S+)")


# -- shared words --------------------------------------------------------------------------
def value_words(info: PositionInfo) -> str:
    o = info.outcome
    return f"{o.symbol} {tr(f'records.outcome.{o.value}')} {remoteness_span(info)}"


def heading(session: Session[Any]) -> str:
    game = session.game
    start = notation(game.kind, game.position_values(session.start))
    return tr("records.heading", title=title(game), start=start)


def _header(session: Session[Any], record: Record) -> dict[str, str]:
    """The header's fields in order (``names`` only where typed, ``winner`` only where a
    shared game is over: a solo record reads as it always did)."""
    spec, kind = record.spec, record.spec.kind
    head = {
        "game": kind.key,
        "rules": RULES_SEPARATOR.join(spec.rule_keys),
        "misere": "yes" if spec.misere else "no",
        "start": notation(kind, spec.position or ()),
        "first": record.side_names()[0],
        "players": record.players,
        "names": NAMES_SEPARATOR.join(record.names),
        "level": record.level,
        "winner": (winner_label(session, words=False) or "") if shared(session) else "",
    }
    return {k: v for k, v in head.items() if v or k not in ("names", "winner")}


def _cells(session: Session[Any], i: int, ply: Ply[Any], names: tuple[str, str]) -> list[str]:
    """A move line's cells; ``names``: the sides' (:func:`side_labels` in words)."""
    game = session.game
    kind = game.kind
    return [
        f"{i + 1}.",
        names[i % 2],
        notation(kind, game.position_values(ply.before)),
        notation(kind, game.position_values(ply.after)),
        describe_move(game, ply.before, ply.after),
        value_words(ply.value_before),
        tr(f"records.verdict.{ply.verdict.value}"),
    ]


# -- text ------------------------------------------------------------------------------------
def to_text(session: Session[Any], level: str = "perfect") -> str:
    record = record_of(session, level)
    names = side_labels(session, words=True)
    lines = [f"{TEXT_MAGIC} 1", f"# {heading(session)}: {result_sentence(session)}"]
    if who := players_line(session, level):
        lines.append(f"# {who}")
    lines += [f"{k}: {v}".rstrip() for k, v in _header(session, record).items()]
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
        [n.strip() for n in fields.get("names", "").split(",")] if fields.get("names") else (),
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
    names = side_labels(session, words=False)
    head = _header(session, record)
    common = [head.get(c, "") for c in OLD_CSV_COLUMNS[:6]]
    last = [head.get("names", ""), head.get("winner", "")]
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    w.writerow([*common, 0, "", "", head["start"], "", "", "", "", *last])
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
                *last,
            ]
        )
    return out.getvalue()


def parse_csv(text: str, kinds: Kinds) -> Record:
    try:
        rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    except csv.Error as exc:
        raise error("csv", reason=_cut(str(exc))) from None
    rows = [r for r in rows if any(cell.strip() for cell in r)]
    columns = tuple(c.strip() for c in rows[0]) if rows else ()
    if columns not in (CSV_COLUMNS, OLD_CSV_COLUMNS):
        raise error("csv_columns", columns=",".join(CSV_COLUMNS))
    if len(rows) - 2 > MAX_RECORD_MOVES:
        raise error("too_many", limit=MAX_RECORD_MOVES)
    table = [dict(zip(columns, r, strict=False)) for r in rows[1:]]
    for i, row in enumerate(table):
        if len(rows[i + 1]) != len(columns):
            raise error("csv_row", row=i + 2)
        if row["n"].strip() != str(i):
            raise error("order", line=i + 2, n=i)
    if not table:
        raise error("missing", field="start")
    first = table[0]
    common = [c for c in COMMON if c in columns]
    for i, row in enumerate(table):
        for c in common:
            if row[c] != first[c]:
                raise error("mixed", row=i + 2, field=c)
    fields = {c: first[c] for c in common} | {"start": first["to"]}
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
    names = side_labels(session, words=True)
    chart = chart_view(session)  # a shared game: its values for one side, as its chart
    cols = [tr(f"records.column.{c}") for c in ("n", "by", "move", "position", "value")]
    cols += [tr("records.column.verdict"), tr("records.column.best")]
    if chart.side:
        cols.append(tr("records.column.for", name=chart.side))
    lines = [f"## {_md(heading(session))}", ""]
    if who := players_line(session, level):
        lines += [_md(who), ""]
    lines += [_md(result_sentence(session)), ""]
    if chart.side:
        key = "first" if chart.first else "second"
        lines += [_md(tr(f"records.values_for.{key}", name=chart.side)), ""]
    lines.append("| " + " | ".join(cols) + " |")
    lines.append("|--:|" + "---|" * (len(cols) - 1))
    for i, p in enumerate(session.plies):
        n, who, frm, to, move, value, verdict = _cells(session, i, p, names)
        row = [n.rstrip("."), who, move, f"{frm} → {to}", value, verdict, best_words(session, p)]
        row += [chart.points[i].signed] if chart.side else []
        lines.append("| " + " | ".join(_md(c) for c in row) + " |")
    return "\n".join(lines) + "\n"
