"""The value chart speaks for one side all game: the person's in a solo game, the class's
against the computer, the first mover's in teams and demo games (its legend and caption say
whose, by name); its scale is signed, − below the axis. The Markdown review says the same."""

from __future__ import annotations

from typing import Any

import pytest
from build import make_spec

from squaregame.core.tables import Tables
from squaregame.play import record_io as IO
from squaregame.play.records import Format
from squaregame.play.session import Session
from squaregame.play.teach_wording import chart_view
from squaregame.play.view import build_view
from squaregame.text import set_language, tr
from squaregame.ui.widgets.value_chart import render_chart

TABLES = Tables()


def session(players: str, names: tuple[str, ...] = (), human_first: bool = True) -> Session[Any]:
    spec = make_spec("squares", (), False, (30,))
    game = spec.build(TABLES)
    return Session(game, spec.start(game), human_first, players=players, names=names)


def test_a_teams_chart_is_told_for_the_first_mover_all_game() -> None:
    s = session("teams", ("Reds", "Blues"))
    for to in (5, 4, 0):  # Reds win: 30 hot, 5 cold for Blues, 4 hot for Reds, 0 cold for Blues
        s.play(to)
    view = build_view(s).chart
    assert (view.side, view.first) == ("Reds", True)
    assert [p.signed for p in view.points] == ["+3", "+2", "+1", "+0"]  # no flip every move
    s = session("teams", ("Reds", "Blues"))
    s.play(29)  # Reds blunder: from here Blues win
    assert [p.signed for p in chart_view(s).points] == ["+3", "−7"]
    assert chart_view(session("demo")).side == "Computer A"


def test_the_class_chart_is_the_class_s_and_solo_stays_yours() -> None:
    s = session("class", ("7B",), human_first=False)  # the computer moves first
    s.play(5)
    view = chart_view(s)
    assert (view.side, view.first) == ("7B", False)
    assert [p.signed for p in view.points] == ["−3", "−2"]
    solo = session("solo", human_first=False)
    solo.play(5)
    assert chart_view(solo).side == "" and [p.signed for p in chart_view(solo).points] == [
        "−3",
        "−2",
    ]


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_the_chart_has_a_signed_scale_and_names_its_side(lang: str) -> None:
    set_language(lang)
    s = session("teams", ("Reds", "Blues"))
    s.play(29)
    view = chart_view(s)
    text = render_chart(view.points, 40, 24, 1, view.side, view.first).plain
    rows = text.splitlines()
    axis = next(i for i, r in enumerate(rows) if "┼" in r)
    assert rows[axis].startswith(" 0 ┼")
    assert rows[0].startswith("+7 ┤") and any(r.startswith("−7 ┤") for r in rows[axis:])
    legend = tr("ui_widgets.chart.legend_first", name="Reds")
    assert " ".join(text.split()).count(" ".join(legend.split())) == 1
    where = tr(
        "ui_widgets.chart.where_for", where=tr("ui_widgets.chart.after_move", move=1), name="Reds"
    )
    assert " ".join(where.split()) in " ".join(text.split())  # the caption: "…, for Reds"
    assert all(len(line) <= 40 for line in rows)


def test_the_markdown_review_says_the_same_side() -> None:
    s = session("teams", ("Reds", "Blues"))
    s.play(29)
    md = IO.write_record(s, Format.MARKDOWN)
    assert "values for Reds (who moved first)" in md
    assert "| Best move | For Reds |" in md and md.splitlines()[-1].endswith("| +3 |")
    assert "For " not in IO.write_record(session("solo"), Format.MARKDOWN)
