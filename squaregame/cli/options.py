"""The command line's numbers, every one read by a :class:`~squaregame.core.params.Param`.

A position is read by its kind's own position Param (``analyze squares 1 000``: the words
of a one-number position are one number); a command's own number options (``--upto``,
``--seed``, ``--port`` …) are small Params declared once, in the command's module (the
shared ``--seed`` here), giving the option its flag, its metavar and its range. Reading is
the dialog's (:meth:`Param.parse`), with a sign allowed so that ``-5`` is refused by the
range, not as a non-number; what is wrong is a :class:`UsageError` with the catalog key of
the Param's error, given as ``options`` with the option's name, so the text layer says it
the command line's way (``errors.not_whole_number_options``: "--upto must be a whole
number, not 'x'").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from squaregame.cli.common import UsageError, spec_from_args
from squaregame.core.errors import GameError
from squaregame.core.numbers import shown
from squaregame.core.params import Param, ParamType, Values
from squaregame.core.spec import GameSpec
from squaregame.families import GAMES

CLI_AREA = "cli"  # assets/i18n/<lang>/cli.toml


def number(
    name: str,
    flag: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    metavar: str = "N",
    error_key: str = "",
) -> Param:
    """A command's own option of one whole number (its range: ``minimum``..``maximum``)."""
    return Param(
        name,
        ParamType.NUMBERS,
        area=CLI_AREA,
        flag=flag,
        minimum=minimum,
        maximum=maximum,
        metavar=metavar,
        error_key=error_key,
    )


SEED = number("seed", "--seed", minimum=0, maximum=2**63 - 1, error_key="cli.errors.seed")


def add_option(p: Any, param: Param, help: str, default: str | None = None, **kw: Any) -> None:
    """``param`` as an option of the parser ``p``: its flag, dest and metavar (its text is
    read by :func:`read_option` when the command runs)."""
    assert param.flag is not None
    p.add_argument(
        param.flag, dest=param.name, metavar=param.metavar, default=default, help=help, **kw
    )


def usage(exc: GameError, option: str | None = None) -> UsageError:
    """``exc`` as a usage error; about ``option``: given as ``options``, naming it."""
    error = UsageError(exc.key, **exc.params, **({"option": option} if option else {}))
    if option:
        error.way = "options"
    return error


def read_option(param: Param, text: str) -> int:
    """The one whole number ``text`` gives the option ``param``, within its range."""
    try:
        return int(param.parse(text, signed=True)[0])
    except GameError as exc:
        if exc.key == param.type_key:  # nothing typed: no sentence of its own
            exc = GameError("errors.not_whole_number", text=shown(text))
        raise usage(exc, param.flag) from None


def read_optional(param: Param, text: str | None) -> int | None:
    """:func:`read_option`, or None for an option not given."""
    return None if text is None else read_option(param, text)


def read_position(game: str, words: Sequence[str], option: str | None = None) -> Values:
    """The position typed as ``words`` for ``game`` (after its name, or after ``option``),
    read by the kind's position Param from the words joined by spaces (so ``1 000`` is one
    number where the kind takes one); an empty word, or one of several lines, is refused.
    How many numbers, and their range, the kind checks when its spec is made
    (:meth:`Kinds.spec_from_options`), in its own words."""
    param = GAMES.kinds.find(game).position_param
    try:
        for word in words:  # each word one argument: never empty, never a pasted paragraph
            if not word.strip() or "\n" in word or "\r" in word:
                raise GameError("errors.not_whole_number", text=shown(word))
        return param.read_numbers(" ".join(words), signed=True)
    except GameError as exc:
        raise usage(exc, option) from None


def spec_at(args: Any, words: Sequence[str]) -> GameSpec:
    """The game the command line asks for at the position typed after its name: numbers
    (``sum 5 7 10 --rule squares``), or for a sum its parts each named, in any family
    (``sum squares:10 wythoff:3,5 nim:7``: the registry reads them, rules and numbers)."""
    if not any(":" in w for w in words):
        return spec_from_args(args, read_position(args.game, words))
    try:
        for word in words:  # as read_position: never empty, never a pasted paragraph
            if not word.strip() or "\n" in word or "\r" in word:
                raise GameError("errors.not_whole_number", text=shown(word))
        rules, values = GAMES.kinds.read_parts(args.game, words)
    except GameError as exc:
        raise usage(exc) from None
    param = GAMES.kinds.find(args.game).param("rule")
    if param is None:  # (a kind that takes parts takes rules)
        raise UsageError("errors.takes_no_parts", game=args.game)
    if getattr(args, param.dest, None):
        raise UsageError("errors.parts_and_rule", option=param.flag)
    return spec_from_args(_with(args, param.dest, list(rules)), values)


def _with(args: Any, dest: str, value: Any) -> Any:
    """A copy of the parsed ``args`` with ``dest`` set to ``value``."""
    copied = type(args)(**vars(args))
    setattr(copied, dest, value)
    return copied
