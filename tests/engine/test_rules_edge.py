"""Edge cases of RULES.md not pinned by test_rules.py, one test per rule sentence.

Tests whose name ends in ``_reading`` pin the engine's choice where RULES.md is
ambiguous (the docstring says which reading).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import Action, CardNotInHand, Game, IllegalAction, NotYourTurn

from ..support.util import act, game, legal_plays, legal_types, oracle, play, pos, position

# ---------------------------------------------------------------- helpers


def actions_of(g: Game) -> set[tuple[int, str, str | None, str | None]]:
    """The legal list as a set of (seat, type, card, color)."""
    return {(a.seat, a.type, a.card, a.color) for a in g.legal_actions()}


def drawn_by(g: Game) -> list[int]:
    """Seats that drew, in order, from the events since the last call."""
    return [e.seat for e in g.take_events() if e.kind == "drew" and e.seat is not None]


# ================================================================ §3 last card


def test_last_card_king_end_turn_with_one_card_is_still_checked_reading() -> None:
    """'end the turn (end_turn) at no cost' vs 'the player whose turn ends with exactly
    one card ... draw 4': the engine reads 'at no cost' as 'no draw for declining', the
    last-card check still applies."""
    g = game(hands=[["king", "G3"], ["G1", "G4"]])
    play(g, 0, "king")
    act(g, 0, "end_turn")
    assert len(g.hands[0]) == 5 and g.turn == 1


def test_last_card_declared_during_king_follow_up_counts() -> None:
    g = game(hands=[["king", "G3"], ["G1", "G4"]])
    play(g, 0, "king")
    assert "declare_last_card" in legal_types(g, 0)
    act(g, 0, "declare_last_card")
    act(g, 0, "end_turn")
    assert g.hands[0] == ["G3"]


def test_last_card_not_checked_on_an_out_of_turn_breaker_answer() -> None:
    """Only 'the player whose turn ends' is checked; a Breaker answer is not a turn."""
    g = game(hands=[["R1", "R3"], ["G1", "G3"], ["breaker", "G4"]], turn=1,
             discard=["R5", "+3"], plus3={"by": 0, "passed": []})
    act(g, 2, "break")
    assert g.hands[2] == ["G4"] and g.turn == 1


def test_last_card_checked_when_plus3_player_turn_ends_before_the_window() -> None:
    g = game(hands=[["+3", "R1", "R3"], ["G1"], ["G3"]])
    play(g, 0, "+3")  # 2 cards left: no check needed
    assert len(g.hands[0]) == 2
    g = game(hands=[["+3", "R1"], ["G1"], ["G3"]])
    play(g, 0, "+3")  # 1 card, undeclared: 4 drawn as the turn ends
    assert len(g.hands[0]) == 5 and g.plus3 is not None and g.turn == 1


def test_last_card_stop_with_two_players_new_turn_needs_a_new_declaration() -> None:
    """'declared ... (reset when a turn starts)': a Stop's extra turn is a new turn."""
    g = game(hands=[["Rstop", "R1", "R3"], ["G1", "G4"]])
    play(g, 0, "Rstop", last=True)  # 2 cards left: the declaration does nothing
    assert g.turn == 0 and pos(g)["players"][0]["declared"] is False
    play(g, 0, "R1")  # 1 card left, not declared in *this* turn
    assert len(g.hands[0]) == 5


def test_declared_is_false_for_a_seat_whose_turn_has_ended() -> None:
    g = game(hands=[["R1", "R3"], ["G1", "G4"]])
    play(g, 0, "R1", last=True)
    assert g.turn == 1 and g.hands[0] == ["R3"]
    assert [p["declared"] for p in pos(g)["players"]] == [False, False]


# ================================================================ §3 winning


def test_winning_plus3_as_the_last_card_ends_the_game_nobody_draws() -> None:
    g = game(hands=[["+3"], ["G1", "G3"], ["G4"]])
    g.take_events()
    play(g, 0, "+3")
    assert g.winner == 0 and g.over and g.plus3 is None
    assert [len(h) for h in g.hands] == [0, 2, 1]
    assert g.legal_actions() == []


def test_winning_plus2_as_the_last_card_ends_the_game() -> None:
    g = game(hands=[["R+2"], ["G+2", "G3"]])
    play(g, 0, "R+2")
    assert g.winner == 0 and g.over and g.legal_actions() == []


def test_winning_taki_alone_as_the_last_card_closes_and_wins() -> None:
    g = game(hands=[["Rtaki"], ["G1", "G3"]])
    play(g, 0, "Rtaki")
    assert g.winner == 0 and g.taki is None


def test_winning_super_taki_alone_as_the_last_card_closes_and_wins() -> None:
    g = game(hands=[["supertaki"], ["G1", "G3"]])
    play(g, 0, "supertaki")
    assert g.winner == 0 and g.taki is None and g.color == "R"


