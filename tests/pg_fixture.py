"""A real PostgreSQL for the tests (:class:`squaregame.classroom.pgserver.TemporaryPostgres`):
one server per test process (per xdist worker), started on first use, and a fresh, empty
database for each test that asks for ``pg_url`` (``CREATE DATABASE``: a few milliseconds).

Without Debian's PostgreSQL or psycopg the tests that need it are skipped — except in CI
(``SQUAREGAME_CI``), where that is a failure: ``.ci/run`` installs ``postgresql-15``."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator

import pytest

from squaregame.classroom.pgserver import DATABASE, TemporaryPostgres, find_binaries

_numbers = itertools.count(1)


def _missing(why: str) -> None:
    if os.environ.get("SQUAREGAME_CI"):
        pytest.fail(f"CI needs {why}", pytrace=False)
    pytest.skip(why)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[TemporaryPostgres]:
    if find_binaries() is None:
        _missing("Debian's PostgreSQL (apt-get install postgresql-15)")
    try:
        import psycopg  # noqa: F401  (the optional dependency: squaregame[postgres])
    except ImportError:
        _missing("psycopg (pip install squaregame[postgres])")
    server = TemporaryPostgres()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def pg_url(pg_server: TemporaryPostgres) -> Iterator[str]:
    """The URL of a new, empty database of the test's own."""
    import psycopg  # (checked by pg_server)

    name = f"t{next(_numbers)}"
    with psycopg.connect(pg_server.url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')  # (a name of ours: no value to bind)
    yield pg_server.url.replace(f"/{DATABASE}?", f"/{name}?", 1)
    with psycopg.connect(pg_server.url, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
