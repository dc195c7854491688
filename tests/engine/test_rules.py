"""One test per rule of RULES.md, named for the rule it pins."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import (
    Action,
    BadColor,
    CardNotInHand,
    Game,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Options,
    full_deck,
)
from engine.cards import COLOR_OF

from ..support.util import act, game, legal_plays, legal_types, play, pos

# ---------------------------------------------------------------- 1. cards


def test_deck_has_116_cards_in_documented_copies() -> None:
    deck = Counter(full_deck())
    assert sum(deck.values()) == 116
    assert deck["R7"] == 2 and deck["Ytaki"] == 2 and deck["B+2"] == 2
    assert deck["color"] == 4
    for code in ("supertaki", "king", "+3", "breaker"):
        assert deck[code] == 2


def test_there_is_no_plain_two() -> None:
    assert not any(c in full_deck() for c in ("R2", "G2", "B2", "Y2"))


# ---------------------------------------------------------------- 2. setup


def test_deal_eight_each_and_a_coloured_leading_card() -> None:
    for seed in range(50):
        g = Game.new(4, seed)
        assert [len(h) for h in g.hands] == [8] * 4
        assert COLOR_OF[g.discard[-1]] == g.color
        assert g.card_count() == 116


def test_opening_colourless_card_goes_to_bottom_of_draw_pile() -> None:
    # Find a seed whose first flip is colourless, and check where it went.
    for seed in range(500):
        ref = Game.new(2, seed)
        if ref.draw_pile[0] in ("color", "supertaki", "king", "+3", "breaker"):
            assert len(ref.discard) == 1 and COLOR_OF[ref.discard[0]] is not None
            return
    pytest.fail("no seed opened on a colourless card")


def test_opening_action_card_counts_only_as_colour_and_symbol() -> None:
    for seed in range(500):
        g = Game.new(3, seed)
        if g.discard[-1][1:] in ("stop", "+2", "dir", "plus", "taki"):
            assert g.plus2 == 0 and g.follow is None and g.taki is None and g.direction == 1
            return
    pytest.fail("no seed opened on an action card")


def test_first_seat_is_host_pick_or_random_from_seed() -> None:
    assert Game.new(4, 1, first=3).turn == 3
    firsts = {Game.new(4, seed).turn for seed in range(40)}
    assert len(firsts) > 1
    assert Game.new(4, 9).turn == Game.new(4, 9).turn


def test_two_to_ten_players() -> None:
    for n in (2, 10):
        assert Game.new(n, 0).n == n
    with pytest.raises(ValueError):
        Game.new(1, 0)
    with pytest.raises(ValueError):
        Game.new(11, 0)


# ---------------------------------------------------------------- 3. a turn


def test_match_by_active_colour() -> None:
    g = game(hands=[["R9", "G7", "B5"], ["G1"]], discard=["R5"], color="R")
    assert legal_plays(g, 0) == {"R9", "B5"}


def test_match_by_symbol_across_colours() -> None:
    g = game(hands=[["G5", "Bstop", "Y+2"], ["G1"]], discard=["Rstop"], color="R")
    assert legal_plays(g, 0) == {"Bstop"}


def test_king_matches_king_and_supertaki_is_not_a_taki() -> None:
    g = game(hands=[["Gtaki"], ["G1"]], discard=["R5", "supertaki"], color="R")
    assert legal_plays(g, 0) == set()
    g = game(hands=[["Gtaki", "R1"], ["G1"]], discard=["R5", "Btaki"], color="B")
    assert legal_plays(g, 0) == {"Gtaki"}


def test_colourless_cards_leave_active_colour() -> None:
    g = game(hands=[["supertaki", "R1", "G1"], ["G1"]], discard=["R5"], color="R")
    play(g, 0, "supertaki")
    assert g.color == "R" and g.taki is not None and g.taki.color == "R"


def test_draw_one_card_ends_the_turn() -> None:
    g = game(hands=[["R1", "G1"], ["G1", "B1"]])
    act(g, 0, "draw")
    assert g.hands[0] == ["R1", "G1", "Y1"] and g.turn == 1


def test_draw_allowed_even_when_able_to_play_house_rule() -> None:
    g = game(hands=[["R1", "G1"], ["G1"]])
    assert "draw" in legal_types(g, 0)


def test_must_play_if_able_forbids_every_draw_while_a_card_is_playable() -> None:
    g = game(hands=[["R1", "G1"], ["G1"]], options={"must_play_if_able": True})
    assert "draw" not in legal_types(g, 0)
    with pytest.raises(IllegalAction):
        act(g, 0, "draw")
    g = game(hands=[["G3", "G1"], ["G1"]], options={"must_play_if_able": True})
    assert "draw" in legal_types(g, 0)
    # the +2 stack too
    g = game(hands=[["G+2", "G1"], ["G1"]], discard=["R+2"], plus2=2,
             options={"must_play_if_able": True})
    assert "draw" not in legal_types(g, 0)


def test_no_draw_inside_own_run_or_king_follow_up() -> None:
    g = game(hands=[["Rtaki", "R1", "G3"], ["G1"]])
    play(g, 0, "Rtaki")
    assert "draw" not in legal_types(g, 0)
    g = game(hands=[["king", "R1", "G3"], ["G1"]])
    play(g, 0, "king")
    assert "draw" not in legal_types(g, 0)


def test_reshuffle_keeps_leading_card() -> None:
    g = game(hands=[["G3", "G4"], ["G1"]], draw=[], discard=["B1", "B3", "B4", "R5"])
    act(g, 0, "draw")
    assert g.discard == ["R5"]
    assert len(g.hands[0]) == 3 and len(g.draw_pile) == 2
    assert g.card_count() == 7


def test_reshuffle_keeps_the_card_beneath_an_own_turn_breaker() -> None:
    g = game(hands=[["G3", "G4"], ["G1"]], draw=[], discard=["B1", "B3", "R5", "breaker"])
    act(g, 0, "draw")
    assert g.discard == ["R5", "breaker"]


def test_draw_takes_what_there_is_and_is_skipped_when_nothing_is_left() -> None:
    g = game(hands=[["G3", "G4"], ["G1", "G3"]], draw=["Y1"], discard=["R+2"], plus2=2)
    act(g, 0, "draw")  # owes 2: one in the pile, nothing to reshuffle
    assert len(g.hands[0]) == 3 and g.turn == 1
    act(g, 1, "draw")  # nothing at all: skipped, turn ends
    assert len(g.hands[1]) == 2 and g.turn == 0


def test_reshuffle_is_deterministic_from_the_position() -> None:
    a = game(hands=[["G3", "G4"], ["G1"]], draw=[], discard=["B1", "B3", "B4", "B5", "R5"])
    b = game(hands=[["G3", "G4"], ["G1"]], draw=[], discard=["B1", "B3", "B4", "B5", "R5"])
    act(a, 0, "draw")
    act(b, 0, "draw")
    assert pos(a) == pos(b)


# ---------------------------------------------------------------- last card


def test_last_card_not_declared_draws_four() -> None:
    g = game(hands=[["R1", "R3"], ["G1", "G3"]])
    play(g, 0, "R1")
    assert len(g.hands[0]) == 5 and g.turn == 1


def test_last_card_declared_no_penalty() -> None:
    g = game(hands=[["R1", "R3"], ["G1", "G3"]])
    act(g, 0, "declare_last_card")
    play(g, 0, "R1")
    assert g.hands[0] == ["R3"]


def test_last_card_flag_on_a_play_declares() -> None:
    g = game(hands=[["R1", "R3"], ["G1", "G3"]])
    play(g, 0, "R1", last=True)
    assert g.hands[0] == ["R3"]


def test_declaration_in_a_turn_ending_with_other_count_does_nothing() -> None:
    g = game(hands=[["R1", "R3", "R4"], ["G1", "G3"]])
    play(g, 0, "R1", last=True)
    assert g.hands[0] == ["R3", "R4"]
    act(g, 1, "draw")
    play(g, 0, "R3")  # declared last turn, not this one: penalty
    assert len(g.hands[0]) == 5


def test_declared_resets_when_a_turn_starts() -> None:
    g = game(hands=[["R1", "R3", "R4"], ["G1", "G3"]], declared=[False, True])
    act(g, 0, "draw")
    assert pos(g)["players"][1]["declared"] is False


def test_declare_is_legal_until_declared() -> None:
    g = game(hands=[["R1", "R3"], ["G1"]])
    assert "declare_last_card" in legal_types(g, 0)
    act(g, 0, "declare_last_card")
    assert "declare_last_card" not in legal_types(g, 0)
    with pytest.raises(IllegalAction):
        act(g, 0, "declare_last_card")


def test_plus_forced_draw_leaving_one_card_is_checked() -> None:
    g = game(hands=[["Rplus"], ["G1", "G3"]])
    play(g, 0, "Rplus")
    assert g.winner is None and g.follow == "plus"
    act(g, 0, "draw")
    assert len(g.hands[0]) == 5  # 1 drawn + 4 penalty
    g = game(hands=[["Rplus"], ["G1", "G3"]])
    play(g, 0, "Rplus", last=True)
    act(g, 0, "draw")
    assert len(g.hands[0]) == 1


# ---------------------------------------------------------------- winning


def test_empty_hand_wins_and_ends_the_game() -> None:
    g = game(hands=[["R1"], ["G1", "G3"]])
    play(g, 0, "R1")
    assert g.winner == 0 and g.over and g.legal_actions() == []
    with pytest.raises(GameOver):
        act(g, 1, "draw")


def test_plus_cannot_win() -> None:
    g = game(hands=[["Rplus"], ["G1", "G3"]])
    play(g, 0, "Rplus", last=True)
    assert g.winner is None
    assert {a.type for a in g.legal_actions()} == {"draw"}


def test_king_may_win_and_its_follow_up_lapses() -> None:
    g = game(hands=[["king"], ["G1", "G3"]], discard=["R+2"], plus2=4)
    play(g, 0, "king")
    assert g.winner == 0 and g.follow is None and g.plus2 == 0


def test_run_in_progress_closes_when_hand_empties_and_last_card_acts() -> None:
    g = game(hands=[["Rtaki", "R1", "R+2"], ["G1", "G3"]])
    play(g, 0, "Rtaki")
    play(g, 0, "R1")
    play(g, 0, "R+2")
    assert g.winner == 0 and g.taki is None and g.plus2 == 2


def test_breaker_penalty_comes_before_the_win_check() -> None:
    g = game(hands=[["breaker"], ["G1", "G3"]])
    play(g, 0, "breaker")
    assert g.winner is None and len(g.hands[0]) == 3


def test_breaker_answer_that_empties_hand_wins_at_once() -> None:
    g = game(hands=[["+3", "R1"], ["breaker"], ["G1"]], turn=1,
             plus3={"by": 0, "passed": []})
    act(g, 1, "break")
    assert g.winner == 1 and len(g.hands[0]) == 5


def test_play_for_places_others_play_on() -> None:
    g = game(hands=[["R1"], ["R3", "R6"], ["R4", "G4"]], options={"play_for_places": True})
    play(g, 0, "R1")
    assert g.winner == 0 and not g.over and g.places[0] == 1 and g.turn == 1
    play(g, 1, "R3", last=True)
    play(g, 2, "R4", last=True)
    assert g.turn == 1  # seat 0 is skipped
    play(g, 1, "R6")
    assert g.over and g.places == [1, 2, 3]


# ---------------------------------------------------------------- 4. action cards


def test_stop_skips_the_next_player() -> None:
    g = game(hands=[["Rstop", "R1"], ["G1"], ["G3"]])
    play(g, 0, "Rstop")
    assert g.turn == 2


def test_stop_with_two_players_same_player_plays_again() -> None:
    g = game(hands=[["Rstop", "R1", "R3"], ["G1"]])
    play(g, 0, "Rstop")
    assert g.turn == 0


def test_plus2_opens_and_grows_a_stack() -> None:
    g = game(hands=[["R+2", "R1"], ["G+2", "G1"], ["G3"]])
    play(g, 0, "R+2")
    assert g.plus2 == 2 and g.turn == 1
    assert legal_plays(g, 1) == {"G+2"}
    play(g, 1, "G+2")
    assert g.plus2 == 4 and g.color == "G"


def test_live_stack_allows_only_plus2_king_or_draw() -> None:
    g = game(hands=[["R1", "G+2", "king", "color", "+3", "breaker", "supertaki"], ["G1"]],
             discard=["R+2"], plus2=2)
    assert legal_plays(g, 0) == {"G+2", "king"}


def test_drawing_the_stack_draws_its_total() -> None:
    g = game(hands=[["G3", "G4"], ["G1"]], discard=["R+2"], plus2=6)
    act(g, 0, "draw")
    assert len(g.hands[0]) == 8 and g.plus2 == 0 and g.turn == 1


def test_king_cancels_a_plus2_stack() -> None:
    g = game(hands=[["king", "G3"], ["G1"]], discard=["R+2"], plus2=4)
    play(g, 0, "king")
    assert g.plus2 == 0 and g.follow == "king" and g.turn == 0


def test_change_direction_reverses() -> None:
    g = game(hands=[["Rdir", "R1"], ["G1"], ["G3"]])
    play(g, 0, "Rdir")
    assert g.direction == -1 and g.turn == 2


def test_change_direction_with_two_players_keeps_direction() -> None:
    """RULES.md section 4: with 2 players the position's direction keeps its value."""
    for direction in (1, -1):
        g = game(hands=[["Rdir", "R1"], ["G1", "G3"]], direction=direction)
        play(g, 0, "Rdir")
        assert g.direction == direction and g.turn == 1
        assert "reversed" not in [e.kind for e in g.take_events()]
        act(g, 1, "draw")
        assert g.turn == 0


