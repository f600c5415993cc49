"""What ``squaregame bench`` measures: each figure as two whole processes, ours and its
reference (the commands, the goals, and the agreement checks), for
:mod:`squaregame.bench.main` to run in interleaved pairs.

Every builder's table, at every size timed, is checked value for value before it is timed:
the same build run once more with ``--hash`` gives the FNV-1a hash of its remoteness array
(:mod:`squaregame.core.files.digest`, the hash the tests use), which must be the one the C
reference prints, with its cold count and largest remoteness.
"""

from __future__ import annotations

import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from squaregame import paths
from squaregame.bench import games
from squaregame.bench.app import BARE_APP, WIDGETS_APP, launch
from squaregame.bench.run import Agreement, BenchError, Figure, Sample, Side, run_process
from squaregame.core.build import native
from squaregame.core.rules import SQUARES
from squaregame.text import tr

SQUARES_GAME = SQUARES.key  # the game of one pile under the rule is named as the rule
WYTHOFF_SIZES = (2000, 5000)


def _our_command() -> list[str]:
    """``squaregame`` as a person types it: the installed script beside this interpreter
    (``python -m squaregame`` only where there is none)."""
    script = Path(sys.executable).with_name("squaregame")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "squaregame"]


PY = _our_command()
# A command of a tenth of a second, or a launch to first paint, is moved ±30% by the
# machine: three times the usual pairs keep the median from landing on one side of a goal
# by luck. The app's start-up and the short commands measured against a Python start-up
# (import textual, import numpy) run at least these.
SHORT_PAIRS = 21
TEXTUAL = [sys.executable, "-c", "import textual"]
TEXTUAL_SHOWN = 'python -c "import textual"'


SQUARES_REF = ("bench", "squares_ref.c")  # shipped with the package: assets/bench/
WYTHOFF_REF = ("bench", "wythoff_ref.c")


def find_reference(explicit: str | None) -> Path:
    """The Squares builder's C reference: ``--reference FILE``, else the one shipped with the
    package (found from the package, never from the current folder)."""
    return Path(explicit) if explicit else paths.asset(*SQUARES_REF)


def compile_c(src: Path, group: str, explicit: bool = False) -> Path:
    """``src`` compiled with ``gcc -O2``, for the figures of ``group``. A reference that cannot
    be had — no such file, no gcc, or it does not compile — is one clear line and the run's
    end (exit status 2): a figure is never left out for want of its reference."""

    if not src.is_file():
        if explicit:
            raise BenchError("cli.errors.no_reference", path=str(src))
        raise BenchError("cli.errors.reference_missing", group=group, path=str(src))
    if shutil.which("gcc") is None:
        if explicit:
            raise BenchError("cli.errors.no_gcc")
        raise BenchError("cli.errors.reference_no_gcc", group=group, path=str(src))
    exe = Path(tempfile.mkdtemp()) / src.stem
    built = subprocess.run(["gcc", "-O2", "-o", str(exe), str(src)], capture_output=True)
    if built.returncode != 0:
        said = built.stderr.decode(errors="replace").strip().splitlines() or ["?"]
        first = next((line for line in said if "error" in line), said[0])  # not "In function"
        raise BenchError("cli.errors.not_compiled", path=str(src), error=first)
    return exe


def _process(argv: list[str], env: dict[str, str] | None = None, shown: str = "") -> Side:
    words = [Path(a).name if i == 0 else a for i, a in enumerate(argv)]
    if argv[: len(PY)] == PY:
        words = ["squaregame", *argv[len(PY) :]]
    return Side(shown or " ".join(words), lambda: run_process(argv, env))


def _built_by(name: str, argv: list[str], env: dict[str, str]) -> Side:
    """Our command with ``SQUAREGAME_BUILDER`` set, shown as a person would type it."""
    words = " ".join(["squaregame", *argv[len(PY) :]])
    return _process(argv, {**env, "SQUAREGAME_BUILDER": name}, f"SQUAREGAME_BUILDER={name} {words}")


STATS = re.compile(r"cold=(\d+) maxrem=(\d+)")
HASH = re.compile(r"fnv1a_rem=([0-9a-f]{16})")