def test_winning_change_colour_as_final_card_of_a_run() -> None:
    g = game(hands=[["Rtaki", "R3", "color"], ["G1", "G3"]])
    play(g, 0, "Rtaki")
    play(g, 0, "R3")
    play(g, 0, "color", "B")
    assert g.winner == 0 and g.color == "B" and g.taki is None


def test_winning_king_follow_up_card_may_win() -> None:
    g = game(hands=[["king", "G3"], ["G1", "G4"]])
    play(g, 0, "king", last=True)
    play(g, 0, "G3")
    assert g.winner == 0 and g.follow is None


def test_winning_plus3_after_a_king_ends_the_game_without_a_window() -> None:
    g = game(hands=[["king", "+3"], ["G1", "G4"]])
    play(g, 0, "king", last=True)
    play(g, 0, "+3")
    assert g.winner == 0 and g.plus3 is None and g.over


def test_winning_plus_last_of_a_closed_run_with_empty_hand_owes_a_draw() -> None:
    """'Only a Plus keeps the turn going: its player's only action is draw 1.'"""
    g = game(hands=[["Rtaki", "R3", "Rplus"], ["G1", "G3"]])
    play(g, 0, "Rtaki")
    play(g, 0, "R3")
    play(g, 0, "Rplus", last=True)  # the hand empties: the run closes, the Plus acts
    assert g.taki is None and g.follow == "plus" and g.winner is None and g.turn == 0
    assert actions_of(g) == {(0, "draw", None, None)}  # declared already
    act(g, 0, "draw")
    assert g.hands[0] == ["Y1"] and g.turn == 1 and g.follow is None


def test_winning_plus_last_of_a_closed_run_draw_then_last_card_penalty() -> None:
    g = game(hands=[["Rtaki", "R3", "Rplus"], ["G1", "G3"]])
    play(g, 0, "Rtaki")
    play(g, 0, "R3")
    play(g, 0, "Rplus")
    assert actions_of(g) == {(0, "draw", None, None), (0, "declare_last_card", None, None)}
    act(g, 0, "draw")
    assert len(g.hands[0]) == 5  # 1 drawn + 4 penalty


def test_winning_chained_pluses_emptying_the_hand_owe_a_draw() -> None:
    g = game(hands=[["Rplus", "Gplus"], ["B1", "B3"]])
    play(g, 0, "Rplus")
    play(g, 0, "Gplus")
    assert g.hands[0] == [] and g.follow == "plus" and g.winner is None
    assert legal_types(g, 0) == {"draw", "declare_last_card"}


def test_winning_plus_with_empty_hand_must_draw_even_with_must_play_if_able() -> None:
    g = game(hands=[["Rplus"], ["G1", "G3"]], options={"must_play_if_able": True})
    play(g, 0, "Rplus", last=True)
    assert actions_of(g) == {(0, "draw", None, None)}


def test_winning_king_answer_to_plus3_with_last_card_wins_nobody_draws() -> None:
    g = game(hands=[["R1", "R3"], ["king"], ["G3"]], turn=1,
             discard=["R5", "+3"], plus3={"by": 0, "passed": []})
    play(g, 1, "king")
    assert g.winner == 1 and g.over and [len(h) for h in g.hands] == [2, 0, 1]


def test_winning_breaker_answer_from_a_seat_not_on_turn_wins() -> None:
    g = game(hands=[["R1", "R3"], ["G1"], ["breaker"]], turn=1,
             discard=["R5", "+3"], plus3={"by": 0, "passed": [1]})
    act(g, 2, "break")
    assert g.winner == 2 and g.over and len(g.hands[0]) == 5 and len(g.hands[1]) == 1


# ================================================================ play_for_places


def test_play_for_places_stop_skips_over_finished_seats() -> None:
    g = game(hands=[["Rstop", "R1"], [], ["G1"], ["G3"]], places=[None, 1, None, None],
             winner=1, options={"play_for_places": True})
    play(g, 0, "Rstop")
    assert g.turn == 3  # 1 has finished, 2 is skipped


def test_play_for_places_finished_players_last_stop_still_acts() -> None:
    g = game(hands=[["Rstop"], ["G1"], ["G3"], ["G4"]], options={"play_for_places": True})
    play(g, 0, "Rstop")
    assert g.places == [1, None, None, None] and g.winner == 0 and g.turn == 2


def test_play_for_places_stop_with_two_left_gives_the_same_player_another_turn() -> None:
    g = game(hands=[["Rstop", "R1", "R3"], [], ["G3"]], places=[None, 1, None], winner=1,
             options={"play_for_places": True})
    play(g, 0, "Rstop")
    assert g.turn == 0


def test_play_for_places_finished_players_plus2_goes_to_next_unfinished_seat() -> None:
    g = game(hands=[["R+2"], [], ["G3", "G4"], ["G5"]], places=[None, 1, None, None],
             winner=1, options={"play_for_places": True})
    play(g, 0, "R+2")
    assert g.places[0] == 2 and g.plus2 == 2 and g.turn == 2