def test_change_direction_with_two_players_left_in_play_for_places_keeps_direction() -> None:
    g = game(hands=[["Rdir", "R1"], [], ["G1", "G3"]], places=[None, 1, None],
             winner=1, options={"play_for_places": True})
    play(g, 0, "Rdir")
    assert g.direction == 1 and g.turn == 2


def test_change_direction_with_three_left_in_play_for_places_reverses() -> None:
    g = game(hands=[["Rdir", "R1"], [], ["G1", "G3"], ["G4"]], places=[None, 1, None, None],
             winner=1, options={"play_for_places": True})
    play(g, 0, "Rdir")
    assert g.direction == -1 and g.turn == 3


def test_change_direction_as_last_card_of_a_run_with_two_players_keeps_direction() -> None:
    g = game(hands=[["Rtaki", "R3", "Rdir", "G1"], ["G1"]])
    for card in ("Rtaki", "R3", "Rdir"):
        play(g, 0, card)
    act(g, 0, "close_taki")
    assert g.direction == 1 and g.turn == 1


def test_change_colour_names_the_colour() -> None:
    g = game(hands=[["color", "R1"], ["G1"]])
    plays = [a for a in g.legal_actions() if a.card == "color"]
    assert sorted(a.color or "" for a in plays) == ["B", "G", "R", "Y"]
    play(g, 0, "color", "B")
    assert g.color == "B" and g.turn == 1


