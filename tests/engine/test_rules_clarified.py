"""The readings RULES.md made explicit in issue 26, one test per reading.

Every test runs the same actions twice: through the library and through the
``taki-engine apply`` oracle, one call per action with the position JSON carried from
one call to the next (as an outside checker drives it). Both must give the same
position, so whatever the engine must remember between moves (how the leading Breaker
was played: ``breaker_answer``, RULES.md section 7) has to travel in the position.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest

from engine import (
    BadPosition,
    TakiError,
    action_from_json,
    game_from_position,
    position_of,
    read_position,
)

from ..support.util import oracle, position

# ---------------------------------------------------------------- helpers


def play(seat: int, card: str, **extra: Any) -> dict[str, Any]:
    return {"seat": seat, "type": "play", "card": card, **extra}


def act(seat: int, kind: str) -> dict[str, Any]:
    return {"seat": seat, "type": kind}


def outcome(fields: dict[str, Any], *actions: dict[str, Any]) -> dict[str, Any]:
    """The position after ``actions``, through the library and through the oracle CLI
    (which must agree, position after position)."""
    start = position(**fields)
    game = game_from_position(copy.deepcopy(start))
    text = json.dumps(start)
    for action in actions:
        game.apply(action_from_json(action))
        status, text = oracle("apply", json.dumps(action), stdin=text)
        assert status == 0, (action, text)
        assert json.loads(text) == position_of(game), action
    return position_of(game)


def legal_after(fields: dict[str, Any], *actions: dict[str, Any]) -> list[dict[str, Any]]:
    """``taki-engine legal`` on the position after ``actions`` (the library agrees)."""
    after = outcome(fields, *actions)
    status, out = oracle("legal", stdin=json.dumps(after))
    assert status == 0
    listed: list[dict[str, Any]] = json.loads(out)
    assert listed == [a.to_json() for a in game_from_position(after).legal_actions()]
    return listed


def refusal(fields: dict[str, Any], action: dict[str, Any]) -> str:
    """The error code for ``action``, through the library and the oracle (which agree)."""
    game = game_from_position(position(**fields))
    with pytest.raises(TakiError) as err:
        game.apply(action_from_json(action))
    status, out = oracle("apply", json.dumps(action), stdin=json.dumps(position(**fields)))
    assert status == 1
    code: str = json.loads(out)["error"]
    assert code == err.value.code
    return code


WRITTEN_ORDER = (
    "options", "players", "draw", "discard", "turn", "direction", "color", "plus2", "plus3",
    "breaker_answer", "own_breakers", "taki", "follow", "winner",
)


def documented(pos: dict[str, Any]) -> dict[str, Any]:
    """``pos`` with its fields in the order the engine writes them (RULES.md section 7's
    order, ``breaker_answer`` after ``plus3`` as listed there)."""
    known = {k: pos[k] for k in WRITTEN_ORDER if k in pos}
    return known | {k: v for k, v in pos.items() if k not in WRITTEN_ORDER}


def same_cards(a: list[str], b: list[str]) -> bool:
    return Counter(a) == Counter(b)


# ================================================================ §3 Draw pile empty


def test_own_turn_breaker_on_a_plus3_keeps_it_while_drawing_its_own_penalty() -> None:
    """The issue's scenario: the card beneath an own-turn Breaker stays even when it is a
    +3 (one that was resolved), also while that Breaker's own penalty is drawn."""
    after = outcome(
        {"hands": [["breaker", "B1"], ["G3", "G4"], ["Y3", "Y4"]],
         "discard": ["G1", "B4", "R7", "+3"], "draw": []},
        play(0, "breaker"),
    )
    assert after["discard"] == ["+3", "breaker"]
    assert same_cards(after["players"][0]["hand"], ["B1", "G1", "B4", "R7"])
    assert after["draw"] == [] and after["turn"] == 1


def test_own_turn_breaker_on_a_plus3_keeps_it_at_a_later_reshuffle() -> None:
    after = outcome(
        {"hands": [["B1", "B3"], ["G3", "G4"], ["Y3", "Y4"]], "turn": 1,
         "discard": ["G1", "B4", "R7", "+3", "breaker"], "breaker_answer": False, "draw": []},
        act(1, "draw"),
    )
    assert after["discard"] == ["+3", "breaker"]
    drawn = after["players"][1]["hand"][2:]
    assert len(drawn) == 1 and drawn[0] in ("G1", "B4", "R7")


