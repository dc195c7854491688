"""Announcements (client.announce through client.state): what the events imply.

A real engine game feeds a TableState the way the server does (events numbered, the
view patch on the last event of each action), so each test plays the moves that make
the announcement and reads the log and the banner.
"""

from __future__ import annotations

from typing import Any

from client.state import TableState
from engine.actions import Action
from engine.events import redact
from engine.game import Game
from engine.views import view_of
from protocol.codec import event_to_wire, view_to_wire
from protocol.messages import Event, SeatInfo, Snapshot, TableInfo, TableOptions
from protocol.patch import diff_view

from ..support.util import position


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def seats(stand_in: int | None = None, gone: int | None = None) -> tuple[SeatInfo, ...]:
    return tuple(SeatInfo(name, stand_in=i == stand_in, connected=i != gone)
                 for i, name in enumerate(("Ann", "Bo")))


def start(pos: dict[str, Any], me: int = 0, stand_in: int | None = None,
          clock: Clock | None = None, gone: int | None = None) -> tuple[Game, TableState]:
    from engine.position import game_from_position

    game = game_from_position(pos)
    state = TableState()
    if clock is not None:
        state.announcer.clock = clock
    info = TableInfo("t1", TableOptions("T", 2), "playing", seats(stand_in, gone))
    state.on_snapshot(Snapshot(info, 0, me, view_to_wire(view_of(game, me))))
    return game, state


def act(game: Game, state: TableState, action: Action, timeout: bool | None = None) -> None:
    """Apply ``action`` and deliver its events as the server would (``timeout``: the
    server's mark on each event, PROTOCOL.md section 9.7; None: no such field)."""
    me = state.seat
    before = view_to_wire(view_of(game, me))
    game.apply(action)
    events = game.take_events()
    after = view_to_wire(view_of(game, me))
    for i, ev in enumerate(events):
        last = i == len(events) - 1
        data = event_to_wire(redact(ev, me))
        if timeout is not None:
            data["timeout"] = timeout
        assert state.on_event(Event(state.seq + 1, data,
                                    diff_view(before, after) if last else None))


def test_a_bots_last_card_said_with_its_play_is_announced() -> None:
    game, state = start(position(hands=[["G1", "G3"], ["R3", "R4"]], turn=1))
    act(game, state, Action("play", 1, "R3", last_card=True))  # no event of its own
    assert "Bo said last card" in state.log
    assert state.banner == "Bo said last card"


def test_a_missed_last_card_is_announced_with_its_penalty() -> None:
    game, state = start(position(hands=[["G1", "G3"], ["R3", "R4"]], turn=1))
    act(game, state, Action("play", 1, "R3"))
    assert state.banner == "Bo did not say last card: draws 4"
    assert not any("said last card" in line for line in state.log)


def test_own_declaration_by_key_is_not_told_twice() -> None:
    game, state = start(position(hands=[["R1", "R3"], ["G4", "G5"]]))
    act(game, state, Action("declare_last_card", 0))
    act(game, state, Action("play", 0, "R1"))
    assert list(state.log).count("You said last card") == 1  # (one wording, told once)


def test_a_turn_timer_running_out_is_told() -> None:
    clock = Clock()
    game, state = start(position(hands=[["G1", "G3", "G4"], ["B3", "B4"]]), clock=clock)
    state.on_timer("turn", 0, 30)
    clock.now += 31
    act(game, state, Action("draw", 0))  # what the server plays for a timed-out seat
    lines = list(state.log)
    assert lines[:2] == ["Time ran out: your turn ends", "You drew 1 card: yellow 1"]
    assert state.banner == "Time ran out: your turn ends"


def test_a_draw_in_time_is_a_choice() -> None:
    clock = Clock()
    game, state = start(position(hands=[["G1", "G3", "G4"], ["B3", "B4"]]), clock=clock)
    state.on_timer("turn", 0, 30)
    clock.now += 5
    act(game, state, Action("draw", 0))
    assert not any("Time ran out" in line for line in state.log)


def test_the_servers_timeout_mark_decides_once_per_turn() -> None:
    # Marked: told although the client's own clock says the timer is far from due, and
    # once, though the mark is on every event the timeout made (the draw and the turn).
    clock = Clock()
    game, state = start(position(hands=[["G1", "G3", "G4"], ["B3", "B4"]], turn=1),
                        clock=clock)
    state.on_timer("turn", 1, 30)
    act(game, state, Action("draw", 1), timeout=True)
    lines = list(state.log)
    assert lines[:2] == ["Time ran out for Bo", "Bo drew 1 card"]
    assert sum("Time ran out" in line for line in lines) == 1
    assert state.banner == "Time ran out for Bo"
    # A server that marks leaves the field out when false: a later draw made as the
    # timer looks due is then a choice, not inferred to be a timeout.
    state.on_timer("turn", 0, 30)
    clock.now += 31
    act(game, state, Action("draw", 0))
    assert sum("Time ran out" in line for line in state.log) == 1


def test_an_unmarked_draw_is_a_choice_even_when_the_timer_looks_due() -> None:
    # The field present and false: the inference from the clock is not used.
    clock = Clock()
    game, state = start(position(hands=[["G1", "G3", "G4"], ["B3", "B4"]]), clock=clock)
    state.on_timer("turn", 0, 30)
    clock.now += 31
    act(game, state, Action("draw", 0), timeout=False)
    assert not any("Time ran out" in line for line in state.log)