def test_change_colour_needs_a_colour() -> None:
    g = game(hands=[["color", "R1"], ["G1"]])
    with pytest.raises(BadColor):
        play(g, 0, "color")
    with pytest.raises(BadColor):
        play(g, 0, "color", "X")
    with pytest.raises(BadColor):
        play(g, 0, "R1", "B")


def test_change_colour_not_on_live_stack_or_pending_plus3() -> None:
    g = game(hands=[["color", "R1"], ["G1"]], discard=["R+2"], plus2=2)
    assert "color" not in legal_plays(g, 0)
    g = game(hands=[["G1"], ["color", "R1"]], turn=1, plus3={"by": 0, "passed": []},
             discard=["R5", "+3"])
    assert "color" not in legal_plays(g, 1)


def test_supertaki_opens_a_run_in_the_active_colour() -> None:
    g = game(hands=[["supertaki", "B1", "Y1"], ["G1"]], color="B", discard=["B5"])
    play(g, 0, "supertaki")
    assert pos(g)["taki"] == {"color": "B", "by": 0, "cards": 0, "open": False}


def test_king_free_follow_up_any_card_no_matching() -> None:
    g = game(hands=[["king", "G3", "Y+2", "color"], ["G1"]])
    play(g, 0, "king")
    assert legal_plays(g, 0) == {"G3", "Y+2", "color"}
    assert "end_turn" in legal_types(g, 0)
    play(g, 0, "Y+2")
    assert g.plus2 == 2 and g.color == "Y" and g.turn == 1


