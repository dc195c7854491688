"""Protocol benchmark: encode+decode rates, and the bytes each recipient gets per event.

    python -m bench.protocol_size [--games N] [--seconds S]

Plays 4-seat games of basic bots through the engine and sends every event the way a
server does: one ``event`` frame per engine event and recipient (4 seats and a
spectator), drawn cards redacted, the view patch (and the acting seat's legal actions)
on the last event of each action. Then times encode+decode of a typical move event and
of a full 4-player snapshot. Prints figures; the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from engine import Game, redact, view_of
from engine.bots import bot_action, make_bot
from protocol import FrameDecoder, decode_message, diff_view
from protocol import messages as m
from protocol.codec import event_to_wire, view_to_wire

SEATS = 4
TARGET_MOVE_EVENT = 200


def _legal(game: Game, seat: int) -> tuple[m.GameAction, ...]:
    """The seat's legal actions as a server sends them (no seat: they are the recipient's)."""
    return tuple(
        m.GameAction(a.type, None, a.card, a.color) for a in game.legal_actions() if a.seat == seat
    )


def _table() -> m.TableInfo:
    opts = m.TableOptions("Friday night", SEATS, turn_timer=30)
    seats = tuple(
        m.SeatInfo(name, bot)
        for name, bot in [("Dana", None), ("Omer", None), ("bot 1", "basic"), ("Noa", None)]
    )
    return m.TableInfo("t1", opts, "playing", seats, host=0, spectators=1)


def wire_sizes(games: int) -> dict[str, Any]:
    """Play ``games`` games; measure every event frame each recipient would get."""
    recipients: list[int | None] = [*range(SEATS), None]
    all_frames: list[int] = []
    action_bytes: list[int] = []  # all frames one action causes, per recipient
    move_bytes: list[int] = []  # the same, for a plain move: a number card, no run
    snapshot_size = 0
    seq = 0
    for g in range(games):
        game = Game.new(SEATS, seed=1000 + g, record=True)
        bots = [make_bot("basic", s) for s in range(SEATS)]
        views = {r: view_to_wire(view_of(game, r)) for r in recipients}
        legal_seen: dict[int, tuple[m.GameAction, ...]] = {s: _legal(game, s) for s in range(SEATS)}
        if g == 0:
            snap = m.Snapshot(_table(), seq, 0, views[0], legal_seen[0])
            snapshot_size = len(snap.encode())
        while not game.over:
            action = bot_action(game, bots)
            in_run = game.taki is not None
            game.apply(action)
            events = game.take_events()
            if not events:
                continue
            per: dict[int | None, int] = {r: 0 for r in recipients}
            new_legal = {s: _legal(game, s) for s in range(SEATS)}
            for i, ev in enumerate(events):
                seq += 1
                last = i == len(events) - 1
                for r in recipients:
                    patch = None
                    legal = None
                    if last:
                        new_view = view_to_wire(view_of(game, r))
                        patch = diff_view(views[r], new_view) or None
                        views[r] = new_view
                        if r is not None and new_legal[r] != legal_seen[r]:
                            legal = new_legal[r]
                            legal_seen[r] = legal
                    body = event_to_wire(redact(ev, r))
                    size = len(m.Event(seq, body, patch, legal).encode())
                    all_frames.append(size)
                    per[r] += size
            action_bytes.extend(per.values())
            card = action.card or ""
            if action.type == "play" and card[1:].isdigit() and not in_run:
                move_bytes.extend(per.values())
    return {
        "games": games,
        "event_frames": len(all_frames),
        "bytes_per_event_mean": statistics.fmean(all_frames),
        "bytes_per_event_median": statistics.median(all_frames),
        "bytes_per_event_p90": statistics.quantiles(all_frames, n=10)[-1],
        "typical_move_bytes_median": statistics.median(move_bytes),
        "typical_move_bytes_p90": statistics.quantiles(move_bytes, n=10)[-1],
        "bytes_per_action_per_recipient_mean": statistics.fmean(action_bytes),
        "snapshot_bytes": snapshot_size,
    }


def _rate(fn: Callable[[], object], seconds: float) -> float:
    """Calls of ``fn`` per second, over about ``seconds``."""
    n = 0
    batch = 100
    start = time.perf_counter()
    while True:
        for _ in range(batch):
            fn()
        n += batch
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return n / elapsed


def _round_trip(msg: m.Message) -> Callable[[], object]:
    decoder = FrameDecoder()

    def once() -> object:
        decoder.receive_data(msg.encode())
        frame = decoder.next_frame()
        assert frame is not None
        return decode_message(frame)

    return once


def rates(seconds: float) -> dict[str, float]:
    """Encode+decode round trips per second: a move event, a 4-player snapshot."""
    game = Game.new(SEATS, seed=7, record=True)
    bots = [make_bot("basic", s) for s in range(SEATS)]
    before = view_to_wire(view_of(game, 1))
    game.apply(bot_action(game, bots))
    events = game.take_events()
    move = m.Event(
        4321,
        event_to_wire(redact(events[0], 1)),
        diff_view(before, view_to_wire(view_of(game, 1))) or None,
    )
    snap = m.Snapshot(_table(), 4321, 0, view_to_wire(view_of(game, 0)), _legal(game, 0))
    assert decode_message(m.Event.from_dict(move.to_dict()).to_dict()) == move
    return {
        "move_event_bytes": len(move.encode()),
        "move_event_roundtrips_per_s": _rate(_round_trip(move), seconds),
        "snapshot_4p_bytes": len(snap.encode()),
        "snapshot_4p_roundtrips_per_s": _rate(_round_trip(snap), seconds),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args(argv)

    r = rates(args.seconds)
    print(
        f"move event ({r['move_event_bytes']} B): "
        f"{r['move_event_roundtrips_per_s']:,.0f} encode+decode/s"
    )
    print(
        f"4-player snapshot ({r['snapshot_4p_bytes']} B): "
        f"{r['snapshot_4p_roundtrips_per_s']:,.0f} encode+decode/s"
    )
    w = wire_sizes(args.games)
    print(
        f"{w['games']} games of {SEATS} basic bots, {w['event_frames']:,} event frames "
        f"(4 seats + 1 spectator each)"
    )
    print(
        f"bytes per event per recipient: mean {w['bytes_per_event_mean']:.1f}, "
        f"median {w['bytes_per_event_median']:.0f}, p90 {w['bytes_per_event_p90']:.0f}"
    )
    print(
        f"typical move (a number card played outside a run: its 'played' and 'turn' "
        f"frames, view patch and legal list included), per recipient: "
        f"median {w['typical_move_bytes_median']:.0f} B, p90 {w['typical_move_bytes_p90']:.0f} B;"
        f" target <= {TARGET_MOVE_EVENT} B"
    )
    print(
        f"all frames of any one action, per recipient: "
        f"mean {w['bytes_per_action_per_recipient_mean']:.1f} B"
    )
    ok = w["typical_move_bytes_median"] <= TARGET_MOVE_EVENT
    print(json.dumps({**r, **w, "target_move_event_bytes": TARGET_MOVE_EVENT, "target_met": ok}))


if __name__ == "__main__":
    main()
