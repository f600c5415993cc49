"""What a family of games is to the rest of the program: :class:`Family`, and the registry of
families, :class:`Games`.

A family is one package of ``squaregame/families/`` that owns one kind of game from end to end:
its kinds (keys, aliases, parameters), its game and moves, its tables, its screen and panels,
its record notation, which lessons and exercises apply, and its words (its own catalog
area, ``assets/i18n/<lang>/<key>.toml``). The rest of the program knows it only through
this interface: lower layers are handed the registry (or the part they need of it) and ask
games for capabilities, never which family or class they are.

Adding a family: its package (declaring ``FAMILY``), its catalog files, and one line in
:mod:`squaregame.families` (the list of families).

Its catalog area (``<key>.toml`` in every language) says, at least (:data:`REQUIRED_WORDS`;
a test reads them in every language): ``menu`` (its menu entry), ``dialog_title``, ``help``
(its section of the help, a Markdown ``## `` section), ``command.title``/``command.help``
(the command palette), ``position`` (a position in words: the values ``position_words``
gives), ``screen.choose`` and ``screen.hints_on`` (its screen's status lines); and for
each kind ``<kind>.title``, unless the kind is named by its rule (``rules.toml``), and the
words of its moves' shapes (``move.<shape>``) and its errors (``errors.*``) as it raises
them. A kind's own parameters (a :class:`~squaregame.core.params.Param` of its area) say
``params.<key>.label``, ``.help``, ``.type`` and ``.what``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import GameError

REQUIRED_WORDS = (
    "menu",
    "dialog_title",
    "help",
    "command.title",
    "command.help",
    "preview.rule",
    "preview.example",
    "position",
    "screen.choose",
    "screen.hints_on",
)

if TYPE_CHECKING:
    from squaregame.core.game import GameKind
    from squaregame.core.kinds import Kinds
    from squaregame.core.spec import GameSpec
    from squaregame.core.tables import Tables
    from squaregame.lessons.steps import StepSpec
    from squaregame.lessons.worksheets import Sample, WorksheetKind
    from squaregame.ui.lesson.panel import LessonPanel
    from squaregame.ui.screens.game_base import GameScreen
    from squaregame.ui.widgets.part_view import PartView


@dataclass(frozen=True)
class TableBuild:
    """Values a family builds ahead into the cache: ``squaregame build-tables <key> --code
    RULE --upto N``. ``build(rule, upto, tables, progress)`` checks its budget before the work
    (refusing with a :class:`~squaregame.core.errors.GameError`), builds, writes atomically,
    and returns the catalog key of its summary line and that line's values."""

    key: str
    most: int  # the largest --upto
    build: Callable[[str, int, Tables, Callable[[float], None]], tuple[str, dict[str, Any]]]


class Family:
    """One family: ``key`` (its catalog area, its help section, its menu entry) and its
    kinds, in the order a dialog offers them (the first is the one a new game starts as);
    ``words``: where its catalogs are, for a family written outside the package
    (``<words>/<lang>/<key>.toml``; None: the program's own, ``assets/i18n``).

    A family's package is imported with the registry, at every start: it names its key at
    once and imports the rest (its kinds, its game, its screen) when first asked for, so the
    menu's first frame pays for none of them."""

    key: str
    words: Path | None = None

    @property
    def kinds(self) -> tuple[GameKind, ...]:
        raise NotImplementedError(self.key)

    def screen(self) -> type[GameScreen[Any]]:
        """The screen its games are played on (imported when first asked for: a command that
        only answers positions never loads the interface). By default, the screen every game
        can be played on: the position, its moves and their values."""
        # (the interface: only when a game is opened)
        from squaregame.ui.screens.moves import MovesScreen

        return MovesScreen

    def part_view(self) -> type[PartView]:
        """Its picture of one position at the panel scale (a part of a sum, a lesson; larger
        on the projector), imported when first asked for. By default its words in bold: a
        family with no picture of its own draws none."""
        # (the interface: only when a game is shown)
        from squaregame.ui.widgets.part_view import WordsView

        return WordsView

    def presets(self) -> tuple[tuple[str, GameSpec], ...]:
        """Games the new-game dialog offers ready made: (catalog key of the name, the game)."""
        return ()

    def lesson_steps(self) -> tuple[type[StepSpec], ...]:
        """Lesson steps of its own (its kinds declare which steps apply to them)."""
        return ()

    # -- lesson panels (the lesson screen's: squaregame.ui.lesson.panel) ------------------
    def lesson_panels(self) -> dict[str, type[LessonPanel]]:
        """Lesson panels of its own, by what a step shows (``StepSpec.shows``): for its own
        step kinds, and in place of the generic panel for the steps about its games (say, a
        sieve laid out its way). Imported when a lesson is opened; by default none."""
        return {}

    def worksheets(self) -> tuple[WorksheetKind, ...]:
        """Worksheets of its own."""
        return ()

    def sample(self) -> Sample | None:
        """A game of the family for the worksheets that mix families (None: it has none)."""
        return None

    def table_builds(self) -> tuple[TableBuild, ...]:
        """Values it builds ahead into the cache (``squaregame build-tables``); by default none."""
        return ()

    def required_words(self) -> tuple[str, ...]:
        """Every catalog key its contract makes it say, in every language (a test reads
        them): its area's :data:`REQUIRED_WORDS`, each kind's title, and each word of its
        kinds' own parameters."""
        words = [f"{self.key}.{w}" for w in REQUIRED_WORDS]
        for kind in self.kinds:
            words.append(kind.title_key)
            for p in kind.params:
                if p.area == kind.area:
                    words += [p.label_key, p.help_key, p.type_key, p.what_key]
        return tuple(dict.fromkeys(words))

    def __repr__(self) -> str:
        return f"<family {self.key}>"


