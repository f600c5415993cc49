"""The default run's share of a sweep (tests/conftest.py): the first case of a test marked
``sweep`` runs by default, every other case is marked slow, so ``pytest -m slow`` (CI's second
step) runs it."""

from __future__ import annotations

import pytest


def test_a_sweeps_other_cases_are_slow_and_left_out_of_the_default_run(
    request: pytest.FixtureRequest,
) -> None:
    sweeps = [i for i in request.session.items if i.get_closest_marker("sweep")]
    if not sweeps:
        pytest.skip("no sweep collected in this run (it runs some files only)")
    for item in sweeps:
        later = any(item.callspec.indices.values())  # type: ignore[attr-defined]
        assert bool(item.get_closest_marker("slow")) == later, item.nodeid
    if request.config.option.markexpr == "not slow":  # the README's run: first cases only
        assert all(not any(i.callspec.indices.values()) for i in sweeps)  # type: ignore[attr-defined]