def agree(ours: str, ref: str) -> Agreement:
    """Our ``--stats --json [--hash]`` and the C program's ``cold=… maxrem=… fnv1a_rem=…``
    must match: the cold count, the largest remoteness and, where ours gives it, the hash of
    every remoteness value."""
    try:
        stats = json.loads(ours)
    except ValueError:
        stats = {}
    m, h = STATS.search(ref), HASH.search(ref)
    want = (int(m[1]), int(m[2])) if m else None
    got = (stats.get("cold_count"), stats.get("max_remoteness"))
    if got != want:
        return Agreement(tr("cli.bench.differ", ours=str(got), reference=str(want)))
    if "fnv1a_rem" not in stats:
        return Agreement()
    theirs = h[1] if h else "?"
    if stats["fnv1a_rem"] != theirs:
        ours_said, theirs_said = f"fnv1a_rem={stats['fnv1a_rem']}", f"fnv1a_rem={theirs}"
        return Agreement(tr("cli.bench.bytes_differ", ours=ours_said, reference=theirs_said))
    return Agreement(proof=f"fnv1a_rem={theirs}")


def _same(ours: str, ref: str) -> Agreement:
    """The two builders' answers, word for word."""
    return Agreement() if ours == ref else Agreement(tr("cli.bench.answers_differ"))


def _with_hash(argv: list[str], env: dict[str, str], name: str) -> Side:
    """The check of a builder's figure: its command once more with ``--hash`` (untimed)."""
    return _built_by(name, [*argv, "--hash"], env)


def squares_figures(sizes: list[int], ref: Path, env: dict[str, str]) -> Iterator[Figure]:
    """Each builder at each size against the C reference ``ref`` (compiled)."""
    for name in installed_builders():
        for n in sizes:
            goals = (
                {10**7: 2.0, 4 * 10**7: 1.6} if name == "numpy" else {10**7: 1.2, 4 * 10**7: 1.2}
            )
            goal = goals.get(n)  # below 10^7 start-up is most of either side
            cmd = [*PY, "table", SQUARES_GAME, "--upto", str(n), "--stats", "--json"]
            ours = _built_by(name, cmd, env)
            yield Figure(
                tr("cli.bench.figure.squares", size=_short(n), builder=name), ours,
                _process([str(ref), str(n)], shown=f"squares_ref {n}"),
                goal, agree, key=f"squares-{n}-{name}", verify=_with_hash(cmd, env, name),
            )  # fmt: skip


def wythoff_figures(env: dict[str, str], exe: Path) -> Iterator[Figure]:
    """The Wythoff builders against their C reference ``exe`` (compiled), and the rest of
    the board's figures."""

    game = games.board()  # (the game: timed-games.toml's; its answers' positions too)

    def board(n: int) -> list[str]:
        return [*PY, "table", game.game, "--upto", str(n), "--stats", "--json"]

    builders = installed_builders()
    for name in builders:
        for n in WYTHOFF_SIZES:
            ours = _built_by(name, board(n), env)
            yield Figure(
                tr("cli.bench.figure.wythoff", size=n, builder=name), ours,
                _process([str(exe), str(n)], shown=f"wythoff_ref {n}"),
                None, agree, key=f"{game.game}-{n}-{name}",
                verify=_with_hash(board(n), env, name),
            )  # fmt: skip
    if "native" in builders:  # a 4000² board's Grundy values: the longest Wythoff wait
        far = [*PY, "analyze", game.game, *game.far, "--json"]
        yield Figure(
            tr("cli.bench.figure.far"),
            _built_by("native", far, env),
            _built_by("numpy", far, env),
            None, _same, key=f"{game.game}-analyze-{'-'.join(game.far)}-native-numpy",
        )  # fmt: skip
    yield Figure(  # the start any numpy program pays, beside the whole board
        tr("cli.bench.figure.board_numpy"),
        _process(board(2000), env),
        _process([sys.executable, "-c", "import numpy"], env, 'python -c "import numpy"'),
        min_pairs=SHORT_PAIRS, key=f"{game.game}-2000-default-import-numpy",
    )  # fmt: skip
    yield Figure(
        tr("cli.bench.figure.board_textual"),
        _process([*PY, "analyze", game.game, *game.near], env),
        _process(TEXTUAL, shown=TEXTUAL_SHOWN),
        1.5, min_pairs=SHORT_PAIRS, key=f"analyze-{game.game}-{'-'.join(game.near)}-import-textual",
    )  # fmt: skip