class Games:
    """The families a program offers, in order, and every kind of game among them."""

    def __init__(self, families: Iterable[Family]) -> None:
        self.families: tuple[Family, ...] = ()
        for family in families:
            self.add(family)

    def add(self, family: Family) -> None:
        """Offer ``family`` too, after the others (its words read from its own folder, if it
        has one); what was worked out from the list before is worked out again."""
        if family.key in self.keys():
            raise RuntimeError(f"a family called {family.key!r} is offered already")
        self.families = (*self.families, family)
        if family.words is not None:
            from squaregame.text.catalog import add_words  # (a family from outside only)

            add_words(family.key, family.words)
        for name in ("kinds", "_by_kind"):
            self.__dict__.pop(name, None)

    @cached_property
    def kinds(self) -> Kinds:
        """Every kind of every family, in order (made when first asked for: not at start)."""
        from squaregame.core.kinds import Kinds  # (the menu's first frame needs no kind)

        return Kinds(kind for f in self.families for kind in f.kinds)

    @cached_property
    def _by_kind(self) -> dict[int, Family]:
        return {id(kind): f for f in self.families for kind in f.kinds}

    def family(self, name: str) -> Family:
        """The family called ``name``."""
        for f in self.families:
            if f.key == name:
                return f
        raise GameError("errors.unknown_game", name=name[:24], choices=", ".join(self.keys()))

    def keys(self) -> tuple[str, ...]:
        return tuple(f.key for f in self.families)

    def family_of(self, kind: GameKind) -> Family:
        """The family that declares ``kind``."""
        return self._by_kind[id(kind)]

    def part_kind(self, part: Any) -> GameKind:
        """The kind whose game one part of a sum is (a pile's rule, or a game of any kind)."""
        return self.kinds.kind_of_part(part)

    def part_view(self, part: Any) -> type[PartView]:
        """Who draws one part of a sum: the view of the family whose kind plays it."""
        return self.family_of(self.part_kind(part)).part_view()

    # -- what the lessons and worksheets are given (squaregame.lessons) ------------------
    def lesson_steps(self) -> tuple[type[StepSpec], ...]:
        return tuple(step for f in self.families for step in f.lesson_steps())

    # -- lesson panels (what the app hands the lesson screen) ------------------------------
    def lesson_panels(self) -> dict[str, dict[str, type[LessonPanel]]]:
        """Each kind's lesson panels (its family's, :meth:`Family.lesson_panels`), by the
        kind's key; kinds whose family brings none are left out."""
        return {
            kind.key: panels
            for f in self.families
            if (panels := f.lesson_panels())
            for kind in f.kinds
        }

    def worksheets(self) -> tuple[WorksheetKind, ...]:
        return tuple(w for f in self.families for w in f.worksheets())

    def samples(self) -> tuple[Sample, ...]:
        return tuple(s for f in self.families if (s := f.sample()) is not None)

    def table_builds(self) -> tuple[TableBuild, ...]:
        return tuple(b for f in self.families for b in f.table_builds())
