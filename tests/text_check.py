"""Which words on a screen are not in the app's language — for tests that walk the screens.

The visible text is read from the **rendered screen**: ``app.export_screenshot()`` gives an
SVG whose ``<text>`` runs hold exactly what is drawn — every widget, the Header and the
Footer, after layout, wrapping and clipping, and nothing that is hidden or scrolled away.
Runs are placed back on their terminal row and column (gaps become spaces), so a word drawn
in two styles reads as one word. Words set in *italics* are quotations (a lesson giving the
English term, "*remoteness*", "h de *hot*") and are not checked.

    words = visible_words(app)
    assert not english_words(app, "ru")

``english_words(app, lang)`` is what a test asserts empty:

* ``ru``: every word of three or more Latin letters, except :data:`ALLOWED` (names such as
  squaregame, Wythoff, Grundy, Nim, misère, and key names such as Enter, Esc, Ctrl);
* ``es``: every word from :data:`ENGLISH` (common English words of this app's screens —
  Spanish is written in the same letters, so only known English words can be caught);
* ``en``: nothing (use :func:`foreign_words` for the other direction).
"""

from __future__ import annotations

import html
import re
from collections import defaultdict
from statistics import median
from typing import Any

from textual.app import App

RUN = re.compile(
    r'<text class="([\w-]+)" x="([\d.]+)" y="([\d.]+)" textLength="([\d.]+)"[^>]*>([^<]*)</text>'
)
STYLE = re.compile(r"\.([\w-]+) \{([^}]*)\}")
WORD = re.compile(r"[^\W\d_]+")
LATIN = re.compile(r"^[a-zA-Z]+$")
CYRILLIC = re.compile(r"[а-яёА-ЯЁ]")
# What is typed as it is, in any language: a command line shown as an example
# (``squaregame analyze sum squares:10 …``) and a sum's part (``kayles:7``, ``1,3,7,8:21``).
TYPED = re.compile(r"squaregame(?:\s+[\w:,=.-]+)+|[\w,.=-]+:[\d,]+")

# Latin words a Russian screen may show: names, game names, and the keys' own names.
ALLOWED = {
    "squaregame", "wythoff", "grundy", "sprague", "nim", "misère", "phi",
    "mex", "oeis", "beatty", "gardner", "qin",  # a notation, a database, names (lessons)
    "postgresql", "sqlite",  # the class stores' databases, by name
    "ctrl", "enter", "esc", "tab", "space", "backspace", "pgup", "pgdn", "shift", "alt",
    # file formats, and the record command's words as typed (``squaregame record export``)
    "csv", "json", "markdown", "svg", "record", "records", "export", "import", "show",
    # ``--colors`` and the colour names it takes, as they are typed
    "colors", "red", "blue", "green", "yellow", "orange", "purple", "cyan", "magenta",
}  # fmt: skip

# Common English words of this app's screens that are not also Spanish words
# (no "no", "a", "normal", "casual", "quite" — the subjunctive of quitar —, …).
ENGLISH = {
    "the", "and", "or", "of", "to", "from", "is", "are", "it", "its", "in", "on", "off",
    "at", "by", "with", "for", "this", "that", "every", "each", "your", "you", "yes", "not",
    "move", "moves", "press", "back", "next", "settings", "setting", "lesson", "lessons",
    "hint", "hints", "hot", "cold", "win", "wins", "lose", "loses", "score", "step", "take",
    "pile", "piles", "choose", "close", "done", "help", "quit", "theme", "language",
    "opponent", "player", "players", "game", "games", "right", "wrong", "more",
    "try", "position", "number", "queen", "table", "value", "values", "remoteness",
    "finished", "marked", "sum", "sums", "none", "short", "slow", "dark", "light", "high",
    "contrast", "perfect", "strong", "beginner", "thinking", "pause", "strip",
    "start", "rule", "rules", "pairs", "pair", "squares", "square", "only", "first",
    "menu", "palette", "yet", "which", "what", "type", "keys", "key", "new",
    "undo", "redo", "view", "play", "when", "then", "there", "cannot", "leaves",
}  # fmt: skip

SPANISH = {"el", "la", "los", "las", "una", "del", "jugada", "jugadas", "lección", "pista"}


def screen_lines(svg: str, quotations: bool = True) -> list[str]:
    """The rows of a screenshot ``svg`` as the terminal shows them (italic runs blanked out
    unless ``quotations``)."""
    italic = {name for name, style in STYLE.findall(svg) if "italic" in style}
    runs: dict[float, list[tuple[float, str]]] = defaultdict(list)
    widths = []
    for cls, x, y, length, raw in RUN.findall(svg):
        text = html.unescape(raw).replace("\xa0", " ")
        if not text:
            continue
        widths.append(float(length) / len(text))
        if cls in italic and not quotations:
            text = " " * len(text)
        runs[float(y)].append((float(x), text))
    cell = median(widths) if widths else 1.0
    lines = []
    for y in sorted(runs):
        line = ""
        for x, text in sorted(runs[y]):
            col = round(x / cell)
            line = line.ljust(col) + text
        lines.append(line.rstrip())
    return lines


def visible_lines(app: App[Any], quotations: bool = True) -> list[str]:
    """The screen as the terminal shows it, one string per row (italic runs blanked out
    unless ``quotations``)."""
    return screen_lines(app.export_screenshot(), quotations)


def visible_words(app: App[Any]) -> list[str]:
    """The words to check: everything drawn except quotations in italics."""
    lines = (TYPED.sub(" ", line) for line in visible_lines(app, quotations=False))
    return [w for line in lines for w in WORD.findall(line)]


def english_words(app: App[Any], lang: str) -> list[str]:
    """The visible words that are English on a screen meant to be in ``lang``."""
    return english_in(visible_words(app), lang)


def english_in(words: list[str], lang: str) -> list[str]:
    """The words of ``words`` that are English, for a screen meant to be in ``lang``."""
    if lang == "ru":
        return [w for w in words if LATIN.match(w) and len(w) >= 3 and w.lower() not in ALLOWED]
    if lang == "es":
        return [w for w in words if w.lower() in ENGLISH]
    return []


def foreign_words(app: App[Any], lang: str) -> list[str]:
    """Visible words that are plainly not ``lang``: Cyrillic off a Russian screen, common
    Spanish words on an English one, English ones on a Russian or Spanish one."""
    words = visible_words(app)
    found = [w for w in words if CYRILLIC.search(w)] if lang != "ru" else []
    if lang == "en":
        found += [w for w in words if w.lower() in SPANISH or "ñ" in w]
    return found + english_words(app, lang)
