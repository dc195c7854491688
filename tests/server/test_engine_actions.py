"""A client's action as the engine's (server/wire.py ``engine_action``): what the
engine reads of it, for the seat that sent it, however often the same one recurs."""

from __future__ import annotations

import pytest

from engine import TakiError, action_from_json
from protocol.messages import GameAction
from server.wire import engine_action


def test_the_same_action_from_another_seat_is_that_seats() -> None:
    action = GameAction("play", None, "R7", last_card=True)
    for seat in (0, 1, 0, 3):
        assert engine_action(action, seat) == action_from_json(action.for_seat(seat))
        assert engine_action(action, seat).seat == seat


def test_an_action_the_engine_refuses_is_refused_every_time() -> None:
    for action in (GameAction("draw", None, "R7"), GameAction("fly"),
                   GameAction("play", None, "Q9"), GameAction("draw", last_card=True)):  # fmt: skip
        for _ in range(2):
            with pytest.raises(TakiError) as info:
                engine_action(action, 0)
            assert info.value.code == "bad_action"


def test_actions_alike_but_for_one_field_stay_apart() -> None:
    plain = GameAction("play", None, "color", "Y")
    for other in (GameAction("play", None, "color", "R"),
                  GameAction("play", None, "color", "Y", last_card=True),
                  GameAction("play", None, "color")):  # fmt: skip
        engine_action(plain, 2)
        assert engine_action(other, 2) == action_from_json(other.for_seat(2))