def test_how_a_breaker_was_played_is_carried_across_moves_to_a_later_reshuffle() -> None:
    """The own-turn Breaker's penalty empties the draw pile; the next player's draw
    reshuffles, and the +3 beneath the Breaker must still stay."""
    after = outcome(
        {"hands": [["breaker", "B1"], ["G3", "G4"], ["Y3", "Y4"]],
         "discard": ["G1", "B4", "R7", "+3"], "draw": ["Y1", "Y5", "Y6"]},
        play(0, "breaker"),
        act(1, "draw"),
    )
    assert after["discard"] == ["+3", "breaker"]
    assert after["players"][1]["hand"][2] in ("G1", "B4", "R7")


STACK = {
    "hands": [["breaker", "B1"], ["breaker", "G3"], ["G7", "Y4"]],
    "discard": ["G1", "B4", "R7"],
    "draw": ["Y1", "Y3", "Y5", "Y6", "Y7", "Y8"],
}


def test_next_player_follows_the_card_beneath_the_lowest_of_stacked_own_turn_breakers() -> None:
    listed = legal_after(STACK, play(0, "breaker"), play(1, "breaker"))
    assert play(2, "G7") in listed  # a 7 on the R7 beneath both Breakers


def test_stacked_own_turn_breakers_all_stay_with_the_card_beneath_the_lowest() -> None:
    after = outcome(STACK, play(0, "breaker"), play(1, "breaker"), act(2, "draw"))
    assert after["discard"] == ["R7", "breaker", "breaker"]
    assert after["players"][2]["hand"][2] in ("G1", "B4")


def test_stacked_own_turn_breakers_stay_while_the_upper_ones_penalty_is_drawn() -> None:
    after = outcome(
        {**STACK, "draw": ["Y1", "Y3", "Y5", "Y6"]}, play(0, "breaker"), play(1, "breaker")
    )
    assert after["discard"] == ["R7", "breaker", "breaker"]
    assert same_cards(after["players"][1]["hand"], ["G3", "Y6", "G1", "B4"])


def test_stacked_own_turn_breakers_on_a_resolved_plus3_keep_it() -> None:
    """The lower Breaker lies on a +3 but was played on its player's own turn: a
    position that said nothing more would read it as an answer (section 7), so the
    engine's position says it (its own field ``own_breakers``)."""
    fields = {**STACK, "discard": ["G1", "B4", "+3"]}
    after = outcome(fields, play(0, "breaker"), play(1, "breaker"), act(2, "draw"))
    assert after["discard"] == ["+3", "breaker", "breaker"]
    assert after["players"][2]["hand"][2] in ("G1", "B4")


def test_own_turn_breaker_on_a_breaker_answer_keeps_the_answer_not_its_plus3() -> None:
    after = outcome(
        {"hands": [["breaker", "B1"], ["G3", "G4"], ["Y3", "Y4"]],
         "discard": ["G1", "B4", "+3", "breaker"], "breaker_answer": True, "draw": []},
        play(0, "breaker"),
    )
    assert after["discard"] == ["breaker", "breaker"]
    assert same_cards(after["players"][0]["hand"], ["B1", "G1", "B4", "+3"])


def test_breaker_answer_keeps_nothing_beneath_it_at_a_reshuffle() -> None:
    answered = outcome(  # the +3's player draws its 3 from a reshuffle
        {"hands": [["R1", "R3"], ["G1"], ["breaker", "G3"]], "turn": 1,
         "discard": ["B4", "R7", "+3"], "plus3": {"by": 0, "passed": []}, "draw": []},
        act(2, "break"),
    )
    assert answered["discard"] == ["breaker"]
    assert same_cards(answered["players"][0]["hand"], ["R1", "R3", "B4", "R7", "+3"])
    later = outcome(
        {"hands": [["B1", "B3"], ["G3", "G4"], ["Y3", "Y4"]], "turn": 1,
         "discard": ["G1", "B4", "+3", "breaker"], "breaker_answer": True, "draw": []},
        act(1, "draw"),
    )
    assert later["discard"] == ["breaker"]


# ================================================================ §3 Winning


def test_own_turn_breaker_wins_when_not_a_single_card_could_be_drawn() -> None:
    on_plus3 = outcome(
        {"hands": [["breaker"], ["G1", "G3"]], "discard": ["+3"], "draw": []},
        play(0, "breaker"),
    )
    assert on_plus3["winner"] == 0 and on_plus3["discard"] == ["+3", "breaker"]
    on_a_number = outcome(
        {"hands": [["breaker"], ["G1", "G3"]], "discard": ["R5"], "draw": []},
        play(0, "breaker"),
    )
    assert on_a_number["winner"] == 0


