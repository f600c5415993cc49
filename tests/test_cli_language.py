"""The command line speaks the run's language: ``--lang``, else the saved one, else the
locale's. Every subcommand's help and one real call in ru and es show no English sentence;
argparse's own words are translated; an error stays one line on stderr, exit status 2."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_helpers import run
from text_check import ALLOWED, ENGLISH

from squaregame.families import GAMES
from squaregame.play.settings import env_language

# What is typed as it is: options (--upto), commands and their actions, games' keys and
# aliases, the choices options take (--players solo), placeholders in examples.
# Also paths and addresses (/teacher), ids (hot-cold), a lesson list's id column, and a
# command shown to be typed again (bench: "$ squaregame table squares …", to the line's end).
TYPED = re.compile(
    r"\b[\w-]+\.[a-z]{2,5}\b|(?<![\w-])--?[a-z][\w-]*|'[^']*'|«[^»]*»|\{[^}]*\}|\S*/\S*|\b[a-z0-9]+(?:-[a-z0-9]+)+\b"
    r"|^\s*\d+\s+\S+|(?<!\S)\$ .*$|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b",  # (…, an environment variable)
    re.MULTILINE,
)
COMMAND_WORDS = {
    "squaregame", "play", "lesson", "analyze", "why", "worksheet", "record", "table",
    "build", "tables", "serve", "class", "bench", "list", "export", "import", "show",
    "create", "delete", "report", "watch", "challenge", "close", "solo", "teams", "demo", "you",
    "text", "markdown", "perfect", "strong", "beginner", "random", "http", "https",
    "localhost", "utf", "win", "grundys", "dawsons", "kayles", "chess", "powers", "two",
    "cubes", "subtraction", "sum", "octal", "squares", "html", "svg", "pdf", "rem", "mod",
    "dark", "light", "high", "contrast", "textual", "sieve", "nimsum", "moves", "both",
    "sqlite", "misere",
}  # fmt: skip
GAME_WORDS = {w for kind in GAMES.kinds for n in kind.names for w in re.split(r"\W+", n)}


def english_in(text: str, lang: str) -> list[str]:
    text = TYPED.sub(" ", text)
    words = re.findall(r"[^\W\d_]+", text)
    known = ALLOWED | COMMAND_WORDS | {w.lower() for w in GAME_WORDS}
    if lang == "ru":
        return [w for w in words if re.fullmatch(r"[a-zA-Z]{3,}", w) and w.lower() not in known]
    return [w for w in words if w.lower() in ENGLISH and w.lower() not in known]


COMMANDS = [
    "play", "lesson", "analyze", "why", "worksheet", "record", "table", "build-tables",
    "serve", "class", "bench",
]  # fmt: skip
ACTIONS = [
    ("record", a) for a in ("list", "export", "import", "show")
] + [
    ("class", a)
    for a in ("create", "list", "delete", "report", "export", "watch", "challenge", "close")
]  # fmt: skip
CALLS = [
    ("analyze", "squares", "22"),
    ("analyze", "squares", "200000"),
    ("table", "squares", "--upto", "20"),
    ("table", "wythoff", "--upto", "4"),
    ("why", "squares", "22"),
    ("record", "list"),
    ("lesson", "--list"),
    ("class", "list"),
    ("analyze", "squares", "x"),
    ("analyze",),
    ("table", "squares", "--upto", "5", "--bogus"),
    ("record", "nothing"),
    ("record", "show", "no-such-file.txt"),
    ("record", "export", "no-such-key"),
    ("class", "create", "7B"),
    ("class", "report", "7B"),
    ("class", "export", "7B", "--format", "markdown"),
    ("class", "challenge", "7B", "squares", "22"),
    ("class", "delete", "nobody"),
    ("build-tables", "--upto", "x"),
    ("bench", "--only", "nothing"),
    ("worksheet", "--bogus"),
    ("play", "squares", "x"),
    ("serve", "--port", "x"),
]


@pytest.mark.parametrize("lang", ["ru", "es"])
@pytest.mark.parametrize("command", [(), *((c,) for c in COMMANDS), *ACTIONS], ids="-".join)
def test_help_speaks_the_language(
    capsys: pytest.CaptureFixture[str], lang: str, command: tuple[str, ...]
) -> None:
    code, out, _ = run(capsys, "--lang", lang, *command, "--help")
    assert code == 0 and out
    assert not english_in(out, lang), out


@pytest.mark.parametrize("lang", ["ru", "es"])
@pytest.mark.parametrize("call", CALLS, ids="-".join)
def test_a_call_speaks_the_language(
    capsys: pytest.CaptureFixture[str], lang: str, call: tuple[str, ...]
) -> None:
    _, out, err = run(capsys, "--lang", lang, *call)
    assert out or err
    assert not english_in(out + err, lang), out + err


def test_a_worksheet_speaks_the_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(
        capsys, "--lang", "ru", "worksheet", "table", "--students", "1", "--out", str(tmp_path)
    )
    assert code == 0 and any(tmp_path.iterdir())
    assert not english_in(out + err, "ru"), out + err


def test_a_bad_input_error_is_one_russian_line_with_status_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "--lang", "ru", "analyze", "squares", "x")
    assert code == 2 and not out
    assert err.count("\n") == 1 and re.search("[а-я]", err), err


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LC_ALL": "es_MX.utf8", "LANG": "ru_RU.UTF-8"}, "es"),
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "ru:de"}, "ru"),
        ({"LANG": "C", "LANGUAGE": "ru"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_locale_names_the_language(env: dict[str, str], lang: str) -> None:
    assert env_language(env) == lang


def test_the_locale_speaks_when_nothing_is_saved(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    _, out, _ = run(capsys, "analyze", "squares", "22")
    assert "posición" in out and not english_in(out, "es")


def test_a_saved_language_wins_over_the_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from squaregame.play.settings import Settings, save_settings

    save_settings(Settings(lang="ru"))
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    _, out, _ = run(capsys, "analyze", "squares", "22")
    assert "позиция" in out
    _, out, _ = run(capsys, "--lang", "en", "analyze", "squares", "22")
    assert "position" in out


@pytest.mark.parametrize("lang", ["ru", "es"])
def test_the_palette_lists_no_english(lang: str) -> None:
    from squaregame.ui.app import SquareGameApp

    app = SquareGameApp(GAMES, lang=lang)
    said = "\n".join(f"{c.title} — {c.help}" for c in app.get_system_commands(app.menu))
    assert said and not english_in(said, lang), said