def test_king_end_turn_costs_nothing_and_keeps_colour() -> None:
    g = game(hands=[["king", "G3", "G4"], ["G1"]])
    play(g, 0, "king")
    act(g, 0, "end_turn")
    assert g.color == "R" and len(g.hands[0]) == 2 and g.turn == 1


def test_plus_owes_one_more_matching_card_or_draw_one() -> None:
    g = game(hands=[["Rplus", "R3", "G4", "G5"], ["G1"]])
    play(g, 0, "Rplus")
    assert g.follow == "plus" and g.turn == 0
    assert legal_plays(g, 0) == {"R3"}
    assert "draw" in legal_types(g, 0)
    act(g, 0, "draw")
    assert len(g.hands[0]) == 4 and g.turn == 1


def test_pluses_chain() -> None:
    g = game(hands=[["Rplus", "Gplus", "G4", "G5"], ["G1"]])
    play(g, 0, "Rplus")
    play(g, 0, "Gplus")
    assert g.follow == "plus" and g.color == "G"
    play(g, 0, "G4")
    assert g.turn == 1 and g.follow is None


def test_plus3_not_on_a_live_stack() -> None:
    g = game(hands=[["+3", "R1"], ["G1"]], discard=["R+2"], plus2=2)
    assert "+3" not in legal_plays(g, 0)


