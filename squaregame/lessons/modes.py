"""A lesson's text as each front end says it: the app's (keys to press, colours to see) or
text mode's (commands to type). A lesson file marks what differs inline:

    {app: Press **Space** to see each move. | text: Each move is listed below.}

``{app: A | text: B}`` is A in the app and B in text mode; ``{app: A}`` is said only in the
app, ``{text: B}`` only in text mode. A part may span lines and hold braces of its own
(``{1, 3, 7, 8}``) if they pair up; the spaces just inside the marks are not part of it.
Everything outside the marks is said by both. :func:`for_mode` is the one place that reads
the marks (the app through :attr:`~squaregame.lessons.model.Step.text`, text mode through
:meth:`~squaregame.lessons.model.Step.text_in`); :func:`marks_error` checks them when a
lesson is loaded."""

from __future__ import annotations

import re

APP = "app"
TEXT = "text"
MODES = (APP, TEXT)

OPEN = re.compile(r"\{(app|text):")
SEPARATOR = re.compile(r"\|\s*text:")


class MarkError(ValueError):
    """A mark that cannot be read: unclosed, or its parts out of order."""


def _parts(text: str) -> list[tuple[str, dict[str, str]]]:
    """``text`` as (plain text before a mark, the mark's parts by mode) pairs, the last
    pair's parts empty (the text after the last mark)."""
    out: list[tuple[str, dict[str, str]]] = []
    at = 0
    while (m := OPEN.search(text, at)) is not None:
        depth, end = 1, m.end()
        while depth and end < len(text):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            end += 1
        if depth:
            raise MarkError(f"“{m.group(0)}” is never closed by }}")
        inner, parts = text[m.end() : end - 1], {}
        if m.group(1) == APP:
            split = _top_separator(inner)
            if split is None:
                parts[APP] = inner
            else:
                parts[APP], parts[TEXT] = inner[: split.start()], inner[split.end() :]
        else:
            parts[TEXT] = inner
        if _top_separator(parts.get(TEXT, "")) is not None:
            raise MarkError("a mark has two “| text:” parts")
        out.append((text[at : m.start()], {k: v.strip() for k, v in parts.items()}))
        at = end
    out.append((text[at:], {}))
    return out


def _top_separator(inner: str) -> re.Match[str] | None:
    """The first ``| text:`` of ``inner`` outside any braces it holds, if one."""
    depth = 0
    for i, c in enumerate(inner):
        depth += {"{": 1, "}": -1}.get(c, 0)
        if c == "|" and depth == 0 and (m := SEPARATOR.match(inner, i)) is not None:
            return m
    return None


def for_mode(text: str, mode: str = APP) -> str:
    """``text`` as ``mode`` (:data:`APP` or :data:`TEXT`) says it: each mark replaced by its
    part for that mode (by nothing if it has none). Text without marks is returned as it is."""
    if mode not in MODES:
        raise ValueError(f"no mode {mode!r} (modes: {', '.join(MODES)})")
    if "{" not in text:
        return text
    return "".join(before + parts.get(mode, "") for before, parts in _parts(text))


def marks(text: str) -> list[dict[str, str]]:
    """The marks of ``text`` in order, each as its parts by mode (a :class:`MarkError` if
    they do not read)."""
    return [parts for _, parts in _parts(text)[:-1]]


def marks_error(text: str) -> str | None:
    """What is wrong with ``text``'s marks, or None when they read."""
    try:
        _parts(text)
    except MarkError as exc:
        return str(exc)
    return None
