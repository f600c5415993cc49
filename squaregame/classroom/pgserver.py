"""A throwaway PostgreSQL server, for the tests and the bench: Debian's binaries
(``/usr/lib/postgresql/<version>/bin``), a new cluster in a temporary folder, listening only
on a Unix socket in that folder (``listen_addresses=''``), durability off (``fsync=off``:
nothing here outlives the run), a database ``squaregame`` made, and the folder removed when
it stops.

PostgreSQL refuses to run as root: as root (CI) the cluster is made and run as ``nobody``,
the folder given to it; otherwise as the current user. Readiness is waited for by asking
the server (``pg_isready``), never by sleeping.

    with TemporaryPostgres() as pg:
        store = open_store(pg.url, folder)
"""

from __future__ import annotations

import getpass
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path("/usr/lib/postgresql")
DATABASE = "squaregame"
UNPRIVILEGED = "nobody"  # the user a cluster runs as when we are root
READY_WITHIN = 60.0  # seconds: a hang guard, not a timing


def find_binaries() -> Path | None:
    """The newest Debian PostgreSQL's ``bin`` folder (with ``initdb``), or None."""
    try:
        found = [p for p in ROOT.iterdir() if (p / "bin" / "initdb").is_file()]
    except OSError:
        return None
    found.sort(key=lambda p: [int(x) if x.isdigit() else 0 for x in p.name.split(".")])
    return found[-1] / "bin" if found else None


class TemporaryPostgres:
    """A PostgreSQL server of its own: :meth:`start` it (its URL), :meth:`stop` it."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder  # None: a new temporary folder (removed on stop)
        self.url = ""
        self._made: Path | None = None  # the folder we made (and remove)
        self._bin: Path | None = None
        self._data: Path | None = None
        self.user = UNPRIVILEGED if os.geteuid() == 0 else getpass.getuser()

    # (as root: each command as the unprivileged user)
    def _as_user(self, argv: list[str]) -> list[str]:
        if os.geteuid() != 0:
            return argv
        setpriv = shutil.which("setpriv") or "/usr/bin/setpriv"
        return [
            setpriv,
            f"--reuid={UNPRIVILEGED}",
            f"--regid={_group(UNPRIVILEGED)}",
            "--clear-groups",
            *argv,
        ]

    def _run(self, argv: list[str]) -> None:
        done = subprocess.run(
            self._as_user(argv), capture_output=True, text=True, timeout=READY_WITHIN, check=False
        )
        if done.returncode != 0:
            said = (done.stderr or done.stdout).strip().splitlines()
            raise RuntimeError(f"{Path(argv[0]).name}: {said[-1] if said else done.returncode}")

    def start(self) -> str:
        """initdb, pg_ctl start, the database made; the URL to reach it."""
        binaries = find_binaries()
        if binaries is None:
            raise RuntimeError(
                "PostgreSQL's binaries are not installed (apt-get install postgresql)"
            )
        self._bin = binaries
        if self.folder is None:  # (short: a socket's path has at most ~107 characters)
            self.folder = self._made = Path(tempfile.mkdtemp(prefix="sgpg-"))
        folder = self.folder
        folder.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(folder, UNPRIVILEGED, _group(UNPRIVILEGED))
            folder.chmod(0o700)
        self._data = folder / "data"
        try:
            self._run(
                [str(binaries / "initdb"), "-D", str(self._data), "-U", self.user,
                 "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]
            )  # fmt: skip
            settings = (
                f"-c listen_addresses='' -k {folder} -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
            )
            self._run(
                [str(binaries / "pg_ctl"), "start", "-D", str(self._data), "-s", "-w",
                 "-t", str(int(READY_WITHIN)), "-l", str(folder / "log"), "-o", settings]
            )  # fmt: skip
            self._ready(binaries, folder)
            self._run([str(binaries / "createdb"), "-h", str(folder), "-U", self.user, DATABASE])
        except BaseException:
            self.stop()
            raise
        self.url = f"postgresql:///{DATABASE}?host={folder}&user={self.user}"
        return self.url

    def _ready(self, binaries: Path, folder: Path) -> None:
        end = time.monotonic() + READY_WITHIN
        argv = [str(binaries / "pg_isready"), "-q", "-h", str(folder), "-U", self.user]
        while subprocess.run(argv, check=False, timeout=READY_WITHIN).returncode != 0:
            if time.monotonic() > end:  # a hang guard
                raise RuntimeError("PostgreSQL did not become ready")
            time.sleep(0.05)

    def stop(self) -> None:
        """An immediate shutdown; the folder removed (if we made it)."""
        if (
            self._bin is not None
            and self._data is not None
            and (self._data / "postmaster.pid").exists()
        ):
            subprocess.run(
                self._as_user(
                    [
                        str(self._bin / "pg_ctl"),
                        "stop",
                        "-D",
                        str(self._data),
                        "-s",
                        "-w",
                        "-m",
                        "immediate",
                    ]
                ),
                capture_output=True,
                timeout=READY_WITHIN,
                check=False,
            )
        if self._made is not None:
            shutil.rmtree(self._made, ignore_errors=True)
            self._made = None
        self._data = None

    def __enter__(self) -> TemporaryPostgres:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _group(user: str) -> str:
    import grp  # (POSIX; only as root)
    import pwd

    return grp.getgrgid(pwd.getpwnam(user).pw_gid).gr_name
