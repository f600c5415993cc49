"""What the teacher sees of a class, read from its events: the live grid of students, a
student's detail, the challenges' scoreboard and the report.

:class:`ClassLive` keeps each student's state and folds in only the events it has not seen
(``ClassStore.class_events(after=…)``): a look every second costs what happened in that
second, not the whole lesson day. The browser's teacher page and ``squaregame class watch``
both read it. Everything here is data; the words are the caller's.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from squaregame.classroom.store import ClassStore, Event, Student

KEPT_MOVES = 400  # moves of a student's current game kept for the detail
KEPT_MISTAKES = 50  # a student's latest mistakes kept for the detail
HELPS = ("hints", "undos", "whys")  # the helps a challenge allowed, each use counted
STUDENTS_EVERY = 10.0  # seconds: the class's list of students is read again at most this often


@dataclass(frozen=True)
class StudentReport:
    name: str
    joined: float
    last_active: float | None
    games_started: int
    games_ended: int
    moves: int
    blunders: int
    exercises_tried: int
    exercises_right: int
    lessons: tuple[str, ...]  # lessons with a step reached


@dataclass
class StudentState:
    """One student as the teacher sees them now."""

    id: int
    name: str
    joined: float
    last_active: float | None = None
    activity: dict[str, Any] = field(default_factory=dict)  # the latest thing done
    online: bool = False  # a session open now (said by the server, or by the events)
    connected: bool = False  # the events' word: a session began and has not ended
    games_started: int = 0
    games_ended: int = 0
    moves: int = 0  # the student's own moves
    blunders: int = 0  # in every session
    session_blunders: int = 0  # since their session began
    exercises_tried: int = 0
    exercises_right: int = 0
    lessons_started: set[str] = field(default_factory=set)
    lessons_mastered: set[str] = field(default_factory=set)
    game: dict[str, Any] | None = None  # the current (or last) game: its start event
    game_moves: list[dict[str, Any]] = field(default_factory=list)
    mistakes: list[dict[str, Any]] = field(default_factory=list)
    answers: dict[int, dict[str, Any]] = field(default_factory=dict)  # challenge → first

    def row(self) -> dict[str, Any]:
        """The grid's row (plain data: JSON for the browser, cells for the terminal)."""
        return {
            "id": self.id,
            "name": self.name,
            "online": self.online,
            "activity": self.activity,
            "lessons_mastered": len(self.lessons_mastered),
            "lessons_started": len(self.lessons_started),
            "exercises_right": self.exercises_right,
            "exercises_tried": self.exercises_tried,
            "blunders": self.session_blunders,
            "last_active": self.last_active,
        }

    def detail(self) -> dict[str, Any]:
        """Their game so far (each move, and the value for them before it: + winning,
        − losing, the size the moves left) and their mistakes with the moves that won."""
        chart = [student_value(m) for m in self.game_moves]
        return {
            **self.row(),
            "game": self.game,
            "moves": self.game_moves,
            "chart": chart,
            "mistakes": self.mistakes[-KEPT_MISTAKES:],
            "lessons": sorted(self.lessons_started),
            "mastered": sorted(self.lessons_mastered),
        }


def student_value(move: dict[str, Any]) -> int:
    """The position before ``move`` for the student: +r when they were winning with
    remoteness r, −r when losing (0: the game is over). A move event's value is the
    mover's; the computer's move is the student's opposite."""
    r = int(move.get("remoteness", 0))
    mover_wins = move.get("outcome") == "hot"
    return r if mover_wins == bool(move.get("human", True)) else -r


