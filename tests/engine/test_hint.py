"""Hints for learners (engine/hint.py): the strong bot's choice from the seat's view, and
a reason that is true of the position."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import Action, Game, game_from_position, view_of
from engine.bots import bot_action, make_bot
from engine.hint import REASONS, explain, hint, legal_from_view


def position(hand: list[str], **over: Any) -> Game:
    """Seat 0 holds ``hand`` and is on turn; seats 1 and 2 hold a few cards each."""
    others = over.pop("others", [["G1", "G3", "B4"], ["Y5", "Y6", "B9"]])
    data: dict[str, Any] = {
        "players": [{"hand": hand}] + [{"hand": h} for h in others],
        "draw": ["R1", "B1", "Y1", "G4", "G5", "G6"],
        "discard": ["B7", "R5"],
        "turn": 0,
        "direction": 1,
        "color": "R",
    }
    data.update(over)
    return game_from_position(data, record=False)


def reason_of(game: Game, action: Action) -> tuple[str, dict[str, Any]]:
    found = explain(view_of(game, 0), action)
    return found.reason, found.args


def play(card: str, color: str | None = None, last: bool = False) -> Action:
    return Action("play", 0, card, color, last)


def test_a_lone_action_is_the_only_choice() -> None:
    game = position(  # a +3 window, no Breaker, seat 0 not the one that may play a King
        ["G7", "king"], others=[["+3", "G3"], ["Y5", "Y6"]],
        discard=["R5", "+3"], turn=2, plus3={"by": 1, "passed": []},
    )
    assert reason_of(game, Action("pass", 0)) == ("only_choice", {})


def test_playing_the_last_card_empties_the_hand() -> None:
    game = position(["R7"])
    assert reason_of(game, play("R7")) == ("empties_hand", {"card": "R7"})


def test_a_plus_as_the_last_card_does_not_empty_the_hand() -> None:
    game = position(["Rplus"])
    assert reason_of(game, play("Rplus"))[0] != "empties_hand"


def test_a_breaker_answering_a_plus3_breaks_it() -> None:
    game = position(
        ["breaker", "G7"], others=[["+3", "G3"], ["Y5", "Y6"]],
        discard=["R5", "+3"], turn=2, plus3={"by": 1, "passed": []},
    )
    view = view_of(game, 0)
    assert explain(view, Action("break", 0)).reason == "breaks_plus3"


def test_a_king_on_a_live_stack_cancels_it() -> None:
    game = position(["king", "G7"], plus2=4, discard=["R+2", "B+2"], color="B")
    assert reason_of(game, play("king")) == ("cancels_with_king", {"owed": 4})


def test_a_plus2_on_a_live_stack_adds_to_it() -> None:
    game = position(["Y+2", "G7"], plus2=2, discard=["B7", "B+2"], color="B")
    assert reason_of(game, play("Y+2")) == ("stacks_plus2", {"card": "Y+2", "owed": 4})


def test_a_play_down_to_one_card_says_last_card() -> None:
    game = position(["R7", "G3"])
    assert reason_of(game, play("R7", last=True)) == ("says_last_card", {"card": "R7"})


def test_a_stop_against_a_next_player_near_a_win_stops_them() -> None:
    game = position(["Rstop", "G3", "B4"], others=[["G1", "G3"], ["Y5", "Y6", "B9"]])
    assert reason_of(game, play("Rstop")) == ("stops_next_near_win", {"seat": 1, "cards": 2})


def test_the_next_player_follows_the_direction() -> None:
    game = position(["Rstop", "G3", "B4"], direction=-1,
                    others=[["G1", "G3"], ["Y5", "Y6", "B9"]])
    assert reason_of(game, play("Rstop"))[0] != "stops_next_near_win"


def test_a_taki_opens_a_run_of_the_colour_held() -> None:
    game = position(["Rtaki", "R3", "R4", "G3"])
    assert reason_of(game, play("Rtaki")) == ("plays_taki_run", {"color": "R", "cards": 2})


def test_a_card_of_ones_own_run_plays_on_the_run() -> None:
    game = position(["R3", "R4", "G3"], discard=["B7", "Rtaki"],
                    taki={"color": "R", "by": 0, "cards": 0, "open": False})
    assert reason_of(game, play("R3")) == ("plays_taki_run", {"color": "R", "cards": 1})


def test_a_change_colour_to_the_colour_held_most_says_so() -> None:
    game = position(["color", "G3", "G4", "B1"])
    assert reason_of(game, play("color", "G")) == (
        "changes_to_colour_you_hold", {"color": "G", "cards": 2},
    )


def test_a_change_colour_to_another_colour_gives_another_reason() -> None:
    game = position(["color", "G3", "G4", "B1"])
    assert reason_of(game, play("color", "B"))[0] != "changes_to_colour_you_hold"


def test_a_play_that_keeps_a_plus2_keeps_it_for_a_stack() -> None:
    game = position(["R7", "G+2", "B4"])
    assert reason_of(game, play("R7")) == ("keeps_stack_card", {"card": "G+2", "count": 1})


def test_a_draw_with_nothing_playable_says_so() -> None:
    game = position(["G7", "B4"])  # (the only action, but this says more)
    assert reason_of(game, Action("draw", 0)) == ("draws_nothing_playable", {})


def test_a_play_with_nothing_special_won_the_playouts() -> None:
    game = position(["R7", "G3", "B4"])
    assert reason_of(game, play("R7")) == ("best_odds", {})


def test_every_reason_is_one_of_the_documented_codes() -> None:
    bots = [make_bot("basic") for _ in range(3)]
    for seed in range(3):
        game = Game.new(3, seed, record=False)
        for step in range(40):
            if game.over:
                break
            if step % 8 == 0:
                seat = game.legal_actions()[0].seat
                assert hint(view_of(game, seat), seed).reason in REASONS
            game.apply(bot_action(game, bots))


def test_the_hint_plays_the_winning_card() -> None:
    game = position(["R7"])
    found = hint(view_of(game, 0), 1)
    assert (found.action.card, found.reason) == ("R7", "empties_hand")


def test_legal_actions_from_the_view_are_the_seats_legal_actions() -> None:
    bots = [make_bot("basic") for _ in range(4)]
    for seed in range(6):
        game = Game.new(4, seed, record=False)
        for _ in range(60):
            if game.over:
                break
            legal = game.legal_actions()
            for seat in {a.seat for a in legal}:
                mine = {a for a in legal if a.seat == seat}
                assert set(legal_from_view(view_of(game, seat))) == mine
            game.apply(bot_action(game, bots))


def hidden_shuffled(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game as ``seat`` sees it, with every card it cannot see dealt anew."""
    hidden = [c for i, h in enumerate(game.hands) if i != seat for c in h] + game.draw_pile
    buried = game.discard[:-2]
    hidden += buried
    rng.shuffle(hidden)
    other = game.copy()
    for i, h in enumerate(other.hands):
        if i != seat:
            other.hands[i] = [hidden.pop() for _ in h]
    other.discard = [hidden.pop() for _ in buried] + game.discard[-2:]
    other.draw_pile = hidden
    other._legal = None
    return other


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_changing_hidden_cards_never_changes_the_hint(seed: int) -> None:
    rng = random.Random(seed)
    bots = [make_bot("basic") for _ in range(3)]
    game = Game.new(3, seed, record=False)
    for _ in range(rng.randrange(3, 12)):
        game.apply(bot_action(game, bots))
    seat = game.legal_actions()[0].seat
    other = hidden_shuffled(game, seat, rng)
    assert other.hands != game.hands and view_of(other, seat) == view_of(game, seat)
    assert hint(view_of(other, seat), 7) == hint(view_of(game, seat), 7)