def test_own_turn_breaker_that_draws_even_one_card_does_not_win() -> None:
    after = outcome(
        {"hands": [["breaker"], ["G1", "G3"]], "discard": ["R3", "R5"], "draw": []},
        play(0, "breaker"),
    )
    assert after["winner"] is None and after["players"][0]["hand"] == ["R3"]
    assert after["discard"] == ["R5", "breaker"]


def test_breaker_answer_emptying_a_hand_under_stairs_climbs_at_once() -> None:
    fields: dict[str, Any] = {
        "hands": [["R1", "R3"], ["G1"], ["breaker"]], "turn": 1,
        "discard": ["R5", "+3"], "plus3": {"by": 0, "passed": []},
        "stages": [8, 8, 3], "options": {"stairs": True},
    }
    after = outcome(fields, act(2, "break"))
    assert after["players"][2]["stage"] == 2 and after["players"][2]["hand"] == ["Y5", "Y6"]
    assert after["players"][0]["hand"] == ["R1", "R3", "Y1", "Y3", "Y4"]
    assert after["turn"] == 1 and after["winner"] is None
    top = outcome({**fields, "stages": [8, 8, 1]}, act(2, "break"))
    assert top["winner"] == 2 and top["players"][2]["hand"] == []
    placed = outcome(
        {**fields, "stages": [8, 8, 1], "options": {"stairs": True, "play_for_places": True}},
        act(2, "break"),
    )
    assert [p["place"] for p in placed["players"]] == [None, None, 1]
    assert placed["winner"] == 2 and placed["turn"] == 1
    assert act(1, "draw") in legal_after(placed)  # the others play on


def test_finished_player_takes_no_part_in_a_plus3_window() -> None:
    fields: dict[str, Any] = {
        "hands": [["+3", "R1", "R3"], [], ["G1"], ["G3"]], "places": [None, 1, None, None],
        "winner": 1, "options": {"play_for_places": True},
    }
    listed = legal_after(fields, play(0, "+3"))
    assert {a["seat"] for a in listed} == {2, 3}
    window = outcome(fields, play(0, "+3"))
    assert window["turn"] == 2
    assert refusal(window, act(1, "pass")) in ("not_your_turn", "illegal_action")
    after = outcome(window, act(2, "pass"), act(3, "pass"))
    assert [len(p["hand"]) for p in after["players"]] == [2, 0, 4, 4]
    assert after["plus3"] is None and after["turn"] == 2


# ================================================================ §4 Stop, Change Direction


def test_stop_with_two_players_ends_the_turn_with_its_last_card_check_then_a_new_one() -> None:
    undeclared = outcome({"hands": [["Rstop", "R1"], ["G1", "G3"]]}, play(0, "Rstop"))
    assert undeclared["turn"] == 0 and len(undeclared["players"][0]["hand"]) == 5
    declared = outcome(
        {"hands": [["Rstop", "R1"], ["G1", "G3"]]}, play(0, "Rstop", last_card=True)
    )
    assert declared["turn"] == 0 and declared["players"][0]["hand"] == ["R1"]
    assert declared["players"][0]["declared"] is False  # a new turn: a new declaration
    early = outcome(  # declared in the Stop's turn, not in the new one
        {"hands": [["Rstop", "R1", "R3"], ["G1", "G3"]]},
        play(0, "Rstop", last_card=True),
        play(0, "R1"),
    )
    assert len(early["players"][0]["hand"]) == 5 and early["turn"] == 1
    two_left = outcome(
        {"hands": [["Rstop", "R1"], [], ["G3"]], "places": [None, 1, None], "winner": 1,
         "options": {"play_for_places": True}},
        play(0, "Rstop"),
    )
    assert two_left["turn"] == 0 and len(two_left["players"][0]["hand"]) == 5


def test_change_direction_counts_the_players_as_it_is_played() -> None:
    fields: dict[str, Any] = {
        "hands": [["Rdir"], [], ["G1"], ["G3"]], "places": [None, 1, None, None],
        "winner": 1, "options": {"play_for_places": True},
    }
    last = outcome(fields, play(0, "Rdir"))  # 3 still in as it is played: it reverses
    assert last["direction"] == -1 and last["turn"] == 3
    assert [p["place"] for p in last["players"]] == [2, 1, None, None]
    in_a_run = outcome(
        {**fields, "hands": [["Rtaki", "Rdir"], [], ["G1"], ["G3"]]},
        play(0, "Rtaki"),
        play(0, "Rdir"),
    )
    assert in_a_run["direction"] == -1 and in_a_run["turn"] == 3


