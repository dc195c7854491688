"""The position notation and the `taki-engine` oracle: the contract of RULES.md section 7."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import BadPosition, Game, game_from_position, position_of, read_position

from ..support.util import oracle, position

RULES_EXAMPLE = {
    "options": {"stairs": False, "must_play_if_able": False, "play_for_places": False},
    "players": [{"hand": ["R7", "king"], "stage": 8, "declared": False, "place": None}],
    "draw": ["G3", "Y9"],
    "discard": ["B5", "R5"],
    "turn": 0,
    "direction": 1,
    "color": "R",
    "plus2": 0,
    "plus3": None,
    "taki": None,
    "follow": None,
    "winner": None,
}


def test_rules_example_position_round_trips_exactly() -> None:
    text = json.dumps(RULES_EXAMPLE)
    assert json.dumps(position_of(read_position(text))) == text


def test_unknown_fields_are_kept() -> None:
    pos = position(mine={"a": 1})
    pos["options"]["house"] = "x"
    pos["players"][0]["avatar"] = "cat"
    out = position_of(game_from_position(pos))
    assert out["mine"] == {"a": 1}
    assert out["options"]["house"] == "x"
    assert out["players"][0]["avatar"] == "cat"


def test_draw_zero_is_the_top_and_discard_last_is_the_leading_card() -> None:
    g = game_from_position(position(hands=[["G3", "G4"], ["G1"]], draw=["Y9", "B1"]))
    g.apply(g.legal_actions()[-2])  # draw
    assert g.hands[0][-1] == "Y9"
    assert g.lead() == "R5"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"players": "x"}, "players"),
        ({"turn": 7}, "turn"),
        ({"color": "P"}, "color"),
        ({"discard": []}, "discard"),
        ({"draw": ["R2"]}, "draw[0]"),
        ({"direction": 0}, "direction"),
        ({"plus3": {"by": "a"}}, "plus3.by"),
        ({"taki": {"color": "R", "by": 0, "cards": -1, "open": False}}, "taki.cards"),
        ({"follow": "queen"}, "follow"),
        ({"winner": 9}, "winner"),
    ],
)
def test_malformed_position_names_the_field(change: dict[str, Any], field: str) -> None:
    pos = position()
    pos.update(change)
    with pytest.raises(BadPosition) as err:
        game_from_position(pos)
    assert err.value.message.startswith(field)


def test_oracle_new_deals_a_position() -> None:
    code, out = oracle("new", "--players", "3", "--seed", "5")
    assert code == 0
    pos = json.loads(out)
    assert len(pos["players"]) == 3
    assert all(len(p["hand"]) == 8 for p in pos["players"])
    assert len(pos["draw"]) + len(pos["discard"]) == 116 - 24
    assert oracle("new", "--players", "3", "--seed", "5")[1] == out
    code, out = oracle("new", "--players", "2", "--seed", "1", "--stairs")
    assert json.loads(out)["options"]["stairs"] is True


def test_oracle_legal_lists_every_seat_and_colour_once() -> None:
    pos = position(hands=[["color", "R1", "R1", "G3"], ["breaker"]])
    code, out = oracle("legal", stdin=json.dumps(pos))
    assert code == 0
    actions = json.loads(out)
    assert {"seat": 0, "type": "play", "card": "R1"} in actions
    assert sum(a.get("card") == "R1" for a in actions) == 1
    assert [a["color"] for a in actions if a.get("card") == "color"] == ["R", "G", "B", "Y"]
    assert {"seat": 0, "type": "draw"} in actions
    assert {"seat": 0, "type": "declare_last_card"} in actions
    assert all("last_card" not in a for a in actions)


def test_oracle_legal_in_the_plus3_window_covers_all_seats() -> None:
    pos = position(
        hands=[["R1", "R3"], ["king", "G1"], ["breaker", "G3"]],
        discard=["R5", "+3"],
        turn=1,
        plus3={"by": 0, "passed": []},
    )
    code, out = oracle("legal", stdin=json.dumps(pos))
    assert code == 0
    got = {(a["seat"], a["type"], a.get("card")) for a in json.loads(out)}
    assert got == {
        (1, "play", "king"),
        (1, "pass", None),
        (2, "break", None),
        (2, "pass", None),
    }


def test_oracle_apply_prints_the_next_position() -> None:
    pos = position(hands=[["R1", "R3"], ["G1", "G3"]])
    code, out = oracle("apply", '{"seat": 0, "type": "play", "card": "R3"}', stdin=json.dumps(pos))
    assert code == 0
    after = json.loads(out)
    assert after["discard"][-1] == "R3" and after["turn"] == 1


OPEN_R_RUN = {"color": "R", "by": 1, "cards": 1, "open": True}


@pytest.mark.parametrize(
    ("rule", "pos_fields", "action", "expect"),
    [
        ("change_direction_with_two_players_keeps_direction",
         {"hands": [["Rdir", "R1"], ["G1"]], "direction": -1},
         {"seat": 0, "type": "play", "card": "Rdir"},
         {"direction": -1, "turn": 1}),
        ("change_direction_with_two_left_in_play_for_places_keeps_direction",
         {"hands": [["Rdir", "R1"], [], ["G1"]], "places": [None, 1, None], "winner": 1,
          "options": {"play_for_places": True}},
         {"seat": 0, "type": "play", "card": "Rdir"},
         {"direction": 1, "turn": 2}),
        ("change_direction_with_three_players_reverses",
         {"hands": [["Rdir", "R1"], ["G1"], ["G3"]]},
         {"seat": 0, "type": "play", "card": "Rdir"},
         {"direction": -1, "turn": 2}),
        ("taki_of_run_colour_continues_open_run",
         {"hands": [["Rtaki", "R4"], ["G3"]], "discard": ["R5", "Rtaki", "R3"],
          "taki": OPEN_R_RUN},
         {"seat": 0, "type": "play", "card": "Rtaki"},
         {"taki": {"color": "R", "by": 0, "cards": 2, "open": False}, "turn": 0}),
        ("super_taki_continues_open_run",
         {"hands": [["supertaki", "R4"], ["G3"]], "discard": ["R5", "Rtaki", "R3"],
          "taki": OPEN_R_RUN},
         {"seat": 0, "type": "play", "card": "supertaki"},
         {"taki": {"color": "R", "by": 0, "cards": 2, "open": False}, "color": "R"}),
        ("taki_of_other_colour_ends_open_run_and_opens_its_own",
         {"hands": [["Gtaki", "G4"], ["G3"]], "discard": ["R5", "Rtaki"],
          "taki": {"color": "R", "by": 1, "cards": 0, "open": True}},
         {"seat": 0, "type": "play", "card": "Gtaki"},
         {"taki": {"color": "G", "by": 0, "cards": 0, "open": False}, "color": "G"}),
        ("taki_of_run_colour_inside_own_run_is_one_more_card",
         {"hands": [["Rtaki", "R4"], ["G3"]], "discard": ["R5", "Rtaki"],
          "taki": {"color": "R", "by": 0, "cards": 0, "open": False}},
         {"seat": 0, "type": "play", "card": "Rtaki"},
         {"taki": {"color": "R", "by": 0, "cards": 1, "open": False}, "turn": 0}),
        ("taki_last_card_at_close_has_no_action",
         {"hands": [["R4", "G1"], ["G3"], ["G4"]], "discard": ["R5", "Rtaki", "R3", "Rtaki"],
          "taki": {"color": "R", "by": 0, "cards": 2, "open": False}},
         {"seat": 0, "type": "close_taki"},
         {"taki": None, "turn": 1, "plus2": 0, "follow": None}),
    ],
)
def test_oracle_apply_follows_rules_4_and_5(
    rule: str, pos_fields: dict[str, Any], action: dict[str, Any], expect: dict[str, Any]
) -> None:
    """RULES.md section 4 (Change Direction) and section 5 (TAKI runs), through
    `taki-engine apply` (the installed console script) as an outside checker runs it."""
    script = Path(sys.executable).with_name("taki-engine")
    done = subprocess.run(
        [str(script), "apply", json.dumps(action)],
        input=json.dumps(position(**pos_fields)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, (rule, done.stdout, done.stderr)
    after = json.loads(done.stdout)
    assert {k: after[k] for k in expect} == expect, rule


@pytest.mark.parametrize(
    ("pos_fields", "action", "code"),
    [
        ({}, {"seat": 1, "type": "draw"}, "not_your_turn"),
        ({}, {"seat": 0, "type": "play", "card": "king"}, "card_not_in_hand"),
        ({"hands": [["color", "R1"], ["G1"]]}, {"seat": 0, "type": "play", "card": "color"},
         "bad_color"),
        ({"hands": [["G3", "R1"], ["G1"]]}, {"seat": 0, "type": "play", "card": "G3"},
         "illegal_action"),
        ({"winner": 1, "hands": [["R1", "R3"], []]}, {"seat": 0, "type": "draw"}, "game_over"),
        ({}, {"seat": 0, "type": "fly"}, "bad_action"),
        ({}, {"seat": 0, "type": "play", "card": "R2"}, "bad_action"),
        ({}, {"type": "draw"}, "bad_action"),
    ],
)
def test_oracle_apply_refuses_with_a_code(
    pos_fields: dict[str, Any], action: dict[str, Any], code: str
) -> None:
    status, out = oracle("apply", json.dumps(action), stdin=json.dumps(position(**pos_fields)))
    assert status == 1
    err = json.loads(out)
    assert err["error"] == code and isinstance(err["message"], str) and err["message"]


def test_oracle_malformed_position_exits_2_naming_the_field() -> None:
    pos = position()
    pos["turn"] = "first"
    status, out = oracle("legal", stdin=json.dumps(pos))
    assert status == 2 and "turn" in json.loads(out)["message"]
    status, out = oracle("apply", '{"seat": 0, "type": "draw"}', stdin="{not json")
    assert status == 2


def test_oracle_unreadable_action_exits_2() -> None:
    status, _ = oracle("apply", "{seat", stdin=json.dumps(position()))
    assert status == 2


@pytest.mark.parametrize("command", ["new", "legal", "apply", "demo"])
def test_oracle_help_on_each_command(command: str) -> None:
    status, out = oracle(command, "--help")
    assert status == 0 and "usage" in out


def test_oracle_agrees_with_the_library_on_a_whole_game() -> None:
    game = Game.new(3, 21, record=False)
    text = json.dumps(position_of(game))
    for _ in range(5):
        action = game.legal_actions()[0]
        game.apply(action)
        status, text = oracle("apply", json.dumps(action.to_json()), stdin=text)
        assert status == 0
        assert json.loads(text) == position_of(game)


def test_demo_plays_a_game_to_the_end() -> None:
    status, out = oracle("demo", "--seed", "4", "--delay", "0")
    assert status == 0 and "wins" in out.splitlines()[-1]


def test_text_play_against_bots_reaches_the_end() -> None:
    from engine.textplay import play_text

    lines: list[str] = []
    winner = play_text(3, seed=8, read=lambda prompt: "1!", write=lines.append, color=False)
    assert 0 <= winner < 3
    assert any(line.startswith("  1. ") for line in lines)
    assert lines[-1] in ("You win!", f"Bot {winner} wins.")
    # a spectator-safe log: another seat's drawn cards are never shown to the player
    assert not any("Bot" in line and "drew" in line and ":" in line.split("drew")[1]
                   for line in lines)