def test_play_for_places_last_remaining_seat_takes_last_place() -> None:
    g = game(hands=[["R1"], [], ["G3", "G4"]], places=[None, 1, None], winner=1,
             options={"play_for_places": True})
    play(g, 0, "R1")
    assert g.places == [2, 1, 3] and g.over and g.winner == 1 and g.legal_actions() == []


def test_play_for_places_plus3_window_skips_finished_seats() -> None:
    g = game(hands=[["+3", "R1", "R3"], [], ["G1"], ["G3"]], places=[None, 1, None, None],
             winner=1, options={"play_for_places": True})
    play(g, 0, "+3")
    assert g.turn == 2
    assert actions_of(g) == {(2, "pass", None, None), (3, "pass", None, None)}
    g.take_events()
    act(g, 3, "pass")
    act(g, 2, "pass")
    assert drawn_by(g) == [2, 3]
    assert [len(h) for h in g.hands] == [2, 0, 4, 4] and g.turn == 2


def test_play_for_places_plus3_as_finishing_card_still_acts_on_the_others() -> None:
    g = game(hands=[["+3"], ["G1"], ["breaker", "G3"]], options={"play_for_places": True})
    play(g, 0, "+3")
    assert g.places == [1, None, None] and not g.over
    assert pos(g)["plus3"] == {"by": 0, "passed": []} and g.turn == 1
    assert actions_of(g) == {
        (1, "pass", None, None),
        (2, "break", None, None),
        (2, "pass", None, None),
    }
    act(g, 1, "pass")
    act(g, 2, "pass")
    assert [len(h) for h in g.hands] == [0, 4, 5] and g.turn == 1


def test_play_for_places_breaker_against_a_finished_plus3_player_nobody_draws() -> None:
    """'a finished player never draws' and, once broken, 'nobody else draws'."""
    g = game(hands=[["+3"], ["G1"], ["breaker", "G3"]], options={"play_for_places": True})
    play(g, 0, "+3")
    act(g, 2, "break")
    assert [len(h) for h in g.hands] == [0, 1, 1] and g.plus3 is None and g.turn == 1


def test_play_for_places_breaker_answer_finishes_the_answerer_and_play_goes_on() -> None:
    g = game(hands=[["+3", "R1", "R3"], ["breaker"], ["G3"]], options={"play_for_places": True})
    play(g, 0, "+3")
    act(g, 1, "break")
    assert g.places == [None, 1, None] and g.winner == 1 and not g.over
    assert len(g.hands[0]) == 5
    assert g.turn == 2  # the seat after the +3's player has finished: the next one plays


def test_play_for_places_breaker_answer_from_a_later_seat_keeps_the_turn() -> None:
    g = game(hands=[["+3", "R1", "R3"], ["G1"], ["breaker"], ["G4"]],
             options={"play_for_places": True})
    play(g, 0, "+3")
    act(g, 2, "break")
    assert g.places == [None, None, 1, None] and g.turn == 1


def test_play_for_places_finished_seat_cannot_act() -> None:
    g = game(hands=[["R1", "R3"], [], ["G3"]], places=[None, 1, None], winner=1,
             options={"play_for_places": True})
    with pytest.raises(NotYourTurn):
        act(g, 1, "draw")
    assert {a.seat for a in g.legal_actions()} == {0}


# ================================================================ §4 King


def test_king_answering_plus3_then_playing_plus3_itself_opens_a_new_window() -> None:
    g = game(hands=[["+3", "R1", "R3"], ["king", "+3", "G1"], ["breaker", "G3"]])
    play(g, 0, "+3")
    play(g, 1, "king")
    assert g.plus3 is None and g.follow == "king" and g.turn == 1
    play(g, 1, "+3", last=True)
    assert pos(g)["plus3"] == {"by": 1, "passed": []} and g.turn == 2 and g.follow is None
    assert actions_of(g) == {
        (2, "break", None, None),
        (2, "pass", None, None),
        (0, "pass", None, None),
    }
    g.take_events()
    act(g, 0, "pass")
    act(g, 2, "pass")
    assert drawn_by(g) == [2, 0]  # in play order from the seat after the +3's player
    assert [len(h) for h in g.hands] == [5, 1, 5] and g.turn == 2


def test_king_follow_up_may_play_an_own_turn_breaker() -> None:
    g = game(hands=[["king", "breaker", "G1"], ["G3"]])
    play(g, 0, "king")
    play(g, 0, "breaker")
    assert len(g.hands[0]) == 4 and g.turn == 1 and g.color == "R"
    assert g.lead() == "king"


def test_king_follow_up_plus_owes_one_more_card_against_the_plus() -> None:
    g = game(hands=[["king", "Gplus", "G3", "B4"], ["G5"]])
    play(g, 0, "king")
    play(g, 0, "Gplus")
    assert g.follow == "plus" and g.color == "G"
    assert legal_plays(g, 0) == {"G3"}