def test_plus3_window_everyone_passes_all_others_draw_three_in_order() -> None:
    g = game(hands=[["+3", "R1", "R3"], ["G1"], ["G3"], ["G4"]])
    play(g, 0, "+3")
    assert pos(g)["plus3"] == {"by": 0, "passed": []} and g.turn == 1
    assert {a.type for a in g.legal_actions()} == {"pass"}
    assert {a.seat for a in g.legal_actions()} == {1, 2, 3}
    act(g, 2, "pass")
    act(g, 1, "pass")
    assert g.plus3 is not None
    g.record = True
    act(g, 3, "pass")
    drew = [e.seat for e in g.take_events() if e.kind == "drew"]
    assert drew == [1, 2, 3]
    assert [len(h) for h in g.hands] == [2, 4, 4, 4] and g.plus3 is None and g.turn == 1


def test_plus3_pass_is_final() -> None:
    g = game(hands=[["+3", "R1", "R3"], ["breaker", "G1"], ["G3"]])
    play(g, 0, "+3")
    act(g, 1, "pass")
    assert (1, "break") not in {(a.seat, a.type) for a in g.legal_actions()}
    with pytest.raises(IllegalAction):
        act(g, 1, "break")


def test_plus3_broken_by_any_seat_the_player_draws_three_instead() -> None:
    g = game(hands=[["+3", "R1", "R3"], ["G1"], ["breaker", "G3", "G4"], ["G5"]])
    play(g, 0, "+3")
    act(g, 2, "break")  # out of turn
    assert g.plus3 is None and g.turn == 1 and g.color == "R"
    assert [len(h) for h in g.hands] == [5, 1, 2, 1]
    assert g.discard[-2:] == ["+3", "breaker"]


def test_a_breaker_cannot_be_answered_by_another_breaker() -> None:
    g = game(hands=[["+3", "R1", "R3"], ["breaker", "G1"], ["breaker", "G3"]])
    play(g, 0, "+3")
    act(g, 1, "break")
    assert all(a.type != "break" for a in g.legal_actions())


def test_king_answers_plus3_from_the_seat_after_and_takes_its_king_turn() -> None:
    g = game(hands=[["+3", "R1", "R3"], ["king", "G1"], ["king", "G3"]])
    play(g, 0, "+3")
    assert "king" in legal_plays(g, 1) and "king" not in legal_plays(g, 2)
    play(g, 1, "king")
    assert g.plus3 is None and g.follow == "king" and g.turn == 1
    assert [len(h) for h in g.hands] == [2, 1, 2]


def test_no_declaration_while_plus3_pending() -> None:
    g = game(hands=[["+3", "R1", "R3"], ["G1", "G3"]])
    play(g, 0, "+3")
    assert "declare_last_card" not in legal_types(g, 1)


