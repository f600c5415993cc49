"""The text layer: CLDR plurals, placeholders, and every catalog complete in every language."""

from __future__ import annotations

import re

import pytest
from said import said

from squaregame.core.errors import GameError, PositionError
from squaregame.text import Catalog, error_text, languages
from squaregame.text.catalog import PLACEHOLDER, load_catalog
from squaregame.text.plurals import category

# Entries that are rightly the same in another language (symbols, names, numbers).
SAME_OK = re.compile(r"^[\W\d_]*$|misère|Nim|Wythoff|Grundy", re.UNICODE)
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
LATIN_WORD = re.compile(r"\b[a-z]{4,}\b")


def test_russian_and_spanish_plural_categories() -> None:
    ru = {n: category("ru", n) for n in (0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111)}
    assert ru == {
        0: "many", 1: "one", 2: "few", 4: "few", 5: "many", 11: "many", 12: "many",
        14: "many", 21: "one", 22: "few", 25: "many", 101: "one", 111: "many",
    }  # fmt: skip
    assert [category("es", n) for n in (0, 1, 2, 10**6)] == ["other", "one", "other", "many"]
    assert [category("en", n) for n in (0, 1, 2)] == ["other", "one", "other"]


def test_plural_messages_read_naturally() -> None:
    assert [Catalog("ru")("common.moves", count=n) for n in (1, 2, 5)] == [
        "1 ход",
        "2 хода",
        "5 ходов",
    ]
    assert [Catalog("es")("common.moves", count=n) for n in (1, 2)] == ["1 jugada", "2 jugadas"]


def test_error_keys_render_in_each_language_and_prose_passes_through() -> None:
    exc = GameError("common.moves", count=2)
    assert said(exc) == "2 moves"
    assert error_text(exc, Catalog("ru")) == "2 хода"
    assert str(exc) == "common.moves count=2"  # for a log: the key and its values
    assert error_text(PositionError("a plain sentence")) == "a plain sentence"


@pytest.mark.parametrize("lang", [lang for lang in languages() if lang != "en"])
def test_every_catalog_is_complete_and_translated(lang: str) -> None:
    english = load_catalog("en")
    other = load_catalog(lang)
    missing = sorted(set(english) - set(other))
    assert not missing, f"{lang} lacks {len(missing)} keys: {missing[:20]}"
    extra = sorted(set(other) - set(english))
    assert not extra, f"{lang} has keys English lacks: {extra[:20]}"
    untranslated = []
    for key, en_value in english.items():
        en_texts = en_value.values() if isinstance(en_value, dict) else [en_value]
        value = other[key]
        texts = value.values() if isinstance(value, dict) else [value]
        en_names = {n for t in en_texts for n in PLACEHOLDER.findall(str(t))}
        for t in texts:
            assert set(PLACEHOLDER.findall(str(t))) <= en_names, (lang, key, t)
        for t, en in zip(texts, en_texts, strict=False):
            said, en_said = PLACEHOLDER.sub("", str(t)), PLACEHOLDER.sub("", str(en))  # words
            if t == en and not SAME_OK.search(said) and LATIN_WORD.search(said):
                untranslated.append(key)
            no_cyrillic = LATIN_WORD.search(en_said) and not CYRILLIC.search(said)
            if lang == "ru" and no_cyrillic and not SAME_OK.search(said):
                untranslated.append(key)
    assert not untranslated, f"{lang}: left in English: {sorted(set(untranslated))[:20]}"


def test_languages_are_english_russian_spanish() -> None:
    assert set(languages()) >= {"en", "ru", "es"}
    assert languages()[0] == "en"