def test_king_follow_up_legal_list_is_every_card_end_turn_and_declare() -> None:
    g = game(hands=[["king", "G3", "G3", "color", "breaker"], ["G5"]])
    play(g, 0, "king")
    assert actions_of(g) == {
        (0, "play", "G3", None),
        (0, "play", "breaker", None),
        *((0, "play", "color", c) for c in "RGBY"),
        (0, "end_turn", None, None),
        (0, "declare_last_card", None, None),
    }


def test_king_on_king_matches_by_symbol_and_keeps_active_colour() -> None:
    g = game(hands=[["king", "G1"], ["G3"]], discard=["R5", "king"], color="R")
    play(g, 0, "king")
    assert g.color == "R" and g.follow == "king"


# ================================================================ §4 +3 window


def test_plus3_window_legal_list_exactly() -> None:
    """'break (other seats holding a Breaker), pass (other seats that have not answered)
    and a king from the seat after the +3's player': nothing else, no declaration."""
    g = game(hands=[["+3", "breaker", "king", "R1"], ["king", "breaker", "R4"],
                    ["king", "breaker"], ["G4", "color"]])
    play(g, 0, "+3")
    assert actions_of(g) == {
        (1, "play", "king", None),
        (1, "break", None, None),
        (1, "pass", None, None),
        (2, "break", None, None),
        (2, "pass", None, None),
        (3, "pass", None, None),
    }
    act(g, 1, "pass")  # final: seat 1 loses its King and its Breaker answers
    assert actions_of(g) == {
        (2, "break", None, None),
        (2, "pass", None, None),
        (3, "pass", None, None),
    }


def test_plus3_window_refusals_name_the_right_code() -> None:
    g = game(hands=[["+3", "breaker", "R1"], ["king", "R4"], ["king", "G3"]])
    play(g, 0, "+3")
    with pytest.raises(IllegalAction):
        act(g, 0, "pass")  # one's own +3
    with pytest.raises(IllegalAction):
        act(g, 0, "break")
    with pytest.raises(IllegalAction) as err:
        play(g, 2, "king")  # a King only from the seat after the +3's player
    assert err.value.code == "illegal_action"  # RULES.md section 4, not not_your_turn
    with pytest.raises(CardNotInHand):
        act(g, 1, "break")
    with pytest.raises(IllegalAction):
        act(g, 1, "draw")
    with pytest.raises(IllegalAction):
        act(g, 1, "declare_last_card")


def test_plus3_pass_by_the_seat_after_then_a_breaker_still_breaks() -> None:
    g = game(hands=[["+3", "R1", "R3"], ["king", "G1"], ["breaker", "G3"]])
    play(g, 0, "+3")
    act(g, 1, "pass")
    act(g, 2, "break")
    assert [len(h) for h in g.hands] == [5, 2, 1] and g.turn == 1 and g.follow is None


def test_plus3_resolution_order_follows_the_direction() -> None:
    g = game(hands=[["+3", "R1", "R3"], ["G1"], ["G3"], ["G4"]], direction=-1)
    play(g, 0, "+3")
    assert g.turn == 3
    g.take_events()
    for seat in (1, 2, 3):
        act(g, seat, "pass")
    assert drawn_by(g) == [3, 2, 1] and g.turn == 3


def test_plus3_on_a_plus_follow_up_and_on_an_open_taki() -> None:
    g = game(hands=[["Rplus", "+3", "G1"], ["G3"]])
    play(g, 0, "Rplus")
    assert "+3" in legal_plays(g, 0)
    g = game(hands=[["G1", "+3"], ["G3"]], discard=["R5", "Rtaki"],
             taki={"color": "R", "by": 1, "cards": 0, "open": True})
    play(g, 0, "+3")
    assert g.taki is None and g.plus3 is not None


def test_breaker_answer_leaves_the_active_colour_and_the_follow_unchanged() -> None:
    g = game(hands=[["+3", "R1", "R3"], ["G1", "B4"], ["breaker", "G3"]], color="B",
             discard=["B5"])
    play(g, 0, "+3")
    act(g, 2, "break")
    assert g.color == "B" and g.follow is None and g.turn == 1
    assert legal_plays(g, 1) == {"B4"}


def test_reshuffle_after_an_answer_breaker_keeps_only_the_top_card() -> None:
    g = game(hands=[["R1", "R3"], ["G1"], ["breaker", "G3"]], turn=1, draw=[],
             discard=["B1", "B3", "B4", "R5", "+3"], plus3={"by": 0, "passed": []})
    act(g, 2, "break")  # seat 0 draws 3 from a reshuffle of everything but the Breaker
    assert len(g.hands[0]) == 5
    assert g.discard == ["breaker"] and len(g.draw_pile) == 2


# ================================================================ §3 must_play_if_able


