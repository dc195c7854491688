"""Sample messages, one of every type, for the round-trip tests and the golden frames.

Data, not tests: the protocol tests (round trips, frames, connection, patch, golden)
and ``tests/protocol/golden_write.py`` import these. The view below is a literal copy of
an engine view (seat 1 of 4), so the golden frames do not move when the engine does.
"""

from __future__ import annotations

from typing import Any

from protocol import messages as m

VIEW: dict[str, Any] = {
    "seat": 1,
    "options": {"stairs": False, "must_play_if_able": False, "play_for_places": False},
    "players": [
        {"cards": 6, "stage": 8, "declared": False, "place": None},
        {"cards": 9, "stage": 8, "declared": False, "place": None},
        {"cards": 6, "stage": 8, "declared": False, "place": None},
        {"cards": 8, "stage": 8, "declared": False, "place": None},
    ],
    "draw_count": 80,
    "discard_count": 7,
    "discard_top": ["G8", "G3"],
    "lead": "G3",
    "turn": 1,
    "direction": 1,
    "color": "G",
    "plus2": 0,
    "plus3": None,
    "taki": None,
    "follow": None,
    "winner": None,
    "over": False,
    "hand": ["G9", "G5", "B1", "G4", "G1", "Y4", "B3", "color", "Bplus"],
}

OPTIONS = m.TableOptions(
    "Friday night",
    4,
    stairs=False,
    must_play_if_able=True,
    play_for_places=False,
    turn_timer=30,
    plus3_window=5,
)

TABLE = m.TableInfo(
    "t7",
    OPTIONS,
    "playing",
    (
        m.SeatInfo("Dana"),
        m.SeatInfo("Omer", connected=False),
        m.SeatInfo("bot 1", "basic"),
        None,
    ),
    host=0,
    spectators=2,
)

LEGAL = (
    m.GameAction("play", card="G9"),
    m.GameAction("play", card="color", color="R"),
    m.GameAction("draw"),
    m.GameAction("declare_last_card"),
)

SAMPLES: dict[str, m.Message] = {
    "hello": m.Hello((1, 1), "Dana", "taki-client/0.1", token="k3Jd9-seat-token", role="player"),
    "welcome": m.Welcome(1, "taki-server/0.1", (1, 1), 65536, "Dana", "t7", 0),
    "error": m.Error("not_your_turn", "it is Omer's turn", id=17),
    "ping": m.Ping(99),
    "pong": m.Pong(99),
    "ack": m.Ack(3, table="t7", seat=0, token="k3Jd9-seat-token"),
    "list_tables": m.ListTables(1),
    "tables": m.Tables((TABLE,)),
    "table_update": m.TableUpdate(TABLE),
    "table_removed": m.TableRemoved("t7"),
    "create_table": m.CreateTable(2, OPTIONS),
    "join": m.Join(3, "t7", 1),
    "spectate": m.Spectate(4, "t7"),
    "leave": m.Leave(5),
    "add_bot": m.AddBot(6, "basic", 2),
    "remove_bot": m.RemoveBot(7, 2),
    "start": m.Start(8, None),
    "rematch": m.Rematch(9),
    "action": m.Action(10, m.GameAction("play", 1, "color", "R", last_card=True), seq=41),
    "snapshot": m.Snapshot(
        TABLE,
        41,
        1,
        VIEW,
        LEGAL,
        (  # each log entry carries its event's seq (PROTOCOL.md 6.1)
            {"kind": "played", "seat": 0, "card": "G3", "seq": 40},
            {"kind": "turn", "seat": 1, "seq": 41},
        ),
    ),
    "event": m.Event(
        42,
        {"kind": "played", "seat": 1, "card": "G9"},
        {"players.1.cards": 8, "discard_top": ["G3", "G9"], "lead": "G9", "turn": 2},
        (),
    ),
    "resync": m.Resync(11, 40),
    "timer": m.Timer("turn", 2, 30),
    "chat": m.Chat(12, "good game!"),
    "chat_line": m.ChatLine("Noa", "good game!", None, spectator=True),
    "list_replays": m.ListReplays(13),
    "replays": m.Replays((m.ReplayInfo(7, "t1", ("Dana", "Noa"), 0),)),
    "get_replay": m.GetReplay(14, 7),
    "hint": m.Hint(15),
    "suggestion": m.Suggestion(
        42,
        m.GameAction("play", card="color", color="G"),
        "changes_to_colour_you_hold",
        {"color": "G", "cards": 3},
    ),
    "replay": m.Replay(
        7,
        "t1",
        m.TableOptions("Friday", 2),
        ("Dana", "Noa"),
        123456789,
        0,
        (m.GameAction("draw", 0), m.GameAction("play", 1, "G3")),
        1,
    ),
}
"""One message of each type, optional fields filled in."""

MINIMAL: list[m.Message] = [
    m.Hello((1, 1), "D", "c/1"),
    m.Welcome(1, "s", (1, 1)),
    m.Error("bad_frame", ""),
    m.Error("unsupported_version", "no", supported=(2, 3)),
    m.Ack(0),
    m.Tables(()),
    m.CreateTable(0, m.TableOptions("t", 2)),
    m.Join(0, "t"),
    m.AddBot(0, "random"),
    m.Start(0),
    m.Action(0, m.GameAction("draw")),
    m.Snapshot(m.TableInfo("t", m.TableOptions("t", 2), "waiting", (None, None)), 0),
    m.Event(1, {"kind": "turn"}),
    m.Resync(0),
    m.Timer("plus3"),
    m.ChatLine("x", "y"),
    m.GetReplay(0),
    m.Suggestion(0, m.GameAction("draw"), "best_odds"),
    m.Replays(()),
    m.Replay(1, "t", m.TableOptions("t", 2), ("a", "b"), 0),
]
"""Messages with only their required fields (and nil where nil is allowed)."""
