"""The server's fast event frames (server/wire.py ``event_frame``) are the very bytes
the ``Event`` record encodes, at every supported version, over whole played games:
every event as each seat and a spectator sees it, with view patches and legal lists."""

from __future__ import annotations

import random
from typing import Any

from engine import Game, Options, view_of
from engine.events import DREW
from engine.events import Event as EngineEvent
from protocol.codec import view_to_wire
from protocol.frames import pack
from protocol.messages import Event
from protocol.patch import diff_view
from protocol.versions import SUPPORTED
from server.wire import (
    event_frame,
    event_map,
    legal_action,
    legal_map,
    packed_event_map,
    packed_with_hand,
)


def test_event_frames_match_the_record_encoding() -> None:
    checked = 0
    for seed in range(6):
        players = 2 + seed % 3
        game = Game.new(players, seed, Options(stairs=seed % 2 == 0))
        game.take_events()
        rng = random.Random(seed)
        before = view_to_wire(view_of(game, None))
        seq = 0
        for _ in range(400):
            if game.over:
                break
            game.apply(rng.choice(game.legal_actions()))
            public = view_to_wire(view_of(game, None))
            patch = diff_view(before, public)
            before = public
            for ev in game.take_events():
                seq += 1
                for viewer in [None, *range(players)]:
                    data = event_map(ev, viewer)
                    mine = [a for a in game.legal_actions() if a.seat == viewer]
                    for view, legal in ((None, None), (patch, ()), (patch, mine)):
                        maps = None if legal is None else [legal_map(a) for a in legal]
                        wire = None if legal is None else tuple(legal_action(a) for a in legal)
                        record = Event.trusted(seq=seq, event=data, view=view, legal=wire)
                        for version in range(SUPPORTED[0], SUPPORTED[1] + 1):
                            assert event_frame(seq, data, view, maps) == record.encode(version)
                            checked += 1
    assert checked > 1000


def test_a_seats_patch_put_together_from_the_public_one_is_packed_alike() -> None:
    """A seat's patch is the public patch's bytes with the hand added (server/wire.py
    ``packed_with_hand``): the very bytes of packing the map, at every size of patch
    (a one-byte map header up to 15 entries, three bytes beyond) and when the public
    patch already names a hand."""
    hand = ["R7", "B1", "color"]
    for entries in range(20):
        public: dict[str, Any] = {f"players.{i}.cards": i for i in range(entries)}
        assert packed_with_hand(public, pack(public), hand) == pack({**public, "hand": hand})
    named = {"turn": 1, "hand": ["G2"], "lead": "R7"}
    assert packed_with_hand(named, pack(named), hand) == pack({**named, "hand": hand})


def test_packed_event_maps_are_each_viewers_own() -> None:
    """An event's packed map, kept across events, is the one its viewer may see: a
    drawer's own cards for the drawer, none for the others, the server's mark kept."""
    drew = EngineEvent(DREW, 1, cards=("R7", "B2"), amount=2)
    for _ in range(2):
        for viewer in (None, 0, 1, 2):
            for mark in (None, "stand_in", "timeout"):
                want = pack(event_map(drew, viewer, mark))
                assert packed_event_map(drew, viewer, mark) == want
    assert packed_event_map(drew, 1, None) != packed_event_map(drew, 0, None)