def test_must_play_if_able_facing_an_open_taki() -> None:
    opts = {"must_play_if_able": True}
    run = {"color": "R", "by": 1, "cards": 1, "open": True}
    g = game(hands=[["R4", "G1"], ["G3"]], discard=["R5", "Rtaki", "R3"], taki=run,
             options=opts)
    assert legal_types(g, 0) == {"play", "declare_last_card"}
    g = game(hands=[["G4", "B1"], ["G3"]], discard=["R5", "Rtaki", "R3"], taki=run,
             options=opts)
    assert legal_types(g, 0) == {"draw", "declare_last_card"}
    act(g, 0, "draw")
    assert g.taki is not None and g.taki.open and g.turn == 1


def test_must_play_if_able_with_a_plus_owed() -> None:
    opts = {"must_play_if_able": True}
    g = game(hands=[["Rplus", "Bplus", "G1"], ["G3"]], options=opts)
    play(g, 0, "Rplus")
    assert legal_plays(g, 0) == {"Bplus"} and "draw" not in legal_types(g, 0)
    g = game(hands=[["Rplus", "G4", "G1"], ["G3"]], options=opts)
    play(g, 0, "Rplus")
    assert legal_plays(g, 0) == set() and "draw" in legal_types(g, 0)


def test_must_play_if_able_a_king_forbids_drawing_a_plus2_stack() -> None:
    g = game(hands=[["king", "G1"], ["G3"]], discard=["R+2"], plus2=2,
             options={"must_play_if_able": True})
    assert legal_types(g, 0) == {"play", "declare_last_card"}


def test_must_play_if_able_colourless_card_is_always_playable() -> None:
    g = game(hands=[["G4", "breaker"], ["G3"]], options={"must_play_if_able": True})
    assert legal_types(g, 0) == {"play", "declare_last_card"}


# ================================================================ §5 runs


def test_taki_run_legal_list_with_the_taki_alone() -> None:
    g = game(hands=[["Rtaki", "R3", "supertaki", "color", "G1", "king"], ["G3"]])
    play(g, 0, "Rtaki")
    assert actions_of(g) == {
        (0, "play", "R3", None),
        (0, "play", "supertaki", None),
        *((0, "play", "color", c) for c in "RGBY"),
        (0, "end_turn", None, None),
        (0, "declare_last_card", None, None),
    }


def test_taki_open_run_continued_then_emptied_closes_and_the_last_card_acts() -> None:
    g = game(hands=[["G1", "G3"], ["Rstop"], ["G4"]], discard=["R5", "Rtaki", "R3"],
             taki={"color": "R", "by": 0, "cards": 1, "open": True}, turn=1,
             options={"play_for_places": True})
    play(g, 1, "Rstop")
    assert g.taki is None and g.places[1] == 1 and g.turn == 0  # 2 is skipped


def test_taki_open_run_ended_by_change_colour() -> None:
    g = game(hands=[["color", "G1"], ["G3"]], discard=["R5", "Rtaki", "Rplus"],
             taki={"color": "R", "by": 1, "cards": 1, "open": True})
    play(g, 0, "color", "Y")
    assert g.taki is None and g.color == "Y" and g.follow is None and g.turn == 1


def test_super_taki_continues_open_run() -> None:
    """RULES.md section 5: a Super TAKI on an open run is one more card of the run (it
    takes the run's colour): cards grows by one, by becomes this seat, open becomes false,
    so the player may close at once."""
    g = game(hands=[["supertaki", "R4", "G1"], ["G3"]], discard=["R5", "Rtaki", "R3"],
             taki={"color": "R", "by": 1, "cards": 1, "open": True}, color="R")
    play(g, 0, "supertaki")
    assert pos(g)["taki"] == {"color": "R", "by": 0, "cards": 2, "open": False}
    assert g.color == "R" and g.turn == 0
    assert "close_taki" in legal_types(g, 0) and "draw" not in legal_types(g, 0)
    act(g, 0, "close_taki")  # a Super TAKI as the last card has no action
    assert g.taki is None and g.turn == 1 and g.color == "R" and g.plus2 == 0


def test_taki_of_run_colour_continues_open_run() -> None:
    """RULES.md section 5: 'continue it with cards of its colour, a TAKI of that colour
    included': cards grows by one (not a new run with cards 0), and it may be closed."""
    g = game(hands=[["Rtaki", "R4", "G1"], ["G3"]], discard=["R5", "Rtaki", "R3"],
             taki={"color": "R", "by": 1, "cards": 1, "open": True})
    play(g, 0, "Rtaki")
    assert pos(g)["taki"] == {"color": "R", "by": 0, "cards": 2, "open": False}
    assert legal_plays(g, 0) == {"R4"}
    act(g, 0, "close_taki")  # a TAKI as the last card has no action
    assert g.taki is None and g.turn == 1 and g.follow is None


def test_taki_of_run_colour_continues_a_bare_open_taki() -> None:
    g = game(hands=[["Rtaki", "R4", "G1"], ["G3"]], discard=["R5", "Rtaki"],
             taki={"color": "R", "by": 1, "cards": 0, "open": True})
    play(g, 0, "Rtaki")
    assert pos(g)["taki"] == {"color": "R", "by": 0, "cards": 1, "open": False}
    assert "close_taki" in legal_types(g, 0)