def test_a_plus3_window_running_out_is_told_once_and_ends_no_turn() -> None:
    # Ann's +3; Bo (this client) lets the window run out. A server that marks every event
    # of Bo's in that step (the pass, Bo's draw of 3, Bo's turn) still reads as one
    # message: the window ran out. Bo's turn starts then: nothing says it ended.
    game, state = start(position(hands=[["+3", "R4", "R6"], ["G1", "G3", "G4"]]), me=1)
    act(game, state, Action("play", 0, "+3"))
    act(game, state, Action("pass", 1), timeout=True)
    lines = list(state.log)
    assert [line for line in lines if "Time ran out" in line] == [
        "Time ran out: you let the +3 through"], lines
    assert state.banner == "Time ran out: you let the +3 through"
    # Ann's side: one line for Bo, and no "Time ran out for Bo".
    game, state = start(position(hands=[["+3", "R4", "R6"], ["G1", "G3", "G4"]]), me=0)
    act(game, state, Action("play", 0, "+3"))
    act(game, state, Action("pass", 1), timeout=True)
    lines = list(state.log)
    assert [line for line in lines if "Time ran out" in line] == [
        "Time ran out: Bo let the +3 through"], lines


def test_a_plus3_takes_no_banner_and_passes_are_logged() -> None:
    """The table's title tells a +3 window while it is open (client/screens/table.py);
    a banner of its own outlived the window by seconds."""
    game, state = start(position(hands=[["G1", "G3", "breaker"], ["+3", "R4", "R6"]], turn=1))
    act(game, state, Action("play", 1, "+3"))
    assert state.banner == "" and state.banner_seq == 0
    act(game, state, Action("pass", 0))
    assert "You let the +3 through" in state.log
    assert state.banner == ""


def test_reshuffle_direction_and_finish_take_the_banner() -> None:
    game, state = start(position(hands=[["Rdir", "G3", "G4"], ["R3", "R4"], ["B1", "B3"]]))
    act(game, state, Action("play", 0, "Rdir"))
    assert state.banner == "Direction reversed"


def test_a_timeout_in_the_snapshot_log_is_told_once() -> None:
    # The snapshot's history keeps the server's marks (PROTOCOL.md 9.7): a client that
    # joins or comes back reads the timed-out turn as such, not as a choice.
    state = TableState()
    info = TableInfo("t1", TableOptions("T", 2), "playing", seats())
    log = [
        {"kind": "drew", "seat": 1, "amount": 1, "reason": "choice", "timeout": True},
        {"kind": "turn", "seat": 0},
        {"kind": "drew", "seat": 0, "amount": 1, "reason": "choice"},
    ]
    state.on_snapshot(Snapshot(info, 3, 0, {"turn": 1}, log=log))
    lines = list(state.log)
    assert lines[0] == "Time ran out for Bo"
    assert sum("Time ran out" in line for line in lines) == 1


def test_last_card_marker_needs_one_card_and_the_words() -> None:
    """LAST CARD! beside a name: that seat holds one card and said so. A declaration
    with many cards marks nothing; a bot's, said with its play, marks it after its turn
    (the view's flag is gone by then); a draw takes it away."""
    game, state = start(position(hands=[["R1", "G3", "G4", "G5"], ["R3", "R4"]], turn=0))
    act(game, state, Action("declare_last_card", 0))
    assert state.view is not None and state.view.players[0].declared
    assert not state.announcer.said_last_card(0, state.view)  # four cards
    act(game, state, Action("play", 0, "R1"))
    assert not state.announcer.said_last_card(0, state.view)


def test_a_bots_last_card_said_with_its_play_shows_the_marker() -> None:
    game, state = start(position(hands=[["G1", "G3"], ["R3", "R4"]], turn=1))
    act(game, state, Action("play", 1, "R3", last_card=True))
    assert state.view is not None and state.view.players[1].cards == 1
    assert not state.view.players[1].declared  # the engine's flag lasts a turn
    assert state.announcer.said_last_card(1, state.view)
    assert not state.announcer.said_last_card(0, state.view)
    act(game, state, Action("draw", 0))
    assert state.announcer.said_last_card(1, state.view)  # still one card, still said
    act(game, state, Action("draw", 1))
    assert not state.announcer.said_last_card(1, state.view)


def test_no_last_card_marker_once_the_game_is_over() -> None:
    """A seat left with its said last card when another wins shows no LAST CARD! at the
    end: every hand is shown then, and nothing is pending."""
    game, state = start(position(hands=[["R1"], ["R3", "R4"]], turn=1))
    act(game, state, Action("play", 1, "R3", last_card=True))
    assert state.announcer.said_last_card(1, state.view)
    act(game, state, Action("play", 0, "R1"))  # seat 0 goes out: the game is over
    assert state.view is not None and state.view.over
    assert state.view.players[1].cards == 1
    assert not state.announcer.said_last_card(1, state.view)


def test_a_missed_last_card_shows_no_marker() -> None:
    game, state = start(position(hands=[["G1", "G3"], ["R3", "R4"]], turn=1))
    act(game, state, Action("play", 1, "R3"))  # not said: the penalty follows
    assert not state.announcer.said_last_card(1, state.view)