# ================================================================ §4 the +3 window


WINDOW = {
    "hands": [["king", "R1", "R3"], ["king", "G1"], ["king", "G3"]],
    "turn": 1,
    "discard": ["R5", "+3"],
    "plus3": {"by": 0, "passed": []},
}


def test_king_from_a_seat_other_than_the_one_after_the_plus3_player_is_illegal_action() -> None:
    assert refusal(WINDOW, play(0, "king")) == "illegal_action"  # the +3's own player
    assert refusal(WINDOW, play(2, "king")) == "illegal_action"
    after = outcome(WINDOW, play(1, "king"))
    assert after["plus3"] is None and after["follow"] == "king" and after["turn"] == 1


# ================================================================ §6 stairs


def test_stairs_with_play_for_places_gives_places_in_finishing_order_from_stage_1() -> None:
    after = outcome(
        {"hands": [["R1"], ["R3"], ["R4"]], "stages": [1, 2, 1],
         "options": {"stairs": True, "play_for_places": True}},
        play(0, "R1"),  # stage 1 emptied: 1st place
        play(1, "R3"),  # stage 2 emptied: climbs to stage 1, no place
        play(2, "R4"),  # stage 1 emptied: 2nd place, and seat 1 is left for 3rd
    )
    assert [p["place"] for p in after["players"]] == [1, 3, 2]
    assert after["players"][1]["stage"] == 1 and after["winner"] == 0


# ================================================================ §7 breaker_answer


def test_breaker_answer_is_written_whenever_the_leading_card_is_a_breaker() -> None:
    own = outcome({"hands": [["breaker", "R1"], ["G1", "G3"]]}, play(0, "breaker"))
    assert own["breaker_answer"] is False
    answer = outcome(
        {"hands": [["R1", "R3"], ["R4", "G1"], ["breaker", "G3"]], "turn": 1,
         "discard": ["R5", "+3"], "plus3": {"by": 0, "passed": []}},
        act(2, "break"),
    )
    assert answer["breaker_answer"] is True
    covered = outcome(answer, play(1, "R4", last_card=True))
    assert covered["discard"][-1] == "R4" and "breaker_answer" not in covered
    assert "breaker_answer" not in position_of(game_from_position(position()))


def test_older_position_reads_a_breaker_on_a_plus3_as_an_answer_and_others_as_own_turn() -> None:
    on_plus3 = outcome(
        {"hands": [["B1", "B3"], ["G3", "G4"], ["Y3", "Y4"]], "turn": 1,
         "discard": ["G1", "B4", "R7", "+3", "breaker"], "draw": []},
        act(1, "draw"),
    )
    assert on_plus3["discard"] == ["breaker"] and on_plus3["breaker_answer"] is True
    on_r7 = outcome(
        {"hands": [["B1", "B3"], ["G3", "G4"], ["Y3", "Y4"]], "turn": 1,
         "discard": ["G1", "B4", "R7", "breaker"], "draw": []},
        act(1, "draw"),
    )
    assert on_r7["discard"] == ["R7", "breaker"] and on_r7["breaker_answer"] is False


@pytest.mark.parametrize(
    "fields",
    [
        {"discard": ["R5", "+3", "breaker"], "breaker_answer": True},
        {"discard": ["R5", "+3", "breaker"], "breaker_answer": False},
        {"discard": ["breaker"], "breaker_answer": True},
        {"discard": ["R5", "breaker", "breaker"], "breaker_answer": False},
        {"discard": ["R5", "+3", "breaker", "breaker"], "breaker_answer": False},
        {"discard": ["R5", "+3", "breaker", "breaker"], "breaker_answer": False,
         "own_breakers": 2},
        {"discard": ["R5", "R7"], "breaker_answer": None},  # said of no Breaker: kept
    ],
)
def test_positions_with_breaker_answer_round_trip_exactly(fields: dict[str, Any]) -> None:
    text = json.dumps(documented(position(**fields)))
    assert json.dumps(position_of(read_position(text))) == text


def test_malformed_breaker_answer_names_the_field() -> None:
    with pytest.raises(BadPosition) as err:
        game_from_position(position(discard=["R5", "breaker"], breaker_answer="yes"))
    assert err.value.message.startswith("breaker_answer")