def test_super_taki_continues_a_bare_open_taki() -> None:
    g = game(hands=[["supertaki", "R4", "G1"], ["G3"]], discard=["R5", "Gtaki"],
             taki={"color": "G", "by": 1, "cards": 0, "open": True}, color="G")
    play(g, 0, "supertaki")
    assert pos(g)["taki"] == {"color": "G", "by": 0, "cards": 1, "open": False}
    assert g.color == "G" and "close_taki" in legal_types(g, 0)


def test_taki_of_run_colour_continuing_open_run_as_last_card_closes_with_no_action() -> None:
    g = game(hands=[["G1", "G3"], ["Rtaki"], ["G4"]], discard=["R5", "Rtaki", "R3"],
             taki={"color": "R", "by": 0, "cards": 1, "open": True}, turn=1,
             options={"play_for_places": True})
    play(g, 1, "Rtaki")
    assert g.taki is None and g.places[1] == 1 and g.turn == 2 and g.plus2 == 0


def test_super_taki_continuing_open_run_as_last_card_closes_with_no_action() -> None:
    g = game(hands=[["supertaki"], ["G1", "G3"]], discard=["R5", "Btaki", "B3"],
             taki={"color": "B", "by": 1, "cards": 1, "open": True}, color="B")
    play(g, 0, "supertaki")
    assert g.winner == 0 and g.taki is None and g.color == "B"


def test_taki_of_run_colour_inside_own_run_is_one_more_card() -> None:
    g = game(hands=[["Rtaki", "Rtaki", "R3", "G1"], ["G1"]])
    play(g, 0, "Rtaki")
    play(g, 0, "Rtaki")
    assert pos(g)["taki"] == {"color": "R", "by": 0, "cards": 1, "open": False}
    assert "close_taki" in legal_types(g, 0)
    act(g, 0, "close_taki")  # a TAKI last: no action, the turn passes
    assert g.taki is None and g.turn == 1


def test_super_taki_inside_own_run_is_one_more_card_with_no_action_at_close() -> None:
    g = game(hands=[["Btaki", "B3", "supertaki", "G1"], ["G1"]], color="B", discard=["B5"])
    play(g, 0, "Btaki")
    play(g, 0, "B3")
    play(g, 0, "supertaki")
    assert pos(g)["taki"] == {"color": "B", "by": 0, "cards": 2, "open": False}
    act(g, 0, "close_taki")
    assert g.taki is None and g.turn == 1 and g.color == "B"


def test_taki_of_other_colour_inside_own_run_is_illegal() -> None:
    g = game(hands=[["Rtaki", "Gtaki", "R3"], ["G1"]])
    play(g, 0, "Rtaki")
    assert "Gtaki" not in legal_plays(g, 0)
    with pytest.raises(IllegalAction):
        play(g, 0, "Gtaki")


def test_taki_of_other_colour_ends_open_run_and_opens_its_own() -> None:
    """RULES.md section 5: a TAKI of another colour ends an open run (no action for it)
    and opens its own run, cards 0 (not closable yet)."""
    g = game(hands=[["Gtaki", "G4", "B1"], ["G3"]], discard=["R5", "Rtaki", "R+2", "Rtaki"],
             taki={"color": "R", "by": 1, "cards": 2, "open": True})
    play(g, 0, "Gtaki")
    assert pos(g)["taki"] == {"color": "G", "by": 0, "cards": 0, "open": False}
    assert g.color == "G" and g.plus2 == 0
    assert "close_taki" not in legal_types(g, 0)


def test_taki_other_colour_taki_on_a_bare_open_taki_opens_a_new_run() -> None:
    g = game(hands=[["Gtaki", "G4", "B1"], ["G3"]], discard=["R5", "Rtaki"],
             taki={"color": "R", "by": 1, "cards": 0, "open": True})
    play(g, 0, "Gtaki")
    assert pos(g)["taki"] == {"color": "G", "by": 0, "cards": 0, "open": False}
    assert g.color == "G"


def test_taki_left_open_ends_the_turn_with_the_last_card_check() -> None:
    g = game(hands=[["Rtaki", "R3", "G1"], ["G3", "G4"]])
    play(g, 0, "Rtaki")
    play(g, 0, "R3")
    act(g, 0, "end_turn")
    assert g.taki is not None and g.taki.open and len(g.hands[0]) == 5


def test_taki_close_with_plus_last_owes_a_matching_card() -> None:
    g = game(hands=[["Rtaki", "Rplus", "R3", "G4"], ["G3"]])
    play(g, 0, "Rtaki")
    play(g, 0, "Rplus")
    act(g, 0, "close_taki")
    assert g.follow == "plus" and g.turn == 0 and g.taki is None
    assert legal_types(g, 0) == {"play", "draw", "declare_last_card"}
    assert legal_plays(g, 0) == {"R3"}


