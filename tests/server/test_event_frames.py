"""The server's fast event frames (server/wire.py ``event_frame``) are the very bytes
the ``Event`` record encodes, at every supported version, over whole played games:
every event as each seat and a spectator sees it, with view patches and legal lists."""

from __future__ import annotations

import random

from engine import Game, Options, view_of
from protocol.codec import view_to_wire
from protocol.messages import Event
from protocol.patch import diff_view
from protocol.versions import SUPPORTED
from server.wire import event_frame, event_map, legal_action, legal_map


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
