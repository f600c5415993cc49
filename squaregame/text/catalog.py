"""Per-language message catalogs: ``assets/i18n/<lang>/<area>.toml``.

The key of an entry is ``<area>.<dotted path inside the file>``. A value is a string, or a
table of CLDR plural categories (``one``, ``few``, ``many``, ``other``) chosen by the
``count`` keyword. Placeholders are ``{name}`` with a lower-case identifier; any other brace
(``{1, 4, 9, …}``) is literal text. A key missing in a language falls back to English; a
key missing in English is a programming error (:class:`KeyError`), caught by the tests.

Why TOML catalogs rather than gettext: the lessons are already TOML, ``tomllib`` is in the
standard library (no build step, no compiled ``.mo`` files to ship), stable keys let a test
prove every language complete, and CLDR plural categories read more plainly to a
translator than gettext's C-expression ``Plural-Forms``.

A parsed file is kept in the cache folder (``catalogs/<lang>-<area>.marshal``, beside the
file's size, modification time and path), so a later run reads it without parsing TOML:
a command that prints three sentences should not spend more on its catalogs than on its
answer. A missing, stale or damaged copy is simply parsed again.
"""

from __future__ import annotations

import contextlib
import marshal
import re
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from squaregame import paths
from squaregame.core.files.atomic import write_atomic
from squaregame.text.plurals import category

PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
PLURAL_KEYS = frozenset({"zero", "one", "two", "few", "many", "other"})
DEFAULT = "en"


def i18n_root() -> Path:
    return paths.asset("i18n")


_FOLDERS: dict[str, Path] = {}  # areas whose words are elsewhere: <folder>/<lang>/<area>.toml


def add_words(area: str, folder: Path) -> None:
    """Read the words of ``area`` from ``folder`` (``<folder>/<lang>/<area>.toml``), not the
    program's own catalogs: a family written outside the package brings its words so."""
    _FOLDERS[area] = folder
    load_area.cache_clear()
    load_catalog.cache_clear()


@cache
def languages() -> tuple[str, ...]:
    """The languages with a catalog folder (English first)."""
    found = sorted(p.name for p in i18n_root().iterdir() if p.is_dir())
    return tuple(sorted(found, key=lambda lang: lang != DEFAULT))


def _is_plural(value: Any) -> bool:
    return isinstance(value, dict) and bool(value) and set(value) <= PLURAL_KEYS


