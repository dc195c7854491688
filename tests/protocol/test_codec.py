"""The one codec between the engine's typed values and their wire maps (issue 22).

Wire -> typed -> wire is the identity, down to the bytes, for every view and event in the
golden frames and for the views and events of random games; typed -> wire -> typed is
too. The kinds and draw reasons the engine names are PROTOCOL.md's, and a map that is
not a view or an event is refused with a typed error.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from client.state import TableState
from client.words import describe
from engine import Game, Options, redact, view_of
from engine.events import DrawReason, EventKind
from engine.events import Event as EngineEvent
from protocol import FrameDecoder
from protocol.codec import (
    TableEvent,
    event_from_wire,
    event_to_wire,
    game_view_to_wire,
    patch_public_view,
    view_from_wire,
    view_to_wire,
)
from protocol.errors import ProtocolError
from protocol.frames import encode_frame
from protocol.messages import Event
from protocol.patch import Unpatchable, diff_view

GOLDEN = Path(__file__).parents[1] / "golden"
PROTOCOL = Path(__file__).parents[2] / "PROTOCOL.md"


def packed(value: Any) -> bytes:
    """The msgpack bytes of ``value``: equal bytes mean equal keys, order and types."""
    return bytes(msgpack.packb(value, use_bin_type=True))


def golden_bodies() -> list[tuple[str, dict[str, Any], bytes]]:
    out = []
    for path in sorted(GOLDEN.glob("v*/*.frame")):
        data = path.read_bytes()
        decoder = FrameDecoder()
        decoder.receive_data(data)
        body = decoder.next_frame()
        assert body is not None
        out.append((f"{path.parent.name}/{path.stem}", body, data))
    return out


GOLDEN_BODIES = golden_bodies()


@pytest.mark.parametrize(
    ("name", "body", "data"), GOLDEN_BODIES, ids=[n for n, _b, _d in GOLDEN_BODIES]
)
def test_a_golden_frame_read_and_written_back_through_the_codec_is_the_same_bytes(
    name: str, body: dict[str, Any], data: bytes
) -> None:
    again = dict(body)
    if body["type"] == "snapshot":
        if body.get("view") is not None:
            again["view"] = view_to_wire(view_from_wire(body["view"]))
        if body.get("log") is not None:
            again["log"] = [event_to_wire(event_from_wire(e)) for e in body["log"]]
    if body["type"] == "event":
        again["event"] = event_to_wire(event_from_wire(body["event"]))
    assert encode_frame(again) == data, name


def test_the_golden_frames_hold_a_view_and_events_to_read() -> None:
    kinds = {body["type"]: body for _name, body, _data in golden_bodies()}
    assert kinds["snapshot"]["view"] and kinds["snapshot"]["log"] and kinds["event"]["event"]


def walk(game: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        legal = game.legal_actions()
        if not legal:
            return
        game.apply(rng.choice(legal))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(min_value=2, max_value=6),
    st.integers(min_value=0, max_value=2**32),
    st.builds(Options, st.booleans(), st.booleans(), st.booleans()),
    st.integers(min_value=0, max_value=400),
)
def test_views_and_events_of_random_games_cross_the_codec_unchanged(
    players: int, seed: int, options: Options, steps: int
) -> None:
    game = Game.new(players, seed, options, record=True)
    walk(game, random.Random(seed), steps)
    events = game.take_events()
    for viewer in [None, *range(players)]:
        view = view_of(game, viewer)
        wire = view_to_wire(view)
        assert view_from_wire(wire) == view
        assert packed(view_to_wire(view_from_wire(wire))) == packed(wire)
        for event in events:
            seen = redact(event, viewer)
            data = event_to_wire(seen)
            assert event_from_wire(data) == TableEvent(seen)
            assert packed(event_to_wire(event_from_wire(data))) == packed(data)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(min_value=2, max_value=6),
    st.integers(min_value=0, max_value=2**32),
    st.builds(Options, st.booleans(), st.booleans(), st.booleans()),
)
def test_a_view_written_straight_from_the_game_is_the_typed_views_map_at_every_step(
    players: int, seed: int, options: Options
) -> None:
    game = Game.new(players, seed, options, record=False)
    rng = random.Random(seed)
    for _ in range(600):
        for viewer in [None, *range(players)]:
            want = view_to_wire(view_of(game, viewer))
            got = game_view_to_wire(game, viewer)
            assert list(got.items()) == list(want.items())
            assert packed(got) == packed(want)
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(rng.choice(legal))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(min_value=2, max_value=6),
    st.integers(min_value=0, max_value=2**32),
    st.builds(Options, st.booleans(), st.booleans(), st.booleans()),
)
def test_the_public_view_patched_from_the_game_is_the_diff_of_whole_views(
    players: int, seed: int, options: Options
) -> None:
    game = Game.new(players, seed, options, record=False)
    rng = random.Random(seed)
    kept = game_view_to_wire(game, None)  # the view patched in place, action by action
    before = game_view_to_wire(game, None)
    for _ in range(800):
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(rng.choice(legal))
        after = game_view_to_wire(game, None)
        try:
            want: dict[str, Any] | None = diff_view(before, after)
        except Unpatchable:
            want = None
        got = patch_public_view(game, kept)
        if want is None:
            assert got is None
            kept = game_view_to_wire(game, None)
        else:
            assert got is not None
            assert packed(got) == packed(want)  # paths, order, values and their types
            assert packed(kept) == packed(after)
        before = after


def test_a_public_view_that_cannot_be_patched_is_said_so() -> None:
    game = Game.new(3, 1, Options(), record=False)
    assert patch_public_view(game, game_view_to_wire(game, 0)) is None  # a seat's view
    over = game_view_to_wire(game, None) | {"hands": [[], [], []]}
    assert patch_public_view(game, over) is None  # a finished game's, the game goes on


def test_the_server_marks_and_a_log_seq_cross_the_codec_unchanged() -> None:
    for data in (
        {"kind": "played", "seat": 1, "card": "B6", "stand_in": True, "seq": 7},
        {"kind": "drew", "seat": 0, "amount": 1, "reason": "choice", "timeout": True},
        {"kind": "passed", "seat": 2, "timeout": False},
    ):
        assert packed(event_to_wire(event_from_wire(data))) == packed(data)


def test_a_view_written_by_the_codec_holds_only_plain_wire_types() -> None:
    game = Game.new(3, 5, record=False)
    walk(game, random.Random(5), 30)
    wire = view_to_wire(view_of(game, 0))

    def plain(value: Any) -> bool:
        if isinstance(value, dict):
            return all(type(k) is str and plain(v) for k, v in value.items())
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return value is None or type(value) in (str, int, bool)

    assert plain(wire)
    drew = event_to_wire(EngineEvent(EventKind.DREW, 1, amount=2, reason=DrawReason.PLUS2))
    assert type(drew["kind"]) is str and type(drew["reason"]) is str


def _protocol_table(heading: str) -> str:
    text = PROTOCOL.read_text(encoding="utf-8")
    start = text.index(heading)
    return text[start : text.index("\n### ", start + 1)]


def test_the_event_kinds_are_those_protocol_md_lists() -> None:
    section = _protocol_table("### 9.7 Events")
    listed = set(re.findall(r"^\| `(\w+)` \|", section, re.M))
    assert listed == {kind.value for kind in EventKind}


def test_the_draw_reasons_are_those_protocol_md_lists() -> None:
    section = _protocol_table("### 9.7 Events")
    line = next(row for row in section.splitlines() if row.startswith("| `drew`"))
    listed = set(re.findall(r"`(\w+)`", line.split("`reason`:", 1)[1]))
    assert listed == {reason.value for reason in DrawReason}


@pytest.mark.parametrize(
    "change",
    [
        {"turn": "1"},
        {"over": 0},
        {"players": [{"cards": 3}]},
        {"plus3": {"by": 1, "passed": ["x"]}},
        {"hand": "R1"},
        {"options": None},
    ],
)
def test_a_view_map_of_the_wrong_shape_is_a_bad_message(change: dict[str, Any]) -> None:
    wire = view_to_wire(view_of(Game.new(2, 1, record=False), 0))
    with pytest.raises(ProtocolError) as caught:
        view_from_wire(wire | change)
    assert caught.value.code == "bad_message"


def test_a_view_map_missing_a_key_is_a_bad_message() -> None:
    wire = view_to_wire(view_of(Game.new(2, 1, record=False), 0))
    del wire["lead"]
    with pytest.raises(ProtocolError):
        view_from_wire(wire)


def test_keys_a_newer_server_adds_are_ignored() -> None:
    view = view_of(Game.new(2, 1, record=False), 0)
    assert view_from_wire(view_to_wire(view) | {"jokers": 2}) == view
    assert event_from_wire({"kind": "turn", "seat": 1, "glow": True}).event.seat == 1


@pytest.mark.parametrize(
    "data", [{"kind": 3}, {"kind": "played", "seat": "1"}, {"kind": "drew", "amount": True},
             {"kind": "drew", "cards": "R1"}, {"kind": "played", "stand_in": 1}],
)
def test_an_event_map_of_the_wrong_shape_is_a_bad_message(data: dict[str, Any]) -> None:
    with pytest.raises(ProtocolError):
        event_from_wire(data)


def test_an_unknown_event_kind_is_kept_and_shown_plainly() -> None:
    told = event_from_wire({"kind": "juggled", "seat": 1})
    assert told.event.kind == "juggled" and not isinstance(told.event.kind, EventKind)
    assert describe(told, ["Ann", "Bo"], 0) == "Bo: juggled"
    assert event_to_wire(told) == {"kind": "juggled", "seat": 1}


def test_an_event_map_the_client_cannot_read_asks_for_a_resync() -> None:
    state = TableState()
    assert state.on_event(Event(1, {"kind": "turn", "seat": 0}))
    assert not state.on_event(Event(2, {"kind": "played", "seat": "zero"}))
    assert state.stale
