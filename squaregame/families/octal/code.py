"""The rules of the take-and-break family as immutable values: octal codes and Grundy's game.

**Octal codes** (Guy and Smith, 1956; *Winning Ways*, ch. 4). A code d0.d1d2…dk is read one
digit a place: digit d_j says what a player may do on taking j tokens from one heap, as the
sum of

* 1 — take j tokens and leave no heap (the heap had exactly j);
* 2 — take j tokens and leave one non-empty heap;
* 4 — take j tokens and leave two non-empty heaps (split what is left; equal parts allowed).

A move is made on one heap of a position (a sum of heaps). Kayles is 0.77, Dawson's Kayles
0.07, Dawson's chess 0.137.

The digit before the point, d0, takes no token: only its 4 means anything (split a heap into
two non-empty heaps without taking); leaving the heap whole, or leaving nothing of no tokens,
is not a move. We follow Flammenkamp's tables and tczajka/octal-games here: d0 must be 0 or 4
(so "4.07" is a code, "2.07" is refused, rather than silently meaning 0.07); CGSuite's
examples use only these too. The digit before the point is optional (".6" is "0.6"); at most
:data:`MAX_DIGITS` digits follow the point; trailing zeros are dropped ("0.070" is "0.07").

**Grundy's game** is not octal: a move splits one heap into two *unequal* non-empty heaps.

Both kinds answer :class:`HeapRule`: the options of one heap, the place of the code's last
non-zero digit (for the periodicity theorem, :mod:`squaregame.families.octal.period`), a key
(for JSON) and a text (to show), and the three masks the kernels read. Bad input raises
:class:`~squaregame.core.errors.RuleError` with an ``octal.errors.*`` key
(``assets/i18n/<lang>/octal.toml``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Protocol, runtime_checkable

from squaregame.core.errors import RuleError
from squaregame.core.rules import RULES as REGISTRY
from squaregame.core.rules import Rule
from squaregame.core.rules import parse_rule as parse_registry_rule

AREA = "octal"  # the family's words: assets/i18n/<lang>/octal.toml
MAX_DIGITS = 8  # after the point
SHOWN_CHARS = 20  # of bad input, in a message
Position = tuple[int, ...]  # the heaps left by a move: sorted, 0, 1 or 2 positive sizes
Rows = tuple[int, ...]  # a position of the game: its rows in order, every one non-empty


@runtime_checkable
class HeapRule(Protocol):
    """What the values, the periods and the app ask of a take-and-break rule."""

    @property
    def key(self) -> str:
        """Stable text for JSON and caches ("0.77", "grundys-game")."""
        ...

    @property
    def text(self) -> str:
        """How the rule is shown ("0.77", "Grundy's game")."""
        ...

    @property
    def last_place(self) -> int | None:
        """k, the place of the last non-zero digit; None where the code is not octal."""
        ...

    @property
    def whole_mask(self) -> int:
        """Bit j: a heap of exactly j tokens may be taken whole."""
        ...

    @property
    def take_mask(self) -> int:
        """Bit j: j tokens may be taken leaving one non-empty heap."""
        ...

    @property
    def split_mask(self) -> int:
        """Bit j: j tokens may be taken leaving two non-empty heaps."""
        ...

    @property
    def unequal(self) -> bool:
        """The two heaps of a split must differ (Grundy's game)."""
        ...

    def options(self, n: int) -> tuple[Position, ...]:
        """Every position one move makes from a heap of ``n``, each once."""
        ...


def _shown_digits(digits: tuple[int, ...]) -> str:
    if not digits:
        return ""
    return f"{digits[0]}.{''.join(map(str, digits[1:]))}" if len(digits) > 1 else str(digits[0])


def _shown(text: str) -> str:
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + "…"


def _split_options(rest: int, unequal: bool) -> list[Position]:
    top = (rest - 1) // 2 if unequal else rest // 2
    return [(a, rest - a) for a in range(1, top + 1)]


@dataclass(frozen=True)
class OctalCode:
    """An octal code, its digits d0, d1, …, dk (dk ≠ 0; d0 is 0 or 4)."""

    digits: tuple[int, ...]
    name: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        shown = _shown_digits(self.digits)
        if not self.digits or not any(self.digits):
            raise RuleError("octal.errors.all_zero", code=shown)
        for d in self.digits:
            if not 0 <= d <= 7:
                raise RuleError("octal.errors.not_octal_digit", code=shown, digit=d)
        if self.digits[0] not in (0, 4):
            raise RuleError("octal.errors.whole_digit", code=shown, digit=self.digits[0])
        if self.digits[-1] == 0:
            raise ValueError("digits end in 0: use OctalCode.of")
        if len(self.digits) > MAX_DIGITS + 1:
            raise RuleError("octal.errors.too_many_digits", code=shown, limit=MAX_DIGITS)

    @classmethod
    def of(cls, digits: tuple[int, ...], name: str | None = None) -> OctalCode:
        """The code of these digits, trailing zeros dropped."""
        d = list(digits)
        while len(d) > 1 and d[-1] == 0:
            d.pop()
        return cls(tuple(d), name)

    @cached_property
    def key(self) -> str:
        return _shown_digits(self.digits)

    @property
    def text(self) -> str:
        return self.key

    @property
    def last_place(self) -> int:
        return len(self.digits) - 1

    def _mask(self, bit: int) -> int:
        return sum(1 << j for j, d in enumerate(self.digits) if d & bit)

    @cached_property
    def whole_mask(self) -> int:
        return self._mask(1)

    @cached_property
    def take_mask(self) -> int:
        return self._mask(2)

    @cached_property
    def split_mask(self) -> int:
        return self._mask(4)

    @property
    def unequal(self) -> bool:
        return False

    def options(self, n: int) -> tuple[Position, ...]:
        found: list[Position] = []
        for j, d in enumerate(self.digits):
            if j > n:
                break
            if d & 1 and n == j:
                found.append(())
            if d & 2 and j >= 1 and n - j >= 1:
                found.append((n - j,))
            if d & 4:
                found.extend(_split_options(n - j, False))
        return tuple(found)


@dataclass(frozen=True)
class GrundysGame:
    """Grundy's game: split one heap into two unequal non-empty heaps."""

    key: str = "grundys-game"
    text: str = "Grundy's game"
    last_place: None = None
    whole_mask: int = 0
    take_mask: int = 0
    split_mask: int = 1
    unequal: bool = True

    def options(self, n: int) -> tuple[Position, ...]:
        return tuple(_split_options(n, True))


KAYLES = OctalCode((0, 7, 7), "kayles")
DAWSONS_KAYLES = OctalCode((0, 0, 7), "dawsons-kayles")
DAWSONS_CHESS = OctalCode((0, 1, 3, 7), "dawsons-chess")
GRUNDYS_GAME = GrundysGame()
NAMED: dict[str, HeapRule] = {
    "kayles": KAYLES,
    "dawsons-kayles": DAWSONS_KAYLES,
    "dawsons-chess": DAWSONS_CHESS,
    "grundys-game": GRUNDYS_GAME,
    "grundy": GRUNDYS_GAME,  # an alias, not listed
}
NAMES = ("kayles", "dawsons-kayles", "dawsons-chess", "grundys-game")


def parse_code(text: str) -> OctalCode:
    """An octal code from text: "0.77", ".77", "4.07", "0.137", "4" (no point: d0 alone).

    Refused with a :class:`RuleError` naming the bad part: empty text, a character other
    than digits and one point, a digit 8 or 9, more than one digit before the point, a d0
    other than 0 or 4, more than :data:`MAX_DIGITS` digits after the point, all zeros.
    """
    t = text.strip()
    shown = _shown(t)
    if not t:
        raise RuleError("octal.errors.empty")
    whole, _, frac = t.partition(".")
    for ch in t:
        if ch in "89":
            raise RuleError("octal.errors.not_octal_digit", code=shown, digit=int(ch))
        if not (ch in "01234567" or ch == "."):
            raise RuleError("octal.errors.bad_character", code=shown, char=_shown(ch))
    if "." in frac or not (whole or frac):
        raise RuleError("octal.errors.bad_character", code=shown, char=".")
    if len(whole) > 1:
        raise RuleError("octal.errors.before_point", code=shown)
    if len(frac) > MAX_DIGITS:
        raise RuleError("octal.errors.too_many_digits", code=shown, limit=MAX_DIGITS)
    digits = (int(whole or "0"), *map(int, frac))
    if not any(digits):
        raise RuleError("octal.errors.all_zero", code=shown)
    if digits[0] not in (0, 4):
        raise RuleError("octal.errors.whole_digit", code=shown, digit=digits[0])
    return OctalCode.of(digits)


@dataclass(frozen=True)
class PileRule:
    """A one-pile rule of the rule registry (Squares, Nim, a set such as {1, 3, 7, 8}) as a
    rule of this family: a move takes an amount the rule allows and leaves one heap, or none.
    A row under it never splits: beside take-and-break rows it is the pile of a sum (a
    Kayles row beside a Squares pile). Its values are the registry's own (its tables)."""

    rule: Rule
    last_place: None = None
    whole_mask: int = 0
    take_mask: int = 0
    split_mask: int = 0
    unequal: bool = False

    @property
    def key(self) -> str:
        return self.rule.key

    @property
    def text(self) -> str:
        return self.rule.key if not self.rule.is_finite else self.rule.notation

    def options(self, n: int) -> tuple[Position, ...]:
        return tuple((n - a,) if n > a else () for a in self.rule.amounts(n))


def label(rule: HeapRule) -> str:
    """A rule in a few letters: its name where it has one (``kayles``), else its text."""
    name = getattr(rule, "name", None)
    return name if isinstance(name, str) else rule.text


def parse_rule(text: str) -> HeapRule:
    """A named rule (``kayles``, ``dawsons-kayles``, ``dawsons-chess``, ``grundys-game``;
    case, spaces, underscores and apostrophes do not matter), a rule of the rule registry
    (``squares``, ``nim``, a set ``1,3,7,8``: :class:`PileRule`), or an octal code."""
    t = text.strip().lower().replace("'", "").replace("’", "")
    name = "-".join(t.replace("_", " ").replace("-", " ").split())
    if name in NAMED:
        return NAMED[name]
    if t and (t[0].isalpha() or "," in t or "{" in t):
        try:
            return PileRule(parse_registry_rule(text))
        except RuleError:
            if not t[0].isalpha():
                raise
        names = ", ".join((*NAMES, *(r.key for r in REGISTRY)))
        raise RuleError("octal.errors.unknown", name=_shown(text.strip()), names=names)
    code = parse_code(text)
    return next((r for r in NAMED.values() if r == code), code)  # 0.77 is Kayles, by name


def per_code(values: tuple[int, ...]) -> tuple[int, ...]:
    """One number for each code (0: no row of it), as a position writes rows under several
    codes: each code's rows, a 0 between two codes (``7 0 10``; ``0 5`` for none and 5)."""
    out: list[int] = []
    for j, v in enumerate(values):
        out += ([0] if j else []) + ([v] if v else [])
    return tuple(out)


def parted_rows(positions: Sequence[Rows], to: Rows) -> list[Rows]:
    """Rows side by side (``positions``, joined: all their rows) after one move to ``to``:
    the move put what it left of the first row where ``to`` differs in that row's place, so
    the position holding it gains or loses what the rows did; the others are as they were."""
    rows = tuple(n for p in positions for n in p)
    i = next((k for k, (a, b) in enumerate(zip(rows, to, strict=False)) if a != b), len(to))
    out: list[Rows] = []
    at = start = 0  # where each position's rows begin in ``to`` and in ``rows``
    for p in positions:
        size = len(p) + (len(to) - len(rows) if start <= i < start + len(p) else 0)
        out.append(to[at : at + size])
        at, start = at + size, start + len(p)
    return out
