"""The panel of the table to fill: the student marks 0..upto hot (h) or cold (c), the cursor
going on after a right mark (← and → move it); a wrong mark is explained, and only the
first mark of a number counts."""

from __future__ import annotations

from squaregame.lessons import generate as gen
from squaregame.lessons.mastery import mark_answer
from squaregame.lessons.steps import FillStep
from squaregame.text import tr
from squaregame.ui.lesson.panel import LessonPanel, verdict
from squaregame.ui.widgets.lesson_panels import FillCell, FillPanel


class FillStepPanel(LessonPanel):
    parts = (("fill", FillPanel),)

    def upto(self) -> int:
        return self.step.as_kind(FillStep).upto

    def show(self) -> None:
        st = self.state()
        cells = tuple(
            FillCell(
                n,
                st.marks[n][0] if n in st.marks else None,
                st.marks[n][1] if n in st.marks else None,
            )
            for n in range(self.upto() + 1)
        )
        table = self.host.query_one("#fill", FillPanel)
        table.show(cells, st.cursor)
        table.display = True
        self.host.draw_note()

    def enabled(self, action: str) -> bool | None:
        return action in ("mark", "cursor")

    def mark(self, hot: bool) -> None:
        st, upto = self.state(), self.upto()
        n = st.cursor
        right, why = gen.check_mark(self.step.game(), n, hot, self.host.S)
        first = n not in st.marks
        first_try = right if first else st.marks[n][1]
        st.marks[n] = (hot, first_try)  # the face shows the latest mark; ✗ the first was wrong
        if first:
            self.host.count(mark_answer(self.host.index, n, right, hot == right))
        if right and st.cursor < upto:
            st.cursor += 1
        text = f"{verdict(right)} {why}"
        if len(st.marks) == upto + 1:
            good = sum(1 for _, ok in st.marks.values() if ok)
            text += "\n" + tr("ui_lessons.lesson.fill_done", right=good, total=upto + 1)
        st.note = (text, right)
        self.show()

    def cursor(self, delta: int) -> None:
        st = self.state()
        st.cursor = max(0, min(self.upto(), st.cursor + delta))
        self.show()
