"""The per-session cache computes a value once, even when two threads ask for it at once
(a look ahead still running when its move is played: the opponent's worker waits for its
analysis instead of making a second one); a failure leaves the value to the next asker."""

from __future__ import annotations

import threading

import pytest

from squaregame.play.analyses import PositionCache


def test_two_threads_asking_at_once_compute_once() -> None:
    cache = PositionCache()
    started, release = threading.Event(), threading.Event()
    computed: list[str] = []

    def slow() -> int:
        computed.append(threading.current_thread().name)
        started.set()
        assert release.wait(60)
        return 42

    got: list[int] = []
    first = threading.Thread(target=lambda: got.append(cache.get("k", slow)), name="first")
    first.start()
    assert started.wait(60)  # the first is computing
    second = threading.Thread(target=lambda: got.append(cache.get("k", slow)), name="second")
    second.start()
    second.join(0.05)  # (it waits, not computes: nothing to count until the first ends)
    release.set()
    first.join(60)
    second.join(60)
    assert got == [42, 42] and computed == ["first"]


def test_a_failed_computation_is_left_to_the_next_asker() -> None:
    cache = PositionCache()

    def fails() -> int:
        raise ValueError("no")

    with pytest.raises(ValueError):
        cache.get("k", fails)
    assert cache.get("k", lambda: 7) == 7 and cache.peek("k") == 7


def test_a_waiter_computes_when_the_first_fails() -> None:
    cache = PositionCache()
    started, release = threading.Event(), threading.Event()
    computed: list[str] = []

    def fails_later() -> int:
        computed.append("first")
        started.set()
        assert release.wait(60)
        raise ValueError("no")

    def works() -> int:
        computed.append("second")
        return 5

    errors: list[BaseException] = []

    def first_asks() -> None:
        try:
            cache.get("k", fails_later)
        except ValueError as exc:
            errors.append(exc)

    first = threading.Thread(target=first_asks)
    first.start()
    assert started.wait(60)
    got: list[int] = []
    second = threading.Thread(target=lambda: got.append(cache.get("k", works)))
    second.start()
    release.set()
    first.join(60)
    second.join(60)
    assert len(errors) == 1 and got == [5] and computed == ["first", "second"]


def test_a_thread_asking_again_for_what_it_computes_does_not_wait_for_itself() -> None:
    cache = PositionCache()

    def again() -> int:
        return cache.get("k", lambda: 3) + 1  # (re-entered: computed here, not waited for)

    done = threading.Thread(target=lambda: cache.get("k", again))
    done.start()
    done.join(60)
    assert not done.is_alive() and cache.peek("k") == 4


def test_values_of_other_keys_are_not_held_up() -> None:
    cache = PositionCache()
    started, release = threading.Event(), threading.Event()

    def slow() -> int:
        started.set()
        assert release.wait(60)
        return 1

    first = threading.Thread(target=lambda: cache.get("slow", slow))
    first.start()
    assert started.wait(60)
    assert cache.get("other", lambda: 2) == 2  # (answered while "slow" is computed)
    release.set()
    first.join(60)
    assert cache.peek("slow") == 1
