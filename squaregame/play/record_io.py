"""Game records in any format: which format a text is in, reading it, and writing a game
(:mod:`.records` holds the record and its JSON, :mod:`.record_text` the text, CSV and
Markdown forms)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from squaregame.core.files.atomic import write_atomic
from squaregame.play.record_text import (
    CSV_COLUMNS,
    TEXT_MAGIC,
    parse_csv,
    parse_text,
    to_csv,
    to_markdown,
    to_text,
)
from squaregame.play.records import (
    RECORD_LIMIT,
    SUFFIX,
    Format,
    Record,
    error,
    parse_json,
    to_json,
)

if TYPE_CHECKING:
    from squaregame.core.kinds import Kinds
    from squaregame.play.session import Session


# -- any format ------------------------------------------------------------------------------
def detect(text: str) -> Format:
    """Which format ``text`` is in, from how it begins."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("{"):
        return Format.JSON
    if head.startswith(TEXT_MAGIC):
        return Format.TEXT
    if head.startswith(CSV_COLUMNS[0] + ","):
        return Format.CSV
    raise error("not_record")


def decode(data: bytes) -> str:
    if len(data) > RECORD_LIMIT:
        raise error("too_large", size=len(data), limit=RECORD_LIMIT)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise error("encoding") from None


def parse_record(text: str, kinds: Kinds, fmt: Format | None = None) -> Record:
    """A record in any readable format (found from its first line unless given)."""
    found = fmt or detect(text)
    if found is Format.JSON:
        return parse_json(text, kinds)
    if found is Format.TEXT:
        return parse_text(text, kinds)
    if found is Format.CSV:
        return parse_csv(text, kinds)
    raise error("not_record")


def write_record(session: Session[Any], fmt: Format, level: str = "perfect") -> str:
    if fmt is Format.JSON:
        return to_json(session, level)
    if fmt is Format.TEXT:
        return to_text(session, level)
    if fmt is Format.CSV:
        return to_csv(session, level)
    return to_markdown(session, level)


def export_files(session: Session[Any], level: str, folder: Path) -> Path:
    """Write the game's record into ``folder`` as text, JSON, CSV and the Markdown review
    side by side, under
    the game's save name (``-2``, ``-3`` … rather than over an earlier export); returns the
    text file's path."""
    stem, n = session.save_key, 1
    while any((folder / f"{stem}{SUFFIX[f]}").exists() for f in Format):
        n += 1
        stem = f"{session.save_key}-{n}"
    for fmt in Format:  # the Markdown review too, to paste anywhere
        write_atomic(folder / f"{stem}{SUFFIX[fmt]}", write_record(session, fmt, level).encode())
    return folder / f"{stem}{SUFFIX[Format.TEXT]}"
