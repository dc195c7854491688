"""A tally's wire form (``Tally.record``) follows the seats as they are now.

The record is kept per seating (a tally never changes once made), so these pin that
what is kept never outlives the seating it was made for."""

from __future__ import annotations

from engine import Game
from server.seats import Seat
from server.standings import Tally


def _finished_game() -> Game:
    game = Game.new(2, 3, record=False)
    while not game.over:
        game.apply(game.legal_actions()[0])
    return game


def test_a_line_names_the_seat_its_player_sits_at_now() -> None:
    ann, bob = Seat("Ann", token="a" * 32), Seat("Bob", token="b" * 32)
    tally = Tally().after(_finished_game(), [ann, bob], stairs=False)
    first = tally.record([ann, bob])
    assert first is not None
    assert {line.name: line.seat for line in first.lines} == {"Ann": 0, "Bob": 1}
    swapped = tally.record([bob, ann])
    assert swapped is not None
    assert {line.name: line.seat for line in swapped.lines} == {"Ann": 1, "Bob": 0}
    gone = tally.record([ann, None])
    assert gone is not None
    assert {line.name: line.seat for line in gone.lines} == {"Ann": 0, "Bob": None}
    assert tally.record([ann, bob]) == first


def test_the_next_game_makes_a_new_tally_whose_record_counts_it() -> None:
    ann, bob = Seat("Ann", token="a" * 32), Seat("Bob", token="b" * 32)
    once = Tally().after(_finished_game(), [ann, bob], stairs=False)
    before = once.record([ann, bob])
    twice = once.after(_finished_game(), [ann, bob], stairs=False)
    after = twice.record([ann, bob])
    assert before is not None and after is not None
    assert (before.games, after.games) == (1, 2)
    assert once.record([ann, bob]) == before


def test_a_second_place_ranks_above_no_place() -> None:
    """PROTOCOL.md 9.8: most wins, then most 2nd places, ...: a line that came 2nd
    (places [0, 1]) was put below one with no place at all (places []) of the same wins
    and games, the shorter list comparing first, and the two then tied by name."""
    tally = Tally.from_json({"games": 2, "lines": {
        "b:ann": {"name": "Ann", "games": 1, "wins": 0, "places": []},
        "b:bob": {"name": "Bob", "games": 1, "wins": 0, "places": [0, 1]},
        "b:cy": {"name": "Cy", "games": 1, "wins": 1, "places": [1]},
    }})
    record = tally.record([])
    assert record is not None
    assert [line.name for line in record.lines] == ["Cy", "Bob", "Ann"]
