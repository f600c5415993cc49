"""argparse's own words in the language of the run: "usage:", "positional arguments",
"options", "show this help message and exit", its complaints ("the following arguments are
required: %s", "invalid choice: …").

argparse looks each of them up through ``gettext`` (``argparse._`` and ``argparse.ngettext``,
called as it formats help or an error), so :func:`install` points those two at the catalog:
an argparse sentence is found in :data:`WORDS` and said as ``cli.argparse.<key>`` in the
current language; one not listed (a programming error only a developer sees) stays as
argparse wrote it. The ``%s`` / ``%(name)s`` holes stay in the translations: argparse fills
them after the lookup.
"""

from __future__ import annotations

import argparse

from squaregame.text import tr

# argparse's sentence (its gettext message id) → its key in cli.toml's [argparse] table
WORDS = {
    "usage: ": "usage",
    "positional arguments": "positional",
    "options": "options",
    "show this help message and exit": "help",
    "argument %(argument_name)s: %(message)s": "argument",
    "unrecognized arguments: %s": "unrecognized",
    "not allowed with argument %s": "not_allowed_with",
    "ignored explicit argument %r": "ignored_explicit",
    "the following arguments are required: %s": "required",
    "one of the arguments %s is required": "one_required",
    "expected one argument": "expected_one",
    "expected at most one argument": "expected_at_most_one",
    "expected at least one argument": "expected_at_least_one",
    "ambiguous option: %(option)s could match %(matches)s": "ambiguous",
    "unexpected option string: %s": "unexpected_option",
    "invalid %(type)s value: %(value)r": "invalid_value",
    "invalid choice: %(value)r (choose from %(choices)s)": "invalid_choice",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "unknown_parser",
    "can't open '%(filename)s': %(error)s": "cannot_open",
}
PLURAL_WORDS = {"expected %s argument": "expected_n"}


def gettext(message: str) -> str:
    key = WORDS.get(message)
    return tr(f"cli.argparse.{key}") if key else message


def ngettext(singular: str, plural: str, n: int) -> str:
    key = PLURAL_WORDS.get(singular)
    if key is None:
        return singular if n == 1 else plural
    return tr(f"cli.argparse.{key}", count=n)  # (its "%s": the count, filled by argparse)


def install() -> None:
    """argparse speaks the current language from now on (its words, as it formats them)."""
    argparse._ = gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