# ================================================================ §4 Change Direction


def test_change_direction_with_two_players_keeps_the_direction_field() -> None:
    """RULES.md section 4: 'it changes nothing: the position's direction keeps its value'."""
    g = game(hands=[["Rdir", "R1"], ["G1", "G3"]], direction=-1)
    play(g, 0, "Rdir")
    assert g.turn == 1 and pos(g)["direction"] == -1


def test_change_direction_last_card_with_three_in_play_for_places_reverses_then_finishes() -> None:
    """Counted as the card is played: 3 players are still in the game, so it reverses;
    then its player finishes."""
    g = game(hands=[["Rdir"], ["G1", "G3"], ["G4", "G5"]], declared=[True, False, False],
             options={"play_for_places": True})
    play(g, 0, "Rdir")
    assert g.places[0] == 1 and g.direction == -1 and g.turn == 2


# ================================================================ §6 stairs


def test_stairs_run_emptying_the_hand_closes_the_run_acts_then_climbs() -> None:
    g = game(hands=[["Rtaki", "R3", "Rstop"], ["G1"], ["G3"]], stages=[3, 8, 8],
             options={"stairs": True})
    play(g, 0, "Rtaki")
    play(g, 0, "R3")
    play(g, 0, "Rstop")
    assert g.taki is None and g.stages[0] == 2 and len(g.hands[0]) == 2
    assert g.turn == 2 and g.winner is None


def test_stairs_climb_to_stage_one_deals_one_card_without_penalty() -> None:
    g = game(hands=[["R1"], ["G1", "G3"]], stages=[2, 8], options={"stairs": True})
    play(g, 0, "R1")  # no declaration: the check sees an empty hand
    assert g.stages[0] == 1 and g.hands[0] == ["Y1"] and g.turn == 1


def test_stairs_king_emptying_the_hand_climbs_and_the_follow_up_lapses() -> None:
    g = game(hands=[["king"], ["G1", "G3"]], stages=[4, 8], options={"stairs": True})
    play(g, 0, "king")
    assert g.stages[0] == 3 and len(g.hands[0]) == 3 and g.follow is None and g.turn == 1


def test_stairs_plus3_emptying_the_hand_climbs_then_the_window_opens() -> None:
    g = game(hands=[["+3"], ["G1", "G3"]], stages=[6, 8], options={"stairs": True})
    play(g, 0, "+3")
    assert g.stages[0] == 5 and len(g.hands[0]) == 5
    assert pos(g)["plus3"] == {"by": 0, "passed": []}
    act(g, 1, "pass")
    assert len(g.hands[1]) == 5


def test_stairs_plus_as_last_card_draws_and_does_not_climb() -> None:
    g = game(hands=[["Rplus"], ["G1", "G3"]], stages=[5, 8], options={"stairs": True})
    play(g, 0, "Rplus", last=True)
    act(g, 0, "draw")
    assert g.stages[0] == 5 and g.hands[0] == ["Y1"]


def test_stairs_breaker_answer_emptying_the_hand_climbs_at_once() -> None:
    g = game(hands=[["R1", "R3"], ["breaker"]], turn=1, stages=[8, 3],
             discard=["R5", "+3"], plus3={"by": 0, "passed": []}, options={"stairs": True})
    act(g, 1, "break")
    assert g.stages[1] == 2 and len(g.hands[1]) == 2 and g.winner is None
    assert len(g.hands[0]) == 5 and g.turn == 1


def test_stairs_stage_one_breaker_answer_wins_the_tournament() -> None:
    g = game(hands=[["R1", "R3"], ["breaker"]], turn=1, stages=[8, 1],
             discard=["R5", "+3"], plus3={"by": 0, "passed": []}, options={"stairs": True})
    act(g, 1, "break")
    assert g.winner == 1 and g.over


# ================================================================ §7 oracle CLI


def test_oracle_legal_exit_0_and_empty_list_once_the_game_is_over() -> None:
    status, out = oracle("legal", stdin=json.dumps(position(winner=1, hands=[["R1"], []])))
    assert status == 0 and json.loads(out) == []


def test_oracle_legal_no_declaration_while_plus3_pending() -> None:
    pos_ = position(hands=[["R1", "R3"], ["G1", "G4"]], turn=1, discard=["R5", "+3"],
                    plus3={"by": 0, "passed": []})
    status, out = oracle("legal", stdin=json.dumps(pos_))
    assert status == 0 and json.loads(out) == [{"seat": 1, "type": "pass"}]


def test_oracle_apply_last_card_flag_declares() -> None:
    action = '{"seat": 0, "type": "play", "card": "R1", "last_card": true}'
    status, out = oracle("apply", action, stdin=json.dumps(position(hands=[["R1", "R3"],
                                                                           ["G1"]])))
    assert status == 0
    after = json.loads(out)
    assert after["players"][0]["hand"] == ["R3"] and after["turn"] == 1


