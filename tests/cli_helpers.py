"""Helpers for tests of the command line, run in this process."""

from __future__ import annotations

import pytest

from squaregame.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``squaregame ARGV…``: its exit status, standard output and standard error."""
    try:
        code = main(list(argv))
    except SystemExit as exc:  # --help, argparse's own exits
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
