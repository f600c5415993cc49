"""The new-game dialog, made from a family's kinds.

A menu entry opens it for one family (the one-pile games, Wythoff's queen, sums …); a family
of several kinds begins with the choice of one — for one pile, the rule: each named rule of
the rule registry, or a set typed in. The game's fields are the chosen kind's parameters,
each made from its :meth:`~squaregame.core.params.Param.form_field` (the same declaration
gives the command line its option): the start, the rule or rules, normal or misère. The
application's own fields follow: a random start, who starts, strength, players, hints; and
the family's ready-made games, where it has them (sums).

The dialog only checks what is quick to check (:mod:`squaregame.play.setup`) and returns at
once: a start that needs an exact search or a table built first is prepared by the
application in a worker, with a progress indicator (:mod:`.busy`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Select, Static

from squaregame import paths
from squaregame.core.errors import MAX_PILES, GameError
from squaregame.core.game import GameKind
from squaregame.core.params import Param, ParamType
from squaregame.core.spec import GameSpec
from squaregame.core.tables import Tables
from squaregame.play.settings import Settings
from squaregame.play.setup import (
    FieldError,
    GameSetup,
    check_start,
    position_text,
    random_start,
    rule_names,
    rules_text,
    spec_from_fields,
    start_advice,
    start_example,
)
from squaregame.play.sides import names_wanted, parse_names
from squaregame.play.wording import level_blurb
from squaregame.text import Catalog, error_text, language, tr
from squaregame.text.games import kind_title, param_label
from squaregame.text.rules import rule_name
from squaregame.ui.families import ScreenFamily
from squaregame.ui.localize import localize_bindings
from squaregame.ui.screens.dialog import Dialog
from squaregame.ui.screens.new_game_rows import choice, later_rows, placeholder
from squaregame.ui.widgets.footer import Footer
from squaregame.ui.widgets.form import RowLabel, form_row

if TYPE_CHECKING:
    from squaregame.core.kinds import Kinds
FIELD_IDS = {"position": "start", "rule": "rules", "misere": "variant"}  # else the param's name
DENSE_ROWS = 7  # more rows than this: no space between them (the dialog fits 80×24)


def field_id(param: Param) -> str:
    return FIELD_IDS.get(param.name, param.name)


def kind_choice(kind: GameKind) -> str:
    """A kind as the dialog offers it: its family's words for it (``<area>.<kind>.choice``),
    else a named rule with its amounts (``Cubes {1, 8, 27, 64, …}``), else a kind whose rule
    is typed in, with what to type, else its title."""
    own = f"{kind.area}.{kind.key}.choice"
    if Catalog(language()).has(own):
        return tr(own)
    if kind.rule is not None:
        return f"{rule_name(kind.rule)} {kind.rule.notation}"
    if kind.param("rule") is not None:
        return tr("ui_dialog.new.own_rule", title=kind_title(kind))
    return kind_title(kind)


def _say(key: str, fallback: str, **values: Any) -> str:
    return tr(key, **values) if Catalog(language()).has(key) else fallback


def field_label(param: Param) -> str:
    if param.type is ParamType.RULES and param.count[1] > 1:
        return tr("ui_dialog.new.rules")  # one for all piles, or one per pile
    return _say(f"ui_dialog.flags.{param.name}.label", param_label(param))


def flag_options(param: Param) -> list[tuple[str, bool]]:
    base = f"ui_dialog.flags.{param.name}"
    return [
        (_say(f"{base}.off", tr("ui_dialog.off")), False),
        (_say(f"{base}.on", tr("ui_dialog.on")), True),
    ]


class NewGameDialog(Dialog[GameSetup | None]):
    CSS_PATH = str(paths.asset("styles", "dialog.tcss"))
    # The start field first, also when the dialog comes back while another screen is still
    # going (a stopped search): focusing it in on_mount alone lost the race to the Preset.
    AUTO_FOCUS = "#start"
    BINDINGS = [
        Binding("escape", "cancel", "ui_dialog.keys.cancel"),
        Binding("ctrl+r", "random", "ui_dialog.keys.random"),
        # Not priority: a priority binding runs before the focused field has taken the keys
        # typed just before it (a paste, a fast typist), so it would read what was there.
        Binding("ctrl+t", "advice", "ui_dialog.keys.advice"),
        Binding("ctrl+s", "start", "ui_dialog.keys.start"),
    ]

    def __init__(
        self,
        settings: Settings,
        family: ScreenFamily,
        kind: GameKind,
        spec: GameSpec | None = None,
        tables: Tables | None = None,
        *,
        again: GameSetup | None = None,
        error: str = "",
        current: GameSetup | None = None,
        kinds: Kinds | None = None,
    ) -> None:
        """``kind``: the kind chosen first (its family is offered); ``spec``: a game to start
        from (its rules and misère fill the fields); ``again``: the dialog as it was answered
        before, back with ``error`` (a start found beyond reach while it was prepared);
        ``current``: the game this one replaces (``n`` in a game): its first player,
        opponent, hints and sides are kept; ``kinds``: the registry's (any kind in a sum)."""
        super().__init__()
        self.kinds = kinds
        localize_bindings(self)
        self.settings = settings
        self.kind = kind
        self.family = family
        self.presets = family.presets()
        self.spec = again.spec if again is not None else spec
        self.again = again
        self.current = current
        self.error = error
        self.tables = tables if tables is not None else Tables()
        self.params = self._family_params()
        self.labels: dict[str, RowLabel] = {}
        self.shown_example = ""  # the example start the field was given (while untouched)

    def example(self) -> str:  # the chosen kind's example start (75 for Squares)
        return start_example(self.kind, self.spec)

    def _family_params(self) -> dict[str, Param]:
        """Every parameter a kind of the family has, by name (the chosen kind's first)."""
        found: dict[str, Param] = {}
        for kind in (self.kind, *self.family.kinds):
            for param in kind.params:
                found.setdefault(param.name, param)
        return found

    # -- the fields ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """The title, every row, the error and the buttons, in one batch (issue 46): each row
        shown or hidden and the rows' spacing chosen before they are mounted — a class set on
        the dialog once mounted restyles all its ~80 widgets, and rows mounted after the first
        paint left the dialog half usable for a few frames."""
        rows = [*self._game_rows(), *self._later_rows()]
        kept = self.again if self.again is not None else self.current
        players = kept.players if kept is not None else "solo"
        for row in rows:
            row.display = self._shows(row.id, players)
        dense = sum(1 for row in rows if row.display) > DENSE_ROWS
        with Vertical(id="dialog", classes="dense" if dense else ""):
            title = tr(f"{self.family.key}.dialog_title")
            yield Static(f"[b]{title}[/b]", id="dialog-title")
            yield from rows
            yield Static("", id="dialog-error")
            yield Static("", id="dialog-advice")
            with Horizontal(classes="buttons"):
                yield Button(
                    tr("ui_dialog.new.start_button"), variant="primary", id="go", compact=True
                )
                yield Button(tr("ui_dialog.new.cancel_button"), id="cancel", compact=True)
        yield Footer(compact=True)

    def _game_rows(self) -> list[Horizontal]:
        """The game's rows: a ready-made game, the kind, each parameter of the family's kinds
        but its flags (one row each: the chosen kind's shown, the others hidden)."""
        rows: list[Horizontal] = []
        presets = [(tr(name), i) for i, (name, _) in enumerate(self.presets)]
        if presets:
            prompt = tr("ui_dialog.new.preset_prompt")
            select = Select(presets, prompt=prompt, id="preset", compact=True)
            rows.append(form_row(tr("ui_dialog.new.preset"), select))
        if len(self.family.kinds) > 1:
            kinds = [(kind_choice(k), k.key) for k in self.family.kinds]
            rows.append(form_row(tr("ui_dialog.new.game"), choice("kind", self.kind.key, kinds)))
        for param in self.params.values():
            if param.type is not ParamType.FLAG:
                rows.append(self._row(param))
            if param.type is ParamType.RULES and param.count[1] > 1:
                note = Static(f"[dim]{rule_names()}[/dim]")  # the rules one may type
                rows.append(form_row("", note, id="row-rule-names"))
        return rows

    def _later_rows(self) -> list[Horizontal]:
        """The application's own rows, after the game's, as the game kept had them."""
        flags = [self._row(p) for p in self.params.values() if p.type is ParamType.FLAG]
        kept = self.again if self.again is not None else self.current
        return later_rows(self.settings, flags, kept)

    def _shows(self, row_id: str | None, players: str) -> bool:
        """Whether the row ``row_id`` is shown: a parameter's if the chosen kind has it, the
        rules one may type if it has rules, the sides' names if ``players`` want them."""
        if row_id == "row-rule-names":
            return self.kind.param("rule") is not None
        if row_id == "row-names":
            return names_wanted(players) > 0
        for name, param in self.params.items():
            if row_id == f"row-{field_id(param)}":
                return self.kind.param(name) is not None
        return True

    def _row(self, param: Param) -> Horizontal:
        """A parameter's field, from its form field: a choice for a flag, else a text."""
        wid, spec = field_id(param), self.spec
        given = spec is not None and spec.kind.param(param.name) is not None
        widget: Input | Select[Any]
        if param.type is ParamType.FLAG:  # as in the game it starts from, else the settings
            value = getattr(spec if given else self.settings, param.name, None)
            value = bool(param.form_field().default if value is None else value)
            widget = choice(wid, value, flag_options(param))
        else:
            text = rules_text(spec) if given and spec and param.type is ParamType.RULES else ""
            long = param.type is ParamType.RULES or self.kind.traits.parts  # wythoff:3,5 …
            widget = Input(
                text,
                placeholder=placeholder(param),
                id=wid,
                max_length=200 if long else 30,
                compact=True,
            )
        label = RowLabel(field_label(param))
        self.labels[param.name] = label
        return Horizontal(label, widget, classes="row", id=f"row-{wid}")

    def on_mount(self) -> None:
        again = self.again
        if again is not None:  # as it was answered, and what went wrong
            self.query_one("#start", Input).value = position_text(again.spec)
        if self.error:
            self.query_one("#dialog-error", Static).update(f"✗ {self.error}")
        start = self.query_one("#start", Input)
        if not start.value:  # a start that plays: Enter alone starts a game
            start.value = self.shown_example = self.example()
        start.focus()
        start.select_all()  # typing replaces it

    def show_kind(self) -> None:
        """Show the fields of the chosen kind (a set to type for Subtraction, none for Squares),
        each labelled and prompted by that kind's own parameter (another kind chosen)."""
        for name, param in self.params.items():
            own = self.kind.param(name)
            row = self.query_one(f"#row-{field_id(param)}", Horizontal)
            row.display = own is not None
            if own is None:
                continue
            self.labels[name].say(field_label(own))
            if own.type is not ParamType.FLAG:
                self.query_one(f"#{field_id(own)}", Input).placeholder = placeholder(own)
        for note in self.query("#row-rule-names").results(Horizontal):
            note.display = self.kind.param("rule") is not None
        start = self.query_one("#start", Input)
        if start.value and start.value == self.shown_example:  # the last kind's, untouched
            start.value = self.shown_example = self.example()
            start.select_all()
        self.show_names()
        rows = [r for r in self.query(".row").results(Horizontal) if r.display]
        dialog = self.query_one("#dialog", Vertical)
        dialog.set_class(len(rows) > DENSE_ROWS, "dense")  # (only if it changed: a restyle)

    def show_names(self) -> None:
        """The sides' names: a field for the class, two teams or a demo (not for one person)."""
        players = self.query_one("#players", Select).value
        want = names_wanted(players if isinstance(players, str) else "solo")
        self.query_one("#row-names", Horizontal).display = want > 0
        field = self.query_one("#names", Input)
        field.placeholder = tr(f"ui_teach.dialog.names_{'one' if want == 1 else 'two'}")

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "level" and isinstance(event.value, str):
            self.query_one("#level-blurb", Static).update(f"[dim]{level_blurb(event.value)}[/dim]")
        elif event.select.id == "players":
            self.show_kind()  # the names field, and the rows' spacing
        elif event.select.id == "kind" and isinstance(event.value, str):
            self.kind = next(k for k in self.family.kinds if k.key == event.value)
            self.show_kind()
        elif event.select.id == "preset" and isinstance(event.value, int):
            self.query_one("#dialog-error", Static).update("")  # a new start: the old error went
            preset = self.presets[event.value][1]
            if preset.kind is not self.kind:
                self.kind = preset.kind
                self.show_kind()
            self.query_one("#start", Input).value = position_text(preset)
            if self.kind.param("rule") is not None:
                self.query_one("#rules", Input).value = rules_text(preset)

    # -- actions -------------------------------------------------------------------------------
    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_random(self) -> None:
        hi = self.query_one("#range", Select).value
        top = hi if isinstance(hi, int) else 100
        start = self.query_one("#start", Input)
        piles = len(start.value.split())
        if not piles and self.kind.param("rule") is not None:  # as many piles as rules given
            piles = len([r for r in self.query_one("#rules", Input).value.split(";") if r.strip()])
        count = min(piles if piles > 1 else 3, MAX_PILES)
        start.value = random_start(self.kind, top, random.Random(), count)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "random":
            self.action_random()
        elif event.button.id == "advice":
            self.action_advice()
        elif event.button.id == "go":
            self.action_start()
        else:
            self.dismiss(None)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "names":  # another game now: the advice was for the last one
            self.query_one("#dialog-advice", Static).update("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_advice(self) -> None:
        """ "Who should start?": hot or cold, said in words below the form (on request only:
        the answer is the game's secret)."""
        try:
            said = start_advice(spec_from_fields(self.kind, self.fields(), self.kinds), self.tables)
        except GameError as exc:
            self.query_one("#dialog-error", Static).update(f"✗ {error_text(exc)}")
            self.focus_field(exc)
            return
        self.query_one("#dialog-error", Static).update("")
        self.query_one("#dialog-advice", Static).update(said)

    def focus_field(self, exc: GameError) -> None:
        """Keep the focus where the mistake is: the field the error is about, else the field
        being typed in, else the start."""
        param = self.kind.param(exc.field) if isinstance(exc, FieldError) else None
        if param is not None:
            self.query_one(f"#{field_id(param)}").focus()
        elif not isinstance(self.focused, Input):
            self.query_one("#start", Input).focus()

    def fields(self) -> dict[str, Any]:
        """The chosen kind's fields as typed (a flag: its value), by parameter name."""
        out: dict[str, Any] = {}
        for param in self.kind.params:
            wid = f"#{field_id(param)}"
            if param.type is ParamType.FLAG:
                out[param.name] = self.query_one(wid, Select).value is True
            else:
                out[param.name] = self.query_one(wid, Input).value
        return out

    def action_start(self) -> None:
        try:
            spec = spec_from_fields(self.kind, self.fields(), self.kinds)
            check_start(spec, self.tables)
        except GameError as exc:
            self.query_one("#dialog-error", Static).update(f"✗ {error_text(exc)}")
            self.focus_field(exc)
            return
        level = self.query_one("#level", Select).value
        players = self.query_one("#players", Select).value
        players = players if isinstance(players, str) else "solo"
        typed = self.query_one("#names", Input).value
        try:
            names = parse_names(typed, players) if typed.strip() and players != "solo" else ()
        except GameError as exc:
            self.query_one("#dialog-error", Static).update(f"✗ {error_text(exc)}")
            self.query_one("#names", Input).focus()
            return
        self.dismiss(
            GameSetup(
                spec=spec,
                human_first=self.query_one("#first", Select).value is not False,
                level=level if isinstance(level, str) else "perfect",
                hints=self.query_one("#hints", Select).value is True,
                two_humans=players == "teams",
                players=players,
                names=names,
                colors=kept.colors if (kept := self.again or self.current) else (),  # as given
            )
        )