def test_own_turn_breaker_draws_three_and_next_follows_card_beneath() -> None:
    g = game(hands=[["breaker", "R1"], ["Y5", "G3", "B7"]], discard=["B9", "Y5"], color="Y")
    play(g, 0, "breaker")
    assert len(g.hands[0]) == 4 and g.turn == 1 and g.color == "Y"
    assert g.lead() == "Y5"
    assert legal_plays(g, 1) == {"Y5"}


def test_own_turn_breaker_not_on_a_live_stack() -> None:
    g = game(hands=[["breaker", "R1"], ["G1"]], discard=["R+2"], plus2=2)
    assert "breaker" not in legal_plays(g, 0)


# ---------------------------------------------------------------- 5. TAKI runs


def test_taki_opens_a_run_of_its_colour() -> None:
    g = game(hands=[["Gtaki", "G1", "G3", "B4"], ["G1"]], discard=["R5", "Rtaki"])
    play(g, 0, "Gtaki")
    assert pos(g)["taki"] == {"color": "G", "by": 0, "cards": 0, "open": False}
    assert g.color == "G" and g.turn == 0


def test_inside_a_run_only_its_colour_super_taki_and_a_final_change_colour() -> None:
    g = game(hands=[["Rtaki", "R1", "Rstop", "G1", "supertaki", "color", "king", "+3"], ["G1"]])
    play(g, 0, "Rtaki")
    assert legal_plays(g, 0) == {"R1", "Rstop", "supertaki", "color"}


def test_actions_inside_a_run_are_inert() -> None:
    g = game(hands=[["Rtaki", "Rstop", "R+2", "Rplus", "Rdir", "R1", "R3"], ["G1"], ["G3"]])
    for card in ("Rtaki", "Rstop", "R+2", "Rplus", "Rdir"):
        play(g, 0, card)
    assert g.plus2 == 0 and g.follow is None and g.direction == 1 and g.turn == 0
    assert g.taki is not None and g.taki.cards == 4


@pytest.mark.parametrize(
    ("last", "check"),
    [
        ("Rstop", lambda g: g.turn == 2),
        ("R+2", lambda g: g.plus2 == 2 and g.turn == 1),
        ("Rdir", lambda g: g.direction == -1 and g.turn == 2),
        ("Rplus", lambda g: g.follow == "plus" and g.turn == 0),
        ("R1", lambda g: g.turn == 1),
        ("Rtaki", lambda g: g.turn == 1 and g.plus2 == 0),
    ],
)
def test_last_card_of_a_closed_run_acts(last: str, check: object) -> None:
    g = game(hands=[["Rtaki", "R3", last, "G1", "G3"], ["G1"], ["G3"]])
    play(g, 0, "Rtaki")
    play(g, 0, "R3")
    play(g, 0, last)
    act(g, 0, "close_taki")
    assert g.taki is None
    assert callable(check) and check(g)


def test_change_colour_inside_a_run_closes_it_at_once() -> None:
    g = game(hands=[["Rtaki", "R3", "color", "G1"], ["G1"]])
    play(g, 0, "Rtaki")
    play(g, 0, "R3")
    play(g, 0, "color", "G")
    assert g.taki is None and g.color == "G" and g.turn == 1


def test_super_taki_inside_a_run_takes_the_runs_colour() -> None:
    g = game(hands=[["Rtaki", "supertaki", "R3", "G1"], ["G1"]])
    play(g, 0, "Rtaki")
    play(g, 0, "supertaki")
    assert g.taki is not None and g.taki.color == "R" and g.taki.cards == 1
    assert "R3" in legal_plays(g, 0)


def test_bare_taki_cannot_be_closed() -> None:
    g = game(hands=[["Rtaki", "R3", "G1"], ["G1"]])
    play(g, 0, "Rtaki")
    assert "close_taki" not in legal_types(g, 0)
    with pytest.raises(IllegalAction):
        act(g, 0, "close_taki")


def test_bare_taki_left_alone_is_open_for_the_next_player() -> None:
    g = game(hands=[["Rtaki", "R3", "G1"], ["R4", "R6", "B1"]])
    play(g, 0, "Rtaki")
    act(g, 0, "end_turn")
    assert pos(g)["taki"] == {"color": "R", "by": 0, "cards": 0, "open": True}
    assert g.turn == 1


