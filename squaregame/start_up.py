"""The program's start-up and Python's garbage collector.

Nearly every object made while the program starts — modules, classes, the command line's
parser, the menu — lasts as long as the process, so collecting among them finds next to
nothing: run as the program (:func:`squaregame.cli.main.main` with no ``argv``), the
collector is paused while it starts (:func:`pause`). When start-up is over — a command is
about to run, or the app has drawn its first frame — :func:`started` freezes what was made
so far out of the collector's reach for good (``gc.freeze``) and resumes it, so every later
collection walks only what came after. Only a pause of ours is ended: a caller that runs
``main(argv)`` as a function (tests, another program) or the app alone (a served session)
keeps its collector as it is, on or off.
"""

from __future__ import annotations

import gc
import os

_paused = False  # the collector is off because pause() turned it off


def one_blas_thread() -> None:
    """numpy's OpenBLAS starts a thread per core when it is imported; nothing here multiplies
    matrices, so one is enough (saves about 0.1 s of processor time a start). Set by the
    program's entries before numpy is imported, never by an import; a value the user set is
    kept."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def pause() -> None:
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """End our pause, if it is still on (start-up ended early: an error, ``--help``)."""
    global _paused
    if _paused:
        _paused = False
        gc.enable()


def started() -> None:
    """Start-up is over: if the collector was paused for it, freeze what start-up made and
    resume the collector (nothing happens otherwise)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
