"""Side views for sums: the nim-sum worked out, and the Grundy table of each rule."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from squaregame.core.games import SumGame
from squaregame.core.periodic import Period
from squaregame.core.rules import Rule
from squaregame.core.types import Outcome
from squaregame.play.nimsum import explain
from squaregame.text import tr
from squaregame.text.rules import rule_label


class NimSumPanel(Static):
    def show(self, game: SumGame, pos: tuple[int, ...], hints: bool, winning: list[str]) -> None:
        t = Text()
        t.append(tr("ui_widgets.sums.title") + "\n", style="bold")
        if not hints:
            t.append(tr("ui_widgets.sums.hints_off"), style="dim")
        elif game.misere:
            t.append(tr("ui_widgets.sums.misere") + "\n\n", style="dim")
            heading = "ui_widgets.sums.winning" if winning else "ui_widgets.sums.all_lose"
            t.append(tr(heading) + "\n")
            for w in winning:
                t.append(f"• {w}\n")
        else:
            ex = explain(game, pos)
            if ex is None:
                t.append(tr("ui_widgets.sums.beyond"), style="dim")
            else:
                t.append("\n".join(ex.lines()))
        self.update(t)


def _sequence(rule: Rule, game: SumGame, upto: int, period: Period | None) -> Text:
    pile = game.normal_piles[game.rules.index(rule)]
    t = Text()
    for base in range(0, upto + 1, 10):
        t.append(f"{base:>4}:", style="dim")
        for n in range(base, min(base + 10, upto + 1)):
            g = pile.info(n).grundy
            starts_period = (
                period is not None and n >= period.start and (n - period.start) % period.length == 0
            )
            t.append("|" if starts_period else " ", style="bold yellow")
            t.append(f"{g if g is not None else '?':>2}", style="bold" if g == 0 else "")
        t.append("\n")
    return t


class GrundyTable(Static):
    """Each rule's Grundy sequence with its period marked; for two piles, their sum's table."""

    def show(self, game: SumGame, pos: tuple[int, ...]) -> None:
        t = Text()
        seen: list[str] = []
        for rule in game.rules:
            if rule.key in seen:
                continue
            seen.append(rule.key)
            period = None
            if rule.is_finite:
                found = game.store.periodic(rule, False)
                period = None if found is None else found.period
            t.append(tr("ui_widgets.sums.rule", label=rule_label(rule)) + "\n", style="bold")
            upto = 59 if period is None else min(99, max(29, period.start + 2 * period.length - 1))
            t.append(_sequence(rule, game, upto, period))
            if period is not None:
                repeat = tr("ui_widgets.sums.period", count=period.length, start=period.start)
                t.append(repeat + "\n\n", style="dim")
            else:
                t.append("\n")
        if len(pos) == 2:
            t.append(self._pair_table(game, pos))
        self.update(t)

    @staticmethod
    def _pair_table(game: SumGame, pos: tuple[int, ...]) -> Text:
        t = Text()
        w, h = min(pos[0], 15), min(pos[1], 12)
        title = "ui_widgets.sums.pair_title_misere" if game.misere else "ui_widgets.sums.pair_title"
        t.append(tr(title) + "\n", style="bold")
        for y in range(h, -1, -1):
            t.append(f"{y:>3} ", style="dim")
            for x in range(w + 1):
                cold = game.info((x, y)).outcome is Outcome.COLD
                t.append("☹ " if cold else "· ", style="red" if cold else "dim")
            t.append("\n")
        t.append(
            "    " + "".join(f"{x:<2}" if x % 5 == 0 else "  " for x in range(w + 1)) + "\n",
            style="dim",
        )
        t.append("    " + tr("ui_widgets.sums.axes"), style="dim")
        return t