def test_open_taki_is_inherited_by_the_next_player() -> None:
    g = game(hands=[["Rtaki", "R3", "Rstop", "G1"], ["R4", "R6", "B1", "B3"], ["G3"]])
    play(g, 0, "Rtaki")
    play(g, 0, "Rstop")
    act(g, 0, "end_turn")  # left open: the Stop does nothing
    assert g.turn == 1
    assert "close_taki" not in legal_types(g, 1) and "end_turn" not in legal_types(g, 1)
    play(g, 1, "R4")
    assert pos(g)["taki"] == {"color": "R", "by": 1, "cards": 2, "open": False}
    play(g, 1, "R6")
    act(g, 1, "close_taki")
    assert g.turn == 2 and g.taki is None


def test_open_taki_ended_by_another_card_with_no_action_of_its_own() -> None:
    g = game(hands=[["Rtaki", "R+2", "G1"], ["G+2", "B1", "B3"], ["G3"]])
    play(g, 0, "Rtaki")
    play(g, 0, "R+2")
    act(g, 0, "end_turn")
    assert g.plus2 == 0
    play(g, 1, "G+2")  # matches the symbol: ends the run, its own action applies
    assert g.taki is None and g.plus2 == 2 and g.turn == 2


def test_drawing_leaves_an_open_taki_open() -> None:
    g = game(hands=[["Rtaki", "R3", "G1"], ["B1", "B3"], ["G3", "G4"]])
    play(g, 0, "Rtaki")
    act(g, 0, "end_turn")
    act(g, 1, "draw")
    assert g.taki is not None and g.taki.open and g.turn == 2


# ---------------------------------------------------------------- 6. stairs


def test_stairs_empty_hand_climbs_a_stage_and_draws_its_number() -> None:
    g = game(hands=[["R1"], ["G1", "G3"]], options={"stairs": True}, declared=[True, False])
    play(g, 0, "R1")
    assert g.stages[0] == 7 and len(g.hands[0]) == 7 and g.winner is None and g.turn == 1


def test_stairs_emptying_stage_one_wins() -> None:
    g = game(hands=[["R1"], ["G1", "G3"]], options={"stairs": True}, stages=[1, 5])
    play(g, 0, "R1")
    assert g.winner == 0 and g.over


def test_stairs_last_card_check_comes_before_the_climb() -> None:
    g = game(hands=[["R1", "R3"], ["G1", "G3"]], options={"stairs": True}, stages=[2, 8])
    play(g, 0, "R1")  # one card left, not declared: 4 drawn, no climb
    assert len(g.hands[0]) == 5 and g.stages[0] == 2


# ---------------------------------------------------------------- errors


def test_out_of_turn_play_is_refused_and_changes_nothing() -> None:
    g = game(hands=[["R1", "R3"], ["R4", "G1"]])
    before = pos(g)
    with pytest.raises(NotYourTurn) as err:
        play(g, 1, "R4")
    assert err.value.code == "not_your_turn" and pos(g) == before


def test_card_not_in_hand_is_refused() -> None:
    g = game(hands=[["R1", "R3"], ["R4", "G1"]])
    with pytest.raises(CardNotInHand):
        play(g, 0, "R9")


def test_illegal_play_is_refused_and_changes_nothing() -> None:
    g = game(hands=[["G3", "R3"], ["R4", "G1"]])
    before = pos(g)
    with pytest.raises(IllegalAction) as err:
        play(g, 0, "G3")
    assert err.value.code == "illegal_action" and pos(g) == before
    assert isinstance(err.value, ValueError)


def test_errors_are_value_errors_with_stable_codes() -> None:
    g = game(hands=[["G3", "R3"], ["R4", "G1"]])
    cases = [
        (Action("play", 1, "R4"), "not_your_turn"),
        (Action("play", 0, "king"), "card_not_in_hand"),
        (Action("play", 0, "R3", "G"), "bad_color"),
        (Action("pass", 1), "illegal_action"),
        (Action("end_turn", 0), "illegal_action"),
    ]
    for action, code in cases:
        with pytest.raises(ValueError) as err:
            g.apply(action)
        assert getattr(err.value, "code", None) == code, action


def test_options_are_variants_of_one_engine() -> None:
    g = Game.new(3, 5, Options(stairs=True, must_play_if_able=True, play_for_places=True))
    assert g.options.stairs and g.legal_actions()