def test_oracle_apply_game_over_after_a_win() -> None:
    text = json.dumps(position(hands=[["R1"], ["G1", "G3"]]))
    status, out = oracle("apply", '{"seat": 0, "type": "play", "card": "R1"}', stdin=text)
    assert status == 0 and json.loads(out)["winner"] == 0
    status, out2 = oracle("apply", '{"seat": 1, "type": "draw"}', stdin=out)
    assert status == 1 and json.loads(out2)["error"] == "game_over"


@pytest.mark.parametrize(
    ("fields", "action", "code"),
    [
        # a King by a seat other than the +3's next seat, during the window
        ({"hands": [["R1"], ["G1"], ["king"]], "turn": 1, "discard": ["R5", "+3"],
          "plus3": {"by": 0, "passed": []}},
         {"seat": 2, "type": "play", "card": "king"}, "illegal_action"),
        # a draw by a seat other than the +3's next seat, during the window
        ({"hands": [["R1"], ["G1"], ["king"]], "turn": 1, "discard": ["R5", "+3"],
          "plus3": {"by": 0, "passed": []}},
         {"seat": 2, "type": "draw"}, "not_your_turn"),
        # a break without a Breaker
        ({"hands": [["R1"], ["G1"]], "turn": 1, "discard": ["R5", "+3"],
          "plus3": {"by": 0, "passed": []}},
         {"seat": 1, "type": "break"}, "card_not_in_hand"),
        # a colour on a card that takes none
        ({"hands": [["R1", "R3"], ["G1"]]},
         {"seat": 0, "type": "play", "card": "R1", "color": "G"}, "bad_color"),
        # a colour that is not one
        ({"hands": [["color", "R3"], ["G1"]]},
         {"seat": 0, "type": "play", "card": "color", "color": "P"}, "bad_color"),
        # no draw inside one's own run
        ({"hands": [["R1", "R3"], ["G1"]], "discard": ["R5", "Rtaki"],
          "taki": {"color": "R", "by": 0, "cards": 0, "open": False}},
         {"seat": 0, "type": "draw"}, "illegal_action"),
        # a TAKI alone cannot be closed
        ({"hands": [["R1", "R3"], ["G1"]], "discard": ["R5", "Rtaki"],
          "taki": {"color": "R", "by": 0, "cards": 0, "open": False}},
         {"seat": 0, "type": "close_taki"}, "illegal_action"),
        # pass with no +3 pending
        ({}, {"seat": 0, "type": "pass"}, "illegal_action"),
        # seat is not an integer
        ({}, {"seat": "0", "type": "draw"}, "bad_action"),
        # not an object at all
        ({}, [0, "draw"], "bad_action"),
    ],
)
def test_oracle_apply_exit_1_with_error_code(
    fields: dict[str, Any], action: Any, code: str
) -> None:
    text = json.dumps(position(**fields))
    status, out = oracle("apply", json.dumps(action), stdin=text)
    assert status == 1
    err = json.loads(out)
    assert set(err) == {"error", "message"} and err["error"] == code and err["message"]


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda p: p["players"][1].update(hand=["G1", "Z9"]), "players[1].hand[1]"),
        (lambda p: p["players"][0].update(declared="yes"), "players[0].declared"),
        (lambda p: p["players"][0].pop("hand"), "players[0].hand"),
        (lambda p: p["options"].update(stairs=1), "options.stairs"),
        (lambda p: p.update(plus3={"by": 0, "passed": ["x"]}), "plus3.passed[0]"),
        (lambda p: p.update(taki={"color": "Q", "by": 0}), "taki.color"),
        (lambda p: p.pop("discard"), "discard"),
        (lambda p: p.update(plus2=-2), "plus2"),
    ],
)
def test_oracle_malformed_position_exits_2_naming_the_field(mutate: Any, field: str) -> None:
    p = position()
    mutate(p)
    for args in (("legal",), ("apply", '{"seat": 0, "type": "draw"}')):
        status, out = oracle(*args, stdin=json.dumps(p))
        assert status == 2, args
        assert field in json.loads(out)["message"], args


def test_oracle_refused_action_changes_nothing_and_prints_no_position() -> None:
    text = json.dumps(position(hands=[["G3", "R1"], ["G1"]]))
    status, out = oracle("apply", '{"seat": 0, "type": "play", "card": "G3"}', stdin=text)
    assert status == 1 and "players" not in json.loads(out)


def test_oracle_apply_agrees_with_the_library_through_a_plus3_window() -> None:
    g = game(hands=[["+3", "R1", "R3"], ["king", "G1"], ["breaker", "G3"]])
    text = json.dumps(pos(g))
    for action in (Action("play", 0, "+3"), Action("play", 1, "king"),
                   Action("play", 1, "G1")):
        g.apply(action)
        status, text = oracle("apply", json.dumps(action.to_json()), stdin=text)
        assert status == 0 and json.loads(text) == pos(g)
