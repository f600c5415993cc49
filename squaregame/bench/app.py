"""Launch-to-first-paint and memory of the app, beside a bare Textual app showing one line.

Each program runs in a pseudo-terminal (100×32); the clock stops when the text of its first
screen appears in the output. Resident memory is read from /proc once it has painted.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import termios
import time
from dataclasses import dataclass
from pathlib import Path

BARE_APP = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("bare textual app ready")

Bare().run()
"""

# The menu's own widgets (Textual's, and squaregame's key bar) and none of the rest of
# squaregame's code (settings, saved games, catalogs, the games' registry): what they cost.
WIDGETS_APP = """
from textual.app import App
from textual.widgets import OptionList, Static
from squaregame.ui.widgets.key_bar import KeyBar

class Widgets(App):
    BINDINGS = [("question_mark", "help", "Help"), ("q", "quit", "Quit")]

    def compose(self):
        yield Static("title bar")
        yield Static("logo")
        yield OptionList(*[f"entry {i}: widgets app ready" for i in range(7)])
        yield KeyBar(palette=True)

Widgets().run()
"""


@dataclass(frozen=True)
class Launch:
    seconds: float
    rss_kb: int


def launch(cmd: list[str], marker: bytes, env: dict[str, str], timeout: float = 30) -> Launch:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
    )
    os.close(slave)
    seen, elapsed = b"", None
    try:
        while time.perf_counter() - start < timeout:
            ready, _, _ = select.select([master], [], [], 0.02)
            if not ready:
                continue
            try:
                seen += os.read(master, 1 << 16)
            except OSError:
                break
            if marker in seen:
                elapsed = time.perf_counter() - start
                break
        if elapsed is None:
            raise RuntimeError(f"{cmd[-1]!r} did not show {marker!r} within {timeout} s")
        time.sleep(0.3)  # let it settle, then read its memory
        rss = _rss_kb(proc.pid)
    finally:
        proc.kill()
        proc.wait()
        os.close(master)
    return Launch(elapsed, rss)


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0
