"""tests/support/harness.py: the figures every bench reports are computed one way."""

from __future__ import annotations

from .support.harness import TableClock, latencies, percentile, within


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50.0
    assert percentile(values, 99) == 99.0
    assert percentile(values, 100) == 100.0
    assert percentile([7.0], 99) == 7.0
    assert percentile([], 99) == 0.0
    assert latencies([0.001, 0.003])["p50_ms"] == 1.0


def test_a_move_is_timed_when_every_seat_and_spectator_has_its_event() -> None:
    clock = TableClock(seats=2)
    clock.spectators = 1
    clock.sent_move(5, 0.0)
    clock.arrival(5)
    assert clock.seated == []
    clock.arrival(5)
    assert len(clock.seated) == 1 and clock.everyone == []
    clock.arrival(5, seated=False)
    assert len(clock.everyone) == 1
    clock.arrival(5)  # a late copy of a finished move counts for nothing
    assert len(clock.seated) == 1 and len(clock.everyone) == 1


def test_a_refused_move_is_never_timed_and_only_its_sender_forgets_it() -> None:
    clock = TableClock(seats=1)
    clock.sent_move(3, 1.0)
    clock.sent_move(3, 2.0)  # a second seat answering the same window: the first counts
    clock.refused(3, 2.0)
    assert 3 in clock.sent
    clock.refused(3, 1.0)
    clock.arrival(3)
    assert clock.seated == []
    assert within([(1.0, 0.5), (2.0, 0.7), (3.0, 0.9)], 1.5, 3.0) == [0.7]
