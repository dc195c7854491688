"""Engine values in their wire form: the one place the server converts them.

A legal action (``legal_action``), a played one for a replay (``played_action``), an
event as one viewer may see it (``event_map``), and a stored game as a ``replay``
(``stored_replay``). Tables and sessions use these and build no wire records of their
own from engine objects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from engine import Action as EngineAction
from engine import action_from_json, redact
from engine.events import BROKE
from engine.events import Event as EngineEvent
from protocol.codec import TableEvent, event_to_wire
from protocol.frames import frame_of, pack
from protocol.messages import GameAction, Replay, TableOptions

if TYPE_CHECKING:
    from .store import SavedGame

_LEGAL: dict[EngineAction, GameAction] = {}


def legal_action(action: EngineAction) -> GameAction:
    """The wire form of a legal action: without ``seat``, since every entry of a
    recipient's ``legal`` list is its own (PROTOCOL.md 6.1). Cached: the engine interns
    its actions."""
    wire = _LEGAL.get(action)
    if wire is None:
        wire = _LEGAL[action] = GameAction.trusted(
            type=action.type, card=action.card, color=action.color
        )
    return wire


_ENGINE: dict[tuple[str, str | None, str | None, bool, int], EngineAction] = {}
ENGINE_KEEP = 4096
"""Engine actions ``engine_action`` keeps: those a game can take are far fewer (a
client inventing colour names finds the rest made afresh each time)."""


def engine_action(action: GameAction, seat: int) -> EngineAction:
    """A client's action for ``seat`` as the engine's (TakiError, as
    ``action_from_json`` raises it, for one the engine cannot read). Kept by what
    ``GameAction.for_seat`` reads of it: every action a client sends comes here, and
    the same few recur. A key holds only what ``action_from_json`` accepted: a type,
    card and colour that are strings (or None), equal only to the same strings."""
    key = (action.type, action.card, action.color, bool(action.last_card), seat)
    found = _ENGINE.get(key)
    if found is None:
        found = action_from_json(action.for_seat(seat))
        if len(_ENGINE) < ENGINE_KEEP:
            _ENGINE[key] = found
    return found


LEGAL_MAPS: dict[EngineAction, dict[str, Any]] = {}
"""``legal_map``'s maps, by action (read them through ``legal_map``, or here first)."""


def legal_map(action: EngineAction) -> dict[str, Any]:
    """``legal_action(action)`` as its wire map, made once per action (shared: never
    modify it)."""
    data = LEGAL_MAPS.get(action)
    if data is None:
        data = LEGAL_MAPS[action] = legal_action(action).to_dict()
    return data


def event_frame(
    seq: int,
    event: dict[str, Any],
    view: dict[str, Any] | None = None,
    legal: list[dict[str, Any]] | tuple[()] | None = None,
) -> bytes:
    """The frame of ``Event(seq, event, view, legal)``, made straight from maps the
    server built itself: the same bytes as the record's ``encode`` at every version
    (no event field is newer than v1; tests/server/test_event_frames.py holds them equal),
    without building and walking a record for each of a table's members."""
    return packed_event_frame(
        pack(seq), pack(event), None if view is None else pack(view),
        None if legal is None else pack(list(legal)),
    )


_EVENT_HEAD: Final = b"\xa4type\xa5event\xa3seq"
"""``"type": "event", "seq"`` packed: an event frame's map starts so (its header first)."""


def packed_event_frame(
    seq: bytes, event: bytes, view: bytes | None = None, legal: bytes | None = None
) -> bytes:
    """``event_frame`` from its parts already packed (``protocol.frames.pack``): the
    seq, the event's map, the view patch and the legal list. A table packs each of
    them once for every member whose frame carries it, and the frames are put
    together from them (a map packs as its header, then each key's and value's bytes
    in order)."""
    body = _EVENT_HEAD + seq + b"\xa5event" + event
    if view is None:
        if legal is None:
            return frame_of(b"\x83" + body)
        return frame_of(b"\x84" + body + b"\xa5legal" + legal)
    if legal is None:
        return frame_of(b"\x84" + body + b"\xa4view" + view)
    return frame_of(b"\x85" + body + b"\xa4view" + view + b"\xa5legal" + legal)


def packed_with_hand(public: dict[str, Any], packed: bytes, hand: list[str]) -> bytes:
    """``pack({**public, "hand": hand})``, given ``packed``, ``public`` packed: a
    seat's patch is the public one and its hand. A map of fewer than 16 entries
    packs with a one-byte header (0x80 + entries), which is all that changes."""
    entries = len(public)
    if entries < 15 and "hand" not in public:
        return (0x81 + entries).to_bytes(1, "big") + packed[1:] + b"\xa4hand" + pack(hand)
    return pack({**public, "hand": hand})


_EVENT_BYTES: dict[tuple[EngineEvent, int | None, str | None], bytes] = {}
EVENT_KEEP = 4096
"""Packed event maps ``packed_event_map`` keeps (the events a game makes recur: a
turn, a card played; a drawer's own cards far less)."""


def packed_event_map(event: EngineEvent, viewer: int | None, mark: str | None) -> bytes:
    """``pack(event_map(event, viewer, mark))``, kept by what the map is made of: the
    event, whether ``viewer`` sees its cards (a drawer its own draw), and the mark."""
    key = (event, viewer if event.cards and event.seat == viewer else None, mark)
    found = _EVENT_BYTES.get(key)
    if found is None:
        found = pack(event_map(event, viewer, mark))
        if len(_EVENT_BYTES) < EVENT_KEEP:
            _EVENT_BYTES[key] = found
    return found


def played_action(
    action: EngineAction, *, stand_in: bool = False, timeout: bool = False
) -> GameAction:
    """An action as a replay lists it: with its seat, and whether a stand-in made it or
    the server did when a timer ran out."""
    return GameAction(
        action.type, action.seat, action.card, action.color, action.last_card, stand_in,
        timeout,
    )


def event_map(
    event: EngineEvent, viewer: int | None, mark: str | None = None, seq: int | None = None
) -> dict[str, Any]:
    """The event map ``viewer`` may see, with the server's ``mark`` (``stand_in`` or
    ``timeout``) and, for a snapshot's log, its ``seq``. A ``broke`` names its card
    (``breaker``), so a client following the discard pile from events alone sees it
    land."""
    if event.kind == BROKE and event.card is None:
        event = event._replace(card="breaker")
    seen = redact(event, viewer)
    if mark is None and seq is None:
        return event_to_wire(seen)
    return event_to_wire(
        TableEvent(seen, mark == "stand_in", True if mark == "timeout" else None, seq)
    )


def stored_replay(saved: SavedGame) -> Replay:
    """A finished game from the store as a ``replay`` (its stand-in moves marked)."""
    by = saved.by or [None] * len(saved.actions)
    return Replay(
        saved.id,
        saved.table_id,
        TableOptions.from_dict(saved.options),
        tuple(saved.names),
        saved.seed,
        saved.first,
        tuple(
            GameAction.from_dict(a | ({b: True} if b in ("stand_in", "timeout") else {}))
            for a, b in zip(saved.actions, by, strict=False)
        ),
        saved.winner,
    )