def _flatten(prefix: str, doc: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    for k, v in doc.items():
        key = f"{prefix}.{k}"
        if isinstance(v, dict) and not _is_plural(v):
            yield from _flatten(key, v)
        else:
            yield key, v


@cache
def load_area(lang: str, area: str) -> dict[str, Any]:
    """The entries of one file, ``<lang>/<area>.toml`` (empty if there is none): a catalog
    reads a file when one of its keys is first asked for, so a command that says three
    sentences does not parse twenty files."""
    path = _FOLDERS.get(area, i18n_root()) / lang / f"{area}.toml"
    if not area.isidentifier():
        return {}
    try:
        st = path.stat()
    except OSError:
        return {}
    stamp = (_CACHE_FORMAT, str(path), st.st_size, st.st_mtime_ns)
    copy = paths.cache_dir() / "catalogs" / f"{lang}-{area}.marshal"
    try:
        kept_stamp, entries = marshal.loads(copy.read_bytes())
        if kept_stamp == stamp and isinstance(entries, dict):
            return entries
    except (OSError, ValueError, EOFError, TypeError):
        pass  # none yet, stale or damaged: parse the file
    import tomllib  # (only when a catalog's kept copy is stale: not every start)

    with open(path, "rb") as f:
        entries = dict(_flatten(area, tomllib.load(f)))
    _keep(copy, marshal.dumps((stamp, entries)))
    return entries


_CACHE_FORMAT = 1  # raised when what a kept copy holds changes


def _keep(copy: Path, data: bytes) -> None:
    """Keep a parsed catalog (a cache: if it cannot be written, the next run parses again;
    if it is found damaged after a crash, too — so it is not forced to the disk)."""

    with contextlib.suppress(OSError):
        write_atomic(copy, data, durable=False)


@cache
def load_catalog(lang: str) -> dict[str, Any]:
    """Every entry of one language, keyed ``area.path`` (strings or plural tables)."""
    folder = i18n_root() / lang
    entries: dict[str, Any] = {}
    if not folder.is_dir():
        return entries
    for area in sorted({p.stem for p in folder.glob("*.toml")} | set(_FOLDERS)):
        entries.update(load_area(lang, area))
    return entries


LONG_NUMBER = 40  # digits: a longer number is shown by its ends and its length
_LONG_DIGITS = re.compile(rf"-?\d{{{LONG_NUMBER + 1},}}")
_EXACT_DIGITS = 4000  # beyond this ``str`` may refuse an integer (Python's 4,300-digit guard)


def shown(value: Any, lang: str = DEFAULT) -> str:
    """A value as a message shows it: a number of hundreds of digits would bury the sentence
    (and ``str`` refuses integers past 4,300 digits), so it is shown by its first and last
    digits and how many there are. (Long text someone typed is shortened where it is echoed:
    a value such as a list of moves is shown whole.)"""
    if isinstance(value, int) and not isinstance(value, bool):
        if abs(value).bit_length() > _EXACT_DIGITS * 3.32:  # only its size can be said
            digits = int(abs(value).bit_length() * 0.30103) + 1  # within one of the true count
            return f"{'-' if value < 0 else ''}≈{_digits(digits, lang)}"
        value = str(value)
    text = str(value)
    if _LONG_DIGITS.fullmatch(text):
        count = len(text.lstrip("-"))
        return f"{text[: 8 + text.startswith('-')]}…{text[-4:]} ({_digits(count, lang)})"
    return text


def _digits(count: int, lang: str) -> str:
    entries = load_catalog(lang) or load_catalog(DEFAULT)
    entry = entries.get("common.long_number") or load_catalog(DEFAULT)["common.long_number"]
    return render("common.long_number", entry, lang, {"count": count})


def fill(template: str, values: Mapping[str, Any], lang: str = DEFAULT) -> str:
    """Replace ``{name}`` placeholders (values as :func:`shown` shows them); a placeholder
    without a value is a :class:`KeyError`."""

    def one(m: re.Match[str]) -> str:
        return shown(values[m.group(1)], lang)

    return PLACEHOLDER.sub(one, template)


def render(key: str, entry: Any, lang: str, values: Mapping[str, Any]) -> str:
    """An entry (a string, or a plural table chosen by ``count`` under ``lang``'s rules) with
    its placeholders filled."""
    if isinstance(entry, dict):
        count = values.get("count")
        if not isinstance(count, int):
            raise KeyError(f"'{key}' is a plural message and needs an integer count")
        entry = entry.get(category(lang, count), entry.get("other", ""))
    return fill(str(entry), values, lang)


class Catalog:
    """The messages of one language, with English behind it."""

    def __init__(self, lang: str = DEFAULT) -> None:
        self.lang = lang if lang in languages() else DEFAULT

    @staticmethod
    def _area(lang: str, key: str) -> dict[str, Any]:
        return load_area(lang, key.partition(".")[0])

    def has(self, key: str) -> bool:
        return key in self._area(self.lang, key) or key in self._area(DEFAULT, key)

    def raw(self, key: str) -> Any:
        for lang in (self.lang, DEFAULT):
            entries = self._area(lang, key)
            if key in entries:
                return entries[key]
        raise KeyError(f"no message '{key}' in the catalogs")

    def __call__(self, key: str, /, **values: Any) -> str:
        lang = self.lang if key in self._area(self.lang, key) else DEFAULT
        return render(key, self.raw(key), lang, values)