def answer_figures(group: games.Answers, env: dict[str, str]) -> Iterator[Figure]:
    """A group of answers (``sums``, ``octal``: :mod:`squaregame.bench.games`), each
    ``analyze <words> --json`` against the group's reference, within its seconds."""
    if group.python:
        ref = _process([sys.executable, "-c", group.python], shown=f'python -c "{group.python}"')
    else:
        ref = _process([*PY, *group.ours], env)
    for f in group.figures:
        name = tr(f"cli.bench.{group.figure}.{f.name}")
        yield Figure(
            tr(f"cli.bench.figure.{group.figure}", name=name),
            _process([*PY, "analyze", *f.words, "--json"], env), ref,
            key=f.key, seconds_goal=f.seconds, work=group.work,
        )  # fmt: skip


def cli_figures(env: dict[str, str]) -> Iterator[Figure]:
    yield Figure(
        tr("cli.bench.figure.cli_analyze"),
        _process([*PY, "analyze", SQUARES_GAME, "1000"], env),
        _process(TEXTUAL, shown=TEXTUAL_SHOWN),
        0.5, min_pairs=SHORT_PAIRS, key="analyze-squares-1000-import-textual",
    )  # fmt: skip
    yield Figure(
        tr("cli.bench.figure.cli_help"),
        _process([*PY, "--help"], env),
        _process(TEXTUAL, shown=TEXTUAL_SHOWN),
        min_pairs=SHORT_PAIRS, key="help-import-textual",
    )  # fmt: skip


def app_figures(env: dict[str, str]) -> Iterator[Figure]:
    def screen(cmd: list[str], marker: bytes) -> Callable[[], Sample]:
        def measure() -> Sample:
            got = launch(cmd, marker, env)
            return Sample(got.seconds, got.rss_kb)

        return measure

    app = Side(tr("cli.bench.side.app"), screen(PY, b"take a perfect square"), typed=False)
    bare = Side(
        tr("cli.bench.side.bare"),
        screen([sys.executable, "-c", BARE_APP], b"bare textual app ready"),
        typed=False,
    )
    widgets = Side(
        tr("cli.bench.side.widgets"),
        screen([sys.executable, "-c", WIDGETS_APP], b"widgets app ready"),
        typed=False,
    )
    yield Figure(tr("cli.bench.figure.app_bare"), app, bare, 1.15,
                 min_pairs=SHORT_PAIRS, key="app-menu-bare-textual")  # fmt: skip
    yield Figure(tr("cli.bench.figure.app_widgets"), app, widgets,
                 min_pairs=SHORT_PAIRS, key="app-menu-widgets")  # fmt: skip
    # what those widgets cost by themselves: the floor of the first
    yield Figure(tr("cli.bench.figure.app_floor"), widgets, bare,
                 min_pairs=SHORT_PAIRS, key="app-widgets-bare-textual")  # fmt: skip


def _short(n: int) -> str:
    for k in range(9, 2, -1):
        if n % 10**k == 0:
            m = n // 10**k
            return f"10^{k}" if m == 1 else f"{m}·10^{k}"
    return f"{n:,}"


def installed_builders() -> list[str]:
    """numpy, and the native builder where this machine can use it."""

    return ["numpy"] + (["native"] if native.possible() else [])


FIRST_USE = "table squares --upto 1000 --stats --json"  # a build that is all compiling


def first_use(env: dict[str, str]) -> Iterator[tuple[str, float, float]]:
    """The native builder's first build on a machine (compiling, then cached), beside the
    builds after it, in a fresh cache folder: (builder, first seconds, then seconds)."""
    cmd = [*PY, *FIRST_USE.split()]
    for name in installed_builders()[1:]:
        cache = tempfile.mkdtemp()
        cold_env = {**env, "SQUAREGAME_CACHE_DIR": cache, "SQUAREGAME_BUILDER": name}
        first = run_process(cmd, cold_env)
        warm = statistics.median(run_process(cmd, cold_env).seconds for _ in range(3))
        yield name, first.seconds, warm
