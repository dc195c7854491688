"""The protocol carries the engine's own values: views, events, actions, error codes."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine import Game, Options, TakiError, action_from_json, redact, view_of
from engine import errors as engine_errors
from engine.bots import bot_action, make_bot
from protocol import ERROR_CODES, ClientConnection, ServerConnection, apply_patch, diff_view
from protocol import messages as m
from protocol.codec import event_to_wire, view_to_wire


def _table(seats: int) -> m.TableInfo:
    return m.TableInfo(
        "t1",
        m.TableOptions("bench", seats),
        "playing",
        tuple(m.SeatInfo(f"bot {i}", "basic") for i in range(seats)),
        host=0,
    )


def test_every_engine_error_code_is_a_protocol_error_code() -> None:
    codes = {
        cls.code
        for cls in vars(engine_errors).values()
        if isinstance(cls, type) and issubclass(cls, TakiError)
    }
    codes.discard("bad_position")  # positions never travel in the protocol
    assert codes <= ERROR_CODES.keys()


@pytest.mark.parametrize(
    ("seats", "seed", "options"),
    [
        (4, 5, Options()),
        (3, 6, Options(play_for_places=True)),
        (2, 7, Options(stairs=True, must_play_if_able=True)),
    ],
)
def test_a_client_following_snapshot_and_events_keeps_the_servers_view(
    seats: int, seed: int, options: Options
) -> None:
    """Whole games through the wire: every recipient's patched view stays exact."""
    recipients: list[int | None] = [*range(seats), None]
    game = Game.new(seats, seed, options, record=True)
    bots = [make_bot("basic", s) for s in range(seats)]
    server_views = {r: view_to_wire(view_of(game, r)) for r in recipients}
    ends: dict[int | None, tuple[ServerConnection, ClientConnection]] = {}
    client_views: dict[int | None, dict[str, Any]] = {}
    for r in recipients:
        client, server = ClientConnection(), ServerConnection()
        server.receive_data(client.hello(f"r{r}", "test/1"))
        list(server.messages())
        client.receive_data(server.accept())
        client.receive_data(server.send(m.Snapshot(_table(seats), 0, r, server_views[r])))
        msgs = list(client.messages())
        snap = msgs[-1]
        assert isinstance(snap, m.Snapshot) and snap.view is not None
        client_views[r] = copy.deepcopy(snap.view)
        ends[r] = (server, client)
    seq = 0
    for _ in range(3000):
        if game.over:
            break
        game.apply(bot_action(game, bots))
        events = game.take_events()
        for i, ev in enumerate(events):
            seq += 1
            for r in recipients:
                server, client = ends[r]
                patch = None
                if i == len(events) - 1:
                    new = view_to_wire(view_of(game, r))
                    patch = diff_view(server_views[r], new) or None
                    server_views[r] = new
                client.receive_data(server.send(m.Event(seq, event_to_wire(redact(ev, r)), patch)))
                [got] = list(client.messages())
                assert isinstance(got, m.Event)
                if got.event.get("cards"):
                    assert got.event["seat"] == r  # drawn cards reach only the drawer
                if got.view is not None:
                    apply_patch(client_views[r], got.view)
                assert not client.needs_resync
        for r in recipients:
            assert client_views[r] == view_to_wire(view_of(game, r))
            assert (r is None) == ("hand" not in client_views[r])


def test_wire_actions_become_the_engines_actions() -> None:
    game = Game.new(3, seed=2)
    bots = [make_bot("random", s) for s in range(3)]
    seen = 0
    for _ in range(60):
        if game.over:
            break
        for action in game.legal_actions():
            wire = m.GameAction(action.type, None, action.card, action.color)
            back = m.Action.from_dict(m.Action(1, wire).to_dict()).action
            assert action_from_json(back.for_seat(action.seat)) == action
            seen += 1
        game.apply(bot_action(game, bots))
    assert seen > 60
