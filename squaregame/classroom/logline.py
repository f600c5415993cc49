"""The server's log: one line a record."""

from __future__ import annotations

import logging


class OneLine(logging.Formatter):
    """Every log record as one line of at most 300 characters; exceptions by name only."""

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            text += f": {type(exc).__name__}: {exc}"
        text = " ".join(text.split())
        return "squaregame serve: " + (text if len(text) <= 300 else text[:299] + "…")
