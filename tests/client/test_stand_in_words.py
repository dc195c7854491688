"""A stand-in's moves and a seat's way back, in words (issue 11): never "You played"
for a move a bot made for you."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from client.i18n import set_language
from client.state import TableState
from client.words import describe
from protocol.codec import event_from_wire
from protocol.messages import SeatInfo, TableInfo, TableOptions


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield


def test_a_stand_in_move_is_a_bots_move_for_you() -> None:
    names = ["Ann", "Bo"]
    move = {"kind": "played", "seat": 0, "card": "B6", "stand_in": True}
    assert describe(event_from_wire(move), names, 0) == "A bot played blue 6 for you"
    assert describe(event_from_wire(move), names, 1) == "Ann played blue 6 (a bot stands in)"
    assert describe(event_from_wire({**move, "stand_in": False}), names, 0) == "You played blue 6"
    drew = {"kind": "drew", "seat": 0, "amount": 1, "cards": ["R3"], "stand_in": True}
    line = describe(event_from_wire(drew), names, 0)
    assert line is not None and line.startswith("A bot drew 1 card") and "for you" in line
    assert "You" not in line


def _info(*seats: SeatInfo) -> TableInfo:
    return TableInfo("t1", TableOptions("T", len(seats)), "playing", seats, 1)


def test_the_log_says_when_a_bot_keeps_a_seat_and_when_the_person_is_back() -> None:
    state = TableState()
    state.seat = 1
    state.info = _info(SeatInfo("Ann", "basic", False, stand_in=True), SeatInfo("Bo"))
    state.on_table(_info(SeatInfo("Ann", "basic", True, returnable=True), SeatInfo("Bo")))
    state.on_table(_info(SeatInfo("Ann", None, True), SeatInfo("Bo")))
    log = list(state.log)
    assert "A bot now plays for Ann" in log
    assert "Ann took their seat back" in log
    assert "Ann is back" not in log  # (said while Ann was still away, before the fix)