class ClassLive:
    """A class's students, brought up to date by :meth:`refresh`."""

    def __init__(
        self, store: ClassStore, class_name: str, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.store = store
        self.name = store.class_name(class_name)
        self.students: dict[int, StudentState] = {}
        self.seen = 0  # the last event folded in
        self.challenges: list[Any] = []
        self.clock = clock
        self.students_read: float | None = None  # when the list of students was last read
        self.rows_read = 0  # rows read from the store, all told (the work a look costs)

    def refresh(self, online: set[int] | None = None, students: bool = False) -> int:
        """Fold in what is new; ``online``: the students with a session now (the server
        knows; else the events say). How many events were new.

        A look costs what happened since the last one: the new events, the challenges (a
        few), and the list of students only when asked (``students``: one has just joined
        here), when an event names a student not yet known (one joined on another node),
        or every :data:`STUDENTS_EVERY` seconds — never the whole lesson's events again."""
        now = self.clock()
        if students or self.students_read is None or now - self.students_read >= STUDENTS_EVERY:
            self._read_students(now)
        count = 0
        while True:
            events = self.store.class_events(self.name, self.seen)
            self.rows_read += len(events)
            if any(e.student not in self.students for e in events):
                self._read_students(now)
            for e in events:
                self.fold(e)
                self.seen = e.id
            count += len(events)
            if len(events) < 5000:
                break
        for st in self.students.values():
            st.online = st.connected if online is None else st.id in online
        self.challenges = self.store.challenges(self.name)
        self.rows_read += len(self.challenges)
        return count

    def _read_students(self, now: float) -> None:
        listed = self.store.students(self.name)
        self.rows_read += len(listed)
        for s in listed:
            if s.id not in self.students:
                self.students[s.id] = StudentState(s.id, s.name, s.joined)
        self.students_read = now

    def fold(self, e: Event) -> None:
        st = self.students.get(e.student)
        if st is None:
            return
        d = e.data
        st.last_active = e.at
        if e.kind == "session_started":
            st.connected, st.session_blunders = True, 0
        elif e.kind == "session_ended":
            st.connected = False
        elif e.kind == "game_started":
            st.games_started += 1
            st.game, st.game_moves = d, []
        elif e.kind == "move":
            self._move(st, d)
        elif e.kind == "game_ended":
            st.games_ended += 1
        elif e.kind == "exercise":
            st.exercises_tried += 1
            st.exercises_right += d.get("right") is True
            if d.get("lesson"):
                st.lessons_started.add(str(d["lesson"]))
                if d.get("mastered"):
                    st.lessons_mastered.add(str(d["lesson"]))
        elif e.kind == "lesson_step" and d.get("lesson"):
            st.lessons_started.add(str(d["lesson"]))
        elif e.kind == "challenge":
            st.answers.setdefault(int(d.get("challenge", 0)), {**d, "at": e.at})
        if e.kind not in ("move", "session_ended"):
            st.activity = {"kind": e.kind, **_said(d)}
        elif e.kind == "move" and st.game is not None:
            st.activity = {"kind": "game", "game": st.game.get("game"), "moves": len(st.game_moves)}

    @staticmethod
    def _move(st: StudentState, d: dict[str, Any]) -> None:
        if st.game is not None and d.get("key") == st.game.get("key"):
            st.game_moves.append(d)
            del st.game_moves[:-KEPT_MOVES]
        if not d.get("human", True):
            return
        st.moves += 1
        if d.get("verdict") == "blunder":
            st.blunders += 1
            st.session_blunders += 1
        if d.get("verdict") in ("blunder", "slow"):
            game = st.game.get("game") if st.game else None
            st.mistakes.append({**d, "game": game})
            del st.mistakes[:-KEPT_MISTAKES]

    def rows(self) -> list[dict[str, Any]]:
        closed = {c.id for c in self.challenges if getattr(c, "closed", None) is not None}
        return [
            {**st.row(), "activity": challenge_activity(st, closed)}
            for st in sorted(self.students.values(), key=lambda s: s.name.casefold())
        ]

    def scoreboard(self) -> list[dict[str, Any]]:
        """Each challenge, each student it was set for: their first result (or nothing)."""
        out = []
        for c in self.challenges:
            for st in sorted(self.students.values(), key=lambda s: s.name.casefold()):
                if c.student is not None and c.student != st.id:
                    continue
                got = st.answers.get(c.id)
                closed = getattr(c, "closed", None)
                if got is not None and closed is not None and got.get("at", 0) > closed:
                    got = None  # (an answer after it closed, and its answer shown: none)
                out.append(
                    {
                        "challenge": c.id,
                        "ask": c.spec.get("ask"),
                        "spec": c.spec,
                        "student": st.name,
                        "answered": got is not None,
                        "solved": None if got is None else bool(got.get("solved")),
                        "moves": None if got is None else got.get("moves"),
                        "remoteness": None if got is None else got.get("remoteness"),
                        "blunders": None if got is None else got.get("blunders"),
                        "seconds": None if got is None else got.get("seconds"),
                        **{k: (got or {}).get(k) for k in HELPS},
                        "student_id": st.id,
                        "closed": getattr(c, "closed", None) is not None,
                    }
                )
        return out


def challenge_activity(st: StudentState, closed: set[int]) -> dict[str, Any]:
    """The student's activity, as the teacher's "Now" says it where it is a challenge's:
    ``challenge_working`` while it is open and they have not answered (the question open,
    or its game played), ``challenge`` once answered, ``challenge_closed`` only when it
    was closed unanswered."""
    a = st.activity
    kind = a.get("kind")
    cid = a.get("challenge") if kind in ("challenge_opened", "challenge", "game_started") else None
    if kind in ("game", "game_ended") and st.game is not None:
        cid = st.game.get("challenge")
    if cid is None:
        return a
    got = st.answers.get(int(cid))
    if got is not None:
        return {"kind": "challenge", "challenge": cid, "solved": bool(got.get("solved"))}
    return {
        "kind": "challenge_closed" if int(cid) in closed else "challenge_working",
        "challenge": cid,
    }


def _said(d: dict[str, Any]) -> dict[str, Any]:
    """The fields of an event the activity column shows."""
    keep = ("game", "start", "lesson", "step", "right", "won", "challenge", "ask", "solved")
    return {k: d[k] for k in keep if k in d}


def report(store: ClassStore, class_name: str) -> list[StudentReport]:
    """Each student of the class, what they did, by name (``class report``)."""
    live = ClassLive(store, class_name)
    live.refresh()
    return [_report(st) for st in sorted(live.students.values(), key=lambda s: s.name.casefold())]


def _report(st: StudentState) -> StudentReport:
    return StudentReport(
        name=st.name,
        joined=st.joined,
        last_active=st.last_active,
        games_started=st.games_started,
        games_ended=st.games_ended,
        moves=st.moves,
        blunders=st.blunders,
        exercises_tried=st.exercises_tried,
        exercises_right=st.exercises_right,
        lessons=tuple(sorted(st.lessons_started)),
    )


__all__ = ["ClassLive", "Student", "StudentReport", "StudentState", "report", "student_value"]
