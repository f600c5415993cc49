"""kill -9 at any moment of saving loses nothing, and the next start sweeps what the killed
writers left: a process saves a game over and over and is killed at random moments."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from squaregame.core.files import atomic
from squaregame.core.files.atomic import is_temporary
from squaregame.play.save_folder import open_folder

WRITER = """
import json, sys
from pathlib import Path
from squaregame.core.files.atomic import write_atomic
path = Path(sys.argv[1])
pad = "x" * 400_000  # a large save: each write takes a while, so kills land inside writes
n = 0
print("ready", flush=True)
while True:
    n += 1
    write_atomic(path, json.dumps({"n": n, "pad": pad}).encode())
"""

KILLS = 25


def test_kill_nine_during_saves_loses_nothing_and_leaves_nothing(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    path = games / "20260101-000000-aaaaaa.json"
    path.write_text(json.dumps({"n": 0, "pad": ""}))
    rng = random.Random(13)
    left = 0
    for _ in range(KILLS):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True
        )
        assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.05))
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=30)
        writer.stdout.close()
        assert json.loads(path.read_text())["n"] >= 0  # always a whole file, old or new
        left += sum(is_temporary(p.name) for p in games.iterdir())
    assert left > 0, "no kill landed inside a write: the test proves nothing"
    time.sleep(atomic.GRACE)  # the next start, a few seconds later
    open_folder(tmp_path)
    assert [p.name for p in games.iterdir()] == [path.name]
    assert os.path.getsize(path) > 0
